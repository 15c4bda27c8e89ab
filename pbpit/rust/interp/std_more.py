"""More of std's `Vec` and `Option` methods training code calls, a row each
(`builtins.Builtin`), spread into `std_methods.VEC` and `std_methods.OPTION`: `Vec`'s `insert`,
`remove`, `reverse`, `truncate`, `swap`, `contains`, `extend`, `extend_from_slice`, `retain`,
`drain(..)`,
`Option`'s closure-taking methods (`and_then`, `map_or`, `map_or_else`, `is_some_and`,
`filter`, `unwrap_or_else`) and `replace`, `as_deref`; and `bool`'s `then`, `then_some`
(`BOOL_METHODS`, its own family).

A `Vec` is a Python list the `&mut self` methods change in place; an `Option` is `Some(v)` or
None. The panics are std's (alloc/src/vec/mod.rs, core's slice index), at the call.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp.builtins import Builtin, Code, _inner, rows
from pbpit.rust.interp.types import (
    BOOL,
    STR,
    STRING,
    UNIT,
    USIZE,
    Ty,
    Var,
    Wrap,
    option,
    resolve,
    show,
)

# -- Vec ------------------------------------------------------------------------------------------


def _insert(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    site, (index, value) = comp.panic_site(e.pos), args

    def insert(frame: list) -> Any:
        items, at, item = recv(frame), index(frame), value(frame)
        if at > len(items):
            raise site.panic(f"insertion index (is {at}) should be <= len (is {len(items)})")
        items.insert(at, item)
        return UNIT

    return insert


def _insert_type(ck: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp.value_slots import vec_of_values

    ck.mutable_receiver(e)
    ck.args(e, USIZE, _inner(recv))
    item = e.args[1]
    if item.borrowed and vec_of_values(e.recv):  # `returns.insert(0, &ret)`, `Vec<f32>`
        shown, where = show(item.ty), item.borrow_pos or item.pos
        raise ck.fail(where, f"mismatched types: expected `{shown}`, found `&{shown}`")
    return UNIT


def _remove(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    site, (index,) = comp.panic_site(e.pos), args

    def remove(frame: list) -> Any:
        items, at = recv(frame), index(frame)
        if at >= len(items):
            raise site.panic(f"removal index (is {at}) should be < len (is {len(items)})")
        return items.pop(at)

    return remove


def _reverse(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    def reverse(frame: list) -> Any:
        recv(frame).reverse()
        return UNIT

    return reverse


def _truncate(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (length,) = args

    def truncate(frame: list) -> Any:
        items, n = recv(frame), length(frame)
        del items[n:]
        return UNIT

    return truncate


def _swap(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    site, (first, second) = comp.panic_site(e.pos), args

    def swap(frame: list) -> Any:
        items, a, b = recv(frame), first(frame), second(frame)
        for at in (a, b):
            if at >= len(items):
                what = f"the len is {len(items)} but the index is {at}"
                raise site.panic(f"index out of bounds: {what}")
        items[a], items[b] = items[b], items[a]
        return UNIT

    return swap


def _contains_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.args(e, _inner(recv))
    if not e.args[0].borrowed:  # rustc: `contains(&self, x: &T)`
        found = show(e.args[0].ty)
        raise ck.fail(e.args[0].pos, f"mismatched types: expected `&{found}`, found `{found}`")
    return BOOL


def _contains(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (value,) = args
    return lambda frame: value(frame) in recv(frame)


def _extend_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`extend(iter)`: any `IntoIterator` of the element (a `Vec`, an array, an iterator, a
    range); `extend_from_slice(&s)`: a `&Vec<T>` or `&[T; N]` (its elements cloned)."""
    ck.mutable_receiver(e)
    ck.arity(e, 1, f"`{e.name}`")
    arg = e.args[0]
    given = resolve(ck.expr(arg))
    kinds = ("Vec", "array") if e.name == "extend_from_slice" else ("Vec", "array", "Iter", "Range")
    if getattr(given, "kind", None) not in kinds:
        raise ck.fail(arg.pos, f"`{e.name}` of `{show(given)}`")
    ck.unify(_inner(recv), given.inner, arg.pos)  # type: ignore[attr-defined]
    if e.name == "extend_from_slice" and not arg.borrowed:  # rustc: `other: &[T]`
        found = show(given)
        raise ck.fail(arg.pos, f"mismatched types: expected `&[_]`, found `{found}`")
    return UNIT


def _extend(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import clone_value  # (runtime imports the nodes)

    (given,) = args
    copy = clone_value if e.name == "extend_from_slice" else (lambda item: item)

    def extend(frame: list) -> Any:
        items = recv(frame)
        items.extend([copy(item) for item in given(frame)])
        return UNIT

    return extend


def _retain_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.mutable_receiver(e)
    ck.arity(e, 1, "`retain`")
    fn = ck.closure_arg(e.args[0], [_inner(recv)])  # `|x: &T| ..`
    ck.unify(BOOL, fn.ret, e.args[0].pos)
    return UNIT


def _retain(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (function,) = args

    def retain(frame: list) -> Any:
        items, keep = recv(frame), function(frame)
        items[:] = [item for item in items if keep(item)]
        return UNIT

    return retain


def _drain_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`v.drain(..)` only (the argument lowered as a marked `()`): every element, in order."""
    ck.mutable_receiver(e)
    if len(e.args) != 1 or not getattr(e.args[0], "full_range", False):
        raise ck.fail(e.pos, "`drain` of a range other than `..`")
    e.args[0].ty = UNIT
    return Wrap("Iter", _inner(recv))


def _drain(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    def drain(frame: list) -> Any:
        items = recv(frame)
        taken = items[:]
        items.clear()
        return taken

    return drain


def refuse_drain_loop(lowerer: Any, node: Any) -> None:
    """`for x in v.drain(..) { .. v .. }`: `v` stays borrowed mutably for the whole loop, so
    rustc rejects any use of it in the body (E0499, E0502); pbpit's `drain` takes the elements
    first, so it would run: refused (`e_for_expression` asks)."""
    value = node.child_by_field_name("value")
    function = value.child_by_field_name("function") if value.type == "call_expression" else None
    if function is None or function.type != "field_expression":
        return
    if lowerer.text(function.child_by_field_name("field")) != "drain":
        return
    root = function.child_by_field_name("value")
    while root.type == "field_expression":
        root = root.child_by_field_name("value")
    name, stack = lowerer.text(root), [node.child_by_field_name("body")]
    while stack:
        part = stack.pop()
        stack.extend(part.children)
        if part.type in ("identifier", "self") and lowerer.text(part) == name:
            what = f"`{name}` used in a loop over `{lowerer.text(value)}`, which borrows it"
            raise lowerer.fail(part, what + " mutably (rustc: E0499/E0502)")


VEC_MORE = (
    Builtin("Vec", "drain", None, "", _drain, _drain_type),
    Builtin("Vec", "extend", None, "()", _extend, _extend_type),
    Builtin("Vec", "extend_from_slice", None, "()", _extend, _extend_type),
    Builtin("Vec", "retain", None, "()", _retain, _retain_type),
    Builtin("Vec", "insert", ("usize", "inner"), "()", _insert, _insert_type, mutates=True),
    Builtin("Vec", "remove", ("usize",), "inner", _remove, mutates=True),
    Builtin("Vec", "reverse", (), "()", _reverse, mutates=True),
    Builtin("Vec", "truncate", ("usize",), "()", _truncate, mutates=True),
    Builtin("Vec", "swap", ("usize", "usize"), "()", _swap, mutates=True),
    Builtin("Vec", "contains", None, "bool", _contains, _contains_type),
)

# -- Option ---------------------------------------------------------------------------------------


def _and_then_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.arity(e, 1, "`and_then`")
    fn = ck.closure_arg(e.args[0], [_inner(recv)])
    result = option(Var())
    ck.unify(result, fn.ret, e.args[0].pos)
    return result


def _and_then(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (function,) = args

    def and_then(frame: list) -> Any:
        option_, f = recv(frame), function(frame)
        return None if option_ is None else f(option_.value)

    return and_then


def _map_or_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.arity(e, 2, f"`{e.name}`")
    if e.name == "map_or":
        default = ck.expr(e.args[0])
    else:
        default = ck.closure_arg(e.args[0], []).ret
    fn = ck.closure_arg(e.args[1], [_inner(recv)])
    ck.unify(default, fn.ret, e.args[1].pos)
    return default


def _map_or(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    default, function = args
    lazy = e.name == "map_or_else"

    def map_or(frame: list) -> Any:
        option_ = recv(frame)
        if option_ is None:
            value = default(frame)
            return value() if lazy else value
        return function(frame)(option_.value)

    return map_or


def _test_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.arity(e, 1, f"`{e.name}`")
    fn = ck.closure_arg(e.args[0], [_inner(recv)])
    ck.unify(BOOL, fn.ret, e.args[0].pos)
    return BOOL if e.name == "is_some_and" else recv


def _is_some_and(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (function,) = args

    def is_some_and(frame: list) -> Any:
        option_ = recv(frame)
        return option_ is not None and bool(function(frame)(option_.value))

    return is_some_and


def _filter(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (function,) = args

    def filter_(frame: list) -> Any:
        option_ = recv(frame)
        return option_ if option_ is not None and function(frame)(option_.value) else None

    return filter_


def _unwrap_or_else_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.arity(e, 1, "`unwrap_or_else`")
    fn = ck.closure_arg(e.args[0], [])
    ck.unify(_inner(recv), fn.ret, e.args[0].pos)
    return _inner(recv)


def _unwrap_or_else(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (function,) = args

    def unwrap_or_else(frame: list) -> Any:
        option_ = recv(frame)
        return function(frame)() if option_ is None else option_.value

    return unwrap_or_else


def _replace_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.mutable_receiver(e)
    ck.args(e, _inner(recv))
    return recv


def _replace(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """The old value out of its place, `Some(value)` left there."""
    update, (value,) = comp.element_updater(e.recv), args

    def replace(frame: list) -> Any:
        new, old = Some(value(frame)), []
        update(frame, lambda was: old.append(was) or new)
        return old[0]

    return replace


def _as_deref_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.args(e)
    if resolve(_inner(recv)) is not STRING:  # pbpit derefs a `String` to `&str` only
        raise ck.fail(e.pos, f"`as_deref` on `{show(recv)}`")
    return option(STR)


OPTION_MORE = (
    Builtin("Option", "replace", None, "self", _replace, _replace_type),
    Builtin("Option", "as_deref", None, "", lambda c, e, recv, a: recv, _as_deref_type),
    Builtin("Option", "and_then", None, "", _and_then, _and_then_type),
    Builtin("Option", "map_or", None, "", _map_or, _map_or_type),
    Builtin("Option", "map_or_else", None, "", _map_or, _map_or_type),
    Builtin("Option", "is_some_and", None, "bool", _is_some_and, _test_type),
    Builtin("Option", "filter", None, "self", _filter, _test_type),
    Builtin("Option", "unwrap_or_else", None, "inner", _unwrap_or_else, _unwrap_or_else_type),
)

# -- bool -----------------------------------------------------------------------------------------


def _then_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.arity(e, 1, f"`{e.name}`")
    if e.name == "then_some":
        return option(ck.expr(e.args[0]))
    return option(ck.closure_arg(e.args[0], []).ret)


def _then(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (given,) = args
    eager = e.name == "then_some"  # its argument is evaluated either way, after the receiver

    def then(frame: list) -> Any:
        holds, value = recv(frame), given(frame)
        if not holds:
            return None
        return Some(value if eager else value())

    return then


BOOL_METHODS = rows(
    "bool",
    Builtin("bool", "then_some", None, "", _then, _then_type),
    Builtin("bool", "then", None, "", _then, _then_type),
)
