"""The names of every method rustc 1.95's std gives a number type (inherent, and of the traits
std implements for it, stable or not), read from the rustdoc of its `primitive.f64`,
`primitive.i32`.. pages: a method on a resolved `f32`/`f64`/integer whose name is in none is
rustc's E0599 ("no method named `square` found for type `f64` in the current scope"), where pbpit
refused it as outside its subset. A name the file declares as a function anywhere (a trait of
its own, implemented for the number), or a `to_`/`elem` method where the file imports from
outside std (Burn's `ElementConversion`, `ToElement`, `LrScheduler`), is not judged.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import FLOAT_NAMES, INT_RANGES, Named, resolve

FLOAT = frozenset(
    "abs abs_sub acos acosh add add_assign algebraic_add algebraic_div algebraic_mul "
    "algebraic_rem algebraic_sub asin asinh atan atan2 atanh borrow borrow_mut cbrt ceil clamp "
    "clamp_magnitude classify clone clone_from clone_into clone_to_uninit copysign cos cosh "
    "default div div_assign div_euclid eq erf erfc exp exp2 exp_m1 floor fmt fract from "
    "from_be_bytes from_bits from_le_bytes from_ne_bytes from_str gamma ge gt hypot into "
    "is_finite is_infinite is_nan is_normal is_sign_negative is_sign_positive is_subnormal le ln "
    "ln_1p ln_gamma log log10 log2 lt max maximum midpoint min minimum mul mul_add mul_assign ne "
    "neg next_down next_up partial_cmp powf powi product recip rem rem_assign rem_euclid round "
    "round_ties_even signum sin sin_cos sinh sqrt sub sub_assign sum tan tanh to_be_bytes to_bits "
    "to_degrees to_int_unchecked to_le_bytes to_ne_bytes to_owned to_radians to_string total_cmp "
    "trunc try_from try_into type_id".split()
)
SIGNED = frozenset(
    "abs abs_diff add add_assign backward backward_checked backward_unchecked bitand "
    "bitand_assign bitor bitor_assign bitxor bitxor_assign borrow borrow_mut borrowing_sub "
    "carrying_add carrying_mul carrying_mul_add cast_unsigned checked_abs checked_add "
    "checked_add_unsigned checked_div checked_div_euclid checked_div_exact checked_ilog "
    "checked_ilog10 checked_ilog2 checked_isqrt checked_mul checked_neg checked_next_multiple_of "
    "checked_pow checked_rem checked_rem_euclid checked_shl checked_shr checked_sub "
    "checked_sub_unsigned clamp clamp_magnitude clone clone_from clone_into clone_to_uninit cmp "
    "count_ones count_zeros default disjoint_bitor div div_assign div_ceil div_euclid div_exact "
    "div_floor eq fmt format_into forward forward_checked forward_unchecked from from_ascii "
    "from_ascii_radix from_be from_be_bytes from_le from_le_bytes from_ne_bytes from_str "
    "from_str_radix ge gt hash hash_slice highest_one ilog ilog10 ilog2 into is_negative "
    "is_positive isolate_highest_one isolate_lowest_one isqrt le leading_ones leading_zeros "
    "lowest_one lt max max_value midpoint min min_value mul mul_assign ne neg next_multiple_of "
    "not overflowing_abs overflowing_add overflowing_add_unsigned overflowing_div "
    "overflowing_div_euclid overflowing_mul overflowing_neg overflowing_pow overflowing_rem "
    "overflowing_rem_euclid overflowing_shl overflowing_shr overflowing_sub "
    "overflowing_sub_unsigned partial_cmp pow product rem rem_assign rem_euclid reverse_bits "
    "rotate_left rotate_right sample saturating_abs saturating_add saturating_add_unsigned "
    "saturating_div saturating_mul saturating_neg saturating_pow saturating_sub "
    "saturating_sub_unsigned shl shl_assign shl_exact shr shr_assign shr_exact signum "
    "steps_between strict_abs strict_add strict_add_unsigned strict_div strict_div_euclid "
    "strict_mul strict_neg strict_pow strict_rem strict_rem_euclid strict_shl strict_shr "
    "strict_sub strict_sub_unsigned sub sub_assign sub_one sum swap_bytes to_be to_be_bytes to_le "
    "to_le_bytes to_ne_bytes to_owned to_string trailing_ones trailing_zeros try_from try_into "
    "type_id unbounded_shl unbounded_shr unchecked_add unchecked_div_exact unchecked_mul "
    "unchecked_neg unchecked_shl unchecked_shl_exact unchecked_shr unchecked_shr_exact "
    "unchecked_sub unsigned_abs widening_mul wrapping_abs wrapping_add wrapping_add_unsigned "
    "wrapping_div wrapping_div_euclid wrapping_mul wrapping_neg wrapping_pow wrapping_rem "
    "wrapping_rem_euclid wrapping_shl wrapping_shr wrapping_sub wrapping_sub_unsigned".split()
)
UNSIGNED = frozenset(
    "abs_diff add add_assign as_ascii as_ascii_unchecked backward backward_checked "
    "backward_unchecked bit_width bitand bitand_assign bitor bitor_assign bitxor bitxor_assign "
    "borrow borrow_mut borrowing_sub carrying_add carrying_carryless_mul carrying_mul "
    "carrying_mul_add carryless_mul cast_signed checked_add checked_add_signed checked_div "
    "checked_div_euclid checked_div_exact checked_ilog checked_ilog10 checked_ilog2 checked_mul "
    "checked_neg checked_next_multiple_of checked_next_power_of_two checked_pow checked_rem "
    "checked_rem_euclid checked_shl checked_shr checked_signed_diff checked_sub "
    "checked_sub_signed clamp clone clone_from clone_into clone_to_uninit cmp count_ones "
    "count_zeros default deposit_bits disjoint_bitor div div_assign div_ceil div_euclid div_exact "
    "div_floor eq eq_ignore_ascii_case escape_ascii extract_bits fmt format_into forward "
    "forward_checked forward_unchecked from from_ascii from_ascii_radix from_be from_be_bytes "
    "from_iter from_le from_le_bytes from_ne_bytes from_str from_str_radix funnel_shl funnel_shr "
    "ge get get_mut get_unchecked get_unchecked_mut gt hash hash_slice highest_one ilog ilog10 "
    "ilog2 index index_mut into is_ascii is_ascii_alphabetic is_ascii_alphanumeric "
    "is_ascii_control is_ascii_digit is_ascii_graphic is_ascii_hexdigit is_ascii_lowercase "
    "is_ascii_octdigit is_ascii_punctuation is_ascii_uppercase is_ascii_whitespace is_in_bounds "
    "is_multiple_of is_overlapping is_power_of_two is_utf16_surrogate isolate_highest_one "
    "isolate_lowest_one isqrt le leading_ones leading_zeros lowest_one lt make_ascii_lowercase "
    "make_ascii_uppercase max max_value midpoint min min_value mul mul_assign ne next_multiple_of "
    "next_power_of_two not overflowing_add overflowing_add_signed overflowing_div "
    "overflowing_div_euclid overflowing_mul overflowing_neg overflowing_pow overflowing_rem "
    "overflowing_rem_euclid overflowing_shl overflowing_shr overflowing_sub "
    "overflowing_sub_signed partial_cmp pow product rem rem_assign rem_euclid reverse_bits "
    "rotate_left rotate_right sample saturating_add saturating_add_signed saturating_div "
    "saturating_mul saturating_pow saturating_sub saturating_sub_signed select shl shl_assign "
    "shl_exact shr shr_assign shr_exact steps_between strict_add strict_add_signed strict_div "
    "strict_div_euclid strict_mul strict_neg strict_pow strict_rem strict_rem_euclid strict_shl "
    "strict_shr strict_sub strict_sub_signed sub sub_assign sub_one sum swap_bytes "
    "to_ascii_lowercase to_ascii_uppercase to_be to_be_bytes to_le to_le_bytes to_ne_bytes "
    "to_owned to_string trailing_ones trailing_zeros try_from try_into type_id unbounded_shl "
    "unbounded_shr unchecked_add unchecked_disjoint_bitor unchecked_div_exact "
    "unchecked_funnel_shl unchecked_funnel_shr unchecked_mul unchecked_shl unchecked_shl_exact "
    "unchecked_shr unchecked_shr_exact unchecked_sub widening_carryless_mul widening_mul "
    "wrapping_add wrapping_add_signed wrapping_div wrapping_div_euclid wrapping_mul wrapping_neg "
    "wrapping_next_power_of_two wrapping_pow wrapping_rem wrapping_rem_euclid wrapping_shl "
    "wrapping_shr wrapping_sub wrapping_sub_signed".split()
)

_STD_ROOTS = ("std", "core", "alloc", "crate", "self", "super")
# Methods crates give numbers by traits: Burn's `x.elem::<f32>()`, `lr.step()` (`impl
# LrScheduler for LearningRate`), num-traits' `cast`.
_FOREIGN = ("elem", "cast", "step", "load_record")


def _declared(source: Any, name: str) -> bool:
    """A function named `name` declared anywhere in the file, or an import from outside std
    that may give numbers `name` (Burn's `x.elem::<f32>()`, `to_f64()`)."""
    stack = [source.root]
    while stack:
        node = stack.pop()
        if node.type in ("function_item", "function_signature_item"):
            found = node.child_by_field_name("name")
            if found is not None and source.node_text(found) == name:
                return True
        if node.type in ("use_declaration", "extern_crate_declaration"):
            text = source.node_text(node).split(maxsplit=1)[-1].lstrip(":")
            foreign = not text.startswith(_STD_ROOTS)
            if foreign and (name.startswith(("to_", "from_")) or name in _FOREIGN):
                return True
            continue
        if node.type == "macro_definition":
            return True
        stack.extend(node.children)
    return False


def known(type_name: str) -> frozenset[str] | None:
    """std's method names of the number type `type_name`, None for another type."""
    if type_name in FLOAT_NAMES:
        return FLOAT
    if type_name in INT_RANGES:
        return UNSIGNED if type_name.startswith("u") else SIGNED
    return None


def refuse_method(ck: Any, e: Any, recv: Any) -> None:
    """E0599 for `x.name(..)` of `x` a number of a written type that std gives no `name`."""
    found = resolve(recv)
    if type(found) is not Named:
        return
    names = known(found.name)
    if names is None or e.name in names or _declared(ck.crate.source, e.name):
        return
    what = f"no method named `{e.name}` found for type `{found.name}` in the current scope"
    raise ck.fail(e.pos, rejects(what, "E0599"))
