"""mlp_adam.rs in pbpit's Python API: two `Linear` layers and a ReLU, MSE loss, Adam."""

import pbpit as pb


def linear(weight, bias):
    return pb.Linear(pb.Param.from_tensor(weight), pb.Param.from_tensor(bias))


class Mlp(pb.Module):
    def __init__(self, device):
        self.fc1 = linear(
            pb.Tensor.from_floats([[0.5, -0.25], [0.25, 0.5]], device),
            pb.Tensor.from_floats([0.0, 0.125], device),
        )
        self.fc2 = linear(
            pb.Tensor.from_floats([[1.0], [0.5]], device),
            pb.Tensor.from_floats([0.25], device),
        )
        self.activation = pb.Relu.new()

    def forward(self, x):
        h = self.activation.forward(self.fc1.forward(x))
        return self.fc2.forward(h)


device = pb.Device.default().autodiff()
model = Mlp(device)
x = pb.Tensor.from_floats([[1.0, 0.5], [0.5, -1.0], [-1.0, 1.0], [0.0, 2.0]], device)
y = pb.Tensor.from_floats([[1.0], [0.0], [0.5], [1.5]], device)
optim = pb.AdamConfig.new().init()
loss_fn = pb.MseLoss.new()

for epoch in range(3):
    pred = model.forward(x.clone())
    loss = loss_fn.forward(pred, y.clone(), pb.Reduction.Mean)
    print(f"epoch {epoch}: loss = {pb.rust_display(loss.clone().into_scalar())}")
    grads = loss.backward()
    grads = pb.GradientsParams.from_grads(grads, model)
    model = optim.step(0.01, model, grads)
w = model.fc2.weight.val().to_vec()
print(f"fc2.weight = {pb.rust_debug(w)}")
