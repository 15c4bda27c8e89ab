//! A bag-of-words classifier: `EmbeddingConfig`, token ids as a `Tensor<2, Int>`,
//! `mean_dim(1)` over the sequence, `reshape`, a `Linear` head, cross-entropy. Weights come
//! from the seeded stream, so the run prints what does not depend on them: shapes, which
//! parameters get gradients, and `is_require_grad` of the logits (false: an op's result).
//!
//! Node ids by Burn's rules: token ids and labels are Int tensors (no node); embed.weight 0
//! (read first in `Embedding::forward`), the embedding lookup 1, mean_dim 2, reshape 3;
//! head.weight 4, head.bias 5, linear 6-8 (matmul, the bias's reshape, add); the loss adds
//! log_softmax's 7 nodes, gather, reshape, mean, neg. Every param gets a gradient; valid: no node.

use burn::{
    module::AutodiffModule,
    nn::{Embedding, EmbeddingConfig, Linear, LinearConfig, loss::CrossEntropyLossConfig},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct BagOfWords {
    embed: Embedding,
    head: Linear,
}

impl BagOfWords {
    pub fn new(vocab: usize, d_model: usize, classes: usize, device: &Device) -> Self {
        Self {
            embed: EmbeddingConfig::new(vocab, d_model).init(device),
            head: LinearConfig::new(d_model, classes).init(device),
        }
    }

    pub fn forward(&self, tokens: Tensor<2, Int>) -> Tensor<2> {
        let [batch, _seq] = tokens.dims();
        let embedded = self.embed.forward(tokens); // [batch, seq, d_model]
        let pooled = embedded.mean_dim(1); // [batch, 1, d_model]
        let [_, _, d_model] = pooled.dims();
        self.head.forward(pooled.reshape([batch, d_model]))
    }
}

fn run(device: &Device) {
    device.seed(3);
    let model = BagOfWords::new(10, 4, 2, device);
    let tokens = Tensor::<2, Int>::from_data([[1, 2, 3], [4, 5, 5]], device);
    let labels = Tensor::<1, Int>::from_data([0, 1], device);
    let logits = model.forward(tokens.clone());
    println!("logits {:?}, require_grad {}", logits.dims(), logits.is_require_grad());
    let loss = CrossEntropyLossConfig::new().init(device).forward(logits, labels);
    let grads = loss.backward();
    let embed_grad = model.embed.weight.grad(&grads).unwrap();
    println!("embed grad {:?}", embed_grad.dims());
    println!("head grads: {}", model.head.bias.as_ref().unwrap().grad(&grads).is_some());
    let valid = model.valid();
    let out = valid.forward(Tensor::<2, Int>::from_data([[7, 8, 9]], &device.clone().inner()));
    println!("valid {:?}", out.dims());
}

fn main() {
    let device = Device::default().autodiff();
    run(&device);
}
