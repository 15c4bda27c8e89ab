//! seq2seq_hidden.rs fixed by hand: the token losses of a pair summed, one backward and one
//! step per pair, so every token's loss reaches the encoder through `h`.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Seq2Seq {
    enc: Linear,
    dec: Linear,
    out: Linear,
}

impl Seq2Seq {
    fn encode(&self, src: Tensor<2>) -> Tensor<2> {
        self.enc.forward(src).tanh().mean_dim(0)
    }
    fn dec_cell(&self, prev: Tensor<2>, h: Tensor<2>) -> Tensor<2> {
        self.dec.forward(Tensor::cat(vec![prev, h], 1)).tanh()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(27);
    let mut model = Seq2Seq {
        enc: LinearConfig::new(3, 4).init(&device),
        dec: LinearConfig::new(2 + 4, 4).init(&device),
        out: LinearConfig::new(4, 2).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let src = Tensor::<2>::from_floats([[1.0, 0.0, 0.5], [0.0, 1.0, -0.5], [0.5, 0.5, 0.0]], &device);
    let tgt = Tensor::<2>::from_floats([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], &device);
    for epoch in 0..2 {
        let mut h = model.encode(src.clone());
        let mut total = Tensor::<1>::zeros([1], &device);
        for t in 1..4 {
            let prev = tgt.clone().slice([t - 1..t, 0..2]);
            let gold = tgt.clone().slice([t..t + 1, 0..2]);
            h = model.dec_cell(prev, h);
            let logits = model.out.forward(h.clone());
            let loss = (logits - gold).powf_scalar(2.0).mean();
            println!("epoch {epoch} t {t}: loss {:.6}", loss.clone().into_scalar::<f32>());
            total = total + loss;
        }
        let grads = GradientsParams::from_grads(total.backward(), &model);
        model = optim.step(1e-2, model, grads);
    }
}
