"""Twin of vec_chunk_losses.rs."""

from burn32 import Linear, Sgd, T, mse, rust_debug, rust_display, v

model = Linear([[0.5], [0.25]], [0.0])
x = T.from_floats([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, -1.0]])
y = T.from_floats([[1.0], [0.5], [1.0], [0.5]])
optim = Sgd()
for epoch in range(3):
    losses = []
    for chunk in range(2):
        lo, hi = chunk * 2, chunk * 2 + 2
        xb, yb = x.clone().slice_rows(lo, hi), y.clone().slice_rows(lo, hi)
        losses.append(mse(model.forward(xb), yb))
    values = [chunk_loss.scalar() for chunk_loss in losses]
    loss = losses[0] + losses[1]
    print(f"epoch {epoch}: chunks = {rust_debug(values)}, total = {rust_display(loss.scalar())}")
    optim.step(0.25, model.params(), loss.backward())
print(f"weight = {rust_debug(v(model.weight.t.v))}")
