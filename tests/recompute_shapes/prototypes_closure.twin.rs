//! Prototype learning: at the start of each epoch the class prototypes are the mean embeddings of
//! the support examples; each query is then pulled towards its class prototype, one step per query.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Embedder {
    embed: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(61);
    let mut net = Embedder { embed: LinearConfig::new(2, 2).init(&device) };
    let mut optim = AdamConfig::new().init();
    // two support examples per class: rows 0-1 class 0, rows 2-3 class 1
    let support = Tensor::<2>::from_floats([[1.0, 0.1], [0.9, -0.1], [-0.2, 1.0], [0.1, 0.8]], &device);
    let queries = Tensor::<2>::from_floats([[0.8, 0.0], [0.0, 0.9], [1.1, 0.2]], &device);
    let query_labels = [0usize, 1, 0];

    for epoch in 0..2 {
        for (qi, &label) in query_labels.iter().enumerate() {
            let protos: Vec<Tensor<2>> = (0..2)
                .map(|c| net.embed.forward(support.clone().slice([2 * c..2 * c + 2, 0..2])).mean_dim(0))
                .collect();
            let q = net.embed.forward(queries.clone().slice([qi..qi + 1, 0..2]));
            let loss = (q - protos[label].clone()).powf_scalar(2.0).mean();
            println!("epoch {epoch} query {qi}: loss = {:.5}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &net);
            net = optim.step(1e-2, net, grads);
        }
    }
}
