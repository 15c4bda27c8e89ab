// A closure or a nested block inside a loop is in the loop; so is the body of a closure given
// to an iterator adaptor that calls it once per element.
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn fit_epochs<B: AutodiffBackend>(encoder: Encoder<B>, head: Head<B>, images: Tensor<B, 4>) {
    let features = encoder.forward(images.clone()); //~ WARN loop-external-tracked
    (0..5).for_each(|epoch| {
        let loss = head.forward(features.clone()).mean();
        let grads = loss.backward();
        println!("epoch {epoch}: {:?}", head.weight.grad(&grads).map(|g| g.into_scalar()));
    });
}

pub fn fit_until<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>, limit: usize) {
    let mut optim = SgdConfig::new().init();
    let mut model = model;
    let cached = model.forward(x.clone()).tanh(); //~ WARN loop-external-tracked
    let mut step = 0;
    loop {
        {
            let penalty = |t: Tensor<B, 2>| t.powf_scalar(2.0).mean();
            let loss = penalty(cached.clone());
            let grads = GradientsParams::from_grads(loss.backward(), &model);
            model = optim.step(0.1, model, grads);
        }
        step += 1;
        if step == limit {
            break;
        }
    }
}

/// A loop whose body ends with `break` runs once: no second pass, no finding.
pub fn warm_up<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>) {
    let cached = model.forward(x);
    loop {
        let _grads = cached.clone().mean().backward();
        break;
    }
}
