"""state_in_struct.rs in pbpit's Python API: a derived tensor kept in a field."""

import pbpit as pb


class Trainer:
    def __init__(self, device):
        self.weight = pb.Tensor.from_floats([0.5, 1.0], device).require_grad()
        # exp(weight), computed once.
        self.scale = self.weight.clone().exp()

    def step(self, x):
        loss = (self.scale.clone() * x).sum()
        grads = loss.backward()
        print(f"  weight.grad = {pb.rust_debug(self.weight.grad(grads).to_vec())}")
        return loss.into_scalar()


device = pb.Device.flex().autodiff()
trainer = Trainer(device)
x = pb.Tensor.from_floats([1.0, 2.0], device)
for step in range(3):
    print(f"step {step}")
    loss = trainer.step(x.clone())
    print(f"  loss = {pb.rust_display(loss)}")
