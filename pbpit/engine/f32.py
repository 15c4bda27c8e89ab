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
import threading
import time
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

# `scalar`'s values met before: a scalar op's number is most often the same from op to op.
SCALARS: dict[float, np.float32] = {}
SCALARS_MAX = 1024


def scalar(value: float) -> np.float32:
    """`np.float32(value)`, the same object again for a value met before (0.2 us saved an op).
    Zeros and NaNs are never kept: -0.0 and 0.0 are one key to a dict, and a NaN no key."""
    cached = SCALARS.get(value)
    if cached is not None:
        return cached
    result = np.float32(value)
    if value and value == value and len(SCALARS) < SCALARS_MAX:
        SCALARS[value] = result
    return result


# Up to this many elements a sum runs in NumPy (vectorised across lanes); above, in numba.
SMALL = 2048


_KERNELS = "pbpit.engine.kernels"


_loaded = None


def kernels():
    """The numba kernels, imported (and numba with them) on first need."""
    global _loaded
    if _loaded is None:
        from pbpit.engine import kernels as loaded

        _loaded = loaded
    return _loaded


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
    now = time.monotonic()
    with _pool_lock:
        for index in range(len(_pool)):
            buffer = _pool[index]
            if buffer.size == count and sys.getrefcount(buffer) == _FREE_REFERENCES:
                _handed_at[index] = now
                return buffer.reshape(shape)
        buffer = np.empty(count, dtype=np.float32)
        if sum(b.nbytes for b in _pool) + buffer.nbytes <= POOL_MAX_BYTES:
            _pool.append(buffer)
            _handed_at.append(now)
            _watch_idle()
    return buffer.reshape(shape)


def release_pool() -> None:
    """Forget the pooled buffers (those still in use live on with their arrays)."""
    with _pool_lock:
        _pool.clear()
        _handed_at.clear()


# -- the pool's release when idle ----------------------------------------------------------------

# A buffer free and not handed out for this long is given back: the pool holds nothing once a
# program's large work is over. A step this long costs far more than faulting its pages in.
POOL_IDLE_SECONDS = 2.0
_handed_at: list[float] = []  # when each pooled buffer was last handed out (monotonic)
_pool_lock = threading.Lock()
_idle_timer: threading.Timer | None = None


def _watch_idle() -> None:
    """Make sure a timer will look for idle buffers (called with the lock held)."""
    global _idle_timer
    if _idle_timer is None:
        _idle_timer = threading.Timer(POOL_IDLE_SECONDS, release_idle)
        _idle_timer.daemon = True
        _idle_timer.start()


def release_idle() -> int:
    """Drop the pooled buffers that are free and were not handed out for `POOL_IDLE_SECONDS`;
    returns the bytes given back. The timer calls it, and watches again while buffers remain."""
    global _idle_timer
    with _pool_lock:
        _idle_timer = None
        now = time.monotonic()
        kept, kept_at, released = [], [], 0
        for index in range(len(_pool)):
            buffer, handed = _pool[index], _handed_at[index]
            free = sys.getrefcount(buffer) == _FREE_REFERENCES
            if free and now - handed >= POOL_IDLE_SECONDS:
                released += buffer.nbytes
            else:
                kept.append(buffer)
                kept_at.append(handed)
        buffer = None
        _pool[:] = kept
        _handed_at[:] = kept_at
        if _pool:
            _watch_idle()
    return released


# -- one IEEE operation per element -------------------------------------------------------------

# Each checks the size itself, then calls the ufunc: a helper between them cost every op of
# every run a Python call. `.size` rather than `np.size()` for the same reason. From POOL_MIN
# elements the result goes into a pooled buffer (`new_array`).


def _pooled(ufunc: np.ufunc, a: Array | np.float32, b: Array | np.float32) -> Array:
    return ufunc(a, b, out=new_array(np.broadcast_shapes(np.shape(a), np.shape(b))))


def add(a: Array, b: Array) -> Array:
    if a.size < POOL_MIN and b.size < POOL_MIN:
        return np.add(a, b)
    return _pooled(np.add, a, b)


def sub(a: Array, b: Array) -> Array:
    if a.size < POOL_MIN and b.size < POOL_MIN:
        return np.subtract(a, b)
    return _pooled(np.subtract, a, b)


def mul(a: Array, b: Array) -> Array:
    if a.size < POOL_MIN and b.size < POOL_MIN:
        return np.multiply(a, b)
    return _pooled(np.multiply, a, b)


def div(a: Array, b: Array) -> Array:
    if a.size < POOL_MIN and b.size < POOL_MIN:
        return np.divide(a, b)
    return _pooled(np.divide, a, b)


def neg(a: Array) -> Array:
    if a.size < POOL_MIN:
        return np.negative(a)
    return np.negative(a, out=new_array(a.shape))


def recip(a: Array) -> Array:
    if a.size < POOL_MIN:
        return np.divide(F1, a)
    return _pooled(np.divide, F1, a)


def abs(a: Array) -> Array:
    """|x|, the sign bit cleared (as Rust's `f32::abs`: |-0.0| is +0.0)."""
    if a.size < POOL_MIN:
        return np.absolute(a)
    return np.absolute(a, out=new_array(a.shape))


def sign(a: Array) -> Array:
    """Flex's `float_sign`: 1 or -1 by the sign, +0.0 for both zeros, NaN for NaN."""
    if a.size < POOL_MIN:
        return np.sign(a)
    return np.sign(a, out=new_array(a.shape))


def sqrt(a: Array) -> Array:
    if a.size < POOL_MIN:
        return np.sqrt(a)
    return np.sqrt(a, out=new_array(a.shape))


def add_scalar(a: Array, s: np.float32) -> Array:
    if a.size < POOL_MIN:
        return np.add(a, s)
    return _pooled(np.add, a, s)


def mul_scalar(a: Array, s: np.float32) -> Array:
    if a.size < POOL_MIN:
        return np.multiply(a, s)
    return _pooled(np.multiply, a, s)


def div_scalar(a: Array, s: np.float32) -> Array:
    if a.size < POOL_MIN:
        return np.divide(a, s)
    return _pooled(np.divide, a, s)


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

_F32 = np.dtype(np.float32)
# The compiled entry of each serial kernel (`dispatcher.overloads[signature].entry_point`), by
# function name, once a call through numba's dispatcher has compiled or loaded it for a 1-D
# C-contiguous float32 array: a small array then skips the dispatcher, which types every
# argument again on each call (0.3 us, more than four elements' work). The entry runs the same
# machine code the dispatcher would call. It checks no types itself, so it is only handed what
# it was compiled for: a float32 array made 1-D and C-contiguous by `ravel` (a view when it
# already is), the float32 exponent of `powf`, and a fresh output.
_entries: dict[str, Callable[..., None]] = {}


def _libm(name: str, a: Array, *scalars: np.float32) -> Array:
    """`libm.<name>f` over `a`, element by element (the numba kernels call the same function)."""
    if a.dtype is _F32 and a.size < PARALLEL:
        entry = _entries.get(name)
        if entry is not None:
            out = np.empty(a.shape, _F32)
            entry(a.ravel(), *scalars, out if out.ndim == 1 else out.reshape(-1))
            return out
    return _libm_dispatched(name, a, scalars)


def _libm_dispatched(name: str, a: Array, scalars: tuple[np.float32, ...]) -> Array:
    """`_libm` through ctypes or numba's dispatchers (and the first call of each serial kernel,
    which records its entry)."""
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
    serial = size < PARALLEL
    kernel = getattr(kernels(), f"{name}_serial" if serial else name)
    arguments = (np.ascontiguousarray(a).reshape(-1), *scalars, out.reshape(-1))
    kernel(*arguments)
    if serial and name not in _entries:
        _record_entry(name, kernel, arguments)
    return out


def _record_entry(name: str, kernel, arguments: tuple) -> None:
    """Keep `kernel`'s compiled entry for `arguments`' types if they are what `_libm` hands it:
    a float32 array (1-D, C order), float32 exponents, a float32 output."""
    types = tuple(kernel.typeof_pyval(value) for value in arguments)
    import numba

    array = numba.types.Array
    scalar = numba.types.float32
    fits = all(
        (isinstance(t, array) and t.dtype == scalar and t.ndim == 1 and t.layout == "C")
        if i in (0, len(types) - 1)
        else t == scalar
        for i, t in enumerate(types)
    )
    compiled = kernel.overloads.get(types)
    entry = getattr(compiled, "entry_point", None)
    if fits and entry is not None and types[-1].mutable:
        _entries[name] = entry


def exp(a: Array) -> Array:
    return _libm("exp", a)


def log(a: Array) -> Array:
    return _libm("log", a)


def tanh(a: Array) -> Array:
    return _libm("tanh", a)


def sin(a: Array) -> Array:
    return _libm("sin", a)


def cos(a: Array) -> Array:
    return _libm("cos", a)


def log1p(a: Array) -> Array:
    """Rust's `f32::ln_1p` (the C library's `log1pf`), Flex's `float_log1p`."""
    return _libm("log1p", a)


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


def log_sigmoid(a: Array) -> Array:
    """Flex's fused `log_sigmoid`: `-ln_1p(exp(-x))` for x >= 0, else `x - ln_1p(exp(x))`
    (NaN too)."""
    with np.errstate(all="ignore"):  # overflow in the branch that is not taken
        upper = np.negative(log1p(exp(np.negative(a))))
        lower = np.subtract(a, log1p(exp(a)))
    return np.where(a >= F0, upper, lower)


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


_layout: tuple[target.Target | None, tuple[int, int]] = (None, (0, 0))


def simd_layout() -> tuple[int, int]:
    """(lanes, how the lanes are added) of macerator's f32 vector on the current target."""
    global _layout
    machine = target.current()
    if _layout[0] is not machine:  # kept for the last target (a sum asks for every tensor)
        _layout = (machine, (machine.lanes, REDUCE[machine.cpu]))
    return _layout[1]


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
    # The compiled kernel, the same order, once numba is loaded anyway (or the array is large):
    # NumPy's vectorised form costs ~15 us a call on a thousand elements, the kernel ~1 us.
    if rows * n > SMALL * 64 or (rows * n > 8 * lanes and _KERNELS in sys.modules):
        loaded = kernels()
        if rows == 1 and "sum" not in _entries:
            _record_sum_entry(loaded, lanes, reduce)
        return loaded.sum_rows(np.ascontiguousarray(a), lanes, reduce)
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


def _record_sum_entry(loaded, lanes: int, reduce: int) -> None:
    """Compile (or load) `kernels.sum_flat` for a 1-D float32 array and keep its entry for
    `sum_all` (see `_entries`)."""
    arguments = (np.zeros(8 * lanes + 1, _F32), lanes, reduce, np.empty(1, _F32))
    loaded.sum_flat(*arguments)
    types = tuple(loaded.sum_flat.typeof_pyval(value) for value in arguments)
    entry = getattr(loaded.sum_flat.overloads.get(types), "entry_point", None)
    if entry is not None:
        _entries["sum"] = entry


def sum_all(a: Array) -> np.float32:
    """Flex's `sum` of every element: one `sum_rows` row below 4 Mi elements; from there, each
    64 Ki-element chunk summed so and the chunk sums added up as rayon does for the target's
    thread count (`rayon_sum`)."""
    n = a.size
    if n < PARALLEL_SUM:
        entry = _entries.get("sum")
        if entry is not None and a.dtype is _F32:
            lanes, reduce = simd_layout()
            if n > 8 * lanes:  # as `sum_rows` chooses the kernel once numba is loaded
                out = np.empty(1, _F32)
                entry(a.ravel(), lanes, reduce, out)
                return out[0]
        return sum_rows(a.reshape(1, -1))[0]
    flat = a.reshape(-1)
    whole = n // CHUNK * CHUNK
    sums = sum_rows(flat[:whole].reshape(-1, CHUNK)).tolist()
    if whole < n:
        sums.append(float(sum_rows(flat[whole:].reshape(1, -1))[0]))
    return rayon_sum(np.array(sums, dtype=np.float32), target.current().threads)


def sum_array(a: Array) -> Array:
    """`sum_all(a)` as a 1-element array (a sum op's result), written by the compiled entry
    where `sum_all` would call it."""
    n = a.size
    entry = _entries.get("sum")
    if entry is not None and a.dtype is _F32 and n < PARALLEL_SUM:
        lanes, reduce = simd_layout()
        if n > 8 * lanes:
            out = np.empty(1, _F32)
            entry(a.ravel(), lanes, reduce, out)
            return out
    return np.array([sum_all(a)], dtype=np.float32)


def uniform(value: np.float32, shape: tuple[int, ...]) -> Array:
    """`value` at every index of `shape`: a read-only view of one float32 (every stride 0), as
    `np.broadcast_to` makes it, without its iterator (5 us a call). The view is on the value's
    four bytes, which NumPy cannot write: read-only without setting a flag."""
    if type(value) is not np.float32:
        value = np.float32(value)
    return np.ndarray(shape, _F32, value.tobytes(), 0, (0,) * len(shape))


def ones(shape: tuple[int, ...]) -> Array:
    """A new float32 array of ones (`np.ones_like`'s Python wrapper cost ~1 us a backward)."""
    out = np.empty(shape, _F32)
    out.fill(F1)
    return out


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
    """`a @ b` in the gemm crate's order, as Flex computes it (see `pbpit.engine.gemm`)."""
    from pbpit.engine import gemm

    return gemm.matmul(a, b)


# -- math: erf, powf with a tensor exponent, clamps --------------------------------------------
#
# Flex's erf is the `libm` crate's `erff` (FreeBSD's s_erff.c), whose exp is the crate's own
# `expf` (FreeBSD's e_expf.c), not the C library's: both are written out here, in float32 steps.

_U = np.uint32


def _f(*values: float) -> list[np.float32]:
    return [np.float32(v) for v in values]


def _bits(bits: int) -> np.float32:
    return np.array([bits], dtype=np.uint32).view(np.float32)[0]


def _horner(z: Array, coefficients: list[np.float32]) -> Array:
    """c0 + z*(c1 + z*(c2 + ...)), innermost first, as the C source nests it."""
    acc = np.full(z.shape, coefficients[-1], dtype=np.float32)
    for c in reversed(coefficients[:-1]):
        acc = c + z * acc
    return acc


_LN2_HI, _LN2_LO, _INV_LN2, _EP1, _EP2 = _f(
    6.9314575195e-01, 1.4286067653e-06, 1.4426950216e00, 1.6666625440e-1, -2.7667332906e-3
)


def crate_expf(x: Array) -> Array:
    """The `libm` crate's `expf`, element by element (argument reduction by k*ln2, a rational
    approximation, then scaling by 2^k)."""
    x = np.asarray(x, dtype=np.float32)
    with np.errstate(all="ignore"):
        hx = x.view(np.uint32) & _U(0x7FFFFFFF)
        negative = x.view(np.uint32) >> _U(31) == 1
        half = np.where(negative, np.float32(-0.5), np.float32(0.5)).astype(np.float32)
        far = hx > 0x3F851592
        k_far = np.trunc(_INV_LN2 * x + half)
        k_near = np.where(negative, -1.0, 1.0)
        k = np.where(far, k_far, k_near).astype(np.float32)
        reduced = hx > 0x3EB17218
        k = np.where(reduced, k, np.float32(0.0)).astype(np.float32)
        hi = np.where(reduced, x - k * _LN2_HI, x).astype(np.float32)
        lo = np.where(reduced, k * _LN2_LO, np.float32(0.0)).astype(np.float32)
        r = (hi - lo).astype(np.float32)
        xx = r * r
        c = r - xx * (_EP1 + xx * _EP2)
        y = F1 + ((r * c / (np.float32(2.0) - c) - lo) + hi)
        out = np.ldexp(y, k.astype(np.int32)).astype(np.float32)
        tiny = hx <= 0x39000000
        out = np.where(tiny, F1 + x, out)
        out = np.where(~negative & (hx >= 0x42B17218), x * _bits(0x7F000000), out)
        out = np.where(negative & (hx >= 0x42CFF1B5), F0, out)
        out = np.where(hx > 0x7F800000, x, out)
    return out.astype(np.float32)


_ERX, _EFX8 = _f(8.4506291151e-01, 1.0270333290e00)
_PP = _f(
    1.2837916613e-01, -3.2504209876e-01, -2.8481749818e-02, -5.7702702470e-03, -2.3763017452e-05
)
_QQ = _f(
    1, 3.9791721106e-01, 6.5022252500e-02, 5.0813062117e-03, 1.3249473704e-04, -3.9602282413e-06
)
_PA = _f(
    -2.3621185683e-03, 4.1485610604e-01, -3.7220788002e-01, 3.1834661961e-01,
    -1.1089469492e-01, 3.5478305072e-02, -2.1663755178e-03,
)  # fmt: skip
_QA = _f(
    1, 1.0642088205e-01, 5.4039794207e-01, 7.1828655899e-02, 1.2617121637e-01,
    1.3637083583e-02, 1.1984500103e-02,
)  # fmt: skip
_RA = _f(
    -9.8649440333e-03, -6.9385856390e-01, -1.0558626175e01, -6.2375331879e01,
    -1.6239666748e02, -1.8460508728e02, -8.1287437439e01, -9.8143291473e00,
)  # fmt: skip
_SA = _f(
    1, 1.9651271820e01, 1.3765776062e02, 4.3456588745e02, 6.4538726807e02,
    4.2900814819e02, 1.0863500214e02, 6.5702495575e00, -6.0424413532e-02,
)  # fmt: skip
_RB = _f(
    -9.8649431020e-03, -7.9928326607e-01, -1.7757955551e01, -1.6063638306e02,
    -6.3756646729e02, -1.0250950928e03, -4.8351919556e02,
)  # fmt: skip
_SB = _f(
    1, 3.0338060379e01, 3.2579251099e02, 1.5367296143e03, 3.1998581543e03,
    2.5530502930e03, 4.7452853394e02, -2.2440952301e01,
)  # fmt: skip


def erf(a: Array) -> Array:
    """Flex's `erf_f32`: the `libm` crate's `erff`, its five ranges of |x| each a rational
    approximation in float32 steps."""
    x = np.asarray(a, dtype=np.float32)
    with np.errstate(all="ignore"):
        ix = x.view(np.uint32) & _U(0x7FFFFFFF)
        sign = (x.view(np.uint32) >> _U(31)).astype(np.float32)
        special = (F1 - np.float32(2.0) * sign) + F1 / x
        tiny = np.float32(0.125) * (np.float32(8.0) * x + _EFX8 * x)
        z = x * x
        small = x + x * (_horner(z, _PP) / _horner(z, _QQ))
        ax = np.abs(x)
        s = ax - F1
        erfc1 = (F1 - _ERX) - _horner(s, _PA) / _horner(s, _QA)
        inv = F1 / (ax * ax)
        middle = ix < 0x4036DB6D
        r = np.where(middle, _horner(inv, _RA), _horner(inv, _RB))
        big_s = np.where(middle, _horner(inv, _SA), _horner(inv, _SB))
        zz = (ax.view(np.uint32) & _U(0xFFFFE000)).view(np.float32)
        tail = (
            crate_expf(-zz * zz - np.float32(0.5625))
            * crate_expf((zz - ax) * (zz + ax) + r / big_s)
            / ax
        )
        erfc = np.where(ix < 0x3FA00000, erfc1, tail)
        y = np.where(ix < 0x40C00000, F1 - erfc, F1 - _bits(0x03800000))
        large = np.where(sign == 1, -y, y)
        out = np.where(ix < 0x3F580000, np.where(ix < 0x31800000, tiny, small), large)
        out = np.where(ix >= 0x7F800000, special, out)
    return out.astype(np.float32)


def pow_tensor(a: Array, b: Array) -> Array:
    """Flex's `float_powf`: the C library's powf of each pair (the shapes broadcast)."""
    if a.shape != b.shape:
        a, b = np.broadcast_arrays(a, b)
    out = np.empty(a.shape, dtype=np.float32)
    flat = out.reshape(-1)
    for i, (x, p) in enumerate(zip(a.reshape(-1).tolist(), b.reshape(-1).tolist(), strict=True)):
        flat[i] = libm.powf(x, p)
    return out
