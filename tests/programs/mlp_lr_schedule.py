"""mlp_lr_schedule.rs in pbpit's Python API: two hidden layers, SGD with a step schedule."""

import pbpit as pb
from pbpit.rust.format import f32_display_precision


def linear(weight, bias):
    return pb.Linear(pb.Param.from_tensor(weight), pb.Param.from_tensor(bias))


class Mlp(pb.Module):
    def __init__(self, fc1, fc2, out):
        self.fc1 = fc1
        self.fc2 = fc2
        self.out = out
        self.relu = pb.Relu.new()
        self.tanh = pb.Tanh.new()

    def forward(self, x):
        h = self.relu.forward(self.fc1.forward(x))
        h = self.tanh.forward(self.fc2.forward(h))
        return self.out.forward(h)


def learning_rate(initial, epoch, step):
    """The step schedule: `initial * 0.5^(epoch / step)`."""
    return initial * 0.5 ** (epoch // step)


device = pb.Device.default().autodiff()
model = Mlp(
    linear(pb.Tensor.from_floats([[0.5, -0.5, 0.25], [0.25, 0.5, -0.25]], device),
           pb.Tensor.from_floats([0.0, 0.125, 0.0], device)),
    linear(pb.Tensor.from_floats([[0.5, -0.25], [0.25, 0.5], [-0.5, 0.25]], device),
           pb.Tensor.from_floats([0.0, 0.0], device)),
    linear(pb.Tensor.from_floats([[1.0], [-0.5]], device),
           pb.Tensor.from_floats([0.25], device)),
)
x = pb.Tensor.from_floats([[1.0, 0.0], [0.5, 1.0], [-1.0, 0.5], [0.0, -1.0]], device)
y = pb.Tensor.from_floats([[0.5], [1.0], [0.0], [-0.5]], device)
optim = pb.SgdConfig.new().init()
mse = pb.MseLoss.new()

for epoch in range(6):
    lr = learning_rate(0.5, epoch, 2)
    loss = mse.forward(model.forward(x.clone()), y.clone(), pb.Reduction.Mean)
    value = loss.clone().into_scalar()
    print(f"epoch {epoch}: lr = {lr}, loss = {f32_display_precision(value, 6)}")
    grads = pb.GradientsParams.from_grads(loss.backward(), model)
    model = optim.step(lr, model, grads)
pred = model.forward(x).to_vec()
print(f"pred = [{', '.join(f32_display_precision(p, 4) for p in pred)}]")
