"""30_mlp_adam.rs in pbpit's Python API: a seeded two-layer MLP trained with Adam for 5 steps,
then its predictions after `valid()`."""

import pbpit as pb


class Model(pb.Module):
    def __init__(self, input_, device, hidden=8):
        self.linear1 = pb.LinearConfig.new(input_, hidden).init(device)
        self.linear2 = pb.LinearConfig.new(hidden, 1).init(device)
        self.activation = pb.Relu.new()

    def forward(self, x):
        x = self.linear1.forward(x)
        x = self.activation.forward(x)
        return self.linear2.forward(x)


device = pb.Device.flex().autodiff()
device.seed(42)
model = Model(2, device)
optim = pb.AdamConfig.new().init()
x = pb.Tensor.from_floats([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]], device)
y = pb.Tensor.from_floats([[0.0], [1.0], [1.0], [0.0]], device)
for step in range(5):
    output = model.forward(x.clone())
    loss = (output - y.clone()).powf_scalar(2.0).mean()
    print(f"step {step}: loss = {pb.rust_display(loss.clone().into_scalar())}")
    grads = loss.backward()
    grads = pb.GradientsParams.from_grads(grads, model)
    model = optim.step(0.05, model, grads)
model_valid = model.valid()
pred = model_valid.forward(x.inner())
print(f"predictions = {pb.rust_debug(pred.to_vec())}")
print(f"linear2.bias = {pb.rust_debug(model_valid.linear2.bias.val().to_vec())}")
