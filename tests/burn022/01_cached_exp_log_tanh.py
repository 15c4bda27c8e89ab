"""01_cached_exp_log_tanh.rs in pbpit's Python API: features made once through exp, add_scalar,
log, tanh; step 1's backward walks back into them (x 0, w 1, exp 2 ... tanh 5)."""

import pbpit as pb

device = pb.Device.flex().autodiff()
x = pb.Tensor.from_floats([[0.5, -1.0], [2.0, 0.25]], device).require_grad()
w = pb.Tensor.from_floats([[1.0, 2.0], [3.0, 4.0]], device).require_grad()
features = x.clone().exp().add_scalar(1.0).log().tanh()
for step in range(3):
    loss = (features.clone() * w.clone()).sum()
    print(f"step {step}: loss = {pb.rust_display(loss.clone().into_scalar())}")
    grads = loss.backward()
    print(f"step {step}: w.grad = {pb.rust_debug(w.grad(grads).to_vec())}")
    print(f"step {step}: x.grad = {pb.rust_debug(x.grad(grads).to_vec())}")
