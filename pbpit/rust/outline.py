"""The outline of a Rust case by line, for the diagnostics: its statements, `let` bindings and
loops, as `pbpit.source` gives them for a Python case."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from pbpit.file_state import per_file
from pbpit.rust.syntax import Node, RustFile, parse_file

LOOP_KINDS = ("for_expression", "while_expression", "loop_expression")
# Statements that hold other statements: a line inside them belongs to the inner statement.
COMPOUND_KINDS = (*LOOP_KINDS, "if_expression", "block", "match_expression", "unsafe_block")


@dataclass
class Binding:
    """A `let` starting on a line: the name it binds, if a plain name, and the columns of its
    value on that line (0-based, end exclusive). Both are None on a line where two statements
    start, since a node made there cannot be told to one of them."""

    name: str | None
    value: tuple[int, int] | None


@dataclass
class RustLoop:
    """A `for`, `while` or `loop`: its first and last line, and its body's first statement's."""

    line: int
    end_line: int
    body_line: int


@dataclass
class Outline:
    bindings: dict[int, Binding] = field(default_factory=dict)
    statements: dict[int, tuple[int, int]] = field(default_factory=dict)
    starts: Counter[int] = field(default_factory=Counter)
    """How many statements start on each line."""
    loops: list[RustLoop] = field(default_factory=list)


@per_file
def outline(path: str) -> Outline:
    """The outline of the Rust file at `path` (empty if it cannot be read)."""
    source = parse_file(path)
    found = Outline()
    if source is None:
        return found
    # Each node goes with its parent's kind: tree-sitter's `node.parent` searches down from the
    # root, so asking it of every node is quadratic in the number of top-level items.
    stack = [(source.root, None)]
    while stack:
        node, parent_kind = stack.pop()
        if node.type == "let_declaration":
            _add_let(source, node, found)
        if parent_kind == "block" and node.is_named:
            _add_statement(source, node, found)
        if node.type in LOOP_KINDS:
            found.loops.append(_loop(source, node))
        stack.extend((child, node.type) for child in node.named_children)
    found.loops.sort(key=lambda loop: loop.line)
    # Where two statements start on one line, a node made on it cannot be told to one of them.
    for line, count in found.starts.items():
        if count > 1:
            found.bindings[line] = Binding(None, None)
    return found


def _add_let(source: RustFile, node: Node, found: Outline) -> None:
    line = source.start(node)[0]
    pattern = node.child_by_field_name("pattern")
    plain = pattern is not None and pattern.type == "identifier"
    name = source.node_text(pattern) if plain else None
    value = node.child_by_field_name("value")
    span = None
    if value is not None and source.start(value)[0] == line:
        start = source.start(value)[1] - 1
        if source.end(value)[0] == line:
            span = (start, source.end(value)[1] - 1)
        else:  # the value goes on below: underline what of it is on this line
            span = (start, len(source.lines[line - 1].rstrip()))
    found.bindings.setdefault(line, Binding(name, span))


def _add_statement(source: RustFile, node: Node, found: Outline) -> None:
    inner = node.named_children[0] if node.type == "expression_statement" else node
    if node.type.endswith("comment") or inner is None or inner.type in COMPOUND_KINDS:
        return
    first, last = source.start_line(node), source.end_line(node)
    found.starts[first] += 1
    for line in range(first, last + 1):
        found.statements[line] = (first, last)


def _loop(source: RustFile, node: Node) -> RustLoop:
    line, end_line = source.start(node)[0], source.end(node)[0]
    body = node.child_by_field_name("body")
    statements = [c for c in body.named_children if not c.type.endswith("comment")] if body else []
    body_line = source.start(statements[0])[0] if statements else line
    return RustLoop(line, end_line, body_line)
