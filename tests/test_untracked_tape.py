"""A long tape's steps are taken out of the cycle collector's sight (`untrack_steps`): the
gradients, the panics and the freeing stay what they are, and reference counting alone frees
the steps."""

from __future__ import annotations

import gc
import sys
import tracemalloc

import pytest

import pbpit as pb
from pbpit.engine import server
from pbpit.engine.server import SERVER, Panic

DEVICE = pb.Device.flex().autodiff()
# Past the length from which steps are untracked, and past the compiled walk's.
PAIRS = server.UNTRACK_MIN // 2 + 600


@pytest.fixture(autouse=True)
def fresh():
    pb.reset()
    yield
    pb.reset()


def there_and_back(y: pb.Tensor, pairs: int = PAIRS) -> pb.Tensor:
    """`pairs` times * 2 then * 0.5: exact in float32, so the result and every gradient through
    it are the input's own (by hand: d/dx (x * 2 * 0.5)^n = 1)."""
    for _ in range(pairs):
        y = y.mul_scalar(2.0).mul_scalar(0.5)
    return y


def test_a_long_tape_is_untracked_and_its_backward_is_unchanged():
    x = pb.Tensor.from_floats([1.5, -3.0, 0.0], DEVICE).require_grad()
    y = there_and_back(x)
    assert y.to_vec() == [1.5, -3.0, 0.0]
    assert len(SERVER.steps) == 2 * PAIRS + 1  # x's root step and every op's
    tracked = [node_id for node_id, step in SERVER.steps.items() if gc.is_tracked(step)]
    # All but the newest (fewer than one batch) are out of the collector's sight.
    assert 0 < len(tracked) < server.UNTRACK_EVERY
    assert min(tracked) >= SERVER.untracked_to
    # sum's gradient is 1 for each element, and each step halves or doubles it: exactly ones.
    grads = y.sum().backward()
    assert x.grad(grads).to_vec() == [1.0, 1.0, 1.0]
    assert SERVER.steps == {}


def test_the_gradient_is_the_same_bits_with_the_steps_tracked():
    def gradient() -> list[float]:
        pb.reset()
        x = pb.Tensor.from_floats([0.1, 0.7, -2.5], DEVICE).require_grad()
        y = there_and_back(x.exp())
        return x.grad(y.tanh().sum().backward()).to_vec()

    untracked = gradient()
    server.UNTRACKING = False
    try:
        tracked = gradient()
    finally:
        server.UNTRACKING = True
    assert untracked == tracked


def test_the_panic_names_the_same_node():
    x = pb.Tensor.from_floats([1.0, 2.0], DEVICE).require_grad()  # NodeId(0)
    shared = x.mul_scalar(3.0)  # NodeId(1)
    first = there_and_back(shared).sum()
    second = shared.mul_scalar(2.0).sum()
    first.backward()  # consumes `shared`'s step, far below the untracked part of the tape
    with pytest.raises(Panic) as panic:
        second.backward()
    assert panic.value.node_id == 1
    assert "consumed at NodeId(1)" in panic.value.message


def test_untracked_steps_are_freed_by_reference_counting():
    enabled = gc.isenabled()
    gc.disable()  # nothing but reference counting frees anything here
    tracemalloc.start()
    try:
        x = pb.Tensor.from_floats([1.0, 2.0], DEVICE).require_grad()
        before = tracemalloc.get_traced_memory()[0]
        y = there_and_back(x)
        grown = tracemalloc.get_traced_memory()[0] - before
        grads = y.sum().backward()  # consumes every step
        del y, grads
        after_backward = tracemalloc.get_traced_memory()[0] - before
        y = there_and_back(x)  # a tape never run back: freed when the tape is reset
        del y
        pb.reset()
        after_reset = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
        if enabled:
            gc.enable()
    assert grown > 100 * 2 * PAIRS  # the steps and their nodes: over 100 bytes each
    # What stays is the tape's flat arrays (17 bytes a node) and the allocator's free lists.
    assert after_backward < grown // 3
    assert after_reset < grown // 3


def test_the_registry_shrinks_after_a_long_tape_is_consumed():
    x = pb.Tensor.from_floats([1.0, 2.0], DEVICE).require_grad()
    empty = sys.getsizeof({})
    there_and_back(x).sum().backward()
    # A dict keeps the table it grew to: 21,000 steps' would be over 500 KB, and every later
    # backward would scan it.
    assert SERVER.steps == {}
    assert sys.getsizeof(SERVER.steps) < empty + 1024
    # Later, short tapes still run back as before.
    y = x.mul_scalar(3.0)
    assert x.grad(y.sum().backward()).to_vec() == [3.0, 3.0]
