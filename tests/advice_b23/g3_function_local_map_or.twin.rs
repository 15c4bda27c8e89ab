//! Hand twin of g3_function_local_map_or.rs.
//! An epoch function keeping a local running `Option` of the micro-batch losses, built with
//! `map_or`, stepping every third micro-batch; the running sum is never emptied.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Tiny {
    fc: Linear,
}

fn train_epoch(mut model: Tiny, xs: &[[f32; 2]], lr: f64, device: &Device) -> Tiny {
    let mut optim = SgdConfig::new().init();
    let mut running: Option<Tensor<1>> = None;
    for (i, row) in xs.iter().enumerate() {
        let x = Tensor::<2>::from_floats([*row], device);
        let loss = burn::tensor::activation::sigmoid(model.fc.forward(x)).mean();
        running = Some(running.map_or(loss.clone(), |r| r + loss));
        if i % 3 == 2 {
            let total = running.take().unwrap();
            println!("micro {i}: {:.6}", total.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(total.backward(), &model);
            model = optim.step(lr, model, grads);
        }
    }
    model
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(4);
    let mut model = Tiny { fc: LinearConfig::new(2, 1).init(&device) };
    let xs = [[0.2, 0.1], [0.5, -0.5], [-0.4, 0.8], [1.0, 0.0], [0.3, 0.3], [-0.2, -0.9]];
    for _ in 0..2 {
        model = train_epoch(model, &xs, 0.5, &device);
    }
}
