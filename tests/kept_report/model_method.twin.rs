//! Twin: the method reads the Gradients of the batch's own backward, in the loop; the norm is
//! kept and printed after the epoch.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Regressor {
    hidden: Linear,
    head: Linear,
}

impl Regressor {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.head.forward(self.hidden.forward(x).tanh())
    }

    fn hidden_norm(&self, grads: &burn::tensor::Gradients) -> f32 {
        let g = self.hidden.weight.grad(grads).unwrap();
        g.powf_scalar(2.0).sum().sqrt().into_scalar::<f32>()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(51);
    let mut model = Regressor {
        hidden: LinearConfig::new(2, 3).init(&device),
        head: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.0, 1.0], [1.0, 0.0], [0.5, 0.5], [1.0, 1.0]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [-1.0], [0.0], [0.5]], &device);
    let mut last = None;

    for epoch in 0..2 {
        for b in 0..2 {
            let pred = model.forward(x.clone().slice([2 * b..2 * b + 2, 0..2]));
            let loss = (pred - y.clone().slice([2 * b..2 * b + 2, 0..1])).powf_scalar(2.0).mean();
            println!("epoch {epoch} batch {b}: {:.5}", loss.clone().into_scalar::<f32>());
            let raw = loss.backward();
            let n = model.hidden_norm(&raw);
            let grads = GradientsParams::from_grads(raw, &model);
            model = optim.step(0.1, model, grads);
            last = Some(n);
        }
        match last.take() {
            Some(n) => {
                println!("epoch {epoch}: |grad hidden| = {:.4}", n);
            }
            None => {}
        }
    }
}
