"""autoencoder_two_losses.rs in pbpit's Python API: `forward` returns (reconstruction, code);
each loss backpropagated on its own: the panic at NodeId(8), the code."""

import pbpit as pb
from pbpit.rust.format import f32_display_precision


def linear(weight, bias):
    return pb.Linear(pb.Param.from_tensor(weight), pb.Param.from_tensor(bias))


class AutoEncoder(pb.Module):
    def __init__(self, encoder, decoder):
        self.encoder = encoder
        self.decoder = decoder
        self.activation = pb.Tanh.new()

    def forward(self, x):
        """The reconstruction and the code it was made from."""
        code = self.activation.forward(self.encoder.forward(x))
        reconstruction = self.decoder.forward(code.clone())
        return reconstruction, code


device = pb.Device.default().autodiff()
model = AutoEncoder(
    linear(pb.Tensor.from_floats([[0.5], [-0.5], [0.25]], device),
           pb.Tensor.from_floats([0.0], device)),
    linear(pb.Tensor.from_floats([[1.0, -1.0, 0.5]], device),
           pb.Tensor.from_floats([0.0, 0.0, 0.0], device)),
)
x = pb.Tensor.from_floats([[1.0, 0.0, 0.5], [1.0, 1.0, 0.0]], device)

reconstruction, code = model.forward(x.clone())
recon_loss = pb.MseLoss.new().forward(reconstruction, x, pb.Reduction.Mean)
penalty = code.square().mean().mul_scalar(0.1)
print(f"reconstruction = {f32_display_precision(recon_loss.clone().into_scalar(), 6)}, "
      f"penalty = {f32_display_precision(penalty.clone().into_scalar(), 6)}")

grads = recon_loss.backward()
g = model.decoder.weight.grad(grads)
print(f"decoder.weight.grad = {pb.rust_debug(g.to_vec())}")
grads = penalty.backward()
g = model.encoder.weight.grad(grads)
print(f"encoder.weight.grad = {pb.rust_debug(g.to_vec())}")
