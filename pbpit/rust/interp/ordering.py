"""Rust's `PartialOrd` and the `PartialEq` impls between different types that std provides:
which types `<`, `>`, `<=`, `>=` apply to, and what they answer (NaN included).

std orders numbers, `bool`, `str`/`String` (by their UTF-8 bytes), `Option<T>` (`None` first)
and `Vec<T>`/`[T; N]` (lexicographically, then by length), each through `partial_cmp`: a NaN
anywhere that decides the order makes every comparison false.
"""

from __future__ import annotations

from collections.abc import Callable

from pbpit.rust.format import Some
from pbpit.rust.interp.cmp_impls import NO_IMPL, user_cmp
from pbpit.rust.interp.types import (
    BOOL,
    CHAR,
    STR,
    STRING,
    StructT,
    Ty,
    Var,
    Wrap,
    is_number,
    resolve,
)

_ORDERED_WRAPS = ("Option", "Vec", "array", "Reverse")  # (`Reverse`: std_reverse.py)


def orderable(ty: Ty) -> bool:
    """Whether std implements `PartialOrd` for values of `ty` (as far as pbpit holds them)."""
    ty = resolve(ty)
    if type(ty) is Wrap:
        return ty.kind in _ORDERED_WRAPS and orderable(ty.inner)
    if type(ty) is Var:
        return ty.kind is not None  # an `{integer}` or `{float}`; any other type is unknown
    if type(ty) is StructT:  # `#[derive(PartialOrd)]` (lower_items.check_order_derives)
        return "PartialOrd" in ty.item.derives  # type: ignore[attr-defined]
    if getattr(ty, "name", None) == "Ordering":  # `Less < Equal < Greater`, held as -1, 0, 1
        return True
    return is_number(ty) or ty in (BOOL, CHAR, STR, STRING)


def unknown_inside(ty: Ty) -> bool:
    """Whether `ty` still holds a type nothing has inferred (rustc: type annotations needed)."""
    ty = resolve(ty)
    if type(ty) is Wrap:
        return unknown_inside(ty.inner)
    return type(ty) is Var and ty.kind is None


def vec_eq_array(left: Ty, right: Ty) -> Ty | None:
    """For `Vec<T> == [U; N]` (std's `impl PartialEq<[U; N]> for Vec<T>`, not the reverse): the
    array's element type, to be unified with the Vec's; None for any other pair."""
    left, right = resolve(left), resolve(right)
    if type(left) is Wrap and type(right) is Wrap and (left.kind, right.kind) == ("Vec", "array"):
        return right.inner
    return None


def partial_cmp(a: object, b: object) -> int | None:
    """`a.partial_cmp(&b)` as -1, 0, 1, or None when unordered (a NaN decides it)."""
    if type(a) is list or type(a) is tuple:  # (a tuple's elements, as core's tuple order)
        assert type(b) is type(a)
        for x, y in zip(a, b, strict=False):
            order = partial_cmp(x, y)
            if order != 0:
                return order
        return (len(a) > len(b)) - (len(a) < len(b))
    if type(a).__name__ == "StructValue":  # a derived `PartialOrd`: the variant, then fields
        own = user_cmp(a, b)  # (or the struct's own `impl PartialOrd`/`Ord`: cmp_impls.py)
        if own is not NO_IMPL:
            return own
        if a.variant != b.variant:  # type: ignore[attr-defined]
            return (a.variant > b.variant) - (a.variant < b.variant)  # type: ignore[attr-defined]
        return partial_cmp(list(a.fields), list(b.fields))  # type: ignore[attr-defined]
    if a is None or b is None or type(a) is Some or type(b) is Some:
        if a is None or b is None:
            return (a is not None) - (b is not None)
        return partial_cmp(a.value, b.value)  # type: ignore[attr-defined]
    if a < b:  # type: ignore[operator]
        return -1
    if a > b:  # type: ignore[operator]
        return 1
    return 0 if a == b else None


def comparison(op: str) -> Callable[[object, object], bool]:
    """The operator `op` (`<`, `>`, `<=`, `>=`) on two values of one orderable type."""
    accepted = {"<": (-1,), ">": (1,), "<=": (-1, 0), ">=": (1, 0)}[op]
    return lambda a, b: partial_cmp(a, b) in accepted


# -- how deep rustc's binary recurses -------------------------------------------------------------

MAX_RUST_CALLS = 174_000
"""Nested calls pbpit runs. rustc 1.95's debug build of `fn f(n: u64) -> u64 { if n == 0 { 0 }
else { 1 + f(n - 1) } }` takes 48 bytes a frame and overflows its 8 MiB main stack near 174,600
calls (174,583 ran, not every time: the stack's start moves with the environment and ASLR)."""

TOO_DEEP = (
    f"calls nested deeper than {MAX_RUST_CALLS:,}: rustc's debug binary overflows its 8 MiB main "
    "stack about there (`thread 'main' has overflowed its stack`), at a depth that depends on "
    "the frame's size and the environment"
)
