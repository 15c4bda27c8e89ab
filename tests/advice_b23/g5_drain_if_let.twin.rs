//! Hand twin of g5_drain_if_let.rs.
//! A pending-loss struct: `add` sums each loss into an `Option`, `drain` hands out a clone of
//! the sum and resets the count; the loop backpropagates what `drain` gives through `if let`.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    out: Linear,
}

struct Pending {
    sum: Option<Tensor<1>>,
    count: usize,
}

impl Pending {
    fn add(&mut self, loss: Tensor<1>) {
        self.sum = Some(match self.sum.clone() {
            Some(s) => s + loss,
            None => loss,
        });
        self.count += 1;
    }

    fn drain(&mut self) -> Option<Tensor<1>> {
        self.count = 0;
        self.sum.take()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(17);
    let mut model = Model { out: LinearConfig::new(2, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let mut pending = Pending { sum: None, count: 0 };
    let xs = [[0.3, 0.3], [0.8, -0.2], [-0.5, 0.4], [0.1, 0.9], [0.6, 0.6], [-0.1, -0.4]];

    for (i, row) in xs.iter().enumerate() {
        let x = Tensor::<2>::from_floats([*row], &device);
        pending.add(model.out.forward(x).powf_scalar(2.0).mean());
        if pending.count == 2 {
            if let Some(total) = pending.drain() {
                println!("batch {}: {:.6}", i / 2, total.clone().into_scalar::<f32>());
                let grads = GradientsParams::from_grads(total.backward(), &model);
                model = sgd.step(0.2, model, grads);
            }
        }
    }
}
