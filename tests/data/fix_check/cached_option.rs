//! Burn 0.22: features computed once and kept in an `Option` (filled before the loop), read
//! by every pass. Ids by hand: w 0, x 1, y 2; matmul 3, tanh 4 (`cached`'s tensor); pass 0:
//! matmul 5, sub 6, powf 7, mean 8; pass 1: matmul 9, sub 10, powf 11, mean 12: its backward
//! walks 12 -> 11 -> 10 -> 9 -> 4 and panics at NodeId(4).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let y = Tensor::<2>::from_floats([[0.25, -0.5], [1.0, 0.75]], &device);
    let cached: Option<Tensor<2>> = Some(x.clone().matmul(w.clone()).tanh());
    for step in 0..2 {
        let f = cached.clone().unwrap();
        let grads = (f.matmul(w.clone()) - y.clone()).powf_scalar(2.0).mean().backward();
        let g = w.grad(&grads).map(|t| t.into_data().to_vec::<f32>().unwrap());
        println!("{step}: w {g:?}");
    }
}
