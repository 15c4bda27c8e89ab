//! Burn 0.22: a reconstruction loss and a regulariser on one encoding, each backpropagated
//! in one pass. Ids by hand: x 0, w 1; exp 2 (`feats`); mul 3, sum 4 (`l1`); mul 5, sum 6
//! (`l2`). The second backward walks 6 -> 5 -> 2 and panics at NodeId(2).
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let feats = x.clone().exp();
    let l1 = (feats.clone() * w.clone()).sum();
    let l2 = (feats * 2.0).sum();
    let _g1 = l1.backward();
    let grads = l2.backward();
    let v = |t: Option<Tensor<1>>| t.map(|t| t.into_data().to_vec::<f32>().unwrap());
    println!("x {:?} w {:?}", v(x.grad(&grads)), v(w.grad(&grads)));
}
