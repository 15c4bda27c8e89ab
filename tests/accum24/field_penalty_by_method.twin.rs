//! An output-magnitude regulariser accumulated in a field of a small stats struct.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Encoder {
    proj: Linear,
}

struct Stats {
    reg: Tensor<1>,
}

impl Stats {
    fn add(&mut self, term: Tensor<1>) {
        self.reg = self.reg.clone() + term;
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(23);
    let mut enc = Encoder { proj: LinearConfig::new(3, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.3, -0.2, 0.8], [0.5, 0.9, -0.1]], &device);
    let y = Tensor::<2>::from_floats([[0.1, 0.4], [-0.3, 0.6]], &device);
    let mut stats = Stats { reg: Tensor::zeros([1], &device) };

    for epoch in 0..3 {
        let z = enc.proj.forward(x.clone());
        stats.add(z.clone().powf_scalar(2.0).mean() * 0.05);
        let fit = (z - y.clone()).powf_scalar(2.0).mean();
        let loss = fit + stats.reg.clone();
        println!("epoch {epoch}: {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &enc);
        enc = optim.step(0.2, enc, grads);
        stats.reg = Tensor::zeros([1], &device);
    }
}
