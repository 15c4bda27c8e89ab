//! A penalty made once before the loop from `w`, added to every pass's loss: the second
//! backward finds its step consumed. Detached, it is a number added to the loss.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let x = Tensor::<1>::from_floats([2.0, 3.0], &device);
    let anchor = (w.clone() * x.clone()).sum();
    for step in 0..3 {
        let fit = (w.clone() * x.clone() - 1.0).powf_scalar(2.0).sum();
        let loss = fit + anchor.clone() * 0.1;
        let grads = loss.backward();
        let g = w.grad(&grads).unwrap();
        println!("step {step}: w.grad = {:?}", g.into_data().to_vec::<f32>().unwrap());
    }
}
