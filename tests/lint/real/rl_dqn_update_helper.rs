// Reduced from yunjhongwu/burn-rl-examples, burn-rl/src/utils/mod.rs (`update_parameters`) and
// burn-rl/src/agent/dqn/agent.rs, commit bf76ba61fdc89837cbf259a6f554a1fcec238690.
// Every backward of the repository runs inside one helper. The DQN step makes its loss fresh
// on each call, from a replay batch (data) and a target network's detached values: nothing
// tracked outlives a call, so the helper's backward never meets a consumed step. Silent.
use burn::module::AutodiffModule;
use burn::nn::loss::{MseLoss, Reduction};
use burn::optim::{GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn update_parameters<B: AutodiffBackend, M: AutodiffModule<B>>(
    loss: Tensor<B, 1>,
    module: M,
    optimizer: &mut impl Optimizer<M, B>,
    learning_rate: f64,
) -> M {
    let gradients = loss.backward();
    let gradient_params = GradientsParams::from_grads(gradients, &module);
    optimizer.step(learning_rate, module, gradient_params)
}

pub struct Replay<B: Backend> {
    pub states: Tensor<B, 2>,
    pub actions: Tensor<B, 2, Int>,
    pub next_states: Tensor<B, 2>,
    pub rewards: Tensor<B, 2>,
    pub not_done: Tensor<B, 2>,
}

pub struct Dqn<M> {
    target_net: Option<M>,
}

impl<M: AutodiffModule<B> + QNet<B>, B: AutodiffBackend> Dqn<M> {
    pub fn train(&mut self, mut policy_net: M, replay: &Replay<B>, optimizer: &mut impl Optimizer<M, B>) -> M {
        let q_taken = policy_net.forward(replay.states.clone()).gather(1, replay.actions.clone());
        let target_net = self.target_net.take().unwrap();
        let q_next = target_net.forward(replay.next_states.clone()).max_dim(1).detach();
        let expected = (q_next * replay.not_done.clone()).mul_scalar(0.99) + replay.rewards.clone();
        let loss = MseLoss.forward(q_taken, expected, Reduction::Mean);
        policy_net = update_parameters(loss, policy_net, optimizer, 1e-3);
        self.target_net = Some(target_net.soft_update(&policy_net, 0.005));
        policy_net
    }
}

pub fn run<M: AutodiffModule<B> + QNet<B>, B: AutodiffBackend>(
    mut policy_net: M,
    replays: Vec<Replay<B>>,
    optimizer: &mut impl Optimizer<M, B>,
    target: M,
) -> M {
    let mut agent = Dqn { target_net: Some(target) };
    for replay in replays.iter() {
        policy_net = agent.train(policy_net, replay, optimizer);
    }
    policy_net
}
