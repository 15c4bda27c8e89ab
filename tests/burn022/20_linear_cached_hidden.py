"""20_linear_cached_hidden.rs in pbpit's Python API: one seeded Linear whose output is computed
once before an Adam loop (x 0, y 1, weight 2, bias 3, matmul 4, the bias's reshape 5, add 6:
the second backward panics at NodeId(6))."""

import pbpit as pb


class Model(pb.Module):
    def __init__(self, device):
        self.linear = pb.LinearConfig.new(3, 1).init(device)


device = pb.Device.flex().autodiff()
device.seed(42)
model = Model(device)
optim = pb.AdamConfig.new().init()
x = pb.Tensor.from_floats([[1.0, 0.0, -1.0], [0.5, 0.5, 0.5]], device)
y = pb.Tensor.from_floats([[1.0], [0.0]], device)
pred = model.linear.forward(x.clone())
for step in range(3):
    loss = (pred.clone() - y.clone()).powf_scalar(2.0).mean()
    print(f"step {step}: loss = {pb.rust_display(loss.clone().into_scalar())}")
    grads = pb.GradientsParams.from_grads(loss.backward(), model)
    model = optim.step(1e-2, model, grads)
