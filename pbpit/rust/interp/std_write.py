"""`write!(s, ..)` / `writeln!(s, ..)` into a `String` (`std::fmt::Write`), outside an
`impl Display`'s `fmt` (whose `write!(f, ..)` is error_types.py's): the text appended to the
`String` in its place, the result an `fmt::Result` that is always `Ok(())`. The macro is
lowered as the method call rustc expands it to, `s.write_fmt(format_args!(..))`, a row of the
`String`'s methods (`&mut self`: `s` must be `let mut`, else rustc's E0596). Without `use
std::fmt::Write;` (or a glob of `std::fmt`, `as _`) in the file, no type has `write_fmt`:
rustc's E0599."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Format, Method
from pbpit.rust.interp.types import STRING, UNIT, Ty, dyn_result

_STD = ("std", "core")


def _trait_in_scope(source: Any) -> tuple[bool, bool]:
    """(whether a `use` brings `std::fmt::Write` in, whether one brings `std::io::Write` in)."""
    from pbpit.rust.interp.uses import file_items  # (uses imports numbers, which the rows)

    found = {"fmt": False, "io": False}
    for item in file_items(source):
        path = item.path[1:] if item.path[0] == "::" else item.path
        if len(path) == 3 and path[0] in _STD and path[1] in found:
            if item.glob or path[2] == "Write":
                found[path[1]] = True
    return found["fmt"], found["io"]


def lower(lowerer: Any, node: Any, name: str) -> Method:
    """`write!(s, "..", args)` (or `&mut s`): `s.write_fmt(<the text>)`."""
    fmt_write, io_write = _trait_in_scope(lowerer.src)
    if not fmt_write and io_write:  # `write!(std::io::stdout(), ..)`: io's, not a `String`'s
        raise lowerer.fail(node, f"`{name}!` into an `io::Write` (pbpit writes into a `String`)")
    with lowerer.macro_args(node) as args:
        if not args or (len(args) < 2 and name == "write"):
            raise lowerer.fail(node, f'this `{name}!` (write `{name}!(s, "..", ..)`)')
        if not fmt_write:
            what = "cannot write into the value: no method `write_fmt` (`use std::fmt::Write;`)"
            raise lowerer.fail(node, rejects(what, "E0599"))
        target = args[0]
        by_mut = target.type == "reference_expression" and any(
            c.type == "mutable_specifier" for c in target.children
        )
        place = lowerer.expr(target.child_by_field_name("value") if by_mut else target)
        pos = lowerer.pos(node)
        text = lowerer.format(args[1:]) if len(args) > 1 else Format(pos, [], [])
    if name == "writeln":
        text.pieces.append("\n")
    return Method(pos, place, "write_fmt", [], [text])


def written_by(lowerer: Any, node: Any) -> bool:
    """Whether the macro `node` (`format_args!(..)`) is the argument of `s.write_fmt(..)`, what
    `write!` expands to (its text, a `format!`'s, is all `write_fmt` reads); without `use
    std::fmt::Write;`, rustc's E0599 for `write_fmt`."""
    args = node.parent
    call = args.parent if args is not None and args.type == "arguments" else None
    function = call.child_by_field_name("function") if call is not None else None
    if function is None or function.type != "field_expression":
        return False
    if lowerer.text(function.child_by_field_name("field")) != "write_fmt":
        return False
    if not _trait_in_scope(lowerer.src)[0]:
        what = "no method named `write_fmt` found (`use std::fmt::Write;`)"
        raise lowerer.fail(function.child_by_field_name("field"), rejects(what, "E0599"))
    return True


def _write_fmt_type(ck: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp.error_types import FMT_ERROR  # (it imports the rows)

    ck.mutable_receiver(e)
    ck.args(e, STRING)
    return dyn_result(UNIT, FMT_ERROR)


def _write_fmt(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import Ok  # (runtime imports the nodes)

    update, (text,) = comp.element_updater(e.recv), args

    def write_fmt(frame: list) -> Any:
        added = text(frame)
        update(frame, lambda old: old + added)
        return Ok(UNIT)

    return write_fmt


STR_WRITE = (
    Builtin(
        "str", "write_fmt", None, "", _write_fmt, _write_fmt_type,
        receivers=frozenset(("String",)), mutates=True,
    ),
)
