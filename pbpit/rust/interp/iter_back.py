"""`next_back()` of a double-ended iterator made where it is called (`m.iter().next_back()`, a
`BTreeMap`'s last entry; `s.chars().next_back()`, `v.iter().rev().next_back()`): its last item,
pulled from the back (`iterators.Lazy.back`), or `None`. A row of `iterators.ITERATORS`.

On an iterator variable (`it.next_back()` between `it.next()`s) it is refused: pbpit's stepped
iterators (`iterators.Cursor`) go forward only."""

from __future__ import annotations

from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp.builtins import Builtin, Code
from pbpit.rust.interp.types import Ty, option


def _back_type(ck: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp.nodes import Local  # (the nodes import the rows' tables)

    if isinstance(e.recv, Local):
        what = f"`next_back` of the iterator variable `{e.recv.binding.name}` (pbpit steps "
        raise ck.fail(e.pos, what + "iterators from the front; write `.last()` or `.rev()`)")
    ck.args(e)
    return option(recv.inner)  # type: ignore[attr-defined]


def _back(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.iterators import lazy
    from pbpit.rust.interp.runtime import Unsupported  # (runtime imports the nodes)

    where = comp.where(e.pos)

    def next_back(frame: list) -> Any:
        items = lazy(recv(frame))
        if items.back is None:  # (an adapter pbpit runs from the front only)
            raise Unsupported(where, "`next_back` of an iterator pbpit pulls from the front only")
        for item in items.back():
            return Some(item)
        return None

    return next_back


NEXT_BACK = Builtin("iterators", "next_back", None, "", _back, _back_type)
