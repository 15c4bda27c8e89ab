// Panics (hand derivation): `states` is lent `&mut` to `Stack::step` each pass, which sets
// `states[k] = h.clone()` per layer; pass 1 reads pass 0's `states[k]` and its backward finds
// the step pass 0's backward consumed. Each element is read before it is set in the step and
// nothing else reads `states`: detached where the method stores it, `states[k] =
// h.clone().detach();`, the pass's gradients are unchanged (A's p04, session 19).
// Code fix: detach each pass
//! A two-layer stacked recurrent tagger (older generic style): one hidden state per layer,
//! kept in a `Vec` across the tokens of a sentence, one update per token.
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Stack<B: Backend> {
    layers: Vec<Linear<B>>,
    tag: Linear<B>,
}

impl<B: Backend> Stack<B> {
    pub fn step(&self, x: Tensor<B, 2>, states: &mut Vec<Tensor<B, 2>>) -> Tensor<B, 2> {
        let mut input = x;
        for (k, layer) in self.layers.iter().enumerate() {
            let joined = Tensor::cat(vec![input, states[k].clone()], 1);
            let h = layer.forward(joined).tanh();
            states[k] = h.clone().detach();
            input = h;
        }
        self.tag.forward(input)
    }
}

fn main() {
    let device = Default::default();
    B::seed(&device, 17);
    let mut model: Stack<B> = Stack {
        layers: vec![
            LinearConfig::new(2 + 3, 3).init(&device),
            LinearConfig::new(3 + 3, 3).init(&device),
        ],
        tag: LinearConfig::new(3, 2).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let tokens = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]];
    let tags = [[1.0, 0.0], [0.0, 1.0], [0.5, 0.5]];
    let mut states: Vec<Tensor<B, 2>> = vec![Tensor::zeros([1, 3], &device); 2];
    for i in 0..tokens.len() {
        let x = Tensor::<B, 2>::from_floats([tokens[i]], &device);
        let y = Tensor::<B, 2>::from_floats([tags[i]], &device);
        let scores = model.step(x, &mut states);
        let loss = (scores - y).powf_scalar(2.0).mean();
        println!("token {i}: loss = {}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.2, model, grads);
    }
}
