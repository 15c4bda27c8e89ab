// Fixed: the gradients of the one backward are logged; the loss is backpropagated once.
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub struct Trainer<B: AutodiffBackend> {
    model: Model<B>,
    lr: f64,
}

impl<B: AutodiffBackend> Trainer<B> {
    fn backprop(loss: Tensor<B, 1>, model: &Model<B>) -> GradientsParams {
        GradientsParams::from_grads(loss.backward(), model)
    }

    pub fn fit(&mut self, batches: Vec<(Tensor<B, 2>, Tensor<B, 2>)>) {
        let mut optim = AdamConfig::new().init();
        for (step, (x, y)) in batches.into_iter().enumerate() {
            let loss = (self.model.forward(x) - y).powf_scalar(2.0).mean();
            let grads = Self::backprop(loss.clone(), &self.model);
            if step % 100 == 0 {
                let logged = &grads;
                println!("step {step}: {} gradients", logged.len());
            }
            self.model = optim.step(self.lr, self.model.clone(), grads);
        }
    }
}
