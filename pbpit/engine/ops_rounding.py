"""The rounding ops of `pbpit.engine.ops` (sign, round, floor, ceil): Flex's forward, and
burn-autodiff's backward, which lets no gradient through (`float_sign`: `grad * 0`, so a NaN or
infinite gradient stays NaN and a negative one gives -0.0; `float_round`, `float_floor`,
`float_ceil`: zeros). That module re-exports them: import them from it."""

from __future__ import annotations

import numpy as np

from pbpit.engine import f32 as f
from pbpit.engine.ops import Op

_F1 = np.float32(1.0)
_HALF = np.float32(0.5)


def _away(x: np.ndarray) -> np.ndarray:
    """Rust's `f32::round` (ties away from zero); `x - trunc(x)` is exact in f32."""
    whole = np.trunc(x)
    with np.errstate(invalid="ignore"):
        away = np.abs(np.subtract(x, whole)) >= _HALF
    return np.where(away, np.add(whole, np.copysign(_F1, x)), whole).astype(np.float32)


def round_ties_even(x: np.ndarray) -> np.ndarray:
    """burn-flex's `round_ties_even` as written: `r = x.round()`; where `|x - r| == 0.5` and
    `r` is odd, `r - x.signum()` (so -0.5 gives +0.0, where IEEE's rint gives -0.0)."""
    r = _away(x)
    with np.errstate(invalid="ignore"):
        tie = np.abs(np.subtract(x, r)) == _HALF
    odd = np.zeros(x.shape, dtype=bool)
    odd[tie] = np.remainder(r[tie].astype(np.int64), 2) != 0
    return np.where(odd, np.subtract(r, np.copysign(_F1, x)), r).astype(np.float32)


def sign(x: np.ndarray) -> np.ndarray:
    """burn-flex's `float_sign`: NaN as it is, ±0.0 to +0.0, else `copysignf(1, x)`."""
    ones = np.copysign(_F1, x).astype(np.float32)
    return np.where(np.isnan(x), x, np.where(x == 0, np.float32(0.0), ones)).astype(np.float32)


class Sign(Op):
    name = "sign"
    __slots__ = ()

    def forward(self, x):
        return sign(x)

    def backward(self, grad):
        return (f.mul_scalar(grad, np.float32(0.0)),)


class _NoGradient(Op):
    __slots__ = ("shape",)

    def backward(self, grad):
        return (np.zeros(self.shape, dtype=np.float32),)


class Round(_NoGradient):
    name = "round"
    __slots__ = ()

    def forward(self, x):
        self.shape = x.shape
        return round_ties_even(x)


class Floor(_NoGradient):
    name = "floor"
    __slots__ = ()

    def forward(self, x):
        self.shape = x.shape
        return np.floor(x)


class Ceil(_NoGradient):
    name = "ceil"
    __slots__ = ()

    def forward(self, x):
        self.shape = x.shape
        return np.ceil(x)
