"""Float32 matmul as Burn's Flex backend gets it from the gemm crate (0.19), to the bit.

Flex calls `gemm::gemm` with a row-major output, each operand's own strides (a transpose is a
view), no read of the output and a factor of one. gemm then picks a path by the shapes and the
strides (`plan`), and each path has its own order of the k sum:

- the general, blocked path: k in blocks of `kc` (from the L1 cache's geometry, or 512 for
  outputs up to 64 x 64), each block a chain of multiply-adds from +0.0, added to the output;
- a horizontal kernel for outputs of at most 256 elements whose rows of `a` and columns of `b`
  are contiguous: 8 lanes over k, reduced as a tree;
- matrix-vector kernels for one row or one column, and a product-then-sum for k <= 2.

Whether a multiply-add is fused follows the CPU: gemm's x86-64 kernels use FMA when the CPU has
it (AVX2 and AVX-512 machines run the same AVX2 kernels: Flex leaves gemm's `x86-v4` feature
off); its NEON micro-kernel fuses but its NEON matrix-vector kernels do not; with neither, no
operation is fused. Every output is computed alone, so the threads (over outputs, never k)
never change a bit.

The arithmetic runs in a C library compiled on first use (`pbpit.engine.gemm.c`, cached beside
the numba kernels), or, without a C compiler, in numba kernels of the same order.
"""

from __future__ import annotations

import ctypes
import hashlib
import math
import os
import shutil
import subprocess
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from pbpit.engine import target

Array = np.ndarray

SOURCE = Path(__file__).with_name("gemm.c")
FLAGS = ("-O3", "-march=native", "-ffp-contract=off", "-fno-math-errno", "-fPIC", "-shared")
# Below this many multiply-adds a second thread costs more than it saves.
THREADED_WORK = 1 << 21


# -- what gemm would choose ----------------------------------------------------------------------


@dataclass(frozen=True)
class Kernels:
    """gemm's f32 kernels on one CPU family: the micro-kernel's tile (`mr` x `nr`), whether its
    multiply-add is fused, whether the horizontal kernel exists, and the matrix-vector kernels'
    vector width and fusion."""

    mr: int
    nr: int
    fused: bool
    horizontal: bool
    gemv_lanes: int
    gemv_fused: bool


KERNELS = {
    # x86-64 with FMA: gemm's `fma` module (8 lanes, 2 x 8 rows by 6 columns).
    "avx512": Kernels(16, 6, True, True, 8, True),
    "avx2": Kernels(16, 6, True, True, 8, True),
    # aarch64: 4 lanes, 4 x 4 rows by 4 columns; the matrix-vector kernels run on `Scalar`.
    "neon": Kernels(16, 4, True, False, 1, False),
    # gemm's `scalar` module, for x86 without FMA and everything else.
    "sse": Kernels(2, 4, False, False, 1, False),
    "scalar": Kernels(2, 4, False, False, 1, False),
}


@dataclass(frozen=True)
class L1Cache:
    """The L1 data cache as gemm reads it (per core): bytes, line bytes, associativity."""

    size: int = 32 * 1024
    line: int = 64
    ways: int = 8


def host_l1(root: Path = Path("/sys/devices/system/cpu")) -> L1Cache:
    """This machine's L1 data cache as gemm reads it on Linux: each CPU's level-1 data cache
    from sysfs, divided by the CPUs that share it; gemm's defaults where none can be read."""
    found = L1Cache()
    try:
        indexes = sorted(root.glob("cpu[0-9]*/cache/index[0-9]*"))
    except OSError:
        return found
    for index in indexes:
        try:
            fields = {p.name: p.read_text().strip() for p in index.iterdir() if p.is_file()}
        except OSError:
            continue
        if fields.get("level") != "1" or fields.get("type") not in ("Data", "Unified"):
            continue
        shared = 0
        for item in fields.get("shared_cpu_list", "").split(","):
            low, _, high = item.partition("-")
            if low.isdigit():
                shared += int(high) + 1 - int(low) if high.isdigit() else 1
        size = _cache_bytes(fields.get("size", ""))
        line = int(fields.get("coherency_line_size", "64") or 64)
        ways = int(fields.get("ways_of_associativity", "8") or 8)
        if size and line >= found.line:
            found = L1Cache(size // max(shared, 1), line, ways)
    return found


def _cache_bytes(text: str) -> int:
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    if text[-1:] in units and text[:-1].isdigit():
        return int(text[:-1]) * units[text[-1]]
    return int(text) if text.isdigit() else 0


_host_l1: L1Cache | None = None


def l1() -> L1Cache:
    global _host_l1
    if _host_l1 is None:
        _host_l1 = host_l1()
    return _host_l1


def kernel_kc(k: int, kernels: Kernels, cache: L1Cache) -> int:
    """gemm's k block for the general path (`kernel_params`): the block that keeps an `mr`-row
    panel of `a` in the L1 cache's sets, at least 512, then evened out over the blocks."""
    size = max(cache.size, 32 * 1024)
    line = max(cache.line, 64)
    ways = max(cache.ways, 2)
    span = line * (size // (line * ways))
    common = math.gcd(kernels.mr * 4, span)
    kc0 = span // common
    lhs_ways = kernels.mr * 4 // common
    rhs_ways = kernels.nr * kc0 * 4 // span
    multiplier = ways // (lhs_ways + rhs_ways)
    power = 1 << max(multiplier - 1, 0).bit_length()
    kc = min(max(kc0 * power, 512), k)
    blocks = -(-k // kc)
    return -(-k // blocks)


@dataclass(frozen=True)
class Plan:
    """The path gemm takes for one product, its k block (`blocked`) and fusion."""

    path: str  # "blocked", "horizontal", "gemv_col", "gemv_row", "gevv", "zeros"
    kc: int = 0
    fused: bool = True
    lanes: int = 1


def plan(
    m: int,
    n: int,
    k: int,
    a_strides: tuple[int, int],
    b_strides: tuple[int, int],
    cpu: str | None = None,
    cache: L1Cache | None = None,
) -> Plan:
    """The path gemm takes for `(m, k) @ (k, n)` with the operands' (row, column) strides."""
    kernels = KERNELS[cpu or target.current().cpu]
    (a_rs, a_cs), (b_rs, b_cs) = a_strides, b_strides
    # Flex's output is row-major; gemm transposes the product when the output's columns are
    # closer together than its rows (so for n > 1).
    dst_cs, dst_rs = 1, n
    if dst_cs < dst_rs:
        m, n = n, m
        lhs_cs, lhs_rs, rhs_cs, rhs_rs = b_rs, b_cs, a_rs, a_cs
        dst_cs, dst_rs = dst_rs, dst_cs
    else:
        lhs_cs, lhs_rs, rhs_cs, rhs_rs = a_cs, a_rs, b_cs, b_rs
    if k == 0:
        return Plan("zeros")
    if kernels.horizontal and lhs_cs == 1 and rhs_rs == 1 and m * n <= 16 * 16:
        return Plan("horizontal", 1024, True)
    if k <= 2:
        return Plan("gevv", fused=False)
    gemv = Plan("gemv_col", fused=kernels.gemv_fused)
    gemv_row = Plan("gemv_row", fused=kernels.gemv_fused, lanes=kernels.gemv_lanes)
    if n <= 1 and lhs_rs == 1 and dst_rs == 1:
        return gemv
    if n <= 1 and lhs_cs == 1 and rhs_rs == 1:
        return gemv_row
    if m <= 1 and rhs_cs == 1 and dst_cs == 1:
        return gemv
    if m <= 1 and rhs_rs == 1 and lhs_cs == 1:
        return gemv_row
    if m <= 64 and n <= 64:
        kc = min(k, 512)
    else:
        kc = kernel_kc(k, kernels, cache or l1())
    return Plan("blocked", kc, kernels.fused)


# -- the operands as Flex would pass them ----------------------------------------------------------


def burn_view(x: Array) -> tuple[Array, tuple[int, int]]:
    """`x` and its (row, column) strides in elements, as the Burn tensor it stands for has them:
    a view's own strides (a transpose, a slice), but contiguous where NumPy broadcast a value
    (Burn's backward materialises those) or the memory is not float32-aligned."""
    s0, s1 = x.strides
    usable = x.dtype == np.float32 and s0 > 0 and s1 > 0 and s0 % 4 == 0 and s1 % 4 == 0
    if not usable or not x.flags.aligned:
        # a fresh array: NumPy keeps a broadcast (1, 1) view as "contiguous", strides 0
        x = np.array(x, dtype=np.float32, order="C")
        s0, s1 = x.strides
    return x, (s0 // 4, s1 // 4)


def matmul(a: Array, b: Array, threads: int | None = None, native: bool | None = None) -> Array:
    """`a @ b` (2-D float32) with the bits Burn's Flex backend gets from gemm; `threads` (default:
    the CPUs) split the outputs; `native=False` runs the numba kernels instead of the C ones."""
    m, k = a.shape
    n = b.shape[1]
    out = np.empty((m, n), dtype=np.float32)
    if m == 0 or n == 0:
        return out
    a, a_strides = burn_view(a)
    b, b_strides = burn_view(b)
    chosen = plan(m, n, k, a_strides, b_strides)
    if chosen.path == "zeros":
        out[:] = 0.0
        return out
    if threads is None:
        threads = os.cpu_count() or 1
    if m * n * k < THREADED_WORK:
        threads = 1
    library = _library() if native is not False else None
    if library is None:
        from pbpit.engine import kernels

        kernels.gemm(
            chosen.path, a, a_strides, b, b_strides, out, chosen.kc, chosen.fused, chosen.lanes
        )
        return out
    args = (m, n, k, a.ctypes.data, *a_strides, b.ctypes.data, *b_strides, out.ctypes.data)
    if chosen.path == "blocked":
        library.pbpit_blocked(*args, chosen.kc, int(chosen.fused), threads)
    elif chosen.path == "horizontal":
        library.pbpit_horizontal(*args, 1)
    elif chosen.path == "gemv_col":
        library.pbpit_gemv_col(*args, int(chosen.fused))
    elif chosen.path == "gemv_row":
        library.pbpit_gemv_row(*args, int(chosen.fused), chosen.lanes)
    else:
        library.pbpit_gevv(*args)
    return out


# -- the C library: compiled once per source, compiler and CPU -------------------------------------

_loaded: ctypes.CDLL | None | bool = False
_lock = threading.Lock()


def _library() -> ctypes.CDLL | None:
    """The compiled kernels, built on first use; None when no C compiler can build them."""
    global _loaded
    if _loaded is False:
        with _lock:
            if _loaded is False:
                _loaded = _build()
    return _loaded or None


def _machine() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as file:
            for line in file:
                if line.startswith(("flags", "Features")):
                    return line
    except OSError:
        pass
    return os.uname().machine


def _build() -> ctypes.CDLL | None:
    if os.environ.get("PBPIT_NATIVE_GEMM", "1") == "0":
        return None
    compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if not compiler:
        return None
    try:
        version = subprocess.run(
            [compiler, "--version"], capture_output=True, text=True, check=True, timeout=30
        ).stdout
        source = SOURCE.read_bytes()
    except (OSError, subprocess.SubprocessError):
        return None
    key = hashlib.sha256(source + repr((FLAGS, version, _machine())).encode()).hexdigest()[:20]
    directory = _cache_dir()
    if directory is None:
        return None
    path = directory / f"gemm-{key}.so"
    digest = directory / f"gemm-{key}.sha256"
    library = _load(path, digest)
    if library is not None:
        return library
    with tempfile.TemporaryDirectory(dir=directory) as scratch:
        built = Path(scratch) / "gemm.so"
        try:
            subprocess.run(
                [compiler, *FLAGS, "-o", str(built), str(SOURCE), "-lm", "-pthread"],
                capture_output=True,
                check=True,
                timeout=300,
            )
            digest.write_text(hashlib.sha256(built.read_bytes()).hexdigest())
            os.replace(built, path)
        except (OSError, subprocess.SubprocessError):
            return None
    return _load(path, digest)


def _cache_dir() -> Path | None:
    from pbpit.engine import kernel_cache

    where = kernel_cache.choose_cache_dir(os.environ, Path(__file__).parent)
    return where[0] if where else None


def _load(path: Path, digest: Path) -> ctypes.CDLL | None:
    """The library at `path` if its contents match the digest written when it was built."""
    try:
        if hashlib.sha256(path.read_bytes()).hexdigest() != digest.read_text().strip():
            return None
        library = ctypes.CDLL(str(path))
    except OSError:
        return None
    i64, ptr, i32 = ctypes.c_int64, ctypes.c_void_p, ctypes.c_int
    common = [i64, i64, i64, ptr, i64, i64, ptr, i64, i64, ptr]
    library.pbpit_blocked.argtypes = [*common, i64, i32, i32]
    library.pbpit_horizontal.argtypes = [*common, i32]
    library.pbpit_gemv_col.argtypes = [*common, i32]
    library.pbpit_gemv_row.argtypes = [*common, i32, i32]
    library.pbpit_gevv.argtypes = common
    for name in (
        "pbpit_blocked",
        "pbpit_horizontal",
        "pbpit_gemv_col",
        "pbpit_gemv_row",
        "pbpit_gevv",
    ):
        getattr(library, name).restype = None
    return library
