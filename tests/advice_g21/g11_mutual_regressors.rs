//! Co-training two regressors: each fits the data and the other's prediction.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation,
};

#[derive(Module, Debug)]
struct Net {
    l1: Linear,
    l2: Linear,
}

impl Net {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.l2.forward(activation::relu(self.l1.forward(x)))
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(8);
    let mut left = Net { l1: LinearConfig::new(2, 3).init(&device), l2: LinearConfig::new(3, 1).init(&device) };
    let mut right = Net { l1: LinearConfig::new(2, 3).init(&device), l2: LinearConfig::new(3, 1).init(&device) };
    let mut opt_l = SgdConfig::new().init();
    let mut opt_r = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.5, -0.1], [0.2, 0.9]], &device);
    let y = Tensor::<2>::from_floats([[0.3], [-0.4]], &device);
    for epoch in 0..2 {
        let pred_l = left.forward(x.clone());
        let pred_r = right.forward(x.clone());
        let loss_l = (pred_l.clone() - y.clone()).powf_scalar(2.0).mean()
            + (pred_l.clone() - pred_r.clone()).abs().mean();
        let loss_r = (pred_r.clone() - y.clone()).powf_scalar(2.0).mean()
            + (pred_r.clone() - pred_l.clone()).abs().mean();
        println!("epoch {epoch}: {} {}", loss_l.clone().into_scalar::<f32>(), loss_r.clone().into_scalar::<f32>());
        let g = GradientsParams::from_grads(loss_l.backward(), &left);
        left = opt_l.step(0.05, left, g);
        let g = GradientsParams::from_grads(loss_r.backward(), &right);
        right = opt_r.step(0.05, right, g);
    }
}
