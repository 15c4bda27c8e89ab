"""One measurement in a fresh process (called by run.py): prints one JSON object.

python benchmarks/worker.py WORKLOAD LIBRARY SIZE
"""

from __future__ import annotations

import gc
import json
import resource
import statistics
import sys
import time

import numpy as np


def current_rss() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize()


def peak_rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def inputs(n: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(0)
    return rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)


ITERATIONS = 5  # a few steps of a training loop: the figure is their median


def large_pbpit(n: int) -> dict:
    import pbpit as pb

    device = pb.Device.flex().autodiff()
    pb.Tensor.from_floats(np.ones(4096, dtype=np.float32), device).exp().sum()  # load kernels
    x_data, w_data = inputs(n)
    x = pb.Tensor.from_floats(x_data, device).require_grad()
    w = pb.Tensor.from_floats(w_data, device).require_grad()
    del x_data, w_data
    gc.collect()
    baseline = current_rss()
    times = []
    for _ in range(ITERATIONS):
        start = time.perf_counter()
        grads = (x.exp() * w).sum().backward()
        times.append(time.perf_counter() - start)
        assert x.grad(grads) is not None and w.grad(grads) is not None
        del grads
    # exp: read x, write e; mul: read e, w, write p; sum: read p; backward: g*w, g*e (read one,
    # write one each), exp's backward: read g and e, write the gradient of x.
    moved = (2 + 3 + 1 + 2 + 2 + 3) * 4 * n
    return {
        "seconds": statistics.median(times),
        "peak_bytes": peak_rss() - baseline,
        "bytes_moved": moved,
    }


def large_torch(n: int) -> dict:
    import torch

    (torch.ones(4096, requires_grad=True).exp()).sum().backward()
    x_data, w_data = inputs(n)
    x = torch.from_numpy(x_data).requires_grad_()
    w = torch.from_numpy(w_data).requires_grad_()
    gc.collect()
    baseline = current_rss()
    times = []
    for _ in range(ITERATIONS):
        start = time.perf_counter()
        (x.exp() * w).sum().backward()
        times.append(time.perf_counter() - start)
        assert x.grad is not None and w.grad is not None
        x.grad = None
        w.grad = None
    return {"seconds": statistics.median(times), "peak_bytes": peak_rss() - baseline}


def copy_numpy(n: int) -> dict:
    source = inputs(n)[0]
    target = np.empty_like(source)
    np.copyto(target, source)
    start = time.perf_counter()
    np.copyto(target, source)
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "bytes_per_second": 2 * source.nbytes / seconds}


def time_chain(leaf, step, backward, n: int) -> dict:
    """Per-op forward and per-node backward time of `n` steps from `leaf()`, after a warm-up."""

    def once(length):
        y = leaf()
        start = time.perf_counter()
        for _ in range(length):
            y = step(y)
        middle = time.perf_counter()
        backward(y)
        end = time.perf_counter()
        return (middle - start) / length * 1e6, (end - middle) / length * 1e6

    once(min(n, 30_000))
    forward, backward_time = once(n)
    return {"forward_us": forward, "backward_us": backward_time}


def chain_pbpit(n: int) -> dict:
    import pbpit as pb

    device = pb.Device.flex().autodiff()

    def leaf():
        pb.reset()
        return pb.Tensor.from_floats([1.0, 2.0], device).require_grad()

    return time_chain(leaf, lambda y: y.mul_scalar(1.0), lambda y: y.sum().backward(), n)


def chain_torch(n: int) -> dict:
    import torch

    def leaf():
        return torch.tensor([1.0, 2.0], requires_grad=True)

    return time_chain(leaf, lambda y: y * 1.0, lambda y: y.sum().backward(), n)


def walk_pbpit(n: int) -> dict:
    import pbpit as pb
    from pbpit.engine.server import SERVER

    device = pb.Device.flex().autodiff()

    def chain(length):
        pb.reset()
        y = pb.Tensor.from_floats([1.0], device).require_grad()
        for _ in range(length):
            y = y.mul_scalar(1.0)
        return y

    SERVER.collect_steps(chain(1000).node, compiled=True)  # load the compiled walk
    root = chain(n)
    times = []
    for _ in range(3):
        start = time.perf_counter()
        found = SERVER.collect_steps(root.node)
        times.append(time.perf_counter() - start)
    assert len(found) == n + 1
    return {"seconds": min(times)}


WORKLOADS = {
    ("large", "pbpit"): large_pbpit,
    ("large", "torch"): large_torch,
    ("copy", "numpy"): copy_numpy,
    ("chain", "pbpit"): chain_pbpit,
    ("chain", "torch"): chain_torch,
    ("walk", "pbpit"): walk_pbpit,
}

if __name__ == "__main__":
    workload, library, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
    print(json.dumps(WORKLOADS[workload, library](size)))
