// helper_ref_loops_backward.rs with the helper given the input and the encoder, computing the
// features in every pass: each backward consumes only what its own pass made. Runs clean.
use burn::prelude::*;

fn fit(x: &Tensor<1>, encoder: &Tensor<1>, head: &Tensor<1>, target: &Tensor<1>) {
    for step in 0..3 {
        let features = (x.clone() * encoder.clone()).tanh();
        let loss = (features * head.clone() - target.clone()).powf_scalar(2.0).mean();
        let grads = loss.backward();
        println!("step {step}: head grad = {:?}", head.grad(&grads).is_some());
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let encoder = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let head = Tensor::<1>::from_floats([1.0, 0.25], &device).require_grad();
    let x = Tensor::<1>::from_floats([2.0, 1.0], &device);
    let target = Tensor::<1>::from_floats([1.0, 0.0], &device);
    fit(&x, &encoder, &head, &target);
}
