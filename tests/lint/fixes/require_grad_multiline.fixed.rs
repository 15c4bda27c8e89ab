// A new leaf, cut from `x`: its gradient is kept.
use burn::tensor::{Device, Tensor};

fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let embedding = x.clone().mul_scalar(3.0).detach().require_grad();
    let grads = embedding.clone().powf_scalar(2.0).sum().backward();
    println!("embedding.grad = {:?} x.grad = {:?}", v(embedding.grad(&grads)), v(x.grad(&grads)));
}
