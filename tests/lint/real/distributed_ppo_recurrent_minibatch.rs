// Reduced from ten2mushi/burn_distributed_rl, distributed_rl/src/runners/ppo_strategies/recurrent.rs
// (the minibatch update), commit d8f0f610e6d6a71c0d214642f97a245836631a8a.
// Recurrent PPO: each minibatch starts its hidden state afresh from stored data, carries it
// through the timesteps of an inner loop that runs no backward (resetting the rows whose
// episode ended), collects each step's log-probabilities and values in vectors, stacks them
// and runs one backward per minibatch. The carried state never outlives its minibatch. Silent.
use burn::optim::{GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub struct Hidden<B: Backend> {
    pub states: Tensor<B, 2>,
}

impl<B: Backend> Hidden<B> {
    pub fn from_data(values: &[f32], rows: usize, device: &B::Device) -> Self {
        Hidden { states: Tensor::<B, 1>::from_floats(values, device).reshape([rows, 64]) }
    }

    pub fn reset(&mut self, row: usize, device: &B::Device) {
        let zeros = Tensor::<B, 2>::zeros([1, 64], device);
        self.states = self.states.clone().slice_assign([row..row + 1, 0..64], zeros);
    }
}

pub fn update<B: AutodiffBackend, M: RecurrentPolicy<B>, O: Optimizer<M, B>>(
    mut model: M,
    optimizer: &mut O,
    minibatches: Vec<SequenceBatch>,
    device: &B::Device,
) -> M {
    for batch in minibatches {
        let mut hidden = Hidden::<B>::from_data(&batch.initial_hidden, batch.sequences, device);
        let mut all_log_probs: Vec<Tensor<B, 1>> = Vec::new();
        let mut all_values: Vec<Tensor<B, 1>> = Vec::new();
        for t in 0..batch.steps {
            let obs = Tensor::<B, 1>::from_floats(batch.observations[t].as_slice(), device).reshape([batch.sequences, 8]);
            let output = model.forward(obs, hidden);
            all_log_probs.push(output.log_probs);
            all_values.push(output.values);
            hidden = output.hidden;
            for (row, &terminal) in batch.terminals[t].iter().enumerate() {
                if terminal {
                    hidden.reset(row, device);
                }
            }
        }
        let log_probs = Tensor::stack::<2>(all_log_probs, 0).flatten::<1>(0, 1);
        let values = Tensor::stack::<2>(all_values, 0).flatten::<1>(0, 1);
        let old_log_probs = Tensor::<B, 1>::from_floats(batch.old_log_probs.as_slice(), device);
        let advantages = Tensor::<B, 1>::from_floats(batch.advantages.as_slice(), device);
        let returns = Tensor::<B, 1>::from_floats(batch.returns.as_slice(), device);
        let ratio = (log_probs - old_log_probs).exp();
        let policy_loss = -(ratio.clone() * advantages.clone()).min_pair(ratio.clamp(0.8, 1.2) * advantages).mean();
        let value_loss = (values - returns).powf_scalar(2.0).mean();
        let total_loss = policy_loss + value_loss.mul_scalar(0.5);
        let grads = GradientsParams::from_grads(total_loss.backward(), &model);
        model = optimizer.step(3e-4, model, grads);
    }
    model
}
