"""Kernel results equal Rust's f32 results: libm functions, Flex's sum order, edge values."""

from __future__ import annotations

import numpy as np
import pytest

import pbpit as pb
from pbpit.engine import kernels

F32 = np.float32


def flex_sum_reference(values: np.ndarray) -> np.float32:
    """Flex's AVX2 sum, written with lane vectors: 8 accumulators of 8 lanes over 64-blocks."""
    x = values.astype(F32)
    n = len(x)
    full = n // 64 * 64
    accumulators = np.zeros((8, 8), dtype=F32)
    for start in range(0, full, 64):
        accumulators = (accumulators + x[start : start + 64].reshape(8, 8)).astype(F32)
    s = accumulators
    v = (((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]))).astype(F32)
    i = full
    while i + 8 <= n:
        v = (v + x[i : i + 8]).astype(F32)
        i += 8
    total = v[0]
    for lane in v[1:]:
        total = F32(total + lane)
    tail = F32(-0.0)
    for value in x[i:]:
        tail = F32(tail + value)
    return F32(total + tail)


@pytest.mark.parametrize("n", [0, 1, 2, 7, 8, 9, 63, 64, 65, 71, 72, 127, 128, 200, 1000, 4099])
def test_sum_follows_flex_order(n):
    values = np.random.default_rng(n).standard_normal(n).astype(F32) * F32(1000.0)
    got = kernels.sum_all(values)
    assert np.float32(got).view(np.uint32) == flex_sum_reference(values).view(np.uint32)


def test_sum_order_is_not_plain_sequential():
    # Chosen so that sequential and Flex's blocked order round differently.
    values = np.array([1e8] + [1.0] * 63 + [-1e8], dtype=F32)
    sequential = F32(-0.0)
    for value in values:
        sequential = F32(sequential + value)
    assert kernels.sum_all(values) == flex_sum_reference(values)
    assert kernels.sum_all(values) != sequential


def test_sum_of_negative_zeros_is_positive_zero():
    # The lane accumulators start at +0.0, and +0.0 + -0.0 is +0.0.
    assert not np.signbit(kernels.sum_all(np.array([-0.0, -0.0], dtype=F32)))


def test_exp_uses_libm_expf_not_numpy():
    one = np.array([1.0], dtype=F32)
    assert kernels.exp(one)[0].view(np.uint32) == 0x402DF854  # 2.7182817
    assert np.exp(one)[0].view(np.uint32) != 0x402DF854  # NumPy's own float32 exp: 2.718282


def test_relu_sends_nan_and_negative_zero_to_positive_zero():
    out = kernels.relu(np.array([np.nan, -0.0, -1.0, 2.0], dtype=F32))
    assert out.tolist() == [0.0, 0.0, 0.0, 2.0]
    assert not np.signbit(out[1])


def test_sigmoid_is_finite_for_large_magnitudes():
    out = kernels.sigmoid(np.array([-100.0, 100.0, 0.0], dtype=F32))
    assert out.tolist() == [float(F32(np.exp(F32(-100.0)))), 1.0, 0.5]


def test_kernels_stay_float32():
    out = kernels.add_scalar(np.array([1.0], dtype=F32), F32(0.1))
    assert out.dtype == F32
    assert out[0] == F32(1.0) + F32(0.1)


def test_mean_divides_the_flex_sum_by_n():
    device = pb.Device.flex().autodiff()
    values = np.random.default_rng(5).standard_normal(100).astype(F32)
    mean = pb.Tensor.from_floats(values, device).mean().into_scalar()
    assert F32(mean) == F32(flex_sum_reference(values) / F32(100))
