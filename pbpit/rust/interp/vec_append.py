"""`a.append(&mut b)` of a `let mut` `Vec` (`builtins.Builtin`, spread into `std_methods.VEC`):
`b`'s elements moved onto `a`'s end, `b` left empty (batches gathered into one buffer); and
`v.as_slice()`, the `Vec` read as its slice (`&[T]`, which pbpit holds as the `Vec` itself).

`append` takes `other: &mut Vec<T>`: `&mut` a place, or a `&mut Vec<T>` variable (a
parameter); anything else is rustc's E0308."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code, _inner
from pbpit.rust.interp.types import UNIT, Ty, resolve, show


def _append_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.mutable_receiver(e)
    ck.arity(e, 1)
    arg = e.args[0]
    given = ck.expr(arg)
    lent = getattr(getattr(arg, "binding", None), "mut_ref", False)  # `from: &mut Vec<T>`
    if not (arg.mut_borrow or lent) or getattr(resolve(given), "kind", None) != "Vec":
        found = ("&" if arg.borrowed and not arg.mut_borrow else "") + show(given)
        what = f"mismatched types: expected `&mut Vec<{show(_inner(recv))}>`, found `{found}`"
        raise ck.fail(arg.pos, what)  # rustc's E0308
    ck.unify(_inner(recv), _inner(given), arg.pos)
    return UNIT


def _as_slice_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`&[T]`: slice patterns match it (`if let [a, rest @ ..] = v.as_slice()`), a `Vec`'s
    own methods do not take it (rustc's E0599 on `v.as_slice().push(..)`)."""
    from pbpit.rust.interp.slices import slice_of

    ck.arity(e, 0)
    return slice_of(_inner(recv))


def _append(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (other,) = args

    def append(frame: list) -> Any:
        items, moved = recv(frame), other(frame)
        if items is moved:  # (rustc refuses `v.append(&mut v)`: E0499; kept safe)
            return UNIT
        items.extend(moved)
        moved.clear()
        return UNIT

    return append


VEC_APPEND = (
    Builtin("Vec", "append", None, "()", _append, _append_type, mutates=True),
    Builtin("Vec", "as_slice", None, "self", lambda c, e, recv, a: recv, _as_slice_type),
)
