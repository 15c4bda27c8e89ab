//! Contrastive training with a queue of negatives behind a trait object: each step's keys
//! are pushed into the queue and serve as negatives for the next steps (MoCo without the
//! momentum encoder).
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Encoder {
    fc: Linear,
}

impl Encoder {
    fn encode(&self, x: Tensor<2>) -> Tensor<2> {
        self.fc.forward(x).tanh()
    }
}

trait NegativeSource {
    fn negatives(&self) -> Option<Tensor<2>>;
    fn update(&mut self, keys: Tensor<2>);
}

struct Queue {
    items: Vec<Tensor<2>>,
    capacity: usize,
}

impl NegativeSource for Queue {
    fn negatives(&self) -> Option<Tensor<2>> {
        if self.items.is_empty() {
            None
        } else {
            Some(Tensor::cat(self.items.clone(), 0))
        }
    }

    fn update(&mut self, keys: Tensor<2>) {
        self.items.push(keys);
        if self.items.len() > self.capacity {
            self.items.remove(0);
        }
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(12);
    let mut model = Encoder { fc: LinearConfig::new(3, 2).init(&device) };
    let mut optim = AdamConfig::new().init();
    let mut source: Box<dyn NegativeSource> = Box::new(Queue { items: Vec::new(), capacity: 2 });
    let view_a = Tensor::<2>::from_floats([[0.2, 0.9, 0.1], [0.8, 0.0, 0.3]], &device);
    let view_b = Tensor::<2>::from_floats([[0.25, 0.85, 0.0], [0.7, 0.1, 0.35]], &device);
    for step in 0..3 {
        let q = model.encode(view_a.clone());
        let k = model.encode(view_b.clone());
        let pos = (q.clone() * k.clone()).sum_dim(1);
        let mut loss = pos.neg().mean();
        if let Some(neg) = source.negatives() {
            let spread = q.matmul(neg.transpose()).exp().sum_dim(1).log();
            loss = loss + spread.mean();
        }
        println!("step {step}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(1e-2, model, grads);
        source.update(k);
    }
}
