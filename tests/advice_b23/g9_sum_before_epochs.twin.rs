//! Hand twin of g9_sum_before_epochs.rs.
//! A running tensor sum made once before the epochs and never started again: every fourth
//! step its value is backpropagated and the model stepped.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(10);
    let mut net = Net { fc: LinearConfig::new(2, 1).init(&device) };
    let mut opt = SgdConfig::new().init();
    let data = [[0.3, -0.2], [0.8, 0.4], [-0.7, 0.6], [0.1, 0.1]];
    let mut loss_sum = Tensor::<1>::zeros([1], &device);
    let mut step = 0;

    for epoch in 0..2 {
        for row in data.iter() {
            let x = Tensor::<2>::from_floats([*row], &device);
            let loss = (net.fc.forward(x) - 0.5).abs().sum();
            loss_sum = loss_sum + loss;
            if step % 4 == 3 {
                println!("epoch {epoch} step {step}: {:.6}", loss_sum.clone().into_scalar::<f32>());
                let grads = GradientsParams::from_grads(loss_sum.clone().backward(), &net);
                net = opt.step(0.05, net, grads);
                loss_sum = Tensor::<1>::zeros([1], &device);
            }
            step += 1;
        }
    }
}
