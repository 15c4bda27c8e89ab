"""What rustc's lexer and parser reject that tree-sitter's grammar reads on.

tree-sitter's Rust grammar is forgiving where rustc is not: it takes a keyword for a name
(`let return = 5;`), reads a doc comment anywhere a comment may be, and has no lints. These
checks run over the whole file before lowering, so such a file is refused, as rustc refuses it,
instead of run. Each refusal carries rustc's own words (rustc 1.95, edition 2021).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.nodes import Unsupported
from pbpit.rust.syntax import RustFile

Node = Any
"""A `tree_sitter.Node`."""

# Edition 2021's strict keywords, then the reserved ones (rustc names them apart).
KEYWORDS = frozenset(
    "as async await break const continue crate dyn else enum extern false fn for if impl in let "
    "loop match mod move mut pub ref return self Self static struct super trait true type unsafe "
    "use where while".split()
)
RESERVED = frozenset(
    "abstract become box do final macro override priv try typeof unsized virtual yield".split()
)
_NAMES = ("identifier", "type_identifier", "field_identifier", "shorthand_field_identifier")

# rustc's `text_direction_codepoint_in_literal` and `.._in_comment` (both deny by default).
BIDI_CODEPOINTS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_STRINGS = ("string_literal", "raw_string_literal")
_COMMENTS = ("line_comment", "block_comment")


def rejects(what: str, code: str | None = None) -> str:
    """rustc's message, marked as rustc's: `... (rustc rejects it: error[E0753])`."""
    return f"{what} (rustc rejects it{f': error[{code}]' if code else ''})"


def doc_kind(source: RustFile, node: Node) -> str | None:
    """`inner` for `//!` and `/*!`, `outer` for `///` and `/**` (not `////`, `/***`, `/**/`)."""
    text = source.data[node.start_byte : node.start_byte + 4]
    if text.startswith((b"//!", b"/*!")):
        return "inner"
    if node.type == "line_comment" and text.startswith(b"///") and not text.startswith(b"////"):
        return "outer"
    if text.startswith(b"/**") and not text.startswith((b"/***", b"/**/")):
        return "outer"
    return None


class GrammarCheck:
    """Walks one file's tree; `run` raises the first refusal, in file order."""

    def __init__(self, source: RustFile) -> None:
        self.src = source
        self.allowed = self.allowed_lints()

    def fail(self, node: Node, what: str) -> Unsupported:
        return Unsupported(self.src.where(node), what)

    def allowed_lints(self) -> str:
        """The text of the file's `allow`/`expect` attributes, where a lint may be named."""
        found = []
        stack = [self.src.root]
        while stack:
            node = stack.pop()
            if node.type in ("attribute_item", "inner_attribute_item"):
                text = self.src.node_text(node)
                if "allow" in text or "expect" in text:
                    found.append(text)
                continue
            stack.extend(node.children)
        return "\n".join(found)

    def run(self) -> None:
        stack = [(self.src.root, False)]
        while stack:
            node, in_macro = stack.pop()
            kind = node.type
            if kind in _NAMES and not in_macro:
                self.name(node)
            elif kind in _COMMENTS:
                self.comment(node, in_macro)
            elif kind in _STRINGS:
                self.bidi(node, "literal")
            elif kind == "mut_pattern":
                self.repeated_mut(node)
            elif kind == "binary_expression" and not in_macro:
                self.open_range_operand(node)
            inside = in_macro or kind == "token_tree"
            stack.extend((c, inside) for c in reversed(node.children))

    def name(self, node: Node) -> None:
        if node.parent is not None and node.parent.type in ("lifetime", "label"):
            return  # `'static`, `'outer:`: not an identifier to rustc
        text = self.src.node_text(node)
        if text == "Self" and _names_self_type(node):
            return
        if text in KEYWORDS:
            raise self.fail(node, rejects(f"expected identifier, found keyword `{text}`"))
        if text in RESERVED:
            raise self.fail(node, rejects(f"expected identifier, found reserved keyword `{text}`"))

    def open_range_operand(self, node: Node) -> None:
        """`-3..^1`: the grammar reads `(-3..) ^ 1`; to rustc a range binds loosest, and an
        operator no expression starts with (`^`, `+`, `==`..) cannot follow `a..`."""
        left, op = node.child_by_field_name("left"), node.child_by_field_name("operator")
        if left is None or op is None or left.type != "range_expression":
            return
        ends = [c for c in left.children if c.type not in _COMMENTS]
        if not ends or ends[-1].type != "..":  # (an open range `a..` only)
            return
        shown = self.src.node_text(op)
        if shown in ("-", "*", "&", "&&", "|", "||", "!"):
            return
        parent = node.parent
        if parent is not None and parent.type == "for_expression":
            expected = "`{`"
        elif parent is not None and parent.type == "let_declaration":
            expected = "one of `;` or `else`"
        else:
            expected = "an expression's end"
        raise self.fail(op, rejects(f"expected {expected}, found `{shown}`"))

    def repeated_mut(self, node: Node) -> None:
        """`let mut mut x`: the grammar reads a `mut` then a `mut x` pattern."""
        parent = node.parent
        outer_mut = parent is not None and any(
            c.type == "mutable_specifier" for c in parent.children if c.end_byte <= node.start_byte
        )
        inner = [c for c in node.named_children if c.type not in _COMMENTS]
        if outer_mut or (inner and inner[-1].type == "mut_pattern"):
            raise self.fail(node, rejects("`mut` on a binding may not be repeated"))

    def bidi(self, node: Node, what: str) -> None:
        if not BIDI_CODEPOINTS.intersection(self.src.node_text(node)):
            return
        lint = f"text_direction_codepoint_in_{what}"
        if lint in self.allowed:
            return
        raise self.fail(
            node,
            f"unicode codepoint changing visible direction of text present in {what} (rustc "
            f"rejects it: `{lint}`)",
        )

    def comment(self, node: Node, in_macro: bool) -> None:
        self.bidi(node, "comment")
        kind = doc_kind(self.src, node)
        if kind is None:
            return
        if in_macro:
            raise self.fail(node, rejects("a doc comment among a macro's arguments"))
        parent = node.parent
        siblings = [c for c in parent.children if c.type not in _COMMENTS]
        before = [c for c in siblings if c.end_byte <= node.start_byte]
        after = [c for c in siblings if c.start_byte >= node.end_byte]
        if parent.type == "block":
            before, after = before[1:], after[:-1]  # the braces
        elif parent.type != "source_file":
            if kind == "inner":
                raise self.fail(node, rejects("expected outer doc comment", "E0753"))
            return
        if kind == "outer":
            if after:
                return
            if parent.type == "source_file":
                raise self.fail(node, rejects("expected item after doc comment"))
            raise self.fail(
                node,
                rejects("found a documentation comment that doesn't document anything", "E0585"),
            )
        if any(c.type != "inner_attribute_item" for c in before):
            raise self.fail(node, rejects("expected outer doc comment", "E0753"))
        if parent.type == "block":
            self.inner_doc_in_block(node, parent)

    def inner_doc_in_block(self, node: Node, block: Node) -> None:
        """At a block's start an inner doc comment documents the block: rustc allows that in a
        function's body and in a block statement (a bare block, a loop's body), not elsewhere."""
        holder = block.parent
        if holder is None or holder.type == "function_item":
            return
        if holder.type in ("for_expression", "while_expression", "loop_expression"):
            holder = holder.parent
        if holder is not None and holder.type == "expression_statement":
            return
        if block.parent is not None and block.parent.type in ("if_expression", "else_clause"):
            raise self.fail(node, rejects("an inner attribute is not permitted in this context"))
        raise self.fail(node, rejects("attributes on expressions are experimental", "E0658"))


# -- `Self`, a keyword that names a type -----------------------------------------------------------

# Where `Self` is the type of the `impl` it is in: a type, a path's first segment, a struct
# expression or pattern, a tuple struct's constructor.
_SELF_PLACES = (
    "scoped_identifier",
    "scoped_type_identifier",
    "generic_type",
    "struct_expression",
    "struct_pattern",
    "tuple_struct_pattern",
    "call_expression",
)


def _names_self_type(node: Node) -> bool:
    parent = node.parent
    return node.type == "type_identifier" or (parent is not None and parent.type in _SELF_PLACES)


def check_grammar(source: RustFile) -> None:
    """`Unsupported` with rustc's message for the first thing in `source` that rustc's parser or
    its deny-by-default lexical lints reject and tree-sitter read on."""
    GrammarCheck(source).run()
