//! Hand verdict (fixer C, session 23): `shared-intermediate` on `shared` (made once per epoch by
//! `Heads::losses`, read by every loss it returns). The Vec of losses is walked by a `for`, one
//! backward and one Adam step each: the first step consumes `shared`'s step, the second loss
//! panics. Hand fix (twin): add the walked losses and run one backward and one step per epoch.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
    tensor::activation::relu,
};

#[derive(Module, Debug)]
struct Heads {
    body: Linear,
    first: Linear,
    second: Linear,
}

impl Heads {
    fn losses(&self, x: Tensor<2>, targets: &[Tensor<2>]) -> Vec<Tensor<1>> {
        let shared = relu(self.body.forward(x));
        let a = (self.first.forward(shared.clone()) - targets[0].clone()).abs().mean();
        let b = (self.second.forward(shared) - targets[1].clone()).abs().mean();
        vec![a, b]
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(11);
    let mut heads = Heads {
        body: LinearConfig::new(3, 5).init(&device),
        first: LinearConfig::new(5, 1).init(&device),
        second: LinearConfig::new(5, 1).init(&device),
    };
    let mut adam = AdamConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.5, -0.1, 0.2], [0.3, 0.9, -0.4]], &device);
    let targets = vec![
        Tensor::<2>::from_floats([[0.2], [0.7]], &device),
        Tensor::<2>::from_floats([[-0.3], [0.1]], &device),
    ];
    for epoch in 0..3 {
        for term in heads.losses(x.clone(), &targets) {
            println!("epoch {epoch}: term = {:.5}", term.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(term.backward(), &heads);
            heads = adam.step(0.01, heads, grads);
        }
    }
}
