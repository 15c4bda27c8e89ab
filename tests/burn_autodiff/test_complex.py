"""Burn's `burn-backend-tests/tests/autodiff/complex.rs`, ported: tensors used more than once."""

from __future__ import annotations

import pbpit as pb
from burn_autodiff.tolerance import assert_eq

DEV = pb.Device.flex().autodiff()


def _inputs():
    tensor_1 = pb.Tensor.from_floats([[1.0, 7.0], [13.0, -3.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[4.0, 7.0], [2.0, 3.0]], DEV).require_grad()
    return tensor_1, tensor_2


def test_should_diff_full_complex_1():
    tensor_1, tensor_2 = _inputs()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone())
    tensor_4 = tensor_3.matmul(tensor_1.clone())
    tensor_5 = tensor_4.mul(tensor_2.clone())

    grads = tensor_5.backward()

    assert_eq(tensor_1.grad(grads), [[593.0, 463.0], [487.0, 539.0]])
    assert_eq(tensor_2.grad(grads), [[734.0, 294.0], [1414.0, 242.0]])


def test_should_diff_full_complex_2():
    tensor_1, tensor_2 = _inputs()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone())
    tensor_4 = tensor_3.matmul(tensor_1.clone())
    tensor_5 = tensor_4.add_scalar(17.0).add(tensor_2.clone())

    grads = tensor_5.backward()

    assert_eq(tensor_1.grad(grads), [[166.0, 110.0], [212.0, 156.0]])
    assert_eq(tensor_2.grad(grads), [[113.0, 141.0], [33.0, 41.0]])


def test_should_diff_full_complex_3():
    tensor_1, tensor_2 = _inputs()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone())
    tensor_4 = tensor_3.matmul(tensor_1.clone())
    tensor_5 = tensor_4.clone().sub(tensor_2.clone())
    tensor_6 = tensor_5.add(tensor_4)

    grads = tensor_6.backward()

    assert_eq(tensor_1.grad(grads), [[332.0, 220.0], [424.0, 312.0]])
    assert_eq(tensor_2.grad(grads), [[223.0, 279.0], [63.0, 79.0]])
