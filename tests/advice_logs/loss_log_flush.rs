//! Gradient accumulation through a loss log: every micro-batch's loss is recorded, and
//! every `accum` micro-batches the log's mean is backpropagated and the optimizer steps.
use burn::{
    nn::{Linear, LinearConfig, Sigmoid},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    fc: Linear,
    act: Sigmoid,
}

impl Model {
    fn loss(&self, x: Tensor<2>, y: Tensor<2>) -> Tensor<1> {
        (self.act.forward(self.fc.forward(x)) - y).powf_scalar(2.0).mean()
    }
}

struct LossLog {
    losses: Vec<Tensor<1>>,
    flushes: usize,
}

impl LossLog {
    fn record(&mut self, loss: Tensor<1>) {
        self.losses.push(loss);
    }

    fn mean(&self) -> Tensor<1> {
        let mut total = self.losses[0].clone();
        for l in self.losses.iter().skip(1) {
            total = total + l.clone();
        }
        total / (self.losses.len() as f32)
    }

    fn flush(&mut self) -> Tensor<1> {
        self.flushes += 1;
        self.mean()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(12);
    let mut model = Model { fc: LinearConfig::new(2, 1).init(&device), act: Sigmoid::new() };
    let mut optim = AdamConfig::new().init();
    let micro_batches = vec![
        (Tensor::<2>::from_floats([[0.1, 0.9]], &device), Tensor::<2>::from_floats([[1.0]], &device)),
        (Tensor::<2>::from_floats([[0.8, 0.2]], &device), Tensor::<2>::from_floats([[0.0]], &device)),
        (Tensor::<2>::from_floats([[0.3, 0.7]], &device), Tensor::<2>::from_floats([[1.0]], &device)),
        (Tensor::<2>::from_floats([[0.9, 0.0]], &device), Tensor::<2>::from_floats([[0.0]], &device)),
    ];
    let accum = 2;
    let mut log = LossLog { losses: Vec::new(), flushes: 0 };
    for (k, (x, y)) in micro_batches.iter().enumerate() {
        log.record(model.loss(x.clone(), y.clone()));
        if (k + 1) % accum == 0 {
            let mean = log.flush();
            println!("flush {}: mean loss = {:.5}", log.flushes, mean.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(mean.backward(), &model);
            model = optim.step(1e-2, model, grads);
        }
    }
}
