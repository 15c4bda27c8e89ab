"""Twin of autoencoder_two_losses.rs: a reconstruction loss and a code penalty backpropagated
one after the other through the shared code."""

from burn32 import Linear, T, f32_display_precision, mse, rust_debug, v

PANICS_AT = 8  # derived by hand in autoencoder_two_losses.rs

encoder = Linear([[0.5], [-0.5], [0.25]], [0.0])
decoder = Linear([[1.0, -1.0, 0.5]], [0.0, 0.0, 0.0])
x = T.from_floats([[1.0, 0.0, 0.5], [1.0, 1.0, 0.0]])
code = encoder.forward(x.clone()).tanh()
reconstruction = decoder.forward(code.clone())
recon_loss = mse(reconstruction, x)
penalty = code.square().mean() * 0.1
print(f"reconstruction = {f32_display_precision(recon_loss.scalar(), 6)}, "
      f"penalty = {f32_display_precision(penalty.scalar(), 6)}")
grads = recon_loss.backward()
print(f"decoder.weight.grad = {rust_debug(v(decoder.weight.t.grad(grads)))}")
grads = penalty.backward()
print(f"encoder.weight.grad = {rust_debug(v(encoder.weight.t.grad(grads)))}")
