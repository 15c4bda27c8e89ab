"""The C library's float32 functions, which Rust's `f32::exp` and friends call, through ctypes.

Calling them one value at a time costs a few hundred nanoseconds, but loads in a millisecond:
small tensors (every named case) never wait for the JIT.
"""

from __future__ import annotations

import ctypes
import ctypes.util


def _library() -> str:
    """Where the C library's math is: glibc's `libm.so.6` opened by its name first, since
    `find_library` runs `ldconfig` (and more) to find it, about 40 ms a process; asked only
    where that name does not open (macOS, musl)."""
    try:
        ctypes.CDLL("libm.so.6")
    except OSError:
        return ctypes.util.find_library("m") or "libm.so.6"
    return "libm.so.6"


PATH = _library()
"""The library's path, for every module of pbpit calling it through ctypes."""
_libm = ctypes.CDLL(PATH)


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
