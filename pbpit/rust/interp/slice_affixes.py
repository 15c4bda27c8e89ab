"""core's `starts_with(&self, needle: &[T]) -> bool` and `ends_with` of a slice (a `Vec`, an
array, a `&[T]`), spread into each family by `std_more.slice_more`: whether `needle`'s elements
are the first (last) ones, compared by `PartialEq` (`rust_eq`: NaN equal to nothing). The needle
is a `&[T]`: `&[10, 20]`, `&v`, `&v[..2]`; a value is rustc's E0308."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code, _inner
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import BOOL, Ty, Wrap, resolve, show


def _affix_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.arity(e, 1)
    arg = e.args[0]
    given = resolve(ck.expr(arg))
    if not (type(given) is Wrap and given.kind in ("Vec", "array")):
        what = f"mismatched types: expected `&[{show(_inner(recv))}]`, found `{show(given)}`"
        raise ck.fail(arg.pos, rejects(what, "E0308"))
    ck.unify(_inner(recv), given.inner, arg.pos)
    if ck.owned(arg):  # `v.starts_with(vec![1])`: a value where `&[T]` is taken
        what = f"mismatched types: expected `&[{show(_inner(recv))}]`, found `{show(given)}`"
        raise ck.fail(arg.pos, rejects(what, "E0308"))
    return BOOL


def _affix(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import rust_eq  # (runtime imports the nodes)

    (needle,) = args
    at_end = e.name == "ends_with"

    def affix(frame: list) -> Any:
        items, part = list(recv(frame)), list(needle(frame))
        if len(part) > len(items):
            return False
        start = len(items) - len(part) if at_end else 0
        return all(rust_eq(x, y) for x, y in zip(items[start:], part, strict=False))

    return affix


def rows(family: str) -> list[Builtin]:
    return [Builtin(family, name, None, "bool", _affix, _affix_type) for name in _NAMES]


_NAMES = ("starts_with", "ends_with")
