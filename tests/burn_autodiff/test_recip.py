"""Burn's `burn-backend-tests/tests/autodiff/recip.rs`, ported."""

from __future__ import annotations

import pbpit as pb
from burn_autodiff.tolerance import Tolerance, assert_approx_eq, assert_eq

DEV = pb.Device.flex().autodiff()


def test_should_diff_recip():
    tensor = pb.Tensor.from_floats([2.0, 5.0, 0.4], DEV).require_grad()
    tensor_out = tensor.clone().recip()

    grads = tensor_out.backward()
    grad = tensor.grad(grads)

    assert_eq(tensor_out, [0.5, 0.2, 2.5])
    assert_approx_eq(grad, [-0.25, -0.04, -6.25], Tolerance.default())
