"""Burn's `burn-backend-tests/tests/autodiff/slice.rs`, ported.

Forms assumed for Burn's ranges in `slice`: `a..b` is the pair `(a, b)`; the `s!` macro's
stepped and open ranges are Python slices: `0..;2` is `slice(0, None, 2)`, `..` is
`slice(None)`, `0..4;2` is `slice(0, 4, 2)`. One entry per sliced dimension, the rest kept.
"""

from __future__ import annotations

import pytest

import pbpit as pb
from burn_autodiff.tolerance import assert_eq

DEV = pb.Device.flex().autodiff()


@pytest.mark.needs_op("slice")
def test_should_diff_matmul_with_slice():
    tensor_1 = pb.Tensor.from_floats([[1.0, 7.0], [2.0, 3.0]], DEV).require_grad()
    tensor_2 = pb.Tensor.from_floats([[4.0, 7.0, 100.0], [2.0, 3.0, 15.0]], DEV).require_grad()

    tensor_3 = tensor_2.clone().slice([(0, 2), (0, 2)])
    tensor_4 = tensor_1.clone().matmul(tensor_3)
    grads = tensor_4.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    assert_eq(grad_1, [[11.0, 5.0], [11.0, 5.0]])
    assert_eq(grad_2, [[3.0, 3.0, 0.0], [10.0, 10.0, 0.0]])


@pytest.mark.needs_op("slice")
def test_should_diff_matmul_with_slice_stepped():
    tensor_1 = pb.Tensor.from_floats(
        [[1.0, 7.0], [100.0, 100.0], [2.0, 3.0], [100.0, 100.0]], DEV
    ).require_grad()
    tensor_2 = pb.Tensor.from_floats(
        [[4.0, 100.0, 7.0, 100.0], [2.0, 100.0, 3.0, 15.0]], DEV
    ).require_grad()

    tensor_3 = tensor_1.clone().slice([slice(0, None, 2), (0, 2)])  # [[1., 7.], [2., 3.]]
    tensor_4 = tensor_2.clone().slice([(0, 2), slice(0, None, 2)])  # [[4., 7.], [2., 3.]]
    tensor_5 = tensor_3.clone().matmul(tensor_4)
    grads = tensor_5.backward()

    grad_1 = tensor_1.grad(grads)
    grad_2 = tensor_2.grad(grads)

    assert_eq(grad_1, [[11.0, 5.0], [0.0, 0.0], [11.0, 5.0], [0.0, 0.0]])
    assert_eq(grad_2, [[3.0, 0.0, 3.0, 0.0], [10.0, 0.0, 10.0, 0.0]])


@pytest.mark.needs_op("slice")
def test_should_panic_on_slice_with_step():
    # Burn names it "should panic" and comments "This should panic because step is 2", but the
    # test carries no `#[should_panic]`: it passes when the stepped slice of a tracked tensor
    # runs. Ported as Burn runs it.
    data = [[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]
    tensor = pb.Tensor.from_floats(data, DEV).require_grad()

    _sliced = tensor.slice([slice(None), slice(0, 4, 2)])
