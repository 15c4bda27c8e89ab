// nested_helper_named.rs with the helpers called in every pass.
use burn::tensor::{backend::AutodiffBackend, Tensor};

fn hidden<B: AutodiffBackend>(x: Tensor<B, 2>, w: Tensor<B, 2>) -> Tensor<B, 2> {
    let out = x.matmul(w).tanh();
    out
}

fn layer<B: AutodiffBackend>(x: Tensor<B, 2>, w: Tensor<B, 2>) -> Tensor<B, 2> {
    let h = hidden(x, w);
    h
}

pub fn train<B: AutodiffBackend>(x: Tensor<B, 2>, device: &B::Device) {
    let w = Tensor::<B, 2>::ones([4, 4], device).require_grad();
    for _ in 0..10 {
        let feats = layer(x.clone(), w.clone());
        let loss = (feats * w.clone()).sum();
        let _grads = loss.backward();
    }
}
