"""Burn's `burn-backend-tests/tests/autodiff/trig.rs`, ported: `should_diff_tanh` only.

The file's other tests (cos, sin, cosh, sinh, tan, asin, acos, atan, asinh, acosh, atanh, atan2)
are of ops pbpit does not have and no engineer is adding.
"""

from __future__ import annotations

import pbpit as pb
from burn_autodiff.tolerance import Tolerance, assert_approx_eq

DEV = pb.Device.flex().autodiff()


def test_should_diff_tanh():
    tensor_1 = pb.Tensor.from_floats([[0.0, 1.0], [3.0, 4.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[6.0, 7.0], [9.0, 10.0]], DEV).require_grad()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone().tanh())
    tensor_4 = tensor_3.matmul(tensor_2.clone())
    grads = tensor_4.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    tolerance = Tolerance.default().set_half_precision_relative(8e-3)
    assert_approx_eq(grad_1, [[32.0, 32.0], [32.0, 32.0]], tolerance)
    assert_approx_eq(grad_2, [[8.00092, 8.000153], [8.000003, 7.999995]], tolerance)
