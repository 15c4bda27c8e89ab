"""Burn's `burn-backend-tests/tests/autodiff/sub.rs`, ported."""

from __future__ import annotations

import pbpit as pb
from burn_autodiff.tolerance import assert_eq

DEV = pb.Device.flex().autodiff()


def test_should_diff_sub():
    tensor_1 = pb.Tensor.from_floats([2.0, 5.0], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([4.0, 1.0], DEV).require_grad()

    tensor_3 = tensor_1.clone().sub(tensor_2.clone())
    grads = tensor_3.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    assert_eq(grad_1, [1.0, 1.0])
    assert_eq(grad_2, [-1.0, -1.0])
    assert_eq(tensor_3, [-2.0, 4.0])


def test_should_diff_sub_scalar():
    tensor = pb.Tensor.from_floats([2.0, 10.0], DEV).require_grad()
    tensor_out = tensor.clone().sub_scalar(5.0)
    grads = tensor_out.backward()

    grad = tensor.grad(grads)

    assert_eq(grad, [1.0, 1.0])
    assert_eq(tensor_out, [-3.0, 5.0])


def test_sub_complex_1():
    tensor_1 = pb.Tensor.from_floats([[1.0, 7.0], [13.0, -3.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[4.0, 7.0], [2.0, 3.0]], DEV).require_grad()
    tensor_3 = pb.Tensor.from_floats([[2.0, 2.0], [2.0, 2.0]], DEV).require_grad()

    tensor_4 = tensor_1.clone().sub(tensor_2.clone())
    tensor_5 = tensor_4.sub(tensor_3).sub_scalar(5.0)
    tensor_6 = tensor_1.clone().sub(tensor_5)

    grads = tensor_6.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    assert_eq(grad_1, [[0.0, 0.0], [0.0, 0.0]])
    assert_eq(grad_2, [[1.0, 1.0], [1.0, 1.0]])
