"""minibatch_sgd.rs in pbpit's Python API: a list of (input, target) batches, SGD on each."""

import numpy as np

import pbpit as pb


class Regression(pb.Module):
    def __init__(self, fc):
        self.fc = fc

    def forward(self, x):
        return self.fc.forward(x)


def batches(device):
    inputs = [[[1.0, 0.5], [0.5, -1.0]], [[-1.0, 1.0], [2.0, 0.0]]]
    targets = [[[1.0], [0.5]], [[-0.5], [1.5]]]
    return [(pb.Tensor.from_floats(x, device), pb.Tensor.from_floats(y, device))
            for x, y in zip(inputs, targets, strict=True)]


device = pb.Device.default().autodiff()
model = Regression(pb.Linear(
    pb.Param.from_tensor(pb.Tensor.from_floats([[0.5], [-0.5]], device)),
    pb.Param.from_tensor(pb.Tensor.from_floats([0.0], device)),
))
data = batches(device)
optim = pb.SgdConfig.new().init()
mse = pb.MseLoss.new()

for epoch in range(2):
    total = np.float32(0.0)  # Rust infers f32 from what is added to it
    for i, (x, y) in enumerate(data):
        loss = mse.forward(model.forward(x.clone()), y.clone(), pb.Reduction.Mean)
        value = np.float32(loss.clone().into_scalar())
        print(f"epoch {epoch}, batch {i}: loss = {pb.rust_display(value)}")
        total += value
        grads = pb.GradientsParams.from_grads(loss.backward(), model)
        model = optim.step(0.25, model, grads)
    print(f"epoch {epoch}: mean loss = {pb.rust_display(total / np.float32(len(data)))}")
weight = model.fc.weight.val().to_vec()
print(f"weight = {pb.rust_debug(weight)}")
