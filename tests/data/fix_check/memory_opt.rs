use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Cell {
    fc: Linear,
}

struct Agent {
    memory: Option<Tensor<2>>,
}

fn main() {
    let device = Device::default().autodiff();
    device.seed(11);
    let mut cell = Cell { fc: LinearConfig::new(2, 2).init(&device) };
    let mut optim = AdamConfig::new().init();
    let mut agent = Agent { memory: None };
    let x = Tensor::<2>::from_floats([[0.5, -1.0]], &device);
    for episode in 0..3 {
        let input = match agent.memory.clone() {
            Some(m) => x.clone() + m,
            None => x.clone(),
        };
        let out = cell.fc.forward(input).tanh();
        agent.memory = Some(out.clone());
        let loss = out.powf_scalar(2.0).sum();
        println!("episode {episode}: {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &cell);
        cell = optim.step(1e-2, cell, grads);
    }
}
