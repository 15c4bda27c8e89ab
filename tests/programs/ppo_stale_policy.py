"""ppo_stale_policy.rs in pbpit's Python API: the old log-probabilities left attached; epoch 0's
backward consumes their step, epoch 1's reaches them again: the panic at NodeId(14)."""

import pbpit as pb
from pbpit.activation import log_softmax


def log_probs(policy, states, actions):
    return log_softmax(policy.forward(states), 1).gather(1, actions.reshape([2, 1]))


device = pb.Device.default().autodiff()
policy = pb.Linear(
    pb.Param.from_tensor(pb.Tensor.from_floats([[0.5, -0.5], [0.25, 0.5]], device)),
    pb.Param.from_tensor(pb.Tensor.from_floats([0.0, 0.0], device)),
)
states = pb.Tensor.from_floats([[1.0, 0.5], [-1.0, 1.0]], device)
advantages = pb.Tensor.from_floats([[1.0], [-0.5]], device)
actions = pb.Tensor.from_ints([0, 1], device)  # Burn's `Tensor<B, 1, Int>`: no node id
optim = pb.AdamConfig.new().init()

old_log_probs = log_probs(policy, states.clone(), actions.clone())
for epoch in range(3):
    new_log_probs = log_probs(policy, states.clone(), actions.clone())
    ratio = (new_log_probs - old_log_probs.clone()).exp()
    loss = (ratio.clone() * advantages.clone()).mean().neg()
    print(f"epoch {epoch}: loss = {pb.rust_display(loss.clone().into_scalar())}, "
          f"ratio = {pb.rust_debug(ratio.to_vec())}")
    grads = pb.GradientsParams.from_grads(loss.backward(), policy)
    policy = optim.step(0.05, policy, grads)
