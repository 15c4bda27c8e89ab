// A trainer whose backward is an associated function, called as `Self::backprop` for the update
// and again as `Trainer::backprop` to log the gradient's size: the second call backpropagates
// the same loss, whose steps the first consumed.
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
                let logged = Trainer::backprop(loss.clone(), &self.model); //~ WARN double-backward
                println!("step {step}: {} gradients", logged.len());
            }
            self.model = optim.step(self.lr, self.model.clone(), grads);
        }
    }
}
