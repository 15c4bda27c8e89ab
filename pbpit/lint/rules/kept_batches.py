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

import re
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Edit
from pbpit.lint.fixes import Fixes, identifiers, is_name
from pbpit.rust.syntax import descendants

if TYPE_CHECKING:
    from pbpit.lint.rule import Meeting
    from pbpit.lint.rules.kept_loss import KeptLoss
    from pbpit.rust.syntax import Node

_PATH = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")


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
            root = fixes.text(node)
            if root != "self" and _declared_before(root, loop, fixes) is None:
                continue
            read = node
            while True:  # the variable, or a field of it (`log.losses`)
                place = "".join(fixes.text(read).split())
                kept = _kept_at(place, definition.name, loop, fixes)
                if kept is None:  # `history.record(loss)` whose body pushes into `self.losses`
                    kept = _pushed_by_method(place, definition.name, loop, fixes)
                if kept is not None and kept.type == "arguments":
                    return KeptLoss(place, kept, None, read, loop)
                parent = read.parent
                if parent is None or parent.type != "field_expression":
                    break
                if parent.child_by_field_name("value") != read:
                    break
                read = parent
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
    if statement is None or statement.type != "let_declaration" or not _PATH.fullmatch(place):
        return []
    block = statement.parent
    if block is None:
        return []
    argument = _only_argument(kept.kept)
    pushed = _pushed_call(kept.kept, fixes)
    direct = pushed is not None and "".join(fixes.text(pushed).split()).startswith(f"{place}.")
    if argument is None or fixes.text(argument).replace(" ", "") not in (name, f"{name}.clone()"):
        return []
    chain = _chain(statement, block, fixes)
    bound = {n for s in chain for n in _bound(s, fixes)}
    read = {fixes.text(n) for s in chain for n in variables(_value(s))} - bound
    counters = _counters(loop, fixes)
    keys = [c for c in counters if c in read]
    # Made of nothing of the pass's own: each pass's counter kept all the same, to count them.
    param = keys[0] if keys else "_"
    keys = keys or counters[:1]
    outside = read - set(keys)
    walk = None
    if (
        not direct
        or len(keys) != 1
        or any(_declared_before(n, loop, fixes) is None for n in outside)
    ):
        walk = _walk(loop, read, fixes)  # `for (xb, yb) in batches.iter()`: walked again
        if walk is None:
            return []
        outside = read - walk[2]
    if any(_changed_in(n, loop, fixes) for n in outside):
        return []
    root = place.split(".")[0]
    declared = _declared_before(root, loop, fixes)
    if root != "self" and (declared is None or declared.type != "let_declaration"):
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
    used = {fixes.text(n) for n in identifiers(holder)}
    last = place.rsplit(".", 1)[-1]
    again_name = next(n for n in (f"{last}_again", f"{last}_now", f"{name}_again") if n not in used)
    key = keys[0] if keys else ""
    inner = fixes.indent_of(at) + "    "
    lines = "".join(fixes.copy_lines(s, [], inner) for s in chain)
    nl = fixes.newline
    outer = fixes.indent_of(at)
    source, param = (walk[0], walk[1]) if walk else (f"{place}.clone().into_iter()", param)
    again = (
        f"{outer}let {again_name}: Vec<_> = {source}.map(|{param}| {{{nl}"
        f"{lines}{inner}{name}{nl}{outer}}}).collect();{nl}"
    )
    reads = [
        n
        for n in descendants(at)
        if n.type in ("identifier", "field_expression")
        and "".join(fixes.text(n).split()) == place
        and (n.type == "field_expression" or "." not in place)
    ]
    edits = []
    if walk is None:  # the counter kept in place of the loss
        edits.append(fixes.edit(argument.start_byte, argument.end_byte, key))
        typed = _typed(place, loop, fixes)
        if typed is not None:
            edits.append(fixes.edit(typed.start_byte, typed.end_byte, "usize"))
    start = fixes.line_start(at.start_point[0])
    edits.append(fixes.edit(start, start, again))
    edits += [fixes.edit(n.start_byte, n.end_byte, again_name) for n in reads]
    return edits


def _walk(loop: Node, read: set[str], fixes: Fixes) -> tuple[str, str, set[str]] | None:
    """What a `for` loop walks, walked again (`batches.iter()` of `for (xb, yb) in &batches`),
    its pattern and the names the pattern binds, where the loss reads nothing else of the pass
    and the walk reads what is bound before the loop and not changed in it; None otherwise."""
    from pbpit.lint.rules.kept_loss import _changed_in, _declared_before

    if loop.type != "for_expression":
        return None
    pattern, value = loop.child_by_field_name("pattern"), loop.child_by_field_name("value")
    if pattern is None or value is None:
        return None
    text = " ".join(fixes.text(value).split())
    if value.type == "range_expression":  # `0..n`: the range again
        roots = {fixes.text(n) for n in variables(value)}
        text = f"({text})"
    else:
        text = text.replace(" ", "")
        if text.startswith("&") and _PATH.fullmatch(text[1:]):
            text = f"{text[1:]}.iter()"
        walked = re.fullmatch(r"([A-Za-z_][\w.]*?)\.iter\(\)(?:\.enumerate\(\))?", text)
        if walked is None:
            return None
        roots = {walked.group(1).split(".")[0]}
    for root in roots:
        if _declared_before(root, loop, fixes) is None or _changed_in(root, loop, fixes):
            return None
    names = {fixes.text(n) for n in identifiers(pattern)}
    if any(_declared_before(n, loop, fixes) is None for n in read - names):
        return None
    return text, fixes.text(pattern), names


def batch_words(name: str, place: str) -> str:
    return (
        f"compute each `{name}` again where `{place}` is read after the loop, from what its pass "
        f"read (the pass's counter, kept in `{place}` in place of `{name}`, or the loop's walk "
        f"again), with the model as it is then: each `{name}` was backpropagated already, so "
        "adding them cannot help; a graph of their own can"
    )


def variables(node: Node) -> list[Node]:
    """The identifiers within `node` that name variables: not a called function's name
    (`mse(..)`), nor a part of a path (`Tensor::cat`)."""
    found = []
    for n in identifiers(node):
        parent = n.parent
        if parent is not None and parent.type in ("scoped_identifier", "scoped_type_identifier"):
            continue
        if parent is not None and parent.type == "call_expression":
            if parent.child_by_field_name("function") == n:
                continue
        found.append(n)
    return found


def _pushed_by_method(place: str, name: str, loop: Node, fixes: Fixes) -> Node | None:
    """The arguments of the one call in `loop` of a method of the program on `place`'s holder
    (`history.record(loss)` for `history.losses`) given `name`, whose body pushes that
    parameter into the field (`self.losses.push(loss);`); None otherwise."""
    if "." not in place:
        return None
    holder, field = place.rsplit(".", 1)
    found = []
    for call in descendants(loop):
        function = call.child_by_field_name("function") if call.type == "call_expression" else None
        arguments = call.child_by_field_name("arguments") if function is not None else None
        if function is None or arguments is None or function.type != "field_expression":
            continue
        receiver, method = (
            function.child_by_field_name("value"),
            function.child_by_field_name("field"),
        )
        if receiver is None or method is None or "".join(fixes.text(receiver).split()) != holder:
            continue
        given = [fixes.text(a).replace(" ", "") for a in arguments.named_children]
        if name not in given and f"{name}.clone()" not in given:
            continue
        items = [
            n
            for n in descendants(fixes.source.root)
            if n.type == "function_item"
            and (named := n.child_by_field_name("name")) is not None
            and fixes.text(named) == fixes.text(method)
        ]
        if len(items) != 1:
            return None
        parameters = [
            p
            for p in (items[0].child_by_field_name("parameters") or items[0]).named_children
            if p.type == "parameter"
        ]
        index = next(i for i, g in enumerate(given) if g in (name, f"{name}.clone()"))
        if index >= len(parameters):
            return None
        pattern = parameters[index].child_by_field_name("pattern")
        body = "".join(fixes.text(items[0].child_by_field_name("body") or items[0]).split())
        if pattern is None:
            return None
        param = fixes.text(pattern)
        if f"self.{field}.push({param})" in body or f"self.{field}.push_back({param})" in body:
            found.append(arguments)
    return found[0] if len(found) == 1 else None


def _pushed_call(arguments: Node, fixes: Fixes) -> Node | None:
    """The call whose arguments `arguments` are (`losses.push(loss)`, `history.record(loss)`)."""
    call = arguments.parent
    return call if call is not None and call.type == "call_expression" else None


def _only_argument(arguments: Node) -> Node | None:
    named = arguments.named_children
    return named[0] if len(named) == 1 else None
