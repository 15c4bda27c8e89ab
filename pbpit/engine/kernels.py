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

import llvmlite.ir  # noqa: E402
import numba  # noqa: E402
import numba.extending  # noqa: E402
import numpy as np  # noqa: E402
from numba.core.errors import NumbaWarning  # noqa: E402

from pbpit.engine import kernel_cache  # noqa: E402
from pbpit.engine.f32 import HALVES, IN_ORDER  # noqa: E402
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


@jit
def sin_serial(a, out):
    for i in range(a.size):
        out[i] = math.sin(a[i])


@jit
def cos_serial(a, out):
    for i in range(a.size):
        out[i] = math.cos(a[i])


@jit
def log1p_serial(a, out):
    for i in range(a.size):
        out[i] = math.log1p(a[i])


@parallel_jit
def sin(a, out):
    for i in numba.prange(a.size):
        out[i] = math.sin(a[i])


@parallel_jit
def cos(a, out):
    for i in numba.prange(a.size):
        out[i] = math.cos(a[i])


@parallel_jit
def log1p(a, out):
    for i in numba.prange(a.size):
        out[i] = math.log1p(a[i])


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
def _sum_row(row, lanes, reduce, acc, v, w):
    """One row's sum: eight vector accumulators of `lanes` lanes over blocks of 8 vectors,
    combined pairwise; the leftover whole vectors; the lanes added as `reduce` says; the last
    few elements, folded from -0.0. The 8 * lanes running sums are independent: vector
    registers hold them. `acc`, `v` and `w` are scratch (8 * lanes, lanes, lanes)."""
    n = row.size
    stride = 8 * lanes
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
    return total + tail


@jit
def _sum_rows(a, lanes, reduce):
    """Each row of `a` summed by `_sum_row`."""
    rows = a.shape[0]
    out = np.empty(rows, dtype=np.float32)
    acc = np.empty(8 * lanes, dtype=np.float32)
    v = np.empty(lanes, dtype=np.float32)
    w = np.empty(lanes, dtype=np.float32)
    for r in range(rows):
        out[r] = _sum_row(a[r], lanes, reduce, acc, v, w)
    return out


@jit
def sum_flat(a, lanes, reduce, out):
    """`out[0]` = the sum of the 1-D array `a`, as one row of `_sum_rows` (`pbpit.engine.f32`
    calls this one's compiled entry for a whole tensor's sum)."""
    acc = np.empty(8 * lanes, dtype=np.float32)
    v = np.empty(lanes, dtype=np.float32)
    w = np.empty(lanes, dtype=np.float32)
    out[0] = _sum_row(a, lanes, reduce, acc, v, w)


# -- the tape's objects, out of the cycle collector's sight (`AutodiffServer.untrack_steps`) ---


@numba.extending.intrinsic
def _gc_untrack(typingctx, address):
    """CPython's `PyObject_GC_UnTrack` on the object at `address` (an int64), called by name:
    the symbol is the running interpreter's, resolved when the code is loaded."""
    signature = numba.types.void(numba.types.int64)

    def codegen(context, builder, sig, args):
        pointer = llvmlite.ir.IntType(8).as_pointer()
        kind = llvmlite.ir.FunctionType(llvmlite.ir.VoidType(), [pointer])
        function = numba.core.cgutils.get_or_insert_function(
            builder.module, kind, "PyObject_GC_UnTrack"
        )
        builder.call(function, [builder.inttoptr(args[0], pointer)])
        return context.get_dummy_value()

    return signature, codegen


def _untrack(addresses):
    for i in range(addresses.size):
        _gc_untrack(addresses[i])


# Not `jit`: the collector's lists may be touched only with the GIL held.
untrack = numba.njit(nogil=False)(_untrack)
untrack.__doc__ = """Untrack the objects at `addresses` (each alive, of a type the collector
tracks): `PyObject_GC_UnTrack` on each, the untracking CPython does for tuples and dicts that
hold no container."""
kernel_cache.attach_cache(untrack)


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
