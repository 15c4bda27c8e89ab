"""`loop-external-tracked`'s fix of a forward's output pushed in a tuple beside its input
(`memory.push((obs, log_prob, reward))` of `let log_prob = policy.forward(obs.clone());`, or of
a chain around the forward: `log_softmax(policy.fc.forward(obs.clone()), 1).reshape([1])`) into
a `Vec` the loss reads by index: the output computed again from the input the tuple keeps where
the buffer is read (`memory[k].1` becomes the forward of `memory[k].0.clone()`; `let (_, a, r) =
memory[k].clone();` becomes `let (a_input, _, r) = memory[k].clone();` and `let a =
policy.forward(a_input);`). Where that edit cannot be written, the same fix in words and why,
never the detach where it is pushed (the loss would train nothing)."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, identifiers, is_name
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.kept_model import _function, let_of
from pbpit.lint.rules.stored_inputs import CALL, _let_at, _one_read_after, _pushed_in_tuple
from pbpit.rust.syntax import Node


def tuple_buffer_fix(meeting: Meeting, fixes: Fixes) -> tuple[str, Help] | None:
    """A forward's output pushed in a tuple into a buffer read by index: computed again from
    the input the tuple keeps where the buffer is read, as code where the edit can be written;
    else the same fix in words, with why it was not written (never 'detach where it is
    pushed': the loss would train nothing)."""
    definition = meeting.definition
    statement, value = _let_at(definition, fixes)
    if meeting.in_macro or statement is None or value is None or not is_name(definition.name):
        return None
    if statement.type != "let_declaration" or value.type != "call_expression":
        return None
    block = fixes.parent(statement)
    function = _function(statement, fixes)
    if block is None or function is None:
        return None
    read = _one_read_after(statement, definition.name, block, fixes)
    if read is None:
        return None
    pushed = _pushed_in_tuple(read, fixes)
    if pushed is None:
        return None
    buffer, tuple_, at = pushed
    elements = [
        fixes.parent(n)
        for n in identifiers(function)
        if fixes.text(n) == buffer
        and n.start_byte > tuple_.end_byte
        and fixes.parent(n) is not None
        and fixes.parent(n).type == "index_expression"
        and fixes.parent(n).child(0) == n
    ]  # `memory.len()`, `memory.push(..)`: no element read
    if not elements:
        return None
    made = _tuple_edits(meeting, statement, value, function, tuple_, at, elements, fixes)
    name = definition.name
    if isinstance(made, str):
        return buffer, Help(
            f"keep in `{buffer}` the input `{name}` is computed from, beside it, and compute "
            f"`{name}` again from it with the current model where `{buffer}` is read, instead "
            f"of reading the `{name}` an earlier pass made: each backward then walks a graph of "
            f"its own (detached where it is pushed, `{name}` would leave the loss nothing to "
            f"train); not written as code here: {made}",
            applicability="MaybeIncorrect",
        )
    input_name, edits = made
    help_ = Help(
        f"compute `{name}` again from the `{input_name}` that `{buffer}` keeps "
        f"beside it, with the current model, where `{buffer}` is read, instead of reading the "
        f"`{name}` an earlier pass made: each backward then walks a graph of its "
        "own (detached where it is pushed, it would leave the loss nothing to train)",
        sorted(edits, key=lambda e: (e.line, e.column)),
    )
    return buffer, help_


def _tuple_edits(
    meeting: Meeting, statement, value, function, tuple_, at: int, elements, fixes: Fixes
) -> tuple[str, list[Edit]] | str:
    """The input's name and the edits of `_tuple_buffer`, or why they cannot be written."""
    parts = [fixes.text(p) for p in tuple_.named_children]
    given = _tuple_input(value, parts, statement, function, meeting.loop, fixes)
    if isinstance(given, str):
        return given
    input_name = fixes.text(given).split(".")[0].strip()
    kept = parts.index(input_name)
    text = fixes.data[value.start_byte : value.end_byte]
    start, end = given.start_byte - value.start_byte, given.end_byte - value.start_byte

    def forward(argument: str) -> str:
        return (text[:start] + argument.encode() + text[end:]).decode("utf-8", "replace")

    taken = {fixes.text(n) for n in identifiers(function)}
    edits = []
    for element in elements:
        made = _read_element(element, at, kept, forward, taken, fixes)
        if made is None:
            return f"`{fixes.text(element)}` is read in a way pbpit does not rewrite"
        edits += made
    return input_name, edits


def _tuple_input(
    value: Node, parts: list[str], statement: Node, function: Node, loop, fixes: Fixes
) -> Node | str:
    """The input of the forward `value` that the pushed tuple keeps beside its output (`obs`,
    or `obs.clone()`, in `policy.forward(obs.clone())` or deeper in a chain:
    `log_softmax(policy.fc.forward(obs.clone()), 1).reshape([1])`): the one identifier of the
    value that names one part of the tuple. None where there is none, more than one, or where
    the value reads a name bound inside the loop besides it (`step`, a pass's own local: where
    the buffer is read, it would hold another pass's value), with why."""
    named = [n for n in identifiers(value) if fixes.text(n) in parts]
    if not named:
        return "the tuple does not keep the forward's input"
    if len(named) != 1 or parts.count(fixes.text(named[0])) != 1:
        return "the forward reads more than one part of the tuple"
    given = named[0]
    body = loop.child_by_field_name("body") if loop is not None else None
    if body is None:
        return "the loop was not found"
    pattern = loop.child_by_field_name("pattern")
    counters = {fixes.text(n) for n in identifiers(pattern)} if pattern is not None else set()
    for node in identifiers(value):
        if node.id == given.id:
            continue
        name = fixes.text(node)
        bound = let_of(name, statement, function, fixes)
        if name in counters or (
            bound is not None and body.start_byte <= bound.start_byte < body.end_byte
        ):
            return (
                f"the forward also reads `{name}`, which each pass of the loop binds anew (keep "
                "it in the tuple too)"
            )
    method = fixes.parent(given)
    call = fixes.parent(method) if method is not None else None
    if method is not None and method.type == "field_expression" and call is not None:
        field_ = method.child_by_field_name("field")
        arguments = call.child_by_field_name("arguments")
        if call.type == CALL and fixes.text(field_) == "clone" and arguments is not None:
            if not arguments.named_children:
                return call  # `obs.clone()`
    return given


def _read_element(
    element: Node, at: int, kept: int, forward, taken: set[str], fixes: Fixes
) -> list[Edit] | None:
    """The edits that compute the output again where `element` (`memory[k]`) is read: as
    `memory[k].1` (cloned or not), or cloned whole into a `let` of a tuple pattern."""
    parent = fixes.parent(element)
    field_ = parent.child_by_field_name("field") if parent is not None else None
    if field_ is not None and field_.type == "integer_literal":  # `memory[k].1`
        if int(fixes.text(field_)) != at:
            return []  # another part: the input, a reward
        after = fixes.data[parent.end_byte : parent.end_byte + 32]
        clone = re.match(rb"\s*\.\s*clone\s*\(\s*\)", after)
        end = parent.end_byte + (clone.end() if clone else 0)
        again = forward(f"{fixes.text(element)}.{kept}.clone()")
        return [fixes.edit(parent.start_byte, end, again)]
    call = fixes.parent(parent) if parent is not None else None
    if parent is None or parent.type != "field_expression" or call is None:
        return None
    if fixes.text(parent.child_by_field_name("field")) != "clone" or call.type != CALL:
        return None
    statement = fixes.parent(call)
    if statement is None or statement.type != "let_declaration" or not fixes.whole_lines(statement):
        return None
    pattern = statement.child_by_field_name("pattern")
    if pattern is None or pattern.type != "tuple_pattern":
        return None
    parts = [c for c in pattern.children if fixes.text(c) not in ("(", ",", ")")]  # `_` too
    if len(parts) <= max(at, kept) or parts[at].type != "identifier":
        return None
    name = fixes.text(parts[at])
    edits = [fixes.edit(parts[at].start_byte, parts[at].end_byte, "_")]
    if parts[kept].type == "identifier":
        argument = f"{fixes.text(parts[kept])}.clone()"
    elif fixes.text(parts[kept]) == "_":
        argument = f"{name}_input"
        if argument in taken:
            return None
        edits.append(fixes.edit(parts[kept].start_byte, parts[kept].end_byte, argument))
    else:
        return None
    indent = fixes.indent_of(statement)
    at_line = fixes.line_start(statement.end_point[0] + 1)
    line = f"{indent}let {name} = {forward(argument)};{fixes.newline}"
    edits.append(fixes.edit(at_line, at_line, line))
    return edits
