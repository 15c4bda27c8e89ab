"""shared_intermediate.rs in pbpit's Python API: two losses over one code, two backwards."""

import pbpit as pb

device = pb.Device.flex().autodiff()
x = pb.Tensor.from_floats([[1.0, 0.5]], device)
w_enc = pb.Tensor.from_floats([[0.5], [1.0]], device).require_grad()
w_dec = pb.Tensor.from_floats([[1.0, -0.5]], device).require_grad()

code = x.clone().matmul(w_enc.clone())
recon = code.clone().matmul(w_dec.clone())
reconstruction = (recon - x).square().mean()
penalty = code.square().mean()
print(f"reconstruction = {pb.rust_display(reconstruction.clone().into_scalar())}, "
      f"penalty = {pb.rust_display(penalty.clone().into_scalar())}")


def v(grad):
    return None if grad is None else pb.Some(grad.to_vec())


grads = reconstruction.backward()
print(f"reconstruction: w_enc.grad = {pb.rust_debug(v(w_enc.grad(grads)))}")
grads = penalty.backward()
print(f"penalty: w_enc.grad = {pb.rust_debug(v(w_enc.grad(grads)))}")
