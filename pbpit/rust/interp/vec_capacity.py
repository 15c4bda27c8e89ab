"""A `Vec`'s `capacity()`: what std's `RawVec` gives, for the `Vec`s whose allocation pbpit
follows.

std guarantees only `capacity() >= len()`; rustc's binary prints what `RawVec` allocates, and a
program printing it must print the same. A `Vec` is a Python list here, which has no room for a
capacity, so the lists made by `Vec::new()` (0), `Vec::with_capacity(n)` (n) and `vec![..]` (its
length) are recorded (`made`), the `LIMIT` most recent kept, and the record followed:

- a push grows a full `Vec` (`RawVec::grow_amortized`) to `max(2 * cap, cap + 1)`, at least
  `min_non_zero_cap` (8 for 1-byte elements, 4 up to 1024 bytes); the record is read that way
  (`capacity_of`), since a push only ever adds one;
- `extend(..)` of a `Vec`, an array or a range, `extend_from_slice` and `resize` reserve what
  they add at once (`max(2 * cap, len + added)`); `extend` of another iterator leaves the record
  (pbpit does not follow std's size hints), so does any method pbpit does not know the growth of;
- the other methods that change the length keep the capacity (`clear`, `pop`, `truncate`..): the
  record is brought up to date (`settle`) before they run.

A zero-sized element (`()`) has `usize::MAX`. `capacity()` of a list pbpit does not follow (made by
`clone`, `collect`, `to_vec`, or left by `extend` of an iterator) is refused as the program runs."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code, Family
from pbpit.rust.interp.types import BOOL, NAMED, UNIT, resolve

LIMIT = 4096
_MADE: OrderedDict[int, tuple[list, int]] = OrderedDict()
USIZE_MAX = 2**64 - 1
_ONE_BYTE = (NAMED["u8"], NAMED["i8"], BOOL)
_EXACT_SOURCES = ("Vec", "array", "Range")
_GROWING = ("push", "insert")  # one element at a time: read as pushes (`capacity_of`)


def made(items: list, capacity: int) -> list:
    """Record `items`, just made with room for `capacity` elements."""
    _MADE[id(items)] = (items, capacity)
    if len(_MADE) > LIMIT:
        _MADE.popitem(last=False)
    return items


def _record(items: list) -> int | None:
    record = _MADE.get(id(items))
    return record[1] if record is not None and record[0] is items else None


def _grown(capacity: int, length: int, least: int) -> int:
    while capacity < length:
        capacity = max(2 * capacity, capacity + 1, least)
    return capacity


def settle(items: list, least: int) -> None:
    """Bring `items`' record up to the pushes that made its length (before it shrinks)."""
    capacity = _record(items)
    if capacity is not None and capacity < len(items):
        _MADE[id(items)] = (items, _grown(capacity, len(items), least))


def followed(items: list, least: int) -> int | None:
    """`items`' capacity where its allocation is followed (grown by its pushes), else None."""
    capacity = _record(items)
    return None if capacity is None else _grown(capacity, len(items), least)


def capacity_of(items: list, least: int, where: str) -> int:
    """`items`' capacity, grown by pushes from its record; refused for a list with none."""
    capacity = _record(items)
    if capacity is None:
        from pbpit.rust.interp.nodes import Unsupported  # (nodes are the compiler's)

        what = "`capacity()` of a `Vec` whose allocation pbpit does not follow (it follows "
        raise Unsupported(where, what + "`Vec::new()`, `Vec::with_capacity(n)`, `vec![..]`)")
    capacity = _grown(capacity, len(items), least)
    _MADE[id(items)] = (items, capacity)
    return capacity


def _least(element: Any) -> int | None:
    """`RawVec`'s `min_non_zero_cap` for an element type; None for a zero-sized one."""
    element = resolve(element)
    if element is UNIT:
        return None
    return 8 if element in _ONE_BYTE else 4


def _element_least(e: Any) -> int:
    return _least(resolve(e.recv.ty).inner) or 1  # type: ignore[attr-defined]


def _capacity(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    least = _least(resolve(e.recv.ty).inner)  # type: ignore[attr-defined]
    if least is None:
        return lambda frame: USIZE_MAX
    where = comp.where(e.pos)
    return lambda frame: capacity_of(recv(frame), least, where)


CAPACITY = Builtin("Vec", "capacity", (), "usize", _capacity)


def _settling(compile_: Any) -> Any:
    """`compile_` of a method that changes the length, the record settled before it runs."""

    def compiled(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
        code, least = compile_(comp, e, recv, args), _element_least(e)

        def run(frame: list) -> Any:
            settle(recv(frame), least)  # (a `&mut self` method's receiver is a place: read twice)
            return code(frame)

        return run

    return compiled


def _reserving(compile_: Any) -> Any:
    """`compile_` of `extend`/`extend_from_slice`/`resize`: what it adds reserved at once, for
    an exact source; the record dropped for another iterator."""

    def compiled(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
        code, least = compile_(comp, e, recv, args), _element_least(e)
        source = getattr(resolve(e.args[0].ty), "kind", None) if e.args else None
        exact = e.name in ("extend_from_slice", "resize") or source in _EXACT_SOURCES

        def run(frame: list) -> Any:
            items = recv(frame)
            settle(items, least)
            capacity = _record(items)
            result = code(frame)
            if capacity is not None and not exact:
                _MADE.pop(id(items), None)
            elif capacity is not None and len(items) > capacity:
                _MADE[id(items)] = (items, max(2 * capacity, len(items), least))
            return result

        return run

    return compiled


def follow(family: Family) -> Family:
    """`Vec`'s rows, the ones that change its length made to keep the records (in place: a
    row is known by identity elsewhere)."""
    assert family.rows is not None
    for name, row in family.rows.items():
        if name in ("extend", "extend_from_slice", "resize"):
            object.__setattr__(row, "compile", _reserving(row.compile))
        elif row.mutates and name not in _GROWING:
            object.__setattr__(row, "compile", _settling(row.compile))
    return family
