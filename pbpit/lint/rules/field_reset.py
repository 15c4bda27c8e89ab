"""`loop-external-tracked`'s fix of an accumulator kept in a field: `self.total = self.total
+ loss` in one method, backpropagated by another method of the same type that the loop calls
(`acc.flush()`): reset where that backward consumes it, each backward keeps every loss added
since the last one (the run's words are `pbpit.diagnose.from_trace.field_reset`)."""

from __future__ import annotations

import re
from dataclasses import replace

from pbpit.diagnostics.model import Help
from pbpit.lint.fixes import Fixes, is_name, method_calls
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.carried_state import detach_each_pass
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
    if not calls_method(meeting, holder, method, fixes):
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


def calls_method(meeting: Meeting, holder: str, method: str, fixes: Fixes) -> bool:
    """Whether the meeting's earlier statement is the call `holder.method(..)`."""
    start, end = meeting.earlier.span
    called = fixes.data[start:end].decode("utf-8", "replace")
    call = rf"{re.escape(holder)}\s*\.\s*{re.escape(method)}\s*\(.*"
    return re.fullmatch(call, called, re.S) is not None


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


# -- state a struct keeps between passes that its own method resets, never called by the loop


_LOOPS = ("for_expression", "while_expression", "loop_expression")


def reset_first(
    name: str, meeting: Meeting, leaf: bool, fixes: Fixes, detach: Help | None = None
) -> list[Help]:
    """The fixes of a field carried into the next pass (`lif.membrane`) whose struct has a
    method taking only `&mut self` that empties it (`fn reset(&mut self) { self.membrane =
    None; }`), called by neither the loop that carries it nor a loop around it: `lif.reset();`
    at the top of each pass first, then `detach` (which, where the state also carries between
    the steps of one pass, cuts those too); `[detach]` as it is otherwise (`detach_each_pass`
    when not given, `leaf`: the carried tensor is a leaf; given: the detach where a method the
    loop calls puts it, `method_fields.put_by_called_method`)."""
    detach = detach_each_pass(name, meeting, leaf, fixes) if detach is None else detach
    owner, _, field_name = name.rpartition(".")
    loop = meeting.loop
    if not is_name(owner) or not is_name(field_name) or loop is None or meeting.in_macro:
        return [detach]
    method = _reset_method(field_name, fixes)
    body = loop.child_by_field_name("body")
    if method is None or body is None:
        return [detach]
    outermost, node = loop, fixes.parent(loop)
    while node is not None and node.type != "function_item":
        outermost = node if node.type in _LOOPS else outermost
        node = fixes.parent(node)
    if _calls_on(owner, method, outermost, fixes):
        return [detach]  # reset each episode, carried between its steps: as meant
    inner = [c for c in body.named_children if c.type not in ("line_comment", "block_comment")]
    if not inner or inner[0].start_point[0] == body.start_point[0]:
        return [detach]  # the body's first statement shares the brace's line
    at = fixes.line_start(body.start_point[0] + 1)
    call = f"{owner}.{method}();"
    line = f"{fixes.indent_of(inner[0])}{call}{fixes.newline}"
    words = (
        f"call `{call}` at the start of each pass: `{name}` keeps the previous pass's state "
        f"(`{method}` is never called in the loop), so each pass starts from it and its "
        "backward reaches the previous pass's graph"
    )
    reset = Help(words, [fixes.edit(at, at, line)])
    if not detach.edits:
        return [reset, detach]
    # Detached in the method that puts it (not at the end of the pass), called by a loop within
    # the pass: the steps of one pass are cut from each other too.
    first, last = loop.start_point[0] + 1, loop.end_point[0] + 1
    in_method = not any(first <= e.line <= last for e in detach.edits)
    within = in_method and any(
        n.type in _LOOPS and _calls_on(owner, None, n, fixes) for n in descendants(body)
    )
    said = detach.message + (" (this also cuts the gradient within each pass)" if within else "")
    return [reset, replace(detach, message=said, applicability="MaybeIncorrect")]


_EMPTY = re.compile(r"None|Vec::new\(\)|Default::default\(\)|.*\bzeros(?:_like)?\b.*", re.S)


def _reset_method(field_name: str, fixes: Fixes) -> str | None:
    """The one method of the file's impls whose only parameter is `&mut self` and which sets
    `self.FIELD` to nothing (`None`, an empty `Vec`, zeros), of a type with that field."""
    found = []
    for function in descendants(fixes.source.root):
        if function.type != "function_item":
            continue
        parameters = function.child_by_field_name("parameters")
        body = function.child_by_field_name("body")
        owner = _impl_type(function, fixes)
        if parameters is None or body is None or owner is None:
            continue
        if re.sub(r"\s+", "", fixes.text(parameters)) != "(&mutself)":
            continue
        if not _declares(owner, field_name, fixes):
            continue
        for node in descendants(body):
            left = (
                node.child_by_field_name("left") if node.type == "assignment_expression" else None
            )
            right = node.child_by_field_name("right") if left is not None else None
            if left is None or right is None or fixes.text(left) != f"self.{field_name}":
                continue
            if _EMPTY.fullmatch(fixes.text(right)):
                found.append(_name(function, fixes))
                break
    return found[0] if len(found) == 1 else None


def _declares(owner: str, field_name: str, fixes: Fixes) -> bool:
    """Whether the file's struct `owner` has a field `field_name`."""
    for node in fixes.source.root.named_children:
        label = node.child_by_field_name("name") if node.type == "struct_item" else None
        body = node.child_by_field_name("body") if label is not None else None
        if label is None or body is None or fixes.text(label) != owner:
            continue
        for item in body.named_children:
            named = item.child_by_field_name("name") if item.type == "field_declaration" else None
            if named is not None and fixes.text(named) == field_name:
                return True
    return False


def _calls_on(owner: str, method: str | None, within: Node, fixes: Fixes) -> bool:
    """Whether `within` calls `owner.method(..)` (any method of `owner`, with None)."""
    return any(
        fixes.text(receiver) == owner and (method is None or called == method)
        for _, receiver, called, _ in method_calls(within, fixes)
    )
