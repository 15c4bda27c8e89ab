use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsAccumulator, GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Ranker {
    embed: Linear,
    score: Linear,
}

fn named_losses(model: &Ranker, q: Tensor<2>, rel: Tensor<2>) -> Vec<(String, Tensor<1>)> {
    let e = model.embed.forward(q);
    let s = model.score.forward(e.clone());
    let mut out = Vec::new();
    out.push(("rank".to_string(), (s - rel).powf_scalar(2.0).mean()));
    out.push(("norm".to_string(), e.powf_scalar(2.0).mean() * 0.05));
    out
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(77);
    let mut model = Ranker {
        embed: LinearConfig::new(3, 2).init(&device),
        score: LinearConfig::new(2, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let q = Tensor::<2>::from_floats([[0.2, 0.5, 0.1], [0.9, 0.3, 0.7]], &device);
    let rel = Tensor::<2>::from_floats([[1.0], [0.0]], &device);
    for epoch in 0..2 {
        let mut accum = GradientsAccumulator::new();
        for (tag, l) in named_losses(&model, q.clone(), rel.clone()) {
            println!("{epoch} {tag} {}", l.clone().into_scalar::<f32>());
            accum.accumulate(&model, GradientsParams::from_grads(l.backward(), &model));
        }
        model = optim.step(0.1, model, accum.grads());
    }
}
