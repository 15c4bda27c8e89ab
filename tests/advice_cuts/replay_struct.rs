//! A critic trained from a small replay memory: each step pushes the critic's value of the
//! observation into the memory and regresses the values it samples onto their returns.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Critic {
    v: Linear,
}

impl Critic {
    fn forward(&self, obs: Tensor<2>) -> Tensor<2> {
        self.v.forward(obs)
    }
}

struct Memory {
    values: Vec<Tensor<2>>,
    returns: Vec<f32>,
}

impl Memory {
    fn push(&mut self, value: Tensor<2>, ret: f32) {
        self.values.push(value);
        self.returns.push(ret);
    }

    fn sample(&self, i: usize) -> (Tensor<2>, f32) {
        (self.values[i].clone(), self.returns[i])
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(9);
    let mut critic = Critic { v: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut memory = Memory { values: Vec::new(), returns: Vec::new() };
    for t in 0..4 {
        let obs = Tensor::<2>::from_floats([[0.25 * t as f32, 1.0]], &device);
        let value = critic.forward(obs);
        memory.push(value, 1.0 - 0.1 * t as f32);
        let (v, ret) = memory.sample(t / 2);
        let loss = v.sub_scalar(ret).powf_scalar(2.0).sum();
        println!("t {t}: loss = {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &critic);
        critic = optim.step(0.1, critic, grads);
    }
}
