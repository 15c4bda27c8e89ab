//! Losses summed into a plain tensor, stepped every third batch and the sum zeroed with its
//! counter; after the epoch the last batch is "flushed" once more.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    lin: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(23);
    let mut net = Net { lin: LinearConfig::new(3, 1).init(&device) };
    let mut optim = AdamConfig::new().init();
    let x = Tensor::<2>::from_floats(
        [[0.1, 0.2, 0.3], [0.3, 0.1, 0.0], [0.9, 0.5, 0.1], [0.0, 0.4, 0.8], [0.2, 0.2, 0.2], [0.6, 0.0, 0.3]],
        &device,
    );
    let y = Tensor::<2>::from_floats([[1.0], [0.5], [0.0], [1.5], [0.7], [0.2]], &device);
    for epoch in 0..2 {
        let mut sum = Tensor::<1>::zeros([1], &device);
        let mut count = 0;
        let mut last = None;
        for i in 0..6 {
            let loss = (net.lin.forward(x.clone().slice([i..i + 1, 0..3])) - y.clone().slice([i..i + 1, 0..1])).abs().mean();
            sum = sum + loss.clone();
            count += 1;
            last = Some(loss);
            if count == 3 {
                println!("epoch {epoch} step at {i}: {:.5}", sum.clone().into_scalar::<f32>());
                let grads = GradientsParams::from_grads(sum.backward(), &net);
                net = optim.step(0.01, net, grads);
                sum = Tensor::<1>::zeros([1], &device);
                count = 0;
            }
        }
        if let Some(loss) = last {
            let grads = GradientsParams::from_grads(loss.backward(), &net);
            net = optim.step(0.01, net, grads);
        }
    }
}
