"""matmul: pbpit beside single-thread PyTorch (CPU), each workload in its own processes.

    python benchmarks/matmul.py [--rounds N] [--steps N]

Workloads: `matmul` 1024 x 1024 forward and backward (through `pbpit.Tensor`), an MLP training
step (batch 256, 784 -> 512 -> 10, relu, sum of squares; its backward; the whole step), and
that step's five matmuls alone (`f32.matmul`, on the same operands and transposed views). Each
round runs pbpit's process then PyTorch's, alternately, so both see the same load on a shared
machine; the figures are medians over the rounds and the ratio is pbpit / PyTorch.
PyTorch (`pip install torch==2.13.0`) is for this script only, never a dependency.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

WORKLOADS = ("matmul1024", "mlp_step", "mlp_matmuls")


def _timed(step, steps: int) -> float:
    """Median seconds of `step()` over `steps` calls, after one warm-up."""
    step()
    times = []
    for _ in range(steps):
        start = time.perf_counter()
        step()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _pbpit(workload: str, steps: int) -> float:
    import numpy as np

    import pbpit as pb
    from pbpit.engine import f32

    rng = np.random.default_rng(0)
    device = pb.Device.flex().autodiff()

    def tensor(*shape: int, grad: bool = True):
        t = pb.Tensor.from_floats(rng.standard_normal(shape).astype(np.float32) * 0.05, device)
        return t.require_grad() if grad else t

    if workload == "matmul1024":
        a, b = tensor(1024, 1024), tensor(1024, 1024)
        return _timed(lambda: a.matmul(b).sum().backward(), steps)
    x, w1, w2 = tensor(256, 784, grad=False), tensor(784, 512), tensor(512, 10)
    if workload == "mlp_step":

        def step():
            out = x.matmul(w1).relu().matmul(w2)
            (out * out).sum().backward()

        return _timed(step, steps)
    xa, w1a, w2a = x.array, w1.array, w2.array
    h = f32.relu(f32.matmul(xa, w1a))
    g = f32.matmul(h, w2a)

    def matmuls():
        f32.matmul(xa, w1a)
        f32.matmul(h, w2a)
        f32.matmul(h.T, g)
        gh = f32.matmul(g, w2a.T)
        f32.matmul(xa.T, gh)

    return _timed(matmuls, steps)


def _torch(workload: str, steps: int) -> float:
    import torch

    torch.set_num_threads(1)
    gen = torch.Generator().manual_seed(0)

    def tensor(*shape: int, grad: bool = True):
        return (torch.randn(*shape, generator=gen) * 0.05).requires_grad_(grad)

    if workload == "matmul1024":
        a, b = tensor(1024, 1024), tensor(1024, 1024)
        return _timed(lambda: a.matmul(b).sum().backward(), steps)
    x, w1, w2 = tensor(256, 784, grad=False), tensor(784, 512), tensor(512, 10)
    if workload == "mlp_step":

        def step():
            out = x.matmul(w1).relu().matmul(w2)
            (out * out).sum().backward()

        return _timed(step, steps)
    with torch.no_grad():
        h = x.matmul(w1).relu()
        g = h.matmul(w2)

        def matmuls():
            x.matmul(w1)
            h.matmul(w2)
            h.T.matmul(g)
            gh = g.matmul(w2.T)
            x.T.matmul(gh)

        return _timed(matmuls, steps)


def _measure(engine: str, workload: str, steps: int) -> float | None:
    done = subprocess.run(
        [sys.executable, __file__, "--worker", engine, workload, "--steps", str(steps)],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "OMP_NUM_THREADS": "1"} if engine == "torch" else None,
    )
    if done.returncode != 0:
        return None
    return json.loads(done.stdout)["seconds"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--worker", nargs=2, metavar=("ENGINE", "WORKLOAD"))
    args = parser.parse_args()
    if args.worker:
        engine, workload = args.worker
        seconds = (_pbpit if engine == "pbpit" else _torch)(workload, args.steps)
        print(json.dumps({"seconds": seconds}))
        return
    print(f"{'workload':<14}{'pbpit ms':>10}{'torch ms':>10}{'ratio':>8}")
    for workload in WORKLOADS:
        ours, theirs = [], []
        for _ in range(args.rounds):
            ours.append(_measure("pbpit", workload, args.steps))
            theirs.append(_measure("torch", workload, args.steps))
        a = statistics.median(t for t in ours if t is not None) if any(ours) else None
        b = statistics.median(t for t in theirs if t is not None) if any(theirs) else None
        ratio = f"{a / b:8.2f}" if a and b else f"{'-':>8}"
        torch_ms = f"{b * 1e3:10.2f}" if b else f"{'no torch':>10}"
        pbpit_ms = f"{a * 1e3:10.2f}" if a else f"{'failed':>10}"
        print(f"{workload:<14}{pbpit_ms}{torch_ms}{ratio}")


if __name__ == "__main__":
    main()
