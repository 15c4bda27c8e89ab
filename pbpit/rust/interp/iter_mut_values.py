"""`v.iter_mut()` as an iterator value, of a `Vec`, array or slice whose elements pbpit shares
(structs, `Box<dyn Trait>`s, `Vec`s: `layers.iter_mut().map(|l| l.step(lr)).collect()`,
`rows.iter_mut().zip(..)`): each item is the element itself, so its `&mut self` methods and
field writes change the element in place, as through rustc's `&mut T`. A collection of the
items themselves (`let all: Vec<&mut T> = v.iter_mut().collect();`) is refused.

Elements held by value (numbers, tuples, arrays) have no place an item could reach outside a
`for` loop (which `iter_mut.py` runs by index): refused here. The closure parameters given
such items are `&mut` bindings (`mut_item_closures.py`); `v` is borrowed mutably while the
iterator lives (`held_borrows.py`)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, _inner
from pbpit.rust.interp.types import Ty, Wrap, shared, show


def _iter_mut_type(ck: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp.std_sort import mutable_slice  # (std_sort imports the rows)

    ck.args(e)
    item = _inner(recv)
    if not shared(item):
        what = f"`iter_mut()` of `{show(recv)}` as a value (pbpit runs `for x in v.iter_mut()`"
        raise ck.fail(e.pos, what + " for elements held by value)")
    mutable_slice(ck, e)  # `&mut self`: a `let mut` variable, a `&mut` one (E0596)
    return Wrap("Iter", item)


def rows(family: str) -> list[Builtin]:
    return [
        Builtin(
            family, "iter_mut", None, "", lambda c, e, recv, a: recv, _iter_mut_type,
            mutates=True,
        )
    ]


_KEEPING = frozenset(
    ("rev", "skip", "take", "step_by", "filter", "skip_while", "take_while", "peekable")
    + ("inspect", "by_ref", "chain", "cycle", "fuse")
)


def refuse_collected(ck: Any, e: Any) -> None:
    """`v.iter_mut().collect()` (through adapters keeping the items): a collection of `&mut`
    items pbpit cannot tell from the elements' own values (a `Vec<&mut T>` holding `v`
    borrowed while it lives): refused."""
    from pbpit.rust.interp.nodes import Method

    recv = e.recv
    while isinstance(recv, Method) and recv.name in _KEEPING and recv.impl is not None:
        recv = recv.recv
    if isinstance(recv, Method) and recv.name == "iter_mut" and recv.impl is not None:
        if getattr(recv.impl, "check", None) is _iter_mut_type:
            raise ck.fail(e.pos, "`collect` of `iter_mut()`'s items (a collection of `&mut`)")
