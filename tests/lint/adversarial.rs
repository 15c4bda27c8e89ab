// Adversarial examples by gradient ascent on the input. The input is a leaf each step when it is
// rebuilt with `detach().require_grad()`; updated in place without that, it becomes a tracked
// intermediate carried from step to step, and the step after next walks into a consumed step.
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn attack<B: AutodiffBackend>(model: Model<B>, images: Tensor<B, 4>, epsilon: f32) -> Tensor<B, 4> {
    let mut x = images.clone().require_grad();
    for _ in 0..10 {
        let loss = model.forward(x.clone()).mean();
        let grads = loss.backward();
        let step = x.grad(&grads).unwrap().sign().mul_scalar(epsilon);
        x = (x.clone() + Tensor::from_inner(step)).detach().require_grad();
    }
    x
}

pub fn attack_inner<B: AutodiffBackend>(model: Model<B>, images: Tensor<B, 4>, epsilon: f32) -> Tensor<B, 4> {
    let mut x = images.require_grad();
    for _ in 0..10 {
        let grads = model.forward(x.clone()).mean().backward();
        let step = x.grad(&grads).unwrap().sign().mul_scalar(epsilon);
        x = Tensor::from_inner(x.inner() + step).require_grad();
    }
    x
}

pub fn attack_forgetting_detach<B: AutodiffBackend>(model: Model<B>, images: Tensor<B, 4>, epsilon: f32) {
    let mut x = images.require_grad();
    for _ in 0..10 {
        let loss = model.forward(x.clone()).mean();
        let grads = loss.backward();
        let step = x.grad(&grads).unwrap().sign().mul_scalar(epsilon);
        x = x.clone() + Tensor::from_inner(step); //~ WARN loop-external-tracked
    }
}
