// Panics (hand derivation): each micro-batch's loss is pushed into `logged`, and every 2nd
// pass sums `logged` and backpropagates it; `logged` is never emptied, so pass 3's sum holds
// pass 0's and 1's losses, whose steps pass 1's backward consumed. Emptied at the end of the
// `if`, after the step (`logged.clear();`); at the end of every pass it would be empty each
// time the `if` is tested: no backward would ever run.
// Code fix: detach each pass
//! Gradient accumulation over micro-batches: each micro-batch's loss is logged in a `Vec`, and
//! every 2 micro-batches the logged losses are summed, backpropagated and stepped.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

fn main() {
    let device = Device::flex().autodiff();
    device.seed(303);
    let mut model: Linear = LinearConfig::new(3, 2).init(&device);
    let mut optim = SgdConfig::new().init();
    let data = Tensor::<2>::from_floats(
        [[1.0, 0.0, 2.0], [0.5, 1.5, -1.0], [0.0, 1.0, 1.0], [2.0, -1.0, 0.0], [1.0, 1.0, 1.0], [-1.0, 0.5, 0.5]],
        &device,
    );
    let targets = Tensor::<2>::from_floats(
        [[1.0, 0.0], [0.0, 1.0], [0.5, 0.5], [1.0, -1.0], [0.0, 0.0], [-0.5, 0.5]],
        &device,
    );
    let mut logged: Vec<Tensor<1>> = Vec::new();
    for micro in 0..6 {
        let x = data.clone().slice([micro..micro + 1, 0..3]);
        let t = targets.clone().slice([micro..micro + 1, 0..2]);
        let loss = (model.forward(x) - t).powf_scalar(2.0).mean();
        logged.push(loss);
        if logged.len() % 2 == 0 {
            let total = logged.iter().cloned().reduce(|acc, l| acc + l).unwrap();
            println!("micro {micro}: accumulated {:.6}", total.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(total.backward(), &model);
            model = optim.step(0.1, model, grads);
            logged.clear();
        }
    }
}
