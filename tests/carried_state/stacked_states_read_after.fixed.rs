// Panics (hand derivation): `states` is lent `&mut` to `Stack::step`, which sets `states[k] =
// h.clone()`, and the loss reads `states[1]` after the step; pass 1's backward finds pass 0's
// states' steps consumed. Detached where the method stores it, the loss would train nothing
// (it reads only `states[1]`): each element is detached at the end of the pass instead, `for t
// in states.iter_mut() { *t = t.clone().detach(); }`.
// Code fix: detach each pass
//! Stacked states lent to a step method; the loss also reads the top layer's new state from the
//! Vec after the step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Stack {
    layers: Vec<Linear>,
}

impl Stack {
    fn step(&self, x: Tensor<2>, states: &mut Vec<Tensor<2>>) {
        let mut input = x;
        for (k, layer) in self.layers.iter().enumerate() {
            let h = (layer.forward(input) + states[k].clone() * 0.5).tanh();
            states[k] = h.clone();
            input = h;
        }
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(9);
    let mut model = Stack {
        layers: vec![LinearConfig::new(2, 3).init(&device), LinearConfig::new(3, 3).init(&device)],
    };
    let mut optim = SgdConfig::new().init();
    let mut states: Vec<Tensor<2>> = vec![Tensor::zeros([1, 3], &device); 2];
    for step in 0..4 {
        let x = Tensor::<2>::from_floats([[1.0, step as f32 * 0.3]], &device);
        model.step(x, &mut states);
        let loss = (states[1].clone() - 0.2).powf_scalar(2.0).sum();
        println!("step {step}: loss {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.1, model, grads);
        for t in states.iter_mut() { *t = t.clone().detach(); }
    }
}
