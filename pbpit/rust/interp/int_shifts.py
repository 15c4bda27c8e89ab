"""core's shifts of an integer by a `u32`, as methods (`INT_METHODS` rows, joined by
numbers.py): `checked_shl`/`checked_shr` (`None` when the amount is the width or more),
`wrapping_shl`/`wrapping_shr` (the amount taken modulo the width), `overflowing_shl`/
`overflowing_shr` (the wrapped shift and whether the amount was too large). A left shift
keeps the bits that fit the width (two's complement); a right shift of a signed value is
arithmetic. Each row: (parameters, result, value from (a, n, lo, hi)), as numbers.py's."""

from __future__ import annotations

from collections.abc import Callable


def _width(lo: int, hi: int) -> int:
    return (hi - lo).bit_length()


def _shift(a: int, n: int, left: bool, lo: int, hi: int) -> int:
    """`a << n` or `a >> n` for `n` below the width, the result in the type's range."""
    if not left:
        return a >> n  # (Python's `>>` is arithmetic, as a signed type's is)
    return ((a << n) - lo) % (hi - lo + 1) + lo


def _checked(left: bool) -> Callable[..., int | None]:
    def checked(a: int, n: int, lo: int, hi: int) -> int | None:
        return None if n >= _width(lo, hi) else _shift(a, n, left, lo, hi)

    return checked


def _wrapping(left: bool) -> Callable[..., int]:
    def wrapping(a: int, n: int, lo: int, hi: int) -> int:
        return _shift(a, n % _width(lo, hi), left, lo, hi)

    return wrapping


def _overflowing(left: bool) -> Callable[..., tuple[int, bool]]:
    def overflowing(a: int, n: int, lo: int, hi: int) -> tuple[int, bool]:
        width = _width(lo, hi)
        return _shift(a, n % width, left, lo, hi), n >= width

    return overflowing


METHODS: dict[str, tuple[tuple[str, ...], str, Callable[..., object]]] = {}
for _side, _left in (("shl", True), ("shr", False)):
    METHODS[f"checked_{_side}"] = (("u32",), "option", _checked(_left))
    METHODS[f"wrapping_{_side}"] = (("u32",), "self", _wrapping(_left))
    METHODS[f"overflowing_{_side}"] = (("u32",), "self_bool", _overflowing(_left))
