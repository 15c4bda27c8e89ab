"""adamw_valid.rs in pbpit's Python API: AdamW, and a validation pass through `model.valid()`."""

import pbpit as pb
from pbpit.rust.format import f32_display_precision


def linear(weight, bias):
    return pb.Linear(pb.Param.from_tensor(weight), pb.Param.from_tensor(bias))


class Regressor(pb.Module):
    def __init__(self, fc1, fc2):
        self.fc1 = fc1
        self.fc2 = fc2
        self.activation = pb.Relu.new()

    def forward(self, x):
        return self.fc2.forward(self.activation.forward(self.fc1.forward(x)))


device = pb.Device.default().autodiff()
valid_device = device.inner()
model = Regressor(
    linear(pb.Tensor.from_floats([[1.0, 0.5], [-0.5, 0.25]], device),
           pb.Tensor.from_floats([0.0, 0.5], device)),
    linear(pb.Tensor.from_floats([[0.5], [-1.0]], device),
           pb.Tensor.from_floats([0.25], device)),
)
x = pb.Tensor.from_floats([[1.0, 0.0], [0.5, 1.0], [-1.0, 2.0], [2.0, 0.5]], device)
y = pb.Tensor.from_floats([[0.5], [0.0], [-1.0], [1.0]], device)
x_valid = pb.Tensor.from_floats([[1.0, 1.0], [0.0, -1.0]], valid_device)
y_valid = pb.Tensor.from_floats([[0.5], [0.25]], valid_device)
optim = pb.AdamWConfig.new().with_weight_decay(0.01).init()
mse = pb.MseLoss.new()

for epoch in range(3):
    loss = mse.forward(model.forward(x.clone()), y.clone(), pb.Reduction.Mean)
    train = loss.clone().into_scalar()
    grads = pb.GradientsParams.from_grads(loss.backward(), model)
    model = optim.step(0.02, model, grads)

    valid = model.valid()
    valid_loss = mse.forward(valid.forward(x_valid.clone()), y_valid.clone(), pb.Reduction.Mean)
    print(f"epoch {epoch}: train = {f32_display_precision(train, 6)}, "
          f"valid = {f32_display_precision(valid_loss.into_scalar(), 6)}")
print(f"fc1.bias = {pb.rust_debug(model.fc1.bias.val().to_vec())}")
