"""24_grad_unary_ops.rs in pbpit's Python API: the gradients of elementwise ops, each from a
fresh forward."""

import pbpit as pb
from pbpit.engine.activation import gelu, relu, sigmoid

device = pb.Device.flex().autodiff()
x = pb.Tensor.from_floats([-1.5, -0.5, 0.25, 1.0, 2.5], device).require_grad()
p = pb.Tensor.from_floats([0.25, 0.5, 1.0, 2.0, 4.0], device).require_grad()
cases = [
    ("exp", x.clone().exp()),
    ("tanh", x.clone().tanh()),
    ("sigmoid", sigmoid(x.clone())),
    ("relu", relu(x.clone())),
    ("gelu", gelu(x.clone())),
    ("powf_scalar(3)", x.clone().powf_scalar(3.0)),
    ("clamp(-1, 1)", x.clone().clamp(-1.0, 1.0)),
    ("abs", x.clone().abs()),
]
for name, y in cases:
    print(f"{name}: y = {pb.rust_debug(y.clone().to_vec())}")
    grads = y.sum().backward()
    print(f"{name}: x.grad = {pb.rust_debug(x.grad(grads).to_vec())}")
for name, y in [
    ("log", p.clone().log()),
    ("sqrt", p.clone().sqrt()),
    ("powf_scalar(0.5)", p.clone().powf_scalar(0.5)),
]:
    print(f"{name}: y = {pb.rust_debug(y.clone().to_vec())}")
    grads = y.sum().backward()
    print(f"{name}: p.grad = {pb.rust_debug(p.grad(grads).to_vec())}")
