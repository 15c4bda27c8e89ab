//! Per-sample encodings cached in a Vec of Option slots by a small helper, so that later epochs
//! skip the encoder; the encoder and the head are trained together.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    enc: Linear,
    head: Linear,
}

struct SlotCache {
    slots: Vec<Option<Tensor<2>>>,
}

impl SlotCache {
    fn encoding(&mut self, i: usize, model: &Model, x: Tensor<2>) -> Tensor<2> {
        if self.slots[i].is_none() {
            self.slots[i] = Some(model.enc.forward(x).tanh());
        }
        self.slots[i].clone().unwrap()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(8);
    let mut model = Model {
        enc: LinearConfig::new(2, 3).init(&device),
        head: LinearConfig::new(3, 1).init(&device),
    };
    let mut sgd = SgdConfig::new().init();
    let xs = [[0.4, -0.2], [0.1, 0.9]];
    let ys = [0.3, -0.8];
    let mut cache = SlotCache { slots: vec![None, None] };

    for epoch in 0..2 {
        for i in 0..2 {
            let x = Tensor::<2>::from_floats([xs[i]], &device);
            let e = cache.encoding(i, &model, x);
            let loss = (model.head.forward(e) - ys[i]).powf_scalar(2.0).mean();
            println!("epoch {epoch} sample {i}: {:.6}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &model);
            model = sgd.step(0.1, model, grads);
        }
    }
}
