use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

fn main() {
    let device = Device::flex().autodiff();
    device.seed(9);
    let mut online: Linear = LinearConfig::new(2, 1).init(&device);
    let target: Linear = LinearConfig::new(2, 1).init(&device);
    let mut optim = SgdConfig::new().init();
    let s = Tensor::<2>::from_floats([[0.5, -1.0]], &device);
    let goal = target.forward(s.clone());
    for step in 0..2 {
        let loss = (online.forward(s.clone()) - goal.clone()).powf_scalar(2.0).sum();
        println!("{step}: {:.4}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &online);
        online = optim.step(0.1, online, grads);
    }
}
