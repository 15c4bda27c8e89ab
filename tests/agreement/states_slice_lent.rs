// Panics (hand derivation): `states` is lent as `&mut [Tensor<2>]` to the free function
// `advance`, which sets `states[k] = h.clone()`; pass 1 reads pass 0's states and its backward
// finds their steps consumed. Each element is read before it is set, nothing else reads
// `states`: `states[k] = h.clone().detach();` in `advance`.
// Code fix: detach each pass
//! Two recurrent layers advanced by a free function that takes their states as a mutable slice.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Layers {
    cells: Vec<Linear>,
    head: Linear,
}

fn advance(model: &Layers, x: Tensor<2>, states: &mut [Tensor<2>]) -> Tensor<2> {
    let mut input = x;
    for k in 0..states.len() {
        let h = model.cells[k].forward(Tensor::cat(vec![input, states[k].clone()], 1)).tanh();
        states[k] = h.clone();
        input = h;
    }
    model.head.forward(input)
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(7);
    let mut model = Layers {
        cells: vec![LinearConfig::new(2 + 2, 2).init(&device), LinearConfig::new(2 + 2, 2).init(&device)],
        head: LinearConfig::new(2, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let mut states = vec![Tensor::<2>::zeros([1, 2], &device); 2];
    let inputs = [[1.0, 0.0], [0.5, 0.5], [0.0, 1.0], [-1.0, 0.2]];
    for (i, row) in inputs.iter().enumerate() {
        let x = Tensor::<2>::from_floats([*row], &device);
        let y = advance(&model, x, &mut states);
        let loss = (y - 0.5).powf_scalar(2.0).mean();
        println!("input {i}: loss {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.1, model, grads);
    }
}
