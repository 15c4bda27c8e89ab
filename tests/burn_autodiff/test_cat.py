"""Burn's `burn-backend-tests/tests/autodiff/cat.rs`, ported.

`slice([i..i + 1])` is assumed as `x.slice([(i, i + 1)])`: a list of `(start, end)` pairs, one
per sliced dimension, the rest kept whole.
"""

from __future__ import annotations

import pytest

import pbpit as pb
from burn_autodiff.tolerance import Tolerance, assert_approx_eq, assert_eq

DEV = pb.Device.flex().autodiff()


@pytest.mark.needs_op("slice")
def test_should_diff_cat():
    tensor_1 = pb.Tensor.from_floats([[2.0, -1.0], [5.0, 2.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[5.0, 4.0], [-1.0, 4.0]], DEV).require_grad()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone())
    grads = tensor_3.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    tensor_1_list = []
    tensor_2_list = []
    for i in range(2):
        tensor_1_list.append(tensor_1.clone().slice([(i, i + 1)]))
        tensor_2_list.append(tensor_2.clone().slice([(i, i + 1)]))

    tensor_1_cat = pb.Tensor.cat(list(tensor_1_list), 0)
    tensor_2_cat = pb.Tensor.cat(list(tensor_2_list), 0)

    tensor_3_cat = tensor_1_cat.clone().matmul(tensor_2_cat.clone())
    grads = tensor_3_cat.backward()

    grad_1_slice_1 = tensor_1.grad(grads).slice([(0, 1)])
    grad_1_slice_2 = tensor_1.grad(grads).slice([(1, 2)])

    grad_2_slice_1 = tensor_2.grad(grads).slice([(0, 1)])
    grad_2_slice_2 = tensor_2.grad(grads).slice([(1, 2)])

    tolerance = Tolerance.default()
    assert_approx_eq(grad_1.clone().slice([(0, 1)]), grad_1_slice_1, tolerance)
    assert_approx_eq(grad_1.slice([(1, 2)]), grad_1_slice_2, tolerance)
    assert_approx_eq(grad_2.clone().slice([(0, 1)]), grad_2_slice_1, tolerance)
    assert_approx_eq(grad_2.slice([(1, 2)]), grad_2_slice_2, tolerance)


def test_should_diff_cat_more_than_1_dim():
    tensor_1 = pb.Tensor.from_floats([[2.0, -1.0], [5.0, 2.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[5.0, 4.0], [-1.0, 4.0], [4.0, 1.0]], DEV).require_grad()

    # Concat a tensor [2, 2] with another tensor [3, 2] along dim 0: the result is [5, 2].
    tensor_3 = pb.Tensor.cat([tensor_1.clone(), tensor_2.clone()], 0)
    assert tensor_3.dims() == [5, 2]
    grads = tensor_3.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    assert tensor_1.dims() == grad_1.dims()
    assert tensor_2.dims() == grad_2.dims()


def test_should_slice_grads_correctly_when_some_inputs_not_tracked():
    tensor_1 = pb.Tensor.from_floats([[1.0]], DEV).require_grad()  # tracked
    tensor_2 = pb.Tensor.from_floats([[10.0, 20.0]], DEV)  # not tracked
    tensor_3 = pb.Tensor.from_floats([[100.0, 200.0, 300.0]], DEV).require_grad()  # tracked

    cat = pb.Tensor.cat([tensor_1.clone(), tensor_2.clone(), tensor_3.clone()], 1)

    # A gradient unique to each column, so a wrong slicing shows.
    weights = pb.Tensor.from_floats([[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]], DEV)
    loss = (cat * weights).sum()

    grads = loss.backward()

    grad_1 = tensor_1.grad(grads)
    grad_3 = tensor_3.grad(grads)

    assert_eq(grad_1, [[1.0]])
    assert_eq(grad_3, [[4.0, 5.0, 6.0]])
