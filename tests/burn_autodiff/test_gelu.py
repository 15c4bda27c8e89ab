"""Burn's `burn-backend-tests/tests/autodiff/gelu.rs`, ported.

Form assumed: `pbpit.activation.gelu(x)`, Burn's `activation::gelu(x)`.
"""

from __future__ import annotations

import pytest

import pbpit as pb
from burn_autodiff.support import activation_module
from burn_autodiff.tolerance import Tolerance, assert_approx_eq

DEV = pb.Device.flex().autodiff()


@pytest.mark.needs_op("activation.gelu")
def test_should_diff_gelu():
    activation = activation_module()
    tensor_1 = pb.Tensor.from_floats([[0.0, 1.0], [-3.0, 4.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[6.0, -0.5], [9.0, 10.0]], DEV).require_grad()

    x = tensor_1.clone().matmul(activation.gelu(tensor_2.clone()))
    x = tensor_1.clone().matmul(x)
    grads = x.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    tolerance = Tolerance.permissive()
    assert_approx_eq(grad_1, [[1.46281, 1.46281], [48.22866, 153.46280]], tolerance)
    assert_approx_eq(grad_2, [[-15.0000, -1.98757], [17.0000, 17.0000]], tolerance)
