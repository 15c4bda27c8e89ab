// The task term trains `w` only; the penalty trains `x`.
use burn::tensor::{Device, Tensor};

fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let feats = x.clone().exp();
    let task = (feats.clone().detach() * w.clone()).sum();
    let penalty = (feats * 0.1).sum();
    let grads = task.backward();
    println!("task: w.grad = {:?}", v(w.grad(&grads)));
    let grads = penalty.backward();
    println!("x.grad = {:?}", v(x.grad(&grads)));
}
