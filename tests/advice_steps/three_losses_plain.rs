//! Three losses on one feature tensor, each backpropagated on a line of its own: the first
//! backward consumes `feats`'s step, the 2nd panics (the 3rd would too).
use burn::tensor::{activation, Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, -1.0, 2.0], &device);
    let w = Tensor::<1>::from_floats([1.0, 2.0, -0.5], &device).require_grad();
    let feats = activation::relu(x * w.clone());
    let l1 = feats.clone().sum();
    let l2 = (feats.clone() * 2.0).sum();
    let l3 = feats.powf_scalar(2.0).mean();
    let g1 = l1.backward();
    let _g2 = l2.backward();
    let _g3 = l3.backward();
    let grad = w.grad(&g1).unwrap();
    println!("w.grad = {:?}", grad.into_data().to_vec::<f32>().unwrap());
}
