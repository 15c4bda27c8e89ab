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

import llvmlite.ir  # noqa: E402
import numba  # noqa: E402
import numba.extending  # noqa: E402
import numpy as np  # noqa: E402
from numba.core.errors import NumbaWarning  # noqa: E402

from pbpit.engine import kernel_cache  # noqa: E402

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


# -- matmul in the gemm crate's order (see `pbpit.engine.gemm`) ---------------------------------


@numba.extending.intrinsic
def fma(typingctx, a, b, c):
    """The fused multiply-add of three float32: one rounding (LLVM's `llvm.fma.f32`)."""
    f32 = numba.types.float32
    signature = f32(a, b, c)

    def codegen(context, builder, sig, args):
        values = [context.cast(builder, v, t, f32) for v, t in zip(args, sig.args, strict=True)]
        single = llvmlite.ir.FloatType()
        function = builder.module.declare_intrinsic(
            "llvm.fma", [single], llvmlite.ir.FunctionType(single, [single] * 3)
        )
        return builder.call(function, values)

    return signature, codegen


@jit
def _mul_add(x, y, acc, fused):
    if fused:
        return fma(x, y, acc)
    return x * y + acc


@jit
def _gemm(path, a, b, out, kc, fused, lanes):
    m, k = a.shape
    n = b.shape[1]
    for i in range(m):
        for j in range(n):
            if path == 0:  # blocked: each k block a chain from +0.0, added to the output
                total = F0
                for k0 in range(0, k, kc):
                    acc = F0
                    for p in range(k0, min(k0 + kc, k)):
                        acc = _mul_add(a[i, p], b[p, j], acc, fused)
                    total = acc if k0 == 0 else total + acc
            elif path == 1:  # horizontal: 8 lanes a block of 1024, reduced as a tree
                total = F0
                lane = np.zeros(8, dtype=np.float32)
                for k0 in range(0, k, 1024):
                    lane[:] = F0
                    for p in range(k0, min(k0 + 1024, k)):
                        lane[(p - k0) % 8] = _mul_add(a[i, p], b[p, j], lane[(p - k0) % 8], True)
                    block = ((lane[0] + lane[4]) + (lane[2] + lane[6])) + (
                        (lane[1] + lane[5]) + (lane[3] + lane[7])
                    )
                    total = block if k0 == 0 else total + block
            elif path == 2:  # gemv, column-major: one chain from the first product
                total = a[i, 0] * b[0, j]
                for p in range(1, k):
                    total = _mul_add(a[i, p], b[p, j], total, fused)
            elif path == 3:  # gemv, row-major: 8 accumulators of `lanes` lanes
                acc = np.zeros((8, lanes), dtype=np.float32)
                p = 0
                while p + 8 * lanes <= k:
                    for v in range(8):
                        for slot in range(lanes):
                            q = p + v * lanes + slot
                            acc[v, slot] = _mul_add(a[i, q], b[q, j], acc[v, slot], fused)
                    p += 8 * lanes
                left = (acc[0] + acc[1]) + (acc[2] + acc[3])
                sums = left + ((acc[4] + acc[5]) + (acc[6] + acc[7]))
                while p + lanes <= k:
                    for slot in range(lanes):
                        sums[slot] = _mul_add(a[i, p + slot], b[p + slot, j], sums[slot], fused)
                    p += lanes
                total = sums[0]
                for slot in range(1, lanes):
                    total += sums[slot]
                while p < k:
                    total = _mul_add(a[i, p], b[p, j], total, fused)
                    p += 1
            else:  # gevv, k <= 2: the products rounded, then added
                total = a[i, 0] * b[0, j]
                if k == 2:
                    total = a[i, 1] * b[1, j] + total
            out[i, j] = total


PATHS = {"blocked": 0, "horizontal": 1, "gemv_col": 2, "gemv_row": 3, "gevv": 4}


def gemm(path, a, a_strides, b, b_strides, out, kc, fused, lanes):
    """`pbpit.engine.gemm`'s paths without a C compiler: the same order, one output at a time
    (the strides are the arrays' own, already)."""
    _gemm(PATHS[path], a, b, out, max(kc, 1), fused, lanes)


@jit
def walk(root, has_step, parent_end, parent_flat):
    """`AutodiffServer.collect_steps` over arrays: the ids with a step in visiting order, and the
    first non-leaf without a step (-1 if none)."""
    visited = np.zeros(has_step.size, dtype=np.uint8)
    order = np.empty(has_step.size, dtype=np.int64)
    stack = np.empty(parent_flat.size + 1, dtype=np.int64)
    count = 0
    top = 1
    stack[0] = root
    while top > 0:
        top -= 1
        node = stack[top]
        if visited[node]:
            continue
        visited[node] = 1
        start = parent_end[node - 1] if node > 0 else 0
        end = parent_end[node]
        if not has_step[node]:
            if end > start:
                return order[:count], node
            continue
        order[count] = node
        count += 1
        for p in range(start, end):
            parent = parent_flat[p]
            if not visited[parent]:
                stack[top] = parent
                top += 1
    return order[:count], -1
