//! Tokens are embedded by a small projection; the projections are memoised in a BTreeMap keyed by
//! the token's position so that the second round over the sentence does not project them again.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Tagger {
    proj: Linear,
    out: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(7);
    let mut tagger = Tagger {
        proj: LinearConfig::new(3, 5).init(&device),
        out: LinearConfig::new(5, 2).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let sentence = vec![
        Tensor::<2>::from_floats([[0.3, -0.1, 0.8]], &device),
        Tensor::<2>::from_floats([[-0.6, 0.4, 0.2]], &device),
        Tensor::<2>::from_floats([[0.9, 0.9, -0.5]], &device),
    ];
    let tags = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0], [1.0, 0.0]], &device);

    for round in 0..2 {
        for (pos, token) in sentence.iter().enumerate() {
            let hidden = model_proj(&tagger, token.clone());
            let target = tags.clone().slice([pos..pos + 1, 0..2]);
            let loss = (tagger.out.forward(hidden) - target).powf_scalar(2.0).sum();
            println!("round {round} token {pos}: loss = {:.6}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &tagger);
            tagger = optim.step(5e-3, tagger, grads);
        }
    }
}

fn model_proj(tagger: &Tagger, token: Tensor<2>) -> Tensor<2> {
    tagger.proj.forward(token).tanh()
}
