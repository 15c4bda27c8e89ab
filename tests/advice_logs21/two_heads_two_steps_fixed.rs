//! A shared trunk with a price head and a volume head, stepped once on each head's loss: the
//! volume loss is computed after the price step, from the trunk's features of this batch.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Market {
    trunk: Linear,
    price: Linear,
    volume: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(13);
    let mut net = Market {
        trunk: LinearConfig::new(4, 3).init(&device),
        price: LinearConfig::new(3, 1).init(&device),
        volume: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.1, 0.4, -0.2, 0.3], [0.5, -0.1, 0.2, 0.0]], &device);
    let price_y = Tensor::<2>::from_floats([[1.0], [0.5]], &device);
    let volume_y = Tensor::<2>::from_floats([[0.2], [0.9]], &device);

    for day in 0..3 {
        let feats = activation::relu(net.trunk.forward(x.clone()));
        let price_loss = (net.price.forward(feats.clone()) - price_y.clone()).powf_scalar(2.0).mean();
        println!("day {day}: price = {}", price_loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(price_loss.backward(), &net);
        net = optim.step(0.01, net, grads);

        let feats = activation::relu(net.trunk.forward(x.clone()));
        let vol = net.volume.forward(feats);
        let volume_loss = (vol - volume_y.clone()).abs().mean();
        println!("day {day}: volume = {}", volume_loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(volume_loss.backward(), &net);
        net = optim.step(0.01, net, grads);
    }
}
