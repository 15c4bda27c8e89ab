//! (older backend-generic style) Temporal consistency: each epoch's prediction replaces the one
//! kept from the epoch before, and the loss keeps the two close.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 8);
    let mut net: Net<B> = Net { fc: LinearConfig::new(3, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<B, 2>::from_floats([[0.2, -0.1, 0.5], [0.7, 0.3, -0.4]], &device);
    let y = Tensor::<B, 2>::from_floats([[0.5], [-0.5]], &device);
    let mut previous: Option<Tensor<B, 2>> = None;

    for epoch in 0..4 {
        let pred = net.fc.forward(x.clone());
        let mut loss = (pred.clone() - y.clone()).powf_scalar(2.0).mean();
        if let Some(old) = previous.replace(pred.clone().detach()) {
            loss = loss + (pred - old).powf_scalar(2.0).mean() * 0.1;
        }
        println!("epoch {epoch}: {:.5}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.1, net, grads);
    }
}
