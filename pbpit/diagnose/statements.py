"""The case's statements a fix moves or writes again: which statements made some nodes
(`statements_of`), in which function body (`scope_of`), whether they also make parameters
(`makes_parameters`), and their lines written again elsewhere (`moved_lines`; for Rust with the
clones a second run needs, `written_again`), removed (`removed_lines`) or read outside a loop
(`read_outside`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pbpit.diagnose.loops import Loop
from pbpit.lint.fixes import Fixes, identifiers, indent
from pbpit.rust.syntax import Node, RustReadError, read_rust
from pbpit.source import Language, assigned_name, source_line, source_lines, statement_range
from pbpit.trace import RunResult


def indent_of(text: str) -> str:
    return text[: len(text) - len(text.lstrip())]


def name_of(result: RunResult, node_id: int) -> str:
    node = result.node(node_id)
    return node.label if node and node.label else f"NodeId({node_id})"


def scope_of(stack: list[int], loop: Loop | None = None) -> tuple[int, ...]:
    """The call sites around the code at `stack` (or around `loop` in it): two statements
    with the same scope sit in the same function body, where lines can be moved between them."""
    if loop is None:
        return tuple(stack[1:])
    inside = next((i for i, line in enumerate(stack) if loop.line <= line <= loop.end_line), 0)
    return tuple(stack[inside + 1 :])


def statements_of(
    result: RunResult, node_ids: list[int], scope: tuple[int, ...]
) -> list[tuple[int, int]] | None:
    """The statements that made these nodes, as (first, last) line ranges in source order;
    None if one was made elsewhere than in `scope` (in a function, say), where no statement
    can simply be moved."""
    ranges = set()
    for node_id in node_ids:
        node = result.node(node_id)
        if node is None or node.line is None or scope_of(node.cited_stack) != scope:
            return None
        ranges.add(statement_range(result.source, node.line, result.language))
    return sorted(ranges)


def makes_parameters(
    result: RunResult, ranges: list[tuple[int, int]], scope: tuple[int, ...]
) -> bool:
    """Whether the statements on these lines also make a leaf that requires grad (a function
    they call making the parameters with what it returns, `Trainer::new`). A module's
    parameter first read by a call kept for what it does (`p.fit(&e, support)`: `e.fc.weight`,
    lazy as in burn-core until a forward reads it) of a module these lines do not bind is made
    where the module was, not by them."""
    lines = source_lines(result.source)
    text = "\n".join("\n".join(lines[first - 1 : last]) for first, last in ranges)

    def binds(root: str) -> bool:
        name = re.escape(root)
        return re.search(rf"\blet\b[^=;]*\b{name}\b|(?<![\w.]){name}\s*=(?!=)", text) is not None

    return any(
        node.requires_grad
        and node.line is not None
        and scope_of(node.cited_stack) == scope
        and any(first <= node.line <= last for first, last in ranges)
        and (
            not node.label
            or "." not in node.label
            or binds(node.label.split(".")[0])
            or re.search(r"\blet\b", text) is not None  # a `let`'s value: said as before
        )
        for node in result.nodes
    )


@dataclass
class Again:
    """Rust statements a fix runs again (in every pass of a loop, or once more), as lint's
    fixes write them (`pbpit.lint.fixes`): each variable they give by value cloned, for the
    first run would move it (rustc's E0382)."""

    fixes: Fixes
    ranges: list[tuple[int, int]]
    """The statements' lines, 1-based."""
    clones: list[Node]

    def lines(self, indent: str) -> list[str]:
        """The statements written again at `indent`, with their clones."""
        copy = self.fixes.copy_rows
        rows = [(first - 1, last - 1) for first, last in self.ranges]
        text = "".join(copy(first, last, self.clones, indent) for first, last in rows)
        return text.split(self.fixes.newline)[:-1]


def written_again(result: RunResult, ranges: list[tuple[int, int]]) -> Again | None:
    """For a Rust case, the `let`s on these line ranges and what they give by value that is
    not made among them nor `Copy`; None when one is not a whole-line `let` or gives a value
    in a way no clone mends (then the fix is said in words)."""
    try:
        source = read_rust(result.source)
    except RustReadError:
        return None
    fixes = Fixes(source)
    statements = []
    for first, last in ranges:
        start = fixes.line_start(first - 1) + len(indent(fixes.lines[first - 1]))
        node = source.root.descendant_for_byte_range(start, start)
        while node is not None and not (node.parent is not None and node.parent.type == "block"):
            node = node.parent
        if node is None or node.parent is None:
            return None
        # Every statement on these lines (`let a = ..; let b = ..;` on one line moves whole).
        held = [
            s
            for s in node.parent.named_children
            if first - 1 <= s.start_point[0] <= last - 1 and s.type != "line_comment"
        ]
        # A `let`, or a call kept for what it does (`p.fit(&e, support.clone());`, a method
        # filling a field: run again every pass, it refits from the current parameters).
        if any(
            s.type not in ("let_declaration", "expression_statement") or s.end_point[0] > last - 1
            for s in held
        ):
            return None
        if any(
            s.type == "expression_statement"
            and (s.named_child(0) is None or s.named_child(0).type != "call_expression")
            for s in held
        ):
            return None
        statements += held
    bound: set[str] = set()
    clones: list[Node] = []
    for statement in statements:
        value = statement.child_by_field_name("value")
        if statement.type == "expression_statement":
            value = statement.named_child(0)
        moved = fixes.moved_names(value) if value is not None else None
        if moved is None:
            return None
        clones += [
            n
            for n in moved
            if fixes.text(n) not in bound and not fixes.is_copy(fixes.text(n), n.start_byte)
        ]
        pattern = statement.child_by_field_name("pattern")
        bound |= {fixes.text(n) for n in identifiers(pattern)} if pattern is not None else set()
    return Again(fixes, ranges, clones)


def cloned_in_place(path: str, again: Again) -> list[tuple[str, int | None, str]]:
    """The lines of `again`'s statements that change where they are, with their clones."""
    changed: list[tuple[str, int | None, str]] = []
    for first, last in again.ranges:
        written = Again(again.fixes, [(first, last)], again.clones)
        for number, new in enumerate(written.lines(indent(source_line(path, first))), first):
            old = source_line(path, number)
            if new != old:
                changed += [("-", number, old), ("+", number, new)]
    return changed


def moved_lines(path: str, ranges: list[tuple[int, int]], indent: str) -> list[str]:
    """The lines of these statements written again at `indent` (continuation lines keep their
    indentation relative to their statement's first line)."""
    moved = []
    for first, last in ranges:
        base = indent_of(source_line(path, first))
        for line in range(first, last + 1):
            text = source_line(path, line)
            moved.append(indent + (text[len(base) :] if text.startswith(base) else text.strip()))
    return moved


def read_outside(result: RunResult, ranges: list[tuple[int, int]], loop: Loop) -> bool:
    """Whether, in a Rust case, a name these statements bind is read in their block outside
    `loop` (and outside them): between them and the loop, or after the loop until the block
    ends (a Python function reads the module's name when it is called: the loop's serves)."""
    if result.language is not Language.RUST:
        return False
    names = [assigned_name(result.source, first, result.language) for first, _ in ranges]
    words = [re.compile(rf"\b{re.escape(name)}\b") for name in names if name]
    moved = {line for first, last in ranges for line in range(first, last + 1)}
    lines = source_lines(result.source)
    start = min(first for first, _ in ranges)
    depth = len(indent_of(lines[start - 1]))
    for number in range(start, len(lines) + 1):
        text = lines[number - 1]
        if text.strip() and len(indent_of(text)) < depth:
            break  # the block ends
        if number in moved or loop.line <= number <= loop.end_line:
            continue
        if any(word.search(text) for word in words):
            return True
    return False


def removed_lines(path: str, ranges: list[tuple[int, int]]) -> list[tuple[str, int | None, str]]:
    return [
        ("-", line, source_line(path, line))
        for first, last in ranges
        for line in range(first, last + 1)
    ]
