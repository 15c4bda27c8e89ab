// Fixed: `finish_episode` takes the saved log-probabilities out of the field
// (`std::mem::take`), so the next episode starts with none of this one's.
use burn::nn::{Linear, LinearConfig};
use burn::optim::adaptor::OptimizerAdaptor;
use burn::optim::{Adam, AdamConfig, GradientsParams, Optimizer};
use burn::{prelude::*, tensor::activation};
use burn::tensor::activation::log_softmax;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Policy<B: Backend> {
    hidden: Linear<B>,
    output: Linear<B>,
}

impl<B: Backend> Policy<B> {
    pub fn forward(&self, state: Tensor<B, 2>) -> Tensor<B, 2> {
        log_softmax(self.output.forward(activation::relu(self.hidden.forward(state))), 1)
    }
}

pub struct Reinforce<B: AutodiffBackend> {
    policy: Policy<B>,
    optim: OptimizerAdaptor<Adam, Policy<B>, B>,
    saved_log_probs: Vec<Tensor<B, 1>>,
    rewards: Vec<f32>,
    gamma: f32,
}

impl<B: AutodiffBackend> Reinforce<B> {
    pub fn select_action(&mut self, state: Tensor<B, 2>, sample: f32) -> usize {
        let log_probs = self.policy.forward(state);
        let probs: Vec<f32> = log_probs.clone().exp().into_data().to_vec().unwrap();
        let mut action = probs.len() - 1;
        let mut acc = 0.0;
        for (i, p) in probs.iter().enumerate() {
            acc += p;
            if sample < acc {
                action = i;
                break;
            }
        }
        self.saved_log_probs.push(log_probs.slice([0..1, action..action + 1]).reshape([1]));
        action
    }

    pub fn finish_episode(&mut self, device: &B::Device) {
        let mut returns = Vec::new();
        let mut running = 0.0;
        for reward in self.rewards.iter().rev() {
            running = reward + self.gamma * running;
            returns.insert(0, running);
        }
        let mut loss = Tensor::<B, 1>::zeros([1], device);
        let saved_log_probs = std::mem::take(&mut self.saved_log_probs);
        for (log_prob, ret) in saved_log_probs.into_iter().zip(returns) {
            loss = loss - log_prob * ret;
        }
        let grads = GradientsParams::from_grads(loss.backward(), &self.policy);
        self.policy = self.optim.step(1e-2, self.policy.clone(), grads);
        self.rewards.clear();
    }
}

pub fn run<B: AutodiffBackend>(mut agent: Reinforce<B>, env: &mut Env<B>, episodes: usize, device: &B::Device) {
    for episode in 0..episodes {
        let mut state = env.reset();
        loop {
            let action = agent.select_action(state, env.uniform());
            let (next, reward, done) = env.step(action);
            agent.rewards.push(reward);
            state = next;
            if done {
                break;
            }
        }
        agent.finish_episode(device);
        println!("episode {episode} finished");
    }
}
