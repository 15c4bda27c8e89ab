//! A tagger keeps a bias table that a small network makes from the tag ids once, at
//! construction; both the training loss and the evaluation read it.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct TagNet {
    table: Linear,
    score: Linear,
}

struct Tagger {
    net: TagNet,
    bias: Tensor<2>,
}

impl Tagger {
    fn new(net: TagNet, ids: &Tensor<2>) -> Self {
        let bias = net.table.forward(ids.clone()).mul_scalar(0.1);
        Tagger { net, bias }
    }

    fn predict(&self, x: Tensor<2>) -> Tensor<2> {
        self.net.score.forward(x) + self.bias.clone()
    }

    fn loss(&self, x: Tensor<2>, y: Tensor<2>) -> Tensor<1> {
        let p = self.net.score.forward(x) + self.bias.clone();
        (p - y).powf_scalar(2.0).mean()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(308);
    let net = TagNet { table: LinearConfig::new(2, 2).init(&device), score: LinearConfig::new(2, 2).init(&device) };
    let ids = Tensor::<2>::from_floats([[1.0, 0.0]], &device);
    let mut tagger = Tagger::new(net, &ids);
    let mut sgd = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.3, 0.6]], &device);
    let y = Tensor::<2>::from_floats([[1.0, -1.0]], &device);
    for step in 0..3 {
        let loss = tagger.loss(x.clone(), y.clone());
        println!("step {step}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &tagger.net);
        tagger.net = sgd.step(0.1, tagger.net, grads);
    }
    let p = tagger.predict(x);
    println!("prediction: {:.5}", p.sum().into_scalar::<f32>());
}
