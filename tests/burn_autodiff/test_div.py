"""Burn's `burn-backend-tests/tests/autodiff/div.rs`, ported."""

from __future__ import annotations

import pbpit as pb
from burn_autodiff.tolerance import Tolerance, assert_approx_eq, assert_eq

DEV = pb.Device.flex().autodiff()


def test_should_diff_div():
    tensor_1 = pb.Tensor.from_floats([1.0, 7.0], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([4.0, 7.0], DEV).require_grad()

    tensor_3 = tensor_1.clone().div(tensor_2.clone())
    grads = tensor_3.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    assert_approx_eq(grad_1, [0.25, 0.14285715], Tolerance.default())
    assert_approx_eq(grad_2, [-0.0625, -0.14285715], Tolerance.default())


def test_should_diff_div_scalar():
    tensor = pb.Tensor.from_floats([1.0, 7.0], DEV).require_grad()
    tensor_out = tensor.clone().div_scalar(4.0)

    grads = tensor_out.backward()
    grad = tensor.grad(grads)

    assert_eq(grad, [0.25, 0.25])


def test_div_complex_1():
    tensor_1 = pb.Tensor.from_floats([[1.0, 7.0], [13.0, -3.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[4.0, 7.0], [2.0, 3.0]], DEV).require_grad()
    tensor_3 = pb.Tensor.from_floats([[2.0, 2.0], [2.0, 2.0]], DEV).require_grad()

    tensor_4 = tensor_1.clone().div(tensor_2.clone())
    tensor_5 = tensor_4.div(tensor_3.clone())

    grads = tensor_5.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)
    grad_3 = tensor_3.grad(grads)

    tolerance = Tolerance.default()
    assert_approx_eq(grad_1, [[0.1250, 0.07142857], [0.25, 0.16666667]], tolerance)
    assert_approx_eq(grad_2, [[-0.03125, -0.07142857], [-1.6250, 0.16666667]], tolerance)
    assert_approx_eq(grad_3, [[-0.0625, -0.25], [-1.6250, 0.25]], tolerance)


def test_div_complex_2():
    tensor_1 = pb.Tensor.from_floats([[0.0, 1.0], [3.0, 4.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[6.0, 7.0], [9.0, 10.0]], DEV).require_grad()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone())
    tensor_4 = tensor_3.div(tensor_2.clone())

    grads = tensor_4.backward()
    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    tolerance = Tolerance.default().set_half_precision_absolute(2e-3)
    assert_approx_eq(grad_1, [[2.00, 2.92857146], [1.36666667, 2.0]], tolerance)
    assert_approx_eq(grad_2, [[0.08333334, 0.09591837], [-0.05555558, -0.06714284]], tolerance)
