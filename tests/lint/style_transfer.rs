// Neural style transfer: the image is the parameter, the network is fixed. The style targets
// are computed once, before the optimisation loop; through a network whose parameters require
// grad they are tracked, and the second step panics. A frozen network (`no_grad()`) or
// `detach()` makes them plain data.
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

fn gram<B: Backend>(features: Tensor<B, 4>) -> Tensor<B, 3> {
    let [b, c, h, w] = features.dims();
    let flat = features.reshape([b, c, h * w]);
    flat.clone().matmul(flat.swap_dims(1, 2)).div_scalar((c * h * w) as f32)
}

pub fn stylise<B: AutodiffBackend>(vgg: Vgg<B>, content: Tensor<B, 4>, style: Tensor<B, 4>) -> Tensor<B, 4> {
    let style_gram = gram(vgg.forward(style)); //~ WARN loop-external-tracked
    let mut image = content.require_grad();
    for step in 0..300 {
        let loss = (gram(vgg.forward(image.clone())) - style_gram.clone()).powf_scalar(2.0).sum();
        let grads = loss.backward();
        let grad = image.grad(&grads).unwrap();
        image = Tensor::from_inner(image.inner() - grad.mul_scalar(0.01)).require_grad();
        if step % 50 == 0 {
            println!("step {step}");
        }
    }
    image
}

pub fn stylise_frozen<B: AutodiffBackend>(vgg: Vgg<B>, content: Tensor<B, 4>, style: Tensor<B, 4>) -> Tensor<B, 4> {
    let vgg = vgg.no_grad();
    let style_gram = gram(vgg.forward(style));
    let mut image = content.require_grad();
    for _ in 0..300 {
        let loss = (gram(vgg.forward(image.clone())) - style_gram.clone()).powf_scalar(2.0).sum();
        let grads = loss.backward();
        let grad = image.grad(&grads).unwrap();
        image = Tensor::from_inner(image.inner() - grad.mul_scalar(0.01)).require_grad();
    }
    image
}
