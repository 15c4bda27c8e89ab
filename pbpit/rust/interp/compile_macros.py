"""Compiling macros: `format!` and the messages of every printing or panicking macro, `println!`,
`panic!`, `assert!`, `assert_eq!`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pbpit.rust.interp import error_types, generic_display
from pbpit.rust.interp.format import FormatError, Spec, formatter
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import (
    Assert,
    AssertEq,
    Format,
    PanicMacro,
    Print,
    Unsupported,
)
from pbpit.rust.interp.runtime import (
    UNIT,
    Code,
    comparable,
    rust_eq,
)
from pbpit.rust.interp.types import UNIT as UNIT_T
from pbpit.rust.interp.types import (
    StructT,
    TupleT,
    Wrap,
    resolve,
    show,
)


def _not_display(what: str, ty: Any) -> tuple[str, str]:
    """rustc's E0277 for `{}` of a type that certainly has no `Display` (a struct or enum of the
    program's without `impl Display` (nor `#[derive(Module)]`), a `Vec`, `Option`, `HashMap`,
    array, tuple or `()`): the refusal's words with the code, and rustc's label."""
    shown = show(ty)
    if not what.endswith("doesn't implement `std::fmt::Display`"):
        return what, ""
    ty = resolve(ty)
    # (a struct of Burn's is none of the program's; `#[derive(Module)]` writes a `Display`)
    mine = type(ty) is StructT and ty.item.node is not None and "Module" not in ty.item.derives
    certain = mine or type(ty) is TupleT or ty is UNIT_T
    certain = certain or type(ty) is Wrap and ty.kind in ("Vec", "Option", "HashMap", "array")
    if not certain:
        return what, ""
    return rejects(what, "E0277"), f"`{shown}` cannot be formatted with the default formatter"


class MacroCompiler:
    """Formatting, printing and panicking macros (a part of `Compiler`)."""

    # -- macros -----------------------------------------------------------------------------------

    def c_Format(self, e: Format) -> Callable[[list], str]:  # noqa: N802
        args = [self.expr(a) for a in e.args]
        parts: list[str | tuple[int, Callable[[Any], str]]] = []
        for piece in e.pieces:
            if isinstance(piece, str):
                parts.append(piece)
                continue
            assert isinstance(piece.arg, int)
            arg = e.args[piece.arg]
            if piece.width_arg is not None or piece.precision_arg is not None:
                counted = self.counted_format(arg, piece, e)
                parts.append((-1, counted))  # `{:w$.p$}`, `{:.*}`
                continue
            shown = error_types.display_code(self, arg.ty, piece)  # its own `impl Display`
            try:
                parts.append((piece.arg, shown or formatter(arg.ty, piece, self.backend)))
            except FormatError as err:
                dynamic = generic_display.dynamic(self, arg, arg.ty, piece)  # `T: Display`
                if dynamic is not None:
                    parts.append((piece.arg, dynamic))
                    continue
                what, label = _not_display(str(err), arg.ty)
                failed = self.fail(arg.pos, what)
                failed.label = label or failed.label
                raise failed from None
        if len(parts) == 1 and isinstance(parts[0], str):
            text = parts[0]
            return lambda frame: text

        where = self.where(e.pos)

        def format_(frame: list) -> str:
            values = [a(frame) for a in args]
            try:
                return "".join(
                    p if type(p) is str else p[1](values[p[0]] if p[0] >= 0 else values)
                    for p in parts
                )
            except ValueError as err:  # a char whose `{:?}` depends on the Unicode version
                raise Unsupported(where, str(err)) from None

        return format_

    def counted_format(self, arg: Any, piece: Spec, e: Format) -> Callable[[list], str]:
        """The text of `{:w$.p$}`/`{:.*}` from the values of the format's arguments: a
        placeholder with the width and precision read, made once for each pair met. A count
        over `u16::MAX` panics at the macro, as Rust's `Argument::from_usize` does."""
        made: dict[tuple, Callable[[Any], str]] = {}
        site = self.panic_site(getattr(e, "macro_pos", e.pos))
        index, width_at, precision_at = piece.arg, piece.width_arg, piece.precision_arg
        assert isinstance(index, int)

        def placeholder(width: int | None, precision: int | None) -> Callable[[Any], str]:
            spec = replace(piece, width=width, precision=precision, width_arg=None,
                           precision_arg=None)
            shown = error_types.display_code(self, arg.ty, spec)
            return shown or formatter(arg.ty, spec, self.backend)

        try:  # what Rust cannot print so, or pbpit not exactly: refused before the run
            placeholder(None if width_at is None else 1, None if precision_at is None else 1)
        except FormatError as err:
            raise _not_display(self.fail(arg.pos, str(err)), arg.ty) from None

        def text(values: list) -> str:
            width = piece.width if width_at is None else values[width_at]  # type: ignore[index]
            precision = piece.precision if precision_at is None else values[precision_at]  # type: ignore[index]
            if max(width or 0, precision or 0) > 0xFFFF:
                raise site.panic("Formatting argument out of range")
            found = made.get((width, precision))
            if found is None:
                found = made[(width, precision)] = placeholder(width, precision)
            return found(values[index])

        return text

    def c_Print(self, e: Print) -> Code:  # noqa: N802
        text = self.c_Format(e.fmt)
        end = "\n" if e.newline else ""
        rt = self.rt
        to_stderr = e.to_stderr

        def print_(frame: list) -> Any:
            (rt.stderr if to_stderr else rt.stdout).write(text(frame) + end)
            return UNIT

        return print_

    def c_PanicMacro(self, e: PanicMacro) -> Code:  # noqa: N802
        text = self.c_Format(e.fmt) if e.fmt is not None else (lambda frame: "")
        site, prefix = self.panic_site(e.pos), e.prefix

        def panic(frame: list) -> Any:
            raise site.panic(prefix + text(frame))

        return panic

    def c_Assert(self, e: Assert) -> Code:  # noqa: N802
        cond = self.expr(e.cond)
        default = f"assertion failed: {e.text}"
        text = self.c_Format(e.fmt) if e.fmt is not None else (lambda frame: default)
        where, site = self.where(e.pos), self.panic_site(e.pos)
        if e.fmt is None and e.text is None:

            def text(frame: list) -> str:
                raise Unsupported(
                    where,
                    "the message of this failed `assert!`: rustc re-prints the condition, "
                    "and pbpit cannot for this one (too long for one line, or a construct it "
                    "does not re-print); give `assert!` a message",
                )

        def assert_(frame: list) -> Any:
            if not cond(frame):
                raise site.panic(text(frame))
            return UNIT

        return assert_

    def c_AssertEq(self, e: AssertEq) -> Code:  # noqa: N802
        left, right = self.expr(e.left), self.expr(e.right)
        if not comparable(e.left.ty):
            raise self.fail(e.pos, f"`assert_eq!` on `{show(e.left.ty)}`")
        try:
            debug = formatter(e.left.ty, Spec(None, debug=True))
        except FormatError as err:
            raise self.fail(e.left.pos, str(err)) from None
        message = self.c_Format(e.fmt) if e.fmt is not None else None
        where, site, equal = self.where(e.pos), self.panic_site(e.pos), e.equal
        head = "assertion `left == right` failed" if equal else "assertion `left != right` failed"

        def assert_eq(frame: list) -> Any:
            a, b = left(frame), right(frame)
            if rust_eq(a, b) != equal:
                text = head + (f": {message(frame)}" if message is not None else "")
                try:
                    shown = f"\n  left: {debug(a)}\n right: {debug(b)}"
                except ValueError as err:  # a char whose `{:?}` depends on the Unicode version
                    raise Unsupported(where, str(err)) from None
                raise site.panic(text + shown)
            return UNIT

        return assert_eq
