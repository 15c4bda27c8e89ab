//! A loss meter that a trainer owns: `record` adds each batch's loss to `sum`, `flush` averages
//! the recorded losses and backpropagates them when `pending` reaches the accumulation size.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Mlp {
    hidden: Linear,
    head: Linear,
}

struct LossMeter {
    sum: Option<Tensor<1>>,
    pending: usize,
    flushed: usize,
}

impl LossMeter {
    fn record(&mut self, loss: Tensor<1>) {
        self.sum = Some(self.sum.clone().map_or(loss.clone(), |s| s + loss));
        self.pending += 1;
    }

    fn flush(&mut self, mlp: &Mlp) -> GradientsParams {
        let avg = self.sum.clone().expect("no loss recorded") / self.pending as f32;
        self.pending = 0;
        self.flushed += 1;
        GradientsParams::from_grads(avg.backward(), mlp)
    }
}

struct Trainer {
    mlp: Mlp,
    meter: LossMeter,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mlp = Mlp {
        hidden: LinearConfig::new(2, 4).init(&device),
        head: LinearConfig::new(4, 1).init(&device),
    };
    let mut trainer = Trainer { mlp, meter: LossMeter { sum: None, pending: 0, flushed: 0 } };
    let mut sgd = SgdConfig::new().init();
    let xs = [[0.5, -0.5], [1.0, 1.0], [-0.25, 0.75], [0.0, 0.5], [0.9, -0.1], [-0.8, -0.2]];
    let ys = [0.2, 1.0, -0.4, 0.3, 0.6, -0.9];

    for b in 0..6 {
        let x = Tensor::<2>::from_floats([xs[b]], &device);
        let y = Tensor::<2>::from_floats([[ys[b]]], &device);
        let pred = trainer.mlp.head.forward(trainer.mlp.hidden.forward(x).tanh());
        let loss = (pred - y).powf_scalar(2.0).mean();
        println!("batch {b}: loss = {:.6}", loss.clone().into_scalar::<f32>());
        trainer.meter.record(loss);
        if trainer.meter.pending == 2 {
            let grads = trainer.meter.flush(&trainer.mlp);
            trainer.mlp = sgd.step(0.1, trainer.mlp, grads);
        }
    }
    println!("flushed {} times", trainer.meter.flushed);
}
