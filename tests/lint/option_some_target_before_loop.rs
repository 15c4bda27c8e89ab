// A shrinkage target for the weight, wrapped in Some before the loop (it may be switched off
// with None); the loop over epochs matches on it.
// pbpit run: the second epoch's backward panics at `shrink_to`; the fixes detach the tensor in
// the `Some`, or make `shrink_to` in the loop.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(14);
    let mut model = Model { fc: LinearConfig::new(2, 2).init(&device) };
    let mut optim = AdamConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.2, 0.8], [0.9, -0.4]], &device);
    let y = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0]], &device);
    let shrink_to = Some(model.fc.weight.val() * 0.8); //~ WARN loop-external-tracked
    for epoch in 0..3 {
        let fit = (model.fc.forward(x.clone()) - y.clone()).powf_scalar(2.0).mean();
        let pull = match &shrink_to {
            Some(t) => (model.fc.weight.val() - t.clone()).powf_scalar(2.0).sum(),
            None => Tensor::<1>::zeros([1], &device),
        };
        let loss = fit + pull * 0.5;
        println!("epoch {epoch}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.02, model, grads);
    }
}
