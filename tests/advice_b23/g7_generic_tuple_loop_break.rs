//! Older dialect: a `(sum, n)` tuple of a tensor from zeros and a count, filled by a `loop`
//! that breaks after eight samples; every second sample the sum is backpropagated.
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
struct Lin<B: Backend> {
    l: Linear<B>,
}

fn main() {
    let device = Default::default();
    B::seed(&device, 14);
    let mut lin: Lin<B> = Lin { l: LinearConfig::new(1, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let mut pair = (Tensor::<B, 1>::zeros([1], &device), 0usize);
    let mut t = 0;
    loop {
        if t == 8 {
            break;
        }
        let x = Tensor::<B, 2>::from_floats([[t as f32 * 0.25]], &device);
        let target = 1.0 - t as f32 * 0.1;
        let miss = (lin.l.forward(x) - target).abs().mean();
        pair.0 = pair.0 + miss;
        pair.1 += 1;
        if pair.1 == 2 {
            let v: f32 = pair.0.clone().into_scalar().elem();
            println!("t {t}: {v:.6}");
            let grads = GradientsParams::from_grads(pair.0.clone().backward(), &lin);
            lin = sgd.step(0.05, lin, grads);
            pair.1 = 0;
        }
        t += 1;
    }
}
