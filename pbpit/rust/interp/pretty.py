"""The text of `assert!`'s condition as rustc prints it in `assertion failed: <condition>`.

rustc does not quote the source: it re-prints the parsed expression (`rustc_ast_pretty`), so
`v.len()>3||v[0]==2` reads `v.len() > 3 || v[0] == 2`, comments and line breaks gone, parentheses
kept. Macro calls inside (`vec![1,2]`) are printed from their tokens, spaced as in the source
except where rustc never puts a space (before `,`, after `.`...). The printer breaks lines when
the expression is wider than 78 columns; pbpit prints only what fits on one line and gives None
for the rest, and for expressions it does not re-print (then a failing `assert!` is refused).
"""

from __future__ import annotations

import re
from typing import Any

Node = Any
"""A `tree_sitter.Node`."""

MARGIN = 78
"""The width of rustc's pretty printer: a longer expression is broken into lines."""

_COMMENTS = ("line_comment", "block_comment")
_LEAVES = (
    "identifier",
    "integer_literal",
    "float_literal",
    "string_literal",
    "raw_string_literal",
    "boolean_literal",
    "char_literal",
    "self",
    "crate",
    "super",
)
_PUNCT = re.compile(r"[^\w\s]+")
_RESERVED = frozenset(
    (
        "as async await break const continue crate dyn else enum extern false fn for if impl in "
        "let loop match mod move mut pub ref return self Self static struct super trait true "
        "type unsafe use where while abstract become box do final macro override priv typeof "
        "unsized virtual yield try gen"
    ).split()
)


class Unprintable(Exception):  # noqa: N818 - an internal signal: no text for this expression
    pass


class ConditionPrinter:
    """Prints expressions of one file (`delta`: the offset of the tree being read, as in
    `Lowerer`, for macro arguments re-parsed on their own)."""

    def __init__(self, data: bytes, delta: int) -> None:
        self.data = data
        self.delta = delta

    def text(self, node: Node) -> str:
        return self.data[node.start_byte + self.delta : node.end_byte + self.delta].decode()

    def condition(self, node: Node) -> str | None:
        """`node` as rustc prints it, or None if pbpit cannot say how it does."""
        try:
            text = self.expr(node)
        except Unprintable:
            return None
        return text if len(text.encode()) <= MARGIN and "\n" not in text else None

    @staticmethod
    def kids(node: Node) -> list[Node]:
        return [c for c in node.named_children if c.type not in _COMMENTS]

    def field(self, node: Node, name: str) -> Node:
        child = node.child_by_field_name(name)
        if child is None:
            raise Unprintable
        return child

    # -- expressions ------------------------------------------------------------------------------

    def expr(self, node: Node) -> str:
        kind = node.type
        if kind in _LEAVES:
            return self.text(node)
        method = getattr(self, "p_" + kind, None)
        if method is None:
            raise Unprintable
        return method(node)

    def p_binary_expression(self, node: Node) -> str:
        op = [c for c in node.children if c.type not in _COMMENTS][1].type
        left, right = self.field(node, "left"), self.field(node, "right")
        return f"{self.expr(left)} {op} {self.expr(right)}"

    def p_assignment_expression(self, node: Node) -> str:
        left, right = self.field(node, "left"), self.field(node, "right")
        return f"{self.expr(left)} = {self.expr(right)}"

    def p_compound_assignment_expr(self, node: Node) -> str:
        return self.p_binary_expression(node)

    def p_unary_expression(self, node: Node) -> str:
        op = [c for c in node.children if c.type not in _COMMENTS][0].type
        return op + self.expr(self.kids(node)[0])

    def p_reference_expression(self, node: Node) -> str:
        mutable = any(c.type == "mutable_specifier" for c in node.children)
        return ("&mut " if mutable else "&") + self.expr(self.field(node, "value"))

    def p_type_cast_expression(self, node: Node) -> str:
        value, ty = self.field(node, "value"), self.field(node, "type")
        return f"{self.expr(value)} as {self.type(ty)}"

    def p_parenthesized_expression(self, node: Node) -> str:
        return f"({self.expr(self.kids(node)[0])})"

    def p_call_expression(self, node: Node) -> str:
        args = self.kids(self.field(node, "arguments"))
        function = self.field(node, "function")
        return f"{self.expr(function)}({', '.join(self.expr(a) for a in args)})"

    def p_field_expression(self, node: Node) -> str:
        value, name = self.field(node, "value"), self.field(node, "field")
        return f"{self.expr(value)}.{self.text(name)}"

    def p_generic_function(self, node: Node) -> str:
        function = self.field(node, "function")
        return f"{self.expr(function)}::{self.type_args(self.field(node, 'type_arguments'))}"

    def p_index_expression(self, node: Node) -> str:
        base, index = self.kids(node)
        return f"{self.expr(base)}[{self.expr(index)}]"

    def p_scoped_identifier(self, node: Node) -> str:
        path, name = node.child_by_field_name("path"), self.field(node, "name")
        if path is None:
            raise Unprintable
        if path.type == "generic_type":  # `Vec::<i32>::new`
            head = self.text(self.field(path, "type"))
            prefix = f"{head}::{self.type_args(self.field(path, 'type_arguments'))}"
        elif path.type in ("primitive_type", "type_identifier"):  # `f32::MAX`
            prefix = self.text(path)
        else:
            prefix = self.expr(path)
        return f"{prefix}::{self.text(name)}"

    def p_array_expression(self, node: Node) -> str:
        length = node.child_by_field_name("length")
        if length is not None:
            return f"[{self.expr(self.kids(node)[0])}; {self.expr(length)}]"
        return "[" + ", ".join(self.expr(e) for e in self.kids(node)) + "]"

    def p_range_expression(self, node: Node) -> str:
        op = next(c.type for c in node.children if not c.is_named)
        ends = self.kids(node)
        if len(ends) != 2:
            raise Unprintable
        return f"{self.expr(ends[0])}{op}{self.expr(ends[1])}"

    def p_unit_expression(self, node: Node) -> str:
        return "()"

    def p_closure_expression(self, node: Node) -> str:
        params = []
        for param in self.kids(self.field(node, "parameters")):
            if param.type == "parameter":
                pattern, ty = self.field(param, "pattern"), param.child_by_field_name("type")
                name = self.pattern(pattern)
                params.append(name if ty is None else f"{name}: {self.type(ty)}")
            else:
                params.append(self.pattern(param))
        head = ("move " if any(c.type == "move" for c in node.children) else "") + (
            f"|{', '.join(params)}|"
        )
        if node.child_by_field_name("return_type") is not None:
            raise Unprintable
        return f"{head} {self.expr(self.field(node, 'body'))}"

    def p_block(self, node: Node) -> str:
        parts = []
        children = self.kids(node)
        for i, child in enumerate(children):
            last = i == len(children) - 1
            if child.type == "let_declaration":
                parts.append(self.let(child))
            elif child.type == "expression_statement":
                inner = self.kids(child)[0]
                semicolon = child.children[-1].type == ";"
                parts.append(self.expr(inner) + (";" if semicolon else ""))
                if not semicolon and not last:
                    raise Unprintable  # a block-like statement: rustc's layout is not reproduced
            elif last:
                parts.append(self.expr(child))
            else:
                raise Unprintable
        return "{ " + " ".join(parts) + " }" if parts else "{}"

    def let(self, node: Node) -> str:
        if node.child_by_field_name("alternative") is not None:
            raise Unprintable
        mutable = any(c.type == "mutable_specifier" for c in node.children)
        text = "let " + ("mut " if mutable else "") + self.pattern(self.field(node, "pattern"))
        ty = node.child_by_field_name("type")
        if ty is not None:
            text += f": {self.type(ty)}"
        value = node.child_by_field_name("value")
        if value is not None:
            text += f" = {self.expr(value)}"
        return text + ";"

    def p_if_expression(self, node: Node) -> str:
        cond = self.field(node, "condition")
        if cond.type == "let_condition":
            pattern, value = self.field(cond, "pattern"), self.field(cond, "value")
            head = f"if let {self.pattern(pattern)} = {self.expr(value)}"
        else:
            head = f"if {self.expr(cond)}"
        text = f"{head} {self.p_block(self.field(node, 'consequence'))}"
        alternative = node.child_by_field_name("alternative")
        if alternative is not None:
            text += f" else {self.expr(self.kids(alternative)[0])}"
        return text

    def p_macro_invocation(self, node: Node) -> str:
        name = self.field(node, "macro")
        tree = next((c for c in node.children if c.type == "token_tree"), None)
        if tree is None or tree.children[0].type == "{":
            raise Unprintable
        return f"{self.text(name)}!{self.tokens(tree)}"

    # -- patterns and types -----------------------------------------------------------------------

    def pattern(self, node: Node) -> str:
        if node.type == "identifier" or self.text(node) == "_":
            return self.text(node)
        if node.type == "mut_pattern":
            return "mut " + self.pattern(self.kids(node)[-1])
        if node.type == "tuple_struct_pattern":
            head = self.text(self.field(node, "type"))
            inner = [c for c in node.children[1:] if c.type not in ("(", ")", ",", *_COMMENTS)]
            return f"{head}({', '.join(self.pattern(c) for c in inner)})"
        raise Unprintable

    def type(self, node: Node) -> str:
        kind = node.type
        if kind in ("primitive_type", "type_identifier"):
            return self.text(node)
        if kind == "unit_type":
            return "()"
        if kind == "reference_type":
            mutable = any(c.type == "mutable_specifier" for c in node.children)
            if any(c.type == "lifetime" for c in node.children):
                raise Unprintable
            return ("&mut " if mutable else "&") + self.type(self.field(node, "type"))
        if kind == "array_type":
            length = node.child_by_field_name("length")
            element = self.type(self.field(node, "element"))
            return f"[{element}]" if length is None else f"[{element}; {self.expr(length)}]"
        if kind == "generic_type":
            base = self.field(node, "type")
            if base.type != "type_identifier":
                raise Unprintable
            return self.text(base) + self.type_args(self.field(node, "type_arguments"))
        if kind == "scoped_type_identifier":
            path = self.field(node, "path")
            return f"{self.expr(path)}::{self.text(self.field(node, 'name'))}"
        raise Unprintable

    def type_args(self, node: Node) -> str:
        args = []
        for arg in self.kids(node):
            args.append(self.expr(arg) if arg.type.endswith("_literal") else self.type(arg))
        return "<" + ", ".join(args) + ">"

    # -- tokens (macro arguments) -----------------------------------------------------------------

    def tokens(self, tree: Node) -> str:
        """A delimited token tree as rustc prints tokens: a space where the source has one,
        unless rustc never puts one there (`space_between` in rustc_ast_pretty)."""
        children = [c for c in tree.children if c.type not in _COMMENTS]
        open_, inner, close = children[0], children[1:-1], children[-1]
        if open_.type not in ("(", "[", "{") or close.type not in (")", "]", "}"):
            raise Unprintable
        out = [open_.type]
        for i, token in enumerate(inner):
            if i:
                previous = inner[i - 1]
                gap = self.data[previous.end_byte + self.delta : token.start_byte + self.delta]
                if gap and _space_between(previous, token, self.text):
                    out.append(" ")
            out.append(self.tokens(token) if token.type == "token_tree" else self.text(token))
        out.append(close.type)
        return "".join(out)


def _is_punct(node: Node) -> bool:
    return node.type != "token_tree" and not node.is_named and bool(_PUNCT.fullmatch(node.type))


def _space_between(first: Node, second: Node, text: Any) -> bool:
    """rustc's `space_between`: whether two tokens separated by whitespace in the source get a
    space when printed."""
    if first.type == "." and not _is_punct(second):
        return False
    if second.type in (",", ";", ".") and not _is_punct(first):
        return False
    if second.type == "token_tree" and second.children[0].type == "(":
        word = text(first) if first.type != "token_tree" else ""
        if re.fullmatch(r"[A-Za-z_]\w*", word) and (
            word not in _RESERVED or word in ("fn", "Self", "pub")
        ):
            return False
    if first.type == "#" and second.type == "token_tree" and second.children[0].type == "[":
        return False
    return True
