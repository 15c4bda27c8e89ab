"""Twin of crate_regression/src/main.rs (with its model.rs and data.rs): two Linear layers with
a relu, MseLoss, Adam at 0.05, two batches an epoch, the mean of the batch losses."""

from burn32 import F32, Adam, Linear, T, f32_display_precision, mse, total

PANICS_AT = None  # no panic


def from_values(w, d_in, d_out):
    return Linear([w[i * d_out:(i + 1) * d_out] for i in range(d_in)], [0.0] * d_out)


fc1 = from_values([0.5, -0.5, 0.25, 0.25, 0.5, -0.25], 2, 3)
fc2 = from_values([1.0, -1.0, 0.5], 3, 1)
params = {"fc1.w": fc1.weight, "fc1.b": fc1.bias, "fc2.w": fc2.weight, "fc2.b": fc2.bias}
xs = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.5, -0.5]]
optim = Adam()
for epoch in range(1, 5):
    losses = []
    for chunk in (xs[:2], xs[2:]):
        targets = [[float(F32(x[0]) - F32(F32(2.0) * F32(x[1])))] for x in chunk]
        loss = mse(fc2.forward(fc1.forward(T.from_floats(chunk)).relu()), T.from_floats(targets))
        losses.append(F32(loss.scalar()))
        optim.step(0.05, params, loss.backward())
    mean = F32(total(losses) / F32(len(losses)))
    print(f"epoch {epoch}: loss {f32_display_precision(float(mean), 4)}")
