"""`Iterator::eq` and `ne` (`w.chars().eq(w.chars().rev())`, `a.iter().eq(b.iter())`), as
core defines them: `other` any `IntoIterator` (an iterator, a `Vec`, an array, a range) whose
items compare with the receiver's by `PartialEq` (`rust_eq`: NaN equal to nothing); equal when
both end together with every pair equal. Items of two types (`{integer}` against `char`) are
rustc's E0277; references are erased, so `&T` against `T` runs."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import iterators
from pbpit.rust.interp.builtins import Builtin, Code
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import BOOL, Mismatch, Ty, Var, Wrap, resolve, show, unify

_ITER = "Iter"
_SEQUENCES = ("Vec", "array", "Range", _ITER)


def _eq_type(ck: Any, e: Any, recv: Ty) -> Ty:
    (other,) = ck.args(e, Var())
    found = resolve(other)
    if not (type(found) is Wrap and found.kind in _SEQUENCES):
        what = f"`{show(other)}` is not an iterator"
        raise ck.fail(e.args[0].pos, rejects(what, "E0277"))
    mine = iterators._item(recv)
    try:
        unify(mine, found.inner)
    except Mismatch:
        what = f"can't compare `{show(mine)}` with `{show(found.inner)}`"
        raise ck.fail(e.pos, rejects(what, "E0277")) from None
    return BOOL


def _eq(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import rust_eq  # (runtime imports the nodes)

    (other,) = args
    negated = e.name == "ne"
    end = object()

    def eq(frame: list) -> Any:
        mine, theirs = iter(recv(frame)), iter(other(frame))
        while True:
            a, b = next(mine, end), next(theirs, end)
            if a is end or b is end:
                return (a is b) != negated
            if not rust_eq(a, b):
                return negated

    return eq


ROWS = tuple(Builtin(_ITER, name, None, "", _eq, _eq_type) for name in ("eq", "ne"))
"""`Iterator::eq`, `Iterator::ne` (spread into `iter_methods.ITER`)."""
