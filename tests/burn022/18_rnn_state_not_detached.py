"""18_rnn_state_not_detached.rs in pbpit's Python API: a tiny RNN, one backward per time step,
its hidden state carried over without detach()."""

import pbpit as pb

device = pb.Device.flex().autodiff()
w_x = pb.Tensor.from_floats([[0.5, -0.25], [0.1, 0.3]], device).require_grad()
w_h = pb.Tensor.from_floats([[0.9, 0.0], [0.2, 0.8]], device).require_grad()
inputs = [
    pb.Tensor.from_floats([[1.0, 0.0]], device),
    pb.Tensor.from_floats([[0.0, 1.0]], device),
    pb.Tensor.from_floats([[1.0, 1.0]], device),
]
target = pb.Tensor.from_floats([[0.5, -0.5]], device)
hidden = pb.Tensor.zeros([1, 2], device)
for t, input_ in enumerate(inputs):
    hidden = (input_.clone().matmul(w_x.clone()) + hidden.matmul(w_h.clone())).tanh()
    loss = (hidden.clone() - target.clone()).powf_scalar(2.0).sum()
    print(f"t={t}: loss = {pb.rust_display(loss.clone().into_scalar())}")
    grads = loss.backward()
    print(f"t={t}: w_x.grad = {pb.rust_debug(w_x.grad(grads).to_vec())}")
    print(f"t={t}: w_h.grad = {pb.rust_debug(w_h.grad(grads).to_vec())}")
