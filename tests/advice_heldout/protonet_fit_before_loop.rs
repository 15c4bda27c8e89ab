// Prototypes fitted once before the loop by a method, from the embedder the optimizer steps:
// detached once they would stay those of the untrained embedder; fitted again in the loop (the
// method's call moved into it) they follow the training.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Embedder {
    fc: Linear,
}

struct Protos {
    prototypes: Option<Tensor<2>>,
}

impl Protos {
    fn fit(&mut self, e: &Embedder, support: Tensor<2>) {
        self.prototypes = Some(e.fc.forward(support).mean_dim(0));
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let mut e = Embedder { fc: LinearConfig::new(2, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let support = Tensor::<2>::from_floats([[1.0, 0.0], [0.8, 0.2]], &device);
    let query = Tensor::<2>::from_floats([[0.9, 0.1]], &device);
    let mut p = Protos { prototypes: None };
    p.fit(&e, support.clone());
    for step in 0..3 {
        let proto = p.prototypes.clone().unwrap();
        let loss = (e.fc.forward(query.clone()) - proto).powf_scalar(2.0).sum();
        println!("step {step}: {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &e);
        e = optim.step(0.1, e, grads);
    }
}
