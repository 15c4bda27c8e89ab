"""Format f32 values (and simple containers of them) exactly as Rust's `format!` does.

Every formatter is built on one exact shortest-digits routine, a port of the
modified Dragon4 algorithm in Rust's `core::num::flt2dec::strategy::dragon`,
fed by the same decoding as `core::num::flt2dec::decoder`.
"""

from __future__ import annotations

import math
import struct
import unicodedata
from functools import lru_cache
from typing import Any

import numpy as np

__all__ = [
    "Some",
    "f32_debug",
    "f32_display",
    "f32_display_precision",
    "rust_debug",
    "rust_display",
    "tensor_display",
]

# Rust compares against these thresholds in f32, so the cut-offs are the f32 roundings
# of 1e-4 and 1e16, not the real numbers.
_DEBUG_EXP_BELOW_BITS = int(np.float32(1e-4).view(np.uint32))
_DEBUG_EXP_FROM_BITS = int(np.float32(1e16).view(np.uint32))

_F32_MAX = float(np.finfo(np.float32).max)

_STR_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r", "\0": "\\0"}


class Some:
    """Rust's `Option::Some(value)`; `None` plays the part of `Option::None`."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __repr__(self) -> str:
        return f"Some({self.value!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Some):
            return NotImplemented
        return bool(self.value == other.value)

    __hash__ = None  # type: ignore[assignment]  # mutable payloads such as lists


def _f32_bits(x: float) -> int:
    if abs(x) > _F32_MAX:
        # Rust's `as f32` saturates to inf silently; numpy would warn about the overflow.
        with np.errstate(over="ignore"):
            return int(np.float32(x).view(np.uint32))
    return int(np.float32(x).view(np.uint32))


def _decode(bits: int) -> tuple[int, int, int, int, bool]:
    """Finite non-zero f32 bits -> (mant, exp, minus, plus, inclusive) as in Rust's decoder.

    The value is mant * 2**exp; the rounding interval is
    [(mant - minus) * 2**exp, (mant + plus) * 2**exp], with its ends included iff inclusive.
    """
    biased = (bits >> 23) & 0xFF
    frac = bits & 0x7FFFFF
    if biased == 0:
        # Rust's integer_decode doubles subnormal mantissas, so `even` is always true for
        # them and both boundaries count as inside; we mirror that quirk.
        return frac << 1, -150, 1, 1, True
    mant = frac | (1 << 23)
    exp = biased - 150
    inclusive = mant & 1 == 0
    if mant == 1 << 23:
        # The predecessor is half an ulp closer. Rust applies this even to 2**-126, whose
        # predecessor (the largest subnormal) is not closer; we mirror that too.
        return mant << 2, exp - 2, 1, 2, inclusive
    return mant << 1, exp - 1, 1, 1, inclusive


@lru_cache(maxsize=4096)
def _shortest(bits: int) -> tuple[str, int]:
    """Finite non-zero f32 bits -> (digits, k) with |value| ~ 0.digits * 10**k."""
    return _dragon_shortest(*_decode(bits & 0x7FFFFFFF))


def _dragon_shortest(
    mant: int, exp: int, minus: int, plus: int, inclusive: bool
) -> tuple[str, int]:
    """A decoded finite non-zero float -> (digits, k) with |value| ~ 0.digits * 10**k.

    digits is the shortest decimal string inside the float's rounding interval and, among
    those, the one closest to the exact value; exactly halfway between two (it happens:
    -103689220926388.125), the upper one, as Rust's `format_shortest` does.
    """
    # Work on integers: value = mant / scale, with the boundaries offset by minus and plus.
    if exp >= 0:
        mant, minus, plus, scale = mant << exp, minus << exp, plus << exp, 1
    else:
        scale = 1 << -exp

    def inside(a: int, b: int) -> bool:  # a < b, or a <= b when the ends count as inside
        return a <= b if inclusive else a < b

    # k is the smallest integer with the upper boundary not inside (.., 10**k); then the
    # digits are those of value / 10**k, first digit = floor(value / 10**(k - 1)).
    def upper_fits(k: int) -> bool:
        if k >= 0:
            return not inside(scale * 10**k, mant + plus)
        return not inside(scale, (mant + plus) * 10**-k)

    # An estimate from the bit lengths (a float quotient could overflow near f64::MAX).
    k = math.floor(((mant + plus).bit_length() - scale.bit_length()) * math.log10(2)) + 1
    while not upper_fits(k):
        k += 1
    while upper_fits(k - 1):
        k -= 1
    if k >= 1:
        scale *= 10 ** (k - 1)
    else:
        factor = 10 ** (1 - k)
        mant, minus, plus = mant * factor, minus * factor, plus * factor

    digits: list[int] = []
    while True:
        digit, mant = divmod(mant, scale)
        digits.append(digit)
        down = inside(mant, minus)
        up = inside(scale, mant + plus)
        if down or up:
            break
        mant, minus, plus = mant * 10, minus * 10, plus * 10

    # Halfway rounds up (`>=`), as Rust's Dragon does. The last digit is never 9 here: a
    # carry would produce 10**k, which k excludes from the interval.
    if up and (not down or 2 * mant >= scale):
        digits[-1] += 1
    return "".join(map(str, digits)), k


def _special(bits: int) -> str | None:
    """NaN/inf/zero spellings shared by Debug and Display; None for other values."""
    if bits & 0x7F800000 != 0x7F800000:
        return None
    if bits & 0x7FFFFF:
        return "NaN"  # Rust never prints a NaN's sign
    return "-inf" if bits >> 31 else "inf"


def _decimal(bits: int, min_frac_digits: int) -> str:
    sign = "-" if bits >> 31 else ""
    if not bits & 0x7FFFFFFF:
        return sign + "0" + ("." + "0" * min_frac_digits if min_frac_digits else "")
    digits, k = _shortest(bits)
    return _place(sign, digits, k, min_frac_digits)


def _place(sign: str, digits: str, k: int, min_frac_digits: int) -> str:
    """`0.digits * 10**k` written in decimal, with at least `min_frac_digits` zeros after
    the point when the number is whole."""
    if k <= 0:
        return f"{sign}0.{'0' * -k}{digits}"
    if k < len(digits):
        return f"{sign}{digits[:k]}.{digits[k:]}"
    frac = "." + "0" * min_frac_digits if min_frac_digits else ""
    return f"{sign}{digits}{'0' * (k - len(digits))}{frac}"


def f32_debug(x: float) -> str:
    """Rust's `format!("{:?}", x as f32)`.

    Shortest round-tripping digits; exponent form (`1e-5`, `1.5e16`) when the f32 is
    non-zero and its magnitude is below 1e-4f32 or at least 1e16f32, otherwise decimal
    with at least one fractional digit (`1.0`, `-0.0`).
    """
    bits = _f32_bits(x)
    special = _special(bits)
    if special is not None:
        return special
    magnitude = bits & 0x7FFFFFFF
    if magnitude and (magnitude < _DEBUG_EXP_BELOW_BITS or magnitude >= _DEBUG_EXP_FROM_BITS):
        digits, k = _shortest(bits)
        mantissa = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
        return f"{'-' if bits >> 31 else ''}{mantissa}e{k - 1}"
    return _decimal(bits, 1)


def f32_display(x: float) -> str:
    """Rust's `format!("{}", x as f32)`: shortest round-tripping digits, never in exponent
    form, without a trailing `.0` (`1`, `-0`, `0.00001`, `10000000000000000`)."""
    bits = _f32_bits(x)
    special = _special(bits)
    return special if special is not None else _decimal(bits, 0)


def f32_display_precision(x: float, precision: int) -> str:
    """Rust's `format!("{:.N}", x as f32)`: the exact value of the f32 rounded to
    `precision` decimals, ties to even on the exact expansion (`{:.2}` of 0.125 is `0.12`)."""
    if precision < 0:
        raise ValueError("precision must be non-negative")
    bits = _f32_bits(x)
    special = _special(bits)
    if special is not None:
        return special
    biased, frac = (bits >> 23) & 0xFF, bits & 0x7FFFFF
    mant, exp = (frac, -149) if biased == 0 else (frac | (1 << 23), biased - 150)
    if exp >= 0:
        scaled = (mant << exp) * 10**precision
    else:
        scaled, rem = divmod(mant * 10**precision, 1 << -exp)
        twice, denom = 2 * rem, 1 << -exp
        if twice > denom or (twice == denom and scaled & 1):
            scaled += 1
    text = str(scaled).rjust(precision + 1, "0")
    sign = "-" if bits >> 31 else ""
    if precision == 0:
        return sign + text
    return f"{sign}{text[:-precision]}.{text[-precision:]}"


# -- f64, for the Rust programs pbpit interprets ------------------------------------------------


def _f64_shortest(x: float) -> tuple[str, int]:
    """Finite non-zero |x| -> (digits, k) with |x| ~ 0.digits * 10**k, by the f32 routine.
    (Python's repr also gives the shortest digits, but rounds a halfway case to even.)"""
    return _f64_shortest_bits(struct.unpack("<Q", struct.pack("<d", abs(x)))[0])


@lru_cache(maxsize=4096)
def _f64_shortest_bits(bits: int) -> tuple[str, int]:
    # Rust's decoder for f64, as `_decode` for f32 (the same two quirks).
    biased, frac = bits >> 52, bits & ((1 << 52) - 1)
    if biased == 0:
        return _dragon_shortest(frac << 1, -1075, 1, 1, True)
    mant, exp = frac | (1 << 52), biased - 1075
    inclusive = mant & 1 == 0
    if mant == 1 << 52:
        return _dragon_shortest(mant << 2, exp - 2, 1, 2, inclusive)
    return _dragon_shortest(mant << 1, exp - 1, 1, 1, inclusive)


def exp_text(x: float, name: str) -> str:
    """Rust's `{:e}` of an f32 or f64 (`name`): its shortest digits as `d.ddde-k` (`1e0`, `NaN`,
    `-inf`, `-0e0`)."""
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    sign = "-" if math.copysign(1.0, x) < 0 else ""
    if x == 0:
        return sign + "0e0"
    digits, k = _shortest(_f32_bits(x)) if name == "f32" else _f64_shortest(x)
    return exp_of_digits(sign, digits, k)


def exp_of_digits(sign: str, digits: str, k: int) -> str:
    """`0.digits * 10**k` (no trailing zeros in `digits`) as `{:e}` writes it."""
    rest = "." + digits[1:] if len(digits) > 1 else ""
    return f"{sign}{digits[0]}{rest}e{k - 1}"


def _f64_special(x: float) -> str | None:
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    if x == 0:
        return "-0" if math.copysign(1.0, x) < 0 else "0"
    return None


def f64_debug(x: float) -> str:
    """Rust's `{:?}` of an f64: the f32 rules with f64's shortest digits."""
    special = _f64_special(x)
    if special is not None:
        return special + ".0" if special in ("0", "-0") else special
    digits, k = _f64_shortest(x)
    sign = "-" if x < 0 else ""
    if abs(x) < 1e-4 or abs(x) >= 1e16:
        mantissa = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
        return f"{sign}{mantissa}e{k - 1}"
    return _place(sign, digits, k, 1)


def f64_display(x: float) -> str:
    """Rust's `{}` of an f64: never in exponent form."""
    special = _f64_special(x)
    if special is not None:
        return special
    digits, k = _f64_shortest(x)
    return _place("-" if x < 0 else "", digits, k, 0)


def f64_display_precision(x: float, precision: int) -> str:
    """Rust's `{:.N}` of an f64: the exact value rounded half to even (as Python's `f`)."""
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return format(x, f".{precision}f")


def _debug_char(ch: str) -> str:
    """One char of a str's `{:?}`, as `char::escape_debug_ext` writes it for a str: `\\u{..}`
    for what Rust's tables call unprintable (categories Cc Cf Cs Co Cn Zl Zp Zs, but not the
    space) or grapheme-extending (Mn, Me and the Other_Grapheme_Extend letters)."""
    if ch in _STR_ESCAPES:
        return _STR_ESCAPES[ch]
    if " " <= ch < "\x7f":
        return ch
    code = ord(ch)
    category = unicodedata.category(ch)
    if category in _ESCAPED_CATEGORIES or code in _ESCAPED_LETTERS or _is_noncharacter(code):
        return f"\\u{{{code:x}}}"
    if category in ("Cn", "Mc"):
        # Unassigned in Python's Unicode tables may be assigned in Rust's newer ones, and some
        # spacing marks extend graphemes there: no answer that holds for every version.
        raise ValueError(
            f"`{{:?}}` of the char U+{code:04X}, which Rust escapes or not by its Unicode version"
        )
    return ch


_ESCAPED_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Co", "Zl", "Zp", "Zs", "Mn", "Me"))
# Letters with the Other_Grapheme_Extend property (HALFWIDTH KATAKANA VOICED SOUND MARKS).
_ESCAPED_LETTERS = frozenset((0xFF9E, 0xFF9F))


def _is_noncharacter(code: int) -> bool:
    """The 66 code points Unicode never assigns."""
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE


def _debug_str(text: str) -> str:
    """A str's `{:?}`. ValueError for a char whose escaping depends on the Unicode version
    (one unassigned in Python's tables, or a spacing mark)."""
    return '"' + "".join(map(_debug_char, text)) + '"'


def debug_char(ch: str) -> str:
    """A char's `{:?}`: quoted in `'`, escaped as in a str but `'` escaped and `"` not."""
    if ch == '"':
        return "'\"'"
    return "'" + ("\\'" if ch == "'" else _debug_char(ch)) + "'"


def _format(value: object, debug: bool) -> str:
    if value is None:
        return "None"
    if isinstance(value, Some):
        return f"Some({_format(value.value, debug)})"
    if isinstance(value, bool | np.bool_):
        return "true" if value else "false"
    if isinstance(value, int | np.integer):
        return str(int(value))
    if isinstance(value, float | np.floating):
        return f32_debug(value) if debug else f32_display(value)
    if isinstance(value, str):
        return _debug_str(value) if debug else value
    if isinstance(value, np.ndarray):
        return _format(value.tolist(), debug)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_format(v, debug) for v in value) + "]"
    raise TypeError(f"no Rust formatting for {type(value).__name__}")


def rust_debug(value: object) -> str:
    """Rust's `{:?}` of `value`: floats as f32 Debug, `None`/`Some(..)` as Option, bools as
    `true`/`false`, ints in decimal, strs quoted and escaped, lists/tuples/arrays as `[a, b]`.
    ValueError for a str holding a char whose escaping depends on Rust's Unicode version."""
    return _format(value, True)


def rust_display(value: object) -> str:
    """Like `rust_debug` but floats use f32 Display and strs are printed as they are; a float
    `Tensor` as Burn's `impl Display for Tensor` prints it (`tensor_display`)."""
    from pbpit.engine.tensor import Tensor  # the engine imports this module

    if isinstance(value, Tensor):
        return tensor_display(value)
    return _format(value, False)


# -- a tensor's Display, as burn-tensor's `display_fmt_impl` writes it ----------------------------

PRINT_THRESHOLD = 1000
"""Burn's `PrintOptions::default()`: more elements than this are summarized, ..."""
PRINT_EDGE_ITEMS = 3
"""... keeping this many at each end of a dimension longer than twice as many."""


def tensor_display(tensor: Any, precision: int | None = None) -> str:
    """`format!("{}", tensor)` (or `{:.p}`) of a float tensor of Burn's Flex backend, as
    burn-tensor prints one: its data (f32 Debug, or `{:.p}` with a precision), shape, device
    (`Device<Autodiff { device: Flex(Cpu), checkpointing: Disabled }>` on the autodiff device,
    `Device<Flex(Cpu)>` without), kind and dtype. An Int tensor's values are Flex's `i32`s,
    a Bool tensor's `true`/`false`, as `{:?}` writes them (the precision is for floats only)."""
    kind = tensor.kind
    dims = list(tensor.shape)
    values = tensor.to_vec()
    summarize = math.prod(dims) > PRINT_THRESHOLD

    def elem(x: float) -> str:
        if kind != "Float":
            return _format(x, True)
        return f32_debug(x) if precision is None else f32_display_precision(x, precision)

    strides = [math.prod(dims[d + 1 :]) for d in range(len(dims))]

    def kept(d: int) -> list[int | None]:
        n = dims[d]
        if summarize and n > 2 * PRINT_EDGE_ITEMS:
            return [*range(PRINT_EDGE_ITEMS), None, *range(n - PRINT_EDGE_ITEMS, n)]
        return list(range(n))

    def rows(d: int, offset: int) -> str:
        if d == len(dims) - 1:
            return ", ".join(
                "..." if i is None else elem(values[offset + i * strides[d]]) for i in kept(d)
            )
        newline = "\n" + " " * (d + 1)
        text = ""
        for i in kept(d):
            if i is None:  # Burn writes no comma after the `...` line
                text += "," + newline + "..." + newline
                continue
            if text and not text.endswith(newline):
                text += "," + newline
            text += "[" + rows(d + 1, offset + i * strides[d]) + "]"
        return text

    data = "[" + rows(0, 0) + "]" if dims else "[" + elem(values[0]) + "]"
    device = (
        "Device<Autodiff { device: Flex(Cpu), checkpointing: Disabled }>"
        if tensor.device.is_autodiff
        else "Device<Flex(Cpu)>"
    )
    return (
        f"Tensor {{\n  data:\n{data},\n  shape:  {dims},\n  device:  {device},\n"
        f'  kind:  "{kind}",\n  dtype:  "{_DTYPES[kind]}",\n}}'
    )


_DTYPES = {"Float": "f32", "Int": "i32", "Bool": "bool"}
"""Flex's default element type of each tensor kind (its `DeviceSettings`)."""
