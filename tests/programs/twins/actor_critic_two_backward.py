"""Twin of actor_critic_two_backward.rs: actor_critic.py with a backward a head."""

from burn32 import Adam, Linear, T, log_softmax, rust_debug, rust_display, v

PANICS_AT = 11  # derived by hand in actor_critic_two_backward.rs
TWO_BACKWARDS = True

trunk = Linear([[0.5, -0.25], [0.25, 0.5]], [0.125, 0.0])
actor = Linear([[1.0, -1.0], [0.5, 0.5]], [0.0, 0.0])
critic = Linear([[0.5], [1.0]], [0.0])
params = {"trunk.w": trunk.weight, "trunk.b": trunk.bias, "actor.w": actor.weight,
          "actor.b": actor.bias, "critic.w": critic.weight, "critic.b": critic.bias}
states = T.from_floats([[1.0, 0.5], [-0.5, 1.0]])
returns = T.from_floats([[1.0], [0.5]])
actions = [0, 1]
optim = Adam()
for update in range(2):
    h = trunk.forward(states.clone()).relu()
    logits, value = actor.forward(h.clone()), critic.forward(h)
    log_probs = log_softmax(logits).gather_rows(actions)
    advantage = (returns.clone() - value.clone()).detach()
    actor_loss = -((log_probs * advantage).mean())
    critic_loss = (returns.clone() - value).square().mean()
    print(f"update {update}: actor = {rust_display(actor_loss.scalar())}, "
          f"critic = {rust_display(critic_loss.scalar())}")
    if TWO_BACKWARDS:
        actor_grads = actor_loss.backward()
        print(f"  actor: trunk.weight.grad = {rust_debug(v(trunk.weight.t.grad(actor_grads)))}")
        critic_grads = critic_loss.backward()
        continue
    grads = (actor_loss + critic_loss * 0.5).backward()
    print(f"  trunk.weight.grad = {rust_debug(v(trunk.weight.t.grad(grads)))}")
    optim.step(0.001, params, grads)
