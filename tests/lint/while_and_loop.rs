// The same hazard under `while` and `loop`, and in a method reading `self`.
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub struct Trainer<B: AutodiffBackend> {
    model: Model<B>,
    inputs: Tensor<B, 2>,
    lr: f64,
}

impl<B: AutodiffBackend> Trainer<B> {
    pub fn fit(mut self, epochs: usize) -> Model<B> {
        let mut optim = AdamConfig::new().init();
        let logits = self.model.forward(self.inputs.clone()); //~ WARN loop-external-tracked
        let mut epoch = 0;
        while epoch < epochs {
            let loss = logits.clone().exp().sum_dim(1).log().mean();
            let grads = GradientsParams::from_grads(loss.backward(), &self.model);
            self.model = optim.step(self.lr, self.model, grads);
            epoch += 1;
        }
        self.model
    }

    pub fn fit_while_let(self, mut batches: impl Iterator<Item = Tensor<B, 2>>) {
        let bias = self.model.forward(self.inputs.clone()).mean_dim(0); //~ WARN loop-external-tracked
        while let Some(batch) = batches.next() {
            let loss = (self.model.forward(batch) + bias.clone()).mean();
            let _grads = loss.backward();
        }
    }
}
