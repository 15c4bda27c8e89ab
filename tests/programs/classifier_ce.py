"""classifier_ce.rs in pbpit's Python API: one `Linear`, cross-entropy, SGD. The targets are a
list of class indices (Burn's Int tensor; it takes no node id in either)."""

import pbpit as pb
from pbpit.rust.format import f32_display_precision


class Classifier(pb.Module):
    def __init__(self, fc):
        self.fc = fc

    def forward(self, x):
        return self.fc.forward(x)


device = pb.Device.flex().autodiff()
fc = pb.Linear(
    pb.Param.from_tensor(pb.Tensor.from_floats([[0.5, -0.5], [0.25, 0.25]], device)),
    pb.Param.from_tensor(pb.Tensor.from_floats([0.0, 0.0], device)),
)
model = Classifier(fc)
x = pb.Tensor.from_floats([[1.0, 2.0], [2.0, -1.0], [-1.0, 0.5]], device)
targets = [1, 0, 1]
loss_fn = pb.CrossEntropyLossConfig.new().init(device)
optim = pb.SgdConfig.new().init()

for step in range(3):
    logits = model.forward(x.clone())
    loss = loss_fn.forward(logits, targets)
    grads = loss.backward()
    bias_grad = model.fc.bias.grad(grads)
    print(f"step {step}: loss = {f32_display_precision(loss.into_scalar(), 6)}, "
          f"bias.grad = {pb.rust_debug(bias_grad.to_vec())}")
    grads = pb.GradientsParams.from_grads(grads, model)
    model = optim.step(0.5, model, grads)
logits = model.forward(x)
print(f"logits = {pb.rust_debug(logits.to_vec())}")
