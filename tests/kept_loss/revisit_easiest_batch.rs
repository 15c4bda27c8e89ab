//! Each epoch trains on three batches, remembers the batch with the lowest loss, and at the end
//! of the epoch takes one more step on that batch.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(233);
    let mut model = Model { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.5, 0.1], [0.2, 0.9], [-0.3, 0.4]], &device);
    let y = Tensor::<2>::from_floats([[0.4], [1.0], [0.1]], &device);

    for epoch in 0..2 {
        let mut best: Option<(f32, Tensor<1>)> = None;
        for b in 0..3 {
            let xb = x.clone().slice([b..b + 1, 0..2]);
            let yb = y.clone().slice([b..b + 1, 0..1]);
            let loss = (model.fc.forward(xb) - yb).powf_scalar(2.0).mean();
            let v = loss.clone().into_scalar::<f32>();
            println!("epoch {epoch} batch {b}: loss = {v:.5}");
            let grads = GradientsParams::from_grads(loss.backward(), &model);
            model = optim.step(0.1, model, grads);
            if best.as_ref().map_or(true, |(bv, _)| v < *bv) {
                best = Some((v, loss));
            }
        }
        // one more step on the easiest batch
        if let Some((_, loss)) = best {
            let grads = GradientsParams::from_grads(loss.backward(), &model);
            model = optim.step(0.1, model, grads);
        }
    }
}
