"""Twin of shared_intermediate.rs."""

from burn32 import Some, T, rust_debug, rust_display, v

PANICS_AT = 3  # derived by hand in shared_intermediate.rs

x = T.from_floats([[1.0, 0.5]])
w_enc = T.from_floats([[0.5], [1.0]]).require_grad()
w_dec = T.from_floats([[1.0, -0.5]]).require_grad()
code = x.clone().matmul(w_enc.clone())
recon = code.clone().matmul(w_dec.clone())
reconstruction = (recon - x).square().mean()
penalty = code.square().mean()
print(f"reconstruction = {rust_display(reconstruction.scalar())}, "
      f"penalty = {rust_display(penalty.scalar())}")
grads = reconstruction.backward()
print(f"reconstruction: w_enc.grad = {rust_debug(Some(v(w_enc.grad(grads))))}")
grads = penalty.backward()
print(f"penalty: w_enc.grad = {rust_debug(Some(v(w_enc.grad(grads))))}")
