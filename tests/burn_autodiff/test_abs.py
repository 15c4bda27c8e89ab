"""Burn's `burn-backend-tests/tests/autodiff/abs.rs`, ported."""

from __future__ import annotations

import math

import pbpit as pb
from burn_autodiff.tolerance import Tolerance, assert_approx_eq

DEV = pb.Device.flex().autodiff()


def test_should_diff_abs():
    tensor_1 = pb.Tensor.from_floats([[0.0, -1.0], [3.0, 4.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[6.0, 7.0], [9.0, -10.0]], DEV).require_grad()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone().abs())
    tensor_4 = tensor_3.matmul(tensor_2.clone())
    grads = tensor_4.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    assert_approx_eq(grad_1, [[71.0, 107.0], [71.0, 107.0]], Tolerance.default())
    assert_approx_eq(grad_2, [[84.0, 42.0], [90.0, 54.0]], Tolerance.default())


def test_should_diff_abs_no_nans():
    tensor_1 = pb.Tensor.from_floats([[6.0, 7.0], [9.0, -10.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[0.0, -1.0], [3.0, 4.0]], DEV).require_grad()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone().abs())
    grads = tensor_3.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    assert_approx_eq(grad_1, [[1.0, 7.0], [1.0, 7.0]], Tolerance.default())
    assert_approx_eq(grad_2, [[0.0, -15.0], [-3.0, -3.0]], Tolerance.default())

    # Burn's `contains_nan()` is a Bool tensor; pbpit has none, so the values are read instead.
    assert not any(math.isnan(value) for value in grad_2.to_vec())
