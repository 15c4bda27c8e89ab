"""More of std's `Option` methods, each a row (`builtins.Builtin`: arity, types, behaviour),
spread into `std_methods.OPTION`: `or_else` (the closure called only for `None`), `zip`
(`Some((a, b))` when both are `Some`), `xor`, `and`, `unwrap_or_default`, `is_none_or`,
`flatten`."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.references import refuse_borrowed_value
from pbpit.rust.interp.types import BOOL, TupleT, Ty, Var, Wrap, option, resolve, show


def _or_else_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.arity(e, 1)
    fn = ck.closure_arg(e.args[0], [])
    ck.unify(recv, fn.ret, e.args[0].pos)
    return recv


def _or_else(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (function,) = args

    def or_else(frame: list) -> Any:
        option_ = recv(frame)
        return function(frame)() if option_ is None else option_

    return or_else


def _zip_type(ck: Any, e: Any, recv: Ty) -> Ty:
    other: Ty = Var()
    ck.args(e, option(other))
    refuse_borrowed_value(ck, e.args[0], option(other), scalar=False)  # `a.zip(&b)`: E0308
    return option(TupleT([resolve(recv).inner, other]))  # type: ignore[attr-defined]


def _zip(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.format import Some

    (other,) = args

    def zip_(frame: list) -> Any:
        a, b = recv(frame), other(frame)
        return None if a is None or b is None else Some((a.value, b.value))

    return zip_


def _xor(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (other,) = args

    def xor(frame: list) -> Any:
        a, b = recv(frame), other(frame)
        if (a is None) == (b is None):
            return None
        return a if b is None else b

    return xor


def _and_type(ck: Any, e: Any, recv: Ty) -> Ty:
    other: Ty = Var()
    ck.args(e, option(other))
    return option(other)


def _and(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (other,) = args

    def and_(frame: list) -> Any:
        a, b = recv(frame), other(frame)  # `b` evaluated either way
        return None if a is None else b

    return and_


def _is_none_or_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.arity(e, 1)
    fn = ck.closure_arg(e.args[0], [resolve(recv).inner])  # type: ignore[attr-defined]
    ck.unify(BOOL, fn.ret, e.args[0].pos)
    return BOOL


def _is_none_or(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (function,) = args

    def is_none_or(frame: list) -> Any:
        option_ = recv(frame)
        return True if option_ is None else function(frame)(option_.value)

    return is_none_or


def _unwrap_or_default(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    made = comp.default(e)  # the inner type's `Default` (library.py), made fresh each time

    def unwrap_or_default(frame: list) -> Any:
        option_ = recv(frame)
        return made(frame) if option_ is None else option_.value

    return unwrap_or_default


def _flatten_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`impl<T> Option<Option<T>> { fn flatten(self) -> Option<T> }`: another `Option` has no
    such method (rustc's E0599)."""
    ck.args(e)
    inner = ck.known(resolve(recv).inner)  # type: ignore[attr-defined]
    if not (type(inner) is Wrap and inner.kind == "Option"):
        what = f"no method named `flatten` found for enum `{show(recv)}` in the current scope"
        raise ck.fail(e.pos, rejects(what, "E0599"))
    return inner


def _flatten(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    return lambda frame: None if (outer := recv(frame)) is None else outer.value


OPTION_OPTIONS = (
    Builtin("Option", "flatten", None, "", _flatten, _flatten_type),
    Builtin("Option", "unwrap_or_default", (), "inner", _unwrap_or_default),
    Builtin("Option", "or_else", None, "self", _or_else, _or_else_type),
    Builtin("Option", "zip", None, "", _zip, _zip_type),
    Builtin("Option", "xor", ("self",), "self", _xor),
    Builtin("Option", "and", None, "", _and, _and_type),
    Builtin("Option", "is_none_or", None, "", _is_none_or, _is_none_or_type),
)
