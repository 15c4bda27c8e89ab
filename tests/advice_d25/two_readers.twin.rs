//! Twin of p8: the tagger keeps the ids and makes the bias where it is read.
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
    ids: Tensor<2>,
}

impl Tagger {
    fn new(net: TagNet, ids: &Tensor<2>) -> Self {
        Tagger { net, ids: ids.clone() }
    }

    fn predict(&self, x: Tensor<2>) -> Tensor<2> {
        let bias = self.net.table.forward(self.ids.clone()).mul_scalar(0.1);
        self.net.score.forward(x) + bias
    }

    fn loss(&self, x: Tensor<2>, y: Tensor<2>) -> Tensor<1> {
        let bias = self.net.table.forward(self.ids.clone()).mul_scalar(0.1);
        let p = self.net.score.forward(x) + bias;
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
