// The loss itself computed once, before the loop, and backpropagated in every pass through a
// clone: detaching it would leave nothing to backpropagate; it must be computed in the loop.
use burn::tensor::{Device, Tensor};

fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device);
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let loss = (x.clone() * w.clone()).tanh().sum(); //~ WARN loop-external-tracked
    for step in 0..3 {
        let grads = loss.clone().backward();
        println!("step {step}: w.grad = {:?}", v(w.grad(&grads)));
    }
}
