//! A fit term and a smoothness term of one prediction, each backpropagated; the gradients of
//! each are looked at under one name, `g`, shadowed by the second backward.
use burn::tensor::{Device, Tensor};

fn show(t: Option<Tensor<1>>) -> Vec<f32> {
    t.map(|g| g.into_data().to_vec::<f32>().unwrap()).unwrap_or_default()
}

fn main() {
    let device = Device::flex().autodiff();
    let a = Tensor::<1>::from_floats([0.3, -0.7, 1.1], &device).require_grad();
    let b = Tensor::<1>::from_floats([0.5, 0.5, 0.5], &device).require_grad();
    let pred = (a.clone() * b.clone()).sin();
    let fit = (pred.clone() - 0.25).powf_scalar(2.0).sum();
    let smooth = pred.powf_scalar(2.0).sum() * 0.01;
    let g = fit.backward();
    println!("b.grad = {:?}", show(b.grad(&g)));
    let g = smooth.backward();
    println!("a.grad = {:?}", show(a.grad(&g)));
}
