"""A range of floats (`0.0..=1.0`, `lo..hi` of `f32`s): not an iterator (rustc's E0277, `f32:
Step`), but a bound: `(0.0..=1.0).contains(&frac)`, `is_empty()`, as std's `RangeBounds` and
`Range`/`RangeInclusive` define them (a NaN end or item is in no range; `is_empty` is
`!(start < end)`, `!(start <= end)` inclusive). Held as a `FloatRange`, which
`range_methods`' `contains` and `is_empty` read as they read Python's `range`."""

from __future__ import annotations

from typing import Any


class FloatRange:
    """`lo..hi` (`inclusive`: `lo..=hi`) of floats."""

    __slots__ = ("lo", "hi", "inclusive", "where")

    def __init__(self, lo: float, hi: float, inclusive: bool, where: str) -> None:
        self.lo, self.hi, self.inclusive, self.where = lo, hi, inclusive, where

    def __iter__(self) -> Any:  # (rustc rejects it: no `Step` for floats, E0277/E0599)
        from pbpit.rust.interp.nodes import Unsupported  # (nodes are the compiler's)

        raise Unsupported(self.where, "a range of floats iterated (rustc: `f32: Step` is unmet)")

    def __contains__(self, x: object) -> bool:
        return self.lo <= x and (x <= self.hi if self.inclusive else x < self.hi)  # type: ignore[operator]

    def __len__(self) -> int:  # (read by `is_empty` only: 0 or 1)
        return int(self.lo <= self.hi if self.inclusive else self.lo < self.hi)


def compile_range(lo: Any, hi: Any, inclusive: bool, where: str) -> Any:
    return lambda frame: FloatRange(lo(frame), hi(frame), inclusive, where)
