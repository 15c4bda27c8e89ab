// Fixed: the prototypes are encoded again in every episode, by the current encoder, as the
// prototypical-networks paper does; each episode's backward walks a graph of its own.
use burn::nn::loss::CrossEntropyLossConfig;
use burn::nn::{Linear, LinearConfig, Relu};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Encoder<B: Backend> {
    fc1: Linear<B>,
    fc2: Linear<B>,
    activation: Relu,
}

impl<B: Backend> Encoder<B> {
    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.fc2.forward(self.activation.forward(self.fc1.forward(x)))
    }
}

pub struct ProtoNet<B: Backend> {
    encoder: Encoder<B>,
    prototypes: Tensor<B, 2>,
}

impl<B: AutodiffBackend> ProtoNet<B> {
    /// One prototype per class: the mean embedding of its support examples ([classes, shots, dim]).
    pub fn fit_prototypes(&mut self, support: Tensor<B, 3>) {
        let [classes, shots, dim] = support.dims();
        let embedded = self.encoder.forward(support.reshape([classes * shots, dim]));
        self.prototypes = embedded.reshape([classes, shots, 64]).mean_dim(1).squeeze(1);
    }

    pub fn logits(&self, query: Tensor<B, 2>) -> Tensor<B, 2> {
        let q = self.encoder.forward(query);
        let [n, d] = q.dims();
        let [classes, _] = self.prototypes.dims();
        let diff = q.unsqueeze_dim::<3>(1).expand([n, classes, d])
            - self.prototypes.clone().unsqueeze_dim::<3>(0).expand([n, classes, d]);
        diff.powf_scalar(2.0).sum_dim(2).squeeze(2).neg()
    }
}

pub fn meta_train<B: AutodiffBackend>(
    mut net: ProtoNet<B>,
    support: Tensor<B, 3>,
    episodes: Vec<(Tensor<B, 2>, Tensor<B, 1, Int>)>,
) -> ProtoNet<B> {
    let mut optim = AdamConfig::new().init();
    for (episode, (query, labels)) in episodes.into_iter().enumerate() {
        net.fit_prototypes(support.clone());
        let logits = net.logits(query);
        let loss = CrossEntropyLossConfig::new().init(&logits.device()).forward(logits, labels);
        println!("episode {episode}: {}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &net.encoder);
        net.encoder = optim.step(1e-3, net.encoder.clone(), grads);
    }
    net
}
