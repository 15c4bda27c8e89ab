// The gradient with respect to intermediate features is wanted, so they are asked to require
// grad: Burn refuses a tracked intermediate.
use burn::tensor::{Device, Tensor};

fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let feats = x.clone().exp().require_grad(); //~ WARN require-grad-non-leaf
    let grads = (feats.clone() * w.clone()).sum().backward();
    println!("feats.grad = {:?} x.grad = {:?}", v(feats.grad(&grads)), v(x.grad(&grads)));
}
