"""A million-node chain builds and backpropagates: every traversal is iterative."""

from __future__ import annotations

import pytest

import pbpit as pb


@pytest.fixture(autouse=True)
def fresh_process():
    pb.reset()
    yield
    pb.reset()


def test_million_node_chain_backpropagates_without_recursion():
    device = pb.Device.flex().autodiff()
    x = pb.Tensor.from_floats([1.0, 3.0], device).require_grad()
    y = x
    for i in range(1_000_000):
        # Alternating x2 and x0.5 keeps every value and gradient exact.
        y = y.mul_scalar(2.0 if i % 2 == 0 else 0.5)
    loss = y.sum()
    assert loss.node_id == 1_000_001
    grads = loss.backward()
    assert x.grad(grads).to_vec() == [1.0, 1.0]
    with pytest.raises(pb.Panic) as caught:
        loss.backward()
    assert caught.value.node_id == loss.node_id


def test_rejected_walk_deep_in_a_long_chain_names_the_consumed_node():
    device = pb.Device.flex().autodiff()
    x = pb.Tensor.from_floats([1.0], device).require_grad()
    middle = x
    for _ in range(50_000):
        middle = middle.add_scalar(0.0)
    middle.sum().backward()
    top = middle
    for _ in range(50_000):
        top = top.add_scalar(0.0)
    with pytest.raises(pb.Panic) as caught:
        top.sum().backward()
    assert caught.value.node_id == middle.node_id
