// Two heads on one trunk, returned as a tuple and bound through a reference (`let (a, b) =
// &...`), or as an array (`let [left, right] = ...`): the parts share the trunk's output, so
// backpropagating them one after the other panics on the second.
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
    let (a, b) = &model.heads(x); //~ WARN shared-intermediate
    let _ga = a.clone().mean().backward();
    let _gb = b.clone().mean().backward();
}

pub fn as_array<B: AutodiffBackend>(model: TwoHeads<B>, x: Tensor<B, 2>) {
    let [left, right] = model.split(x); //~ WARN shared-intermediate
    let _gl = left.powf_scalar(2.0).mean().backward();
    let _gr = right.abs().mean().backward();
}
