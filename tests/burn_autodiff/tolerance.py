"""Burn's float comparisons of test data, for f32 tensors (burn-std `data/compare.rs`).

Burn's autodiff tests compare a result with `TensorData::assert_approx_eq::<f32>(&expected,
tolerance)` or, exactly, with `TensorData::assert_eq(&expected, false)`. Both are reproduced here:

- the expected literals are f64 in Burn's tests and are rounded to f32 before comparing (the
  comparison reads both sides as `FloatElem`, f32);
- `assert_eq`: same shape, and every pair equal as f32 (`-0.0 == 0.0`; a NaN never equals);
- `assert_approx_eq`: same shape; a pair passes if both are NaN, both infinite with one sign,
  equal, or `|x - y| < max(A, R * max(|x|, |y|))`, computed in f32, where R is the relative and
  A the absolute tolerance;
- `Tolerance.default()` is `balanced()`: R = 0.005, A = 1e-5; `permissive()`: R = A = 0.01;
  `strict()`: R = 0, A = 64 * f32::MIN_POSITIVE; `rel_abs(R, A)`, `relative(R)` (A = 0) and
  `absolute(A)` (R = 0) as Burn builds them (R at most 1, A at least 0);
- the `set_half_precision_*` and `set_double_precision_*` setters change nothing for f32 data,
  the `set_single_precision_*` ones do, as in Burn.

A failure lists the first five differing positions as Burn's message does.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np

F32 = np.float32
MAX_LISTED = 5


@dataclass(frozen=True)
class Tolerance:
    """Burn's `Tolerance<f32>`: a relative and an absolute tolerance, both f32."""

    relative: np.float32
    absolute: np.float32

    @staticmethod
    def default() -> Tolerance:
        return Tolerance.balanced()

    @staticmethod
    def strict() -> Tolerance:
        return Tolerance(F32(0.0), F32(64) * np.finfo(F32).tiny)

    @staticmethod
    def balanced() -> Tolerance:
        return Tolerance(F32(0.005), F32(1e-5))

    @staticmethod
    def permissive() -> Tolerance:
        return Tolerance(F32(0.01), F32(0.01))

    @staticmethod
    def rel_abs(relative: float, absolute: float) -> Tolerance:
        return Tolerance(_relative(relative), _absolute(absolute))

    @staticmethod
    def relative_only(tolerance: float) -> Tolerance:
        """Burn's `Tolerance::relative(r)` (renamed: `relative` is the field)."""
        return Tolerance(_relative(tolerance), F32(0.0))

    @staticmethod
    def absolute_only(tolerance: float) -> Tolerance:
        """Burn's `Tolerance::absolute(a)` (renamed: `absolute` is the field)."""
        return Tolerance(F32(0.0), _absolute(tolerance))

    def set_relative(self, tolerance: float) -> Tolerance:
        return replace(self, relative=_relative(tolerance))

    def set_absolute(self, tolerance: float) -> Tolerance:
        return replace(self, absolute=_absolute(tolerance))

    def set_single_precision_relative(self, tolerance: float) -> Tolerance:
        return self.set_relative(tolerance)

    def set_single_precision_absolute(self, tolerance: float) -> Tolerance:
        return self.set_absolute(tolerance)

    def set_half_precision_relative(self, tolerance: float) -> Tolerance:
        _relative(tolerance)  # Burn checks the value even where it does not apply it
        return self

    def set_half_precision_absolute(self, tolerance: float) -> Tolerance:
        _absolute(tolerance)
        return self

    def set_double_precision_relative(self, tolerance: float) -> Tolerance:
        _relative(tolerance)
        return self

    def set_double_precision_absolute(self, tolerance: float) -> Tolerance:
        _absolute(tolerance)
        return self

    def approx_eq(self, x: np.float32, y: np.float32) -> bool:
        """Burn's `approx_eq`: equal, or `|x - y| < max(A, R * max(|x|, |y|))` in f32."""
        if x == y:
            return True
        diff = abs(F32(x) - F32(y))
        largest = max(abs(F32(x)), abs(F32(y)))
        return bool(diff < max(self.absolute, F32(self.relative * largest)))


def _relative(tolerance: float) -> np.float32:
    value = F32(tolerance)
    if not value <= 1.0:
        raise ValueError(f"relative tolerance {tolerance} is above 1 (Burn asserts it is not)")
    return value


def _absolute(tolerance: float) -> np.float32:
    value = F32(tolerance)
    if not value >= 0.0:
        raise ValueError(f"absolute tolerance {tolerance} is negative (Burn asserts it is not)")
    return value


def _data(value: Any) -> np.ndarray:
    """A pbpit tensor's values, or Burn's expected literal, as an f32 array of its shape."""
    if hasattr(value, "to_vec") and hasattr(value, "dims"):
        return np.array(value.to_vec(), dtype=F32).reshape(value.dims())
    return np.array(value, dtype=np.float64).astype(F32)


def _shape_message(actual: np.ndarray, expected: np.ndarray) -> str:
    if actual.shape == expected.shape:
        return ""
    return f"\n  => Shape is different: {list(actual.shape)} != {list(expected.shape)}"


def assert_eq(actual: Any, expected: Any) -> None:
    """Burn's `actual.to_data().assert_eq(&TensorData::from(expected), false)`, for f32."""
    a, b = _data(actual), _data(expected)
    message = _shape_message(a, b)
    # Burn zips the two value lists: a shorter one ends the walk (the shape is reported).
    pairs = enumerate(zip(a.reshape(-1), b.reshape(-1), strict=False))
    differ = [(i, x, y) for i, (x, y) in pairs if not x == y]
    message += "".join(f"\n  => Position {i}: {x} != {y}" for i, x, y in differ[:MAX_LISTED])
    if len(differ) >= MAX_LISTED:
        message += f"\n{len(differ) - MAX_LISTED} more errors..."
    if message:
        raise AssertionError(f"Tensors are not eq:{message}")


def assert_approx_eq(actual: Any, expected: Any, tolerance: Tolerance) -> None:
    """Burn's `actual.to_data().assert_approx_eq::<f32>(&expected, tolerance)`."""
    a, b = _data(actual), _data(expected)
    message = _shape_message(a, b)
    differ = []
    for i, (x, y) in enumerate(zip(a.reshape(-1), b.reshape(-1), strict=False)):
        both_nan = np.isnan(x) and np.isnan(y)
        both_inf = np.isinf(x) and np.isinf(y) and (x > 0) == (y > 0)
        if both_nan or both_inf or tolerance.approx_eq(x, y):
            continue
        differ.append((i, x, y))
    for i, x, y in differ[:MAX_LISTED]:
        diff = abs(np.float64(x) - np.float64(y))
        with np.errstate(all="ignore"):  # a NaN or a zero beside a difference: no error
            rel = diff / max(abs(np.float64(x)), abs(np.float64(y)))
        message += (
            f"\n  => Position {i}: {x} != {y}\n     diff (rel = {rel:+.2e}, abs = {diff:+.2e}),"
            f" tol (rel = {float(tolerance.relative):+.2e}, abs = {float(tolerance.absolute):+.2e})"
        )
    if len(differ) >= MAX_LISTED:
        message += f"\n{len(differ) - MAX_LISTED} more errors..."
    if message:
        raise AssertionError(f"Tensors are not approx eq:{message}")
