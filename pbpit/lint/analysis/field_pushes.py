"""What a method of the tree pushes into a `Vec` field of its receiver from its parameters
(`_FieldPushes`): `self.items.push((logits, target))` in `fn offer(&mut self, logits, target)`
is, at the call `buffer.offer(l, y)`, `buffer.items.push((l, y))`: the caller's field holds the
tuple part by part, as a push written in the caller makes it (`_Places._pushed`), not one
tensor made of all the method was given (what the summary, whose field starts as one unknown
value, can say of it).

Read from the method's syntax: only a field the method touches by no other means than
`push` of a tuple whose every element is a parameter (or its `clone()`, or its `detach()`:
data; a literal or a `to_string()`: data), and reads (`len`, `is_empty`, `iter`, `get`,
`first`, `last`) or removals (`remove`, `pop`, `truncate`); anything else (`clear`, an
assignment, a `push` of what the method computes) leaves the field to the summary.
"""

from __future__ import annotations

from pbpit.lint.analysis.common import _FIELD
from pbpit.lint.analysis.index import _Callee
from pbpit.lint.analysis.state import _DATA, _collection
from pbpit.lint.values import Value
from pbpit.rust.syntax import Node

_KEEPS = frozenset("len is_empty iter get first last remove pop truncate capacity".split())
"""Methods of a `Vec` field that add nothing to it (the ones that remove make it hold less)."""

_CLONES = frozenset(("clone", "to_owned"))

_LITERALS = frozenset(("string_literal", "integer_literal", "float_literal", "boolean_literal"))

# A tuple pushed: each element the index of the parameter it is, or -1 for data (`detach()`).
Pushed = tuple[int, ...]


def _text(node: Node) -> str:
    return node.text.decode("utf-8", "replace") if node.text else ""


def _parameters(function: Node) -> list[str] | None:
    """The names of a method's parameters by position, `self` first; None without `self`."""
    parameters = function.child_by_field_id(_FIELD.parameters)
    if parameters is None:
        return None
    names = []
    for child in parameters.named_children:
        if child.type == "self_parameter":
            names.append("self")
        elif child.type == "parameter":
            pattern = child.child_by_field_id(_FIELD.pattern)
            names.append(_text(pattern) if pattern is not None else "")
    return names if names and names[0] == "self" else None


def _element(node: Node, parameters: list[str]) -> int | None:
    """The parameter an element of a pushed tuple is (`logits`, `logits.clone()`), -1 for data
    (its `detach()`, a literal, a `to_string()`: a name's `String`), None for anything else."""
    if node.type in _LITERALS or _text(node).endswith(".to_string()"):
        return -1
    detached = False
    while node.type == "call_expression":
        method = node.child_by_field_id(_FIELD.function)
        name = method.child_by_field_id(_FIELD.field) if method is not None else None
        arguments = node.child_by_field_id(_FIELD.arguments)
        if name is None or method.type != "field_expression" or arguments is None:
            return None
        if arguments.named_child_count or _text(name) not in (*_CLONES, "detach"):
            return None
        detached = detached or _text(name) == "detach"
        node = method.child_by_field_id(_FIELD.value)
    if node.type != "identifier" or _text(node) not in parameters[1:]:
        return None
    return -1 if detached else parameters.index(_text(node))


def field_pushes(callee: _Callee) -> dict[str, list[Pushed]]:
    """The `Vec` fields of `self` a method pushes tuples of its parameters into, each push in
    the order written; fields it touches otherwise are left out."""
    function = callee.node
    parameters = _parameters(function)
    body = function.child_by_field_id(_FIELD.body)
    if parameters is None or body is None or b".push(" not in (body.text or b""):
        return {}
    pushes: dict[str, list[Pushed]] = {}
    other: set[str] = set()
    stack = [body]
    while stack:
        node = stack.pop()
        stack.extend(reversed(node.named_children))
        if node.type != "field_expression":
            continue
        value = node.child_by_field_id(_FIELD.value)
        field = node.child_by_field_id(_FIELD.field)
        if value is None or field is None or value.type != "self":
            continue
        name = _text(field)
        method = node.parent  # `self.items.push`
        call = method.parent if method is not None else None
        called = method.child_by_field_id(_FIELD.field) if method is not None else None
        if (
            method is None
            or call is None
            or called is None
            or method.type != "field_expression"
            or call.type != "call_expression"
        ):
            other.add(name)
            continue
        if _text(called) in _KEEPS:
            continue
        arguments = call.child_by_field_id(_FIELD.arguments)
        given = arguments.named_children if arguments is not None else []
        pushed = given[0] if len(given) == 1 else None  # none for `clear()`, `drain(..)`
        if _text(called) != "push" or pushed is None or pushed.type != "tuple_expression":
            other.add(name)
            continue
        elements = [_element(e, parameters) for e in pushed.named_children]
        if any(e is None for e in elements):
            other.add(name)
            continue
        pushes.setdefault(name, []).append(tuple(e for e in elements if e is not None))
    return {k: v for k, v in pushes.items() if k not in other}


class _FieldPushes:
    """How `_Function` reads a call of a method that pushes tuples of what it is given into a
    field of its receiver."""

    def _apply_pushing(
        self, callee: _Callee, arguments: list[Value], receiver: str | None, call, span_node
    ) -> Value | None:
        """`_apply`, then each field the method pushes tuples of its parameters into holds,
        beside what it held before the call, those tuples made of `arguments` part by part."""
        pushes = field_pushes(callee) if receiver is not None else {}
        before = {}
        for name in pushes:
            slot = self._field_slot(f"{receiver}.{name}", create=True)
            if slot is not None:
                before[name] = (slot, self.state.values.get(slot, _DATA))
        applied = self._apply(callee, arguments, receiver, call, span_node)
        if applied is None or self.state.dead:
            return applied
        for name, (slot, held) in before.items():
            for pushed in pushes[name]:
                parts = [
                    (f".{i}", arguments[p] if 0 <= p < len(arguments) else _DATA)
                    for i, p in enumerate(pushed)
                ]
                held = self._pushed(slot, held, _collection(parts))
            self.state.values[slot] = held
            if receiver.isidentifier():  # `buffer.offer(..)` of a local struct
                self._part_set(receiver, name, held)
        return applied
