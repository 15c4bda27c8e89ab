//! The library's `batch`, named by the crate's name: made once, backpropagated every pass.
use burn::backend::{Autodiff, NdArray};
use burn::tensor::Tensor;

fn main() {
    type B = Autodiff<NdArray>;
    let device = Default::default();
    let w = Tensor::<B, 1>::ones([4], &device).require_grad();
    let x = beta_data::batch::<B>(4, &device);
    for _ in 0..3 {
        let loss = (x.clone() * w.clone()).sum();
        loss.backward();
    }
}
