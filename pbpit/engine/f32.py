"""Float32 math exactly as Burn's Flex backend computes it, on arrays of any shape.

Three ways in, chosen per call, all giving the same bits:

- One IEEE operation per element (+, -, *, /, negation, sqrt, comparisons) is exact in NumPy's
  float32 ufuncs: they run as they are, on any size and on broadcast views.
- Transcendentals (exp, log, tanh, powf) must be the C library's float32 functions, which Rust
  calls (NumPy's own float32 `exp(1)` is one ulp off). Small arrays call them through ctypes;
  large ones run numba kernels over both cores, loaded only then.
- Reductions follow Flex's order: the small ones in NumPy, vectorised across lanes; the large
  ones in a numba kernel with the same order.
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Callable

import numpy as np

from pbpit.engine import libm

# Overflow to inf, 0/0 to NaN: float32 does that silently in Rust, and so does pbpit.
warnings.filterwarnings("ignore", category=RuntimeWarning, module=r"pbpit\.engine\.")

Array = np.ndarray
F0 = np.float32(0.0)
F1 = np.float32(1.0)
NEG0 = np.float32(-0.0)

# Up to this many elements, libm through ctypes; above, the numba kernels (and the JIT).
SMALL = 2048
# Flex's sum on x86-64 (AVX2): 8 accumulators of 8 lanes.
LANES = 8
BLOCK = 8 * LANES


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
    # Flex's `x.max(0.0)` as compiled in a loop: NaN and -0.0 both give +0.0.
    return np.where(a > F0, a, F0)


def relu_backward(grad: Array, x: Array) -> Array:
    """`grad` where the input was > 0, else +0.0 (a NaN input too)."""
    return np.where(x > F0, grad, F0)


def sigmoid_backward(s: Array, grad: Array) -> Array:
    """Flex's `(g * s) * (1 - s)`, left to right."""
    return mul(mul(grad, s), sub(F1, s))


# -- the C library's functions --------------------------------------------------------------------


def _libm(name: str, a: Array, *scalars: np.float32) -> Array:
    """`libm.<name>f` over `a`: one ctypes call per element when small, else the numba kernel
    `<name>` (which calls the same function) on all cores."""
    if a.size <= SMALL:
        function: Callable[..., float] = getattr(libm, f"{name}f")
        out = np.empty(a.shape, dtype=np.float32)
        flat = out.reshape(-1)
        for i, value in enumerate(a.reshape(-1).tolist()):
            flat[i] = function(value, *scalars)
        return out
    out = new_array(a.shape)
    getattr(kernels(), name)(np.ascontiguousarray(a).reshape(-1), *scalars, out.reshape(-1))
    return out


def exp(a: Array) -> Array:
    return _libm("exp", a)


def log(a: Array) -> Array:
    return _libm("log", a)


def tanh(a: Array) -> Array:
    return _libm("tanh", a)


def powf(a: Array, p: np.float32) -> Array:
    """The backend's `powf_scalar`: whole exponents 2, 1, 0, -1, -2 by multiplication and
    reciprocal, as Burn dispatches them; any other through the C library's powf."""
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
    return _libm("pow", a, p)


def sigmoid(a: Array) -> Array:
    """Flex's form, which never overflows: 1/(1+e^-x) for x >= 0, else e^x/(1+e^x) (NaN too)."""
    e_neg = exp(np.negative(a))
    e_pos = exp(a)
    with np.errstate(all="ignore"):  # inf/inf in the branch that is not taken
        upper = np.divide(F1, np.add(F1, e_neg))
        lower = np.divide(e_pos, np.add(F1, e_pos))
    return np.where(a >= F0, upper, lower)


# -- reductions, in Flex's order ----------------------------------------------------------------


def sum_rows(a: Array) -> Array:
    """Flex's f32 sum of each row of a 2-D array: eight vector accumulators over blocks of 64,
    combined pairwise; then leftover 8-wide groups; then the lanes in order; then the last few
    elements, folded from -0.0. A fixed association: the same bits on every run."""
    rows, n = a.shape
    if rows * n > SMALL * 64:
        return kernels().sum_rows(np.ascontiguousarray(a))
    full = n // BLOCK * BLOCK
    acc = np.zeros((rows, 8, LANES), dtype=np.float32)
    for start in range(0, full, BLOCK):
        acc += a[:, start : start + BLOCK].reshape(rows, 8, LANES)
    v = ((acc[:, 0] + acc[:, 1]) + (acc[:, 2] + acc[:, 3])) + (
        (acc[:, 4] + acc[:, 5]) + (acc[:, 6] + acc[:, 7])
    )
    i = full
    while i + LANES <= n:
        v += a[:, i : i + LANES]
        i += LANES
    total = v[:, 0].copy()
    for lane in range(1, LANES):
        total += v[:, lane]
    tail = np.full(rows, NEG0, dtype=np.float32)
    for column in range(i, n):
        tail += a[:, column]
    return total + tail


def sum_all(a: Array) -> np.float32:
    return sum_rows(a.reshape(1, -1))[0]


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
    """`a @ b` in the gemm crate's order, as Flex computes it (see `pbpit.engine.gemm`)."""
    from pbpit.engine import gemm

    return gemm.matmul(a, b)
