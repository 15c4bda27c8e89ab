//! Actor-critic with a shared trunk, each head's loss backpropagated on its own (as one would
//! step two optimizers): the critic's backward reaches the trunk's output, which the actor's
//! backward consumed.
//!
//! Node ids: trunk.weight 0, .bias 1, actor.weight 2, .bias 3, critic.weight 4, .bias 5 (field
//! order), states 6, returns 7 (actions: Int, no node). Update 0: trunk 8-10 (a linear: matmul,
//! the bias's reshape, add), relu 11 (the shared h), actor 12-14, critic 15-17, log_softmax 18-24,
//! gather 25, returns - value 26, detach 27, mul 28, mean 29, neg 30 (actor_loss); sub 31, square
//! 32, mean 33 (critic_loss). The actor's backward consumes 30 down to 8, but not the critic's head
//! (the advantage is detached). The critic's walk 33 -> 32 -> 31 -> 17 -> 15 -> 11: NodeId(11).

use burn::{
    module::Param,
    nn::{Linear, Relu},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
    tensor::activation::log_softmax,
};

#[derive(Module, Debug)]
pub struct ActorCritic {
    trunk: Linear,
    actor: Linear,
    critic: Linear,
    activation: Relu,
}

impl ActorCritic {
    /// The policy's logits and the state's value.
    pub fn forward(&self, state: Tensor<2>) -> (Tensor<2>, Tensor<2>) {
        let h = self.activation.forward(self.trunk.forward(state));
        (self.actor.forward(h.clone()), self.critic.forward(h))
    }
}

fn linear(weight: Tensor<2>, bias: Tensor<1>) -> Linear {
    Linear { weight: Param::from_tensor(weight), bias: Some(Param::from_tensor(bias)) }
}

fn losses(
    model: &ActorCritic,
    states: Tensor<2>,
    actions: Tensor<1, Int>,
    returns: Tensor<2>,
) -> (Tensor<1>, Tensor<1>) {
    let (logits, value) = model.forward(states);
    let log_probs = log_softmax(logits, 1).gather(1, actions.reshape([2, 1]));
    let advantage = (returns.clone() - value.clone()).detach();
    let actor_loss = (log_probs * advantage).mean().neg();
    let critic_loss = (returns - value).square().mean();
    (actor_loss, critic_loss)
}

fn main() {
    let device = Device::default().autodiff();
    let mut model: ActorCritic = ActorCritic {
        trunk: linear(
            Tensor::from_floats([[0.5, -0.25], [0.25, 0.5]], &device),
            Tensor::from_floats([0.125, 0.0], &device),
        ),
        actor: linear(
            Tensor::from_floats([[1.0, -1.0], [0.5, 0.5]], &device),
            Tensor::from_floats([0.0, 0.0], &device),
        ),
        critic: linear(
            Tensor::from_floats([[0.5], [1.0]], &device),
            Tensor::from_floats([0.0], &device),
        ),
        activation: Relu::new(),
    };
    let states = Tensor::<2>::from_floats([[1.0, 0.5], [-0.5, 1.0]], &device);
    let returns = Tensor::<2>::from_floats([[1.0], [0.5]], &device);
    let actions = Tensor::<1, Int>::from_data([0, 1], &device);
    let mut optim = AdamConfig::new().init();

    for update in 0..2 {
        let (actor_loss, critic_loss) =
            losses(&model, states.clone(), actions.clone(), returns.clone());
        println!(
            "update {update}: actor = {}, critic = {}",
            actor_loss.clone().into_scalar::<f32>(),
            critic_loss.clone().into_scalar::<f32>()
        );
        let actor_grads = actor_loss.backward();
        let trunk_grad = model.trunk.weight.grad(&actor_grads).unwrap();
        println!("  actor: trunk.weight.grad = {:?}", trunk_grad.to_data().to_vec::<f32>().unwrap());
        let critic_grads = critic_loss.backward();
        // One step for each loss's gradients.
        let grads = GradientsParams::from_grads(actor_grads, &model);
        model = optim.step(0.001, model, grads);
        let grads = GradientsParams::from_grads(critic_grads, &model);
        model = optim.step(0.001, model, grads);
    }
}
