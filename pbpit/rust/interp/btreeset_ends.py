"""`s.pop_first()` / `s.pop_last()` of a `let mut` `BTreeSet` (`builtins.Builtin`, spread into
`sets.BTREESET`): the least (greatest) item taken out, `None` when empty (the next id of a
free list, the largest pending bucket)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp.builtins import Builtin, Code


def _pop(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    pick = min if e.name == "pop_first" else max

    def pop(frame: list) -> Any:
        items = recv(frame)
        if not items:
            return None
        found = pick(items)
        items.discard(found)
        return Some(found)

    return pop


ROWS = tuple(
    Builtin("BTreeSet", n, (), "option_inner", _pop, mutates=True)
    for n in ("pop_first", "pop_last")
)
