//! An autoencoder-ish probe: every input is encoded once up front into a `Vec` of codes,
//! then the decoder and encoder are trained for a few epochs over the stored codes.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct AutoEnc {
    enc: Linear,
    dec: Linear,
}

impl AutoEnc {
    fn encode(&self, x: Tensor<2>) -> Tensor<2> {
        self.enc.forward(x).tanh()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(23);
    let mut ae = AutoEnc {
        enc: LinearConfig::new(3, 2).init(&device),
        dec: LinearConfig::new(2, 3).init(&device),
    };
    let mut adam = AdamConfig::new().init();
    let inputs = vec![
        Tensor::<2>::from_floats([[1.0, 0.5, -0.5]], &device),
        Tensor::<2>::from_floats([[0.0, 1.0, 2.0]], &device),
        Tensor::<2>::from_floats([[-1.0, 0.3, 0.8]], &device),
    ];

    for epoch in 0..2 {
        let mut total = 0.0;
        for inp in &inputs {
            let code = ae.encode(inp.clone());
            let recon = ae.dec.forward(code);
            let loss = recon.powf_scalar(2.0).mean();
            total += loss.clone().into_scalar::<f32>();
            let grads = GradientsParams::from_grads(loss.backward(), &ae);
            ae = adam.step(1e-2, ae, grads);
        }
        println!("epoch {epoch}: total = {total:.6}");
    }
}
