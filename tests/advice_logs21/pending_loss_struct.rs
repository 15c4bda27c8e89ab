//! A trainer keeps the last loss in a struct for logging and backpropagates it in `update`;
//! the forward runs only every other step to save time.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Regressor {
    fc: Linear,
}

struct Trainer {
    model: Regressor,
    pending: Option<Tensor<1>>,
    history: Vec<f32>,
}

impl Trainer {
    fn compute(&mut self, x: Tensor<2>, y: Tensor<2>) {
        let loss = (self.model.fc.forward(x) - y).powf_scalar(2.0).mean();
        self.history.push(loss.clone().into_scalar::<f32>());
        self.pending = Some(loss);
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(29);
    let mut trainer = Trainer {
        model: Regressor { fc: LinearConfig::new(2, 1).init(&device) },
        pending: None,
        history: Vec::new(),
    };
    let mut optim = AdamConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, 2.0], [2.0, 1.0], [0.0, 1.0]], &device);
    let y = Tensor::<2>::from_floats([[3.0], [3.0], [1.0]], &device);

    for step in 0..4 {
        if step % 2 == 0 {
            trainer.compute(x.clone(), y.clone());
        }
        if let Some(loss) = trainer.pending.clone() {
            let grads = GradientsParams::from_grads(loss.backward(), &trainer.model);
            trainer.model = optim.step(0.05, trainer.model, grads);
        }
        println!("step {step}: history = {:?}", trainer.history);
    }
}
