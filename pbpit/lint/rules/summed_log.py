"""`loop-external-tracked`'s fix of a log of losses a method fills and the loss sums whole:
gradient accumulation through a helper (`pending.add(loss)` each pass, `pending.total()`
backpropagated every few passes), never emptied. The next total still holds the losses the
backward before consumed, and its backward panics at the first of them.

The fix a user means is the reset where the step is taken: `pending.losses.clear();` right
after the statement of the backward (at the end of its block when a later statement reads the
log), so each backward gets the losses added since the one before, with every gradient. A log
backpropagated every pass is emptied at the end of the pass (`carried_collections`). Detached
where the method puts it (`method_fields.put_by_called_method`'s help), each loss would be a
constant: the total would have nothing to train, so that help is not given for such a log. A
`Vec` a later pass reads at an index (a replay buffer sampled), or reads other than whole, is
not a log of losses: its fixes stay as they are."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pbpit.lint.fixes import Fixes, is_name
from pbpit.lint.rules.accumulator_reset import _backward_statement
from pbpit.lint.rules.carried_collections import after_backward, indexed
from pbpit.lint.rules.carried_logs import empty_after_backward_help
from pbpit.lint.rules.clear_beside import (
    _a_vec,
    _methods_of,
    clear_after_backward,
    clear_beside,
    empty_holder_each_pass,
)
from pbpit.rust.syntax import Node, descendants

if TYPE_CHECKING:
    from pbpit.diagnostics.model import Help
    from pbpit.lint.rule import Meeting

_WHOLE = (
    r"{place}\s*\.\s*(?:iter|drain|into_iter)\s*\(",
    r"&\s*{place}\b(?!\s*[.\[])",
    r"{place}\s*\.\s*clone\s*\(\s*\)(?!\s*\.)",
)
"""How a place is read whole (`self.losses.iter()`, `&self.losses`, `self.losses.clone()`
handed on, `Tensor::cat(log.clone(), 0)`), `{place}` its escaped text."""


def summed_log(name: str, meeting: Meeting, fixes: Fixes) -> Help | None:
    """`name.clear();` after the step, for the `Vec` field `name` (`pending.losses`) a method
    the loop calls pushes into and the backpropagated loss reads whole (see the module); None
    for any other carrier."""
    holder, _, field = name.rpartition(".")
    loop = meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    if body is None or meeting.in_macro or not is_name(holder) or not is_name(field):
        return None
    if not _a_vec(field, fixes) or indexed(name, meeting, fixes):
        return None
    summed = _backpropagated(meeting, body, fixes)
    if summed is None or "forward" in fixes.text(summed) or _emptied(name, body, fixes):
        return None
    if not _read_whole(holder, field, summed, fixes) and not _summed_by_walk(
        name, meeting, body, fixes
    ):
        return None
    if (
        clear_beside(name, loop, fixes)
        or clear_after_backward(name, meeting, fixes)
        or empty_holder_each_pass(name, meeting, fixes)
    ):
        return None  # a rollout the program empties elsewhere, or beside its other fields
    block, statement = _backward_statement(body, meeting.earlier.span)
    if block is None or statement is None or block is body:
        return None  # a backward every pass: emptied at the end of the pass (empty_each_pass)
    edits = [e for e in [after_backward(name, block, meeting.earlier.span, fixes)] if e]
    edits = edits or [e for e in [fixes.append_line(block, f"{name}.clear();")] if e]
    return empty_after_backward_help(name, edits) if edits else None



def _emptied(name: str, body: Node, fixes: Fixes) -> bool:
    """Whether the loop's body empties `name` itself (`name.clear()`, `name = Vec::new()`)."""
    text = re.sub(r"\s+", "", fixes.text(body))
    place = re.escape(name)
    return re.search(rf"{place}(?:\.clear\(\)|\.truncate\(0\)|=|\.drain\()", text) is not None


def _backpropagated(meeting: Meeting, body: Node, fixes: Fixes) -> Node | None:
    """What the loop's backward backpropagates: the value of the `let` of the loop's body that
    binds its receiver (`total` of `total.backward()`), the last before it, or the receiver
    itself when it is no name (`pending.total().backward()`)."""
    call = fixes.call_at(meeting.earlier.span)
    function = call.child_by_field_name("function") if call is not None else None
    receiver = function.child_by_field_name("value") if function is not None else None
    if receiver is None or receiver.type != "identifier":
        return receiver
    name, found = fixes.text(receiver), None
    for node in descendants(body):
        pattern = node.child_by_field_name("pattern") if node.type == "let_declaration" else None
        if pattern is None or node.start_byte >= call.start_byte:
            continue
        if re.sub(r"^mut\s+", "", fixes.text(pattern)) == name:
            found = node.child_by_field_name("value")
    return found


def _summed_by_walk(name: str, meeting: Meeting, body: Node, fixes: Fixes) -> bool:
    """Whether a `for` of the loop's body before its backward walks `name` whole and adds each
    element to the binding the backward backpropagates (`for l in log.losses.iter() { total =
    total + l.clone(); }`)."""
    call = fixes.call_at(meeting.earlier.span)
    function = call.child_by_field_name("function") if call is not None else None
    receiver = function.child_by_field_name("value") if function is not None else None
    if call is None or receiver is None or receiver.type != "identifier":
        return False
    total = re.escape(fixes.text(receiver))
    for node in descendants(body):
        if node.type != "for_expression" or node.start_byte >= call.start_byte:
            continue
        value, inner = node.child_by_field_name("value"), node.child_by_field_name("body")
        if value is None or inner is None or not _whole(name, fixes.text(value)):
            continue
        if re.search(rf"\b{total}\s*=\s*{total}\b", fixes.text(inner)) and "forward" not in (
            fixes.text(inner)
        ):
            return True
    return False


def _read_whole(holder: str, field: str, body: Node, fixes: Fixes) -> bool:
    """Whether `body` reads `holder.field` whole, itself or through a method of the holder's
    type it calls on `holder` whose body reads `self.field` whole."""
    if _whole(f"{holder}.{field}", fixes.text(body)):
        return True
    called = set()
    for node in descendants(body):
        function = node.child_by_field_name("function") if node.type == "call_expression" else None
        if function is None or function.type != "field_expression":
            continue
        receiver, method = function.child_by_field_name("value"), function.child_by_field_name(
            "field"
        )
        if receiver is not None and method is not None and fixes.text(receiver) == holder:
            called.add(fixes.text(method))
    for owner in _owners(field, fixes):
        for function in _methods_of(owner, fixes):
            label = function.child_by_field_name("name")
            inner = function.child_by_field_name("body")
            if label is None or inner is None or fixes.text(label) not in called:
                continue
            if _whole(f"self.{field}", fixes.text(inner)):
                return True
    return False


def _whole(place: str, text: str) -> bool:
    escaped = re.escape(place).replace(r"\.", r"\s*\.\s*")
    return any(re.search(form.format(place=escaped), text) for form in _WHOLE)


def _owners(field: str, fixes: Fixes) -> list[str]:
    """The file's structs that declare `field`."""
    found = []
    for node in fixes.source.root.named_children:
        label = node.child_by_field_name("name") if node.type == "struct_item" else None
        fields = node.child_by_field_name("body") if label is not None else None
        if label is None or fields is None:
            continue
        for item in fields.named_children:
            named = item.child_by_field_name("name") if item.type == "field_declaration" else None
            if named is not None and fixes.text(named) == field:
                found.append(fixes.text(label))
    return found
