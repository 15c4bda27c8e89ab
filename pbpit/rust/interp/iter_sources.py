"""Iterators with no end of their own, which a consumer bounds (`take`, `zip`, `find`):
`std::iter::successors(first, |x| next)` (a learning rate halved each epoch), `std::iter::
from_fn(|| next)` (a closure pulled until it gives `None`), and the range `start..`
(`RangeFrom`: `(1..).zip(names.iter())`, `(1..).find(|n| ..)`), a `builtins.Function` each,
in `std_cmp`'s table (called by path as `std_cmp` names them; `start..` lowered to the
function `ops::RangeFrom`, the struct rustc makes of it).

Each is an `Iter<T>` held as a `Lazy` with a front only: no length (`ExactSizeIterator`) and
no back (`DoubleEndedIterator`), so `len()` and `rev()` of one are refused as rustc refuses
them. `successors` calls its closure on the item it is about to give, as core's `next` does
(`self.next = (self.succ)(&item)` before returning `item`)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count
from typing import Any

from pbpit.rust.interp import range_from_ends
from pbpit.rust.interp.builtins import Code, Function
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.iterators import Lazy
from pbpit.rust.interp.types import Ty, Var, Wrap, is_float, option, resolve, show


def _successors_type(ck: Any, e: Any) -> Ty:
    first, step = e.args
    item = Var()
    ck.unify(option(item), ck.expr(first), first.pos)
    if first.borrowed and not first.mut_borrow:  # `successors(&None, ..)`: an `&Option<T>`
        what = f"mismatched types: expected `Option<_>`, found `&{show(resolve(first.ty))}`"
        raise ck.fail(first.borrow_pos or first.pos, what)
    fn = ck.closure_arg(step, [item])  # `FnMut(&T) -> Option<T>`
    ck.unify(option(item), fn.ret, step.pos)
    return Wrap("Iter", item)


def _successors(comp: Any, e: Any, args: list[Code]) -> Code:
    first, step = args

    def successors(frame: list) -> Lazy:
        start, succ = first(frame), step(frame)

        def items() -> Iterator[Any]:
            following = start
            while following is not None:
                item = following.value
                following = succ(item)  # (core computes the next before giving this one)
                yield item

        return Lazy(items)

    return successors


def _from_fn_type(ck: Any, e: Any) -> Ty:
    item = Var()
    fn = ck.closure_arg(e.args[0], [])  # `FnMut() -> Option<T>`
    ck.unify(option(item), fn.ret, e.args[0].pos)
    return Wrap("Iter", item)


def _from_fn(comp: Any, e: Any, args: list[Code]) -> Code:
    (function,) = args

    def from_fn(frame: list) -> Lazy:
        pull = function(frame)

        def items() -> Iterator[Any]:
            while (found := pull()) is not None:
                yield found.value

        return Lazy(items)

    return from_fn


def _range_from_type(ck: Any, e: Any) -> Ty:
    """`start..`: an iterator of `start`'s type (`Step`: integers and `char`s; a float's is
    rustc's E0277 where it is used as an iterator)."""
    start = ck.expr(e.args[0])
    found = resolve(start)
    if is_float(found) and not getattr(e, "let_bound", False):  # (float_range_lets.py)
        what = f"the trait bound `{show(found)}: Step` is not satisfied"
        raise ck.fail(e.pos, rejects(what, "E0277"))
    return Wrap("Iter", start)


def _range_from(comp: Any, e: Any, args: list[Code]) -> Code:
    """`start..`: its items up to the type's greatest value, whose pull panics as core's does
    in a debug build (range_from_ends.py)."""
    from pbpit.rust.interp.types import INT_RANGES

    (start,) = args
    name = getattr(resolve(e.args[0].ty), "name", None)
    letters = name == "char"
    greatest = INT_RANGES[name][1] if name in INT_RANGES else None

    def range_from(frame: list) -> Lazy:
        first = start(frame)
        if letters:
            return Lazy(lambda: map(chr, count(ord(first))))
        if greatest is not None:
            return Lazy(lambda: range_from_ends.items(first, greatest))
        return Lazy(lambda: count(first))

    return range_from


FUNCTIONS = [
    Function("iter", "successors", 2, _successors_type, _successors),
    Function("iter", "from_fn", 1, _from_fn_type, _from_fn),
    Function("ops", "RangeFrom", 1, _range_from_type, _range_from),
]


def range_from(it: Any) -> str | None:
    """`std::ops::RangeFrom<..>` as rustc shows it when the iterator `it` is made from
    `start..` through any adapters (`(1..).map(f)`): no `len` (rustc's E0599), no `rev`
    (E0277, `DoubleEndedIterator`); else None."""
    from pbpit.rust.interp.nodes import Method, Static

    while isinstance(it, Method) and not it.borrowed:
        it = it.recv
    if not isinstance(it, Static) or it.name != "ops::RangeFrom" or it.borrowed:
        return None
    start = resolve(it.args[0].ty) if it.args[0].ty is not None else None
    shown = "{integer}" if type(start) is Var or start is None else show(start)
    return f"std::ops::RangeFrom<{shown}>"
