"""Burn's `burn-backend-tests/tests/autodiff/maxmin.rs`, ported.

Forms assumed: `x.max_dim(1)` / `x.min_dim(1)` keep the reduced dimension (size 1), as Burn;
`x.unsqueeze(2)` is Burn's `unsqueeze::<2>()` (a no-op on the `[2, 1]` here); the `[2, 2] *
[2, 1]` product needs Burn's broadcasting.
"""

from __future__ import annotations

import pytest

import pbpit as pb
from burn_autodiff.tolerance import Tolerance, assert_approx_eq

DEV = pb.Device.flex().autodiff()


def _inputs():
    tensor_1 = pb.Tensor.from_floats([[1.0, 7.0], [-2.0, -3.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[4.0, -7.0], [2.0, 3.0]], DEV).require_grad()
    return tensor_1, tensor_2


@pytest.mark.needs_op("max_dim", "unsqueeze", "broadcast")
def test_should_diff_max_dim():
    tensor_1, tensor_2 = _inputs()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone())
    tensor_4 = tensor_1.clone().mul(tensor_3.max_dim(1).unsqueeze(2))
    grads = tensor_4.backward()

    assert_approx_eq(tensor_1.grad(grads), [[50.0, 34.0], [40.0, -10.0]], Tolerance.default())
    assert_approx_eq(tensor_2.grad(grads), [[8.0, 10.0], [56.0, 15.0]], Tolerance.default())


@pytest.mark.needs_op("min_dim", "unsqueeze", "broadcast")
def test_should_diff_min_dim():
    tensor_1, tensor_2 = _inputs()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone())
    tensor_4 = tensor_1.clone().mul(tensor_3.min_dim(1).unsqueeze(2))
    grads = tensor_4.backward()

    assert_approx_eq(tensor_1.grad(grads), [[-42.0, 38.0], [-34.0, -24.0]], Tolerance.default())
    assert_approx_eq(tensor_2.grad(grads), [[10.0, 8.0], [15.0, 56.0]], Tolerance.default())


@pytest.mark.needs_op("min_dim")
def test_should_diff_min_dim_3d_dim1():
    tensor_1 = pb.Tensor.from_floats([[[1.0, 7.0], [-2.0, -3.0]]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[[4.0, -7.0], [2.0, 3.0]]], DEV).require_grad()

    tensor_3 = tensor_1.clone().mul(tensor_2.clone())
    tensor_4 = tensor_3.min_dim(1)

    grads = tensor_4.backward()

    assert_approx_eq(tensor_1.grad(grads), [[[0.0, -7.0], [2.0, 0.0]]], Tolerance.default())
    assert_approx_eq(tensor_2.grad(grads), [[[0.0, 7.0], [-2.0, -0.0]]], Tolerance.default())
