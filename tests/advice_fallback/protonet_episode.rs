//! Few-shot episodes (prototypical network): the class prototypes are embedded from the support
//! set once per episode, then each query is classified against them with one update per query.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
    tensor::activation::log_softmax,
};

#[derive(Module, Debug)]
struct Embed {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(61);
    let mut embed = Embed { fc: LinearConfig::new(2, 3).init(&device) };
    let mut optim = AdamConfig::new().init();
    let support = Tensor::<2>::from_floats([[1.0, 0.0], [0.9, 0.2], [0.0, 1.0], [0.1, 0.8]], &device);
    let queries = Tensor::<2>::from_floats([[0.8, 0.1], [0.2, 0.9], [1.0, 0.3]], &device);
    let query_class = Tensor::<2, Int>::from_ints([[0], [1], [0]], &device);
    for episode in 0..2 {
        let emb = embed.fc.forward(support.clone());
        let proto_a = emb.clone().slice([0..2, 0..3]).mean_dim(0);
        let proto_b = emb.slice([2..4, 0..3]).mean_dim(0);
        let protos = Tensor::cat(vec![proto_a, proto_b], 0);
        for q in 0..3 {
            let zq = embed.fc.forward(queries.clone().slice([q..q + 1, 0..2]));
            let dist = (zq - protos.clone()).powf_scalar(2.0).sum_dim(1).transpose();
            let loss = log_softmax(dist.neg(), 1).gather(1, query_class.clone().slice([q..q + 1, 0..1])).mean().neg();
            println!("episode {episode} query {q}: loss {:.6}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &embed);
            embed = optim.step(1e-2, embed, grads);
        }
    }
}
