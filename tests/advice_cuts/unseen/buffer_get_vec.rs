//! A value buffer struct holding a Vec of the critic's outputs, capped at three; the loss
//! is the sum over what `get` gives back for each slot.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Critic {
    v: Linear,
}

struct Buffer {
    slots: Vec<Tensor<2>>,
}

impl Buffer {
    fn add(&mut self, x: Tensor<2>) {
        self.slots.push(x);
        if self.slots.len() > 3 {
            self.slots.remove(0);
        }
    }

    fn get(&self, i: usize) -> Tensor<2> {
        self.slots[i].clone()
    }

    fn len(&self) -> usize {
        self.slots.len()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(12);
    let mut critic = Critic { v: LinearConfig::new(2, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let mut buffer = Buffer { slots: Vec::new() };
    for t in 0..4 {
        let obs = Tensor::<2>::from_floats([[0.3, 0.1 * t as f32]], &device);
        let out = critic.v.forward(obs);
        buffer.add(out);
        let mut loss = Tensor::<1>::zeros([1], &device);
        for i in 0..buffer.len() {
            loss = loss + buffer.get(i).sub_scalar(1.0).powf_scalar(2.0).sum();
        }
        println!("t {t}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &critic);
        critic = sgd.step(0.05, critic, grads);
    }
}
