"""The methods a range has beyond `Iterator`'s (`iter_methods.ITER`, whose family a range
shares): `contains`, `is_empty`, as std's `RangeBounds` and `Range`/`RangeInclusive` define them
(`(0..=2).contains(&label)`). pbpit's ranges are of integers, held as Python's `range`,
of chars, held as the list of their chars (char_ranges.py), or of floats (float_ranges.py)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import references
from pbpit.rust.interp.builtins import Builtin, Code
from pbpit.rust.interp.float_ranges import FloatRange
from pbpit.rust.interp.types import BOOL, Ty, resolve, show


def _range_only(ck: Any, e: Any, recv: Ty) -> None:
    found = resolve(recv)
    if getattr(found, "kind", None) != "Range":  # an iterator: no such method (rustc: E0599)
        raise ck.fail(e.pos, f"the method `{e.name}` on `{show(found)}`")


def _contains_type(ck: Any, e: Any, recv: Ty) -> Ty:
    _range_only(ck, e, recv)
    ck.args(e, resolve(recv).inner)  # type: ignore[attr-defined]
    arg = e.args[0]
    if ck.owned(arg):  # rustc: `contains(&self, item: &U)`
        found = show(arg.ty)
        raise ck.fail(arg.pos, f"mismatched types: expected `&{found}`, found `{found}`")
    if not references.certainly_reference(arg):  # (`&x`, an item of `v.iter()`)
        raise ck.fail(arg.pos, "`contains` of a value pbpit cannot tell from a reference")
    return BOOL


def _is_empty_type(ck: Any, e: Any, recv: Ty) -> Ty:
    _range_only(ck, e, recv)
    ck.args(e)
    return BOOL


def _held(comp: Any, e: Any, recv: Code) -> Code:
    """The range `recv` gives, as Python's `range` (one that was advanced is refused)."""
    from pbpit.rust.interp.runtime import Unsupported  # (runtime imports the nodes)

    where = comp.where(e.pos)

    def held(frame: list) -> range:
        value = recv(frame)
        if type(value) not in (range, list, FloatRange):  # (chars: a list; floats: float_ranges)
            raise Unsupported(where, f"`{e.name}` of a range that was iterated")
        return value

    return held


def _contains(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (item,), held = args, _held(comp, e, recv)
    return lambda frame: item(frame) in held(frame)


def _is_empty(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    held = _held(comp, e, recv)
    return lambda frame: len(held(frame)) == 0


def range_rows(family: str) -> tuple[Builtin, ...]:
    """The rows, of `family` (the iterators' whose rows a range's are)."""
    return (
        Builtin(family, "contains", None, "bool", _contains, _contains_type),
        Builtin(family, "is_empty", None, "bool", _is_empty, _is_empty_type),
    )
