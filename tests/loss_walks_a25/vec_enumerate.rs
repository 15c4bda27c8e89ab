use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Tagger<B: Backend> {
    enc: Linear<B>,
    a: Linear<B>,
    b: Linear<B>,
}

impl<B: Backend> Tagger<B> {
    fn objectives(&self, x: Tensor<B, 2>, t: Tensor<B, 2>) -> Vec<Tensor<B, 1>> {
        let feats = self.enc.forward(x);
        let first = (self.a.forward(feats.clone()) - t.clone()).abs().mean();
        let second = (self.b.forward(feats) - t).powf_scalar(2.0).mean();
        vec![first, second]
    }
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 9);
    let mut model: Tagger<B> = Tagger {
        enc: LinearConfig::new(3, 2).init(&device),
        a: LinearConfig::new(2, 1).init(&device),
        b: LinearConfig::new(2, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<B, 2>::from_floats([[0.2, 0.1, 0.7], [0.9, -0.3, 0.4]], &device);
    let t = Tensor::<B, 2>::from_floats([[1.0], [0.0]], &device);
    for epoch in 0..2 {
        for (i, loss) in model.objectives(x.clone(), t.clone()).into_iter().enumerate() {
            println!("{epoch} {i} {:.5}", loss.clone().into_scalar());
            let grads = GradientsParams::from_grads(loss.backward(), &model);
            model = optim.step(0.05, model, grads);
        }
    }
}
