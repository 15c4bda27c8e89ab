"""Lowering literals: integers with their suffixes, floats, booleans, strings with rustc's escapes
(an escape rustc rejects refused with rustc's words)."""

from __future__ import annotations

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.lower_tables import (
    _INT_SUFFIXES,
    Node,
)
from pbpit.rust.interp.nodes import (
    Binary,
    Expr,
    Index,
    Lit,
    Unary,
    Unsupported,
)
from pbpit.rust.interp.types import (
    FLOAT_NAMES,
    INT_RANGES,
    NAMED,
)
from pbpit.rust.syntax import RustFile


class EscapeError(Exception):  # noqa: N818 - rustc's name for it
    """An escape rustc rejects: its message, and where in the escape rustc points."""

    def __init__(self, message: str, offset: int = 0) -> None:
        super().__init__(message)
        self.offset = offset


_SIMPLE_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", "\\": "\\", "0": "\0", "'": "'", '"': '"'}
_HEX = "0123456789abcdefABCDEF"


def read_escape(text: str) -> tuple[str, int]:
    """The char an escape in a string literal stands for, and the length of the escape, as
    rustc's lexer reads it (`text` starts at the backslash and may run on to the end of the
    literal, not past its closing quote). `EscapeError` with rustc's message for one it
    rejects."""
    kind = text[1:2]
    if kind in _SIMPLE_ESCAPES:
        return _SIMPLE_ESCAPES[kind], 2
    body = text[2:].split('"', 1)[0]  # what follows the escape's letter, in the literal
    if kind == "x":
        for i, digit in enumerate(body[:2]):
            if digit not in _HEX:
                raise EscapeError(
                    f"invalid character in numeric character escape: `{digit}`", 2 + i
                )
        if len(body) < 2:
            raise EscapeError("numeric character escape is too short")
        value = int(body[:2], 16)
        if value > 0x7F:
            raise EscapeError("out of range hex escape")
        return chr(value), 4
    if kind == "u":
        return _unicode_escape(body)
    if not kind:
        raise EscapeError("invalid trailing slash in literal")
    shown = kind if " " <= kind <= "~" else f"\\u{{{ord(kind):x}}}"
    raise EscapeError(f"unknown character escape: `{shown}`", 1)


def _unicode_escape(body: str) -> tuple[str, int]:
    """`\\u` followed by `body`, as rustc's `scan_unicode`."""
    if body[:1] != "{":
        raise EscapeError("incorrect unicode escape sequence")
    if body[1:2] == "_":
        raise EscapeError("invalid start of unicode escape: `_`", 3)
    if body[1:2] == "}":
        raise EscapeError("empty unicode escape")
    close = body.find("}")
    if close < 0:
        close = len(body)
    for i, c in enumerate(body[1:close], start=3):
        if c not in _HEX and c != "_":
            raise EscapeError(f"invalid character in unicode escape: `{c}`", i)
    if close == len(body):
        raise EscapeError("unterminated unicode escape")
    digits = body[1:close].replace("_", "")
    if len(digits) > 6:
        raise EscapeError("overlong unicode escape")
    value = int(digits, 16)
    if value > 0x10FFFF or 0xD800 <= value <= 0xDFFF:
        raise EscapeError("invalid unicode character escape")
    return chr(value), close + 3


def escape_refusal(source: RustFile, error: Node) -> Unsupported | None:
    """For a file tree-sitter cannot parse, because of an escape its grammar does not read
    (`"\\u{}"`, `"\\u{1_0}"`): the refusal of that escape, if it comes no later than the
    syntax error `error` (an escape rustc rejects, with its message; one it accepts, as
    outside the subset)."""
    stack = [source.root]
    while stack:
        node = stack.pop()
        if node.start_byte > error.start_byte and not (
            error.start_byte <= node.start_byte < error.end_byte
        ):
            break
        if node.type == "ERROR" and source.data[node.start_byte : node.start_byte + 1] == b"\\":
            siblings = node.parent.children if node.parent is not None else []
            if any(s.type == '"' and s.end_byte <= node.start_byte for s in siblings):
                return _escape_error(source, node)
        # (an ERROR leaf does not count as having an error)
        stack.extend(reversed([c for c in node.children if c.has_error or c.type == "ERROR"]))
    return None


def _escape_error(source: RustFile, node: Node) -> Unsupported:
    start = node.start_byte
    line_end = source.data.find(b"\n", start)
    text = source.data[start : line_end if line_end >= 0 else None].decode("utf-8", "replace")
    line, column = source.position(start)
    try:
        _, length = read_escape(text)
    except EscapeError as err:
        return Unsupported(
            f"{source.path}:{line}:{column + err.offset}", f"{err} (rustc rejects it)"
        )
    return Unsupported(
        f"{source.path}:{line}:{column}",
        f"the escape `{text[:length]}` (tree-sitter's Rust grammar does not read it)",
    )


class LiteralLowering:
    """Literals (a part of `Lowerer`)."""

    def e_parenthesized_expression(self, node: Node) -> Expr:
        """The expression inside; an operation or an index keeps the parentheses' place, as
        rustc's lowering widens the span to them (`((a >> 18) << b)` overflows at the first
        `(`)."""
        inner = self.expr(self.kids(node)[0])
        if isinstance(inner, Binary | Unary | Index) and not inner.borrowed:
            inner.pos = self.pos(node)
        inner.paren_pos = self.pos(node)  # (the outermost's: lowered last)
        return inner

    def e_integer_literal(self, node: Node) -> Expr:
        text = self.text(node).replace("_", "")
        if text.endswith(FLOAT_NAMES) and text[:2] not in ("0x", "0o", "0b"):
            return Lit(self.pos(node), "float", text[:-3], NAMED[text[-3:]])  # `1f32`
        value, suffix = self.parse_int(node)
        return Lit(self.pos(node), "int", value, NAMED[suffix] if suffix else None)

    def parse_int(self, node: Node) -> tuple[int, str | None]:
        text = self.text(node).replace("_", "")
        suffix = None
        base = 10
        if text[:2] in ("0x", "0o", "0b"):
            base = {"0x": 16, "0o": 8, "0b": 2}[text[:2]]
            text = text[2:]
        for candidate in (*_INT_SUFFIXES, *(("f32", "f64") if base == 10 else ())):
            if text.endswith(candidate) and len(text) > len(candidate):
                suffix, text = candidate, text[: -len(candidate)]
                break
        text = text.lstrip("0") or ("0" if text else "")
        # (Beyond u128 in any base: and Python reads at most 4300 decimal digits.)
        too_large = len(text) > 39 if base == 10 else len(text) * (base.bit_length() - 1) > 256
        try:
            value = None if too_large else int(text, base)
        except ValueError:
            raise self.fail(node, f"the literal `{self.text(node)}`") from None
        if value is None or value > INT_RANGES["u128"][1]:
            what = f"integer literal is too large: value exceeds limit of `{INT_RANGES['u128'][1]}`"
            raise self.fail(node, rejects(what))
        return value, suffix

    def usize_literal(self, node: Node) -> int:
        """The value of a literal where a `usize` is expected in a type (`[T; 3]`): one with
        another suffix (`3u8`, `2i32`) is rustc's E0308 at the literal."""
        value, suffix = self.parse_int(node)
        if suffix not in (None, "usize"):
            raise self.fail(node, f"mismatched types: expected `usize`, found `{suffix}`")
        return value

    def e_float_literal(self, node: Node) -> Expr:
        text = self.text(node).replace("_", "")
        suffix = None
        if text.endswith(("f32", "f64")):
            suffix, text = NAMED[text[-3:]], text[:-3]
        return Lit(self.pos(node), "float", text, suffix)

    def e_boolean_literal(self, node: Node) -> Expr:
        return Lit(self.pos(node), "bool", self.text(node) == "true")

    def e_unit_expression(self, node: Node) -> Expr:
        return Lit(self.pos(node), "unit", ())

    def e_char_literal(self, node: Node) -> Expr:
        """`'a'`, `'\\n'`, `'\\u{e9}'`: one char, its escape read as in a string."""
        text = self.text(node)
        if text.startswith("b"):
            return self.byte_literal(node, text)
        body = text[1:-1]
        if body.startswith("\\"):
            try:
                value, length = read_escape(body)
            except EscapeError as err:
                raise self.fail(node, f"{err} (rustc rejects it)") from None
            if length != len(body):
                raise self.fail(node, f"the char literal `{text}`")
            return Lit(self.pos(node), "char", value)
        if len(body) != 1:
            raise self.fail(node, f"the char literal `{text}`")
        return Lit(self.pos(node), "char", body)

    def byte_literal(self, node: Node, text: str) -> Expr:
        """`b'a'`, `b'\\n'`, `b'\\xff'`: the `u8` an ASCII char or an escape stands for (`\\x`
        up to `ff`, no `\\u{..}`, as rustc's lexer reads a byte literal)."""
        body = text[2:-1]
        if body[:2] == "\\x":
            digits = body[2:]
            if len(digits) != 2 or any(c not in _HEX for c in digits):
                raise self.fail(node, f"the byte literal `{text}` (rustc rejects it)")
            return Lit(self.pos(node), "int", int(digits, 16), NAMED["u8"])
        if body[:2] == "\\u":
            raise self.fail(node, "unicode escape in byte string (rustc rejects it)")
        if body.startswith("\\"):
            try:
                value, length = read_escape(body)
            except EscapeError as err:
                raise self.fail(node, f"{err} (rustc rejects it)") from None
            if length != len(body):
                raise self.fail(node, f"the byte literal `{text}`")
            body = value
        if len(body) != 1 or not body.isascii():
            raise self.fail(node, f"the byte literal `{text}` (rustc rejects a non-ASCII one)")
        return Lit(self.pos(node), "int", ord(body), NAMED["u8"])

    def e_string_literal(self, node: Node) -> Expr:
        return Lit(self.pos(node), "str", self.string_value(node))

    e_raw_string_literal = e_string_literal

    def string_value(self, node: Node) -> str:
        if node.type == "raw_string_literal":
            content = next((c for c in node.named_children if c.type == "string_content"), None)
            return self.content(content, raw=True) if content is not None else ""
        if node.type != "string_literal":
            raise self.fail(node, "a format string that is not a string literal")
        if self.text(node).startswith("b"):  # `b"ab"`: a `&[u8; 2]`
            body = self.text(node)[2:-1]
            simple = all(" " <= c <= "~" and c not in "\\\"" for c in body)
            raise self.fail(node, "byte strings" + (f' (write `"{body}".as_bytes()`)' * simple))
        parts: list[str] = []
        strip = False
        for child in node.named_children:
            if child.type == "escape_sequence":
                text = self.text(child)
                if text[1] in "\r\n":
                    strip = True
                    continue
                try:
                    value, length = read_escape(text)
                except EscapeError as err:
                    at = self.pos(child)
                    raise Unsupported(
                        f"{self.path}:{at[0]}:{at[1] + err.offset}", f"{err} (rustc rejects it)"
                    ) from None
                if length != len(text):
                    raise self.fail(child, f"the escape `{text}`")
                parts.append(value)
            else:
                text = self.content(child, raw=False)
                parts.append(text.lstrip(" \t\n") if strip else text)
            strip = False
        return "".join(parts)

    def content(self, node: Node, raw: bool) -> str:
        """A string literal's text between escapes, its line ends as rustc reads them."""
        text = self.text(node)
        bare = text.replace("\r\n", "  ").find("\r")
        if bare >= 0:
            byte = node.start_byte + self.delta + len(text[:bare].encode())
            line, column = self.columns.position(byte)
            what = "raw string" if raw else "string, use `\\r` instead"
            raise Unsupported(
                f"{self.path}:{line}:{column}", f"bare CR not allowed in {what} (rustc rejects it)"
            )
        return text.replace("\r\n", "\n")
