"""`Err` in functions returning `Result<T, Box<dyn Error>>`, as std defines it.

- `Err("msg".into())`, `Err(format!(..).into())`, `Err(Box::from(s))`: std's `From<&str>` and
  `From<String>` for `Box<dyn Error>` box the text (a private `StringError`, whose `Display` is
  the text's, padded as `{:>8}` pads a `String`, and whose `Debug` is the quoted text);
  `Err(e)` of a `Box<dyn Error>` already made (`e` bound by `Err(e) =>`).
- `x?` on an `Err` returns it from the function at once (on a `None`, in a function returning
  an `Option`, that `None`); `main` returning an `Err` prints
  `Error: ` and the error's `Debug` on stderr and exits with status 1 (std's `Termination` for
  `Result<(), E: Debug>`).
- `Ok(p)`/`Err(p)` patterns (`match`, `if let`), `unwrap`/`expect` (a panic on an `Err`, in
  core's words), `unwrap_or`, `unwrap_err`, `is_ok`/`is_err`; `{:?}` of a Result prints
  `Ok(..)` or `Err(..)`.

The error types a program defines (`impl fmt::Display for MyErr`, `impl Error for MyErr {}`)
are outside the subset: `Box::new(MyErr(..))` as an error is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbpit.rust.format import rust_debug
from pbpit.rust.interp import error_from, error_types, types
from pbpit.rust.interp.builtins import Function
from pbpit.rust.interp.nodes import Method, Static
from pbpit.rust.interp.runtime import Ok
from pbpit.rust.interp.types import (
    STR,
    STRING,
    StructT,
    Ty,
    Var,
    Wrap,
    dyn_result,
    option,
    resolve,
    show,
)

DYN_ERROR = types.DYN_ERROR
"""std's boxed error (`Result<T, Box<dyn Error>>`); a Result's error may be any other type
(`Result<T, String>`), held as it is."""

ERR = "Result::Err"  # `Err(e)`, `e` a `Box<dyn Error>`
ERR_FROM = "Result::Err.from"  # `Err(x.into())`, `Err(Box::from(x))`: `x` a `&str` or `String`
ERR_BOX = "Result::Err.box"  # `Err(Box::new(x))`: `x` of the program's error type (error_types.py)


class Err:
    """`Result::Err(value)`, `value` a `BoxedError`."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value


class BoxedError:
    """A `Box<dyn Error>`: a text (std's `StringError`, `display` None) or a value of the
    program's error type with its `Display` (`display(value)`) and `Debug` (`debug(value)`)."""

    __slots__ = ("value", "display", "debug")

    def __init__(
        self,
        value: object,
        display: Callable[[object], str] | None = None,
        debug: tuple[Callable[[object], str], Callable[[object], str]] | None = None,
    ) -> None:
        self.value = value
        self.display = display
        self.debug = debug  # `{:?}` and `{:#?}`

    def debug_text(self, pretty: bool = False) -> str:
        if self.debug is None:
            return rust_debug(self.value)
        return self.debug[pretty](self.value)

    def display_text(self, pad: Callable[[str], str]) -> str:
        """`{}`: a text padded as a `String` is; a `write!` to `f` pads nothing."""
        if self.display is None:
            return pad(self.value)  # type: ignore[arg-type]
        return self.display(self.value)


# -- lowering: `Err(..)` -----------------------------------------------------------------------


def lower_err(lowerer: Any, node: Any, arg_nodes: list) -> Static:
    """`Err(arg)` (`node` the call, `Err` not a name of the program's): a `Static` of `ERR`
    or `ERR_FROM` (the text converted by `Box::from`; `"msg".into()` is `str_methods`'s
    `into`, a `String` or a `Box<dyn Error>` as the `Result` it makes decides)."""
    pos = lowerer.pos(node)
    if len(arg_nodes) != 1:
        raise lowerer.fail(node, "`Err` takes 1 argument")
    (arg,) = arg_nodes
    if arg.type == "call_expression":
        function = arg.child_by_field_name("function")
        given = lowerer.kids(arg.child_by_field_name("arguments"))
        written = " ".join(lowerer.text(function).split())
        if written in ("Box::from", "Box::<dyn Error>::from") and len(given) == 1:
            return Static(pos, ERR_FROM, [lowerer.expr(given[0])])
        if written == "Box::new" and len(given) == 1:
            return Static(pos, ERR_BOX, [lowerer.expr(given[0])])
    return Static(pos, ERR, [lowerer.expr(arg)])


# -- checking ------------------------------------------------------------------------------------


def check_err(checker: Any, e: Static) -> Ty:
    """The type of `Err(..)`: `Result<_, Box<dyn Error>>`, the `Ok` type left to its uses."""
    (arg,) = e.args
    found = resolve(checker.expr(arg))
    if e.name == ERR:  # `Err(e)`: a `Result<_, E>` of e's type (a `Box<dyn Error>` too)
        return dyn_result(Var(), found)
    if e.name == ERR_FROM and found in (STR, STRING):
        return dyn_result(Var())
    if e.name == ERR_BOX and type(found) is StructT and error_types.is_error(found.item):
        return dyn_result(Var())
    if e.name == ERR_FROM and type(found) is Var:
        raise checker.fail(arg.pos, "type annotations needed")
    written = "&str" if found == STR else show(found)
    what = f"`Err(..)` of `{written}` (pbpit's errors are `Box<dyn Error>`, made from a "
    what += "`&str` or a `String` by `.into()` or `Box::from`, or a type of the file's with "
    what += "`#[derive(Debug)]`, `impl Display` and `impl Error`, by `Box::new`)"
    raise checker.fail(arg.pos, what)


# -- running -------------------------------------------------------------------------------------


def compile_err(comp: Any, e: Static, args: list) -> Callable[[list], Any]:
    (value,) = args
    if e.name == ERR:
        return lambda frame: Err(value(frame))
    if e.name == ERR_FROM:
        return lambda frame: Err(BoxedError(value(frame)))

    boxed = boxer(comp, e.args[0].ty)
    return lambda frame: Err(boxed(value(frame)))


def boxer(comp: Any, ty: Ty) -> Callable[[object], BoxedError]:
    """How a value of the error type `ty` becomes a `Box<dyn Error>` (`From<E: Error>`): a
    text as std's `StringError`, any other with its `Display` and `Debug` (the program's own
    error type, a `ParseIntError`..)."""
    from pbpit.rust.interp.format import Spec, formatter  # (format imports this module)

    ty = resolve(ty)
    if ty in (STR, STRING):
        return BoxedError
    debug = (formatter(ty, Spec(None, debug=True)), formatter(ty, Spec(None, pretty=True)))
    if type(ty) is StructT:
        display = error_types.text_of(comp, ty.item)
    else:
        display = formatter(ty, Spec(None))
    return lambda value: BoxedError(value, display, debug)


def boxed_error(checker: Any, target: Ty, inner: Ty, e: Any) -> bool:
    """Whether `Box::new(x)` (`e`, `x` of the struct type `inner`) is taken as a
    `Box<dyn Error>` (`target`: `let e: Box<dyn Error> = Box::new(ShapeError ..)`): marked
    to box `x` with its `Display` and `Debug`; rustc's E0277 for a type without `impl Error`."""
    from pbpit.rust.interp.grammar import rejects

    if target is not DYN_ERROR:
        return False
    found = resolve(inner)
    if type(found) is not StructT or not error_types.is_error(found.item):
        what = f"the trait bound `{show(found)}: std::error::Error` is not satisfied"
        raise checker.fail(e.pos, rejects(what, "E0277"))
    e.boxes_error = True
    return True


FUNCTIONS = [
    Function("Result", name.removeprefix("Result::"), 1, check_err, compile_err)
    for name in (ERR, ERR_FROM, ERR_BOX)
]
"""`Err(e)` and `Err(x.into())` as functions called by a path (`std_functions.FUNCTIONS`)."""


def error_formatter(
    debug: bool, pad: Callable[[str], str], pretty: bool = False
) -> Callable[[object], str]:
    """`{}`, `{:?}` or `{:#?}` of a `Box<dyn Error>`: `StringError`'s `Display` pads the text
    as a `String` does (`pad`); its `Debug` is the quoted text, unpadded."""
    if debug:
        return lambda error: error.debug_text(pretty)  # type: ignore[attr-defined]
    return lambda error: error.display_text(pad)  # type: ignore[attr-defined]


def result_printer(
    ok: Callable[[object], str], err: Callable[[object], str], lines: Callable[..., str] | None
) -> Callable[[object], str]:
    """`{:?}` (or `{:#?}` with core's `lines`) of a `Result<T, Box<dyn Error>>`."""
    if lines is None:
        return lambda r: f"Ok({ok(r.value)})" if type(r) is Ok else f"Err({err(r.value)})"  # type: ignore[attr-defined]
    return lambda r: (
        lines("Ok", [ok(r.value)], "(", ")")  # type: ignore[attr-defined]
        if type(r) is Ok
        else lines("Err", [err(r.value)], "(", ")")  # type: ignore[attr-defined]
    )


def main_status(value: object, stderr: Any, returns: Ty | None = None) -> int:
    """What `main`'s value makes of the process: std's `Termination` for an `Err(e)` writes
    `Error: {e:?}` on stderr and exits with status 1 (`returns`: `main`'s result type, whose
    error type's `Debug` prints: a struct's derived one, a `ParseIntError`'s)."""
    if type(value) is not Err:
        return 0
    error = value.value  # type: ignore[attr-defined]
    if type(error) not in (BoxedError, str) and returns is not None:  # (a struct, `ParseIntError`)
        from pbpit.rust.interp.format import Spec, formatter

        stderr.write(f"Error: {formatter(error_of(returns), Spec(None, debug=True))(error)}\n")
        return 1
    stderr.write(f"Error: {_panic_text(error)}\n")
    return 1


# -- methods: `?`, `unwrap`, `expect`, `unwrap_or`, `unwrap_err`, `is_ok`, `is_err` -------------


def _panic_text(error: object) -> str:
    """`{:?}` of an error: a `Box<dyn Error>`'s, or a text's (`Result<T, String>`, `&str`)."""
    if type(error) is BoxedError:
        return error.debug_text()
    return rust_debug(error)


def error_of(ty: Ty) -> Ty:
    """The error type of a `Result<T, E>` (`Box<dyn Error>` for Burn's `DataError` ones, which
    pbpit never makes)."""
    found = resolve(ty)
    return getattr(found, "err", None) or DYN_ERROR


def _boxable(ty: Ty) -> bool:
    """Whether `?` converts an error of type `ty` into a `Box<dyn Error>`."""
    from pbpit.rust.interp.str_methods import PARSE_FLOAT_ERROR, PARSE_INT_ERROR

    if ty in (STR, STRING, PARSE_INT_ERROR, PARSE_FLOAT_ERROR):
        return True
    return type(ty) is StructT and error_types.is_error(ty.item)


def check_try(checker: Any, e: Method, recv: Ty) -> Ty:
    """`x?`: x's error converted into the function's (`From`): the same type, or into a
    `Box<dyn Error>` a text or a boxed error; else rustc's E0277."""
    checker.args(e)
    ret = _closure_result(checker, e, dyn_result(Var(), error_of(recv)), -1)
    inner = resolve(recv).inner  # type: ignore[attr-defined]
    if type(ret) is Wrap and ret.kind == "Option":
        raise _wrong_try(checker, e, recv, ret)
    if type(ret) is not Wrap or ret.kind != "DynResult" or resolve(recv).kind != "DynResult":  # type: ignore[attr-defined]  # noqa: E501
        return inner  # Burn's `DataError` (never made), or an `Option`: the lowering's rules
    checker.settle_later.append(lambda: _diverging_fallback(inner))  # `Err("x")?;`
    given = resolve(error_of(recv))
    if type(given) is Var and given.kind is None:  # (`s.parse()?`: settled with the body)
        checker.settle_later.append(lambda: _convert(checker, e, recv, ret))
        return inner
    _convert(checker, e, recv, ret)
    return inner


def _diverging_fallback(ok: Ty) -> None:
    """The value of `x?` nothing else decides (`Err("negative")?;`) is `()`: rustc's fallback for
    a type met only by a diverging expression (`?`'s `return` of the error)."""
    found = resolve(ok)
    if type(found) is Var and found.kind is None:
        types.unify(found, types.UNIT)


def _wrong_try(checker: Any, e: Method, recv: Ty, ret: Ty) -> Any:
    """rustc's E0277 for `x?` on an `Option` in a function returning a `Result`, or on a
    `Result` in a function returning an `Option`."""
    from pbpit.rust.interp.grammar import rejects

    on_option = resolve(recv).kind == "Option"  # type: ignore[attr-defined]
    fn_kind, on = ("Result", "Option") if on_option else ("Option", "Result")
    what = f"the `?` operator can only be used on `{fn_kind}`s, not `{on}`s, in a function that "
    what += f"returns `{fn_kind}`"
    err = checker.fail(e.pos, rejects(what, "E0277"))
    if on_option:
        err.label = f"use `.ok_or(...)?` to provide an error compatible with `{show(ret)}`"
    else:
        shown = show(error_of(recv))
        err.label = f"use `.ok()?` if you want to discard the `Result<Infallible, {shown}>` "
        err.label += "error information"
    return err


def _closure_result(checker: Any, e: Method, made: Ty, outer: int) -> Ty:
    """What `x?` returns from: the function (`checker.rets[outer]`), or in a closure the
    closure (`rets[-1]`), whose result not yet decided is what `?` makes it (`made`: an
    `Option`, or a `Result` of `x`'s error)."""
    if not getattr(e, "in_closure", False):
        return resolve(checker.rets[outer])
    ret = resolve(checker.rets[-1])
    if type(ret) is Var and ret.kind is None:
        types.unify(ret, made)
    return resolve(ret)


def check_option_try(checker: Any, e: Method, recv: Ty) -> Ty:
    """`x?` on an `Option`: in a function returning an `Option` (a `None` returned), else
    rustc's E0277."""
    checker.args(e)
    ret = _closure_result(checker, e, option(Var()), 0)
    if type(ret) is not Wrap or ret.kind != "Option":
        raise _wrong_try(checker, e, recv, ret)
    return resolve(recv).inner  # type: ignore[attr-defined]


def compile_option_try(comp: Any, e: Method, recv: Callable, args: list) -> Callable[[list], Any]:
    """`x?` on an `Option`: a `None` returned from the function at once, else the value."""
    from pbpit.rust.interp.runtime import ReturnSignal  # (runtime imports the nodes)

    def try_(frame: list) -> Any:
        option = recv(frame)
        if option is None:
            raise ReturnSignal(None)
        return option.value

    return try_


def _convert(checker: Any, e: Method, recv: Ty, ret: Ty) -> None:
    from pbpit.rust.interp.grammar import rejects

    given, wanted = resolve(error_of(recv)), resolve(error_of(ret))
    if wanted is DYN_ERROR and given is not DYN_ERROR and _boxable(given):
        e.boxes = True  # `From<String> for Box<dyn Error>`, `From<E: Error>`
        return
    if wanted is STRING and given is STR:  # `From<&str> for String`: the same text
        return
    if type(wanted) is StructT and (made := error_from.find(wanted.item, given)) is not None:
        e.converts = made.fn  # the program's `impl From<E> for MyErr` (error_from.py)
        return
    try:
        types.unify(wanted, given)
    except types.Mismatch:
        what = f"`?` couldn't convert the error to `{show(wanted)}`"
        raise checker.fail(e.pos, rejects(what, "E0277")) from None


def compile_method(comp: Any, e: Method, recv: Callable, args: list) -> Callable[[list], Any]:
    """A method of a `Result` (`e.name`) that may hold an `Err`."""
    from pbpit.rust.interp.runtime import ReturnSignal  # (runtime imports the nodes)

    name = e.name
    if name == "?":
        boxed = boxer(comp, error_of(e.recv.ty)) if getattr(e, "boxes", False) else None
        if getattr(e, "converts", None) is not None:  # `From::from` of the program's impl
            boxed = error_from.convert(comp, e.converts)

        def try_(frame: list) -> Any:
            r = recv(frame)
            if type(r) is Err:
                raise ReturnSignal(Err(boxed(r.value)) if boxed is not None else r)
            return r.value

        return try_
    if name in ("unwrap", "expect", "unwrap_err"):
        site = comp.method_site(e)  # (`map(Result::unwrap)`: inside core)
        message = args[0] if args else None
        want_err = name == "unwrap_err"
        where, ok = comp.where(e.pos), resolve(e.recv.ty).inner  # type: ignore[attr-defined]

        def debug_of(ty: Ty, value: object) -> str:
            from pbpit.rust.interp.format import FormatError, Spec, formatter
            from pbpit.rust.interp.runtime import Unsupported

            try:  # (format imports this module)
                return formatter(ty, Spec(None, debug=True))(value)
            except FormatError as err:
                raise Unsupported(where, f"this panic's message: {err}") from None

        def ok_debug(value: object) -> str:
            return debug_of(ok, value)

        error = error_of(e.recv.ty)

        def err_debug(value: object) -> str:
            return _panic_text(value) if type(value) is BoxedError else debug_of(error, value)

        def unwrap(frame: list) -> Any:
            r = recv(frame)
            if (type(r) is Err) == want_err:
                return r.value
            if want_err:
                text = f"called `Result::unwrap_err()` on an `Ok` value: {ok_debug(r.value)}"
            else:
                head = message(frame) if message else "called `Result::unwrap()` on an `Err` value"
                text = f"{head}: {err_debug(r.value)}"
            raise site.panic(text)

        return unwrap
    if name == "unwrap_or":
        (default,) = args

        def unwrap_or(frame: list) -> Any:
            r, other = recv(frame), default(frame)  # the default is evaluated either way
            return r.value if type(r) is Ok else other

        return unwrap_or
    want_ok = name == "is_ok"
    return lambda frame: (type(recv(frame)) is Ok) == want_ok


def check_unwrap_err(checker: Any, e: Method, recv: Ty) -> Ty:
    """`r.unwrap_err()`: the error (a `DataError` is outside the subset)."""
    checker.args(e)
    if resolve(recv).kind != "DynResult":  # type: ignore[attr-defined]
        raise checker.fail(e.pos, f"`unwrap_err` of `{show(recv)}` (pbpit has no `DataError`)")
    return error_of(recv)


# -- patterns: `Ok(p)`, `Err(p)` -------------------------------------------------------------------


def pattern_type(checker: Any, p: Any, ty: Ty) -> Ty:
    """The type `Ok(p)`'s or `Err(p)`'s `p` matches, the matched value being of type `ty`: a
    `Result`'s `T`, or its `Box<dyn Error>` (a `DataError` is outside the subset)."""
    found = resolve(ty)
    if type(found) is not Wrap or found.kind not in ("Result", "DynResult"):
        inner: Ty = Var()
        checker.unify(dyn_result(inner, Var()), ty, p.pos)
        found = resolve(ty)
    if p.kind == "ok":
        return found.inner  # type: ignore[attr-defined]
    if found.kind != "DynResult":  # type: ignore[attr-defined]
        raise checker.fail(p.pos, f"`Err(..)` of `{show(found)}` (pbpit has no `DataError`)")
    return error_of(found)


def matcher(kind: str, inner: Callable[[Any, list], bool]) -> Callable[[Any, list], bool]:
    """Whether a Result matches `Ok(p)` (`kind` "ok") or `Err(p)`, `inner` matching `p`."""
    wanted = Ok if kind == "ok" else Err
    return lambda v, frame: type(v) is wanted and inner(v.value, frame)
