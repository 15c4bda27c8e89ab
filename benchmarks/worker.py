"""One measurement in a fresh process (called by run.py): prints one JSON object.

python benchmarks/worker.py WORKLOAD LIBRARY SIZE
"""

from __future__ import annotations

import gc
import json
import os
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
        cpu_start, start = time.process_time(), time.perf_counter()
        for _ in range(length):
            y = step(y)
        cpu_middle, middle = time.process_time(), time.perf_counter()
        backward(y)
        cpu_end, end = time.process_time(), time.perf_counter()
        return {
            "forward_us": (middle - start) / length * 1e6,
            "backward_us": (end - middle) / length * 1e6,
            # CPU time of the process: what a busy machine's waiting for a core does not count
            "forward_cpu_us": (cpu_middle - cpu_start) / length * 1e6,
            "backward_cpu_us": (cpu_end - cpu_middle) / length * 1e6,
        }

    once(min(n, 30_000))
    return once(n)


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


LIBM_LEAF = [0.5, -0.25, 1.5, 3.0]


def libm_pbpit(n: int) -> dict:
    """A chain of `tanh` on a 4-element tensor: each op one call of the C library's `tanhf` per
    element (numba is loaded by then: the warm-up's backward walks a long tape)."""
    import pbpit as pb

    device = pb.Device.flex().autodiff()

    def leaf():
        pb.reset()
        return pb.Tensor.from_floats(LIBM_LEAF, device).require_grad()

    return time_chain(leaf, lambda y: y.tanh(), lambda y: y.sum().backward(), n)


def libm_torch(n: int) -> dict:
    import torch

    def leaf():
        return torch.tensor(LIBM_LEAF, requires_grad=True)

    return time_chain(leaf, lambda y: y.tanh(), lambda y: y.sum().backward(), n)


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


# -- issue 13: the workloads of Burn users, beside single-thread PyTorch ---------------------------


def one_thread_torch():
    import torch

    torch.set_num_threads(1)
    return torch


def timed(step, budget: float = 1.0, most: int = 20) -> float:
    """The median time of `step()`, after one warm-up run, over runs filling about `budget` s."""
    step()
    times = []
    while len(times) < most and (len(times) < 3 or sum(times) < budget):
        start = time.perf_counter()
        step()
        times.append(time.perf_counter() - start)
        if times[-1] > budget:
            break  # one slow run is the figure
    return statistics.median(times)


def timed_steps(steps, count: int, rounds: int = 15) -> dict:
    """Per-step wall time of `steps()` (which runs `count` steps) as `timed` gives it (a median),
    and the least wall and CPU time over `rounds` runs, for a machine shared with other work."""
    steps()
    walls, cpus = [], []
    for _ in range(rounds):
        cpu, start = time.process_time(), time.perf_counter()
        steps()
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    return {
        "seconds": statistics.median(walls) / count,
        "min_seconds": min(walls) / count,
        "cpu_seconds": min(cpus) / count,
    }


def matmul_pbpit(n: int) -> dict:
    import pbpit as pb

    device = pb.Device.flex().autodiff()
    a_data, b_data = (np.random.default_rng(s).random((n, n), dtype=np.float32) for s in (0, 1))
    a = pb.Tensor.from_floats(a_data, device).require_grad()
    b = pb.Tensor.from_floats(b_data, device).require_grad()

    def step():
        grads = a.matmul(b).sum().backward()
        assert a.grad(grads) is not None and b.grad(grads) is not None

    return {"seconds": timed(step, budget=3.0)}


def matmul_torch(n: int) -> dict:
    torch = one_thread_torch()
    a = torch.rand((n, n), generator=torch.Generator().manual_seed(0)).requires_grad_()
    b = torch.rand((n, n), generator=torch.Generator().manual_seed(1)).requires_grad_()

    def step():
        a.grad = b.grad = None
        a.matmul(b).sum().backward()

    return {"seconds": timed(step, budget=3.0)}


MLP = (784, 512, 10)
LEARNING_RATE = 0.01


def mlp_pbpit(batch: int) -> dict:
    """One training step as a Burn user writes it: `x.matmul(w) + b` with a `[1, n]` bias,
    relu, a mean squared error, backward, and SGD through `inner()` / `from_inner()`."""
    import pbpit as pb

    device = pb.Device.flex().autodiff()
    rng = np.random.default_rng(0)
    sizes = list(zip(MLP, MLP[1:], strict=False))
    params = []
    for fan_in, fan_out in sizes:
        w = rng.standard_normal((fan_in, fan_out), dtype=np.float32) / np.float32(fan_in**0.5)
        params.append(pb.Tensor.from_floats(w, device).require_grad())
        params.append(pb.Tensor.zeros([1, fan_out], device).require_grad())
    x = pb.Tensor.from_floats(rng.random((batch, MLP[0]), dtype=np.float32), device)
    y = pb.Tensor.from_floats(rng.random((batch, MLP[-1]), dtype=np.float32), device)

    def step():
        w1, b1, w2, b2 = params
        hidden = pb.activation.relu(x.matmul(w1) + b1)
        out = hidden.matmul(w2) + b2
        loss = (out - y).powf_scalar(2.0).mean()
        grads = loss.backward()
        # Burn's manual update: out of autodiff, the step, back in as a new leaf.
        params[:] = [
            pb.Tensor.from_inner(p.inner() - p.grad(grads) * LEARNING_RATE).require_grad()
            for p in params
        ]

    return {"seconds": timed(step)}


def mlp_torch(batch: int) -> dict:
    torch = one_thread_torch()
    rng = np.random.default_rng(0)
    params = []
    for fan_in, fan_out in zip(MLP, MLP[1:], strict=False):
        w = rng.standard_normal((fan_in, fan_out), dtype=np.float32) / np.float32(fan_in**0.5)
        params.append(torch.from_numpy(w).requires_grad_())
        params.append(torch.zeros((1, fan_out), requires_grad=True))
    x = torch.from_numpy(rng.random((batch, MLP[0]), dtype=np.float32))
    y = torch.from_numpy(rng.random((batch, MLP[-1]), dtype=np.float32))

    def step():
        w1, b1, w2, b2 = params
        hidden = torch.relu(x.matmul(w1) + b1)
        out = hidden.matmul(w2) + b2
        loss = (out - y).pow(2.0).mean()
        loss.backward()
        with torch.no_grad():
            for p in params:
                p -= p.grad * LEARNING_RATE
                p.grad = None

    return {"seconds": timed(step)}


LOOP_STEPS = 200


def loop_pbpit(n: int) -> dict:
    """`benchmarks/training_loop.py`'s step on `n`-element tensors: time per step."""
    import pbpit as pb

    device = pb.Device.flex().autodiff()
    x_data, w_data = inputs(n)
    w = pb.Tensor.from_floats(w_data, device).require_grad()
    x = pb.Tensor.from_floats(x_data, device)

    def steps():
        for _ in range(LOOP_STEPS):
            loss = ((x.clone().exp() * w.clone()).tanh() + 1.0).sum()
            grads = loss.backward()
            w.grad(grads).sum().into_scalar()

    return timed_steps(steps, LOOP_STEPS)


def loop_torch(n: int) -> dict:
    torch = one_thread_torch()
    x_data, w_data = inputs(n)
    w = torch.from_numpy(w_data).requires_grad_()
    x = torch.from_numpy(x_data)

    def steps():
        for _ in range(LOOP_STEPS):
            w.grad = None
            loss = ((x.exp() * w).tanh() + 1.0).sum()
            loss.backward()
            w.grad.sum().item()

    return timed_steps(steps, LOOP_STEPS)


GROWTH_ITERATIONS = 1000
GROWTH_EVERY = 10  # a backward every 10th iteration; the other forwards are never run back


def growth(forward, warm_up: int = 200) -> dict:
    """RSS growth over `GROWTH_ITERATIONS` iterations, after a warm-up of the same loop."""
    for i in range(warm_up):
        forward(i)
    gc.collect()
    before = current_rss()
    for i in range(GROWTH_ITERATIONS):
        forward(i)
    gc.collect()
    return {"growth_bytes": current_rss() - before}


def growth_pbpit(n: int) -> dict:
    import pbpit as pb

    device = pb.Device.flex().autodiff()
    x_data, w_data = inputs(n)
    w = pb.Tensor.from_floats(w_data, device).require_grad()
    x = pb.Tensor.from_floats(x_data, device)

    def forward(i):
        loss = ((x.exp() * w).tanh() + 1.0).sum()
        if i % GROWTH_EVERY == 0:
            loss.backward()

    return growth(forward)


def growth_torch(n: int) -> dict:
    torch = one_thread_torch()
    x_data, w_data = inputs(n)
    w = torch.from_numpy(w_data).requires_grad_()
    x = torch.from_numpy(x_data)

    def forward(i):
        loss = ((x.exp() * w).tanh() + 1.0).sum()
        if i % GROWTH_EVERY == 0:
            w.grad = None
            loss.backward()

    return growth(forward)


WORKLOADS = {
    ("matmul", "pbpit"): matmul_pbpit,
    ("matmul", "torch"): matmul_torch,
    ("mlp", "pbpit"): mlp_pbpit,
    ("mlp", "torch"): mlp_torch,
    ("loop", "pbpit"): loop_pbpit,
    ("loop", "torch"): loop_torch,
    ("growth", "pbpit"): growth_pbpit,
    ("growth", "torch"): growth_torch,
    ("large", "pbpit"): large_pbpit,
    ("large", "torch"): large_torch,
    ("copy", "numpy"): copy_numpy,
    ("chain", "pbpit"): chain_pbpit,
    ("chain", "torch"): chain_torch,
    ("libm", "pbpit"): libm_pbpit,
    ("libm", "torch"): libm_torch,
    ("walk", "pbpit"): walk_pbpit,
}

if __name__ == "__main__":
    workload, library, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
    measure = WORKLOADS[workload, library]
    if library == "pbpit" and os.environ.get("PBPIT_BENCH_GC") == "fewer":
        # As `pbpit run` runs a case: the cycle collector's youngest threshold at 10,000.
        from pbpit.engine import fewer_collections

        with fewer_collections():
            print(json.dumps(measure(size)))
    else:
        print(json.dumps(measure(size)))
