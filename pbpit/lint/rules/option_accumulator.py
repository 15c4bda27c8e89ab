"""`loop-external-tracked`'s fix of an accumulator kept in an `Option` field and never reset: a
method adds each loss to it (`self.total = Some(match self.total.take() { Some(t) => t + loss,
None => loss })`, often with a counter, `self.count += 1`), and its sum is backpropagated, by
the loop (`meter.mean().backward()` every k passes) or by another method of the same type
(`acc.apply()`). Reset where its backward consumed it (`meter.total = None; meter.count = 0;`
after the backward, `self.total = None;` at the end of the method), each backward gets the
losses added since the last one, and the first backward's gradients are those it had."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Help
from pbpit.lint.fixes import Fixes, is_name, method_calls
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.carried_state import _backward_statement, option_of_tensor
from pbpit.lint.rules.field_reset import _impl_type, _method_body, calls_method
from pbpit.rust.syntax import Node, descendants


def option_accumulator_reset(name: str, meeting: Meeting, fixes: Fixes) -> Help | None:
    """The reset of the `Option` field `name` (`meter.total`: a variable's field) and of what
    the method accumulating into it also writes (`count`), to the values the struct literal
    that made the variable gives them, right after the backward's statement; None when the
    carried state is not such an accumulator or where to reset is not known."""
    # Backpropagated by a method of its own that clones it out: taken out there instead (one
    # word, the hand fix); else reset after the backward.
    taken = taken_where_flushed(name, meeting, fixes)
    return taken if taken is not None else _reset(name, meeting, fixes)


def _reset(name: str, meeting: Meeting, fixes: Fixes) -> Help | None:
    holder, _, field_name = name.rpartition(".")
    loop = meeting.loop
    if not is_name(holder) or not is_name(field_name) or loop is None or meeting.in_macro:
        return None
    if not option_of_tensor(name, fixes):
        return None
    owner, initial = _literal_of(holder, field_name, loop, fixes)
    if owner is None or initial is None:
        return None
    written = _accumulated_by(owner, field_name, fixes)
    if written is None or any(w not in initial for w in written):
        return None
    through = meeting.earlier.through
    if through is None:
        body = loop.child_by_field_name("body")
        if body is None:
            return None
        block, statement = _backward_statement(body, meeting.earlier.span)
        if block is None or statement is None or block is body:
            return None  # a backward in every pass: nothing is accumulated across passes
        prefix = f"{holder}."
    else:
        kind, _, method = through.rpartition("::")
        if kind != owner:
            return None
        if not calls_method(meeting, holder, method, fixes):
            return None
        block = _method_body(fixes, owner, method)
        statement = _containing(block, fixes) if block is not None else None
        if block is None or statement is None:
            return None
        prefix = "self."
    if not fixes.whole_lines(statement) or statement.end_point[0] >= block.end_point[0]:
        return None
    if not fixes.text(statement).rstrip().endswith(("}", ";")):
        return None  # the block's value: nothing runs after it
    if any(n.type in ("return_expression", "break_expression") for n in descendants(statement)):
        return None  # it may leave before the line after it
    indent = fixes.indent_of(statement)
    lines = "".join(
        f"{indent}{prefix}{field} = {initial[field]};{fixes.newline}" for field in written
    )
    at = fixes.line_start(statement.end_point[0] + 1)
    reset = "; ".join(f"{prefix}{field} = {initial[field]}" for field in written) + ";"
    where = "after its backward" if through is None else f"in `{through}`, after its backward"
    return Help(
        f"reset `{name}` {where} (`{reset}`): it adds every pass's loss to those before, so "
        "each backward reaches the graphs earlier backwards consumed; reset, the next "
        "accumulation starts afresh and the gradients stay as they are",
        [fixes.edit(at, at, lines)],
    )


def _literal_of(
    holder: str, field_name: str, loop: Node, fixes: Fixes
) -> tuple[str | None, dict[str, str] | None]:
    """The type and the one-line field values of the struct literal of the last `let mut
    holder = Type { .. };` before `loop` in its function, when it has `field_name`."""
    function = loop.parent
    while function is not None and function.type != "function_item":
        function = function.parent
    if function is None:
        return None, None
    found = None
    for node in descendants(function):
        if node.type != "let_declaration" or node.start_byte >= loop.start_byte:
            continue
        pattern, value = node.child_by_field_name("pattern"), node.child_by_field_name("value")
        if pattern is not None and value is not None and _binds(pattern, holder, fixes):
            found = value
    if found is None or found.type != "struct_expression":
        return None, None
    kind, body = found.child_by_field_name("name"), found.child_by_field_name("body")
    if kind is None or body is None:
        return None, None
    values: dict[str, str] = {}
    for item in body.named_children:
        label = item.child_by_field_name("field")
        value = item.child_by_field_name("value")
        if item.type != "field_initializer" or label is None or value is None:
            continue
        if "\n" not in fixes.text(value):
            values[fixes.text(label)] = fixes.text(value)
    if values.get(field_name) != "None":
        return None, None
    return re.sub(r"<.*", "", fixes.text(kind)), values


def _binds(pattern: Node, holder: str, fixes: Fixes) -> bool:
    return re.fullmatch(rf"(?:mut\s+)?{re.escape(holder)}", fixes.text(pattern)) is not None


def _accumulated_by(owner: str, field_name: str, fixes: Fixes) -> list[str] | None:
    """The fields (`field_name` first) that the one method of `impl owner` accumulating into
    `self.field_name` writes: it puts in it a `Some(..)` that reads it (`self.total.take()`,
    `self.total.clone()`), and adds to the others (`self.count += 1`). None without one such
    method, or when it writes a field otherwise."""
    field = f"self.{field_name}"
    found = []
    for function in descendants(fixes.source.root):
        body = function.child_by_field_name("body") if function.type == "function_item" else None
        if body is None or _impl_type(function, fixes) != owner:
            continue
        accumulates, others, plain = False, [], True
        for node in descendants(body):
            if node.type not in ("assignment_expression", "compound_assignment_expr"):
                continue
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if left is None or right is None or not fixes.text(left).startswith("self."):
                continue
            text = fixes.text(left)
            if text == field and node.type == "assignment_expression":
                # Read in the value put, or taken out before it (`let sum = match
                # self.total.take() { .. }; self.total = Some(sum);`).
                before = fixes.data[body.start_byte : node.start_byte].decode("utf-8", "replace")
                reads = re.search(rf"{re.escape(field)}\b", fixes.text(right)) is not None or (
                    re.search(rf"{re.escape(field)}\s*\.\s*(?:take|clone)\s*\(", before) is not None
                )
                accumulates = accumulates or (fixes.text(right).startswith("Some(") and reads)
            elif node.type == "compound_assignment_expr" and text.count(".") == 1:
                others.append(text.removeprefix("self."))
            else:
                plain = False
        if accumulates:
            found.append((plain, others))
    if len(found) != 1 or not found[0][0]:
        return None
    return [field_name, *dict.fromkeys(found[0][1])]


def _containing(body: Node, fixes: Fixes) -> Node | None:
    """The statement of the method's `body` holding its one `.backward()`."""
    backward = re.compile(r"\.\s*backward\s*\(\s*\)$")
    calls = [
        n
        for n in descendants(body)
        if n.type == "call_expression" and backward.search(fixes.text(n))
    ]
    if len(calls) != 1:
        return None
    node = calls[0]
    while node.parent is not None and node.parent.id != body.id:
        node = node.parent
    return node


# -- taken out where a method of its own backpropagates it


def taken_where_flushed(name: str, meeting: Meeting, fixes: Fixes) -> Help | None:
    """For an `Option` accumulator (`acc.total`, `trainer.meter.sum`) backpropagated by a method
    of its type that reads it by `self.total.clone()` (`flush`): that read made
    `self.total.take()`, which leaves `None` behind, so the next accumulation starts afresh (the
    hand fix where the method's backward is its last expression, with no line after it to
    reset in). None for any other carried state."""
    holder, _, field_name = name.rpartition(".")
    through = meeting.earlier.through
    if through is None:
        return taken_where_handed_out(name, meeting, fixes)
    if "::" not in through or not holder:
        return None
    if not (is_name(field_name) or field_name.isdigit()):  # `self.total`, `self.0`
        return None
    if not all(is_name(part) or part.isdigit() for part in holder.split(".")) or meeting.in_macro:
        return None
    if not option_of_tensor(name, fixes):
        return None
    owner, _, method = through.rpartition("::")
    if not calls_method(meeting, holder, method, fixes):
        return None
    written = _accumulated_by(owner, field_name, fixes)
    if written is None:
        return None  # no one method of its type adds the losses into it
    body = _method_body(fixes, owner, method)
    if body is None or _containing(body, fixes) is None:
        return None
    assigned = {
        fixes.text(left)
        for n in descendants(body)
        if n.type == "assignment_expression" and (left := n.child_by_field_name("left"))
    }
    if any(f"self.{other}" not in assigned for other in written[1:]):
        return None  # a count it keeps beside is not reset there: reset all after the backward
    reads = [n for n in descendants(body) if clone_of(n, f"self.{field_name}", fixes)]
    if len(reads) != 1:
        return None
    where = f"where `{through}` backpropagates it"
    return take_help(name, f"self.{field_name}", where, "since the start", reads[0], fixes)


def take_help(name: str, place: str, where: str, since: str, clone: Node, fixes: Fixes) -> Help:
    """`place.take()` for the `place.clone()` (`clone`) that hands the sum `name` out to be
    backpropagated, `where` that is, `since` what it kept every loss."""
    method = clone.child_by_field_name("function").child_by_field_name("field")
    return Help(
        f"take the sum out of `{name}` {where} (`{place}.take()` for `{place}.clone()`): "
        f"`{name}` is left `None`, so the next accumulation starts afresh; cloned, it kept "
        f"every loss added {since}, and each backward reached the graphs earlier backwards "
        "consumed (the gradients stay as they are)",
        [fixes.edit(method.start_byte, method.end_byte, "take")],
    )


def clone_of(node: Node, place: str, fixes: Fixes) -> bool:
    """Whether `node` is `place.clone()`."""
    function = node.child_by_field_name("function") if node.type == "call_expression" else None
    arguments = node.child_by_field_name("arguments")
    if function is None or function.type != "field_expression" or arguments is None:
        return False
    receiver, method = function.child_by_field_name("value"), function.child_by_field_name("field")
    if receiver is None or method is None or arguments.named_child_count:
        return False
    return fixes.text(receiver) == place and fixes.text(method) == "clone"


# -- taken out where a method of its own hands it out for the loop to backpropagate


_ROOT = re.compile(r"([A-Za-z_]\w*)(?:\s*\.\s*clone\s*\(\s*\))?\s*\.\s*backward\s*\(\s*\)")


def taken_where_handed_out(name: str, meeting: Meeting, fixes: Fixes) -> Help | None:
    """For an `Option` accumulator (`tally.0`, `acc.total`) one method of its type adds the
    losses into and another hands out by a clone (`fn flush(&mut self) -> Tensor<1> {
    self.0.clone().unwrap() }`), which the loop backpropagates (`let total = tally.flush();
    total.backward()`): that clone made `self.0.take()`, the sum handed out and `None` left
    behind, so the next accumulation starts afresh. None for any other carried state."""
    holder, _, field_name = name.rpartition(".")
    loop = meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    if body is None or meeting.in_macro or not holder or not is_name(holder):
        return None
    if not (is_name(field_name) or field_name.isdigit()) or not option_of_tensor(name, fixes):
        return None
    start, end = meeting.earlier.span
    backward = fixes.data[start:end].decode("utf-8", "replace")
    root = _ROOT.fullmatch(backward.strip())
    if root is None:
        return None
    methods = {
        called
        for call, receiver, called, arguments in method_calls(body, fixes)
        if fixes.text(receiver) == holder
        and call.end_byte <= start
        and arguments is not None
        and _bound_to(call, root.group(1), fixes)
    }
    if len(methods) != 1:
        return None
    (method,) = methods
    field = f"self.{field_name}"
    found = []
    for owner in _owners_of(method, fixes):
        method_body = _method_body(fixes, owner, method)
        if method_body is None or _containing(method_body, fixes) is not None:
            continue
        if _accumulated_by(owner, field_name, fixes) is None or not _mut_self(method_body):
            continue
        if _writes_field(method_body, field, fixes):
            continue  # it puts a new state there itself (a recurrent step), no sum handed out
        reads = [n for n in descendants(method_body) if clone_of(n, field, fixes)]
        if len(reads) == 1:
            found.append((owner, reads[0]))
    if len(found) != 1:
        return None
    owner, read = found[0]
    where = f"where `{owner}::{method}` hands it out"
    return take_help(name, field, where, "since the start", read, fixes)


def _bound_to(call: Node, root: str, fixes: Fixes) -> bool:
    """Whether `call` gives the value `root` names: the value of `let root = call;` (`.unwrap()`
    after it allowed)."""
    node = call
    while node.parent is not None and node.parent.type in ("call_expression", "field_expression"):
        node = node.parent
    statement = node.parent
    if statement is None or statement.type != "let_declaration":
        return False
    pattern = statement.child_by_field_name("pattern")
    return pattern is not None and fixes.text(pattern).removeprefix("mut ").strip() == root


def _owners_of(method: str, fixes: Fixes) -> list[str]:
    """The types whose `impl` blocks of the file have a method `method`."""
    owners = []
    for node in descendants(fixes.source.root):
        named = node.child_by_field_name("name") if node.type == "function_item" else None
        if named is not None and fixes.text(named) == method:
            owner = _impl_type(node, fixes)
            if owner is not None and owner not in owners:
                owners.append(owner)
    return owners


def _mut_self(body: Node) -> bool:
    """Whether the method of `body` takes `&mut self`: `take` needs it."""
    parameters = body.parent.child_by_field_name("parameters") if body.parent else None
    first = parameters.named_children[0] if parameters and parameters.named_child_count else None
    return first is not None and first.type == "self_parameter" and "mut" in first.text.decode()


def _writes_field(body: Node, field: str, fixes: Fixes) -> bool:
    """Whether the method's `body` assigns `field` (`self.state = Some(h.clone())`)."""
    return any(
        n.type == "assignment_expression"
        and (left := n.child_by_field_name("left")) is not None
        and fixes.text(left) == field
        for n in descendants(body)
    )
