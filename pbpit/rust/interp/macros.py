"""Lowering macros: `println!` and friends, `format!`, the panicking and asserting macros, `vec!`.

Their arguments are token trees to tree-sitter; `syntax.macro_arguments` re-parses them as
expressions, whose positions map back into the file through `delta`. Format strings are split
into placeholders here, and each placeholder bound to its argument, as rustc does.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from pbpit.rust.interp import error_types, std_write
from pbpit.rust.interp.format import FormatError, Spec, parse_format
from pbpit.rust.interp.nodes import (
    Arm,
    Assert,
    AssertEq,
    Block,
    Expr,
    Format,
    Let,
    Lit,
    Local,
    Match,
    PanicMacro,
    Pat,
    Pos,
    Print,
    Unsupported,
)
from pbpit.rust.interp.pretty import ConditionPrinter
from pbpit.rust.interp.types import USIZE
from pbpit.rust.syntax import RustFile, RustSyntaxError, macro_arguments, parse_bytes

Node = Any
"""A `tree_sitter.Node`."""

_PRINT_MACROS = {
    "println": (True, False),
    "print": (False, False),
    "eprintln": (True, True),
    "eprint": (False, True),
}

_PANIC_MACROS = {
    "panic": ("explicit panic", ""),
    "unreachable": (
        "internal error: entered unreachable code",
        "internal error: entered unreachable code: ",
    ),
    "todo": ("not yet implemented", "not yet implemented: "),
    "unimplemented": ("not implemented", "not implemented: "),
}


class MacroLowering:
    """The macro half of `Lowerer` (which supplies positions, names and expressions)."""

    src: RustFile
    delta: int

    def pos(self, node: Node) -> Pos:
        raise NotImplementedError

    def where(self, node: Node) -> str:
        raise NotImplementedError

    def fail(self, node: Node, what: str) -> Unsupported:
        raise NotImplementedError

    def expr(self, node: Node) -> Expr:
        raise NotImplementedError

    def local(self, node: Node, name: str) -> Expr | None:
        raise NotImplementedError

    def string_value(self, node: Node) -> str:
        raise NotImplementedError

    def e_array_expression(self, node: Node, is_vec: bool = False) -> Expr:
        raise NotImplementedError

    @staticmethod
    def kids(node: Node) -> list[Node]:
        raise NotImplementedError

    def e_macro_invocation(self, node: Node) -> Expr:
        name_node = node.child_by_field_name("macro")
        name = self.text(name_node).split("::")[-1]
        pos = self.pos(node)
        if name == "vec":
            return self.vec_macro(node)
        if name == "matches":
            return self.matches_macro(node)
        if name in _PRINT_MACROS:
            newline, to_stderr = _PRINT_MACROS[name]
            with self.macro_args(node) as args:
                if not args and newline:
                    return Print(pos, Format(pos, [], []), newline, to_stderr)
                if not args:
                    raise self.fail(node, f"`{name}!` needs a format string")
                return Print(pos, _at(self.format(args), pos), newline, to_stderr)
        if name == "format":
            with self.macro_args(node) as args:
                if not args:
                    raise self.fail(node, "`format!` needs a format string")
                return _at(self.format(args), pos)
        if name in ("write", "writeln") and self.fn_ret is not error_types.FMT_RESULT:
            return std_write.lower(self, node, name)  # into a `String` (std_write.py)
        if name == "format_args" and std_write.written_by(self, node):  # `s.write_fmt(..)`
            with self.macro_args(node) as args:
                if not args:
                    raise self.fail(node, "`format_args!` needs a format string")
                return self.format(args)
        if name in ("write", "writeln"):  # in `impl Display`'s `fmt` (error_types.py)
            return error_types.lower_write(self, node, name)
        if name in _PANIC_MACROS:
            bare, prefix = _PANIC_MACROS[name]
            with self.macro_args(node) as args:
                if not args:
                    return PanicMacro(pos, bare, None)
                return PanicMacro(pos, prefix, self.format(args))
        if name in ("assert", "debug_assert"):
            with self.macro_args(node) as args:
                if not args:
                    raise self.fail(node, f"`{name}!` needs a condition")
                cond = self.expr(args[0])
                text = ConditionPrinter(self.src.data, self.delta).condition(args[0])
                fmt = self.format(args[1:]) if len(args) > 1 else None
                return Assert(pos, cond, text, fmt)
        if name in ("assert_eq", "assert_ne", "debug_assert_eq", "debug_assert_ne"):
            with self.macro_args(node) as args:
                if len(args) < 2:
                    raise self.fail(node, f"`{name}!` needs two values")
                left, right = self.expr(args[0]), self.expr(args[1])
                for side in (left, right):  # `assert_eq!(a[..2], b[..2])`: compared by `&`
                    if getattr(side, "unsized", False):
                        side.unsized = False  # type: ignore[attr-defined]  # (slices.py)
                fmt = self.format(args[2:]) if len(args) > 2 else None
                return AssertEq(pos, left, right, name.endswith("eq"), fmt)
        raise self.fail(name_node, f"the macro `{name}!`")

    def macro_args(self, node: Node) -> _MacroContext:
        return _MacroContext(self, node)

    def vec_macro(self, node: Node) -> Expr:
        tree = next((c for c in node.children if c.type == "token_tree"), None)
        if tree is None:
            raise self.fail(node, "this `vec!`")
        start = tree.start_byte + self.delta
        end = tree.end_byte + self.delta
        prefix = b"fn f(){"
        fragment = parse_bytes(prefix + b"[" + self.src.data[start + 1 : end - 1] + b"];}")
        saved = self.delta
        self.delta = start - len(prefix)
        try:
            error = fragment.first_error()
            if error is not None:
                raise RustSyntaxError(f"{self.where(error[0])}: {error[1]}")
            body = fragment.root.named_children[0].child_by_field_name("body")
            array_node = self.kids(self.kids(body)[0])[0]
            result = self.e_array_expression(array_node, is_vec=True)
        finally:
            self.delta = saved
        return result

    def matches_macro(self, node: Node) -> Expr:
        """`matches!(x, P if g)`: as std defines it, `match x { P if g => true, _ => false }`
        (read from the file's own bytes, the first comma outside brackets made the `{`)."""
        tree = next((c for c in node.children if c.type == "token_tree"), None)
        if tree is None:
            raise self.fail(node, "this `matches!`")
        start = tree.start_byte + self.delta
        end = tree.end_byte + self.delta
        body = self.src.data[start + 1 : end - 1]
        comma = _top_level_comma(body)
        if comma is None:
            raise self.fail(node, "`matches!` needs a value and a pattern")
        pattern = body[comma + 1 :].rstrip()
        pattern = pattern[:-1] if pattern.endswith(b",") else pattern
        prefix = b"fn f(){match "
        text = prefix + body[:comma] + b"{" + pattern + b" => true, _ => false };}"
        fragment = parse_bytes(text)
        saved = self.delta
        self.delta = start + 1 - len(prefix)
        try:
            error = fragment.first_error()
            if error is not None:
                raise RustSyntaxError(f"{self.where(error[0])}: {error[1]}")
            body_node = fragment.root.named_children[0].child_by_field_name("body")
            match_node = self.kids(self.kids(body_node)[0])[0]
            result = self.matches_arms(node, match_node)
        finally:
            self.delta = saved
        return result

    def matches_arms(self, node: Node, match_node: Node) -> Expr:
        """The `match` of `matches!` (its arms' values `true` and `false` are not the file's)."""
        low: Any = self
        value_node = match_node.child_by_field_name("value")
        arm = next(a for a in self.kids(match_node.child_by_field_name("body")))
        pattern = arm.child_by_field_name("pattern")
        parts = [c for c in pattern.children if c.type != "if" and "comment" not in c.type]
        sliced = low.sliced_place(value_node, parts[:1])
        value = self.expr(value_node)
        if sliced:
            value.unsized = False  # type: ignore[attr-defined]  # (slices.check_method)
        saved = low.open_scope()
        pat = low.arm_pattern(parts[0], value)
        if sliced:
            low.copied_out(pat, parts[0])
        guard_node = pattern.child_by_field_name("condition")
        if guard_node is not None and guard_node.type == "let_condition":
            raise self.fail(guard_node, "`if let` guards")
        guard = self.expr(guard_node) if guard_node is not None else None
        low.close_scope(saved)
        pos = self.pos(node)
        arms = [
            Arm(pat, guard, Lit(pos, "bool", True)),
            Arm(Pat(pos, "wild"), None, Lit(pos, "bool", False)),
        ]
        return Match(pos, value, arms)

    def format(self, nodes: list[Node]) -> Format:
        """The format string and arguments of `println!`, `format!`, `panic!`... (`nodes` in
        the macro's argument tree: `self.delta` is set)."""
        first = nodes[0]
        pos = self.pos(first)
        text = self.string_value(first)
        try:
            pieces = parse_format(text)
        except FormatError as err:
            raise self.fail(first, str(err)) from None
        positional: list[Expr] = []
        named: dict[str, int] = {}
        arg_nodes: list[Node] = []
        named_args: list[Expr] = []
        for node in nodes[1:]:
            left = (
                node.child_by_field_name("left") if node.type == "assignment_expression" else None
            )
            if left is not None and left.type == "identifier":
                named[self.text(left)] = len(named_args)
                named_args.append(self.expr(node.child_by_field_name("right")))
            else:
                if named:
                    raise self.fail(node, "positional arguments after named arguments")
                positional.append(self.expr(node))
            arg_nodes.append(node)
        args = positional + named_args
        index = {name: len(positional) + i for name, i in named.items()}
        used: set[int] = set()
        implicit = 0
        counts: list[int] = []  # the arguments giving a width or a precision: `usize`s

        def count(written: int | str) -> int:
            """The argument `{:w$}`, `{:1$}` or `{:.p$}` names (a variable in scope too)."""
            if isinstance(written, int):
                if written >= len(positional):
                    raise self.fail(first, f"invalid reference to positional argument {written}")
                found = written
            elif written in index:
                found = index[written]
            else:
                captured = self.local(first, written)
                if captured is None:
                    raise self.fail(first, f"cannot find value `{written}` in this scope")
                found = index[written] = len(args)
                args.append(captured)
            used.add(found)
            counts.append(found)
            return found

        for piece in pieces:
            if not isinstance(piece, Spec):
                continue
            star = piece.precision_arg == "*"
            if star:  # `{:.*}`: the next argument is the precision
                if implicit >= len(positional):
                    raise self.fail(first, "`.*` with no argument left for its precision")
                piece.precision_arg = count(implicit)
                implicit += 1
            if piece.arg is None:
                piece.arg = implicit
                implicit += 1
                if piece.arg >= len(positional):
                    raise self.fail(
                        first,
                        f"{implicit} positional arguments in format string, but there "
                        f"{'is' if len(positional) == 1 else 'are'} {len(positional)} "
                        f"argument{'' if len(positional) == 1 else 's'}",
                    )
            elif isinstance(piece.arg, int):
                if piece.arg >= len(positional):
                    raise self.fail(first, f"invalid reference to positional argument {piece.arg}")
            else:
                name = piece.arg
                if name not in index:
                    captured = self.local(first, name)
                    if captured is None:
                        raise self.fail(first, f"cannot find value `{name}` in this scope")
                    index[name] = len(args)
                    args.append(captured)
                piece.arg = index[name]
            used.add(piece.arg)
            if piece.width_arg is not None:
                piece.width_arg = count(piece.width_arg)
            if piece.precision_arg is not None and not star:
                piece.precision_arg = count(piece.precision_arg)
        for i, node in enumerate(arg_nodes):
            if i not in used:
                raise self.fail(node, "argument never used")
        for at in sorted(set(counts)):  # rustc's format_args takes a width as a `&usize`
            args[at] = self.typed_usize(args[at])
        return Format(pos, pieces, args)

    def typed_usize(self, value: Expr) -> Expr:
        """`{ let n: usize = value; n }`: the argument of a width or a precision, typed as
        rustc types it (`let w = 9;` is inferred `usize`; an `i32` is its E0308)."""
        low: Any = self
        pos = value.pos
        saved = low.open_scope()
        made = low.declare("{:width$}", False)  # a name no program writes
        made.owned = True
        let = Let(pos[0], made, USIZE, value, low.in_scope)
        tail = Local(pos, made, low.scope)
        visible = low.in_scope
        low.close_scope(saved)
        return Block(pos, [let], tail, visible)


def _top_level_comma(body: bytes) -> int | None:
    """The offset of the first `,` of `body` outside brackets, strings and char literals."""
    depth, i = 0, 0
    while i < len(body):
        c = body[i : i + 1]
        if c in (b"(", b"[", b"{"):
            depth += 1
        elif c in (b")", b"]", b"}"):
            depth -= 1
        elif c == b"," and depth == 0:
            return i
        elif c == b'"':
            i += 1
            while i < len(body) and body[i : i + 1] != b'"':
                i += 2 if body[i : i + 1] == b"\\" else 1
        elif c == b"'" and body[i + 2 : i + 3] == b"'" or body[i : i + 2] == b"'\\":
            end = body.find(b"'", i + 2)
            i = end if end > 0 else i
        i += 1
    return None


class _MacroContext:
    """Reads a macro's arguments as expressions, with positions mapped back into the file."""

    def __init__(self, lowerer: MacroLowering, node: Node) -> None:
        self.lowerer = lowerer
        self.node = node
        self.saved = lowerer.delta

    def __enter__(self) -> list[Node]:
        low = self.lowerer
        tree = next((c for c in self.node.children if c.type == "token_tree"), None)
        if tree is None:
            raise low.fail(self.node, "this macro call")
        start, end = tree.start_byte + low.delta, tree.end_byte + low.delta
        # `macro_arguments` reads the token tree's bytes from the file: hand it the file offsets.
        shim = SimpleNamespace(
            children=[SimpleNamespace(type="token_tree", start_byte=start, end_byte=end)]
        )
        args = macro_arguments(low.src, shim)
        if args is None:
            self.syntax_error(start, end)
        assert args is not None
        low.delta = args.delta
        return args.nodes

    def syntax_error(self, start: int, end: int) -> None:
        low = self.lowerer
        body = low.src.data[start:end]
        if not body.startswith((b"(", b"[")):
            raise low.fail(self.node, "a macro call with `{ }`")
        prefix = b"fn f(){f"
        fragment = parse_bytes(prefix + b"(" + body[1:-1] + b");}")
        error = fragment.first_error()
        low.delta = start - len(prefix)
        if error is None:
            raise low.fail(self.node, "these macro arguments")
        raise RustSyntaxError(f"{low.where(error[0])}: {error[1]}")

    def __exit__(self, *exc: object) -> None:
        self.lowerer.delta = self.saved


def _at(fmt: Format, pos: Pos) -> Format:
    """`fmt` knowing its macro's place (`Format.pos` is its string's): where a width or
    precision read from an argument and over `u16::MAX` panics (compile_macros.py)."""
    fmt.macro_pos = pos  # type: ignore[attr-defined]
    return fmt
