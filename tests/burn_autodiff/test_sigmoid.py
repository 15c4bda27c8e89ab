"""Burn's `burn-backend-tests/tests/autodiff/sigmoid.rs`, ported.

Burn calls `activation::sigmoid(x)`; each test runs with `x.sigmoid()` (pbpit's Tensor method,
there today) and with `pbpit.activation.sigmoid(x)` (`needs_op("activation.sigmoid")`).
"""

from __future__ import annotations

import pytest

import pbpit as pb
from burn_autodiff.support import activation_module
from burn_autodiff.tolerance import Tolerance, assert_approx_eq

DEV = pb.Device.flex().autodiff()

SIGMOID = [
    pytest.param(lambda x: x.sigmoid(), id="method"),
    pytest.param(
        lambda x: activation_module().sigmoid(x),
        id="activation",
        marks=pytest.mark.needs_op("activation.sigmoid"),
    ),
]


@pytest.mark.parametrize("sigmoid", SIGMOID)
def test_should_diff_sigmoid(sigmoid):
    tensor_1 = pb.Tensor.from_floats([0.8762], DEV).require_grad()
    tensor_2 = sigmoid(tensor_1.clone())
    grads = tensor_2.backward()

    grad = tensor_1.grad(grads)

    assert_approx_eq(grad, [0.207549], Tolerance.default())


@pytest.mark.parametrize("sigmoid", SIGMOID)
def test_small_neg_val_should_not_cause_grad_overflow(sigmoid):
    tensor_1 = pb.Tensor.from_floats([-90.0], DEV).require_grad()
    tensor_2 = sigmoid(tensor_1.clone())
    grads = tensor_2.backward()

    grad = tensor_1.grad(grads)

    assert_approx_eq(grad, [0.0], Tolerance.default())
