//! A regressor whose loss is scaled by moving averages of its own output's scale and offset,
//! both updated from each batch (older backend-generic style).
use burn::{tensor::activation,
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Reg<B: Backend> {
    body: Linear<B>,
    out: Linear<B>,
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 11);
    let mut reg: Reg<B> = Reg {
        body: LinearConfig::new(3, 4).init(&device),
        out: LinearConfig::new(4, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let xs = Tensor::<B, 2>::from_floats([[1.0, 0.0, 2.0], [0.5, 1.5, -1.0], [0.0, 1.0, 1.0], [2.0, -0.5, 0.3]], &device);
    let ys = Tensor::<B, 2>::from_floats([[1.0], [0.2], [0.7], [1.4]], &device);

    let mut ema_shift = Tensor::<B, 2>::zeros([1, 1], &device);
    let mut ema_scale = Tensor::<B, 2>::ones([1, 1], &device);
    for step in 0..4 {
        let x = xs.clone().slice([step..step + 1, 0..3]);
        let y = ys.clone().slice([step..step + 1, 0..1]);
        let z = reg.out.forward(activation::relu(reg.body.forward(x)));
        let pred = (z.clone() - ema_shift.clone()) / (ema_scale.clone() + 1.0);
        let loss = (pred - y).powf_scalar(2.0).mean();
        println!("step {step}: loss = {}", loss.clone().into_scalar());
        ema_shift = ema_shift * 0.5 + z.clone() * 0.5;
        ema_scale = ema_scale * 0.5 + z.abs() * 0.5;
        let grads = GradientsParams::from_grads(loss.backward(), &reg);
        reg = optim.step(0.05, reg, grads);
    }
}
