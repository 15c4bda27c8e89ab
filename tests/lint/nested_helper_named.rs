// Two helpers deep: `hidden` makes the tensor (`out`), `layer` binds it as `h`, and the
// training function binds it as `feats`, before the loop. The finding names `feats`, as the
// training function reads; where `hidden` made it is a note.
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
    let feats = layer(x, w.clone()); //~ WARN loop-external-tracked
    for _ in 0..10 {
        let loss = (feats.clone() * w.clone()).sum();
        let _grads = loss.backward();
    }
}
