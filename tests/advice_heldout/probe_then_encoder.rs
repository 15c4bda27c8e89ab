//! Linear probing rounds: the probe head is fit a few times on the encoder's features, then the
//! encoder is fine-tuned once per round.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Encoder {
    lin: Linear,
}

#[derive(Module, Debug)]
struct Head {
    lin: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(66);
    let mut encoder = Encoder { lin: LinearConfig::new(2, 3).init(&device) };
    let mut head = Head { lin: LinearConfig::new(3, 1).init(&device) };
    let mut opt_e = SgdConfig::new().init();
    let mut opt_h = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.5, -0.5], [1.0, 0.25]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [0.0]], &device);
    for round in 0..2 {
        let feats = activation::relu(encoder.lin.forward(x.clone()));
        let mut fit = 0;
        while fit < 3 {
            let loss = (head.lin.forward(feats.clone()) - y.clone()).powf_scalar(2.0).mean();
            let grads = GradientsParams::from_grads(loss.backward(), &head);
            head = opt_h.step(0.1, head, grads);
            fit += 1;
        }
        let loss = (head.lin.forward(activation::relu(encoder.lin.forward(x.clone()))) - y.clone()).powf_scalar(2.0).mean();
        println!("round {round}: {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &encoder);
        encoder = opt_e.step(0.1, encoder, grads);
    }
}
