"""Burn's `burn-backend-tests/tests/autodiff/log.rs`, ported."""

from __future__ import annotations

import pbpit as pb
from burn_autodiff.tolerance import Tolerance, assert_approx_eq

DEV = pb.Device.flex().autodiff()


def test_should_diff_log():
    tensor_1 = pb.Tensor.from_floats([[0.0, 1.0], [3.0, 4.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[6.0, 7.0], [9.0, 10.0]], DEV).require_grad()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone().log())
    tensor_4 = tensor_3.matmul(tensor_2.clone())
    grads = tensor_4.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    tolerance = Tolerance.default().set_half_precision_relative(1e-3)
    assert_approx_eq(grad_1, [[60.2652, 72.3130], [60.2652, 72.3130]], tolerance)
    assert_approx_eq(grad_2, [[22.8614, 24.5043], [24.5729, 26.8507]], tolerance)
