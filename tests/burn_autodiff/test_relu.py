"""Burn's `burn-backend-tests/tests/autodiff/relu.rs`, ported.

Burn calls `activation::relu(x)`; the test runs with `x.relu()` (pbpit's Tensor method, there
today) and with `pbpit.activation.relu(x)` as Burn writes it (`needs_op("activation.relu")`).
"""

from __future__ import annotations

import pytest

import pbpit as pb
from burn_autodiff.support import activation_module
from burn_autodiff.tolerance import assert_eq

DEV = pb.Device.flex().autodiff()

RELU = [
    pytest.param(lambda x: x.relu(), id="method"),
    pytest.param(
        lambda x: activation_module().relu(x),
        id="activation",
        marks=pytest.mark.needs_op("activation.relu"),
    ),
]


@pytest.mark.parametrize("relu", RELU)
def test_should_diff_relu(relu):
    tensor_1 = pb.Tensor.from_floats([[1.0, 7.0], [-2.0, -3.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[4.0, -7.0], [2.0, 3.0]], DEV).require_grad()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone())
    tensor_4 = relu(tensor_3)
    tensor_5 = tensor_4.matmul(tensor_2.clone())
    grads = tensor_5.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    assert_eq(grad_1, [[-47.0, 9.0], [-35.0, 15.0]])
    assert_eq(grad_2, [[15.0, 13.0], [-2.0, 39.0]])
