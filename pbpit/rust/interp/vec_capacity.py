"""A `Vec`'s `capacity()`: what std's `RawVec` gives, for the `Vec`s whose start pbpit sees.

std guarantees only `capacity() >= len()`; rustc's binary prints what `RawVec` allocates, and a
program printing it must print the same. A `Vec` is a Python list here, which has no room for
a capacity, so the lists made by `Vec::new()` (0) and `Vec::with_capacity(n)` (n) are recorded
(`made`), the `LIMIT` most recent kept; the capacity is read from the record at `capacity()`
as pushes grow it: when full, `RawVec::grow_amortized` takes `max(2 * cap, cap + 1)`, and at
least `min_non_zero_cap` (8 for 1-byte elements, 4 up to 1024 bytes). A zero-sized element
(`()`) has `usize::MAX`. Any other `Vec` (`vec![..]`, `clone`, `collect` of an exact-size
iterator) is allocated at its length, which is what its capacity is read as. A record grows
and never shrinks, as a capacity does (`clear`, `pop`, `truncate` keep it)."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code
from pbpit.rust.interp.types import BOOL, NAMED, UNIT, resolve

LIMIT = 4096
_MADE: OrderedDict[int, tuple[list, int]] = OrderedDict()
USIZE_MAX = 2**64 - 1
_ONE_BYTE = (NAMED["u8"], NAMED["i8"], BOOL)


def made(items: list, capacity: int) -> list:
    """Record `items`, just made with room for `capacity` elements."""
    _MADE[id(items)] = (items, capacity)
    if len(_MADE) > LIMIT:
        _MADE.popitem(last=False)
    return items


def capacity_of(items: list, least: int) -> int:
    """`items`' capacity, grown by pushes from its record (`least`: `min_non_zero_cap`)."""
    record = _MADE.get(id(items))
    if record is None or record[0] is not items:
        return len(items)
    capacity = record[1]
    while capacity < len(items):
        capacity = max(2 * capacity, capacity + 1, least)
    _MADE[id(items)] = (items, capacity)
    return capacity


def _least(element: Any) -> int | None:
    """`RawVec`'s `min_non_zero_cap` for an element type; None for a zero-sized one."""
    element = resolve(element)
    if element is UNIT:
        return None
    return 8 if element in _ONE_BYTE else 4


def _capacity(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    least = _least(resolve(e.recv.ty).inner)
    if least is None:
        return lambda frame: USIZE_MAX
    return lambda frame: capacity_of(recv(frame), least)


CAPACITY = Builtin("Vec", "capacity", (), "usize", _capacity)
