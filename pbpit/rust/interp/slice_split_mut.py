"""`v.split_at_mut(mid)` of a `let mut` `Vec`, array or `&mut [T]` (`builtins.Builtin`, spread
into each family by `std_more.slice_more`): the two halves `&mut [T]`, each a `SliceView`
writing through to `v` (a flat parameter buffer updated as weights and biases, two rows of
one matrix changed together). A `mid` past the length panics as core's `#[track_caller]`
assert does, at the call (`mid > len`).

The halves are `&mut` bindings where a `let (a, b) = v.split_at_mut(m);` names them
(`mark_halves`), so `a[0] += b[0]` writes through them; rustc's borrow checker keeps `v`
from being used while they live, which pbpit follows where a `let` holds a borrow (a use of
`v` before their last use is refused)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code, _inner
from pbpit.rust.interp.types import USIZE, TupleT, Ty

_SHARED_VIEWS = ("as_slices", "split_first", "split_last")
"""Methods giving a pair of views into their receiver, a shared borrow of it."""
_HALVES = "split_halves"
"""The attribute of a `split_at_mut` call whose halves a `let` names (`mark_halves`)."""


def _split_at_mut_type(ck: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp.slices import slice_of
    from pbpit.rust.interp.std_sort import mutable_slice  # (std_sort imports the rows)

    if not getattr(e, _HALVES, False):  # (only a `let`'s names are `&mut` bindings here)
        raise ck.fail(e.pos, "`split_at_mut` but as `let (a, b) = v.split_at_mut(m);`")
    mutable_slice(ck, e)  # `&mut self`: a `let mut` variable or a `&mut` one
    ck.value_args(e, USIZE)  # `&i` is rustc's E0308
    return TupleT([slice_of(_inner(recv)), slice_of(_inner(recv))])


def _split_at_mut(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.slices import SliceView

    site, (middle,) = comp.panic_site(e.pos), args

    def split_at_mut(frame: list) -> Any:
        items, mid = recv(frame), middle(frame)
        if mid > len(items):
            raise site.panic("mid > len")
        return (SliceView(items, 0, mid), SliceView(items, mid, len(items)))

    return split_at_mut


def rows(family: str) -> list[Builtin]:
    return [Builtin(family, "split_at_mut", None, "", _split_at_mut, _split_at_mut_type)]


def mark_halves(lets: list, init: Any) -> None:
    """`let (a, b) = v.split_at_mut(m);`: `a` and `b` (the `let`s after the hidden one holding
    the pair) are `&mut [T]` bindings, each lending `v` (`lends`) while it lives; those of
    `q.as_slices()` lend `q` shared (`shared_lender`)."""
    from pbpit.rust.interp.nodes import Method

    viewed = init
    while isinstance(viewed, Method) and viewed.name in ("unwrap", "expect"):
        viewed = viewed.recv  # (`v.split_first().unwrap()`)
    if isinstance(viewed, Method) and viewed.name in _SHARED_VIEWS and not viewed.borrowed:
        for made in lets[1:]:  # `let (a, b) = q.as_slices();`: `q` lent shared while they live
            made.init.shared_lender = viewed.recv  # (loop_borrows.py)
        return
    if not isinstance(init, Method) or init.name != "split_at_mut" or init.borrowed:
        return
    setattr(init, _HALVES, True)
    for made in lets[1:]:
        made.binding.mut_ref = True
        made.init.lends = init.recv  # (borrows.py: `v` lent mutably while `a`, `b` live)
