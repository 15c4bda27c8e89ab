"""Burn's `burn-backend-tests/tests/autodiff/gradients.rs`, ported.

Forms assumed: `pbpit.Tensor.random([32, 32], pbpit.Distribution.Default, device)`,
`pbpit.activation.gelu(x)`, `x.grad_replace(grads, grad)` (Burn's `&mut grads`: the container
changed in place) and `x.inner()`. Burn's `TensorData` equality is read as equal shapes and
equal values.
"""

from __future__ import annotations

import pytest

import pbpit as pb
from burn_autodiff.support import activation_module

DEV = pb.Device.flex().autodiff()


def _data(tensor: pb.Tensor) -> tuple[list[int], list[float]]:
    return tensor.dims(), tensor.to_vec()


@pytest.mark.needs_op("random", "Distribution", "activation.gelu", "grad_replace")
def test_should_update_tensor_when_grad_replace():
    activation = activation_module()
    default = pb.Distribution.Default
    tensor_1 = pb.Tensor.random([32, 32], default, DEV).require_grad()
    tensor_2 = pb.Tensor.random([32, 32], default, DEV)

    x = tensor_1.clone().matmul(activation.gelu(tensor_2))
    grads = x.backward()

    grad_1 = tensor_1.grad(grads)

    grad_1_updated = pb.Tensor.random([32, 32], default, DEV).require_grad()
    tensor_1.grad_replace(grads, grad_1_updated.clone().inner())

    grad_1_new = tensor_1.grad(grads)

    assert _data(grad_1_new) != _data(grad_1)
    assert _data(grad_1_new) == _data(grad_1_updated)
