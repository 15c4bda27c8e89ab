//! A trainer whose `fit` method sums micro-batch losses into its own `Option` field and steps
//! every second micro-batch; the field is emptied only when a new trainer is made.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Mlp {
    a: Linear,
    b: Linear,
}

struct Trainer {
    model: Mlp,
    acc: Option<Tensor<1>>,
    micro: usize,
}

impl Trainer {
    fn fit(&mut self, rows: &[[f32; 2]], device: &Device) {
        let mut opt = AdamConfig::new().init();
        for _epoch in 0..2 {
            for row in rows {
                let x = Tensor::<2>::from_floats([*row], device);
                let h = burn::tensor::activation::relu(self.model.a.forward(x));
                let loss = self.model.b.forward(h).powf_scalar(2.0).mean();
                self.acc = Some(match self.acc.take() {
                    Some(prev) => prev + loss,
                    None => loss,
                });
                self.micro += 1;
                if self.micro % 2 == 0 {
                    let l = self.acc.clone().unwrap();
                    println!("micro {}: {:.6}", self.micro, l.clone().into_scalar::<f32>());
                    let grads = GradientsParams::from_grads(l.backward(), &self.model);
                    self.model = opt.step(0.01, self.model.clone(), grads);
                }
            }
        }
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(2);
    let model = Mlp { a: LinearConfig::new(2, 3).init(&device), b: LinearConfig::new(3, 1).init(&device) };
    let mut trainer = Trainer { model, acc: None, micro: 0 };
    trainer.fit(&[[0.5, 0.1], [-0.2, 0.7], [0.9, -0.4], [0.0, 0.3]], &device);
}
