"""Twin of early_stopping.rs: Adam until two epochs pass without an improvement of min_delta,
the best loss an f32 and the best model a copy of the parameters it had then."""

import copy

from burn32 import F32, Adam, Linear, T, f32_display_precision, mse, rust_debug, v

PANICS_AT = None


def snapshot(layer: Linear) -> Linear:
    """`model.clone()`: the same parameter tensors, unaffected by later steps."""
    out = copy.copy(layer)
    out.weight, out.bias = copy.copy(layer.weight), copy.copy(layer.bias)
    return out


fc = Linear([[0.25], [0.75]], [0.5])
x = T.from_floats([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.5, -0.5]])
y = T.from_floats([[1.0], [0.5], [1.25], [0.5]])
optim = Adam()
patience, min_delta = 2, F32(0.002)  # min_delta is an f32: it is subtracted from `best`
best, best_epoch, best_model, waited = F32(float("inf")), 0, snapshot(fc), 0
for epoch in range(30):
    loss = mse(fc.forward(x.clone()), y.clone())
    value = F32(loss.scalar())
    if value < F32(best - min_delta):
        best, best_epoch, best_model, waited = value, epoch, snapshot(fc), 0
    else:
        waited += 1
        if waited == patience:
            print(f"epoch {epoch}: loss = {f32_display_precision(value, 5)}, "
                  f"no improvement for {patience} epochs: stop")
            break
    print(f"epoch {epoch}: loss = {f32_display_precision(value, 5)}")
    optim.step(0.05, {"w": fc.weight, "b": fc.bias}, loss.backward())
print(f"best: epoch {best_epoch}, loss = {f32_display_precision(best, 5)}")
print(f"best model's prediction = {rust_debug(v(best_model.forward(x).v))}")
