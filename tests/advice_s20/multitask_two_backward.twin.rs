//! Multi-task learning: a shared trunk with a regression head and a classification head; the
//! gradients of each task are taken with their own backward, then both are applied.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig, loss::{CrossEntropyLossConfig, MseLoss, Reduction}},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct MultiTask {
    trunk: Linear,
    reg: Linear,
    cls: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(9);
    let mut model = MultiTask {
        trunk: LinearConfig::new(3, 6).init(&device),
        reg: LinearConfig::new(6, 1).init(&device),
        cls: LinearConfig::new(6, 2).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let ce = CrossEntropyLossConfig::new().init(&device);
    let x = Tensor::<2>::from_floats([[0.5, 0.1, -0.3], [0.0, 0.9, 0.2], [-0.4, 0.3, 0.8], [0.7, -0.2, 0.1]], &device);
    let y_reg = Tensor::<2>::from_floats([[1.0], [0.0], [-1.0], [0.5]], &device);
    let y_cls = Tensor::<1, Int>::from_ints([1, 0, 0, 1], &device);
    for step in 0..3 {
        let shared = activation::relu(model.trunk.forward(x.clone()));
        let loss_reg = MseLoss::new().forward(model.reg.forward(shared.clone()), y_reg.clone(), Reduction::Mean);
        let loss_cls = ce.forward(model.cls.forward(shared), y_cls.clone());
        println!("step {step}: reg {:.5} cls {:.5}",
            loss_reg.clone().into_scalar::<f32>(), loss_cls.clone().into_scalar::<f32>());
        let loss = loss_reg + loss_cls;
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.1, model, grads);
    }
}
