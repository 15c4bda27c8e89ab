// Two heads on one trunk output, each loss backpropagated on its own, in every pass: the
// second backward of pass 0 panics (shared in one pass, not carried).
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let trunk = Tensor::<1>::from_floats([0.5, -0.5], &device).require_grad();
    let head = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    for step in 0..2 {
        let x = Tensor::<1>::from_floats([1.0, 2.0], &device);
        let z = (x * trunk.clone()).tanh();
        let policy = (z.clone() * head.clone()).sum();
        let value = z.powf_scalar(2.0).sum();
        let g1 = policy.backward();
        let g2 = value.backward();
        println!("{step}: {:?} {:?}", head.grad(&g1).is_some(), trunk.grad(&g2).is_some());
    }
}
