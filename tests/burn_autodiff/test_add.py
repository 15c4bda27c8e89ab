"""Burn's `burn-backend-tests/tests/autodiff/add.rs`, ported.

Burn builds these inputs with `from_data` (of an array or a `TensorData`); each test runs twice:
with `Tensor.from_floats` (the same f32 data, there today) and with `Tensor.from_data` as Burn
writes it (`needs_op("from_data", "TensorData")`).
"""

from __future__ import annotations

import pytest

import pbpit as pb
from burn_autodiff.tolerance import assert_eq

DEV = pb.Device.flex().autodiff()


def _from_floats(values, device, *, wrapped):
    return pb.Tensor.from_floats(values, device)


def _from_data(values, device, *, wrapped):
    # `wrapped`: Burn passed `TensorData::from(values)`, not the bare array.
    return pb.Tensor.from_data(pb.TensorData(values) if wrapped else values, device)


CONSTRUCTORS = [
    pytest.param(_from_floats, id="from_floats"),
    pytest.param(_from_data, id="from_data", marks=pytest.mark.needs_op("from_data", "TensorData")),
]


@pytest.mark.parametrize("make", CONSTRUCTORS)
def test_should_diff_add(make):
    tensor_1 = make([2.0, 5.0], DEV, wrapped=False).require_grad()
    tensor_2 = make([4.0, 1.0], DEV, wrapped=False).require_grad()

    tensor_3 = tensor_1.clone() + tensor_2.clone()
    grads = tensor_3.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    assert_eq(grad_1, [1.0, 1.0])
    assert_eq(grad_2, [1.0, 1.0])
    assert_eq(tensor_3, [6.0, 6.0])


@pytest.mark.parametrize("make", CONSTRUCTORS)
def test_should_diff_add_scalar(make):
    tensor = make([2.0, 10.0], DEV, wrapped=True).require_grad()
    tensor_out = tensor.clone().add_scalar(5.0)
    grads = tensor_out.backward()

    grad = tensor.grad(grads)

    assert_eq(grad, [1.0, 1.0])
    assert_eq(tensor_out, [7.0, 15.0])


@pytest.mark.parametrize("make", CONSTRUCTORS)
def test_add_complex_1(make):
    tensor_1 = make([[1.0, 7.0], [13.0, -3.0]], DEV, wrapped=True).require_grad()
    tensor_2 = make([[4.0, 7.0], [2.0, 3.0]], DEV, wrapped=True).require_grad()
    tensor_3 = make([[2.0, 2.0], [2.0, 2.0]], DEV, wrapped=True).require_grad()

    tensor_4 = tensor_1.clone().add(tensor_2.clone())
    tensor_5 = tensor_4.add(tensor_3).add_scalar(5.0).add(tensor_1.clone()).add(tensor_2.clone())
    tensor_6 = tensor_1.clone().add(tensor_5)

    grads = tensor_6.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    assert_eq(grad_1, [[3.0, 3.0], [3.0, 3.0]])
    assert_eq(grad_2, [[2.0, 2.0], [2.0, 2.0]])
