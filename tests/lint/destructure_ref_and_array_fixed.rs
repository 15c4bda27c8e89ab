// Fixed: the two heads' losses are added and backpropagated once, whichever way the heads are
// bound.
use burn::nn::{Linear, LinearConfig};
use burn::{prelude::*, tensor::activation};
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct TwoHeads<B: Backend> {
    trunk: Linear<B>,
    left: Linear<B>,
    right: Linear<B>,
}

impl<B: Backend> TwoHeads<B> {
    pub fn heads(&self, x: Tensor<B, 2>) -> (Tensor<B, 2>, Tensor<B, 2>) {
        let shared = activation::relu(self.trunk.forward(x));
        (self.left.forward(shared.clone()), self.right.forward(shared))
    }

    pub fn split(&self, x: Tensor<B, 2>) -> [Tensor<B, 2>; 2] {
        let shared = activation::relu(self.trunk.forward(x));
        [self.left.forward(shared.clone()), self.right.forward(shared)]
    }
}

pub fn by_reference<B: AutodiffBackend>(model: TwoHeads<B>, x: Tensor<B, 2>) {
    let (a, b) = &model.heads(x);
    let _grads = (a.clone().mean() + b.clone().mean()).backward();
}

pub fn as_array<B: AutodiffBackend>(model: TwoHeads<B>, x: Tensor<B, 2>) {
    let [left, right] = model.split(x);
    let _grads = (left.powf_scalar(2.0).mean() + right.abs().mean()).backward();
}
