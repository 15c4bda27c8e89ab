//! A learner that stores its last loss in `self.last` and steps on it in a separate call;
//! the forward is skipped on every third step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Probe {
    lin: Linear,
}

struct Learner {
    net: Probe,
    last: Option<Tensor<1>>,
    seen: usize,
}

impl Learner {
    fn observe(&mut self, x: Tensor<2>, target: Tensor<2>) {
        let err = (self.net.lin.forward(x) - target).abs().mean();
        self.seen += 1;
        self.last = Some(err);
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(41);
    let mut learner = Learner {
        net: Probe { lin: LinearConfig::new(2, 1).init(&device) },
        last: None,
        seen: 0,
    };
    let mut optim = AdamConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.5, 1.0], [1.5, -1.0]], &device);
    let t = Tensor::<2>::from_floats([[1.0], [0.0]], &device);

    for it in 0..5 {
        if it % 3 != 2 {
            learner.observe(x.clone(), t.clone());
        }
        if let Some(err) = learner.last.clone() {
            println!("it {it}: err = {}", err.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(err.backward(), &learner.net);
            learner.net = optim.step(0.02, learner.net, grads);
        }
    }
    println!("seen {}", learner.seen);
}
