"""`loop-external-tracked`'s fix of a forward's output handed to a buffer struct's own method
that keeps it (`memory.push(value, ret)` of `fn push(&mut self, value: Tensor<2>, ..) {
self.values.push(value); .. }`), read back by another of its methods (`let (v, ret) =
memory.sample(i);`) into a loss that trains through it only (a replay memory of a critic's
values): the buffer is handed the forward's input instead (`memory.push(obs, ret)`), and the
forward runs again, with the current model, where the loop gets an element back (`let v =
critic.forward(v);`). Detached where the method puts it, the loss would have nothing to train;
emptied, the samples would find nothing.

Written where the output is made by a `let` of a call with one input variable, handed once to
a method of a variable of the loop's function, and every read of the field outside the struct's
methods is a call of one of its methods returning the element, alone or in a tuple."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, identifiers
from pbpit.lint.rule import Meeting
from pbpit.rust.syntax import Node, descendants

CALL = "call_expression"


def method_buffer(meeting: Meeting, fixes: Fixes, carrier: str, statement: Node, value: Node):
    """The buffer's name (`memory.values`) and the help, or None (see the module)."""
    if "." not in carrier or meeting.loop is None:
        return None
    owner, field_ = carrier.split(".", 1)
    if not owner.isidentifier() or not field_.isidentifier() or value.type != CALL:
        return None
    arguments = value.child_by_field_name("arguments")
    if arguments is None or len(arguments.named_children) != 1:
        return None
    given = arguments.named_children[0]
    found = re.fullmatch(r"([A-Za-z_]\w*)(\s*\.\s*clone\s*\(\s*\))?", fixes.text(given))
    block = fixes.parent(statement)
    if found is None or block is None or not fixes.whole_lines(statement):
        return None
    input_name, name = found.group(1), fixes.text(statement.child_by_field_name("pattern"))
    reads = [
        n
        for n in identifiers(block)
        if n.start_byte >= statement.end_byte and fixes.text(n) == name
    ]
    if len(reads) != 1 or not _handed_to(reads[0], owner, fixes):
        return None
    text = fixes.data[value.start_byte : value.end_byte]
    start, end = given.start_byte - value.start_byte, given.end_byte - value.start_byte

    def forward(argument: str) -> str:
        return (text[:start] + argument.encode() + text[end:]).decode("utf-8", "replace")

    later = [n for n in identifiers(block) if n.start_byte > reads[0].end_byte]
    kept = input_name
    if found.group(2) is not None and any(fixes.text(n) == input_name for n in later):
        kept = f"{input_name}.clone()"
    edits = [
        fixes.edit(
            fixes.line_start(statement.start_point[0]),
            fixes.line_start(statement.end_point[0] + 1),
            "",
        ),
        fixes.edit(reads[0].start_byte, reads[0].end_byte, kept),
    ]
    returning = _returning_methods(field_, fixes)
    read_any = False
    for node in descendants(fixes.source.root):
        if node.type == "field_expression" and _is(node, owner, field_, fixes):
            return None  # `memory.values[..]` read outside the methods: not written here
        if node.type != CALL or _inside_impl(node, fixes):
            continue
        function = node.child_by_field_name("function")
        if function is None or function.type != "field_expression":
            continue
        receiver = function.child_by_field_name("value")
        method = function.child_by_field_name("field")
        if fixes.text(receiver) != owner or fixes.text(method) not in returning:
            continue
        made = _read_back(node, returning[fixes.text(method)], forward, fixes)
        if made is None:
            return None
        edits += made
        read_any = True
    if not read_any:
        return None
    return carrier, Help(
        f"hand `{owner}` the `{input_name}` that `{name}` is computed from instead of `{name}` "
        f"(kept in `{carrier}`), and compute `{name}` again from it with the current model where "
        f"`{owner}` gives an element back: each backward then walks a graph of its own "
        "(detached where it is put, the loss would have nothing to train)",
        sorted(edits, key=lambda e: (e.line, e.column)),
    )


def _handed_to(read: Node, owner: str, fixes: Fixes) -> bool:
    """Whether `read` is an argument, by value, of a method call on `owner` (`memory.push(value,
    ..)`)."""
    arguments = fixes.parent(read)
    call = fixes.parent(arguments) if arguments is not None else None
    if call is None or call.type != CALL or arguments.type != "arguments":
        return False
    function = call.child_by_field_name("function")
    receiver = function.child_by_field_name("value") if function is not None else None
    return receiver is not None and fixes.text(receiver) == owner


def _is(node: Node, owner: str, field_: str, fixes: Fixes) -> bool:
    value, name = node.child_by_field_name("value"), node.child_by_field_name("field")
    return value is not None and fixes.text(value) == owner and fixes.text(name) == field_


def _inside_impl(node: Node, fixes: Fixes) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.type == "impl_item":
            return True
        parent = parent.parent
    return False


def _returning_methods(field_: str, fixes: Fixes) -> dict[str, int | None]:
    """The methods (of any `impl` of the file) whose tail gives an element of `self.field_`
    back: the place in the tuple it returns, or None when it returns the element alone."""
    found: dict[str, int | None] = {}
    for item in descendants(fixes.source.root):
        if item.type != "function_item":
            continue
        body, name = item.child_by_field_name("body"), item.child_by_field_name("name")
        result = item.child_by_field_name("return_type")
        if body is None or name is None or result is None or "Tensor" not in fixes.text(result):
            continue
        tail = body.named_children[-1] if body.named_children else None
        if tail is None or f"self.{field_}" not in fixes.text(tail):
            continue
        if tail.type == "tuple_expression":
            places = [
                i for i, c in enumerate(tail.named_children) if f"self.{field_}" in fixes.text(c)
            ]
            if len(places) == 1:
                found[fixes.text(name)] = places[0]
        elif re.fullmatch(rf"self\.{field_}\s*\[[^\]]*\]\s*\.\s*clone\s*\(\s*\)", fixes.text(tail)):
            found[fixes.text(name)] = None
    return found


def _read_back(call: Node, place: int | None, forward, fixes: Fixes) -> list[Edit] | None:
    """The edits that compute the output again where `call` gives an element back: the call
    itself wrapped (the element alone), or a line after the `let` of a tuple pattern."""
    if place is None:
        return [fixes.edit(call.start_byte, call.end_byte, forward(fixes.text(call)))]
    statement = fixes.parent(call)
    if statement is None or statement.type != "let_declaration" or not fixes.whole_lines(statement):
        return None
    pattern = statement.child_by_field_name("pattern")
    if pattern is None or pattern.type != "tuple_pattern":
        return None
    parts = [c for c in pattern.children if fixes.text(c) not in ("(", ",", ")")]
    if len(parts) <= place or parts[place].type != "identifier":
        return None
    name = fixes.text(parts[place])
    at = fixes.line_start(statement.end_point[0] + 1)
    line = f"{fixes.indent_of(statement)}let {name} = {forward(name)};{fixes.newline}"
    return [fixes.edit(at, at, line)]
