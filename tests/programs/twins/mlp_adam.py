"""Twin of mlp_adam.rs: the same training in burn32's float32 model of Burn."""

from burn32 import Adam, Linear, T, mse, rust_debug, rust_display, v

fc1 = Linear([[0.5, -0.25], [0.25, 0.5]], [0.0, 0.125])
fc2 = Linear([[1.0], [0.5]], [0.25])
params = {"fc1.weight": fc1.weight, "fc1.bias": fc1.bias,
          "fc2.weight": fc2.weight, "fc2.bias": fc2.bias}
x = T.from_floats([[1.0, 0.5], [0.5, -1.0], [-1.0, 1.0], [0.0, 2.0]])
y = T.from_floats([[1.0], [0.0], [0.5], [1.5]])
optim = Adam()
for epoch in range(3):
    pred = fc2.forward(fc1.forward(x.clone()).relu())
    loss = mse(pred, y.clone())
    print(f"epoch {epoch}: loss = {rust_display(loss.scalar())}")
    grads = loss.backward()
    optim.step(0.01, params, grads)
print(f"fc2.weight = {rust_debug(v(fc2.weight.t.v))}")
