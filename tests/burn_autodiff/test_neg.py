"""Burn's `burn-backend-tests/tests/autodiff/neg.rs`, ported."""

from __future__ import annotations

import pbpit as pb
from burn_autodiff.tolerance import assert_eq

DEV = pb.Device.flex().autodiff()


def test_should_diff_neg():
    tensor_1 = pb.Tensor.from_floats([[1.0, 7.0], [2.0, 3.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[4.0, 7.0], [2.0, 3.0]], DEV).require_grad()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone().neg())
    tensor_4 = tensor_3.neg()
    grads = tensor_4.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    assert_eq(grad_1, [[11.0, 5.0], [11.0, 5.0]])
    assert_eq(grad_2, [[3.0, 3.0], [10.0, 10.0]])
