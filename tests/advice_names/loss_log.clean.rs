//! Per-epoch training on the sum of the batch losses, kept in a `Vec` emptied after each step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut net: Linear = LinearConfig::new(2, 1).init(&device);
    let mut optim = SgdConfig::new().init();
    let inputs = Tensor::<2>::from_floats([[1.0, 2.0], [0.5, -1.0], [2.0, 0.0], [-1.0, 1.0]], &device);
    let labels = Tensor::<2>::from_floats([[1.0], [0.0], [2.0], [-0.5]], &device);
    let mut batch_losses: Vec<Tensor<1>> = Vec::new();
    for epoch in 0..3 {
        for b in 0..2 {
            let x = inputs.clone().slice([b * 2..b * 2 + 2, 0..2]);
            let y = labels.clone().slice([b * 2..b * 2 + 2, 0..1]);
            let mse = (net.forward(x) - y).powf_scalar(2.0).mean();
            batch_losses.push(mse);
        }
        let epoch_loss = Tensor::cat(batch_losses.clone(), 0).sum();
        println!("epoch {epoch}: {}", epoch_loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(epoch_loss.backward(), &net);
        net = optim.step(0.05, net, grads);
        batch_losses.clear();
    }
}
