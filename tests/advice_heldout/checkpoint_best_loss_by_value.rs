//! A checkpoint helper that remembers the best validation loss (taken by value), written
//! generically over the backend; a `while` loop trains, and at the end the remembered loss is
//! backpropagated for one last SGD step.
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
struct Regressor<B: Backend> {
    fc: Linear<B>,
}

impl<B: Backend> Regressor<B> {
    fn mse(&self, x: Tensor<B, 2>, y: Tensor<B, 2>) -> Tensor<B, 1> {
        (self.fc.forward(x) - y).powf_scalar(2.0).mean()
    }
}

struct Checkpoint<B: Backend> {
    loss: Option<Tensor<B, 1>>,
    score: f32,
    epoch: usize,
}

impl<B: Backend> Checkpoint<B> {
    fn consider(&mut self, epoch: usize, loss: Tensor<B, 1>) {
        let score = loss.clone().into_scalar().elem::<f32>();
        if score < self.score {
            self.score = score;
            self.epoch = epoch;
            self.loss = Some(loss);
        }
    }
}

fn main() {
    let device = Default::default();
    B::seed(&device, 3);
    let mut net: Regressor<B> = Regressor { fc: LinearConfig::new(2, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let x = Tensor::<B, 2>::from_floats([[1.0, -1.0], [0.5, 2.0], [2.0, 0.0], [-1.0, 1.0]], &device);
    let y = Tensor::<B, 2>::from_floats([[2.0], [-1.0], [2.5], [-1.5]], &device);
    let mut checkpoint: Checkpoint<B> = Checkpoint { loss: None, score: f32::MAX, epoch: 0 };
    let mut epoch = 0;
    while epoch < 4 {
        let loss = net.mse(x.clone(), y.clone());
        checkpoint.consider(epoch, loss.clone());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = sgd.step(0.05, net, grads);
        epoch += 1;
    }
    println!("best epoch {} with {:.5}", checkpoint.epoch, checkpoint.score);
    if let Some(best) = checkpoint.loss.clone() {
        let grads = GradientsParams::from_grads(best.backward(), &net);
        net = sgd.step(0.01, net, grads);
    }
    println!("final: {:.5}", net.mse(x, y).into_scalar());
}
