//! Gradient accumulation wrapped in a small helper: micro-batch losses are added into a field,
//! and every second micro-batch `flush` backpropagates the sum.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Reg {
    fc: Linear,
}

struct Accumulator {
    total: Option<Tensor<1>>,
    count: usize,
}

impl Accumulator {
    fn add(&mut self, loss: Tensor<1>) {
        self.total = Some(match self.total.clone() {
            Some(t) => t + loss,
            None => loss,
        });
        self.count += 1;
    }

    fn flush(&mut self, model: &Reg) -> GradientsParams {
        let total = self.total.clone().unwrap() / self.count as f32;
        self.count = 0;
        GradientsParams::from_grads(total.backward(), model)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(6);
    let mut model = Reg { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let xs = Tensor::<2>::from_floats([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [0.5, -0.5]], &device);
    let ys = Tensor::<2>::from_floats([[1.0], [-1.0], [0.5], [0.0]], &device);
    let mut acc = Accumulator { total: None, count: 0 };

    for i in 0..4 {
        let x = xs.clone().slice([i..i + 1, 0..2]);
        let y = ys.clone().slice([i..i + 1, 0..1]);
        let loss = (model.fc.forward(x) - y).powf_scalar(2.0).mean();
        println!("micro-batch {i}: loss = {:.6}", loss.clone().into_scalar::<f32>());
        acc.add(loss);
        if acc.count == 2 {
            let grads = acc.flush(&model);
            model = optim.step(0.2, model, grads);
        }
    }
}
