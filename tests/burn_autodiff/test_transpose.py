"""Burn's `burn-backend-tests/tests/autodiff/transpose.rs`, ported.

Forms assumed: `x.transpose()` (the last two dimensions swapped) and `x.swap_dims(0, 2)`; the
rank-3 products are Burn's batched matmul (`needs_op("batched matmul")`).
"""

from __future__ import annotations

import pytest

import pbpit as pb
from burn_autodiff.tolerance import Tolerance, assert_approx_eq

DEV = pb.Device.flex().autodiff()


@pytest.mark.needs_op("transpose")
def test_should_diff_transpose():
    tensor_1 = pb.Tensor.from_floats([[1.0, 7.0], [2.0, 3.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[4.0, 7.0], [2.0, 3.0]], DEV).require_grad()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone().transpose())
    tensor_4 = tensor_3.transpose()
    grads = tensor_4.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    assert_approx_eq(grad_1, [[6.0, 10.0], [6.0, 10.0]], Tolerance.default())
    assert_approx_eq(grad_2, [[3.0, 10.0], [3.0, 10.0]], Tolerance.default())


@pytest.mark.needs_op("swap_dims", "batched matmul")
def test_should_diff_swap_dims():
    tensor_1 = pb.Tensor.from_floats(
        [[[0.0, 1.0], [3.0, 4.0]], [[6.0, 7.0], [9.0, 10.0]]], DEV
    ).require_grad()
    tensor_2 = pb.Tensor.from_floats(
        [[[1.0, 4.0], [2.0, 5.0]], [[7.0, 10.0], [8.0, 11.0]]], DEV
    ).require_grad()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone().swap_dims(0, 2))
    tensor_4 = tensor_3.matmul(tensor_2.clone().swap_dims(1, 2))
    grads = tensor_4.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    assert_approx_eq(
        grad_1,
        [[[66.0, 78.0], [66.0, 78.0]], [[270.0, 306.0], [270.0, 306.0]]],
        Tolerance.default(),
    )
    assert_approx_eq(
        grad_2,
        [[[22.0, 286.0], [28.0, 316.0]], [[172.0, 652.0], [190.0, 694.0]]],
        Tolerance.default(),
    )
