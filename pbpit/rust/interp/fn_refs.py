"""A closure lent to a parameter bounded by a closure trait (`fn apply<F: Fn(f64) -> f64>(f: F)`
given `&scale`, `fn each<F: FnMut(i32)>(f: F)` given `&mut add`): std implements `Fn` for `&F`
when `F: Fn`, and `FnMut` for `&mut F` when `F: FnMut`, so rustc accepts the reference where
the parameter takes the closure by value (pbpit erases the reference: the call runs the
closure). `&mut f` where `Fn` is asked is rustc's E0277; a closure that changes what it
captures (or moves them out) lent as `&f` is refused by `closure_calls` (E0525, as rustc), for
any of the three bounds: `&F` implements them only when `F: Fn`."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import FnT, resolve, show


def lent_to_fn_bound(wanted: Any, arg: Any, checker: Any = None) -> bool:
    """Whether `arg`, written `&closure` (`&mut closure`), is given where `wanted` (a
    parameter's type bounded by `Fn(..)`, `FnMut(..)`) is taken and rustc accepts it; with
    `checker`, rustc's E0277 for `&mut closure` where `Fn` is asked."""
    given = getattr(arg, "ty", None)
    wanted = resolve(wanted)
    if not arg.borrowed or given is None or type(wanted) is not FnT:
        return False
    if type(resolve(given)) is not FnT:
        return False
    if not arg.mut_borrow:  # `&f` is `Fn`, `FnMut`, `FnOnce` when `f: Fn` (closure_calls)
        return True
    if wanted.trait == "Fn" and checker is not None:
        shown = ", ".join(show(p) for p in wanted.params)
        what = f"expected a `Fn({shown})` closure, found `&mut {{closure}}`"
        err = checker.fail(arg.borrow_pos or arg.pos, rejects(what, "E0277"))
        err.label = what
        raise err
    return wanted.trait in ("FnMut", "FnOnce")


def method_value(lowerer: Any, node: Any, item: Any, name: str) -> Any | None:
    """`V::total` named as a value where it is `map`'s function over references
    (`items.iter().map(V::total)`, `fn total(&self)`): the closure `|v| V::total(v)`, the
    method called by its path. Else None (other uses of a method's path are not followed:
    given `into_iter()`'s values, `V::total` is rustc's E0631, which pbpit erasing the `&`
    would run)."""
    from pbpit.rust.interp.lower_paths import by_reference_map
    from pbpit.rust.interp.nodes import Call

    fn = item.methods.get(name) if item is not None else None
    if fn is None or fn.self_kind != "ref" or len(fn.params) != 1 or fn.type_params:
        return None
    if by_reference_map(lowerer, node) is None:
        return None
    pos = lowerer.pos(node)
    return _receiver_closure(
        lowerer, pos, f"{item.name}::{name}", None, lambda r: Call(pos, fn, [r])
    )


def _receiver_closure(lowerer: Any, pos: Any, path: str, ty: Any, body: Any) -> Any:
    """The closure `|r| body(r)` a method's path stands for (`r` typed `ty`, None to infer),
    its one parameter a name no program writes."""
    from pbpit.rust.interp.nodes import Closure, FnScope, Local

    outer = lowerer.scope
    scope = FnScope(outer)
    lowerer.scope = scope
    saved = lowerer.open_scope(new_frame=True)
    param = lowerer.declare(f"{path} receiver", False)
    made = body(Local(pos, param, lowerer.scope))
    visible = lowerer.in_scope
    lowerer.close_scope(saved)
    lowerer.scope = outer
    return Closure(pos, [param], [ty], None, made, scope, False, visible)


_STD_METHODS = {
    "Vec": ("len", "is_empty"),
    "String": ("len", "is_empty"),
    "Option": ("is_some", "is_none"),
}
"""std's methods taking `&self` alone that a path names as `map`'s function over references
(`rows.iter().map(Vec::len)`), by their type."""


def std_method_value(lowerer: Any, node: Any, names: list[str]) -> Any | None:
    """`Vec::len` (`Vec::is_empty`, `String::len`, `Option::is_some`) named as the function of
    `map`, `position`, `any` or `all` over references (`g.iter().map(Vec::len)`,
    `slots.iter().position(Option::is_some)`): the closure `|v: &Vec<_>| v.len()`, the
    receiver typed so that items of another type are refused (rustc's E0631). Else None."""
    from pbpit.rust.interp.lower_paths import by_reference_map
    from pbpit.rust.interp.nodes import Method
    from pbpit.rust.interp.types import STRING, Var, option, vec

    if len(names) != 2 or names[1] not in _STD_METHODS.get(names[0], ()):
        return None
    if by_reference_map(lowerer, node, takers=("map", "position", "any", "all")) is None:
        return None
    pos = lowerer.pos(node)
    owners = {"Vec": vec(Var()), "String": STRING, "Option": option(Var())}
    owner = owners[names[0]]
    return _receiver_closure(
        lowerer, pos, f"{names[0]}::{names[1]}", owner, lambda r: Method(pos, r, names[1], [], [])
    )


def unify_params(checker: Any, closure: Any, params: list, expected: list) -> None:
    """The parameters of `closure` given the types its caller passes: for the closure a
    method's path stands for (`map(Vec::len)`), items of another type are rustc's E0631
    (type mismatch in function arguments) at the path; else the checker's `unify`."""
    from pbpit.rust.interp.types import Mismatch, unify

    for binding, param, ty in zip(closure.params, params, expected, strict=True):
        name = getattr(binding, "name", "")
        if not name.endswith(" receiver"):  # (`_receiver_closure`'s parameter)
            checker.unify(param, ty, closure.pos)
            continue
        try:
            unify(param, ty)
        except Mismatch:
            err = checker.fail(closure.pos, rejects("type mismatch in function arguments", "E0631"))
            err.label = f"expected function signature `fn({show(resolve(ty))}) -> _`"
            raise err from None
