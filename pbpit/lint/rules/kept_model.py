"""`double-backward`'s fix of a loss kept whole from an earlier pass and backpropagated again
(early stopping's best loss, `self.best = Some(loss.clone())`, then `best.backward()` after the
loop), written as code: the model is kept where the loss was (`Some(model.clone())`, the
place's type the model's), and the loss is built again from the kept model before that
backward (`best.loss(x.clone(), y.clone()).backward()`), whose gradients then step the kept
model (`from_grads(.., &best)`, `optim.step(lr, best, grads)`): the gradients of a loss of a
model are found only on that model's parameters.

The loss must be a method call on the model variable (`model.loss(x.clone(), y.clone())`) whose
arguments a later statement can read again; the place is assigned in the function that makes
the loss, or in a method it calls with the loss (`stopper.observe(&loss)`), which is then given
the model too (`stopper.observe(&loss, &model)`, `model: &Net`: the parameter is named as the
caller's variable)."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Edit
from pbpit.lint.fixes import Fixes, ancestors, identifiers, is_name
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.shared_each_loss import _no_parens
from pbpit.lint.values import Definition
from pbpit.rust.syntax import Node, descendants

STORED = re.compile(r"(Some\(\s*)?([A-Za-z_]\w*)(\s*\.\s*clone\(\s*\))?(\s*\))?")


def keep_the_model(meeting: Meeting, fixes: Fixes) -> list[Edit]:
    """The edits, or none where they cannot be written."""
    try:
        return _edits(meeting, fixes) or []
    except (ValueError, IndexError):
        return []


def _edits(meeting: Meeting, fixes: Fixes) -> list[Edit] | None:
    definition, later = meeting.definition, meeting.later
    kept = later.receiver
    statement, value = definition.statement, definition.value
    if meeting.in_macro or not kept or not is_name(kept) or statement is None or value is None:
        return None
    function = _function(statement, fixes)
    if function is None:
        return None
    model = _model(value, fixes) or _stepped_model(value, statement, fixes)
    if model is None:
        return None
    kind = _declared_type(fixes.text(model), statement, function, fixes)
    if kind is None or not _read_again(value, model, statement, fixes):
        return None
    store = _store(meeting, definition, fixes)
    if store is None:
        return None
    assignment, stored = store
    left = assignment.child_by_field_name("left")
    if left is None:
        return None
    edits: list[Edit] = []
    home = _function(assignment, fixes)
    if home is None:
        return None
    if home.id == function.id:
        if fixes.text(stored) != definition.name:
            return None
        given = fixes.text(model)
    else:
        given = fixes.text(model)  # the method's parameter named as the caller's variable
        added = _given_the_model(home, stored, kind, function, definition.name, model, fixes)
        if added is None:
            return None
        edits += added
    edits.append(fixes.edit(stored.start_byte, _stored_end(stored, fixes), f"{given}.clone()"))
    typed = _place_type(left, home, function, kind, fixes)
    if typed is None:
        return None
    edits += typed
    rebuilt = _rebuilt(later.span, kept, value, model, fixes)
    if rebuilt is None:
        return None
    return sorted([*edits, *rebuilt], key=lambda e: (e.line, e.column))


def _model(value: Node, fixes: Fixes) -> Node | None:
    """The variable whose method makes the loss (`model` of `model.loss(x, y)`)."""
    if value.type != "call_expression":
        return None
    function = value.child_by_field_name("function")
    if function is None or function.type != "field_expression":
        return None
    receiver = function.child_by_field_name("value")
    return receiver if receiver is not None and receiver.type == "identifier" else None


def _stepped_model(value: Node, statement: Node, fixes: Fixes) -> Node | None:
    """The one variable the loss reads a field or method of (`reg` of
    `(reg.lin.forward(x.clone()) - y.clone())..`) that the loop making the loss assigns (an
    optimizer's step gives it back)."""
    loops = [
        n
        for n in ancestors(fixes.source.root, statement)
        if n.type in ("for_expression", "while_expression", "loop_expression")
    ]
    if not loops:
        return None
    body = loops[-1].child_by_field_name("body")
    assigned = set()
    for node in descendants(body) if body is not None else ():
        left = node.child_by_field_name("left") if node.type == "assignment_expression" else None
        if left is not None and left.type == "identifier":
            assigned.add(fixes.text(left))
    found = {}
    for node in descendants(value):
        if node.type != "field_expression":
            continue
        root = node.child_by_field_name("value")
        if root is not None and root.type == "identifier" and fixes.text(root) in assigned:
            found.setdefault(fixes.text(root), root)
    return next(iter(found.values())) if len(found) == 1 else None


def _function(node: Node, fixes: Fixes) -> Node | None:
    found = [n for n in ancestors(fixes.source.root, node) if n.type == "function_item"]
    return found[-1] if found else None


def let_of(name: str, before: Node, function: Node, fixes: Fixes) -> Node | None:
    """The last `let` of `function` before `before` that binds `name` (`let mut name ..`)."""
    bound = None
    for node in descendants(function):
        if node.type != "let_declaration" or node.start_byte >= before.start_byte:
            continue
        pattern = node.child_by_field_name("pattern")
        if pattern is not None and fixes.text(pattern).removeprefix("mut ").strip() == name:
            bound = node
    return bound


def _declared_type(name: str, before: Node, function: Node, fixes: Fixes) -> str | None:
    """The model's type, as its `let` writes it (`let mut net: QNet<B> = ..`) or as its struct
    literal names it (`Net { .. }` of a struct without generics)."""
    bound = let_of(name, before, function, fixes)
    if bound is None:
        return None
    written = bound.child_by_field_name("type")
    if written is not None:
        return fixes.text(written)
    value = bound.child_by_field_name("value")
    if value is None or value.type != "struct_expression":
        return None
    struct = value.child_by_field_name("name")
    if struct is None or not is_name(fixes.text(struct)):
        return None
    for node in descendants(fixes.source.root):
        label = node.child_by_field_name("name") if node.type == "struct_item" else None
        if label is not None and fixes.text(label) == fixes.text(struct):
            if node.child_by_field_name("type_parameters") is not None:
                return None
            return fixes.text(struct)
    return None


def _read_again(value: Node, model: Node, statement: Node, fixes: Fixes) -> bool:
    """Whether the loss's making can be written again after the loop: it moves nothing but
    `Copy` values, and reads no binding of the block that makes it."""
    moved = fixes.moved_names(value)
    if moved is None:
        return False
    name = fixes.text(model)
    if any(fixes.text(n) != name and not fixes.is_copy(fixes.text(n), n.start_byte) for n in moved):
        return False
    block = fixes.parent(statement)
    if block is None:
        return False
    local = set()
    for node in block.named_children:
        if node.type == "let_declaration" and node.start_byte < statement.start_byte:
            pattern = node.child_by_field_name("pattern")
            local |= {fixes.text(n) for n in identifiers(pattern)} if pattern else set()
    parent = fixes.parent(block)
    if parent is not None and parent.type == "for_expression":
        pattern = parent.child_by_field_name("pattern")
        local |= {fixes.text(n) for n in identifiers(pattern)} if pattern else set()
    return not any(fixes.text(n) in local for n in identifiers(value))


def _store(
    meeting: Meeting, definition: Definition, fixes: Fixes
) -> tuple[Node, Node] | None:
    """The one assignment that keeps the loss (`self.best = Some(loss.clone())`) and the
    variable it stores (`loss`)."""
    origin = meeting.loss.origin
    if origin is None:
        return None
    found = {}
    for source in origin.sources:
        if source.span == definition.span or source.value is None or source.statement is None:
            continue
        if source.statement.type != "expression_statement":
            continue
        assignment = source.statement.named_children[0] if source.statement.named_children else None
        if assignment is None or assignment.type != "assignment_expression":
            continue
        if STORED.fullmatch(fixes.text(source.value)) is None:
            continue
        stored = next((n for n in descendants(source.value) if n.type == "identifier"), None)
        if stored is None or fixes.text(stored) == "Some":
            stored = [n for n in descendants(source.value) if n.type == "identifier"][1]
        found[assignment.id] = (assignment, stored)
    return next(iter(found.values())) if len(found) == 1 else None


def _stored_end(stored: Node, fixes: Fixes) -> int:
    """The end of `loss` or `loss.clone()` at `stored`."""
    after = fixes.data[stored.end_byte : stored.end_byte + 32]
    clone = re.match(rb"\s*\.\s*clone\s*\(\s*\)", after)
    return stored.end_byte + (clone.end() if clone else 0)


def _given_the_model(
    method: Node,
    stored: Node,
    kind: str,
    caller: Node,
    loss: str,
    model: Node,
    fixes: Fixes,
) -> list[Edit] | None:
    """The method that stores its parameter given the model as a last parameter, named as the
    caller's variable (`model: &Net`), and its one call in the caller given `&model`."""
    parameters = method.child_by_field_name("parameters")
    name = method.child_by_field_name("name")
    if parameters is None or name is None:
        return None
    given = fixes.text(model)
    if given in {fixes.text(n) for n in identifiers(method)}:
        return None
    own = [p for p in parameters.named_children if p.type == "parameter"]
    if not any(
        fixes.text(p.child_by_field_name("pattern") or p) == fixes.text(stored) for p in own
    ):
        return None
    calls = []
    for node in descendants(fixes.source.root):
        if node.type != "call_expression":
            continue
        function = node.child_by_field_name("function")
        field_ = function.child_by_field_name("field") if function is not None else None
        if field_ is not None and fixes.text(field_) == fixes.text(name):
            calls.append(node)
    if len(calls) != 1 or not caller.start_byte <= calls[0].start_byte < caller.end_byte:
        return None
    arguments = calls[0].child_by_field_name("arguments")
    if arguments is None or not any(fixes.text(n) == loss for n in identifiers(arguments)):
        return None
    close = parameters.end_byte - 1
    call_close = arguments.end_byte - 1
    return [
        fixes.edit(close, close, f", {given}: &{kind}"),
        fixes.edit(call_close, call_close, f", &{given}"),
    ]


def _place_type(
    left: Node, home: Node, function: Node, kind: str, fixes: Fixes
) -> list[Edit] | None:
    """The kept place's written type made the model's (`best: Option<Tensor<1>>` →
    `best: Option<Net>`): a field of the struct, or the variable's `let`; none written, none
    changed."""
    if left.type == "identifier":
        for node in descendants(function):
            if node.type != "let_declaration":
                continue
            pattern = node.child_by_field_name("pattern")
            bound = fixes.text(pattern).removeprefix("mut ").strip() if pattern else None
            if bound != fixes.text(left):
                continue
            written = node.child_by_field_name("type")
            return [] if written is None else _retyped(written, kind, fixes)
        return None
    if left.type != "field_expression":
        return None
    field_ = left.child_by_field_name("field")
    if field_ is None:
        return None
    declared = [
        n
        for n in descendants(fixes.source.root)
        if n.type == "field_declaration"
        and n.child_by_field_name("name") is not None
        and fixes.text(n.child_by_field_name("name")) == fixes.text(field_)
    ]
    if len(declared) != 1:
        return None
    written = declared[0].child_by_field_name("type")
    return None if written is None else _retyped(written, kind, fixes)


def _retyped(written: Node, kind: str, fixes: Fixes) -> list[Edit] | None:
    text = fixes.text(written)
    if re.fullmatch(r"Option\s*<\s*Tensor\s*<.*>\s*>", text, re.S):
        return [fixes.edit(written.start_byte, written.end_byte, f"Option<{kind}>")]
    if re.fullmatch(r"Tensor\s*<.*>", text, re.S):
        return [fixes.edit(written.start_byte, written.end_byte, kind)]
    return None


def _rebuilt(
    span: tuple[int, int], kept: str, value: Node, model: Node, fixes: Fixes
) -> list[Edit] | None:
    """`kept.backward()` written as the loss built again from the kept model
    (`best.loss(x.clone(), y.clone()).backward()`), and the gradients' `&model` and the step's
    `model` that read them made `best`."""
    call = fixes.call_at(span)
    if call is None or re.sub(r"\s+", "", fixes.text(call)) != f"{kept}.backward()":
        return None
    function = call.child_by_field_name("function")
    receiver = function.child_by_field_name("value") if function is not None else None
    if receiver is None:
        return None
    text = fixes.data[value.start_byte : value.end_byte]
    name = fixes.text(model)
    for node in sorted(identifiers(value), key=lambda n: n.start_byte, reverse=True):
        if fixes.text(node) == name:
            start, end = node.start_byte - value.start_byte, node.end_byte - value.start_byte
            text = text[:start] + kept.encode() + text[end:]
    again = text.decode("utf-8", "replace")
    if not _no_parens(again):
        again = f"({again})"
    edits = [fixes.edit(receiver.start_byte, receiver.end_byte, again)]
    path = ancestors(fixes.source.root, call)
    blocks = [i for i, n in enumerate(path) if n.type == "block"]
    if not blocks or blocks[-1] + 1 >= len(path):
        return edits
    block, statement = path[blocks[-1]], path[blocks[-1] + 1]
    name = fixes.text(model)
    borrowed = [
        n
        for n in descendants(statement)
        if n.type == "reference_expression" and re.sub(r"\s+", "", fixes.text(n)) == f"&{name}"
    ]
    if not borrowed:
        return edits
    edits += [fixes.edit(n.start_byte, n.end_byte, f"&{kept}") for n in borrowed]
    pattern = None
    if statement.type == "let_declaration":
        pattern = statement.child_by_field_name("pattern")
    grads = fixes.text(pattern) if pattern is not None else None
    siblings = [s for s in block.named_children if s.start_byte >= statement.end_byte]
    for sibling in siblings:
        if grads is None or not any(fixes.text(n) == grads for n in identifiers(sibling)):
            continue
        steps = [
            n
            for n in descendants(sibling)
            if n.type == "call_expression" and fixes.text(n).split("(")[0].endswith(".step")
        ]
        if len(steps) != 1:
            return None
        arguments = steps[0].child_by_field_name("arguments")
        given = [a for a in arguments.named_children if fixes.text(a) == name] if arguments else []
        if len(given) != 1:
            return None
        edits.append(fixes.edit(given[0].start_byte, given[0].end_byte, kept))
        return edits
    return None
