"""The numba kernels: large arrays, reductions, matmul and the walk over a big tape.

Loaded only when an array or a tape is large enough to need them (`pbpit.engine.f32` decides).
Each kernel is compiled on first use and cached on disk (`pbpit.engine.kernel_cache`).
Arithmetic stays in float32 (constants too, so nothing is promoted to float64); transcendentals
call the C library's float32 entry points, as Rust's `f32::exp` does. No fastmath: it would
reorder and contract operations. Loops over elements run on all cores; each element is computed
alone, so the bits do not depend on the thread count, and the reductions run in one fixed order
on one core.
"""

from __future__ import annotations

import math
import os
import warnings
from pathlib import Path

# Intel's SVML, when installed, would replace libm's expf and friends in vectorised loops.
os.environ.setdefault("NUMBA_DISABLE_INTEL_SVML", "1")
# OpenMP threads that spin after a parallel loop steal the cores from the NumPy work after it.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

import numba  # noqa: E402
import numpy as np  # noqa: E402
from numba.core.errors import NumbaWarning  # noqa: E402

from pbpit.engine import kernel_cache  # noqa: E402
from pbpit.engine.graph import LEAF_WITHOUT_STEP  # noqa: E402

# A cache that cannot be written or read is a slower start, never something the user must see.
warnings.simplefilter("ignore", category=NumbaWarning)

kernel_cache.use_cache_dir(kernel_cache.choose_cache_dir(os.environ, Path(__file__).parent))


def jit(py_func):
    """A compiled kernel, kept in pbpit's disk cache (see `pbpit.engine.kernel_cache`)."""
    dispatcher = numba.njit(nogil=True)(py_func)
    kernel_cache.attach_cache(dispatcher)
    return dispatcher


def parallel_jit(py_func):
    """`jit`, its `numba.prange` loops run on all cores."""
    dispatcher = numba.njit(nogil=True, parallel=True)(py_func)
    kernel_cache.attach_cache(dispatcher)
    return dispatcher


F0 = np.float32(0.0)
NEG0 = np.float32(-0.0)
# Flex's sum on x86-64 (AVX2): 8 accumulators of 8 lanes (see `pbpit.engine.f32.sum_rows`).
LANES = 8


@parallel_jit
def exp(a, out):
    for i in numba.prange(a.size):
        out[i] = math.exp(a[i])


@parallel_jit
def log(a, out):
    for i in numba.prange(a.size):
        out[i] = math.log(a[i])


@parallel_jit
def tanh(a, out):
    for i in numba.prange(a.size):
        out[i] = math.tanh(a[i])


@parallel_jit
def pow(a, p, out):
    for i in numba.prange(a.size):
        out[i] = math.pow(a[i], p)


@jit
def sum_rows(a):
    """`pbpit.engine.f32.sum_rows`, compiled: the same order, for large arrays. The 64 running
    sums are independent, so the compiler can keep them in vector registers."""
    rows, n = a.shape
    out = np.empty(rows, dtype=np.float32)
    acc = np.empty(8 * LANES, dtype=np.float32)
    v = np.empty(LANES, dtype=np.float32)
    for r in range(rows):
        row = a[r]
        acc[:] = F0
        i = 0
        while i + 8 * LANES <= n:
            for k in range(8 * LANES):
                acc[k] += row[i + k]
            i += 8 * LANES
        for lane in range(LANES):
            left = (acc[lane] + acc[LANES + lane]) + (acc[2 * LANES + lane] + acc[3 * LANES + lane])
            right = (acc[4 * LANES + lane] + acc[5 * LANES + lane]) + (
                acc[6 * LANES + lane] + acc[7 * LANES + lane]
            )
            v[lane] = left + right
        while i + LANES <= n:
            for lane in range(LANES):
                v[lane] += row[i + lane]
            i += LANES
        total = v[0]
        for lane in range(1, LANES):
            total += v[lane]
        tail = NEG0
        while i < n:
            tail += row[i]
            i += 1
        out[r] = total + tail
    return out


@jit
def matmul(a, b):
    """(m, k) @ (k, n) as the gemm crate computes it: each output a chain of fused multiply-adds
    in k order. The product of two f32 is exact in f64, so each step rounds once to f64 and
    then to f32 (a double rounding that differs from a true fma only on exact f32 ties)."""
    m, k = a.shape
    n = b.shape[1]
    out = np.zeros((m, n), dtype=np.float32)
    for i in range(m):
        for j in range(n):
            acc = np.float64(0.0)
            for p in range(k):
                acc = np.float64(np.float32(acc + np.float64(a[i, p]) * np.float64(b[p, j])))
            out[i, j] = np.float32(acc)
    return out


@jit
def walk(root, base, has_step, parent_end, parent_flat):
    """`AutodiffServer.collect_steps` over arrays: the ids with a step in visiting order, and the
    first non-leaf without a step (-1 if none).

    Slots are ids minus `base`. A parent that had no step when its edge was written is written
    as `-1 - id` if it has parents (reaching it is the panic) and as `LEAF_WITHOUT_STEP` if not
    (nothing to do): such a node never gets a step again."""
    visited = np.zeros(has_step.size, dtype=np.uint8)
    order = np.empty(has_step.size, dtype=np.int64)
    stack = np.empty(parent_flat.size + 1, dtype=np.int64)
    count = 0
    top = 1
    stack[0] = root - base
    while top > 0:
        top -= 1
        node = stack[top]
        if node < 0:
            return order[:count], -1 - node
        if visited[node]:
            continue
        visited[node] = 1
        start = parent_end[node - 1] if node > 0 else 0
        end = parent_end[node]
        if not has_step[node]:
            if end > start:
                return order[:count], node + base
            continue
        order[count] = node + base
        count += 1
        for p in range(start, end):
            parent = parent_flat[p]
            if parent == LEAF_WITHOUT_STEP:
                continue
            if parent < 0 or not visited[parent]:
                stack[top] = parent
                top += 1
    return order[:count], -1

