"""Burn's `burn-backend-tests/tests/autodiff/matmul.rs`, ported."""

from __future__ import annotations

import pbpit as pb
from burn_autodiff.tolerance import assert_eq

DEV = pb.Device.flex().autodiff()


def test_should_diff_matmul():
    tensor_1 = pb.Tensor.from_floats([[1.0, 7.0], [2.0, 3.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[4.0, 7.0], [2.0, 3.0]], DEV).require_grad()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone())
    grads = tensor_3.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    assert_eq(grad_1, [[11.0, 5.0], [11.0, 5.0]])
    assert_eq(grad_2, [[3.0, 3.0], [10.0, 10.0]])
    assert_eq(tensor_3, [[18.0, 28.0], [14.0, 23.0]])


def test_matmul_complex_1():
    tensor_1 = pb.Tensor.from_floats([[1.0, 7.0], [13.0, -3.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[4.0, 7.0], [2.0, 3.0]], DEV).require_grad()
    tensor_3 = pb.Tensor.from_floats([[2.0, 2.0], [2.0, 2.0]], DEV).require_grad()

    tensor_4 = tensor_1.clone().matmul(tensor_2.clone())
    tensor_5 = tensor_4.matmul(tensor_3)

    grads = tensor_5.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    assert_eq(grad_1, [[44.0, 20.0], [44.0, 20.0]])
    assert_eq(grad_2, [[56.0, 56.0], [16.0, 16.0]])


def test_matmul_complex_2():
    tensor_1 = pb.Tensor.from_floats([[1.0, 7.0], [13.0, -3.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[4.0, 7.0], [2.0, 3.0]], DEV).require_grad()
    tensor_3 = pb.Tensor.from_floats([[2.0, 2.0], [2.0, 2.0]], DEV).require_grad()

    tensor_4 = tensor_1.clone().matmul(tensor_2.clone())
    tensor_5 = tensor_4.matmul(tensor_3.clone())
    tensor_6 = tensor_1.clone().matmul(tensor_5)

    grads = tensor_6.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    assert_eq(grad_1, [[800.0, 792.0], [360.0, 592.0]])
    assert_eq(grad_2, [[264.0, 264.0], [344.0, 344.0]])
