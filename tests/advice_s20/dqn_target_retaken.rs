//! DQN on a fixed batch of transitions: the target network is a `.clone()` of the online one,
//! taken again every 3 steps, and the bootstrapped targets are computed when it is taken.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct QNet {
    body: Linear,
    head: Linear,
}

impl QNet {
    fn forward(&self, s: Tensor<2>) -> Tensor<2> {
        self.head.forward(self.body.forward(s).tanh())
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(202);
    let mut online = QNet {
        body: LinearConfig::new(2, 5).init(&device),
        head: LinearConfig::new(5, 3).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let s = Tensor::<2>::from_floats([[0.0, 1.0], [1.0, 0.0], [0.5, 0.5], [-0.5, 1.0]], &device);
    let s_next = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 0.5], [-0.5, 1.0], [0.0, 0.0]], &device);
    let r = Tensor::<2>::from_floats([[0.0], [1.0], [0.0], [-1.0]], &device);
    let a = Tensor::<2, Int>::from_ints([[2], [0], [1], [1]], &device);
    let mut target_net = online.clone();
    let mut y = r.clone() + target_net.forward(s_next.clone()).max_dim(1).mul_scalar(0.9);
    for step in 0..7 {
        if step > 0 && step % 3 == 0 {
            target_net = online.clone();
            y = r.clone() + target_net.forward(s_next.clone()).max_dim(1).mul_scalar(0.9);
        }
        let q = online.forward(s.clone()).gather(1, a.clone());
        let loss = (q - y.clone()).powf_scalar(2.0).mean();
        println!("step {step}: loss {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &online);
        online = optim.step(0.05, online, grads);
    }
}
