"""Burn's `burn-backend-tests/tests/autodiff/aggregation.rs`, ported.

Forms assumed: `x.mean_dim(1)` and `x.prod_dim(1)` keep the reduced dimension (size 1), as Burn;
`x.prod()` is the product of all elements, a `[1]` tensor; `x.unsqueeze(2)` is Burn's
`unsqueeze::<2>()`, the rank Burn infers from the use given explicitly (leading 1s added: `[1]`
becomes `[1, 1]`, `[2, 1]` stays). `[2, 2] * [1, 1]` and `[2, 1] * [2, 2]` need Burn's
broadcasting in binary ops (`needs_op("broadcast")`).

Burn's two `#[ignore]`d tests (`should_diff_prod_single_zero`, `should_diff_prod_multiple_zeros`:
the gradient of a product at a zero, burn issue 3864) are not ported: Burn does not run them.
"""

from __future__ import annotations

import pytest

import pbpit as pb
from burn_autodiff.tolerance import Tolerance, assert_approx_eq

DEV = pb.Device.flex().autodiff()


def _inputs():
    tensor_1 = pb.Tensor.from_floats([[1.0, 7.0], [-2.0, -3.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[4.0, -7.0], [2.0, 3.0]], DEV).require_grad()
    return tensor_1, tensor_2


@pytest.mark.needs_op("unsqueeze", "broadcast")
def test_should_diff_mean():
    tensor_1, tensor_2 = _inputs()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone())
    tensor_4 = tensor_1.clone().mul(tensor_3.mean().unsqueeze(2))
    grads = tensor_4.backward()

    assert_approx_eq(tensor_1.grad(grads), [[3.5, 9.5], [3.5, 9.5]], Tolerance.default())
    assert_approx_eq(tensor_2.grad(grads), [[-0.75, -0.75], [3.0, 3.0]], Tolerance.default())


@pytest.mark.needs_op("unsqueeze", "broadcast")
def test_should_diff_sum_1():
    tensor_1, tensor_2 = _inputs()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone())
    tensor_4 = tensor_1.clone().mul(tensor_3.sum().unsqueeze(2))
    grads = tensor_4.backward()

    assert_approx_eq(tensor_1.grad(grads), [[14.0, 38.0], [14.0, 38.0]], Tolerance.default())
    assert_approx_eq(tensor_2.grad(grads), [[-3.0, -3.0], [12.0, 12.0]], Tolerance.default())


@pytest.mark.needs_op("broadcast")
def test_should_diff_sum_2():
    tensor_1 = pb.Tensor.from_floats([[0.0, 1.0], [3.0, 4.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[6.0, 7.0], [9.0, 10.0]], DEV).require_grad()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone())
    tensor_4 = tensor_3.clone().sum_dim(1)
    tensor_5 = tensor_4.mul(tensor_3)

    grads = tensor_5.sum().backward()

    tolerance = Tolerance.default()
    assert_approx_eq(tensor_1.grad(grads), [[494.0, 722.0], [2990.0, 4370.0]], tolerance)
    assert_approx_eq(tensor_2.grad(grads), [[690.0, 690.0], [958.0, 958.0]], tolerance)


@pytest.mark.needs_op("mean_dim", "unsqueeze", "broadcast")
def test_should_diff_mean_dim():
    tensor_1, tensor_2 = _inputs()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone())
    tensor_4 = tensor_1.clone().mul(tensor_3.mean_dim(1).unsqueeze(2))
    grads = tensor_4.backward()

    assert_approx_eq(tensor_1.grad(grads), [[4.0, 36.0], [3.0, -17.0]], Tolerance.default())
    assert_approx_eq(tensor_2.grad(grads), [[9.0, 9.0], [35.5, 35.5]], Tolerance.default())


@pytest.mark.needs_op("unsqueeze", "broadcast")
def test_should_diff_sum_dim():
    tensor_1, tensor_2 = _inputs()

    tensor_3 = tensor_1.clone().matmul(tensor_2.clone())
    tensor_4 = tensor_1.clone().mul(tensor_3.sum_dim(1).unsqueeze(2))
    grads = tensor_4.backward()

    assert_approx_eq(tensor_1.grad(grads), [[8.0, 72.0], [6.0, -34.0]], Tolerance.default())
    assert_approx_eq(tensor_2.grad(grads), [[18.0, 18.0], [71.0, 71.0]], Tolerance.default())


@pytest.mark.needs_op("prod")
def test_should_diff_prod():
    tensor = pb.Tensor.from_floats([2.0, 3.0, 4.0], DEV).require_grad()

    output = tensor.clone().prod()
    grads = output.backward()
    grad = tensor.grad(grads)

    # grad_i = prod(x) / x_i = [24/2, 24/3, 24/4]
    assert_approx_eq(grad, [12.0, 8.0, 6.0], Tolerance.default())


@pytest.mark.needs_op("prod")
def test_should_diff_prod_with_negatives():
    tensor = pb.Tensor.from_floats([2.0, -3.0, 4.0], DEV).require_grad()

    output = tensor.clone().prod()

    # The forward value keeps its sign (exp(sum(log(x))) would be NaN for a negative input).
    assert_approx_eq(output, [-24.0], Tolerance.default())

    grads = output.backward()
    grad = tensor.grad(grads)

    # grad_i = prod(x) / x_i = [-24/2, -24/-3, -24/4]
    assert_approx_eq(grad, [-12.0, 8.0, -6.0], Tolerance.default())


@pytest.mark.needs_op("prod_dim")
def test_should_diff_prod_dim():
    tensor = pb.Tensor.from_floats([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], DEV).require_grad()

    output = tensor.clone().prod_dim(1)
    grads = output.sum().backward()
    grad = tensor.grad(grads)

    # Per row: grad_ij = prod(row_i) / x_ij
    assert_approx_eq(grad, [[6.0, 3.0, 2.0], [30.0, 24.0, 20.0]], Tolerance.default())


@pytest.mark.needs_op("prod_dim")
def test_should_diff_prod_dim_with_negatives():
    tensor = pb.Tensor.from_floats([[1.0, -2.0, 3.0], [-4.0, 5.0, 6.0]], DEV).require_grad()

    output = tensor.clone().prod_dim(0)

    assert_approx_eq(output.clone(), [[-4.0, -10.0, 18.0]], Tolerance.default())

    grads = output.sum().backward()
    grad = tensor.grad(grads)

    # Per column: grad_ij = prod(col_j) / x_ij
    assert_approx_eq(grad, [[-4.0, 5.0, 6.0], [1.0, -2.0, 3.0]], Tolerance.default())
