"""encoder_cached.rs in pbpit's Python API: the encoder's features computed once, outside the
training loop, and backpropagated every epoch: the panic at NodeId(9), the features' relu."""

import pbpit as pb


def linear(weight, bias):
    return pb.Linear(pb.Param.from_tensor(weight), pb.Param.from_tensor(bias))


class Model(pb.Module):
    def __init__(self, encoder, head):
        self.encoder = encoder
        self.head = head
        self.activation = pb.Relu.new()

    def encode(self, x):
        return self.activation.forward(self.encoder.forward(x))


device = pb.Device.default().autodiff()
model = Model(
    linear(pb.Tensor.from_floats([[1.0, -0.5], [0.5, 1.0]], device),
           pb.Tensor.from_floats([0.0, 0.25], device)),
    linear(pb.Tensor.from_floats([[0.5], [-0.25]], device),
           pb.Tensor.from_floats([0.0], device)),
)
x = pb.Tensor.from_floats([[1.0, 1.0], [0.5, -0.5]], device)
y = pb.Tensor.from_floats([[1.0], [0.0]], device)
optim = pb.SgdConfig.new().init()

# The encoder is "frozen": compute its features once.
features = model.encode(x.clone())
for epoch in range(3):
    pred = model.head.forward(features.clone())
    loss = pb.MseLoss.new().forward(pred, y.clone(), pb.Reduction.Mean)
    print(f"epoch {epoch}: loss = {pb.rust_display(loss.clone().into_scalar())}")
    grads = pb.GradientsParams.from_grads(loss.backward(), model)
    model = optim.step(0.5, model, grads)
