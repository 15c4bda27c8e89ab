"""Burn's `burn-backend-tests/tests/autodiff/memory_management.rs`, ported: which graphs a
backward consumes, which later backwards still run, and which tensors get no gradient.

Burn's `#[should_panic]` is `pytest.raises(pb.Panic)`: the backward that walks into a step an
earlier backward consumed panics (the "graph tape has already been consumed" panic pbpit
reproduces). Burn's `grad(..).is_some()` / `is_none()` are `is not None` / `is None`.
"""

from __future__ import annotations

import pytest

import pbpit as pb

DEV = pb.Device.flex().autodiff()
DATA = [[1.0, 2.0], [3.0, 4.0]]


def leaf() -> pb.Tensor:
    """Burn's `TestTensor::from_data(data.clone(), &device).require_grad()`."""
    return pb.Tensor.from_floats(DATA, DEV).require_grad()


def untracked() -> pb.Tensor:
    """Burn's `TestTensor::from_data(data.clone(), &device)`: on the autodiff device, no grad."""
    return pb.Tensor.from_floats(DATA, DEV)


def test_mm_independent_trees():
    # First tree
    tensor_0, tensor_1, tensor_2, tensor_3 = leaf(), leaf(), leaf(), leaf()
    tensor_4 = tensor_0 * tensor_1
    tensor_5 = tensor_2 * tensor_3
    tensor_6 = tensor_4 * tensor_5

    # Second tree
    tensor_7, tensor_8, tensor_9, tensor_10 = leaf(), leaf(), leaf(), leaf()
    tensor_11 = tensor_7.clone() * tensor_8.clone()
    tensor_12 = tensor_9.clone() * tensor_10.clone()
    tensor_13 = tensor_11 * tensor_12

    tensor_6.backward()
    grads = tensor_13.backward()

    assert tensor_7.grad(grads) is not None
    assert tensor_8.grad(grads) is not None
    assert tensor_9.grad(grads) is not None
    assert tensor_10.grad(grads) is not None


def test_mm_crossover_trees_root_unavailable():
    # First tree
    tensor_0, tensor_1, tensor_2, tensor_3 = leaf(), leaf(), leaf(), leaf()
    tensor_4 = tensor_0 * tensor_1
    tensor_5 = tensor_2 * tensor_3
    tensor_6 = tensor_4.clone() * tensor_5

    # Second tree
    tensor_7, tensor_8 = leaf(), leaf()
    tensor_9 = tensor_7.clone() * tensor_8.clone()
    tensor_10 = tensor_4 * tensor_9

    tensor_6.backward()
    with pytest.raises(pb.Panic):
        tensor_10.backward()


def test_mm_crossover_trees_with_referred_subtree():
    # First tree
    tensor_0, tensor_1, tensor_2, tensor_3 = leaf(), leaf(), leaf(), leaf()
    tensor_4 = tensor_0 * tensor_1
    tensor_5 = tensor_2 * tensor_3
    tensor_6 = tensor_4.clone() * tensor_5

    # Second tree
    tensor_7, tensor_8 = leaf(), leaf()
    tensor_9 = tensor_7.clone() * tensor_8.clone()
    _tensor_10 = tensor_4 * tensor_9.clone()

    tensor_6.backward()
    tensor_9.backward()


def test_mm_three_crossover_trees_last_still_usable():
    # First tree
    tensor_0, tensor_1, tensor_2, tensor_3 = leaf(), leaf(), leaf(), leaf()
    tensor_4 = tensor_0 * tensor_1
    tensor_5 = tensor_2 * tensor_3
    tensor_6 = tensor_4 * tensor_5.clone()

    # Third tree
    tensor_7, tensor_8, tensor_9, tensor_10 = leaf(), leaf(), leaf(), leaf()
    tensor_11 = tensor_7 * tensor_8
    tensor_12 = tensor_9 * tensor_10
    tensor_13 = tensor_11 * tensor_12.clone()

    # Second tree (in between)
    _tensor_14 = tensor_5 * tensor_12

    tensor_6.backward()
    tensor_13.backward()


def test_mm_three_crossover_trees_middle_one_unavailable():
    # First tree
    tensor_0, tensor_1, tensor_2, tensor_3 = leaf(), leaf(), leaf(), leaf()
    tensor_4 = tensor_0 * tensor_1
    tensor_5 = tensor_2 * tensor_3
    tensor_6 = tensor_4 * tensor_5.clone()

    # Third tree
    tensor_7, tensor_8, tensor_9, tensor_10 = leaf(), leaf(), leaf(), leaf()
    tensor_11 = tensor_7 * tensor_8
    tensor_12 = tensor_9 * tensor_10
    _tensor_13 = tensor_11 * tensor_12.clone()

    # Second tree (in between)
    tensor_14 = tensor_5 * tensor_12

    tensor_6.backward()
    with pytest.raises(pb.Panic):
        tensor_14.backward()


def test_mm_self_referencing_tree():
    # First tree
    tensor_0, tensor_1, tensor_2 = leaf(), leaf(), leaf()
    tensor_3 = tensor_0 * tensor_1
    tensor_5 = tensor_2 * tensor_3.clone()
    tensor_6 = tensor_3 * tensor_5

    tensor_6.backward()


def test_mm_with_non_impacting_detach():
    tensor_1, tensor_2, tensor_3 = leaf(), leaf(), leaf()

    tensor_4 = tensor_1.clone() * tensor_2.clone()
    tensor_5 = tensor_4.detach() * tensor_3.clone()

    grads = tensor_5.backward()
    assert tensor_3.grad(grads) is not None


def test_mm_with_missing_require_grad_after_cleanup():
    tensor_1 = leaf()
    tensor_2 = untracked()
    tensor_3 = untracked()

    tensor_4 = tensor_1.clone() * tensor_2.clone()
    tensor_5 = tensor_4 * tensor_3.clone()

    # A trivial backward, just to trigger Burn's cleanup of unreachable steps.
    leaf().backward()

    grads = tensor_5.backward()
    assert tensor_1.grad(grads) is not None
    assert tensor_2.grad(grads) is None
    assert tensor_3.grad(grads) is None


def test_mm_with_detach_after_cleanup():
    tensor_1, tensor_2, tensor_3 = leaf(), leaf(), leaf()

    tensor_4 = tensor_1.clone() * tensor_2.clone()
    tensor_5 = tensor_4 * tensor_3.clone().detach()

    # A trivial backward, just to trigger Burn's cleanup of unreachable steps.
    leaf().backward()

    grads = tensor_5.backward()
    assert tensor_1.grad(grads) is not None
    assert tensor_2.grad(grads) is not None
    assert tensor_3.grad(grads) is None


def test_mm_deletables_propagate_well():
    tensor_0, tensor_1 = leaf(), leaf()

    tensor_2 = tensor_0 * tensor_1
    tensor_3 = tensor_2.clone().exp()
    _tensor_4 = tensor_3.clone().log()

    tensor_2.backward()

    # After the backward on tensor_2, not only the leaf tensor_4 is unreachable but the
    # intermediate tensor_3 as well: its backward panics.
    with pytest.raises(pb.Panic):
        tensor_3.backward()


def test_mm_node_explored_once_can_still_be_tagged_as_useful_when_found_again_deeper():
    # Burn repeats it because its search may start from either leaf; pbpit's order is fixed,
    # but the repetition is kept as Burn wrote it.
    for _ in range(12):
        tensor_0, tensor_1 = leaf(), leaf()

        tensor_2 = tensor_1.clone().exp()
        tensor_3 = tensor_0.exp()
        _tensor_4 = tensor_3.clone() * tensor_2.clone()
        tensor_5 = tensor_2.exp()
        tensor_6 = tensor_5.exp()
        tensor_7 = tensor_6.exp()
        tensor_8 = tensor_7.exp()

        # tensor_2 is first seen through the leaf tensor_4, then found useful through tensor_8.
        tensor_3.backward()
        grads = tensor_8.backward()

        assert tensor_1.grad(grads) is not None
