"""Where an integer `start..` (`RangeFrom`) ends in a debug build: core's `next` computes the
item after the one it gives (`Step::forward(start, 1)`) before giving it, so pulling the
type's greatest value panics with "attempt to add with overflow" at `iter/range.rs:434:1`
(one line for every integer type, measured from rustc 1.95: `(250u8..).take(10)` panics at the
sixth item; it printed 256.. before).

`(a..).sum()` of an integer type consumed as it is never ends but by a panic: the sum
overflowing (core's `Sum::sum`, `accum.rs:204:1`) or the range itself, whichever comes first.
rustc's binary takes seconds to get there for a `u64` (6e9 additions); pbpit finds which
panics, and where, from the sums' closed form (`panic_of_sum`) rather than adding them one by
one to its time limit. `(a..).product()` is pulled as it is, unless it reaches 0, after which
only the range's own panic can end it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pbpit.rust.interp.core_panics import core_panic


def items(first: int, greatest: int) -> Iterator[int]:
    """`first..` of a type whose greatest value is `greatest`."""
    n = first
    while True:
        if n >= greatest:
            raise core_panic("RangeFrom::next")
        yield n
        n += 1


def _partial(first: int, k: int) -> int:
    """The sum of the first `k` items of `first..`."""
    return k * first + k * (k - 1) // 2


def _first_past(first: int, lo_k: int, hi_k: int, past: Any) -> int | None:
    """The least `k` in `lo_k..=hi_k` whose partial sum is `past` its bound (`past` monotonic
    over that span), or None."""
    if lo_k > hi_k or not past(_partial(first, hi_k)):
        return None
    while lo_k < hi_k:
        mid = (lo_k + hi_k) // 2
        if past(_partial(first, mid)):
            hi_k = mid
        else:
            lo_k = mid + 1
    return lo_k


def panic_of_sum(first: int, least: int, greatest: int) -> Any:
    """The panic `(first..).sum()` ends with, for a type of values `least..=greatest`."""
    pulls = greatest - first  # items given before the pull that panics in the range
    below = None
    if first < 0:  # the sums fall while the items are negative: below `least`?
        below = _first_past(first, 1, min(-first, pulls), lambda s: s < least)
    if below is not None:
        return core_panic("Sum::sum")
    above = _first_past(first, max(1, -first), pulls, lambda s: s > greatest)
    if above is not None:
        return core_panic("Sum::sum")
    return core_panic("RangeFrom::next")


def endless(e: Any) -> bool:
    """Whether `e` is `sum()` or `product()` of `start..` itself (no adapter between)."""
    from pbpit.rust.interp.nodes import Static

    recv = e.recv
    return isinstance(recv, Static) and recv.name == "ops::RangeFrom" and not recv.borrowed


def total_code(comp: Any, e: Any) -> Any:
    """The code of `(start..).sum()` (the panic it ends with, found at once) or `.product()`
    (pulled, until it overflows or reaches 0: then the range's panic)."""
    from pbpit.rust.interp.types import INT_RANGES, resolve

    start = comp.expr(e.recv.args[0])
    least, greatest = INT_RANGES[resolve(e.ty).name]
    if e.name == "sum":
        return lambda frame: _raise(panic_of_sum(start(frame), least, greatest))

    def product(frame: list) -> Any:
        acc = 1
        for item in items(start(frame), greatest):
            acc *= item
            if acc < least or acc > greatest:
                raise core_panic("Product::product")
            if acc == 0:
                raise core_panic("RangeFrom::next")
        raise AssertionError("an endless range ends by a panic")

    return product


def _raise(panic: Any) -> Any:
    raise panic
