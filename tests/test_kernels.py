"""Float32 math equals Rust's: libm functions, Flex's sum order, edge values, and the same bits
whichever way in (ctypes for small arrays, numba kernels for large ones, any thread count)."""

from __future__ import annotations

import ctypes
import ctypes.util

import numba
import numpy as np
import pytest

import pbpit as pb
from pbpit.engine import f32, kernels
from pbpit.engine.target import Target, using

F32 = np.float32
LIBM = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")


@pytest.fixture(autouse=True)
def on_avx2():
    """The references below are Flex's AVX2 order (other CPUs: tests/test_bits.py)."""
    with using(Target("avx2", 2, "debug")):
        yield


def flex_sum_reference(values: np.ndarray) -> np.float32:
    """Flex's AVX2 sum, one scalar at a time: 8 accumulators of 8 lanes over 64-blocks."""
    x = [F32(v) for v in values]
    n = len(x)
    acc = [[F32(0.0)] * 8 for _ in range(8)]
    i = 0
    while i + 64 <= n:
        for j in range(8):
            for lane in range(8):
                acc[j][lane] = F32(acc[j][lane] + x[i + 8 * j + lane])
        i += 64
    v = []
    for lane in range(8):
        a = [acc[j][lane] for j in range(8)]
        v.append(
            F32(F32(F32(a[0] + a[1]) + F32(a[2] + a[3])) + F32(F32(a[4] + a[5]) + F32(a[6] + a[7])))
        )
    while i + 8 <= n:
        v = [F32(v[lane] + x[i + lane]) for lane in range(8)]
        i += 8
    total = v[0]
    for lane in v[1:]:
        total = F32(total + lane)
    tail = F32(-0.0)
    for value in x[i:]:
        tail = F32(tail + value)
    return F32(total + tail)


def bits(values) -> np.ndarray:
    return np.asarray(values, dtype=F32).view(np.uint32)


def random_values(n: int, seed: int, scale: float = 10.0) -> np.ndarray:
    return (np.random.default_rng(seed).standard_normal(n) * scale).astype(F32)


@pytest.mark.parametrize("n", [0, 1, 2, 7, 8, 9, 63, 64, 65, 71, 72, 127, 128, 200, 1000, 4099])
def test_sum_follows_flex_order(n):
    values = random_values(n, n, 1000.0)
    assert bits(f32.sum_all(values)) == bits(flex_sum_reference(values))


def test_compiled_sum_has_the_same_order():
    values = random_values(10_000, 3, 1000.0)
    compiled = kernels.sum_rows(values.reshape(1, -1))[0]
    assert bits(compiled) == bits(flex_sum_reference(values))


def test_sum_order_is_not_plain_sequential():
    values = np.array([1e8] + [1.0] * 63 + [-1e8], dtype=F32)
    sequential = F32(-0.0)
    for value in values:
        sequential = F32(sequential + value)
    assert f32.sum_all(values) == flex_sum_reference(values)
    assert f32.sum_all(values) != sequential


def test_sum_of_negative_zeros_is_positive_zero():
    # The lane accumulators start at +0.0, and +0.0 + -0.0 is +0.0.
    assert not np.signbit(f32.sum_all(np.array([-0.0, -0.0], dtype=F32)))


def test_sum_dim_along_the_last_axis_sums_rows_in_flex_order():
    values = random_values(3 * 100, 8, 100.0).reshape(3, 100)
    rows = f32.sum_dim(values, 1).reshape(-1)
    assert bits(rows).tolist() == [int(bits(flex_sum_reference(row))) for row in values]


def test_sum_dim_along_another_axis_adds_in_order_from_positive_zero():
    values = random_values(100 * 3, 9, 100.0).reshape(100, 3)
    expected = []
    for column in values.T:
        total = F32(0.0)
        for value in column:
            total = F32(total + value)
        expected.append(total)
    assert bits(f32.sum_dim(values, 0).reshape(-1)).tolist() == bits(expected).tolist()


@pytest.mark.parametrize(("name", "c_name"), [("exp", "expf"), ("log", "logf"), ("tanh", "tanhf")])
def test_transcendentals_equal_the_c_library_on_both_paths(name, c_name):
    function = getattr(LIBM, c_name)
    function.restype = ctypes.c_float
    function.argtypes = [ctypes.c_float]
    values = np.abs(random_values(5000, 11, 5.0)) + F32(0.01)
    expected = np.array([function(float(v)) for v in values], dtype=F32)
    small = np.concatenate([getattr(f32, name)(part) for part in np.split(values, 50)])
    large = getattr(f32, name)(values)
    assert len(values) > f32.SMALL >= 100
    assert (bits(small) == bits(expected)).all()
    assert (bits(large) == bits(expected)).all()


def test_powf_equals_the_c_library_on_both_paths():
    values = np.abs(random_values(5000, 12, 3.0)) + F32(0.01)
    expected = np.array([LIBM_POWF(float(v), 1.5) for v in values], dtype=F32)
    small = np.concatenate([f32.powf(part, F32(1.5)) for part in np.split(values, 50)])
    assert (bits(small) == bits(expected)).all()
    assert (bits(f32.powf(values, F32(1.5))) == bits(expected)).all()


LIBM_POWF = LIBM.powf
LIBM_POWF.restype = ctypes.c_float
LIBM_POWF.argtypes = [ctypes.c_float, ctypes.c_float]


def test_exp_uses_libm_expf_not_numpy():
    one = np.array([1.0], dtype=F32)
    assert bits(f32.exp(one))[0] == 0x402DF854  # 2.7182817
    assert bits(np.exp(one))[0] != 0x402DF854  # NumPy's own float32 exp: 2.718282


def test_kernels_give_the_same_bits_on_one_thread_and_on_two():
    if numba.config.NUMBA_NUM_THREADS < 2:
        pytest.skip("one core: there is no second thread to compare with")
    values = random_values(200_000, 13)
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = (f32.exp(values), kernels.sum_rows(values.reshape(1, -1)))
        numba.set_num_threads(2)
        two = (f32.exp(values), kernels.sum_rows(values.reshape(1, -1)))
    finally:
        numba.set_num_threads(before)
    assert one[0] is not two[0]
    assert (bits(one[0]) == bits(two[0])).all()
    assert bits(one[1]) == bits(two[1])


def test_relu_sends_nan_and_negative_zero_to_positive_zero():
    # at opt-level 3; a debug build keeps -0.0 (tests/test_bits.py)
    with using(Target("avx2", 2, "release")):
        out = f32.relu(np.array([np.nan, -0.0, -1.0, 2.0], dtype=F32))
    assert out.tolist() == [0.0, 0.0, 0.0, 2.0]
    assert not np.signbit(out[1])


def test_sigmoid_is_finite_for_large_magnitudes():
    out = f32.sigmoid(np.array([-100.0, 100.0, 0.0], dtype=F32))
    assert out.tolist() == [float(F32(LIBM_EXPF(-100.0))), 1.0, 0.5]


LIBM_EXPF = LIBM.expf
LIBM_EXPF.restype = ctypes.c_float
LIBM_EXPF.argtypes = [ctypes.c_float]


def test_matmul_accumulates_fused_multiply_adds_in_k_order():
    a = random_values(4 * 6, 14).reshape(4, 6)
    b = random_values(6 * 5, 15).reshape(6, 5)
    expected = np.empty((4, 5), dtype=F32)
    for i in range(4):
        for j in range(5):
            acc = F32(0.0)
            for p in range(6):
                # exact product and sum in float64, one rounding to float32: an f32 fma
                acc = F32(float(acc) + float(a[i, p]) * float(b[p, j]))
            expected[i, j] = acc
    assert (bits(f32.matmul(a, b)) == bits(expected)).all()


def test_arithmetic_stays_float32():
    out = f32.add_scalar(np.array([1.0], dtype=F32), F32(0.1))
    assert out.dtype == F32
    assert out[0] == F32(1.0) + F32(0.1)


def test_mean_divides_the_flex_sum_by_n():
    device = pb.Device.flex().autodiff()
    values = random_values(100, 5)
    mean = pb.Tensor.from_floats(values, device).mean().into_scalar()
    assert F32(mean) == F32(flex_sum_reference(values) / F32(100))


def test_a_pooled_buffer_is_reused_only_once_nothing_holds_it():
    def address(array):
        return array.__array_interface__["data"][0]

    shape = (f32.POOL_MIN,)
    first = f32.new_array(shape)
    held = f32.new_array(shape)
    assert not np.shares_memory(first, held)
    first_address = address(first)
    del first
    again = f32.new_array(shape)
    assert address(again) == first_address  # the freed buffer came back
    assert not np.shares_memory(again, held)  # the held one did not
    view = again[10:20]
    del again
    fresh = f32.new_array(shape)
    assert not np.shares_memory(fresh, view)  # a live view keeps its buffer out of the pool
    assert not np.shares_memory(fresh, held)
