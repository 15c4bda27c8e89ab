// An agent whose updates go through its own method, `self.learn(loss)`. The state embedding
// is computed once per rollout, before the epochs of updates over it: the first `learn`
// consumes the encoder's steps under `embedding`, the second epoch's `learn` panics at them.
use burn::nn::{Linear, LinearConfig};
use burn::optim::adaptor::OptimizerAdaptor;
use burn::optim::{Adam, AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Policy<B: Backend> {
    encoder: Linear<B>,
    head: Linear<B>,
}

impl<B: Backend> Policy<B> {
    pub fn encode(&self, states: Tensor<B, 2>) -> Tensor<B, 2> {
        self.encoder.forward(states).tanh()
    }

    pub fn logits(&self, embedding: Tensor<B, 2>) -> Tensor<B, 2> {
        self.head.forward(embedding)
    }
}

pub struct Agent<B: AutodiffBackend> {
    policy: Policy<B>,
    optim: OptimizerAdaptor<Adam, Policy<B>, B>,
    lr: f64,
}

impl<B: AutodiffBackend> Agent<B> {
    pub fn new(device: &B::Device) -> Self {
        let policy = Policy {
            encoder: LinearConfig::new(8, 64).init(device),
            head: LinearConfig::new(64, 4).init(device),
        };
        Self { policy, optim: AdamConfig::new().init(), lr: 3e-4 }
    }

    fn learn(&mut self, loss: Tensor<B, 1>) {
        let grads = loss.backward();
        let grads = GradientsParams::from_grads(grads, &self.policy);
        self.policy = self.optim.step(self.lr, self.policy.clone(), grads);
    }

    pub fn update(&mut self, states: Tensor<B, 2>, advantages: Tensor<B, 2>, epochs: usize) {
        let embedding = self.policy.encode(states); //~ WARN loop-external-tracked
        for _ in 0..epochs {
            let log_probs = burn::tensor::activation::log_softmax(self.policy.logits(embedding.clone()), 1);
            let loss = (log_probs * advantages.clone()).mean().neg();
            self.learn(loss);
        }
    }
}
