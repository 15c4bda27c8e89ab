"""The C library's float32 functions, which Rust's `f32::exp` and friends call, through ctypes.

Calling them one value at a time costs a few hundred nanoseconds, but loads in a millisecond:
small tensors (every named case) never wait for the JIT.
"""

from __future__ import annotations

import ctypes
import ctypes.util

_libm = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")


def _function(name: str, arity: int):
    function = getattr(_libm, name)
    function.restype = ctypes.c_float
    function.argtypes = [ctypes.c_float] * arity
    return function


expf = _function("expf", 1)
logf = _function("logf", 1)
tanhf = _function("tanhf", 1)
powf = _function("powf", 2)
sinf = _function("sinf", 1)
cosf = _function("cosf", 1)
log1pf = _function("log1pf", 1)
