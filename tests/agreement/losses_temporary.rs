// Two losses on one shared `z`, each backpropagated where it is built, with no binding: the
// 2nd backward (line 13) panics at `z`. "Add the losses" names each by the line of its backward.
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let head = Tensor::<1>::from_floats([2.0, 1.0], &device).require_grad();
    let x = Tensor::<1>::from_floats([1.0, 2.0], &device);
    let z = (x * w.clone()).exp();
    let g1 = (z.clone() * head.clone()).sum().backward();
    println!("head: {:?}", head.grad(&g1).is_some());
    let g2 = z.powf_scalar(2.0).sum().backward();
    println!("w: {:?}", w.grad(&g2).is_some());
}
