// Panics (hand derivation): a trainer's `train` method runs the episodes and pushes each
// step's log-prob into `self.buffer.log_probs`; `Buffer::reset` (called after each update)
// truncates the rewards but not the log-probs. Episode 1's zip takes episode 0's two log-probs
// first, whose steps episode 0's backward consumed: its backward panics. `self.buffer.log_probs`
// carries them. Fix by hand: `self.log_probs.truncate(0);` in `reset`, beside the rewards'.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation::log_softmax,
};

struct Buffer {
    log_probs: Vec<Tensor<1>>,
    rewards: Vec<f32>,
}

impl Buffer {
    fn reset(&mut self) {
        self.rewards.truncate(0);
    }
}

struct Trainer {
    policy: Linear,
    buffer: Buffer,
}

impl Trainer {
    fn train(&mut self, device: &Device, episodes: usize) {
        let mut optim = SgdConfig::new().init();
        for episode in 0..episodes {
            for t in 0..2 {
                let s = Tensor::<2>::from_floats([[0.5, t as f32]], device);
                let lp = log_softmax(self.policy.forward(s), 1).slice([0..1, 0..1]).reshape([1]);
                self.buffer.log_probs.push(lp);
                self.buffer.rewards.push(1.0);
            }
            let mut loss = Tensor::<1>::zeros([1], device);
            for (lp, r) in self.buffer.log_probs.iter().zip(self.buffer.rewards.iter()) {
                loss = loss - lp.clone().mul_scalar(*r);
            }
            println!("episode {episode}: {:.4}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &self.policy);
            self.policy = optim.step(0.1, self.policy.clone(), grads);
            self.buffer.reset();
        }
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(2);
    let buffer = Buffer { log_probs: Vec::new(), rewards: Vec::new() };
    let mut trainer = Trainer { policy: LinearConfig::new(2, 2).init(&device), buffer };
    trainer.train(&device, 3);
}
