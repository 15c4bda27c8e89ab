"""`Iterator::try_fold` and `sum`/`product` into an `Option` or a `Result`: the folds that stop
at the first `None` or `Err` (std's `Try`), as core defines them.

- `it.try_fold(init, |acc, x| ..)`: the closure gives an `Option<B>` or a `Result<B, E>` of
  the accumulator `B`; the first `None`/`Err` is the answer (the items after it not pulled),
  else `Some(acc)`/`Ok(acc)` of the last.
- `it.sum::<Result<T, E>>()` of items `Result<U, E>` (`T: Sum<U>`; `Option` alike): the first
  `Err` (or `None`), else `Ok` of the numbers' sum, summed as `Sum` sums them."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import iterators
from pbpit.rust.interp.builtins import Builtin, Code
from pbpit.rust.interp.types import Ty, Var, Wrap, resolve, show

_SHORTING = ("Option", "DynResult")  # (`Result<T, E>` of std is a `DynResult`)


def _try_fold_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.arity(e, 2)
    acc = ck.expr(e.args[0])
    fn = ck.closure_arg(e.args[1], [acc, iterators._item(recv)])
    found = resolve(fn.ret)
    if type(found) is not Wrap or found.kind not in _SHORTING:
        what = f"`try_fold` whose closure gives `{show(found)}` (pbpit: an `Option` or a `Result`)"
        raise ck.fail(e.args[1].pos, what)
    ck.unify(acc, found.inner, e.args[1].pos)
    return fn.ret


def _stopped(value: Any) -> bool:
    from pbpit.rust.interp.results import Err

    return value is None or type(value) is Err


def _wrapper(kind: str) -> Any:
    from pbpit.rust.format import Some
    from pbpit.rust.interp.runtime import Ok  # (runtime imports the nodes)

    return Some if kind == "Option" else Ok


def _try_fold(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    init, function = args
    wrap = _wrapper(resolve(e.ty).kind)  # type: ignore[attr-defined]

    def try_fold(frame: list) -> Any:
        acc, f = init(frame), function(frame)
        for item in iterators.lazy(recv(frame)):
            step = f(acc, item)
            if _stopped(step):
                return step
            acc = step.value
        return wrap(acc)

    return try_fold


ROWS = (Builtin("Iter", "try_fold", None, "", _try_fold, _try_fold_type),)
"""Spread into `iter_methods.ITER`."""


# -- `sum`/`product` into an `Option` or a `Result` --------------------------------------------


def settle_total(ck: Any, total: Ty, item: Ty, e: Any) -> tuple[Ty, Ty] | None:
    """For `sum`/`product` of `Option`/`Result` items (into the same kind): the number types
    (total, item) to settle as numbers are, the errors unified; None for any other."""
    made, given = resolve(total), resolve(item)
    if type(given) is not Wrap or given.kind not in _SHORTING:
        return None
    if type(made) is Var and made.kind is None:
        return None  # (the caller's "type annotations needed")
    if type(made) is not Wrap or made.kind != given.kind:
        return None
    if made.err is not None and given.err is not None:
        ck.unify(made.err, given.err, e.pos)
    e.shorting = True
    return made.inner, given.inner


class _Numbers:
    """The stand-in a number total is compiled for (`Compiler.accumulate` reads its type)."""

    def __init__(self, ty: Ty, pos: Any) -> None:
        self.ty, self.pos = ty, pos


def total(comp: Any, e: Any, recv: Code) -> Code | None:
    """The behaviour of `sum`/`product` marked by `settle_total`, else None."""
    if not getattr(e, "shorting", False):
        return None
    made = resolve(e.ty)
    wrap, stops = _wrapper(made.kind), []  # type: ignore[attr-defined]  # a call's own, nested

    def values(frame: list) -> Any:
        stop = stops[-1]
        for item in iterators.lazy(recv(frame)):
            if _stopped(item):
                stop.append(item)
                return
            yield item.value

    numbers = comp.accumulate(_Numbers(made.inner, e.pos), e.name, values)

    def shorted(frame: list) -> Any:
        stops.append([])
        try:
            found = numbers(frame)
            stop = stops[-1]
        finally:
            stops.pop()
        return stop[0] if stop else wrap(found)

    return shorted
