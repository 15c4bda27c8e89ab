//! A shadow of `w * x` kept by a moving average: the average reads `w` with its graph, so the
//! second backward trains `w` through the shadow too, and the third finds the first shadow's
//! step consumed.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let x = Tensor::<1>::from_floats([2.0, 3.0], &device);
    let mut shadow = w.clone().detach();
    for step in 0..3 {
        let loss = (w.clone() * x.clone() - shadow.clone()).powf_scalar(2.0).sum();
        let grads = loss.backward();
        let g = w.grad(&grads).unwrap();
        println!("step {step}: w.grad = {:?}", g.into_data().to_vec::<f32>().unwrap());
        shadow = shadow * 0.5 + w.clone() * x.clone() * 0.5;
    }
}
