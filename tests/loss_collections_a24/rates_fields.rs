//! Two terms a method returns, both backpropagated first, then stepped at rates a config holds.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Denoiser {
    down: Linear,
    up: Linear,
}

struct Rates {
    recon: f64,
    sparsity: f64,
}

impl Denoiser {
    fn terms(&self, noisy: Tensor<2>, clean: Tensor<2>) -> (Tensor<1>, Tensor<1>) {
        let code = self.down.forward(noisy).tanh();
        let recon = (self.up.forward(code.clone()) - clean).powf_scalar(2.0).mean();
        (recon, code.abs().mean())
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut model = Denoiser {
        down: LinearConfig::new(3, 2).init(&device),
        up: LinearConfig::new(2, 3).init(&device),
    };
    let rates = Rates { recon: 0.1, sparsity: 0.003 };
    let mut opt = SgdConfig::new().init();
    let noisy = Tensor::<2>::from_floats([[0.1, 0.5, -0.2], [0.4, 0.0, 0.3]], &device);
    let clean = Tensor::<2>::from_floats([[0.0, 0.5, 0.0], [0.5, 0.0, 0.5]], &device);
    for i in 0..3 {
        let (rec, sparse) = model.terms(noisy.clone(), clean.clone());
        println!("{i} rec={} sparse={}", rec.clone().into_scalar::<f32>(), sparse.clone().into_scalar::<f32>());
        let rec_grads = GradientsParams::from_grads(rec.backward(), &model);
        let sparse_grads = GradientsParams::from_grads(sparse.backward(), &model);
        model = opt.step(rates.recon, model, rec_grads);
        model = opt.step(rates.sparsity, model, sparse_grads);
    }
}
