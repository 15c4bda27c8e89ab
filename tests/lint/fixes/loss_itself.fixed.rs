// The loss computed in every pass: each backward has a graph of its own.
use burn::tensor::{Device, Tensor};

fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device);
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    for step in 0..3 {
        let loss = (x.clone() * w.clone()).tanh().sum();
        let grads = loss.clone().backward();
        println!("step {step}: w.grad = {:?}", v(w.grad(&grads)));
    }
}
