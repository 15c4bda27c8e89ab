"""Float32 math exactly as Burn's Flex backend computes it, on arrays of any shape.

Three ways in, chosen per call, all giving the same bits:

- One IEEE operation per element (+, -, *, /, negation, sqrt, comparisons) is exact in NumPy's
  float32 ufuncs: they run as they are, on any size and on broadcast views.
- Transcendentals (exp, log, tanh, powf) must be the C library's float32 functions, which Rust
  calls (NumPy's own float32 `exp(1)` is one ulp off). Serial numba kernels call them; only
  tiny arrays before numba is loaded go through ctypes (a short program never loads numba),
  and only large arrays run the kernels on all cores.
- Reductions follow Flex's order for the target's CPU and threads (`pbpit.engine.target`): the
  small ones in NumPy, vectorised across lanes; the large ones in a numba kernel.
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Callable

import numpy as np

from pbpit.engine import libm, target

# The host is detected now, as the engine loads, not deep inside a case's first sum (a case may
# lower the recursion limit).
target.current()

# Overflow to inf, 0/0 to NaN: float32 does that silently in Rust, and so does pbpit.
warnings.filterwarnings("ignore", category=RuntimeWarning, module=r"pbpit\.engine\.")

Array = np.ndarray
F0 = np.float32(0.0)
F1 = np.float32(1.0)
NEG0 = np.float32(-0.0)

# Up to this many elements a sum runs in NumPy (vectorised across lanes); above, in numba.
SMALL = 2048


def kernels():
    """The numba kernels, imported (and numba with them) on first need."""
    from pbpit.engine import kernels as loaded

    return loaded


# -- where large results live ----------------------------------------------------------------------

# Large results come from a small pool of buffers that nothing references any more: a training
# loop then reuses the same memory every step instead of faulting fresh pages in each time.
POOL_MIN = 1 << 20  # elements (4 MB); smaller arrays come from NumPy as usual
POOL_MAX_BYTES = 1 << 30
_pool: list[Array] = []
# A pooled buffer nobody else holds is referenced by the pool, the loop variable and the call
# to `sys.getrefcount` itself. (CPython 3.14 counts references differently: no pool there.)
_FREE_REFERENCES = 3
_POOLING = sys.version_info < (3, 14)


def new_array(shape: tuple[int, ...]) -> Array:
    """An uninitialised float32 array of `shape`, from the pool when it is large."""
    count = 1
    for extent in shape:
        count *= extent
    if count < POOL_MIN or not _POOLING:
        return np.empty(shape, dtype=np.float32)
    for buffer in _pool:
        if buffer.size == count and sys.getrefcount(buffer) == _FREE_REFERENCES:
            return buffer.reshape(shape)
    buffer = np.empty(count, dtype=np.float32)
    if sum(b.nbytes for b in _pool) + buffer.nbytes <= POOL_MAX_BYTES:
        _pool.append(buffer)
    return buffer.reshape(shape)


def release_pool() -> None:
    """Forget the pooled buffers (those still in use live on with their arrays)."""
    _pool.clear()


def _binary(ufunc: np.ufunc, a: Array | np.float32, b: Array | np.float32) -> Array:
    # `.size` rather than `np.size()`: a Python call here costs every op of every run.
    if a.size < POOL_MIN and b.size < POOL_MIN:
        return ufunc(a, b)
    return ufunc(a, b, out=new_array(np.broadcast_shapes(np.shape(a), np.shape(b))))


def _unary(ufunc: np.ufunc, a: Array) -> Array:
    if a.size < POOL_MIN:
        return ufunc(a)
    return ufunc(a, out=new_array(a.shape))


# -- one IEEE operation per element -------------------------------------------------------------


def add(a: Array, b: Array) -> Array:
    return _binary(np.add, a, b)


def sub(a: Array, b: Array) -> Array:
    return _binary(np.subtract, a, b)


def mul(a: Array, b: Array) -> Array:
    return _binary(np.multiply, a, b)


def div(a: Array, b: Array) -> Array:
    return _binary(np.divide, a, b)


def neg(a: Array) -> Array:
    return _unary(np.negative, a)


def recip(a: Array) -> Array:
    return _binary(np.divide, F1, a)


def abs(a: Array) -> Array:
    """|x|, the sign bit cleared (as Rust's `f32::abs`: |-0.0| is +0.0)."""
    return _unary(np.absolute, a)


def sign(a: Array) -> Array:
    """Flex's `float_sign`: 1 or -1 by the sign, +0.0 for both zeros, NaN for NaN."""
    return _unary(np.sign, a)


def sqrt(a: Array) -> Array:
    return _unary(np.sqrt, a)


def add_scalar(a: Array, s: np.float32) -> Array:
    return _binary(np.add, a, s)


def mul_scalar(a: Array, s: np.float32) -> Array:
    return _binary(np.multiply, a, s)


def div_scalar(a: Array, s: np.float32) -> Array:
    return _binary(np.divide, a, s)


def relu(a: Array) -> Array:
    """Flex's `x.max(0.0)`: NaN gives +0.0 (Rust's `max` returns the other operand), and so
    does every x < 0. -0.0 stays -0.0 in a debug build (`fmaxf` keeps its first operand
    between equal zeros) and becomes +0.0 at opt-level 3 (the loop is vectorised with
    `maxps`, which returns the second); the target's build decides."""
    if target.current().build == "release":
        return np.where(a > F0, a, F0)
    return np.where(a >= F0, a, F0)


def relu_backward(grad: Array, x: Array) -> Array:
    """`grad` where the input was > 0, else +0.0 (a NaN input too)."""
    return np.where(x > F0, grad, F0)


def sigmoid_backward(s: Array, grad: Array) -> Array:
    """Flex's `(g * s) * (1 - s)`, left to right."""
    return mul(mul(grad, s), sub(F1, s))


# -- the C library's functions --------------------------------------------------------------------

# Arrays up to TINY elements call libm through ctypes (0.6-0.8 us an element) while numba is not
# loaded, until CTYPES_BUDGET elements have gone that way: then numba loads (~0.2 s) and its
# serial kernels take every size. Only from PARALLEL elements does the parallel kernel, which
# costs ~100 us to start its threads, pay (measured: docs/TARGETS.md).
TINY = 2048
CTYPES_BUDGET = 32_768
PARALLEL = 131_072
_ctypes_elements = 0


def _libm(name: str, a: Array, *scalars: np.float32) -> Array:
    """`libm.<name>f` over `a`, element by element (the numba kernels call the same function)."""
    global _ctypes_elements
    size = a.size
    if size <= TINY and _ctypes_elements < CTYPES_BUDGET and "numba" not in sys.modules:
        _ctypes_elements += size
        function: Callable[..., float] = getattr(libm, f"{name}f")
        out = np.empty(a.shape, dtype=np.float32)
        flat = out.reshape(-1)
        for i, value in enumerate(a.reshape(-1).tolist()):
            flat[i] = function(value, *scalars)
        return out
    out = new_array(a.shape)
    kernel = getattr(kernels(), name if size >= PARALLEL else f"{name}_serial")
    kernel(np.ascontiguousarray(a).reshape(-1), *scalars, out.reshape(-1))
    return out


def exp(a: Array) -> Array:
    return _libm("exp", a)


def log(a: Array) -> Array:
    return _libm("log", a)


def tanh(a: Array) -> Array:
    return _libm("tanh", a)


def powf(a: Array, p: float | np.float32) -> Array:
    """The backend's `powf_scalar`: whether `p` is whole is asked of `p` as given (Burn's
    Scalar holds an f64); whole exponents 2, 1, 0, -1, -2 go by multiplication and reciprocal,
    as Flex dispatches them; any other is rounded to f32 and goes through the C library's
    powf."""
    if float(p).is_integer():
        if p == 2:
            return np.multiply(a, a)
        if p == 1:
            return a.copy()
        if p == 0:
            return np.ones(a.shape, dtype=np.float32)
        if p == -1:
            return recip(a)
        if p == -2:
            return recip(np.multiply(a, a))
    return _libm("pow", a, np.float32(p))


def sigmoid(a: Array) -> Array:
    """Flex's form, which never overflows: 1/(1+e^-x) for x >= 0, else e^x/(1+e^x) (NaN too)."""
    e_neg = exp(np.negative(a))
    e_pos = exp(a)
    with np.errstate(all="ignore"):  # inf/inf in the branch that is not taken
        upper = np.divide(F1, np.add(F1, e_neg))
        lower = np.divide(e_pos, np.add(F1, e_pos))
    return np.where(a >= F0, upper, lower)


# -- Flex's sum, for the target's CPU and threads ------------------------------------------------

# How macerator adds a vector's lanes into one (read from macerator 0.3.4): a scalar fold in lane
# order on AVX2, SSE4.2 and its fallback; `_mm512_reduce_add_ps` on AVX-512, which halves the
# vector (lane i + lane i+8, then i + i+4, ...); `vaddvq_f32` on NEON, adjacent pairs.
IN_ORDER, HALVES, PAIRS = 0, 1, 2
REDUCE = {"avx512": HALVES, "avx2": IN_ORDER, "sse": IN_ORDER, "scalar": IN_ORDER, "neon": PAIRS}
# Flex's `sum_f32_contiguous`: from 4 Mi elements, 64 Ki-element chunks summed on rayon.
PARALLEL_SUM = 4 * 1024 * 1024
CHUNK = 64 * 1024


def simd_layout() -> tuple[int, int]:
    """(lanes, how the lanes are added) of macerator's f32 vector on the current target."""
    machine = target.current()
    return machine.lanes, REDUCE[machine.cpu]


def _reduce_lanes(v: Array, reduce: int) -> Array:
    """Each row of `v` (rows, lanes) added into one, as `reduce` says."""
    if reduce == IN_ORDER:
        total = v[:, 0].copy()
        for lane in range(1, v.shape[1]):
            total += v[:, lane]
        return total
    while v.shape[1] > 1:
        half = v.shape[1] // 2
        v = v[:, :half] + v[:, half:] if reduce == HALVES else v[:, 0::2] + v[:, 1::2]
    return v[:, 0]


def sum_rows(a: Array) -> Array:
    """Flex's f32 sum of each row of a 2-D array (macerator's `sum` kernel): eight vector
    accumulators over blocks of eight vectors, combined pairwise; then leftover whole vectors;
    then the lanes into one (as the CPU adds them); then the last few elements, folded from
    -0.0. The vector's width and the lanes' order are the target CPU's."""
    lanes, reduce = simd_layout()
    rows, n = a.shape
    if rows * n > SMALL * 64:
        return kernels().sum_rows(np.ascontiguousarray(a), lanes, reduce)
    block = 8 * lanes
    full = n // block * block
    acc = np.zeros((rows, 8, lanes), dtype=np.float32)
    for start in range(0, full, block):
        acc += a[:, start : start + block].reshape(rows, 8, lanes)
    v = ((acc[:, 0] + acc[:, 1]) + (acc[:, 2] + acc[:, 3])) + (
        (acc[:, 4] + acc[:, 5]) + (acc[:, 6] + acc[:, 7])
    )
    i = full
    while i + lanes <= n:
        v += a[:, i : i + lanes]
        i += lanes
    total = _reduce_lanes(v, reduce)
    tail = np.full(rows, NEG0, dtype=np.float32)
    for column in range(i, n):
        tail += a[:, column]
    return total + tail


def sum_all(a: Array) -> np.float32:
    """Flex's `sum` of every element: one `sum_rows` row below 4 Mi elements; from there, each
    64 Ki-element chunk summed so and the chunk sums added up as rayon does for the target's
    thread count (`rayon_sum`)."""
    flat = a.reshape(-1)
    n = flat.size
    if n < PARALLEL_SUM:
        return sum_rows(flat.reshape(1, -1))[0]
    whole = n // CHUNK * CHUNK
    sums = sum_rows(flat[:whole].reshape(-1, CHUNK)).tolist()
    if whole < n:
        sums.append(float(sum_rows(flat[whole:].reshape(1, -1))[0]))
    return rayon_sum(np.array(sums, dtype=np.float32), target.current().threads)


def rayon_sum(values: Array, threads: int) -> np.float32:
    """`values.par_iter().sum()` on a pool of `threads`, in the tree rayon's splitter builds
    when no task is stolen: the range halves while its split budget (the thread count, halved
    at each level) lasts, each piece is folded in order from -0.0, and the halves are added
    left + right. A stolen task would split again (docs/TARGETS.md): on a busy pool the tree,
    and an inexact sum, can differ from run to run."""

    def helper(lo: int, hi: int, splits: int) -> np.float32:
        if (hi - lo) // 2 >= 1 and splits > 0:
            mid = lo + (hi - lo) // 2
            return helper(lo, mid, splits // 2) + helper(mid, hi, splits // 2)
        total = NEG0
        for value in values[lo:hi]:
            total += value
        return total

    return np.float32(helper(0, values.size, threads))


def sum_dim(a: Array, dim: int) -> Array:
    """Sum over `dim`, keeping it with size 1: along the last axis each row sums as `sum_all`;
    along any other axis each output adds its inputs in order, from +0.0."""
    kept = a.shape[:dim] + (1,) + a.shape[dim + 1 :]
    if dim == a.ndim - 1:
        return sum_rows(a.reshape(-1, a.shape[-1])).reshape(kept)
    out = np.zeros(kept, dtype=np.float32)
    moved = np.moveaxis(a, dim, 0)
    squeezed = np.moveaxis(out, dim, 0)[0]
    for part in moved:
        squeezed += part
    return out


def matmul(a: Array, b: Array) -> Array:
    return kernels().matmul(np.ascontiguousarray(a), np.ascontiguousarray(b))
