use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Critic {
    hidden: Linear,
    value: Linear,
}

impl Critic {
    fn both(&self, s: Tensor<2>, ret: Tensor<2>) -> (Tensor<1>, Tensor<1>) {
        let h = self.hidden.forward(s).tanh();
        let v = self.value.forward(h.clone());
        ((v - ret).powf_scalar(2.0).mean(), h.mean() * 0.0 + 0.5)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut critic = Critic {
        hidden: LinearConfig::new(2, 4).init(&device),
        value: LinearConfig::new(4, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let s = Tensor::<2>::from_floats([[0.1, 0.2], [0.3, -0.4], [0.5, 0.6]], &device);
    let ret = Tensor::<2>::from_floats([[1.0], [0.0], [0.5]], &device);
    for epoch in 0..3 {
        let (td, bonus) = critic.both(s.clone(), ret.clone());
        println!("{epoch}: {:.6}", td.clone().into_scalar::<f32>());
        println!("{epoch}: {:.6}", bonus.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads((td + bonus).backward(), &critic);
        critic = optim.step(1e-2, critic, grads);
    }
}
