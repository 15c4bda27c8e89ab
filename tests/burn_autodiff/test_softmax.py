"""Burn's `burn-backend-tests/tests/autodiff/softmax.rs`, ported.

Forms assumed: `pbpit.activation.softmax(x, 1)` and `pbpit.activation.log_softmax(x, 1)`, Burn's
`activation::softmax(x, dim)`. Burn's `test_quiet_softmax_grad` calls `softmax` too (not
`quiet_softmax`), with a looser tolerance; it is ported as written.
"""

from __future__ import annotations

import pytest

import pbpit as pb
from burn_autodiff.support import activation_module
from burn_autodiff.tolerance import Tolerance, assert_approx_eq

DEV = pb.Device.flex().autodiff()


def _inputs():
    tensor_1 = pb.Tensor.from_floats([[0.0, 1.0], [3.0, 4.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[6.0, 7.0], [9.0, 10.0]], DEV).require_grad()
    return tensor_1, tensor_2


@pytest.mark.needs_op("activation.softmax")
def test_softmax_grad():
    activation = activation_module()
    tensor_1, tensor_2 = _inputs()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone())
    tensor_4 = activation.softmax(tensor_3, 1).matmul(tensor_2.clone())

    grads = tensor_4.backward()
    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    expected = [[1.179665, 1.179661], [0.005462, 0.005463]]
    assert_approx_eq(grad_1, expected, Tolerance.rel_abs(0.05, 0.5))

    expected = [[0.253469, 0.286237], [0.528630, 2.931664]]
    assert_approx_eq(grad_2, expected, Tolerance.rel_abs(0.05, 0.05))


@pytest.mark.needs_op("activation.log_softmax")
def test_log_softmax_grad():
    activation = activation_module()
    tensor_1, tensor_2 = _inputs()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone())
    tensor_4 = activation.log_softmax(tensor_3, 1).matmul(tensor_2.clone())

    grads = tensor_4.backward()
    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    tolerance = Tolerance.permissive().set_half_precision_relative(6e-2)
    assert_approx_eq(grad_1, [[-4.3939, -4.3939], [-12.9709, -12.9709]], tolerance)
    assert_approx_eq(grad_2, [[30.5984, -47.2267], [55.9631, -56.5914]], tolerance)


@pytest.mark.needs_op("activation.softmax")
def test_quiet_softmax_grad():
    activation = activation_module()
    tensor_1, tensor_2 = _inputs()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone())
    tensor_4 = activation.softmax(tensor_3, 1).matmul(tensor_2.clone())

    grads = tensor_4.backward()
    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    tolerance = Tolerance.rel_abs(0.5, 0.2)
    assert_approx_eq(grad_1, [[1.179665, 1.179661], [0.005462, 0.005463]], tolerance)
    assert_approx_eq(grad_2, [[0.253469, 0.286237], [0.528630, 2.931664]], tolerance)
