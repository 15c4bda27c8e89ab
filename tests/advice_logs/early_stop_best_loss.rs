//! Training with early stopping. The stopper keeps the best epoch's loss; when training
//! ends (patience exhausted or the epoch budget spent), that best loss is backpropagated
//! once more for a final small "polish" step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    fc: Linear,
}

impl Net {
    fn loss(&self, x: Tensor<2>, y: Tensor<2>) -> Tensor<1> {
        (self.fc.forward(x) - y).powf_scalar(2.0).mean()
    }
}

struct EarlyStopping {
    best: Option<Tensor<1>>,
    best_value: f32,
    patience: usize,
    bad_epochs: usize,
}

impl EarlyStopping {
    fn new(patience: usize) -> Self {
        EarlyStopping { best: None, best_value: f32::MAX, patience, bad_epochs: 0 }
    }

    /// Records this epoch's loss; true when training should stop.
    fn observe(&mut self, loss: &Tensor<1>) -> bool {
        let value = loss.clone().into_scalar::<f32>();
        if value < self.best_value - 1e-3 {
            self.best_value = value;
            self.best = Some(loss.clone());
            self.bad_epochs = 0;
        } else {
            self.bad_epochs += 1;
        }
        self.bad_epochs >= self.patience
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(10);
    let mut model = Net { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, 2.0], [2.0, 1.0], [0.5, -1.0]], &device);
    let y = Tensor::<2>::from_floats([[3.0], [3.0], [-0.5]], &device);
    let mut stopper = EarlyStopping::new(2);
    for epoch in 0..6 {
        let loss = model.loss(x.clone(), y.clone());
        let stop = stopper.observe(&loss);
        println!("epoch {epoch}: loss = {:.5}", stopper.best_value);
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.05, model, grads);
        if stop {
            println!("early stop at epoch {epoch}");
            break;
        }
    }
    if let Some(best) = stopper.best.clone() {
        let grads = GradientsParams::from_grads(best.backward(), &model);
        model = optim.step(0.01, model, grads);
        println!("polished: loss = {:.5}", model.loss(x, y).into_scalar::<f32>());
    }
}
