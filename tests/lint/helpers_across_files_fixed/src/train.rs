//! The optimisation step, in its own file: it runs the backward of whatever loss it is given.
use burn::nn::loss::{MseLoss, Reduction};
use burn::optim::{GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

use crate::model::Regressor;

pub fn fit_step<B: AutodiffBackend, O: Optimizer<Regressor<B>, B>>(
    model: Regressor<B>,
    optim: &mut O,
    inputs: Tensor<B, 2>,
    targets: Tensor<B, 2>,
) -> Regressor<B> {
    let loss = MseLoss::new().forward(model.head.forward(inputs), targets, Reduction::Mean);
    let grads = GradientsParams::from_grads(loss.backward(), &model);
    optim.step(1e-3, model, grads)
}
