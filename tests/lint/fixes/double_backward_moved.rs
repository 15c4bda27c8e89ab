// The loss made from `x` by value, then backpropagated twice: running its forward again needs
// `x`, which the first forward moved, so no edit can rebuild it as written.
use burn::tensor::{Device, Tensor};

fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device);
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let loss = (x * w.clone()).exp().sum();
    let first = loss.clone().backward();
    println!("first: w.grad = {:?}", v(w.grad(&first)));
    let second = loss.backward(); //~ WARN double-backward
    println!("second: w.grad = {:?}", v(w.grad(&second)));
}
