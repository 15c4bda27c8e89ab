"""mlp22.rs in pbpit's Python API: a two-layer MLP trained with Adam after `device.seed(42)`,
its hidden layer computed once before the loop (the second backward panics at NodeId(6):
x 0, y 1, linear1's weight 2 and bias 3, then its matmul 4, the bias's reshape 5, the add 6)."""

import pbpit as pb


class Model(pb.Module):
    def __init__(self, hidden, device):
        self.linear1 = pb.LinearConfig.new(2, hidden).init(device)
        self.linear2 = pb.LinearConfig.new(hidden, 1).init(device)
        self.activation = pb.Relu.new()


device = pb.Device.flex().autodiff()
device.seed(42)
model = Model(4, device)
optim = pb.AdamConfig.new().init()
x = pb.Tensor.from_floats([[0.5, 1.0], [1.5, -0.5]], device)
y = pb.Tensor.from_floats([[1.0], [0.0]], device)
# cached features, outside the loop
hidden = model.linear1.forward(x.clone())
for step in range(3):
    out = model.linear2.forward(model.activation.forward(hidden.clone()))
    loss = (out - y.clone()).powf_scalar(2.0).mean()
    print(f"step {step}: loss = {pb.rust_display(loss.clone().into_scalar())}")
    grads = pb.GradientsParams.from_grads(loss.backward(), model)
    model = optim.step(1e-2, model, grads)
