//! Fitted Q iteration: every second step the network is copied into a target network, and the
//! regression targets for the next two steps are computed from the copy when it is refreshed.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct QNet {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(171);
    let mut qnet = QNet { fc: LinearConfig::new(2, 2).init(&device) };
    let mut optim = AdamConfig::new().init();
    let states = Tensor::<2>::from_floats([[0.0, 1.0], [1.0, 0.0], [0.5, 0.5]], &device);
    let next_states = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 0.5], [0.0, 1.0]], &device);
    let rewards = Tensor::<2>::from_floats([[0.0], [1.0], [0.5]], &device);
    let mut targets = Tensor::<2>::zeros([3, 1], &device);

    for step in 0..4 {
        let q = qnet.fc.forward(states.clone()).slice([0..3, 0..1]);
        if step % 2 == 0 {
            let target_net = qnet.clone();
            let next_q = target_net.fc.forward(next_states.clone()).max_dim(1);
            targets = (rewards.clone() + next_q * 0.9).detach();
        }
        let loss = (q - targets.clone()).powf_scalar(2.0).mean();
        println!("step {step}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &qnet);
        qnet = optim.step(1e-2, qnet, grads);
    }
}
