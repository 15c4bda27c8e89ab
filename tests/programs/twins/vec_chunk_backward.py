"""Twin of vec_chunk_backward.rs."""

from burn32 import Linear, T, mse, rust_debug, rust_display, v

PANICS_AT = 6  # derived by hand in vec_chunk_backward.rs

model = Linear([[0.5], [0.25]], [0.0])
x = T.from_floats([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, -1.0]])
y = T.from_floats([[1.0], [0.5], [1.0], [0.5]])
pred = model.forward(x)
losses = []
for chunk in range(2):
    lo, hi = chunk * 2, chunk * 2 + 2
    p = pred.clone().slice_rows(lo, hi)
    losses.append(mse(p, y.clone().slice_rows(lo, hi)))
for i, loss in enumerate(losses):
    grads = loss.backward()
    g = v(model.weight.t.grad(grads))
    print(f"chunk {i}: loss = {rust_display(loss.scalar())}, weight.grad = {rust_debug(g)}")
