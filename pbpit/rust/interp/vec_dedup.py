"""`Vec::dedup_by_key(f)` and `dedup_by(same)`, a row each (`builtins.Builtin`, spread into
`std_more.VEC_MORE`): each run of elements of equal keys (or that `same(a, b)` puts in one
bucket, `b` the element kept last, `a` the next, as std calls it) kept as its first."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code, _inner
from pbpit.rust.interp.types import BOOL, UNIT, Ty


def _dedup_by_key_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.mutable_receiver(e)
    ck.arity(e, 1)
    ck.closure_arg(e.args[0], [_inner(recv)])  # `|x: &mut T| key` (a key compared by `==`)
    return UNIT


def _dedup_by_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.mutable_receiver(e)
    ck.arity(e, 1)
    fn = ck.closure_arg(e.args[0], [_inner(recv), _inner(recv)])  # `|a: &mut T, b: &mut T|`
    ck.unify(BOOL, fn.ret, e.args[0].pos)
    return UNIT


def _dedup_by(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (function,) = args

    def dedup(frame: list) -> Any:
        items, same = recv(frame), function(frame)
        kept: list = []
        for item in items:
            if not kept or not same(item, kept[-1]):
                kept.append(item)
        items[:] = kept
        return ()  # (the runtime's unit value)

    return dedup


def _dedup_by_key(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """`dedup_by_key(f)`: each run of elements of equal keys kept as its first."""
    from pbpit.rust.interp.runtime import rust_eq  # (runtime imports the nodes)

    (function,) = args

    def dedup(frame: list) -> Any:
        items, key = recv(frame), function(frame)
        kept: list = []
        for item in items:
            if not kept or not rust_eq(key(item), key(kept[-1])):
                kept.append(item)
        items[:] = kept
        return ()  # (the runtime's unit value)

    return dedup


DEDUPS = (
    Builtin("Vec", "dedup_by_key", None, "()", _dedup_by_key, _dedup_by_key_type, mutates=True),
    Builtin("Vec", "dedup_by", None, "()", _dedup_by, _dedup_by_type, mutates=True),
)
