"""The order lint's findings are reported in: by place in the file, but the findings of one
panicking backward (tensors an earlier backward consumed, each reached by this one) in the
order Burn's walk meets them, so that the first is the one the run names.

Burn's `collect_steps` walks the later backward's graph from the loss on a stack (its
"breadth-first" traversal, run last-in first-out): each node's parents pushed in order (a
method's receiver, then its arguments; a binary operator's left operand, then its right), the
last pushed visited first, each node once; it panics at the first node whose step was
consumed (`pbpit.engine.server.collect_steps`). Read from the source: the loss's expression, a
name bound by `let` (or assigned) before it followed into its value (a binding is no node),
`.clone()` no node either. `za.transpose().matmul(zb)` pushes `transpose(za)` then `zb`: `zb`
is met first; `p.matmul(a.tanh().transpose())` meets `a` first, behind the transpose."""

from __future__ import annotations

from typing import Any

from pbpit.diagnostics.model import Diagnostic
from pbpit.rust.syntax import Node, RustFile, RustReadError, descendants, parse_bytes

MAX_VISITS = 5000
"""Nodes of the loss's expression the walk reads at most, and steps of following one name into
what it stands for (a crafted file costs no more)."""

# Method calls that make no node of the graph: the same tensor, handed on.
_SAME_TENSOR = frozenset({"clone", "to_device"})


def position(finding: Diagnostic) -> tuple:
    """A finding's place: line, column, rule."""
    return (finding.primary.line, finding.primary.column, finding.rule)


def ordered(findings: list[Diagnostic], text: str | RustFile | None) -> list[Diagnostic]:
    """`findings` (of one file, whose text or parsed file is `text`) by place, but those of one
    panicking backward, among the places they hold, in the order Burn's walk meets their
    tensors (`walk_ranks`); the others where they were."""
    found = sorted(findings, key=position)
    groups: dict[tuple, list[int]] = {}
    for index, finding in enumerate(found):
        tape = finding.tape
        if tape is not None:
            at = tape.panics
            key = (at.line, at.column, at.end_line, at.end_column)
            groups.setdefault(key, []).append(index)
    groups = {key: slots for key, slots in groups.items() if len(slots) > 1}
    if not groups or text is None:
        return found
    source = _parsed(text)
    if source is None:
        return found
    result = list(found)
    for (line, column, _, _), slots in groups.items():
        members = [found[i] for i in slots]
        ranks = walk_ranks(source, line, column, [f.tape.name for f in members if f.tape])
        if not ranks:
            continue
        far = len(ranks) + MAX_VISITS
        order = sorted(
            range(len(members)),
            key=lambda m: (ranks.get(members[m].tape.name, far), m),  # type: ignore[union-attr]
        )
        for slot, member in zip(slots, order, strict=True):
            result[slot] = members[member]
    return result


def _parsed(text: str | RustFile) -> RustFile | None:
    if isinstance(text, RustFile):
        return text
    try:
        return parse_bytes(text.encode("utf-8"))
    except (RustReadError, RecursionError):
        return None


def walk_ranks(source: RustFile, line: int, column: int, names: list[str]) -> dict[str, int]:
    """For the backward call at `line`:`column` (its receiver's start, as a label has it), the
    order in which Burn's walk from its loss meets each of `names` (lowest first); a name it
    does not meet is left out. Empty when no backward call is there."""
    call = _backward_at(source, line, column)
    if call is None:
        return {}
    function = call.child_by_field_name("function")
    receiver = function.child_by_field_name("value") if function is not None else None
    if receiver is None:
        return {}
    body = _enclosing_function(call)
    bindings = _bindings(source, body) if body is not None else {}
    wanted = set(names)
    ranks: dict[str, int] = {}
    visited: set[int] = set()
    stack = _resolve(source, receiver, bindings, wanted)
    visits = 0
    while stack and visits < MAX_VISITS and len(ranks) < len(wanted):
        node = stack.pop()  # the last pushed first, as Burn's stack
        if node.id in visited:
            continue
        visited.add(node.id)
        visits += 1
        name = _name(source, node)
        if name in wanted:
            ranks.setdefault(name, visits)
            continue  # the walk stops at a consumed step
        for parent in _parents(node):
            stack.extend(_resolve(source, parent, bindings, wanted))
    return ranks


def _backward_at(source: RustFile, line: int, column: int) -> Node | None:
    found = None
    for node in descendants(source.root):
        if node.type != "call_expression" or source.start_line(node) != line:
            continue
        function = node.child_by_field_name("function")
        field = function.child_by_field_name("field") if function is not None else None
        if field is None or source.node_text(field) != "backward":
            continue
        if source.start(node) == (line, column):
            return node
        found = found or node
    return found


def _enclosing_function(node: Node) -> Node | None:
    while node is not None and node.type != "function_item":
        node = node.parent
    return node


def _bindings(source: RustFile, body: Node) -> dict[str, list[tuple[int, Node]]]:
    """Each name a `let` binds (a plain name) or an assignment gives a value to in `body`: the
    byte where the binding ends and the value, in the file's order."""
    found: dict[str, list[tuple[int, Node]]] = {}
    for node in descendants(body):
        if node.type == "let_declaration":
            pattern, value = node.child_by_field_name("pattern"), node.child_by_field_name("value")
            if pattern is not None and value is not None:
                name = source.node_text(pattern).removeprefix("mut ").strip()
                found.setdefault(name, []).append((node.end_byte, value))
        elif node.type == "assignment_expression":
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if left is not None and right is not None:
                found.setdefault(source.node_text(left), []).append((node.end_byte, right))
    for values in found.values():
        values.sort(key=lambda pair: pair[0])
    return found


def _name(source: RustFile, node: Node) -> str | None:
    if node.type in ("identifier", "field_expression", "self"):
        return source.node_text(node)
    return None


def _resolve(
    source: RustFile,
    node: Node,
    bindings: dict[str, list[tuple[int, Node]]],
    wanted: set[str],
) -> list[Node]:
    """The nodes of the graph `node` stands for, in order: itself when it is an operation or a
    name the walk looks for; a name bound before it, its value (bound earlier in the file: no
    cycle); `.clone()`, parentheses, a reference, a macro's tokens, what they hold."""
    out: list[Node] = []
    stack = [node]
    steps = 0
    while stack and steps < MAX_VISITS:
        steps += 1
        current = stack.pop()
        kind = current.type
        name = _name(source, current)
        if name is not None:
            if name in wanted:
                out.append(current)
                continue
            value = _bound_value(bindings, name, current.start_byte)
            if value is not None:
                stack.append(value)
            continue
        if kind == "call_expression":
            function = current.child_by_field_name("function")
            field = function.child_by_field_name("field") if function is not None else None
            if field is not None and source.node_text(field) in _SAME_TENSOR:
                receiver = function.child_by_field_name("value")  # type: ignore[union-attr]
                if receiver is not None:
                    stack.append(receiver)
                continue
            out.append(current)
            continue
        if kind in ("binary_expression", "unary_expression", "index_expression"):
            out.append(current)
            continue
        if kind.endswith("literal") or kind in ("line_comment", "block_comment"):
            continue
        stack.extend(reversed(current.named_children))
    return out


def _bound_value(
    bindings: dict[str, list[tuple[int, Node]]], name: str, before: int
) -> Node | None:
    """The value last bound to `name` before byte `before`."""
    value = None
    for end, node in bindings.get(name, ()):
        if end > before:
            break
        value = node
    return value


def _parents(node: Node) -> list[Any]:
    """An operation's operands in Burn's order: a method's receiver, then its arguments; a
    call's arguments; a binary operator's left, then right."""
    if node.type == "call_expression":
        function = node.child_by_field_name("function")
        arguments = node.child_by_field_name("arguments")
        receiver = function.child_by_field_name("value") if function is not None else None
        parents = [receiver] if receiver is not None and function.type == "field_expression" else []
        return parents + (list(arguments.named_children) if arguments is not None else [])
    return list(node.named_children)
