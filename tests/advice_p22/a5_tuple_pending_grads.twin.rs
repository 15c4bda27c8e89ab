//! Two regressors share one pending loss kept in a tuple struct: `.0` counts the batches seen,
//! `.1` holds their summed loss; every second batch `step` backpropagates it and the optimizer
//! moves the model.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    first: Linear,
    second: Linear,
}

struct Pending(usize, Option<Tensor<1>>);

impl Pending {
    fn add(&mut self, loss: Tensor<1>) {
        self.1 = Some(match self.1.take() {
            None => loss,
            Some(before) => before + loss,
        });
        self.0 += 1;
    }

    fn step(&mut self, net: &Net) -> GradientsParams {
        let total = self.1.take().expect("a loss was added");
        self.0 = 0;
        GradientsParams::from_grads(total.backward(), net)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut net = Net {
        first: LinearConfig::new(2, 4).init(&device),
        second: LinearConfig::new(4, 1).init(&device),
    };
    let mut sgd = SgdConfig::new().init();
    let inputs = Tensor::<2>::from_floats([[0.5, -0.5], [1.0, 0.25], [-0.75, 0.5], [0.0, 1.0]], &device);
    let targets = Tensor::<2>::from_floats([[0.2], [0.9], [-0.4], [0.6]], &device);
    let mut pending = Pending(0, None);

    for epoch in 0..2 {
        for b in 0..4 {
            let x = inputs.clone().slice([b..b + 1, 0..2]);
            let t = targets.clone().slice([b..b + 1, 0..1]);
            let out = net.second.forward(net.first.forward(x).tanh());
            let loss = (out - t).powf_scalar(2.0).mean();
            println!("epoch {epoch} batch {b}: {:.6}", loss.clone().into_scalar::<f32>());
            pending.add(loss);
            if pending.0 == 2 {
                let grads = pending.step(&net);
                net = sgd.step(0.05, net, grads);
            }
        }
    }
}
