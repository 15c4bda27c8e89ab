"""A float's method called on an integer (`x.sqrt()`, `i32::sqrt(16)` of `x: i32`), or an
integer's on a float (`2.0f32.pow(2)`): no such method, rustc's E0599 (was refused as outside
the subset). Only names std certainly gives one kind of number and not the other are judged;
another method pbpit does not have stays refused in words."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import FLOAT_NAMES, INT_RANGES, Named, resolve, show

_FLOAT_ONLY = frozenset(
    "sqrt cbrt powf powi exp exp2 exp_m1 ln ln_1p log10 log2 sin cos tan asin acos atan atan2 "
    "sin_cos sinh cosh tanh asinh acosh atanh floor ceil round round_ties_even trunc fract "
    "is_nan is_infinite is_finite is_normal is_subnormal recip to_degrees to_radians mul_add "
    "hypot copysign is_sign_positive is_sign_negative total_cmp".split()
)
_INT_ONLY = frozenset(
    "pow count_ones count_zeros leading_zeros trailing_zeros leading_ones trailing_ones "
    "is_power_of_two next_power_of_two checked_add checked_sub checked_mul checked_div "
    "checked_rem checked_pow wrapping_add wrapping_sub wrapping_mul wrapping_neg wrapping_pow "
    "saturating_add saturating_sub saturating_mul saturating_pow overflowing_add "
    "overflowing_sub overflowing_mul isqrt ilog ilog2 ilog10 rotate_left rotate_right "
    "swap_bytes reverse_bits is_positive is_negative".split()
)


def _missing(ty: Any, name: str) -> bool:
    found = resolve(ty)
    if type(found) is not Named:
        return False
    if found.name in INT_RANGES:
        return name in _FLOAT_ONLY
    return found.name in FLOAT_NAMES and name in _INT_ONLY


def refuse_method(ck: Any, e: Any, recv: Any) -> None:
    """E0599 for `x.name(..)` of a number type that has no method `name`."""
    if _missing(recv, e.name):
        what = f"no method named `{e.name}` found for type `{show(resolve(recv))}`"
        raise ck.fail(e.pos, rejects(what + " in the current scope", "E0599"))


def refuse_path(low: Any, node: Any, owner: str, name: str) -> None:
    """E0599 for `i32::sqrt(..)` (the path `owner::name` of a number type that has none)."""
    if owner in (*INT_RANGES, *FLOAT_NAMES) and _missing(Named(owner), name):
        what = f"no function or associated item named `{name}` found for type `{owner}` in the "
        raise low.fail(node, rejects(what + "current scope", "E0599"))
