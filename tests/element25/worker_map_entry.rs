//! Two actors share one recurrent policy; each actor keeps its own hidden state between its turns.
use std::collections::HashMap;
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    enc: Linear,
    mix: Linear,
    out: Linear,
}

struct Worker {
    name: String,
    h: Tensor<2>,
}

impl Worker {
    fn act(&mut self, net: &Net, obs: Tensor<2>) -> Tensor<2> {
        let h = (net.enc.forward(obs) + net.mix.forward(self.h.clone())).tanh();
        self.h = h.clone();
        net.out.forward(h)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(11);
    let mut net = Net {
        enc: LinearConfig::new(2, 3).init(&device),
        mix: LinearConfig::new(3, 3).with_bias(false).init(&device),
        out: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let mut workers: HashMap<usize, Worker> = HashMap::new();
    let obs = Tensor::<2>::from_floats([[0.2, 0.4], [0.9, -0.1], [-0.3, 0.5], [0.6, 0.6]], &device);
    let returns = [0.5f32, -0.2, 0.1, 0.7];

    for t in 0..4 {
        let w = workers
            .entry(t % 2)
            .or_insert_with(|| Worker { name: format!("w{}", t % 2), h: Tensor::<2>::zeros([1, 3], &device) });
        let v = w.act(&net, obs.clone().slice([t..t + 1, 0..2]));
        let loss = v.sub_scalar(returns[t]).powf_scalar(2.0).mean();
        println!("t={t} {}: loss = {:.5}", w.name, loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.05, net, grads);
    }
}
