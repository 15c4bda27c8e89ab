// A spiking network (a leaky integrate-and-fire layer, as snnTorch users write it) whose
// membrane potential `self.mem` is kept in the neuron between batches and never reset: the
// second batch's first time step integrates onto the first batch's membrane, whose steps the
// first batch's backward consumed.
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::activation::sigmoid;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct SpikingNet<B: Backend> {
    fc1: Linear<B>,
    fc2: Linear<B>,
}

/// A leaky neuron: the membrane decays by `beta` and integrates its input; it spikes past 1.
pub struct Leaky<B: Backend> {
    beta: f64,
    mem: Tensor<B, 2>,
}

impl<B: Backend> Leaky<B> {
    pub fn new(beta: f64, shape: [usize; 2], device: &B::Device) -> Self {
        Self { beta, mem: Tensor::zeros(shape, device) }
    }

    pub fn step(&mut self, current: Tensor<B, 2>) -> Tensor<B, 2> {
        self.mem = self.mem.clone() * self.beta + current; //~ WARN loop-external-tracked
        // A surrogate gradient: a steep sigmoid in place of the step function.
        sigmoid((self.mem.clone() - 1.0) * 5.0)
    }
}

pub fn train<B: AutodiffBackend>(
    mut net: SpikingNet<B>,
    batches: Vec<(Tensor<B, 2>, Tensor<B, 2>)>,
    num_steps: usize,
    device: &B::Device,
) -> SpikingNet<B> {
    let mut optim = AdamConfig::new().init();
    let mut hidden = Leaky::new(0.95, [32, 128], device);
    for (inputs, targets) in batches {
        let mut rate = Tensor::<B, 2>::zeros([32, 10], device);
        for _ in 0..num_steps {
            let spikes = hidden.step(net.fc1.forward(inputs.clone()));
            rate = rate + net.fc2.forward(spikes);
        }
        let loss = (rate / num_steps as f64 - targets).powf_scalar(2.0).mean();
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(5e-4, net, grads);
    }
    net
}
