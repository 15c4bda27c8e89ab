//! Losses summed over windows of three steps; after the loop the previous step's loss is
//! backpropagated once more "so nothing is lost".
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    layer: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut net = Net { layer: LinearConfig::new(3, 1).init(&device) };
    let mut adam = AdamConfig::new().init();
    let data = Tensor::<2>::from_floats(
        [[0.1, 0.2, 0.3], [0.4, -0.1, 0.2], [0.0, 0.5, -0.5], [0.3, 0.3, 0.1], [-0.2, 0.1, 0.4], [0.6, 0.0, 0.2]],
        &device,
    );
    let target = Tensor::<2>::from_floats([[0.5], [0.1], [0.2], [0.7], [0.3], [0.4]], &device);
    let mut pending: Option<Tensor<1>> = None;
    let mut prev: Option<Tensor<1>> = None;
    for step in 0..6 {
        let xs = data.clone().narrow(0, step, 1);
        let ts = target.clone().narrow(0, step, 1);
        let err = (net.layer.forward(xs) - ts).abs().mean();
        pending = match pending {
            Some(p) => Some(p + err.clone()),
            None => Some(err.clone()),
        };
        prev = Some(err);
        if step % 3 == 2 {
            let window = pending.take().unwrap();
            println!("step {step}: window = {:.6}", window.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(window.backward(), &net);
            net = adam.step(0.01, net, grads);
        }
    }
    if let Some(err) = prev.take() {
        let grads = GradientsParams::from_grads(err.backward(), &net);
        net = adam.step(0.01, net, grads);
    }
    println!("w = {:.6}", net.layer.weight.val().sum().into_scalar::<f32>());
}
