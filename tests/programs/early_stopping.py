"""early_stopping.rs in pbpit's Python API: the best loss as a float, the best model a clone."""

import numpy as np

import pbpit as pb
from pbpit.rust.format import f32_display_precision


class Model(pb.Module):
    def __init__(self, fc):
        self.fc = fc

    def forward(self, x):
        return self.fc.forward(x)


device = pb.Device.default().autodiff()
model = Model(pb.Linear(
    pb.Param.from_tensor(pb.Tensor.from_floats([[0.25], [0.75]], device)),
    pb.Param.from_tensor(pb.Tensor.from_floats([0.5], device)),
))
x = pb.Tensor.from_floats([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.5, -0.5]], device)
y = pb.Tensor.from_floats([[1.0], [0.5], [1.25], [0.5]], device)
optim = pb.AdamConfig.new().init()
mse = pb.MseLoss.new()

patience = 2
min_delta = np.float32(0.002)  # an f32 in Rust: it is subtracted from `best`
best = np.float32(np.inf)
best_epoch = 0
best_model = model.clone()
waited = 0
for epoch in range(30):
    loss = mse.forward(model.forward(x.clone()), y.clone(), pb.Reduction.Mean)
    value = np.float32(loss.clone().into_scalar())
    if value < best - min_delta:
        best = value
        best_epoch = epoch
        best_model = model.clone()
        waited = 0
    else:
        waited += 1
        if waited == patience:
            print(f"epoch {epoch}: loss = {f32_display_precision(value, 5)}, "
                  f"no improvement for {patience} epochs: stop")
            break
    print(f"epoch {epoch}: loss = {f32_display_precision(value, 5)}")
    grads = pb.GradientsParams.from_grads(loss.backward(), model)
    model = optim.step(0.05, model, grads)
print(f"best: epoch {best_epoch}, loss = {f32_display_precision(best, 5)}")
pred = best_model.forward(x)
print(f"best model's prediction = {pb.rust_debug(pred.to_vec())}")
