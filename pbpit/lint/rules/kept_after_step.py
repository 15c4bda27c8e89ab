"""`loop-external-tracked`'s fixes of a value a pass keeps, after its backward, for the next
pass's loss: hard-example replay (`hard.clear(); hard.push(per_sample.max());` once the step is
taken, the next epoch adding `h.clone() * 0.5` to its loss). What is pushed is made from a
tensor that pass's backward consumed (`per_sample`), so the next backward panics there.

The same of an `Option` set after the backward (`prev_worst = Some(errors.max());`).

The program means to train the kept sample again. Kept as data (what picks it: its index,
`per_sample.argmax(0)`) and its loss computed again from the next pass's own tensor, it does,
with the current model: said first, in words (the edit is the program's to choose). Detached
where it is pushed (`carried_state`'s edit, written as code), the kept loss is a constant in the
next pass's loss: it adds to the value printed and trains nothing; said so, that fix second."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Help
from pbpit.lint.fixes import identifiers, is_name
from pbpit.lint.rules.accumulator_reset import _backward_statement
from pbpit.lint.rules.carried_collections import push_calls
from pbpit.rust.syntax import Node, descendants

if TYPE_CHECKING:
    from pbpit.lint.fixes import Fixes
    from pbpit.lint.rule import Meeting

_PICKS = {"max": "argmax(0)", "min": "argmin(0)"}
"""What picks the element a reduction keeps (`per_sample.max()`: `per_sample.argmax(0)`)."""


def kept_after_step(helps: list[Help], name: str, meeting: Meeting, fixes: Fixes) -> list[Help]:
    """`helps` of the carrier `name`, with the words keeping what picks the pushed value first
    and the detach where it is pushed second, its cost said, where each push into `name` comes
    after the pass's backward and pushes a method's result on a tensor the loss that backward
    backpropagates was made from (see the module); `helps` as they are otherwise."""
    loop = meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    if body is None or meeting.in_macro or not is_name(name):
        return helps
    block, statement = _backward_statement(body, meeting.earlier.span)
    pushes = push_calls(name, body, fixes) or _set_some(name, body, fixes)
    if block is not body or statement is None or not pushes:
        return helps
    made = []
    for call, arguments in pushes:
        if call.start_byte < statement.end_byte or len(arguments) != 1:
            return helps
        value = arguments[0]
        called = value.type == "call_expression"
        function = value.child_by_field_name("function") if called else None
        receiver = function.child_by_field_name("value") if function is not None else None
        method = function.child_by_field_name("field") if function is not None else None
        if receiver is None or method is None or receiver.type != "identifier":
            return helps
        tensor = fixes.text(receiver)
        before = fixes.text(body)[: statement.start_byte - body.start_byte]
        if f"let {tensor} =" not in before and f"let mut {tensor} =" not in before:
            return helps  # made in the pass, read by its loss before the backward
        if not any(fixes.text(n) == tensor for n in identifiers(statement)) and not _read_by_loss(
            tensor, before
        ):
            return helps
        made.append((fixes.text(value), tensor, fixes.text(method)))
    value, tensor, method = made[0]
    picks = _PICKS.get(method)
    what = f"its index, `{tensor}.{picks}`" if picks else f"what picks it from `{tensor}`"
    words = Help(
        f"keep in `{name}` what picks the kept value ({what}, as data) instead of `{value}`, and "
        f"compute it again from the next pass's `{tensor}` where the loss reads it: the kept "
        "sample then trains again with the current model, and each backward walks a graph of "
        "its own"
    )
    put_in_option = not push_calls(name, body, fixes)
    out = [words]
    for help_ in helps:
        if help_.edits and ("where it is pushed into `" in help_.message or put_in_option):
            said = help_.message + (
                f" (detached, the kept `{value}` is a constant in the next pass's loss: it adds "
                "to the value printed and trains nothing)"
            )
            help_ = replace(help_, message=said, applicability="MaybeIncorrect")
        out.append(help_)
    return out


def _set_some(name: str, body: Node, fixes: Fixes) -> list[tuple[Node, list[Node]]]:
    """Each `name = Some(v)` of the loop's `body` (the assignment, `[v]`), as `push_calls`
    gives a push: an `Option` kept for the next pass (`prev_worst = Some(errors.max())`)."""
    found = []
    for node in descendants(body):
        if node.type != "assignment_expression":
            continue
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if left is None or right is None or fixes.text(left) != name:
            continue
        called = right.type == "call_expression"
        function = right.child_by_field_name("function") if called else None
        given = right.child_by_field_name("arguments")
        if function is None or fixes.text(function) != "Some" or given is None:
            return []
        found.append((node, list(given.named_children)))
    return found


def _read_by_loss(tensor: str, before: str) -> bool:
    """Whether the pass's text before its backward reads `tensor` after making it."""
    at = before.find(f"{tensor} =")
    return at >= 0 and f"{tensor}." in before[at + len(tensor) + 2 :]
