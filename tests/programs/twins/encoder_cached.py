"""Twin of encoder_cached.rs."""

from burn32 import Linear, Sgd, T, mse, rust_display

PANICS_AT = 9  # derived by hand in encoder_cached.rs

encoder = Linear([[1.0, -0.5], [0.5, 1.0]], [0.0, 0.25])
head = Linear([[0.5], [-0.25]], [0.0])
params = encoder.params() + head.params()
x = T.from_floats([[1.0, 1.0], [0.5, -0.5]])
y = T.from_floats([[1.0], [0.0]])
optim = Sgd()
features = encoder.forward(x.clone()).relu()
for epoch in range(3):
    loss = mse(head.forward(features.clone()), y.clone())
    print(f"epoch {epoch}: loss = {rust_display(loss.scalar())}")
    optim.step(0.5, params, loss.backward())
