//! A tuple struct whose sum the loop fills itself; backpropagated every second batch.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Line {
    fit: Linear,
}

struct Tally(Option<Tensor<1>>, u32);

fn main() {
    let device = Device::flex().autodiff();
    device.seed(27);
    let mut line = Line { fit: LinearConfig::new(1, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let xs = [0.5, 1.0, 1.5, 2.0, 2.5, 3.0];
    let mut tally = Tally(None, 0);

    for (n, x) in xs.iter().enumerate() {
        let input = Tensor::<2>::from_floats([[*x]], &device);
        let miss = (line.fit.forward(input) - 2.0 * x + 1.0).powf_scalar(2.0).mean();
        tally.0 = Some(match tally.0.take() {
            Some(sum) => sum + miss,
            None => miss,
        });
        tally.1 += 1;
        if tally.1 == 2 {
            let total = tally.0.clone().unwrap();
            println!("batch {}: total = {:.6}", n / 2, total.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(total.backward(), &line);
            line = sgd.step(0.02, line, grads);
            tally.1 = 0;
        }
    }
}
