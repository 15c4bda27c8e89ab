"""Twin of classifier_ce.rs."""

from burn32 import Linear, Sgd, T, cross_entropy, f32_display_precision, rust_debug, v

fc = Linear([[0.5, -0.5], [0.25, 0.25]], [0.0, 0.0])
x = T.from_floats([[1.0, 2.0], [2.0, -1.0], [-1.0, 0.5]])
targets = [1, 0, 1]
optim = Sgd()
for step in range(3):
    loss = cross_entropy(fc.forward(x.clone()), targets)
    grads = loss.backward()
    bias_grad = fc.bias.t.grad(grads)
    print(f"step {step}: loss = {f32_display_precision(loss.scalar(), 6)}, "
          f"bias.grad = {rust_debug(v(bias_grad))}")
    optim.step(0.5, fc.params(), grads)
print(f"logits = {rust_debug(v(fc.forward(x).v))}")
