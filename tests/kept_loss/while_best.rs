//! A while loop over batches remembers the loss of the batch with the lowest loss and steps on
//! it once more at the end.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct M {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(64);
    let mut m = M { fc: LinearConfig::new(2, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let data = Tensor::<2>::from_floats([[0.3, 0.1], [0.2, -0.7], [0.8, 0.4]], &device);
    let want = Tensor::<2>::from_floats([[0.2], [0.9], [0.5]], &device);
    let mut i = 0;
    let mut best: Option<(f32, Tensor<1>)> = None;
    while i < 3 {
        let xb = data.clone().narrow(0, i, 1);
        let yb = want.clone().narrow(0, i, 1);
        let loss = (m.fc.forward(xb) - yb).powf_scalar(2.0).mean();
        let v = loss.clone().into_scalar::<f32>();
        let grads = GradientsParams::from_grads(loss.backward(), &m);
        m = sgd.step(0.1, m, grads);
        if best.as_ref().map_or(true, |(b, _)| v < *b) {
            best = Some((v, loss));
        }
        i += 1;
    }
    if let Some((_, loss)) = best {
        let grads = GradientsParams::from_grads(loss.backward(), &m);
        m = sgd.step(0.1, m, grads);
    }
    println!("w = {:.6}", m.fc.weight.val().sum().into_scalar::<f32>());
}
