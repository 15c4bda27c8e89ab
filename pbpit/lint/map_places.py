"""The collection a write through `*p = v` puts `v` in: `p` a `&mut` into a map or a `Vec`
that `m.get_mut(&k)` gives (`if let Some(p) = ..`, a `Some(p)` arm of `match m.get_mut(..)`,
`let p = m.get_mut(&k).unwrap()`), that `m.entry(k).or_insert(..)` gives (`let`, or written
`*m.entry(k).or_insert(d) = v`), the parameter of `m.entry(k).and_modify(|p| ..)`, or the item
of `for p in m.values_mut()` / `m.iter_mut()` / `&mut m`. Read by lint's analysis (a write of an
element: `analysis/element_writes.py`) and by the fix that detaches every write
(`rules/map_writes.py`)."""

from __future__ import annotations

from collections.abc import Callable

from pbpit.lint.entry_slots import entry_place
from pbpit.rust.syntax import Node

FILLS = ("or_insert", "or_insert_with")
_REFS = ("get_mut", "last_mut", "first_mut")
_WALKS = ("values_mut", "iter_mut")


def method_of(
    call: Node | None, text: Callable[[Node], str]
) -> tuple[Node | None, str, list[Node]]:
    """(receiver, method, arguments) of `call` written `recv.method(args)`."""
    if call is None or call.type != "call_expression":
        return None, "", []
    function = call.child_by_field_name("function")
    arguments = call.child_by_field_name("arguments")
    if function is None or function.type != "field_expression" or arguments is None:
        return None, "", []
    field_ = function.child_by_field_name("field")
    method = text(field_) if field_ is not None else ""
    return function.child_by_field_name("value"), method, list(arguments.named_children)


def written_place(text: Callable[[Node], str], inner: Node, walks: bool = True) -> str | None:
    """The collection (`protos`, `self.bank`) that `*inner = v` writes into: `inner` a
    `m.entry(k).or_insert(d)`, `m.get_mut(&k).unwrap()`, or a name bound to such a `&mut` (by
    `let`, `if let Some(p) = m.get_mut(..)`, a `Some(p)` arm of `match m.get_mut(..)`,
    `and_modify(|p| ..)` of `m.entry(..)`, `for p in m.values_mut()`: not with `walks` false);
    None otherwise. `text` reads a node's source."""
    while inner.type == "parenthesized_expression" and inner.named_children:
        inner = inner.named_children[0]
    if inner.type == "call_expression":
        receiver, method, _ = method_of(inner, text)
        if method in (*FILLS, "or_default"):
            return receiver_of(receiver, text, ("entry",))  # `*m.entry(k).or_insert(d) = v`
        if method in ("unwrap", "expect"):
            return receiver_of(receiver, text, _REFS)  # `*m.get_mut(&k).unwrap() = v`
        return None
    if inner.type != "identifier":
        return None
    return entry_place(text, inner) or _bound_place(text(inner), inner, text, walks)


def receiver_of(node: Node | None, text: Callable[[Node], str], methods: tuple) -> str | None:
    """`m` of `node` written `m.method(..)`, one of `methods`, `m` a name or a field path."""
    if node is None or node.type != "call_expression":
        return None
    receiver, method, _ = method_of(node, text)
    if receiver is None or method not in methods:
        return None
    if receiver.type not in ("identifier", "field_expression", "self"):
        return None
    return text(receiver)


def _bound_place(
    label: str, node: Node, text: Callable[[Node], str], walks: bool = True
) -> str | None:
    """The collection `label`, at `node`, is a `&mut` into, by the construct around it that
    binds it (see `written_place`), else None."""
    child, parent = node, node.parent
    while parent is not None and parent.type not in ("function_item", "closure_expression"):
        if parent.type == "if_expression" and child == parent.child_by_field_name("consequence"):
            condition = parent.child_by_field_name("condition")
            if condition is not None and condition.type == "let_condition":
                if _some_of(condition.child_by_field_name("pattern"), text) == label:
                    return receiver_of(condition.child_by_field_name("value"), text, _REFS)
        elif parent.type == "match_arm":
            pattern = parent.child_by_field_name("pattern")
            inner = pattern.named_children[0] if pattern is not None else None
            if _some_of(inner, text) == label:
                match = parent.parent.parent if parent.parent is not None else None
                value = match.child_by_field_name("value") if match is not None else None
                return receiver_of(value, text, _REFS)
        elif parent.type == "for_expression" and child == parent.child_by_field_name("body"):
            if _walked_name(parent.child_by_field_name("pattern"), text) == label:
                if not walks:
                    return None
                value = parent.child_by_field_name("value")
                if value is not None and value.type == "reference_expression":
                    walked = value.child_by_field_name("value")
                    mutable = text(value).replace(" ", "").startswith("&mut")
                    return text(walked) if mutable and walked is not None else None
                return receiver_of(value, text, _WALKS)
        child, parent = parent, parent.parent
    if parent is None or parent.type != "closure_expression":
        return None
    parameters = parent.child_by_field_name("parameters")
    if parameters is None or [text(p) for p in parameters.named_children] != [label]:
        return None
    arguments = parent.parent
    call = arguments.parent if arguments is not None else None
    if call is None or call.type != "call_expression":
        return None
    receiver, method, _ = method_of(call, text)
    return receiver_of(receiver, text, ("entry",)) if method == "and_modify" else None


def _some_of(pattern: Node | None, text: Callable[[Node], str]) -> str | None:
    """`p` of the pattern `Some(p)`, else None."""
    if pattern is None or pattern.type != "tuple_struct_pattern":
        return None
    kind = pattern.child_by_field_name("type")
    inner = [c for c in pattern.named_children if c != kind]
    if kind is None or text(kind) != "Some" or len(inner) != 1:
        return None
    return text(inner[0]) if inner[0].type == "identifier" else None


def _walked_name(pattern: Node | None, text: Callable[[Node], str]) -> str | None:
    """`p` of a `for` pattern `p` or `(_, p)`."""
    if pattern is None:
        return None
    if pattern.type == "identifier":
        return text(pattern)
    parts = pattern.named_children if pattern.type == "tuple_pattern" else []
    if len(parts) == 2 and parts[1].type == "identifier":
        return text(parts[1])
    return None
