"""A tracked tensor handed to a function whose loop backpropagates it in every pass (a retry loop
that scales the loss down: `model.guarded_grads(loss, 1.0)`, `(loss.clone() * scale).backward()`
each pass): recomputed in that loop by handing the function what makes it instead of the tensor.

The parameter becomes `impl Fn() -> Tensor<D>`, each of its uses in the function a call
(`loss()`), and the argument a closure of the `let` that made the tensor (`|| model.loss(
x.clone(), y.clone())`): every pass builds the loss anew, on a graph of its own, and the first
pass's gradients are those of the original program (the same ops in the same order)."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Edit
from pbpit.lint.fixes import Fixes, identifiers, is_name, last_segment
from pbpit.lint.rule import Meeting
from pbpit.rust.syntax import Node, descendants


def recompute_in_called_loop(meeting: Meeting, fixes: Fixes) -> list[Edit]:
    """The edits (see the module); none when the call, the function or the `let` is not of
    the forms written here, or the function is called more than once in the file."""
    definition = meeting.definition
    name = definition.name
    statement, value = definition.statement, definition.value
    if (
        not is_name(name)
        or statement is None
        or value is None
        or statement.type != "let_declaration"
        or definition.assigned
        or "\n" in fixes.text(value)
    ):
        return []
    call = _call_over(meeting.later.span, fixes)
    if call is None:
        return []
    function = call.child_by_field_name("function")
    arguments = call.child_by_field_name("arguments")
    if function is None or arguments is None:
        return []
    handed = [a for a in arguments.named_children if _hands(a, name, fixes)]
    if len(handed) != 1:
        return []
    argument = handed[0]
    index = list(arguments.named_children).index(argument)
    receiver = None
    if function.type == "field_expression":
        receiver = function.child_by_field_name("value")
        called = function.child_by_field_name("field")
    elif function.type == "identifier":
        called = function
    else:
        return []
    if called is None:
        return []
    callee = _callee(fixes.text(called), meeting.later.through, receiver is not None, fixes)
    if callee is None:
        return []
    parameters = callee.child_by_field_name("parameters")
    body = callee.child_by_field_name("body")
    if parameters is None or body is None:
        return []
    own = [p for p in parameters.named_children if p.type == "parameter"]
    mutable_self = any(
        p.type == "self_parameter" and "mut" in fixes.text(p) for p in parameters.named_children
    )
    if index >= len(own):
        return []
    pattern, kind = (
        own[index].child_by_field_name("pattern"),
        own[index].child_by_field_name("type"),
    )
    if pattern is None or kind is None or pattern.type != "identifier":
        return []
    parameter = fixes.text(pattern)
    if not re.fullmatch(r"(?:[\w:]*::)?Tensor\s*<[^<>]*>", fixes.text(kind)):
        return []  # a reference, a collection: not a tensor given by value
    uses = _uses(parameter, body, fixes)
    if uses is None or not uses:
        return []
    # The closure re-runs the `let`'s value at every call: what it names must be borrowed, not
    # moved (`Fn`), and not the receiver of a `&mut self` method (rustc's E0502).
    moved = fixes.moved_names(value)
    if moved is None or any(not _borrowed_receiver(n, fixes) for n in moved):
        return []
    named = {fixes.text(n) for n in identifiers(value)}
    if receiver is not None and mutable_self and fixes.text(receiver).split(".")[0] in named:
        return []
    if not _called_once(fixes.text(called), fixes):
        return []
    edits = [fixes.edit(kind.start_byte, kind.end_byte, f"impl Fn() -> {fixes.text(kind)}")]
    edits += [fixes.edit(use.start_byte, use.end_byte, f"{parameter}()") for use in uses]
    edits.append(fixes.edit(argument.start_byte, argument.end_byte, f"|| {fixes.text(value)}"))
    return edits


def _borrowed_receiver(name: Node, fixes: Fixes) -> bool:
    """Whether `name` is the receiver of a call of a method the file declares only with `&self`
    or `&mut self` (`model.loss(..)` of `fn loss(&self, ..)`): borrowed, not moved."""
    place = name.parent
    call = place.parent if place is not None else None
    method = place.child_by_field_name("field") if place is not None else None
    if (
        place is None
        or place.type != "field_expression"
        or place.child_by_field_name("value") != name
        or call is None
        or call.type != "call_expression"
        or method is None
    ):
        return False
    kinds = []
    for node in descendants(fixes.source.root):
        label = node.child_by_field_name("name") if node.type == "function_item" else None
        parameters = node.child_by_field_name("parameters") if label is not None else None
        if label is None or parameters is None or fixes.text(label) != fixes.text(method):
            continue
        own = [p for p in parameters.named_children if p.type == "self_parameter"]
        kinds.append(bool(own) and fixes.text(own[0]).startswith("&"))
    return bool(kinds) and all(kinds)


def _call_over(span: tuple[int, int], fixes: Fixes) -> Node | None:
    """The call expression whose text is file bytes `span` (or the innermost call holding
    them)."""
    root = fixes.source.root
    node = root.descendant_for_byte_range(span[0], span[1])
    while node is not None and node.type != "call_expression":
        node = node.parent
    return node


def _hands(argument: Node, name: str, fixes: Fixes) -> bool:
    """Whether `argument` hands the tensor `name` over by value (`loss`, `loss.clone()`)."""
    return re.sub(r"\s+", "", fixes.text(argument)) in (name, f"{name}.clone()")


def _callee(name: str, through: str | None, method: bool, fixes: Fixes) -> Node | None:
    """The file's one function (a method when `method`) named `name`, of the type `through`
    names (`Model::guarded_grads`) when it names one."""
    owner = through.rsplit("::", 1)[0] if through and "::" in through else None
    found = []
    for node in descendants(fixes.source.root):
        label = node.child_by_field_name("name") if node.type == "function_item" else None
        if label is None or fixes.text(label) != name:
            continue
        impl = node.parent.parent if node.parent is not None else None
        in_impl = impl is not None and impl.type == "impl_item"
        if in_impl != method:
            continue
        if in_impl and owner is not None:
            kind = impl.child_by_field_name("type")
            if kind is None or last_segment(fixes.text(kind).split("<", 1)[0]) != owner:
                continue
        found.append(node)
    return found[0] if len(found) == 1 else None


def _uses(parameter: str, body: Node, fixes: Fixes) -> list[Node] | None:
    """Each use of `parameter` in `body`, as the node replaced by a call: `loss.clone()` (the
    call), or `loss` itself; None when it is assigned, bound anew, or taken by reference."""
    uses = []
    for node in identifiers(body):
        if fixes.text(node) != parameter:
            continue
        parent = node.parent
        if parent is None:
            return None
        if parent.type in ("let_declaration", "assignment_expression", "reference_expression"):
            return None
        if parent.type == "field_expression" and parent.child_by_field_name("value") == node:
            call = parent.parent
            method = parent.child_by_field_name("field")
            if method is None or call is None or call.type != "call_expression":
                return None
            if fixes.text(method) == "clone":
                uses.append(call)
                continue
            uses.append(node)  # `loss.sum()`: `loss().sum()`
            continue
        if parent.type in ("closure_parameters", "parameter", "shorthand_field_initializer"):
            return None
        uses.append(node)
    return sorted(uses, key=lambda n: n.start_byte)


def _called_once(name: str, fixes: Fixes) -> bool:
    """Whether the file calls a function or method `name` once only (changing its parameter
    changes every call)."""
    return len(re.findall(rb"\b" + re.escape(name.encode()) + rb"\s*\(", fixes.data)) == 2
