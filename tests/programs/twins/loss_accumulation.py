"""Twin of loss_accumulation.rs."""

from burn32 import T, rust_debug, rust_display, v

PANICS_AT = 5  # derived by hand in loss_accumulation.rs

w = T.from_floats([1.0, -0.5]).require_grad()
batches = [[0.5, 0.5], [2.0, 0.25], [1.0, 1.0]]
accumulated = T.from_floats([0.0])
for i, batch in enumerate(batches):
    x = T.from_floats(batch)
    loss = (x * w.clone()).sum()
    accumulated = accumulated + loss
    grads = accumulated.backward()
    g = v(w.grad(grads))
    print(f"micro-batch {i}: running = {rust_display(accumulated.scalar())}, "
          f"w.grad = {rust_debug(g)}")
