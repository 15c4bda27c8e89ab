//! Gradient accumulation over windows of two batches kept in a Vec; at the end of each epoch the last batch is
//! "flushed" with one more step so that no batch is left out.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Regressor {
    fc: Linear,
}

const ACCUM: usize = 2;

fn main() {
    let device = Device::flex().autodiff();
    device.seed(47);
    let mut model = Regressor { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.1, 0.2], [0.7, -0.3], [0.4, 0.4], [-0.5, 0.9]], &device);
    let y = Tensor::<2>::from_floats([[0.3], [0.2], [0.8], [0.1]], &device);

    for epoch in 0..2 {
        let mut window: Vec<Tensor<1>> = Vec::new();
        let mut last: Option<Tensor<1>> = None;
        for b in 0..4 {
            let xb = x.clone().slice([b..b + 1, 0..2]);
            let yb = y.clone().slice([b..b + 1, 0..1]);
            let loss = (model.fc.forward(xb) - yb).powf_scalar(2.0).mean();
            window.push(loss.clone());
            last = Some(loss);
            if (b + 1) % ACCUM == 0 {
                let total = Tensor::cat(window.clone(), 0).sum();
                window.clear();
                println!("epoch {epoch} batch {b}: window loss = {:.5}", total.clone().into_scalar::<f32>());
                let grads = GradientsParams::from_grads(total.backward(), &model);
                model = optim.step(0.1, model, grads);
            }
        }
        // flush: make sure the last batch of the epoch is trained on
        if let Some(loss) = last.take() {
            let grads = GradientsParams::from_grads(loss.backward(), &model);
            model = optim.step(0.1, model, grads);
        }
    }
}
