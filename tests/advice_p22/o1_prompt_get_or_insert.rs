//! A prompt encoder whose output is the same for every query of a session, so a helper keeps it
//! with `get_or_insert_with` and gives a copy to each query's scorer.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Ranker {
    prompt: Linear,
    query: Linear,
}

struct PromptMemo {
    encoded: Option<Tensor<2>>,
    hits: usize,
}

impl PromptMemo {
    fn encoded(&mut self, ranker: &Ranker, prompt: &Tensor<2>) -> Tensor<2> {
        self.hits += 1;
        self.encoded.get_or_insert_with(|| ranker.prompt.forward(prompt.clone()).tanh()).clone()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(19);
    let mut ranker = Ranker {
        prompt: LinearConfig::new(4, 2).init(&device),
        query: LinearConfig::new(3, 2).init(&device),
    };
    let mut sgd = SgdConfig::new().init();
    let prompt = Tensor::<2>::from_floats([[0.2, -0.4, 0.6, 1.0]], &device);
    let queries = Tensor::<2>::from_floats([[1.0, 0.0, 0.5], [0.0, 1.0, -0.5], [0.3, 0.3, 0.3]], &device);
    let relevance = [1.0, -1.0, 0.5];
    let mut memo = PromptMemo { encoded: None, hits: 0 };

    for q in 0..3 {
        let p = memo.encoded(&ranker, &prompt);
        let score = (ranker.query.forward(queries.clone().slice([q..q + 1, 0..3])) * p).sum();
        let loss = (score - relevance[q]).powf_scalar(2.0);
        println!("query {q}: loss = {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &ranker);
        ranker = sgd.step(0.05, ranker, grads);
    }
    println!("prompt asked {} times", memo.hits);
}
