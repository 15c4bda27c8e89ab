//! Gradient steps on halves of a batch: the encoder runs once on the whole batch, and a while
//! loop takes each half with narrow, backpropagates and steps.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Encoder {
    a: Linear,
    b: Linear,
}

impl Encoder {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.b.forward(activation::relu(self.a.forward(x)))
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(8);
    let mut enc = Encoder { a: LinearConfig::new(2, 4).init(&device), b: LinearConfig::new(4, 1).init(&device) };
    let mut adam = AdamConfig::new().init();
    let batch = Tensor::<2>::from_floats([[1.0, 2.0], [0.5, -1.0], [-0.3, 0.8], [2.0, 0.1]], &device);
    let labels = Tensor::<2>::from_floats([[1.0], [0.0], [0.5], [-1.0]], &device);
    let predicted = enc.forward(batch.clone());
    let mut row = 0;
    while row < 4 {
        let half = predicted.clone().narrow(0, row, 2);
        let err = half - labels.clone().narrow(0, row, 2);
        let loss = (err.clone() * err).mean();
        println!("rows {row}..{}: {:.5}", row + 2, loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &enc);
        enc = adam.step(1e-2, enc, grads);
        row += 2;
    }
}
