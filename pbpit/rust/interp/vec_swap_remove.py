"""`v.swap_remove(i)`: the element at `i`, its place taken by the last one (O(1), the order not
kept), as std's `Vec::swap_remove` runs; an index past the end panics inside alloc where rustc
1.95's binaries say (`core_panics`: the method has no `#[track_caller]`)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code
from pbpit.rust.interp.core_panics import core_panic


def _swap_remove(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (index,) = args

    def swap_remove(frame: list) -> Any:
        items, at = recv(frame), index(frame)
        if at >= len(items):
            raise core_panic("Vec::swap_remove", index=at, len=len(items))
        items[at], items[-1] = items[-1], items[at]
        return items.pop()

    return swap_remove


ROWS = (Builtin("Vec", "swap_remove", ("usize",), "inner", _swap_remove, mutates=True),)
