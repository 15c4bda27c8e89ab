//! Older backend-generic style: a monitor's method reports the first layer's bias gradient
//! norm from the loss of the epoch's last step, which the loop kept.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, AdamConfig},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Mlp<B: Backend> {
    a: Linear<B>,
    b: Linear<B>,
}

impl<B: Backend> Mlp<B> {
    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.b.forward(self.a.forward(x).tanh())
    }
}

struct Monitor {
    scale: f32,
}

impl Monitor {
    fn bias_norm(&self, model: &Mlp<B>, loss: Tensor<B, 1>) -> f32 {
        let grads = loss.backward();
        let g = model.a.bias.as_ref().unwrap().grad(&grads).unwrap();
        g.powf_scalar(2.0).sum().sqrt().into_scalar() * self.scale
    }
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 33);
    let mut model: Mlp<B> = Mlp {
        a: LinearConfig::new(2, 3).init(&device),
        b: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let monitor = Monitor { scale: 100.0 };
    let x = Tensor::<B, 2>::from_floats([[1.0, 2.0], [0.5, -1.0], [0.0, 0.3]], &device);
    let y = Tensor::<B, 2>::from_floats([[0.5], [0.0], [1.0]], &device);
    let mut kept = None;
    for epoch in 0..2 {
        for step in 0..3 {
            let pred = model.forward(x.clone());
            let loss = (pred - y.clone()).powf_scalar(2.0).mean();
            let grads = loss.backward();
            println!("epoch {epoch} step {step}: {:.5}", loss.clone().into_scalar());
            let grads = GradientsParams::from_grads(grads, &model);
            model = optim.step(0.01, model, grads);
            kept = Some(loss);
        }
        match kept.take() {
            Some(loss) => println!("epoch {epoch}: bias norm x100 = {:.4}", monitor.bias_norm(&model, loss)),
            None => println!("epoch {epoch}: no step"),
        }
    }
}
