"""A program's own `impl fmt::Display for T` (and `impl std::error::Error for T {}`), the file
not defining those traits.

`fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result` runs as std runs it: each `write!(f,
..)` (or `writeln!`) appends its text to the formatter's output and gives `Ok(())`, so a body of
writes in a row (`write!(f, "(")?; .. Ok(())`), in a loop, or one a `match` arm runs; `?` on a
write is `?` on a `fmt::Result` (an `Err` is never made). The text is what the writes left in
the output (`text_of`). `impl Error for MyErr {}` marks the type (no methods: `source` and the
rest keep std's defaults). The type prints with its `Display` for `{}` (no padding: a `write!`
to `f` ignores the placeholder's width), boxed or not, and `to_string()` gives that text (std's
blanket `ToString`); the boxed error prints its derived `Debug` for `{:?}` and for `main`'s
`Error: ..`.
"""

from __future__ import annotations

import re
from typing import Any

from pbpit.rust.interp.builtins import Builtin, Function, rows
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import FnItem, Format, Static, StructItem
from pbpit.rust.interp.types import (
    STR,
    STRING,
    UNIT,
    Named,
    StructT,
    Ty,
    Var,
    dyn_result,
    resolve,
    show,
)

DISPLAY = "Display::fmt"
"""The key of a type's `Display::fmt` among its methods (a name no program calls)."""
ERROR = "std::error::Error"
"""The mark of `impl Error for T {}` among a type's derives."""
FMT_ERROR = Named("fmt::Error")
FMT_RESULT = dyn_result(UNIT, FMT_ERROR)
"""`fmt::Result`, what `fmt` returns; this instance tells `write!` it is in a `fmt`."""
FORMATTER = Named("fmt::Formatter")
WRITE = "fmt::write!"
"""The `Static` of a `write!(f, ..)`: its one argument the text written (a `Format`)."""

_DISPLAY_PATHS = ("Display", "fmt::Display", "std::fmt::Display", "core::fmt::Display")
_ERROR_PATHS = ("Error", "error::Error", "std::error::Error", "core::error::Error")


def std_impl(lowerer: Any, node: Any, item: StructItem, trait_node: Any) -> bool:
    """`impl fmt::Display for T { fn fmt(..) }` or `impl Error for T {}` read (True), any
    other trait left to the caller (False)."""
    written = lowerer.text(trait_node)
    if written in _ERROR_PATHS:
        members = [m for m in lowerer.kids(node.child_by_field_name("body"))]
        if members:
            raise lowerer.fail(members[0], "items in `impl Error` (pbpit keeps std's defaults)")
        item.derives = item.derives | {ERROR}
        return True
    if written not in _DISPLAY_PATHS:
        return False
    members = lowerer.kids(node.child_by_field_name("body"))
    fmt = [m for m in members if m.type == "function_item"]
    name = lowerer.text(fmt[0].child_by_field_name("name")) if fmt else ""
    if len(fmt) != 1 or len(members) != 1 or name != "fmt":
        raise lowerer.fail(node, "this `impl Display` (one `fn fmt(&self, f)`)")
    params = lowerer.kids(fmt[0].child_by_field_name("parameters"))
    _refuse_other_signature(lowerer, fmt[0], params)
    if len(params) != 2 or params[0].type != "self_parameter" or lowerer.text(params[0]) != "&self":
        raise lowerer.fail(fmt[0], "this `fmt` (write `fn fmt(&self, f: &mut fmt::Formatter)`)")
    if DISPLAY in item.methods:
        what = "conflicting implementations of trait `std::fmt::Display`"
        raise lowerer.fail(node, what)
    fn = FnItem(DISPLAY, lowerer.pos(fmt[0]), fmt[0])
    fn.owner, fn.self_kind = item, "ref"
    fn.param_tys = [StructT(item), FORMATTER]
    fn.ret, fn.ret_owned = FMT_RESULT, True
    item.methods[DISPLAY] = fn
    fn.name = f"{item.name}::{DISPLAY}"
    lowerer.fns[fn.name] = fn
    return True


_FORMATTER = re.compile(r"&('\w+)?mut(std::fmt::|core::fmt::|fmt::)?Formatter(<'\w+>)?")


def _refuse_other_signature(lowerer: Any, fmt: Any, params: list) -> None:
    """`fn fmt(&self, f: &fmt::Formatter)` (or `&mut self`, `self`, `f` of another type):
    not `Display::fmt`'s signature, rustc's E0053."""
    if len(params) != 2 or params[0].type != "self_parameter":
        return  # another count of parameters: rustc's E0050, refused in words below
    ty = params[1].child_by_field_name("type") if params[1].type == "parameter" else None
    written = "".join(lowerer.text(ty).split()) if ty is not None else ""
    if lowerer.text(params[0]) == "&self" and _FORMATTER.fullmatch(written):
        return
    what = "method `fmt` has an incompatible type for trait"
    raise lowerer.fail(fmt, rejects(what, "E0053"))


def lower_write(lowerer: Any, node: Any, name: str) -> Any:
    """`write!(f, "..", args)` in a `Display::fmt`: its text (a `format!`) written to the
    formatter's output (`WRITE`)."""
    if lowerer.fn_ret is not FMT_RESULT:
        raise lowerer.fail(node, f"`{name}!` outside `impl Display`'s `fmt`")
    if lowerer.scope is not lowerer.fn_scope:
        raise lowerer.fail(node, f"`{name}!` in a closure in `fmt`")
    with lowerer.macro_args(node) as args:
        if not args or args[0].type != "identifier" or (len(args) < 2 and name == "write"):
            raise lowerer.fail(node, f'this `{name}!` (write `{name}!(f, "..", ..)`)')
        pos = lowerer.pos(node)
        text = lowerer.format(args[1:]) if len(args) > 1 else Format(pos, [], [])
    if name == "writeln":
        text.pieces.append("\n")
    return Static(pos, WRITE, [text])


_OUTPUTS: list[list[str]] = []
"""The output of each `fmt` running, the innermost last (a `{}` in a `write!` runs another)."""


def _check_write(ck: Any, e: Any) -> Ty:
    (text,) = e.args
    ck.unify(STRING, ck.expr(text), text.pos)
    return dyn_result(UNIT, FMT_ERROR)


def _compile_write(comp: Any, e: Any, args: list) -> Any:
    from pbpit.rust.interp.runtime import Ok  # (runtime imports the nodes)

    (text,) = args

    def write(frame: list) -> Any:
        _OUTPUTS[-1].append(text(frame))
        return Ok(UNIT)

    return write


def _check_write_str(ck: Any, e: Any, recv: Ty) -> Ty:
    """`f.write_str(s)`: `s` a `&str` (a `&String` derefs to one)."""
    (found,) = ck.args(e, Var())
    arg = e.args[0]
    if resolve(found) not in (STR, STRING) or (
        resolve(found) is STRING and not arg.borrowed and ck.owned(arg)
    ):
        raise ck.fail(arg.pos, f"mismatched types: expected `&str`, found `{show(found)}`")
    return dyn_result(UNIT, FMT_ERROR)


def _compile_write_str(comp: Any, e: Any, recv: Any, args: list) -> Any:
    from pbpit.rust.interp.runtime import Ok  # (runtime imports the nodes)

    (text,) = args

    def write_str(frame: list) -> Any:
        _OUTPUTS[-1].append(text(frame))
        return Ok(UNIT)

    return write_str


FORMATTER_METHODS = rows(
    "Formatter", Builtin("Formatter", "write_str", None, "", _compile_write_str, _check_write_str)
)
"""The formatter's methods in `fmt` (`f.write_str(s)`: the text written as a `write!` writes it)."""

FUNCTIONS = [Function("fmt", "write!", 1, _check_write, _compile_write)]
"""`write!(f, ..)` (`WRITE`) as a function called by a path (`std_functions.FUNCTIONS`)."""


def displayed(item: StructItem) -> bool:
    """Whether the program implements `Display` for `item`."""
    return DISPLAY in item.methods


def is_error(item: StructItem) -> bool:
    """Whether `item` is an error type: `impl Error`, which needs `Display` and `Debug`."""
    return ERROR in item.derives and displayed(item) and "Debug" in item.derives


def display_code(comp: Any, ty: Any, spec: Any) -> Any:
    """`{}` of a value of a type with its own `Display` (its `fmt`'s text, unpadded), None for
    any other type or placeholder."""
    ty = resolve(ty)
    if type(ty) is not StructT or not displayed(ty.item) or spec.debug or spec.pretty or spec.radix:
        return None
    return text_of(comp, ty.item)


def text_of(comp: Any, item: StructItem) -> Any:
    """A function of a value of `item` giving its `Display` text: what the compiled `fmt`
    writes to its output."""
    cell = comp.fn_cells[item.methods[DISPLAY].name]

    def text(value: object) -> str:
        _OUTPUTS.append([])
        try:
            cell[0]([value, None])
        finally:
            written = _OUTPUTS.pop()
        return "".join(written)

    return text


def _to_string(comp: Any, e: Any, recv: Any, args: list) -> Any:
    text = text_of(comp, resolve(e.recv.ty).item)
    return lambda frame: text(recv(frame))


TO_STRING = Builtin("ToString", "to_string", (), "String", _to_string)
"""`x.to_string()` of a type with its own `Display` (std's blanket `impl ToString`)."""


def main_error(err: Ty) -> bool:
    """Whether `main` may return `Result<(), E>` of the error type `err` (std's `Termination`
    needs `E: Debug`, an `Err` printed `Error: {e:?}`): a `Box<dyn Error>`, a text, std's parse
    errors, a struct or enum of the file deriving `Debug`."""
    from pbpit.rust.interp.types import DYN_ERROR

    err = resolve(err)
    if err in (DYN_ERROR, STRING, STR):
        return True
    if type(err) is Named and err.name in ("ParseIntError", "ParseFloatError"):
        return True
    return type(err) is StructT and "Debug" in err.item.derives  # type: ignore[attr-defined]
