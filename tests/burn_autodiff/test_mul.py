"""Burn's `burn-backend-tests/tests/autodiff/mul.rs`, ported."""

from __future__ import annotations

import pbpit as pb
from burn_autodiff.tolerance import assert_eq

DEV = pb.Device.flex().autodiff()


def test_should_diff_mul():
    data_1 = [1.0, 7.0]
    data_2 = [4.0, 7.0]

    tensor_1 = pb.Tensor.from_floats(data_1, DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats(data_2, DEV).require_grad()

    tensor_3 = tensor_1.clone().mul(tensor_2.clone())
    grads = tensor_3.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)
    assert grad_2 is not None  # Burn's `.unwrap()`

    assert_eq(grad_1, data_2)
    assert_eq(tensor_3, [4.0, 49.0])


def test_should_diff_mul_scalar():
    tensor = pb.Tensor.from_floats([2.0, 5.0], DEV).require_grad()
    tensor_out = tensor.clone().mul_scalar(4.0)

    grads = tensor_out.backward()
    grad = tensor.grad(grads)

    assert_eq(tensor_out, [8.0, 20.0])
    assert_eq(grad, [4.0, 4.0])


def test_mul_complex_1():
    tensor_1 = pb.Tensor.from_floats([[1.0, 7.0], [13.0, -3.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[4.0, 7.0], [2.0, 3.0]], DEV).require_grad()
    tensor_3 = pb.Tensor.from_floats([[2.0, 2.0], [2.0, 2.0]], DEV).require_grad()

    tensor_4 = tensor_1.clone().mul(tensor_2.clone())
    tensor_5 = tensor_4.mul(tensor_3)
    tensor_6 = tensor_1.clone().mul(tensor_5)

    grads = tensor_6.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    assert_eq(grad_1, [[16.0, 196.0], [104.0, -36.0]])
    assert_eq(grad_2, [[2.0, 98.0], [338.0, 18.0]])
