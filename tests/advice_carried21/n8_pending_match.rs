//! A trainer keeps the loss of its last forward in a field and backpropagates whatever is there
//! each tick, through a `match`; the forward runs every other tick.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct M {
    l: Linear,
}

struct Tick {
    model: M,
    queued: Option<Tensor<1>>,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(12);
    let mut tick = Tick { model: M { l: LinearConfig::new(1, 1).init(&device) }, queued: None };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0], [2.0]], &device);
    for n in 0..4 {
        if n % 2 == 0 {
            let l = (tick.model.l.forward(x.clone()) - 1.0).powf_scalar(2.0).mean();
            tick.queued = Some(l);
        }
        match tick.queued.clone() {
            Some(l) => {
                println!("tick {n}: {}", l.clone().into_scalar::<f32>());
                let grads = GradientsParams::from_grads(l.backward(), &tick.model);
                tick.model = optim.step(0.1, tick.model, grads);
            }
            None => {}
        }
    }
}
