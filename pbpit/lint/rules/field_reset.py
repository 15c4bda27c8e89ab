"""`loop-external-tracked`'s fix of an accumulator kept in a field: `self.total = self.total
+ loss` in one method, backpropagated by another method of the same type that the loop calls
(`acc.flush()`): reset where that backward consumes it, each backward keeps every loss added
since the last one (the run's words are `pbpit.diagnose.from_trace.field_reset`)."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Help
from pbpit.lint.fixes import Fixes
from pbpit.lint.rule import Meeting
from pbpit.rust.syntax import Node, descendants


def accumulator_field_reset(
    name: str, meeting: Meeting, fixes: Fixes, field_reset_help
) -> Help | None:
    """The reset of the field `name` (`meter.sum`, the loop's name of `self.sum`), said by
    `field_reset_help(name, field, method, edits)`; None when the carried tensor is not an
    accumulation in a field of a method, or the backward is not run by another method of the
    same type, called on the value the loop names."""
    definition, through = meeting.definition, meeting.earlier.through
    statement = definition.statement
    if statement is None or through is None or "::" not in through or "." not in name:
        return None
    holder, field_name = name.rsplit(".", 1)
    field = f"self.{field_name}"
    assignment = statement
    if assignment.type == "expression_statement" and assignment.named_children:
        assignment = assignment.named_children[0]
    if assignment.type != "assignment_expression" or not _accumulates(field, assignment, fixes):
        return None
    owner, method = through.rsplit("::", 1)
    adder = _method_of(statement)
    if adder is None or _impl_type(adder, fixes) != owner or _name(adder, fixes) == method:
        return None
    start, end = meeting.earlier.span
    called = fixes.data[start:end].decode("utf-8", "replace")
    if not re.fullmatch(rf"{re.escape(holder)}\s*\.\s*{re.escape(method)}\s*\(.*", called, re.S):
        return None
    body = _method_body(fixes, owner, method)
    if body is None:
        return None
    backward = re.compile(r"\.\s*backward\s*\(\s*\)$")
    backwards = [
        n
        for n in descendants(body)
        if n.type == "call_expression" and backward.search(fixes.text(n))
    ]
    if len(backwards) != 1:
        return None
    line_of = backwards[0]
    while line_of.parent is not None and line_of.parent.id != body.id:
        line_of = line_of.parent
    if not fixes.whole_lines(line_of):
        return None
    reads = re.search(rf"{re.escape(field)}\b", fixes.text(line_of)) is not None
    if reads and not fixes.text(line_of).rstrip().endswith(";"):
        return None  # the backward's statement reads the field and returns: no "after"
    row = line_of.end_point[0] + 1 if reads else line_of.start_point[0]
    at = fixes.line_start(row)
    reset = f"{fixes.indent_of(line_of)}{field} = {field}.zeros_like();{fixes.newline}"
    return field_reset_help(name, field, through, [fixes.edit(at, at, reset)])


def _accumulates(field: str, assignment: Node, fixes: Fixes) -> bool:
    """`self.f = self.f + x` (`self.f.clone() + x`, `x + self.f`)."""
    left, right = assignment.child_by_field_name("left"), assignment.child_by_field_name("right")
    if left is None or right is None or fixes.text(left) != field:
        return False
    if right.type != "binary_expression":
        return False
    operator = right.child_by_field_name("operator")
    if operator is None or fixes.text(operator) != "+":
        return False
    operands = [right.child_by_field_name("left"), right.child_by_field_name("right")]
    return any(o is not None and fixes.text(o) in (field, f"{field}.clone()") for o in operands)


def _method_of(node: Node) -> Node | None:
    """The `fn` item around `node`."""
    while node is not None and node.type != "function_item":
        node = node.parent
    return node


def _name(function: Node, fixes: Fixes) -> str | None:
    name = function.child_by_field_name("name")
    return fixes.text(name) if name is not None else None


def _impl_type(function: Node, fixes: Fixes) -> str | None:
    """The type of the `impl` block holding `function` (`Meter` of `impl Meter`)."""
    node = function.parent
    while node is not None and node.type != "impl_item":
        node = node.parent
    kind = node.child_by_field_name("type") if node is not None else None
    return re.sub(r"<.*", "", fixes.text(kind)) if kind is not None else None


def _method_body(fixes: Fixes, owner: str, method: str) -> Node | None:
    """The body of the one method `method` of an `impl owner` block of the file."""
    found = [
        n
        for n in descendants(fixes.source.root)
        if n.type == "function_item" and _name(n, fixes) == method and _impl_type(n, fixes) == owner
    ]
    return found[0].child_by_field_name("body") if len(found) == 1 else None
