//! A loss as a closure value, the parameters in a `Vec`, updated by an iterator chain through
//! `inner()` / `from_inner()`. No panic.
//!
//! Node ids for the record: w 0, b 1, x 2, target 3; each step: mul, add, sub, powf_scalar,
//! sum, then the two new parameters from `from_inner` (4-8 and 9, 10 in step 0).

use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.5], &device).require_grad();
    let b = Tensor::<1>::from_floats([0.0, 0.25], &device).require_grad();
    let x = Tensor::<1>::from_floats([2.0, 1.0], &device);
    let target = Tensor::<1>::from_floats([1.5, 0.5], &device);
    let loss_fn = |pred: Tensor<1>| (pred - target.clone()).powf_scalar(2.0).sum();
    let mut params = vec![w, b];

    for step in 0..3 {
        let pred = x.clone() * params[0].clone() + params[1].clone();
        let loss = loss_fn(pred);
        let grads = loss.backward();
        let norms: Vec<f32> = params
            .iter()
            .map(|p| p.grad(&grads).unwrap().abs().sum().into_scalar())
            .collect();
        println!("step {step}: loss = {}, |grad| = {:?}", loss.into_scalar(), norms);
        params = params
            .iter()
            .map(|p| {
                let g = p.grad(&grads).unwrap();
                Tensor::from_inner(p.inner() - g.mul_scalar(0.125)).require_grad()
            })
            .collect();
    }
    let values: Vec<Vec<f32>> =
        params.into_iter().map(|p| p.into_data().to_vec::<f32>().unwrap()).collect();
    println!("params = {:?}", values);
}
