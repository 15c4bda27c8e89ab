//! In the same workspace as `beta-data`, not depending on it: `batch` is the `datasets` crate's: data, whatever a function of that name elsewhere does.
use burn::backend::{Autodiff, NdArray};
use burn::tensor::Tensor;
use datasets::batch;

fn main() {
    type B = Autodiff<NdArray>;
    let device = Default::default();
    let w = Tensor::<B, 1>::ones([4], &device).require_grad();
    let x = batch::<B>(4, &device);
    for _ in 0..3 {
        let loss = (x.clone() * w.clone()).sum();
        loss.backward();
    }
}
