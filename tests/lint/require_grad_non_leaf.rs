// Burn's other autodiff panic, `Can't convert a non leaf tensor into a tracked tensor`:
// `require_grad()` on a tracked intermediate, here to read a saliency map (the gradient of a
// score with respect to the embedded tokens). It panics at the call, before any backward.
use burn::nn::{Embedding, Linear};
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::{Int, Tensor};

fn saliency<B: AutodiffBackend>(
    embed: &Embedding<B>,
    head: &Linear<B>,
    tokens: Tensor<B, 2, Int>,
) -> Tensor<B::InnerBackend, 3> {
    let embedded = embed.forward(tokens).require_grad(); //~ WARN require-grad-non-leaf
    let score = head.forward(embedded.clone()).sum();
    let grads = score.backward();
    embedded.grad(&grads).unwrap()
}

fn input_gradient<B: AutodiffBackend>(x: Tensor<B, 2>, device: &B::Device) -> Tensor<B, 2> {
    let scale = Tensor::<B, 2>::ones([2, 2], device).require_grad();
    // `scale` requires grad, so the product is tracked: it cannot become a leaf.
    let scaled = (x * scale.clone()).set_require_grad(true); //~ WARN require-grad-non-leaf
    let grads = scaled.clone().sum().backward();
    scale.grad(&grads).map(Tensor::from_inner).unwrap()
}
