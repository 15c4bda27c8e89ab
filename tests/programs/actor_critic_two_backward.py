"""actor_critic_two_backward.rs in pbpit's Python API: actor_critic.py with each head's loss
backpropagated on its own; the critic's backward reaches the shared trunk output the actor's
consumed: the panic at NodeId(11)."""

import pbpit as pb
from pbpit.activation import log_softmax


def linear(weight, bias):
    return pb.Linear(pb.Param.from_tensor(weight), pb.Param.from_tensor(bias))


class ActorCritic(pb.Module):
    def __init__(self, trunk, actor, critic):
        self.trunk = trunk
        self.actor = actor
        self.critic = critic
        self.activation = pb.Relu.new()

    def forward(self, state):
        """The policy's logits and the state's value."""
        h = self.activation.forward(self.trunk.forward(state))
        return self.actor.forward(h.clone()), self.critic.forward(h)


def losses(model, states, actions, returns):
    logits, value = model.forward(states)
    log_probs = log_softmax(logits, 1).gather(1, actions.reshape([2, 1]))
    advantage = (returns.clone() - value.clone()).detach()
    actor_loss = (log_probs * advantage).mean().neg()
    critic_loss = (returns - value).square().mean()
    return actor_loss, critic_loss


device = pb.Device.default().autodiff()
model = ActorCritic(
    linear(pb.Tensor.from_floats([[0.5, -0.25], [0.25, 0.5]], device),
           pb.Tensor.from_floats([0.125, 0.0], device)),
    linear(pb.Tensor.from_floats([[1.0, -1.0], [0.5, 0.5]], device),
           pb.Tensor.from_floats([0.0, 0.0], device)),
    linear(pb.Tensor.from_floats([[0.5], [1.0]], device),
           pb.Tensor.from_floats([0.0], device)),
)
states = pb.Tensor.from_floats([[1.0, 0.5], [-0.5, 1.0]], device)
returns = pb.Tensor.from_floats([[1.0], [0.5]], device)
actions = pb.Tensor.from_ints([0, 1], device)  # Burn's `Tensor<B, 1, Int>`: no node id
optim = pb.AdamConfig.new().init()

for update in range(2):
    actor_loss, critic_loss = losses(model, states.clone(), actions.clone(), returns.clone())
    print(f"update {update}: actor = {pb.rust_display(actor_loss.clone().into_scalar())}, "
          f"critic = {pb.rust_display(critic_loss.clone().into_scalar())}")
    actor_grads = actor_loss.backward()
    trunk_grad = model.trunk.weight.grad(actor_grads)
    print(f"  actor: trunk.weight.grad = {pb.rust_debug(trunk_grad.to_vec())}")
    critic_grads = critic_loss.backward()
    # One step for each loss's gradients.
    grads = pb.GradientsParams.from_grads(actor_grads, model)
    model = optim.step(0.001, model, grads)
    grads = pb.GradientsParams.from_grads(critic_grads, model)
    model = optim.step(0.001, model, grads)
