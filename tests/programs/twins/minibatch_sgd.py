"""Twin of minibatch_sgd.rs: a Linear regression, SGD on each batch of a list in turn."""

from burn32 import F32, Linear, Sgd, T, mse, rust_debug, rust_display, v

PANICS_AT = None

fc = Linear([[0.5], [-0.5]], [0.0])
inputs = [[[1.0, 0.5], [0.5, -1.0]], [[-1.0, 1.0], [2.0, 0.0]]]
targets = [[[1.0], [0.5]], [[-0.5], [1.5]]]
data = [(T.from_floats(x), T.from_floats(y)) for x, y in zip(inputs, targets, strict=True)]
optim = Sgd()
for epoch in range(2):
    total = F32(0.0)
    for i, (x, y) in enumerate(data):
        loss = mse(fc.forward(x.clone()), y.clone())
        value = F32(loss.scalar())
        print(f"epoch {epoch}, batch {i}: loss = {rust_display(value)}")
        total = F32(total + value)
        optim.step(0.25, fc.params(), loss.backward())
    print(f"epoch {epoch}: mean loss = {rust_display(F32(total / F32(len(data))))}")
print(f"weight = {rust_debug(v(fc.weight.t.v))}")
