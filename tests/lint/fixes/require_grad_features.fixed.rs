// A leaf of its own, cut from `x`: its gradient is kept.
use burn::tensor::{Device, Tensor};

fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let feats = x.clone().exp().detach().require_grad();
    let grads = (feats.clone() * w.clone()).sum().backward();
    println!("feats.grad = {:?} x.grad = {:?}", v(feats.grad(&grads)), v(x.grad(&grads)));
}
