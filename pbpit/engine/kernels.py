"""Elementwise and reduction kernels over flat float32 arrays.

Every kernel is a numba function compiled on first use and cached on disk. Arithmetic stays in
float32 (constants are float32 too, so nothing is promoted to float64) and transcendental
functions go through libm's f32 entry points, which is what Rust's `f32::exp` and friends call:
`exp(1.0)` is 2.7182817 here, as in Rust, where NumPy's own float32 `exp` gives 2.718282.
No fastmath: it would reorder and contract operations and change results.
"""

from __future__ import annotations

import math
import os
import tempfile
import warnings
from pathlib import Path


def _choose_cache_dir() -> None:
    """Point numba's cache somewhere writable when the installed package is not."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    here = Path(__file__).parent
    if os.access(here, os.W_OK):
        return
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    for candidate in (Path(base) / "pbpit" / "numba", Path(tempfile.gettempdir()) / "pbpit-numba"):
        try:
            candidate.mkdir(parents=True, exist_ok=True)
        except OSError:
            continue
        if os.access(candidate, os.W_OK):
            os.environ["NUMBA_CACHE_DIR"] = str(candidate)
            return


_choose_cache_dir()

import numba  # noqa: E402
import numpy as np  # noqa: E402
from numba.core.errors import NumbaWarning  # noqa: E402

# A cache that cannot be written or read is a slower start, never something the user must see.
warnings.simplefilter("ignore", category=NumbaWarning)

jit = numba.njit(cache=True, nogil=True)

F0 = np.float32(0.0)
F1 = np.float32(1.0)

NEG0 = np.float32(-0.0)
# The vector width of the Flex build the sums mirror (AVX2: 8 f32 lanes).
LANES = 8


@jit
def exp(a):
    out = np.empty_like(a)
    for i in range(a.size):
        out[i] = math.exp(a[i])
    return out


@jit
def log(a):
    out = np.empty_like(a)
    for i in range(a.size):
        out[i] = math.log(a[i])
    return out


@jit
def sqrt(a):
    out = np.empty_like(a)
    for i in range(a.size):
        out[i] = math.sqrt(a[i])
    return out


@jit
def tanh(a):
    out = np.empty_like(a)
    for i in range(a.size):
        out[i] = math.tanh(a[i])
    return out


@jit
def sigmoid(a):
    # Flex's form, which never overflows exp: 1/(1+e^-x) for x >= 0, e^x/(1+e^x) below (NaN too).
    out = np.empty_like(a)
    for i in range(a.size):
        x = a[i]
        if x >= F0:
            out[i] = F1 / (F1 + math.exp(-x))
        else:
            e = math.exp(x)
            out[i] = e / (F1 + e)
    return out


@jit
def sigmoid_backward(s, grad):
    """`(g * s) * (1 - s)`, left to right, as Flex computes it."""
    out = np.empty_like(grad)
    for i in range(grad.size):
        out[i] = (grad[i] * s[i]) * (F1 - s[i])
    return out


@jit
def recip(a):
    out = np.empty_like(a)
    for i in range(a.size):
        out[i] = F1 / a[i]
    return out


@jit
def neg(a):
    out = np.empty_like(a)
    for i in range(a.size):
        out[i] = -a[i]
    return out


@jit
def relu(a):
    # Flex's x.max(0.0) as compiled in a loop: NaN and -0.0 both give +0.0.
    out = np.empty_like(a)
    for i in range(a.size):
        out[i] = a[i] if a[i] > F0 else F0
    return out


@jit
def powf_inner(a, p):
    """The backend's `powf_scalar`: whole exponents 2, 1, 0, -1, -2 by multiplication and
    reciprocal (as Burn dispatches them), anything else through libm's powf."""
    out = np.empty_like(a)
    if p == np.float32(2.0):
        for i in range(a.size):
            out[i] = a[i] * a[i]
    elif p == F1:
        out[:] = a
    elif p == F0:
        out[:] = F1
    elif p == np.float32(-1.0):
        for i in range(a.size):
            out[i] = F1 / a[i]
    elif p == np.float32(-2.0):
        for i in range(a.size):
            out[i] = F1 / (a[i] * a[i])
    else:
        for i in range(a.size):
            out[i] = math.pow(a[i], p)
    return out


@jit
def add(a, b):
    out = np.empty_like(a)
    for i in range(a.size):
        out[i] = a[i] + b[i]
    return out


@jit
def sub(a, b):
    out = np.empty_like(a)
    for i in range(a.size):
        out[i] = a[i] - b[i]
    return out


@jit
def mul(a, b):
    out = np.empty_like(a)
    for i in range(a.size):
        out[i] = a[i] * b[i]
    return out


@jit
def div(a, b):
    out = np.empty_like(a)
    for i in range(a.size):
        out[i] = a[i] / b[i]
    return out


@jit
def add_scalar(a, s):
    out = np.empty_like(a)
    for i in range(a.size):
        out[i] = a[i] + s
    return out


@jit
def mul_scalar(a, s):
    out = np.empty_like(a)
    for i in range(a.size):
        out[i] = a[i] * s
    return out


@jit
def div_scalar(a, s):
    out = np.empty_like(a)
    for i in range(a.size):
        out[i] = a[i] / s
    return out


@jit
def relu_backward(grad, x):
    """`grad` where the input was > 0, else +0.0 (a NaN input too), as Flex computes it."""
    out = np.empty_like(grad)
    for i in range(grad.size):
        out[i] = grad[i] if x[i] > F0 else F0
    return out


@jit
def sum_all(a):
    """Burn Flex's f32 sum on x86-64 (AVX2, 8 lanes): eight vector accumulators over blocks of
    64, combined pairwise; then leftover 8-wide groups; then the lanes in order; then the last
    few elements, folded from -0.0. Fixed association: the same bits on every run."""
    n = a.size
    acc = np.zeros((8, LANES), dtype=np.float32)
    i = 0
    while i + 8 * LANES <= n:
        for j in range(8):
            for lane in range(LANES):
                acc[j, lane] += a[i + j * LANES + lane]
        i += 8 * LANES
    v = np.empty(LANES, dtype=np.float32)
    for lane in range(LANES):
        left = (acc[0, lane] + acc[1, lane]) + (acc[2, lane] + acc[3, lane])
        right = (acc[4, lane] + acc[5, lane]) + (acc[6, lane] + acc[7, lane])
        v[lane] = left + right
    while i + LANES <= n:
        for lane in range(LANES):
            v[lane] += a[i + lane]
        i += LANES
    total = v[0]
    for lane in range(1, LANES):
        total += v[lane]
    tail = NEG0
    while i < n:
        tail += a[i]
        i += 1
    return total + tail


@jit
def sum_middle(a3):
    """Sum a (outer, n, inner) array over its middle axis, in index order."""
    outer, n, inner = a3.shape
    out = np.zeros((outer, 1, inner), dtype=np.float32)
    for o in range(outer):
        for k in range(n):
            for i in range(inner):
                out[o, 0, i] += a3[o, k, i]
    return out


@jit
def matmul(a, b):
    """(m, k) @ (k, n), each output a dot product accumulated in float32 in index order."""
    m, k = a.shape
    n = b.shape[1]
    out = np.zeros((m, n), dtype=np.float32)
    for i in range(m):
        for p in range(k):
            aip = a[i, p]
            for j in range(n):
                out[i, j] += aip * b[p, j]
    return out
