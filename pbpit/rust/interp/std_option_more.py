"""More of std's `Option`, `Result<T, E>` and `bool` methods training code calls, a row each
(`builtins.Builtin`), spread into `std_methods.OPTION` and `std_methods.RESULT`: `Option`'s
closure-taking methods (`and_then`, `map_or`, `map_or_else`, `is_some_and`, `filter`,
`unwrap_or_else`), `replace`, `as_deref`, `copied`, `ok_or`, `get_or_insert_with`, `?`;
`Result`'s `map`, `map_err`, `and_then`, `unwrap_or_else`, `ok` (`RESULT_MORE`); `bool`'s
`then`, `then_some` (`BOOL_METHODS`, its own family).

An `Option` is `Some(v)` or None; a `Result` an `Ok`/`Err` of the runtime.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp import ref_values
from pbpit.rust.interp.builtins import Builtin, Code, _inner, rows
from pbpit.rust.interp.nodes import Closure
from pbpit.rust.interp.types import BOOL, STR, STRING, Ty, Var, option, resolve, show

# -- Option ---------------------------------------------------------------------------------------


def _and_then_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.arity(e, 1)
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
    ck.arity(e, 2)
    if e.name == "map_or":
        default = ck.expr(e.args[0])
    else:
        default = ck.closure_arg(e.args[0], []).ret
    fn = ck.closure_arg(e.args[1], [_inner(recv)])
    ck.unify(default, fn.ret, e.args[1].pos)
    if e.name == "map_or" and isinstance(e.args[1], Closure):  # `map_or(&x, |p| p * 0.9)`
        ref_values.refuse_mixed(ck, [e.args[0], e.args[1].body])
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
    ck.arity(e, 1)
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
    ck.arity(e, 1)
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


def _ok_or_type(ck: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp.types import dyn_result

    ck.arity(e, 1)
    if e.name == "ok_or":
        error = ck.expr(e.args[0])
    else:
        error = ck.closure_arg(e.args[0], []).ret
    return dyn_result(_inner(recv), error)  # `Result<T, E>`


def _ok_or(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.results import Err
    from pbpit.rust.interp.runtime import Ok  # (runtime imports the nodes)

    (given,) = args
    lazy = e.name == "ok_or_else"  # `ok_or`'s error is evaluated either way

    def ok_or(frame: list) -> Any:
        option_ = recv(frame)
        if option_ is not None:
            if not lazy:
                given(frame)
            return Ok(option_.value)
        error = given(frame)
        return Err(error() if lazy else error)

    return ok_or


def _copied_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`copied()`, `cloned()` of an `Option<&T>`: `T` must be `Copy` for `copied` (E0277)."""
    from pbpit.rust.interp.check_tables import not_copy
    from pbpit.rust.interp.grammar import rejects

    ck.args(e)
    blocker = not_copy(_inner(recv)) if e.name == "copied" else None
    if blocker is not None:
        what = f"the trait bound `{show(blocker)}: Copy` is not satisfied"
        raise ck.fail(e.pos, rejects(what, "E0277"))
    return recv


def _copied(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import clone_value  # (runtime imports the nodes)

    return lambda frame: None if (o := recv(frame)) is None else Some(clone_value(o.value))


def _get_or_insert_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`get_or_insert_with(f)`, `get_or_insert(v)`: the value, put in first if `None`."""
    ck.mutable_receiver(e)
    ck.arity(e, 1)
    if e.name == "get_or_insert":
        ck.unify(_inner(recv), ck.expr(e.args[0]), e.args[0].pos)
    else:
        ck.unify(_inner(recv), ck.closure_arg(e.args[0], []).ret, e.args[0].pos)
    return _inner(recv)


def _get_or_insert(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """The `&mut T` in the `Option`: the one value the `Option` holds (a `Vec`, a struct:
    shared, so a change through it is the `Option`'s)."""
    update, (given,) = comp.element_updater(e.recv), args
    lazy = e.name == "get_or_insert_with"

    def get_or_insert(frame: list) -> Any:
        held: list[Any] = []
        value = given(frame)  # `get_or_insert`'s argument is evaluated either way

        def fill(option_: Any) -> Any:
            if option_ is None:
                option_ = Some(value() if lazy else value)
            held.append(option_.value)
            return option_

        update(frame, fill)
        return held[0]

    return get_or_insert


MUT_RESULTS = frozenset(("get_or_insert_with", "get_or_insert"))
"""Methods whose result is a `&mut T` into their receiver: a receiver of `&mut self` methods
(`o.get_or_insert_with(Vec::new).push(x)`)."""


def _option_try_type(ck: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp import results  # (results imports the runtime)

    return results.check_option_try(ck, e, recv)


def _option_try(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp import results  # (results imports the runtime)

    return results.compile_option_try(comp, e, recv, args)


OPTION_MORE = (
    Builtin("Option", "?", None, "", _option_try, _option_try_type),  # (results.py)
    Builtin("Option", "get_or_insert_with", None, "", _get_or_insert, _get_or_insert_type),
    Builtin("Option", "get_or_insert", None, "", _get_or_insert, _get_or_insert_type),
    Builtin("Option", "copied", None, "self", _copied, _copied_type),
    Builtin("Option", "cloned", None, "self", _copied, _copied_type),
    Builtin("Option", "ok_or", None, "", _ok_or, _ok_or_type),
    Builtin("Option", "ok_or_else", None, "", _ok_or, _ok_or_type),
    Builtin("Option", "replace", None, "self", _replace, _replace_type, mutates=True),
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
    ck.arity(e, 1)
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

# -- Result<T, E> ---------------------------------------------------------------------------------


def _error(recv: Ty) -> Ty:
    from pbpit.rust.interp.results import error_of

    return error_of(recv)


def _result_map_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`map`, `map_err`, `and_then`, `unwrap_or_else` (a closure of the value or the error),
    `ok` (the value as an `Option`)."""
    from pbpit.rust.interp.types import dyn_result

    name = e.name
    if resolve(recv).kind != "DynResult":  # type: ignore[attr-defined]
        from pbpit.rust.interp import burn_results  # Burn's `Result<T, DataError>`

        return burn_results.adapter_type(ck, e, recv)  # type: ignore[return-value]
    if name == "ok":
        ck.args(e)
        return option(_inner(recv))
    ck.arity(e, 1)
    if name == "map":
        return dyn_result(ck.closure_arg(e.args[0], [_inner(recv)]).ret, _error(recv))
    if name == "and_then":
        made = dyn_result(Var(), _error(recv))
        ck.unify(made, ck.closure_arg(e.args[0], [_inner(recv)]).ret, e.args[0].pos)
        return made
    fn = ck.closure_arg(e.args[0], [_error(recv)])
    if name == "map_err":
        return dyn_result(_inner(recv), fn.ret)
    ck.unify(_inner(recv), fn.ret, e.args[0].pos)  # `unwrap_or_else`
    return _inner(recv)


def _result_map(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.format import Some as Some_
    from pbpit.rust.interp.results import Err
    from pbpit.rust.interp.runtime import Ok  # (runtime imports the nodes)

    name = e.name
    if name == "ok":
        return lambda frame: Some_(r.value) if type(r := recv(frame)) is Ok else None
    (function,) = args

    def mapped(frame: list) -> Any:
        r, f = recv(frame), function(frame)
        if type(r) is Ok:
            if name == "map":
                return Ok(f(r.value))
            if name == "unwrap_or_else":
                return r.value
            return f(r.value) if name == "and_then" else r
        if name == "map_err":
            return Err(f(r.value))
        return f(r.value) if name == "unwrap_or_else" else r

    return mapped


RESULT_MORE = tuple(
    Builtin("Result", name, None, "", _result_map, _result_map_type)
    for name in ("map", "map_err", "and_then", "unwrap_or_else", "ok")
)
"""`Result<T, E>`'s closure-taking methods (`map_err`..) and `ok`."""
