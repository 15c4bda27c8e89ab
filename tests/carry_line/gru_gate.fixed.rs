//! A gated recurrent cell read one step at a time; the state is kept in `let mut state` and
//! replaced by the new one as the last line of each step, never detached.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Gated {
    gate: Linear,
    cand: Linear,
    out: Linear,
}

impl Gated {
    fn next(&self, x: Tensor<2>, state: Tensor<2>) -> Tensor<2> {
        let both = Tensor::cat(vec![x, state.clone()], 1);
        let z = activation::sigmoid(self.gate.forward(both.clone()));
        let c = self.cand.forward(both).tanh();
        z.clone() * c + (z.neg() + 1.0) * state
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut net = Gated {
        gate: LinearConfig::new(5, 3).init(&device),
        cand: LinearConfig::new(5, 3).init(&device),
        out: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let inputs = [[0.5, -1.0], [1.0, 0.25], [-0.5, 0.5], [0.0, 1.0]];
    let targets = [0.3, -0.2, 0.1, 0.4];
    let mut state = Tensor::<2>::zeros([1, 3], &device);
    for (step, (x, y)) in inputs.iter().zip(targets).enumerate() {
        let x = Tensor::<2>::from_floats([*x], &device);
        let fresh = net.next(x, state);
        let guess = net.out.forward(fresh.clone());
        let loss = (guess - y).powf_scalar(2.0).mean();
        println!("step {step}: loss {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.05, net, grads);
        state = fresh.detach();
    }
}
