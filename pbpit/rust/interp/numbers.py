"""Rust's numbers, exactly: f32 literals read from their digits, f32 arithmetic rounded after
every operation, integer arithmetic that panics on overflow as a debug build does, `as` casts,
and the float methods through the C library, as Rust calls it.

Values are Python ints and floats; an f32 is a float holding an f32 value exactly. Rounding an
f64 result of `+ - * /` or `sqrt` to f32 gives the f32 operation's result (53 >= 2 * 24 + 2).
"""

from __future__ import annotations

import ctypes
import math
import struct
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from pbpit.engine import libm
from pbpit.rust.interp import int_shifts
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


# `std::f64::consts`, each as rustc 1.95 prints it with `{:?}` (shortest round-trip, so the
# exact f64); the f32 module's is the nearest f32 (bits checked against rustc in the tests).
MATH_CONSTS = {
    "PI": 3.141592653589793,
    "TAU": 6.283185307179586,
    "E": 2.718281828459045,
    "FRAC_PI_2": 1.5707963267948966,
    "FRAC_PI_3": 1.0471975511965979,
    "FRAC_PI_4": 0.7853981633974483,
    "FRAC_PI_6": 0.5235987755982989,
    "FRAC_PI_8": 0.39269908169872414,
    "FRAC_1_PI": 0.3183098861837907,
    "FRAC_2_PI": 0.6366197723675814,
    "FRAC_2_SQRT_PI": 1.1283791670955126,
    "SQRT_2": 1.4142135623730951,
    "FRAC_1_SQRT_2": 0.7071067811865476,
    "LN_2": 0.6931471805599453,
    "LN_10": 2.302585092994046,
    "LOG2_E": 1.4426950408889634,
    "LOG10_E": 0.4342944819032518,
    "LOG2_10": 3.321928094887362,
    "LOG10_2": 0.3010299956639812,
}


def float_const(type_name: str, const: str, in_consts: bool = False) -> float | None:
    """`f32::MAX`, `f64::EPSILON` (associated constants), or with `in_consts` the
    `std::f32::consts` module's `PI`, `E`... (None: not one Rust has, or pbpit knows)."""
    single = type_name == "f32"
    if in_consts:
        value = MATH_CONSTS.get(const)
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


def counting_const(type_name: str, const: str) -> tuple[int, str] | None:
    """`u8::BITS`, `f64::MANTISSA_DIGITS`...: the associated constants that count bits or digits,
    with the type Rust gives them (`u32`, or `i32` for the exponents; None: not one of them)."""
    if type_name in INT_RANGES:
        lo, hi = INT_RANGES[type_name]
        return ((hi - lo).bit_length(), "u32") if const == "BITS" else None
    single = type_name == "f32"
    table = {
        "RADIX": (2, "u32"),
        "MANTISSA_DIGITS": (24 if single else 53, "u32"),
        "DIGITS": (6 if single else 15, "u32"),
        "MIN_EXP": (-125 if single else -1021, "i32"),
        "MAX_EXP": (128 if single else 1024, "i32"),
        "MIN_10_EXP": (-37 if single else -307, "i32"),
        "MAX_10_EXP": (38 if single else 308, "i32"),
    }
    return table.get(const) if type_name in ("f32", "f64") else None


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
    lib = ctypes.CDLL(libm.PATH)
    function = getattr(lib, name)
    function.restype = ctypes.c_double
    function.argtypes = [ctypes.c_double] * arity
    return function


_exp, _log, _tanh = _double("exp", 1), _double("log", 1), _double("tanh", 1)
_pow = _double("pow", 2)
_sin, _cos = _double("sin", 1), _double("cos", 1)


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


def _single(name: str, arity: int) -> Callable[..., float]:
    lib = ctypes.CDLL(libm.PATH)
    function = getattr(lib, name)
    function.restype = ctypes.c_float
    function.argtypes = [ctypes.c_float] * arity
    return function


def _libm_pair(name: str, arity: int = 1) -> tuple[int, Callable[..., float], Callable[..., float]]:
    """A method Rust runs through the C library: `sinf` for f32, `sin` for f64 (`arity`: the
    C function's, the receiver included)."""
    return (arity - 1, _single(name + "f", arity), _double(name, arity))


def _integral(op: Callable[[float], int]) -> Callable[[float], float]:
    """`floor`, `ceil`, `trunc`: exact, the sign of a zero result the argument's (`-0.5.ceil()`
    is `-0.0`), infinities and NaN themselves."""

    def run(x: float) -> float:
        if x != x or math.isinf(x):
            return x
        return math.copysign(float(op(x)), x)

    return run


def _round(x: float) -> float:
    """`round`: half away from zero (`x - floor(x)` is exact)."""
    if x != x or math.isinf(x):
        return x
    whole = math.floor(abs(x))
    return math.copysign(float(whole + (abs(x) - whole >= 0.5)), x)


def _signum(x: float) -> float:
    return x if x != x else math.copysign(1.0, x)


def _clamp(x: float, lo: float, hi: float) -> float:
    if not lo <= hi:  # NaN too: core's `assert!`
        raise ArithmeticPanic(f"min > max, or either was NaN. min = {lo}, max = {hi}")
    return lo if x < lo else hi if x > hi else x


def _fract(round_: Callable[[float], float]) -> Callable[[float], float]:
    return lambda x: round_(x - _integral(math.trunc)(x))


def _f32_step(x: float, up: bool) -> float:
    """The f32 next to a finite non-zero `x`, toward +inf (`up`) or -inf."""
    bits = struct.unpack("<I", _F32.pack(x))[0]
    return _F32.unpack(struct.pack("<I", bits + (1 if (x > 0) == up else -1)))[0]


def _cbrt(single: bool) -> Callable[[float], float]:
    """`cbrt`, correctly rounded as Rust's (its libm's, from CORE-MATH; the C library's may be
    one ulp off: glibc's `cbrt(-27.0)` is -3.0000000000000004, Rust's -3): the C library's
    value, moved to the neighbour whose rounding interval holds the exact root (checked on
    exact rationals: a midpoint's cube against `x`)."""
    approx = _libm_pair("cbrt")[1 if single else 2]

    def step(x: float, up: bool) -> float:
        return _f32_step(x, up) if single else math.nextafter(x, math.inf if up else -math.inf)

    def run(x: float) -> float:
        y = approx(x)
        if x != x or math.isinf(x) or x == 0 or y == 0:
            return y
        exact = Fraction(x)
        for _ in range(4):
            below, above = step(y, False), step(y, True)
            if ((Fraction(y) + Fraction(below)) / 2) ** 3 > exact:
                y = below
            elif ((Fraction(y) + Fraction(above)) / 2) ** 3 < exact:
                y = above
            else:
                break
        return y

    return run


# `to_degrees` multiplies by core's constant `PIS_IN_180` (57.29577951308232..., read as an
# f32 or f64 literal); `to_radians` by `PI / 180.0` computed in the type (core's f32 and f64).
_DEGREES_F32 = literal("57.2957795130823208767981548141051703", "f32")
_DEGREES_F64 = 57.2957795130823208767981548141051703
_RADIANS_F32 = f32(f32(MATH_CONSTS["PI"]) / 180.0)
_RADIANS_F64 = MATH_CONSTS["PI"] / 180.0

def _float_rem_euclid(round_: Callable[[float], float]) -> Callable[[float, float], float]:
    """std's `rem_euclid`: `self % rhs`, plus `|rhs|` when negative (rounded in the type)."""

    def run(x: float, rhs: float) -> float:
        r = frem(x, rhs)
        return round_(r + abs(rhs)) if r < 0.0 else r

    return run


def _float_div_euclid(round_: Callable[[float], float]) -> Callable[[float, float], float]:
    """std's `div_euclid`: `(self / rhs).trunc()`, one step down (or up for a negative `rhs`)
    when `self % rhs` is negative."""

    def run(x: float, rhs: float) -> float:
        q = _integral(math.trunc)(round_(fdiv(x, rhs)))
        if frem(x, rhs) < 0.0:
            return round_(q - 1.0) if rhs > 0.0 else round_(q + 1.0)
        return q

    return run


def _float_log(ln: Callable[[float], float], round_: Callable[[float], float]) -> Any:
    """std's `log(base)`: `self.ln() / base.ln()`."""
    return lambda x, base: round_(fdiv(ln(x), ln(base)))


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
    "clamp": (2, _clamp, _clamp),
    "floor": (0, _integral(math.floor), _integral(math.floor)),
    "ceil": (0, _integral(math.ceil), _integral(math.ceil)),
    "trunc": (0, _integral(math.trunc), _integral(math.trunc)),
    "round": (0, _round, _round),
    "fract": (0, _fract(f32), _fract(float)),
    "signum": (0, _signum, _signum),
    "recip": (0, lambda x: f32(fdiv(1.0, x)), lambda x: fdiv(1.0, x)),
    "copysign": (1, math.copysign, math.copysign),
    "mul_add": (2, _single("fmaf", 3), _double("fma", 3)),
    **{
        name: _libm_pair(name)
        for name in ("sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh")
    },
    "cbrt": (0, _cbrt(single=True), _cbrt(single=False)),
    **{name: _libm_pair(name) for name in ("log10", "log2", "exp2")},
    "ln_1p": _libm_pair("log1p"),
    "exp_m1": _libm_pair("expm1"),
    "log": (1, _float_log(libm.logf, f32), _float_log(_log, float)),
    "rem_euclid": (1, _float_rem_euclid(f32), _float_rem_euclid(float)),
    "div_euclid": (1, _float_div_euclid(f32), _float_div_euclid(float)),
    "to_degrees": (0, lambda x: f32(x * _DEGREES_F32), lambda x: x * _DEGREES_F64),
    "to_radians": (0, lambda x: f32(x * _RADIANS_F32), lambda x: x * _RADIANS_F64),
    "atan2": _libm_pair("atan2", 2),
    "hypot": _libm_pair("hypot", 2),
}
# Float methods with another result: name -> (result, f32 version, f64 version); "bits" is
# u32 for an f32, u64 for an f64.
def _negative(x: float) -> bool:
    return math.copysign(1.0, x) < 0


def _normal(x: float, smallest: float) -> bool:
    return math.isfinite(x) and abs(x) >= smallest


FLOAT_TESTS: dict[str, tuple[str, Callable[[float], object], Callable[[float], object]]] = {
    "is_nan": ("bool", math.isnan, math.isnan),
    "is_finite": ("bool", math.isfinite, math.isfinite),
    "is_infinite": ("bool", math.isinf, math.isinf),
    "is_sign_negative": ("bool", _negative, _negative),
    "is_sign_positive": ("bool", lambda x: not _negative(x), lambda x: not _negative(x)),
    # neither zero, infinite, NaN nor below the type's MIN_POSITIVE (2^-126, 2^-1022)
    "is_normal": ("bool", lambda x: _normal(x, 2.0**-126), lambda x: _normal(x, 2.0**-1022)),
    "is_subnormal": (
        "bool",
        lambda x: 0 < abs(x) < 2.0**-126,
        lambda x: 0 < abs(x) < 2.0**-1022,
    ),
    "sin_cos": (  # std: `(self.sin(), self.cos())`
        "self_pair",
        lambda x: (libm.sinf(x), libm.cosf(x)),
        lambda x: (_sin(x), _cos(x)),
    ),
    "to_bits": (
        "bits",
        lambda x: struct.unpack("<I", _F32.pack(x))[0],
        lambda x: struct.unpack("<Q", struct.pack("<d", x))[0],
    ),
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


def _bits(lo: int, hi: int) -> int:
    return (hi - lo).bit_length()


def _unsigned(a: int, lo: int, hi: int) -> int:
    """The bits of `a` as an unsigned number (two's complement)."""
    return a & (hi - lo)


def _rem_euclid(a: int, b: int, lo: int, hi: int) -> int:
    if b == 0:
        raise ArithmeticPanic("attempt to calculate the remainder with a divisor of zero")
    if a == lo < 0 and b == -1:
        raise ArithmeticPanic("attempt to calculate the remainder with overflow")
    return a % abs(b)


def _div_euclid(a: int, b: int, lo: int, hi: int) -> int:
    if b == 0:
        raise ArithmeticPanic("attempt to divide by zero")
    if a == lo < 0 and b == -1:
        raise ArithmeticPanic("attempt to divide with overflow")
    return (a - a % abs(b)) // b


def _within(value: int | None, lo: int, hi: int) -> int | None:
    return value if value is not None and lo <= value <= hi else None


def _quotient(a: int, b: int) -> int | None:
    if b == 0:
        return None
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


def _remainder(a: int, b: int) -> int | None:
    if b == 0:
        return None
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def _wrapping(value: int, lo: int, hi: int) -> int:
    return (value - lo) % (hi - lo + 1) + lo


def _saturating(value: int, lo: int, hi: int) -> int:
    return min(max(value, lo), hi)


def _overflowing(value: int, lo: int, hi: int) -> tuple[int, bool]:
    """`overflowing_add`..: the wrapped value, and whether it overflowed."""
    return (_wrapping(value, lo, hi), not lo <= value <= hi)


def _power_mod(a: int, n: int, lo: int, hi: int) -> int:
    """`a**n` modulo the type's span (exact: its low bits are those of the true power)."""
    return pow(a, n, hi - lo + 1)


def _saturating_pow(a: int, n: int, lo: int, hi: int) -> int:
    """`saturating_pow`: the bound on the power's side (a negative base to an odd power: MIN)."""
    exact = _within(a**n if abs(a) <= 1 or n <= 128 else None, lo, hi)
    if exact is not None:
        return exact
    return lo if a < 0 and n % 2 == 1 else hi


def _overflowing_pow(a: int, n: int, lo: int, hi: int) -> tuple[int, bool]:
    """`overflowing_pow`: core multiplies step by step, so it overflowed if any product did,
    which for an integer power is when the true power is out of range (|a| >= 2 only grows)."""
    exact = a**n if abs(a) <= 1 or n <= 128 else None
    wrapped = _wrapping(_power_mod(a, n, lo, hi), lo, hi)
    return (wrapped, exact is None or not lo <= exact <= hi)


_INT_OPS: dict[str, tuple[str, Callable[..., int | None]]] = {
    # the operation of `checked_`, `wrapping_`, `saturating_`: its parameters, its exact value
    "add": ("self", lambda a, b: a + b),
    "sub": ("self", lambda a, b: a - b),
    "mul": ("self", lambda a, b: a * b),
    "pow": ("u32", lambda a, n: a**n if abs(a) <= 1 or n <= 128 else None),
    "neg": ("", lambda a: -a),
    "abs": ("", abs),
}

INT_METHODS: dict[str, tuple[tuple[str, ...], str, Callable[..., object]]] = {
    # name: (its parameters' types, its result's type, its value from (a, args.., lo, hi));
    # "self" is the receiver's type, "unsigned" the unsigned one of its width, "option"
    # `Option<Self>`. A panic is an `ArithmeticPanic`.
    "rem_euclid": (("self",), "self", _rem_euclid),
    "div_euclid": (("self",), "self", _div_euclid),
    "signum": ((), "self", lambda a, lo, hi: (a > 0) - (a < 0)),
    "abs_diff": (("self",), "unsigned", lambda a, b, lo, hi: abs(a - b)),
    "unsigned_abs": ((), "unsigned", lambda a, lo, hi: abs(a)),
    "is_power_of_two": ((), "bool", lambda a, lo, hi: a > 0 and a & (a - 1) == 0),
    "count_ones": ((), "u32", lambda a, lo, hi: bin(_unsigned(a, lo, hi)).count("1")),
    "count_zeros": (
        (), "u32", lambda a, lo, hi: _bits(lo, hi) - bin(_unsigned(a, lo, hi)).count("1")
    ),
    "leading_zeros": (
        (), "u32", lambda a, lo, hi: _bits(lo, hi) - _unsigned(a, lo, hi).bit_length()
    ),
    "trailing_zeros": (
        (),
        "u32",
        lambda a, lo, hi: (
            (_unsigned(a, lo, hi) & -_unsigned(a, lo, hi)).bit_length() - 1 if a else _bits(lo, hi)
        ),
    ),
    "checked_div": (("self",), "option", lambda a, b, lo, hi: _within(_quotient(a, b), lo, hi)),
    "checked_rem": (
        ("self",), "option", lambda a, b, lo, hi: None if a == lo < 0 and b == -1 else (
            _remainder(a, b)
        )
    ),
    **{
        f"checked_{op}": (
            (kind,) if kind else (),
            "option",
            lambda a, *rest, f=f: _within(f(a, *rest[:-2]), *rest[-2:]),
        )
        for op, (kind, f) in _INT_OPS.items()
    },
    **{
        f"wrapping_{op}": (
            (kind,) if kind else (),
            "self",
            lambda a, *rest, f=f: _wrapping(f(a, *rest[:-2]), *rest[-2:]),
        )
        for op, (kind, f) in _INT_OPS.items()
        if op != "pow"
    },
    **{
        f"saturating_{op}": (
            (kind,),
            "self",
            lambda a, *rest, f=f: _saturating(f(a, *rest[:-2]), *rest[-2:]),
        )
        for op, (kind, f) in _INT_OPS.items()
        if op in ("add", "sub", "mul")
    },
    "saturating_pow": (("u32",), "self", lambda a, n, lo, hi: _saturating_pow(a, n, lo, hi)),
    "wrapping_pow": (
        ("u32",), "self", lambda a, n, lo, hi: _wrapping(_power_mod(a, n, lo, hi), lo, hi)
    ),
    **{
        f"overflowing_{op}": (
            (kind,) if kind else (),
            "self_bool",
            lambda a, *rest, f=f: _overflowing(f(a, *rest[:-2]), *rest[-2:]),
        )
        for op, (kind, f) in _INT_OPS.items()
        if op in ("add", "sub", "mul", "neg")
    },
    "overflowing_pow": (
        ("u32",), "self_bool", lambda a, n, lo, hi: _overflowing_pow(a, n, lo, hi)
    ),
}
INT_METHODS.update(
    {
        # `div_ceil` (stable for unsigned types only), `next_power_of_two` (a debug build's
        # overflow panics inside core), `ilog2`/`ilog10` of a value not positive panic
        "div_ceil": (("self",), "self", lambda a, b, lo, hi: -(-a // _divisor(b))),
        "next_power_of_two": ((), "self", lambda a, lo, hi: _next_power_of_two(a, hi)),
        "ilog2": ((), "u32", lambda a, lo, hi: _positive_log(a).bit_length() - 1),
        "ilog10": ((), "u32", lambda a, lo, hi: len(str(_positive_log(a))) - 1),
        # the bits turned by `n` modulo the width (never a panic), as RNGs (PCG, xorshift) use
        "rotate_left": (("u32",), "self", lambda a, n, lo, hi: _rotate(a, n, lo, hi)),
        "rotate_right": (("u32",), "self", lambda a, n, lo, hi: _rotate(a, -n, lo, hi)),
    }
)
INT_METHODS.update(int_shifts.METHODS)  # `checked_shl`, `wrapping_shr`.. (int_shifts.py)
SIGNED_ONLY = frozenset(("signum", "unsigned_abs", "checked_abs", "wrapping_abs"))
UNSIGNED_ONLY = frozenset(("is_power_of_two", "div_ceil", "next_power_of_two"))


def _divisor(b: int) -> int:
    if b == 0:
        raise ArithmeticPanic("attempt to divide by zero")
    return b


def _next_power_of_two(a: int, hi: int) -> int:
    power = 1 if a <= 1 else 1 << (a - 1).bit_length()
    if power > hi:
        raise ArithmeticPanic("attempt to add with overflow")
    return power


def _rotate(a: int, n: int, lo: int, hi: int) -> int:
    """`a.rotate_left(n)` (a negative `n`: `rotate_right`) in its type's width."""
    bits = _bits(lo, hi)
    n %= bits
    u = _unsigned(a, lo, hi)
    return _wrapping(((u << n) | (u >> (bits - n))) & (hi - lo), lo, hi)


def _positive_log(a: int) -> int:
    if a <= 0:
        raise ArithmeticPanic("argument of integer logarithm must be positive")
    return a


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
