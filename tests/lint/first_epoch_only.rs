// A branch on the loop's counter (`epoch == 0`, `step == last`) is taken in one pass only: a
// backward in it runs once, however many passes the loop makes. No finding for that; but a
// tensor it consumed is still consumed for a backward elsewhere in a later pass, and a
// branch taken every few passes (`epoch % 10 == 0`) runs more than once.
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn train<B: AutodiffBackend>(mut model: Model<B>, calibration: Tensor<B, 2>, loader: Loader<B>, epochs: usize) {
    let mut optim = AdamConfig::new().init();
    // A sanity check of the untrained model: do gradients reach every parameter?
    let probe = model.forward(calibration.clone()).mean();
    for epoch in 0..epochs {
        if epoch == 0 {
            let grads = probe.backward();
            println!("weight gradient present: {}", model.weight.grad(&grads).is_some());
        }
        for (step, batch) in loader.iter().enumerate() {
            let loss = model.forward(batch.x).sub(batch.y).abs().mean();
            if step == 0 {
                println!("epoch {epoch}: first loss {}", loss.clone().into_scalar());
            }
            let grads = GradientsParams::from_grads(loss.backward(), &model);
            model = optim.step(1e-3, model, grads);
        }
        if epoch == epochs - 1 {
            let last = model.forward(calibration.clone()).mean();
            let _grads = last.backward();
        }
    }
}

pub fn probe_used_again<B: AutodiffBackend>(model: Model<B>, calibration: Tensor<B, 2>, epochs: usize) {
    let probe = model.forward(calibration).mean(); //~ WARN loop-external-tracked
    for epoch in 0..epochs {
        if epoch == 0 {
            let _grads = probe.backward();
        } else {
            let _grads = (probe.clone() * 2.0).backward();
        }
    }
}

pub fn probe_every_ten<B: AutodiffBackend>(model: Model<B>, calibration: Tensor<B, 2>, epochs: usize) {
    let probe = model.forward(calibration).mean(); //~ WARN loop-external-tracked
    for epoch in 0..epochs {
        if epoch % 10 == 0 {
            let _grads = probe.backward();
        }
    }
}
