// Panics (hand derivation): `(h1, h2, seen) = (a, b, seen + 1);` carries pass 0's `a` and `b`
// into pass 1: `x` reads `h1` and `l2` reads `h2`, and pass 1's backward walks into pass 0's
// steps, which pass 0's backward consumed. Both tensors detached at the end of the pass; the
// count `seen` beside them is no tensor and is left as it is.
// Code fix: detach each pass
//! Two stacked tanh RNN layers; the pair of hidden states carried by a destructuring assignment
//! of a tuple literal, beside a step count.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, AdamConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Stack {
    l1: Linear,
    l2: Linear,
    out: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(11);
    let mut net = Stack {
        l1: LinearConfig::new(4, 4).init(&device),
        l2: LinearConfig::new(4, 4).init(&device),
        out: LinearConfig::new(4, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let mut h1 = Tensor::<2>::zeros([1, 4], &device);
    let mut h2 = Tensor::<2>::zeros([1, 4], &device);
    let mut seen = 0usize;
    for step in 0..3 {
        let x = Tensor::<2>::ones([1, 4], &device) * (step as f32 + 1.0) - h1.clone();
        let a = net.l1.forward(x).tanh();
        let b = net.l2.forward(a.clone() + h2.clone()).tanh();
        (h1, h2, seen) = (a, b, seen + 1);
        let loss = net.out.forward(h2.clone()).powf_scalar(2.0).mean();
        println!("step {step} seen {seen}: {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(1e-2, net, grads);
    }
}
