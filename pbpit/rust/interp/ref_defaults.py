"""A value given where an `Option` of references takes a reference: `v.last().unwrap_or(0.0)`
(`Option<&f32>::unwrap_or` takes a `&f32`: rustc's E0308, "expected `&f32`, found
floating-point number"; `v.last().copied().unwrap_or(0.0)` or `unwrap_or(&0.0)` is meant).

pbpit erases references, so `Option<&f32>` and `Option<f32>` are one type to it and the
program would run. Followed where the `Option` is certainly of references: what a `Vec`'s,
a slice's, a map's or a `VecDeque`'s `first`, `last`, `get`, `front`, `back` returns, or an
item of `iter()` (`next`, `max`, `min`, `last`..); the default certainly a value (a literal,
an operator's result: `Checker.owned`).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import TYPE_WORDS, Builtin
from pbpit.rust.interp.nodes import Method
from pbpit.rust.interp.types import Ty, Wrap, resolve, show

_ELEMENT = frozenset(("first", "last", "get", "front", "back"))
_ITEM = frozenset(("next", "max", "min", "last", "nth", "find", "max_by", "min_by"))
_KEEPING = frozenset(("rev", "skip", "take", "step_by", "filter", "skip_while", "take_while"))
_HOLDERS = ("Vec", "VecDeque", "HashMap", "BTreeMap", "array")


def of_references(e: Any) -> bool:
    """Whether the `Option` `e` certainly holds a reference (see the module's docstring)."""
    if not isinstance(e, Method) or not isinstance(e.impl, Builtin) or e.borrowed:
        return False
    if e.name in _ELEMENT:
        holder = resolve(e.recv.ty) if e.recv.ty is not None else None
        return type(holder) is Wrap and holder.kind in _HOLDERS
    if e.name not in _ITEM:
        return False
    source = e.recv
    while isinstance(source, Method) and source.name in _KEEPING:
        source = source.recv
    return isinstance(source, Method) and source.name == "iter" and not source.args


def unwrap_or_type(checker: Any, e: Any, recv: Ty) -> Ty:
    """`Option::unwrap_or`'s type: the `Option`'s item; rustc's E0308 for a value given to
    an `Option` of references."""
    inner = TYPE_WORDS["inner"](recv)
    checker.args(e, inner)
    (default,) = e.args
    if of_references(e.recv) and not default.borrowed and checker.owned(default):
        found = show(resolve(default.ty)) if default.ty is not None else "a value"
        err = checker.fail(
            default.pos, f"mismatched types: expected `&{show(resolve(inner))}`, found `{found}`"
        )
        err.label = f"expected `&{show(resolve(inner))}`, found `{found}`"
        raise err
    return inner
