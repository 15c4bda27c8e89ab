"""Burn's `burn-backend-tests/tests/autodiff/exp.rs`, ported."""

from __future__ import annotations

import pbpit as pb
from burn_autodiff.tolerance import Tolerance, assert_approx_eq

DEV = pb.Device.flex().autodiff()


def test_should_diff_exp():
    tensor_1 = pb.Tensor.from_floats([[1.0, 7.0], [-2.0, -3.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[4.0, -7.0], [2.0, 3.0]], DEV).require_grad()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone().exp())
    grads = tensor_3.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    tolerance = Tolerance.default()
    assert_approx_eq(grad_1, [[54.5991, 27.4746], [54.5991, 27.4746]], tolerance)
    assert_approx_eq(grad_2, [[-5.4598e01, -9.1188e-04], [2.9556e01, 8.0342e01]], tolerance)
