"""Burn's `burn-backend-tests/tests/autodiff/permute.rs`, ported.

Form assumed: `x.permute([0, 2, 1])`; the `[1, 2, 2] @ [1, 2, 3]` product is Burn's batched
matmul (`needs_op("batched matmul")`).
"""

from __future__ import annotations

import pytest

import pbpit as pb
from burn_autodiff.tolerance import Tolerance, assert_approx_eq

DEV = pb.Device.flex().autodiff()


@pytest.mark.needs_op("permute", "batched matmul")
def test_should_diff_permute():
    tensor_1 = pb.Tensor.from_floats([[[1.0, 7.0], [2.0, 3.0]]], DEV).require_grad()  # 1x2x2
    tensor_2 = pb.Tensor.from_floats(
        [[[1.0, 7.0], [3.2, 2.0], [3.0, 3.0]]], DEV
    ).require_grad()  # 1x3x2

    tensor_3 = tensor_2.clone().permute([0, 2, 1])
    tensor_4 = tensor_1.clone().matmul(tensor_3)
    grads = tensor_4.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    tolerance = Tolerance.default().set_half_precision_relative(1e-3)
    assert_approx_eq(grad_1, [[[7.2, 12.0], [7.2, 12.0]]], tolerance)  # 1x2x2
    assert_approx_eq(grad_2, [[[3.0, 10.0], [3.0, 10.0], [3.0, 10.0]]], tolerance)  # 1x3x2
