//! Older style: a struct keeps the pass's named losses; each is stepped on its own.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Head<B: Backend> {
    hidden: Linear<B>,
    score: Linear<B>,
}

struct LossBook<B: Backend> {
    terms: Vec<(String, Tensor<B, 1>)>,
}

impl<B: Backend> LossBook<B> {
    fn add(&mut self, name: &str, loss: Tensor<B, 1>) {
        self.terms.push((name.to_string(), loss));
    }
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 4);
    let mut head: Head<B> = Head {
        hidden: LinearConfig::new(2, 3).init(&device),
        score: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<B, 2>::from_floats([[1.0, 0.5], [-0.3, 0.8], [0.2, 0.1]], &device);
    let t = Tensor::<B, 2>::from_floats([[1.0], [0.0], [0.5]], &device);
    for round in 0..3 {
        let s = head.score.forward(head.hidden.forward(x.clone()).tanh());
        let mut book = LossBook { terms: Vec::new() };
        book.add("sq", (s.clone() - t.clone()).powf_scalar(2.0).mean());
        book.add("abs", (s - t.clone()).abs().mean() * 0.5);
        for (name, loss) in book.terms.iter() {
            println!("round {round} {name}: {}", loss.clone().into_scalar());
        }
        let sum = book.terms.iter().map(|(_, l)| l.clone()).reduce(|a, b| a + b).unwrap();
        let grads = GradientsParams::from_grads(sum.backward(), &head);
        head = optim.step(0.1, head, grads);
    }
}
