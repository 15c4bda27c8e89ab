"""`v.fill(x)` of a `Vec` (a slice, an array): each element made a clone of `x`, in place, as
std's `<[T]>::fill` (`T: Clone`) does."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code


def _fill(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import UNIT, clone_value  # (runtime imports the nodes)

    (value,) = args

    def fill(frame: list) -> Any:
        items, x = recv(frame), value(frame)
        for i in range(len(items)):
            items[i] = clone_value(x)
        return UNIT

    return fill


ROWS = (Builtin("Vec", "fill", ("inner",), "()", _fill, mutates=True),)
