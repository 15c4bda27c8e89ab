//! A meter struct holding a tensor sum the loop adds to; backpropagated every third sample.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Head {
    out: Linear,
}

struct Meter {
    sum: Tensor<1>,
    seen: usize,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(12);
    let mut head = Head { out: LinearConfig::new(3, 1).init(&device) };
    let mut adam = AdamConfig::new().init();
    let rows = [[0.1, 0.5, -0.2], [0.8, -0.3, 0.4], [-0.6, 0.2, 0.9], [0.3, 0.3, 0.3]];
    let mut meter = Meter { sum: Tensor::<1>::zeros([1], &device), seen: 0 };

    for epoch in 0..3 {
        for row in rows.iter() {
            let x = Tensor::<2>::from_floats([*row], &device);
            let loss = head.out.forward(x).tanh().powf_scalar(2.0).mean();
            meter.sum = meter.sum.clone() + loss;
            meter.seen += 1;
            if meter.seen % 3 == 0 {
                let mean = meter.sum.clone() / 3.0;
                println!("epoch {epoch}: {:.6}", mean.clone().into_scalar::<f32>());
                let grads = GradientsParams::from_grads(mean.backward(), &head);
                head = adam.step(0.02, head, grads);
            }
        }
    }
}
