//! An agent keeps its bootstrap targets in a field, refreshed by a method from a copy of its
//! online network every other step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct QNet {
    fc: Linear,
}

struct Agent {
    online: QNet,
    targets: Tensor<2>,
}

impl Agent {
    fn refresh(&mut self, next: Tensor<2>, reward: Tensor<2>) {
        let frozen = self.online.clone();
        self.targets = reward + frozen.fc.forward(next).mul_scalar(0.9);
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(309);
    let mut agent = Agent {
        online: QNet { fc: LinearConfig::new(2, 1).init(&device) },
        targets: Tensor::<2>::zeros([2, 1], &device),
    };
    let mut sgd = SgdConfig::new().init();
    let obs = Tensor::<2>::from_floats([[0.5, 0.1], [0.2, 0.8]], &device);
    let next = Tensor::<2>::from_floats([[0.4, 0.4], [0.9, 0.0]], &device);
    let reward = Tensor::<2>::from_floats([[0.0], [1.0]], &device);
    for step in 0..4 {
        if step % 2 == 0 {
            agent.refresh(next.clone(), reward.clone());
        }
        let q = agent.online.fc.forward(obs.clone());
        let loss = (q - agent.targets.clone()).powf_scalar(2.0).mean();
        println!("step {step}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &agent.online);
        agent.online = sgd.step(0.1, agent.online, grads);
    }
}
