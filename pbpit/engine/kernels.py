"""The numba kernels: large arrays, reductions, matmul and the walk over a big tape.

Loaded only when an array or a tape is large enough to need them (`pbpit.engine.f32` decides).
Each kernel is compiled on first use and cached on disk (`pbpit.engine.kernel_cache`).
Arithmetic stays in float32 (constants too, so nothing is promoted to float64); transcendentals
call the C library's float32 entry points, as Rust's `f32::exp` does. No fastmath: it would
reorder and contract operations. Elementwise loops come serial and parallel; each element is
computed alone, so the bits do not depend on the thread count. The reductions run in one fixed
order on one core (the order the target's CPU gives Flex, `pbpit.engine.target`).
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


# -- elementwise libm: one serial kernel and one parallel kernel per function --------------------
# Each element is computed alone by the C library's float32 function: the same bits on any
# number of threads. The parallel ones cost ~100 us to wake their threads, so `pbpit.engine.f32`
# calls them only on large arrays.


@jit
def exp_serial(a, out):
    for i in range(a.size):
        out[i] = math.exp(a[i])


@jit
def log_serial(a, out):
    for i in range(a.size):
        out[i] = math.log(a[i])


@jit
def tanh_serial(a, out):
    for i in range(a.size):
        out[i] = math.tanh(a[i])


@jit
def pow_serial(a, p, out):
    for i in range(a.size):
        out[i] = math.pow(a[i], p)


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


# -- Flex's sum (macerator's kernel), for the target's CPU ------------------------------------

# How a vector's lanes are added into one (`pbpit.engine.f32.REDUCE`).
IN_ORDER, HALVES, PAIRS = 0, 1, 2


def sum_rows(a, lanes=None, reduce=None):
    """Each row of the 2-D float32 array `a` summed as `pbpit.engine.f32.sum_rows` does, for
    the current target unless `lanes` and `reduce` say otherwise."""
    if lanes is None or reduce is None:
        from pbpit.engine import f32

        lanes, reduce = f32.simd_layout()
    return _sum_rows(a, lanes, reduce)


@jit
def _reduce_lanes(v, w, lanes, reduce):
    """`v`'s lanes added into one; `w` is scratch of the same size."""
    if reduce == IN_ORDER:
        total = v[0]
        for lane in range(1, lanes):
            total += v[lane]
        return total
    w[:] = v
    width = lanes
    if reduce == HALVES:
        while width > 1:
            width //= 2
            for lane in range(width):
                w[lane] = w[lane] + w[lane + width]
        return w[0]
    while width > 1:
        width //= 2
        for lane in range(width):
            w[lane] = w[2 * lane] + w[2 * lane + 1]
    return w[0]


@jit
def _sum_rows(a, lanes, reduce):
    """Eight vector accumulators of `lanes` lanes over blocks of 8 vectors, combined pairwise;
    the leftover whole vectors; the lanes added as `reduce` says; the last few elements,
    folded from -0.0. The 8 * lanes running sums are independent: vector registers hold them."""
    rows, n = a.shape
    stride = 8 * lanes
    out = np.empty(rows, dtype=np.float32)
    acc = np.empty(stride, dtype=np.float32)
    v = np.empty(lanes, dtype=np.float32)
    w = np.empty(lanes, dtype=np.float32)
    for r in range(rows):
        row = a[r]
        acc[:] = F0
        i = 0
        while i + stride <= n:
            for k in range(stride):
                acc[k] += row[i + k]
            i += stride
        for lane in range(lanes):
            left = (acc[lane] + acc[lanes + lane]) + (acc[2 * lanes + lane] + acc[3 * lanes + lane])
            right = (acc[4 * lanes + lane] + acc[5 * lanes + lane]) + (
                acc[6 * lanes + lane] + acc[7 * lanes + lane]
            )
            v[lane] = left + right
        while i + lanes <= n:
            for lane in range(lanes):
                v[lane] += row[i + lane]
            i += lanes
        total = _reduce_lanes(v, w, lanes, reduce)
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

