"""`{:.Ne}` (`LowerExp`/`UpperExp` with a precision) of a float or an integer, as core::fmt
writes it: the exact value (an f32's or f64's binary value, an integer's digits) rounded to
`N + 1` significant digits, ties to even on the exact expansion (`{:.0e}` of 2.5 is `2e0`, of
3.5 `4e0`; `{:.1e}` of 125 is `1.2e2`), then `d.ddde<k>`. Without a precision `{:e}` takes the
shortest digits (`pbpit.rust.format.exp_text`)."""

from __future__ import annotations

import math
from fractions import Fraction


def exp_exact(value: float | int, precision: int) -> str:
    """`format!("{:.precision$e}", value)`: `value` a float holding an f32's or f64's value
    (both are exact in a Python float), or an int."""
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        sign = "-" if math.copysign(1.0, value) < 0 else ""
    else:
        sign = "-" if value < 0 else ""
    exact = abs(Fraction(value))
    if exact == 0:
        return sign + _mantissa("0" * (precision + 1)) + "e0"
    k = len(str(exact.numerator)) - len(str(exact.denominator))
    while exact >= Fraction(10) ** (k + 1):
        k += 1
    while exact < Fraction(10) ** k:
        k -= 1
    scaled = exact * Fraction(10) ** (precision - k)
    digits, rest = divmod(scaled.numerator, scaled.denominator)
    twice = 2 * rest
    if twice > scaled.denominator or (twice == scaled.denominator and digits & 1):
        digits += 1
    if digits == 10 ** (precision + 1):  # 9.99.. rounded up to the next power of ten
        digits //= 10
        k += 1
    return f"{sign}{_mantissa(str(digits))}e{k}"


def _mantissa(digits: str) -> str:
    return digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
