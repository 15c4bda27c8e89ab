// SPEC §3 `shared-loss`: one forward, two loss terms, two backwards.
use burn::backend::{Autodiff, Flex};
use burn::tensor::Tensor;

type B = Autodiff<Flex>;

fn main() {
    let device = Default::default();
    let x = Tensor::<B, 1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<B, 1>::from_floats([1.0, 2.0], &device).require_grad();
    let feats = x.clone().exp(); //~ WARN shared-intermediate
    let l1 = (feats.clone() * w.clone()).sum();
    let l2 = (feats * 2.0).sum();
    println!("l1 = {}, l2 = {}", l1.clone().into_scalar(), l2.clone().into_scalar());
    let g1 = l1.backward();
    println!("l1: w.grad = {:?} x.grad = {:?}", w.grad(&g1), x.grad(&g1));
    let g2 = l2.backward();
    println!("l2: x.grad = {:?}", x.grad(&g2));
}
