"""Burn's `burn-backend-tests/tests/autodiff/broadcast.rs`, ported.

`w.slice([0..1])` is assumed as `w.slice([(0, 1)])`. A `[1, 5, 5]` and a `[4, 5, 5]` tensor meet
in each op, so the backward must reduce the broadcast gradient back to `[1, 5, 5]` (slice's
backward does not broadcast, so a wrong shape fails there). Burn's `mask_where_broadcast` is not
ported: pbpit has no Bool tensors, `equal_elem` or `mask_where`.
"""

from __future__ import annotations

import pytest

import pbpit as pb

DEV = pb.Device.flex().autodiff()


def _ops_broadcast_backward(func) -> None:
    w = pb.Tensor.zeros([16, 5, 5], DEV).require_grad()
    x = pb.Tensor.zeros([4, 5, 5], DEV).require_grad()

    y = func(w.clone().slice([(0, 1)]), x.clone())

    # Burn: "Will panic if broadcast isn't supported!"
    grads = y.backward()

    w_grad = w.grad(grads)
    x_grad = x.grad(grads)

    assert w_grad.dims() == w.dims()
    assert x_grad.dims() == x.dims()


@pytest.mark.needs_op("slice", "broadcast")
def test_mul_broadcast():
    _ops_broadcast_backward(lambda x, y: x * y)


@pytest.mark.needs_op("slice", "broadcast")
def test_div_broadcast():
    _ops_broadcast_backward(lambda x, y: x / y)


@pytest.mark.needs_op("slice", "broadcast")
def test_sub_broadcast():
    _ops_broadcast_backward(lambda x, y: x - y)


@pytest.mark.needs_op("slice", "broadcast")
def test_add_broadcast():
    _ops_broadcast_backward(lambda x, y: x + y)


@pytest.mark.needs_op("slice", "batched matmul")
def test_matmul_broadcast():
    _ops_broadcast_backward(lambda x, y: x.matmul(y))
