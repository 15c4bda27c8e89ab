//! A state carried from pass to pass and multiplied by the weight: detached at the carry, its
//! value still shapes the weight's gradient (it is data to the product).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let x = Tensor::<1>::from_floats([2.0, 3.0], &device);
    let mut h = x.clone();
    for step in 0..3 {
        let h_new = (h * w.clone()).tanh() + x.clone();
        let loss = h_new.clone().sum();
        let grads = loss.backward();
        let g = w.grad(&grads).unwrap();
        println!("step {step}: w.grad = {:?}", g.into_data().to_vec::<f32>().unwrap());
        h = h_new;
    }
}
