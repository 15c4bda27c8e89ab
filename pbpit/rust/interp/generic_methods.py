"""A method's own type parameters (`fn fit<M: AutodiffModule + Scored>(&mut self, model: M)`
in an `impl` of a struct): each call gives each its type, as a generic function's call does
(`check_dispatch.generic_call`), checked against the parameter's bounds at the body's end
(`settle_dispatch`). The method runs on the value given (its methods found at run time by the
value's type, as in a generic function)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.traits import type_params
from pbpit.rust.interp.types import ParamT, TupleT, Ty, Var, Wrap, resolve


def own_params(fn: Any, mapping: dict[ParamT, Ty]) -> list[ParamT]:
    """Add a fresh type to `mapping` for each of `fn`'s own type parameters (not the `impl`'s,
    which the receiver gives) its parameters' types name; the ones added."""
    names = {p.name for p in type_params(fn)}
    own: list[ParamT] = []
    for written in fn.param_tys[1:]:
        for param in _params_in(written):
            if param.name in names and param not in mapping:
                mapping[param] = Var()
                own.append(param)
    return own


def _params_in(ty: Ty) -> list[ParamT]:
    """The type parameters in `ty` (`M`, `Vec<S>`, `(S, f32)`)."""
    ty = resolve(ty)
    if type(ty) is ParamT:
        return [ty]
    if type(ty) is Wrap:
        return _params_in(ty.inner)
    if type(ty) is TupleT:
        return [p for t in ty.elems for p in _params_in(t)]
    return []


def refuse_static_calls(checker: Any, e: Any, fn: Any, own: list[ParamT]) -> None:
    """`S::unit()` or `S::NAME` of an own parameter in the method's body: refused (pbpit gives
    a generic method's parameters no type at run time; a generic function's it does)."""
    from pbpit.rust.interp.nodes import children
    from pbpit.rust.interp.traits import AssocCall, AssocConst

    names = {p.name for p in own}
    stack = [fn.body] if fn.body is not None else []
    while stack:
        node = stack.pop()
        if isinstance(node, AssocCall | AssocConst) and node.param.name in names:
            what = f"`{node.param.name}::{node.name}` in the generic method `{fn.name}`"
            raise checker.fail(e.pos, what + " (pbpit runs it in a generic function)")
        stack.extend(children(node))


def check_bounds(
    checker: Any, e: Any, fn: Any, own: list[ParamT], mapping: dict[ParamT, Ty]
) -> None:
    """Each own parameter's type must implement its bounds (rustc's E0277, at the argument
    that gave it, else at the call)."""
    written = fn.param_tys[1:]
    for param in own:
        at = next((a for a, t in zip(e.args, written, strict=False) if resolve(t) is param), e)
        checker.bounds.append((mapping[param], param, at))
