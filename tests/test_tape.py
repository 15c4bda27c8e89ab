"""The compiled walk over the tape's arrays agrees with the Python walk over its nodes."""

from __future__ import annotations

import random

import pytest

import pbpit as pb
from pbpit.engine.server import SERVER


def random_graph(seed: int):
    """Random ops over a few leaves, some backwards, and the tensors left to walk from."""
    rng = random.Random(seed)
    device = pb.Device.flex().autodiff()
    pool = [pb.Tensor.from_floats([1.0, 2.0], device).require_grad() for _ in range(3)]
    pool.append(pb.Tensor.from_floats([0.5, 0.25], device))  # data
    ops = [
        lambda a, b: a * b,
        lambda a, b: a + b,
        lambda a, b: a.mul_scalar(0.5),
        lambda a, b: a.tanh(),
    ]
    for _ in range(60):
        pool.append(rng.choice(ops)(rng.choice(pool), rng.choice(pool)))
        if rng.random() < 0.08 and pool[-1].is_tracked():
            try:
                pool[-1].sum().backward()
            except pb.Panic:
                pass
    return pool


def walk(root, compiled: bool):
    try:
        return SERVER.collect_steps(root.node, compiled), None
    except pb.Panic as panic:
        return None, panic.node_id


@pytest.mark.parametrize("seed", range(25))
def test_compiled_walk_visits_the_same_steps_and_stops_at_the_same_node(seed):
    pb.reset()
    pool = random_graph(seed)
    tracked = [t for t in pool if t.is_tracked()]
    for root in tracked[-15:]:
        assert walk(root, compiled=True) == walk(root, compiled=False)
    pb.reset()
