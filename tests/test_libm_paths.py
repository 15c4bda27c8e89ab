"""The C library's float32 functions give the same bits on every path `pbpit.engine.f32` takes:
the compiled entry small arrays call once numba is loaded (no dispatcher), numba's dispatcher,
the parallel kernel and ctypes, compared with the C library called one value at a time, on
every kind of float32 (subnormals, NaNs with payloads, infinities, -0.0, random bit patterns)
and on every layout a tensor's array can have. Flex's sum likewise: its compiled entry, the
dispatcher and the NumPy form, for every CPU's order."""

from __future__ import annotations

import ctypes
import ctypes.util

import numpy as np
import pytest

from pbpit.engine import f32, kernels

F32 = np.float32
LIBM = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")


def _c(name: str, arity: int):
    function = getattr(LIBM, name)
    function.restype = ctypes.c_float
    function.argtypes = [ctypes.c_float] * arity
    return function


C = {"exp": _c("expf", 1), "log": _c("logf", 1), "tanh": _c("tanhf", 1), "pow": _c("powf", 2)}
EXPONENTS = [0.5, -0.5, 3.0, 1.0 / 3.0, -1.5, 1e-3, 7.0, -3.0, 2.5]

SPECIAL_BITS = [
    0x00000000,  # +0.0
    0x80000000,  # -0.0
    0x00000001,  # the smallest subnormal
    0x80000001,
    0x007FFFFF,  # the largest subnormal
    0x807FFFFF,
    0x00400000,
    0x00800000,  # the smallest normal
    0x80800000,
    0x7F7FFFFF,  # the largest finite
    0xFF7FFFFF,
    0x7F800000,  # inf
    0xFF800000,  # -inf
    0x7FC00000,  # NaN
    0xFFC00000,  # -NaN
    0x7FC12345,  # NaNs with payloads
    0xFFD00001,
    0x7FFFFFFF,
    0x3F800000,  # 1.0
    0xBF800000,  # -1.0
    0x3F800001,  # just above 1 (log's smallest results)
    0x3F7FFFFF,  # just below 1
    0x42B17217,  # near exp's overflow (88.72)
    0x42B17218,
    0x42B17219,
    0xC2CFF1B4,  # near exp's underflow to 0 (-103.97)
    0xC2CFF1B5,
    0xC2AEAC4F,  # where exp's results turn subnormal (-87.34)
    0xC2AEAC50,
    0x41100000,  # 9.0, where tanh saturates
    0x41300000,
    0x39000000,  # exp's tiny range
    0x39000001,
    0x3EB17218,
]


def _values(count: int, seed: int) -> np.ndarray:
    """The special values, then random bit patterns (every kind of float32), then random
    normal values of a few magnitudes."""
    rng = np.random.default_rng(seed)
    patterns = rng.integers(0, 1 << 32, count, dtype=np.uint64).astype(np.uint32)
    normal = (rng.standard_normal(count) * rng.choice([1e-3, 1.0, 10.0, 100.0], count)).astype(F32)
    words = np.concatenate([np.array(SPECIAL_BITS, dtype=np.uint32), patterns])
    return np.concatenate([words.view(F32), normal])


def _reference(name: str, values: np.ndarray, *scalars: float) -> np.ndarray:
    function = C[name]
    flat = [function(v, *scalars) for v in values.reshape(-1).tolist()]
    return np.array(flat, dtype=F32).reshape(values.shape)


def _bits(values: np.ndarray) -> list[int]:
    return np.ascontiguousarray(values, dtype=F32).view(np.uint32).reshape(-1).tolist()


def _call(name: str, values: np.ndarray, p: float | None) -> np.ndarray:
    if name == "pow":
        return f32._libm("pow", values, F32(p))
    return f32._libm(name, values)


CASES = [(name, None) for name in ("exp", "log", "tanh")] + [("pow", p) for p in EXPONENTS]


@pytest.fixture
def entries():
    """The entries recorded afresh through the dispatcher (numba is loaded by this module)."""
    saved = dict(f32._entries)
    f32._entries.clear()
    one = np.ones(3, dtype=F32)
    for name in ("exp", "log", "tanh"):
        f32._libm_dispatched(name, one, ())
    f32._libm_dispatched("pow", one, (F32(0.5),))
    assert set(f32._entries) == {"exp", "log", "tanh", "pow"}
    yield f32._entries
    f32._entries.clear()
    f32._entries.update(saved)


@pytest.mark.parametrize(("name", "p"), CASES)
def test_the_compiled_entry_gives_the_c_librarys_bits(entries, name, p):
    values = _values(4000, hash((name, p)) & 0xFFFF)
    scalars = () if p is None else (float(F32(p)),)
    expected = _bits(_reference(name, values, *scalars))
    calls = []
    entry = entries[name]
    entries[name] = lambda *args: calls.append(1) or entry(*args)
    # Small pieces, as a chain of small tensors meets them: every size from 1 to 64 elements.
    pieces, start, size = [], 0, 1
    while start < values.size:
        pieces.append(_call(name, values[start : start + size], p))
        start += size
        size = size % 64 + 1
    assert len(calls) == len(pieces)
    assert _bits(np.concatenate(pieces)) == expected
    # The whole array at once (below PARALLEL: still the entry).
    assert _bits(_call(name, values, p)) == expected


@pytest.mark.parametrize(("name", "p"), CASES)
def test_the_entry_the_dispatcher_and_the_parallel_kernel_agree(entries, name, p):
    values = _values(f32.PARALLEL // 2, 7)
    values = np.concatenate([values, values])[: f32.PARALLEL + 5]
    scalars = () if p is None else (F32(p),)
    dispatched = np.empty_like(values)
    getattr(kernels, f"{name}_serial")(values, *scalars, dispatched)
    parallel = _call(name, values, p)  # PARALLEL elements or more: the parallel kernel
    small = _call(name, values[:5000], p)  # the entry
    assert _bits(parallel) == _bits(dispatched)
    assert _bits(small) == _bits(dispatched[:5000])
    assert _bits(small) == _bits(_reference(name, values[:5000], *map(float, scalars)))


LAYOUTS = {
    "2-D": lambda v: v[:60].reshape(6, 10),
    "3-D": lambda v: v[:60].reshape(3, 4, 5),
    "transposed": lambda v: v[:60].reshape(6, 10).T,
    "strided": lambda v: v[:120:2],
    "reversed": lambda v: v[59::-1],
    "column": lambda v: v[:60].reshape(6, 10)[:, 3],
    "broadcast": lambda v: np.broadcast_to(v[:10], (4, 10)),
    "read-only": lambda v: _read_only(v[:60]),
    "empty": lambda v: v[:0],
    "empty 2-D": lambda v: v[:0].reshape(0, 3),
    "one element": lambda v: v[:1],
    "0-d": lambda v: v[7],
}


def _read_only(values: np.ndarray) -> np.ndarray:
    copy = values.copy()
    copy.flags.writeable = False
    return copy


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize(("name", "p"), [("exp", None), ("tanh", None), ("pow", 1.5)])
def test_every_layout_gives_the_bits_and_shape_of_the_c_library(entries, layout, name, p):
    values = np.asarray(LAYOUTS[layout](_values(200, 3)))
    if values.ndim == 0:
        values = np.array(values, dtype=F32)  # a 0-d array, as NumPy makes from an element
    scalars = () if p is None else (float(F32(p)),)
    got = _call(name, values, p)
    expected = _reference(name, values, *scalars)
    assert got.shape == values.shape and got.dtype == F32
    assert _bits(got) == _bits(expected)
    # The result is a fresh array: writing it leaves the input alone.
    if got.size and got.flags.writeable:
        before = _bits(values)
        got.reshape(-1)[0] = F32(123.0)
        assert _bits(values) == before


def test_an_entry_is_kept_only_for_the_types_the_fast_path_hands_it():
    saved = dict(f32._entries)
    try:
        f32._entries.clear()
        values = np.ones(4, dtype=F32)
        read_only_out = np.empty(4, dtype=F32)
        read_only_out.flags.writeable = False
        f32._record_entry("tanh", kernels.tanh_serial, (values, read_only_out))
        wide = np.ones(4, dtype=np.float64)
        f32._record_entry("exp", kernels.exp_serial, (wide, np.empty(4, dtype=np.float64)))
        f32._record_entry("log", kernels.log_serial, (values.reshape(2, 2), values.reshape(2, 2)))
        f32._record_entry("pow", kernels.pow_serial, (values, 0.5, np.empty(4, dtype=F32)))
        assert f32._entries == {}
        out = np.empty(4, dtype=F32)
        kernels.tanh_serial(values, out)
        f32._record_entry("tanh", kernels.tanh_serial, (values, out))
        assert set(f32._entries) == {"tanh"}
    finally:
        f32._entries.clear()
        f32._entries.update(saved)


def test_arrays_of_other_types_go_through_the_dispatcher(entries):
    called = []
    entry = entries["exp"]
    entries["exp"] = lambda *args: called.append(1) or entry(*args)
    got = f32._libm("exp", np.array([0.5, 1.0], dtype=np.float64))
    assert called == [] and got.dtype == F32


# -- Flex's sum: the compiled entry, the dispatcher and the NumPy form --------------------------


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # overflow to inf in the NumPy form
@pytest.mark.parametrize("cpu", ["avx512", "avx2", "sse", "neon", "scalar"])
def test_the_sum_entry_gives_the_bits_of_the_dispatcher_and_the_numpy_form(monkeypatch, cpu):
    from pbpit.engine.target import Target, using

    rng = np.random.default_rng(len(cpu))
    specials = np.array(SPECIAL_BITS, dtype=np.uint32).view(F32)
    with using(Target(cpu, 1, "debug")):
        lanes, _ = f32.simd_layout()
        f32.sum_all(np.ones(8 * lanes + 1, dtype=F32))  # records the entry
        assert "sum" in f32._entries
        for n in [0, 1, 7, 8 * lanes, 8 * lanes + 1, 63, 64, 65, 100, 1000, 4099, 70_000]:
            for kind in ("normal", "bits", "specials"):
                if kind == "normal":
                    values = (rng.standard_normal(n) * 1000).astype(F32)
                elif kind == "bits":
                    words = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
                    values = words.view(F32)
                else:
                    values = (rng.standard_normal(n) * 1e-3).astype(F32)
                    values[rng.integers(0, max(n, 1), min(n, 5))] = rng.choice(specials, min(n, 5))
                fast = f32.sum_all(values)
                dispatched = kernels.sum_rows(values.reshape(1, -1))[0]
                with monkeypatch.context() as patch:
                    patch.setattr(f32, "_KERNELS", "pbpit.engine.not_loaded")  # the NumPy form
                    patch.setattr(f32, "_entries", {})
                    numpy_form = f32.sum_all(values)
                assert _bits(fast) == _bits(dispatched), (n, kind)
                nans = set(values[np.isnan(values)].view(np.uint32).tolist())
                if len(nans) > 1:
                    # Which of two different NaNs an addition passes on is not the same in
                    # NumPy's form and the compiled one (nor fixed by LLVM): NaN both ways.
                    assert np.isnan(fast) and np.isnan(numpy_form)
                else:
                    assert _bits(fast) == _bits(numpy_form), (n, kind)
                # Any shape sums its elements in C order.
                if n == 1000:
                    shaped = values.reshape(10, 100)
                    assert _bits(f32.sum_all(shaped)) == _bits(fast)
                    assert _bits(f32.sum_all(shaped.T.copy().T)) == _bits(fast)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # overflow to inf in the NumPy form
@pytest.mark.parametrize("n", [0, 1, 64, 65, 1000, 5000])
def test_a_sum_ops_array_holds_sum_alls_bits(n):
    words = np.random.default_rng(n).integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    for values in (words.view(F32), (np.arange(n) * 0.37).astype(F32).reshape(-1, 1)):
        got = f32.sum_array(values)
        assert got.shape == (1,) and got.dtype == F32
        assert _bits(got) == _bits(np.array([f32.sum_all(values)], dtype=F32))


@pytest.mark.parametrize("shape", [(3,), (2, 3), (), (0,), (4, 0, 2), (1, 1024)])
@pytest.mark.parametrize("word", [0x80000000, 0x7FC12345, 0x00000001, 0x3F800000])
def test_a_uniform_gradient_is_broadcast_tos_read_only_view(shape, word):
    value = np.array([word], dtype=np.uint32).view(F32)[0]
    got = f32.uniform(value, shape)
    expected = np.broadcast_to(np.array(value, dtype=F32), shape)
    assert got.shape == expected.shape and got.strides == expected.strides
    assert got.dtype == F32 and not got.flags.writeable
    assert _bits(got) == _bits(expected)
    assert _bits(f32.uniform(float(value), shape)) == _bits(expected)  # a Python float too


@pytest.mark.parametrize("shape", [(1,), (2, 3), (), (0,)])
def test_ones_are_ones_like(shape):
    got = f32.ones(shape)
    assert got.shape == shape and got.dtype == F32 and got.flags.writeable
    assert _bits(got) == _bits(np.ones_like(np.zeros(shape, dtype=F32)))
