//! A multi-task step written with a helper: `embed` runs the shared trunk, and each task's loss
//! is backpropagated on its own before its optimizer steps. The trunk's output is shared: the
//! first backward consumes it, the second walks to it again and panics.
//!
//! Node ids by Burn's rules (weights set by `Param::from_tensor` take their ids when made, in the
//! program's order): trunk.weight 0, trunk.bias 1, head_a.weight 2, head_b.weight 3; x 4, y_a 5,
//! y_b 6. `embed`: the trunk's linear (matmul 7, the bias reshaped to `[1, d_out]` 8, add 9), gelu
//! 10. Task a: the head's linear, without bias one matmul 11, sub 12, square 13, mean 14; its
//! backward consumes 7..14. Task b: matmul 15 reads node 10, whose step is gone: `NodeId(10)`.

use burn::{
    module::Param,
    nn::{Gelu, Linear},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct MultiTask {
    trunk: Linear,
    head_a: Linear,
    head_b: Linear,
    gelu: Gelu,
}

fn embed(model: &MultiTask, x: Tensor<2>) -> Tensor<2> {
    model.gelu.forward(model.trunk.forward(x))
}

fn main() {
    let device = Device::default().autodiff();
    let mut model = MultiTask {
        trunk: Linear {
            weight: Param::from_tensor(Tensor::from_floats([[0.5, -0.5], [0.25, 0.75]], &device)),
            bias: Some(Param::from_tensor(Tensor::from_floats([0.1, -0.1], &device))),
        },
        head_a: Linear {
            weight: Param::from_tensor(Tensor::from_floats([[1.0], [-1.0]], &device)),
            bias: None,
        },
        head_b: Linear {
            weight: Param::from_tensor(Tensor::from_floats([[0.5], [0.5]], &device)),
            bias: None,
        },
        gelu: Gelu::new(),
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, 2.0], [-1.0, 0.5]], &device);
    let y_a = Tensor::<2>::from_floats([[0.0], [1.0]], &device);
    let y_b = Tensor::<2>::from_floats([[1.0], [0.0]], &device);

    let features = embed(&model, x);
    let loss_a = (model.head_a.forward(features.clone()) - y_a).square().mean();
    let grads = GradientsParams::from_grads(loss_a.backward(), &model);
    model = optim.step(0.1, model, grads);
    println!("task a stepped");
    let loss_b = (model.head_b.forward(features) - y_b).square().mean();
    let grads = GradientsParams::from_grads(loss_b.backward(), &model);
    model = optim.step(0.1, model, grads);
    println!("task b stepped");
}
