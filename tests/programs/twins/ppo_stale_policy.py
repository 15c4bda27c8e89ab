"""Twin of ppo_stale_policy.rs: ppo_old_policy.py with the old log-probabilities attached."""

from burn32 import Adam, Linear, T, log_softmax, rust_debug, rust_display, v

PANICS_AT = 14  # derived by hand in ppo_stale_policy.rs
DETACH = False

policy = Linear([[0.5, -0.5], [0.25, 0.5]], [0.0, 0.0])
states = T.from_floats([[1.0, 0.5], [-1.0, 1.0]])
advantages = T.from_floats([[1.0], [-0.5]])
actions = [0, 1]
optim = Adam()


def log_probs(states):
    return log_softmax(policy.forward(states)).gather_rows(actions)


old_log_probs = log_probs(states.clone())
if DETACH:
    old_log_probs = old_log_probs.detach()
for epoch in range(3):
    ratio = (log_probs(states.clone()) - old_log_probs.clone()).exp()
    loss = -((ratio.clone() * advantages.clone()).mean())
    print(f"epoch {epoch}: loss = {rust_display(loss.scalar())}, ratio = {rust_debug(v(ratio.v))}")
    optim.step(0.05, {"w": policy.weight, "b": policy.bias}, loss.backward())
