"""`double-backward` of losses a loop backpropagates and keeps in a collection
(`batch_losses.push(loss)`), backpropagated again after the loop through a loss made of the
collection (`Tensor::cat(batch_losses, 0).mean().backward()`, a sum of its items): each loss's
graph went with its own backward, so the loss made of them reaches steps already consumed.
Adding them could not help (each was backpropagated already); a loss of its own is wanted.

Named by the collection, where the loss is put in it. The fix, written as code where the loss
is computed from the pass's counter (`b` of `for b in 0..n`) and what is in scope before the
loop: the collection keeps the counter in place of the loss, and where it is read after the
loop each loss is computed again from its counter, with the model as it is then (a graph of
its own: what the loss made of them is meant to train)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Edit
from pbpit.lint.fixes import Fixes, identifiers, is_name

if TYPE_CHECKING:
    from pbpit.lint.rule import Meeting
    from pbpit.lint.rules.kept_loss import KeptLoss
    from pbpit.rust.syntax import Node


def kept_in_collection(meeting: Meeting, fixes: Fixes) -> KeptLoss | None:
    """The collection a loop pushes the loss `meeting` consumed into, read after that loop by
    the loss its later backward backpropagates (see the module), or None."""
    from pbpit.lint.rules.kept_loss import KeptLoss, _declared_before, _kept_at, _loop_of

    definition, later = meeting.definition, meeting.later
    statement = definition.statement
    if statement is None or not is_name(definition.name):
        return None
    loop = _loop_of(statement)
    if loop is None or later.span[0] < loop.end_byte:
        return None
    origin = meeting.loss.origin
    values: list[Node] = []
    if origin is not None:
        values = [
            d.value
            for d in origin.sources
            if d.value is not None and d.value.start_byte >= loop.end_byte
        ]
    call = fixes.call_at(later.span)
    if call is not None and later.through is None:
        values.append(call)
    for value in values:
        for node in identifiers(value):
            place = fixes.text(node)
            parent = node.parent
            if parent is not None and parent.type == "field_expression":
                if parent.child_by_field_name("value") != node:
                    continue  # `x.losses`'s field name
            if _declared_before(place, loop, fixes) is None:
                continue
            kept = _kept_at(place, definition.name, loop, fixes)
            if kept is not None and kept.type == "arguments":
                return KeptLoss(place, kept, None, node, loop)
    return None


def batch_edits(meeting: Meeting, kept: KeptLoss, fixes: Fixes) -> list[Edit]:
    """The edits keeping each pass's counter in the collection in place of its loss, and
    making the losses again from the counters where the collection is read after the loop
    (see the module); none where they cannot be written."""
    from pbpit.lint.rules.kept_loss import (
        _bound,
        _chain,
        _changed_in,
        _counters,
        _declared_before,
        _typed,
        _value,
    )

    definition = meeting.definition
    statement, name, place, loop = definition.statement, definition.name, kept.place, kept.loop
    if statement is None or statement.type != "let_declaration" or not is_name(place):
        return []
    block = statement.parent
    if block is None:
        return []
    argument = _only_argument(kept.kept)
    if argument is None or fixes.text(argument).replace(" ", "") not in (name, f"{name}.clone()"):
        return []
    chain = _chain(statement, block, fixes)
    bound = {n for s in chain for n in _bound(s, fixes)}
    read = {fixes.text(n) for s in chain for n in identifiers(_value(s))} - bound
    keys = [c for c in _counters(loop, fixes) if c in read]
    outside = read - set(keys)
    if len(keys) != 1 or any(_declared_before(n, loop, fixes) is None for n in outside):
        return []
    if any(_changed_in(n, loop, fixes) for n in outside):
        return []
    declared = _declared_before(place, loop, fixes)
    if declared is None or declared.type != "let_declaration":
        return []
    at = kept.value
    while at.parent is not None and at.parent.type != "block":
        at = at.parent
    holder = at.parent
    if (
        holder is None
        or not fixes.whole_lines(at)
        or not (holder.start_byte <= loop.start_byte < holder.end_byte)
        or at.start_byte < loop.end_byte
    ):
        return []
    reads = [
        n for n in identifiers(holder) if fixes.text(n) == place and n.start_byte >= at.end_byte
    ]
    if reads:
        return []  # read again after: the losses made once, where it is first read
    key = keys[0]
    inner = fixes.indent_of(at) + "    "
    lines = "".join(fixes.copy_lines(s, [], inner) for s in chain)
    nl = fixes.newline
    again = (
        f"{fixes.indent_of(at)}let {place}: Vec<_> = {place}.into_iter().map(|{key}| {{{nl}"
        f"{lines}{inner}{name}{nl}{fixes.indent_of(at)}}}).collect();{nl}"
    )
    edits = [fixes.edit(argument.start_byte, argument.end_byte, key)]
    typed = _typed(place, loop, fixes)
    if typed is not None:
        edits.append(fixes.edit(typed.start_byte, typed.end_byte, "usize"))
    start = fixes.line_start(at.start_point[0])
    return [*edits, fixes.edit(start, start, again)]


def batch_words(name: str, place: str) -> str:
    return (
        f"keep in `{place}` what each `{name}` is computed from (the pass's counter) in place "
        f"of `{name}`, and compute each `{name}` again from it where `{place}` is read after "
        f"the loop: each was backpropagated already, so adding them cannot help; a graph of "
        f"their own, with the model as it is then, can"
    )


def _only_argument(arguments: Node) -> Node | None:
    named = arguments.named_children
    return named[0] if len(named) == 1 else None
