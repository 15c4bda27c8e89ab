"""Burn's `burn-backend-tests/tests/autodiff/pow.rs`, ported.

`powf` with a tensor exponent is assumed as `x.powf(exponent_tensor)`, Burn's name.
"""

from __future__ import annotations

import pytest

import pbpit as pb
from burn_autodiff.tolerance import Tolerance, assert_approx_eq

DEV = pb.Device.flex().autodiff()


def test_should_diff_powf_scalar():
    tensor_1 = pb.Tensor.from_floats([[0.0, 1.0], [3.0, 4.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[6.0, 7.0], [9.0, 10.0]], DEV).require_grad()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone().powf_scalar(0.4))
    tensor_4 = tensor_3.matmul(tensor_2.clone())
    grads = tensor_4.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    tolerance = Tolerance.default().set_half_precision_relative(2e-3)
    assert_approx_eq(grad_1, [[68.0, 79.0328], [68.0, 79.0328]], tolerance)
    assert_approx_eq(grad_2, [[23.5081, 25.2779], [26.0502, 28.6383]], tolerance)


@pytest.mark.needs_op("powf")
def test_should_diff_powf():
    tensor_1 = pb.Tensor.from_floats([2.0, 7.0], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([4.0, 2.0], DEV).require_grad()

    tensor_3 = tensor_1.clone().powf(tensor_2.clone())
    grads = tensor_3.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    assert_approx_eq(grad_1, [32.0, 14.0], Tolerance.default())
    assert_approx_eq(grad_2, [11.09035, 95.34960], Tolerance.default())
    assert_approx_eq(tensor_3, [16.0, 49.0], Tolerance.default())


@pytest.mark.needs_op("powf")
def test_should_diff_powf_with_untracked_lhs():
    tensor_1 = pb.Tensor.from_floats([2.0, 7.0], DEV)
    tensor_2 = pb.Tensor.from_floats([4.0, 2.0], DEV).require_grad()

    tensor_3 = tensor_1.clone().powf(tensor_2.clone())
    grads = tensor_3.backward()

    grad_2 = tensor_2.grad(grads)

    assert_approx_eq(grad_2, [11.09035, 95.34960], Tolerance.default())


@pytest.mark.needs_op("powf")
def test_should_diff_powf_with_untracked_rhs():
    tensor_1 = pb.Tensor.from_floats([2.0, 7.0], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([4.0, 2.0], DEV)

    tensor_3 = tensor_1.clone().powf(tensor_2.clone())
    grads = tensor_3.backward()

    grad_1 = tensor_1.grad(grads)

    assert_approx_eq(grad_1, [32.0, 14.0], Tolerance.default())
