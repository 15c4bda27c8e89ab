//! Hand twin of g4_tuple_struct_tensor.rs.
//! A tuple struct `Bucket(sum, count)` holding a tensor sum from zeros; the loop adds each
//! sample's loss and backpropagates every third sample, resetting only the count.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Probe {
    head: Linear,
}

struct Bucket(Tensor<1>, usize);

fn main() {
    let device = Device::flex().autodiff();
    device.seed(33);
    let mut probe = Probe { head: LinearConfig::new(2, 2).init(&device) };
    let mut adam = AdamConfig::new().init();
    let samples = [[0.6, 0.1], [0.0, 0.4], [-0.3, -0.3], [0.9, -0.7], [0.2, 0.5], [-0.8, 0.6]];
    let mut bucket = Bucket(Tensor::<1>::zeros([1], &device), 0);

    for (n, s) in samples.iter().enumerate() {
        let x = Tensor::<2>::from_floats([*s], &device);
        let loss = probe.head.forward(x).exp().mean();
        bucket.0 = bucket.0.clone() + loss;
        bucket.1 += 1;
        if bucket.1 == 3 {
            println!("sample {n}: {:.6}", bucket.0.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(bucket.0.clone().backward(), &probe);
            probe = adam.step(0.01, probe, grads);
            bucket.1 = 0;
            bucket.0 = Tensor::<1>::zeros([1], &device);
        }
    }
}
