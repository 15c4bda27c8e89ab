//! Gradient steps on micro-batches of two rows, each picked with `select` from one forward of the
//! whole batch.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    fc: Linear,
}

impl Net {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.fc.forward(x).tanh()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(6);
    let mut net = Net { fc: LinearConfig::new(3, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats(
        [[0.1, 0.2, 0.3], [1.0, -1.0, 0.5], [0.0, 0.4, -0.2], [0.7, 0.7, 0.7]],
        &device,
    );
    let y = Tensor::<2>::from_floats([[0.5], [-0.5], [0.1], [0.9]], &device);
    for epoch in 0..2 {
        let out = net.forward(x.clone());
        for i in 0..2 {
            let rows = Tensor::<1, Int>::from_ints([2 * i as i64, 2 * i as i64 + 1], &device);
            let pred = out.clone().select(0, rows.clone());
            let target = y.clone().select(0, rows);
            let loss = (pred - target).powf_scalar(2.0).mean();
            println!("epoch {epoch} micro {i}: loss = {:.6}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &net);
            net = optim.step(0.1, net, grads);
        }
    }
}
