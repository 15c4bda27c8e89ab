"""Twin of adamw_valid.rs."""

import numpy as np
from burn32 import (
    F32,
    AdamW,
    Linear,
    T,
    f32_display_precision,
    linear_values,
    mse,
    rust_debug,
    total,
    v,
)

fc1 = Linear([[1.0, 0.5], [-0.5, 0.25]], [0.0, 0.5])
fc2 = Linear([[0.5], [-1.0]], [0.25])
params = {"fc1.w": fc1.weight, "fc1.b": fc1.bias, "fc2.w": fc2.weight, "fc2.b": fc2.bias}
x = T.from_floats([[1.0, 0.0], [0.5, 1.0], [-1.0, 2.0], [2.0, 0.5]])
y = T.from_floats([[0.5], [0.0], [-1.0], [1.0]])
x_valid = np.array([[1.0, 1.0], [0.0, -1.0]], dtype=F32)
y_valid = np.array([[0.5], [0.25]], dtype=F32)
optim = AdamW(weight_decay=0.01)
for epoch in range(3):
    loss = mse(fc2.forward(fc1.forward(x.clone()).relu()), y.clone())
    train = loss.scalar()
    optim.step(0.02, params, loss.backward())
    h = linear_values(fc1, x_valid)
    pred = linear_values(fc2, np.where(h <= 0, F32(0.0), h).astype(F32))
    diff = pred - y_valid
    valid = total((diff * diff).reshape(-1)) / F32(diff.size)
    print(f"epoch {epoch}: train = {f32_display_precision(train, 6)}, "
          f"valid = {f32_display_precision(float(valid), 6)}")
print(f"fc1.bias = {rust_debug(v(fc1.bias.t.v))}")
