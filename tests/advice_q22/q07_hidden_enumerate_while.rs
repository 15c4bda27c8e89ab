//! Hidden features of each sample are collected once with an iterator, then a `while` loop
//! of epochs fits the read-out, indexing the targets by the sample's position.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation::relu,
};

#[derive(Module, Debug)]
struct Net {
    proj: Linear,
    readout: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(31);
    let mut net = Net {
        proj: LinearConfig::new(2, 3).init(&device),
        readout: LinearConfig::new(3, 1).init(&device),
    };
    let mut sgd = SgdConfig::new().init();
    let samples = vec![
        Tensor::<2>::from_floats([[1.0, -1.0]], &device),
        Tensor::<2>::from_floats([[0.5, 2.0]], &device),
    ];
    let ys = [1.0f32, -0.5];

    let hidden: Vec<Tensor<2>> = samples.iter().map(|s| relu(net.proj.forward(s.clone()))).collect();
    let mut epoch = 0;
    while epoch < 2 {
        for (i, h) in hidden.iter().enumerate() {
            let out = net.readout.forward(h.clone());
            let target = Tensor::<2>::from_floats([[ys[i]]], &device);
            let loss = (out - target).powf_scalar(2.0).mean();
            println!("epoch {epoch} sample {i}: loss = {:.6}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &net);
            net = sgd.step(0.1, net, grads);
        }
        epoch += 1;
    }
}
