"""Rust's numbers, exactly: f32 literals read from their digits, f32 arithmetic rounded after
every operation, integer arithmetic that panics on overflow as a debug build does, `as` casts,
and the float methods through the C library, as Rust calls it.

Values are Python ints and floats; an f32 is a float holding an f32 value exactly. Rounding an
f64 result of `+ - * /` or `sqrt` to f32 gives the f32 operation's result (53 >= 2 * 24 + 2).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import math
import struct
from collections.abc import Callable
from fractions import Fraction

from pbpit.engine import libm
from pbpit.rust.interp.types import INT_RANGES

_F32 = struct.Struct("<f")
F32_MAX = 3.4028234663852886e38


class ArithmeticPanic(Exception):  # noqa: N818 - becomes the program's panic, located by the caller
    """What a debug build panics with: `attempt to add with overflow`..."""


def f32(x: float) -> float:
    """`x as f32`: the nearest f32 (ties to even); beyond the range, an infinity."""
    try:
        return _F32.unpack(_F32.pack(x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def fraction_to_f32(q: Fraction) -> float:
    """The f32 nearest to `q` (ties to even): how rustc reads an f32 literal, from its decimal
    digits directly (reading it as an f64 first could round twice)."""
    if q == 0:
        return 0.0
    negative = q < 0
    n, d = abs(q.numerator), q.denominator
    e = n.bit_length() - d.bit_length() - 24
    while True:  # 2**23 <= q / 2**e < 2**24, or the subnormal exponent
        num, den = (n, d << e) if e >= 0 else (n << -e, d)
        if num >= den << 24:
            e += 1
        elif num < den << 23 and e > -149:
            e -= 1
        else:
            break
    if e < -149:
        e = -149
        num, den = n << 149, d
    m, r = divmod(num, den)
    if 2 * r > den or (2 * r == den and m & 1):
        m += 1
    value = math.inf if m * 2.0**e > F32_MAX else math.ldexp(m, e)
    return -value if negative else value


def int_to_f32(value: int) -> float:
    """`value as f32` for an integer (one rounding, as Rust)."""
    if -(2**53) <= value <= 2**53:
        return f32(float(value))
    return fraction_to_f32(Fraction(value))


def literal(text: str, type_name: str) -> float:
    """A float literal's value as `f32` or `f64` (`text` without `_` or suffix), for any number
    of digits and any exponent (`1e99999999` is an infinity, at once)."""
    if type_name != "f32":
        return float(text)
    mantissa, _, exponent = text.lower().partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = (whole + fraction).lstrip("0")
    if not digits:
        return 0.0
    exponent = exponent.lstrip("+")
    shift = exponent.lstrip("-").lstrip("0")
    if len(shift) > 6:  # beyond any f32 either way
        return 0.0 if exponent.startswith("-") else math.inf
    exp10 = int(exponent or "0") - len(fraction)
    magnitude = len(digits) + exp10  # 10**(magnitude - 1) <= value < 10**magnitude
    if magnitude > 40:
        return math.inf
    if magnitude < -46:  # below half the smallest subnormal
        return 0.0
    if len(digits) > _F32_DIGITS:
        # Digits past the first 120 only break ties: one sticky digit keeps the rounding exact.
        sticky = "1" if digits[_F32_DIGITS:].strip("0") else ""
        exp10 += len(digits) - _F32_DIGITS - len(sticky)
        digits = digits[:_F32_DIGITS] + sticky
    return fraction_to_f32(Fraction(int(digits)) * Fraction(10) ** exp10)


# An f32 halfway between two neighbours has at most 112 significant decimal digits.
_F32_DIGITS = 120


_MATH_CONSTS = {
    "PI": math.pi,
    "E": math.e,
    "TAU": math.tau,
    "LN_2": math.log(2),
    "LN_10": math.log(10),
    "SQRT_2": math.sqrt(2),
    "FRAC_PI_2": math.pi / 2,
}


def float_const(type_name: str, const: str, in_consts: bool = False) -> float | None:
    """`f32::MAX`, `f64::EPSILON` (associated constants), or with `in_consts` the
    `std::f32::consts` module's `PI`, `E`... (None: not one Rust has, or pbpit knows)."""
    single = type_name == "f32"
    if in_consts:
        value = _MATH_CONSTS.get(const)
        return None if value is None else f32(value) if single else value
    table = {
        "MAX": F32_MAX if single else 1.7976931348623157e308,
        "MIN": -F32_MAX if single else -1.7976931348623157e308,
        "EPSILON": 2.0**-23 if single else 2.0**-52,
        "MIN_POSITIVE": 2.0**-126 if single else 2.0**-1022,
        "INFINITY": math.inf,
        "NEG_INFINITY": -math.inf,
        "NAN": math.nan,
    }
    return table.get(const)


# -- floats ---------------------------------------------------------------------------------------


def fdiv(a: float, b: float) -> float:
    """IEEE division: x / 0 is an infinity (or NaN), never an error."""
    try:
        return a / b
    except ZeroDivisionError:
        if a != a or a == 0:
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)


def frem(a: float, b: float) -> float:
    """Rust's `%` on floats: C's fmod (exact); NaN where fmod has no value."""
    try:
        return math.fmod(a, b)
    except ValueError:
        return math.nan


def fmax(a: float, b: float) -> float:
    """`f32::max`: a NaN argument gives the other one."""
    if a != a:
        return b
    if b != b:
        return a
    return a if a >= b else b


def fmin(a: float, b: float) -> float:
    if a != a:
        return b
    if b != b:
        return a
    return a if a <= b else b


def _double(name: str, arity: int) -> Callable[..., float]:
    lib = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
    function = getattr(lib, name)
    function.restype = ctypes.c_double
    function.argtypes = [ctypes.c_double] * arity
    return function


_exp, _log, _tanh = _double("exp", 1), _double("log", 1), _double("tanh", 1)
_pow = _double("pow", 2)


def _sqrt(x: float) -> float:
    return math.sqrt(x) if x >= 0 else (x if x == 0 else math.nan)


def powi(x: float, n: int, single: bool) -> float:
    """`x.powi(n)` as LLVM expands it: square and multiply, rounded each step; 1/r if n < 0."""
    round_ = f32 if single else float
    negative, n = n < 0, abs(n)
    result = 1.0
    while True:
        if n & 1:
            result = round_(result * x)
        n >>= 1
        if n == 0:
            break
        x = round_(x * x)
    return round_(fdiv(1.0, result)) if negative else result


FLOAT_METHODS: dict[str, tuple[int, Callable[..., float], Callable[..., float]]] = {
    # name: (arity, f32 version, f64 version)
    "abs": (0, abs, abs),
    "sqrt": (0, lambda x: f32(_sqrt(x)), _sqrt),
    "exp": (0, libm.expf, _exp),
    "ln": (0, libm.logf, _log),
    "tanh": (0, libm.tanhf, _tanh),
    "powf": (1, libm.powf, _pow),
    "max": (1, fmax, fmax),
    "min": (1, fmin, fmin),
}


# -- integers -------------------------------------------------------------------------------------


def checked(value: int, lo: int, hi: int, what: str) -> int:
    if value < lo or value > hi:
        raise ArithmeticPanic(f"attempt to {what} with overflow")
    return value


def int_div(a: int, b: int, lo: int, hi: int) -> int:
    if b == 0:
        raise ArithmeticPanic("attempt to divide by zero")
    q = abs(a) // abs(b)
    q = -q if (a < 0) != (b < 0) else q
    if q > hi:
        raise ArithmeticPanic("attempt to divide with overflow")
    return q


def int_rem(a: int, b: int, lo: int, hi: int) -> int:
    if b == 0:
        raise ArithmeticPanic("attempt to calculate the remainder with a divisor of zero")
    if lo < 0 and a == lo and b == -1:
        raise ArithmeticPanic("attempt to calculate the remainder with overflow")
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def int_pow(a: int, n: int, lo: int, hi: int) -> int:
    if abs(a) > 1 and n > 128:  # beyond every integer type: no need to compute it
        raise ArithmeticPanic("attempt to multiply with overflow")
    return checked(a**n, lo, hi, "multiply")


# -- `as` -----------------------------------------------------------------------------------------


def cast(value: object, source: str, target: str) -> object:
    """`value as target`, for a value of type `source` (a numeric type or bool)."""
    if source == target:
        return value
    if target in INT_RANGES:
        lo, hi = INT_RANGES[target]
        if source == "bool" or source in INT_RANGES:
            span = hi - lo + 1
            return (int(value) - lo) % span + lo  # type: ignore[call-overload]
        x = float(value)  # type: ignore[arg-type]
        if x != x:
            return 0
        if math.isinf(x):
            return hi if x > 0 else lo
        return min(max(math.trunc(x), lo), hi)
    if target == "f32":
        if source in INT_RANGES:
            return int_to_f32(value)  # type: ignore[arg-type]
        return f32(value)  # type: ignore[arg-type]
    if target == "f64":
        return float(value)  # type: ignore[arg-type]
    raise ValueError(f"no cast from {source} to {target}")
