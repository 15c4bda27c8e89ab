//! An autoencoder written over a backend `B`: a reconstruction loss and a sparsity penalty on
//! the code, each backpropagated alone into a `GradientsAccumulator`, then one Adam step. The
//! code is shared by both losses: the 2nd backward panics.
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsAccumulator, GradientsParams, Optimizer};
use burn::{prelude::*, tensor::activation};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct AutoEncoder<B: Backend> {
    encoder: Linear<B>,
    decoder: Linear<B>,
}

impl<B: Backend> AutoEncoder<B> {
    pub fn encode(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        activation::sigmoid(self.encoder.forward(x))
    }
}

fn main() {
    let device = Default::default();
    B::seed(&device, 3);
    let mut model: AutoEncoder<B> = AutoEncoder {
        encoder: LinearConfig::new(4, 2).init(&device),
        decoder: LinearConfig::new(2, 4).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let x = Tensor::<B, 2>::from_floats([[1.0, 0.0, 0.5, 0.25], [0.0, 1.0, 0.75, 0.5]], &device);

    for epoch in 0..3 {
        let code = model.encode(x.clone());
        let rebuilt = model.decoder.forward(code.clone());
        let recon = (rebuilt - x.clone()).powf_scalar(2.0).mean();
        let sparsity = code.abs().mean().mul_scalar(0.1);
        println!("epoch {epoch}: {:.6} {:.6}", recon.clone().into_scalar(), sparsity.clone().into_scalar());
        let mut acc = GradientsAccumulator::new();
        acc.accumulate(&model, GradientsParams::from_grads(recon.backward(), &model));
        acc.accumulate(&model, GradientsParams::from_grads(sparsity.backward(), &model));
        model = optim.step(0.05, model, acc.grads());
    }
}
