"""A collection of `Option` slots emptied at the slot of the pass (`cache.slots[i] = None;`,
`i` the counter of the loop around, or a `let` of its pass: `let j = step % 2;`): what each pass
put in it is gone by the pass's end, so a later pass does not find it (the hand fix of a `Vec`
of slots filled when empty and read back by the next epoch: tests/advice_p22/v1; filled by
`slots[j].get_or_insert_with(..)` too)."""

from __future__ import annotations

from typing import Any

from pbpit.engine.graph import Requirement
from pbpit.lint.analysis.state import _DATA
from pbpit.lint.values import Value
from pbpit.rust.syntax import Node, descendants

_BRANCHES = frozenset(
    "if_expression match_expression match_arm else_clause closure_expression "
    "for_expression while_expression loop_expression".split()
)
"""What the write may sit in and not run in every pass of the loop."""

_LEAVES = frozenset("continue_expression break_expression return_expression try_expression".split())
"""What may end the pass before the write."""


def emptied_at_pass(
    reader: Any, node: Node, index: Node, value: Value, held: Value
) -> Value | None:
    """What the collection holds after `node` (`slots[i] = None`, the collection holding
    `held`): data where every tensor it holds was made in this pass of the loop whose counter
    `i` is, and the write, of data, runs in each pass of that loop, at the statement level of
    its body, after nothing that may end the pass (the slot of each earlier pass was emptied in
    that pass); None for any other write (read as before)."""
    tracked = Requirement.GRAD_IN_BACKWARD
    if value.requirement == tracked or held.requirement != tracked or not held.sources:
        return None
    keys = [k for k, _ in reader.context]
    if index.type == "integer_literal":  # `slots[0] = None`: in each pass of the loop around
        key, offset = (keys[-1] if keys else None), 0
    else:
        key, offset = reader._counted_index(index)
    bound = None
    if key is None and index.type == "identifier" and keys:
        # `slots[j] = None;` of `let j = step % 2;` in the pass: the slot this pass filled.
        key, offset, bound = keys[-1], 0, reader.text(index)
    loop = reader.loops.get(key) if key is not None and not offset else None
    body = loop.child_by_field_name("body") if loop is not None else None
    if body is None or key not in keys or not _filled_at(reader, node, index, body):
        return None
    if bound is not None and not _let_in(reader, bound, body):
        return None
    current = node.parent
    while current is not None and current.start_byte != body.start_byte:
        if current.type in _BRANCHES:
            return None
        current = current.parent
    if current is None or current.type != body.type:
        return None
    if any(d.type in _LEAVES and d.start_byte < node.start_byte for d in descendants(body)):
        return None
    pass_ = tuple(reader.context[: keys.index(key) + 1])
    if all(d.context[: len(pass_)] == pass_ for d in held.sources):
        return _DATA
    return None


def _filled_at(reader: Any, node: Node, index: Node, body: Node) -> bool:
    """Whether the loop's `body` fills the slot the write empties: it gives the same index to
    a method of what holds the collection (`cache.encoding(i, ..)` for `cache.slots[i]`), or
    writes that slot itself before (`shelf.slots[i] = Some(..)`)."""
    left = node.named_children[0] if node.named_child_count else None
    collection = left.named_children[0] if left is not None and left.named_child_count else None
    if collection is None:
        return False
    slot = reader.text(left)
    for write in descendants(body):
        if write.start_byte >= node.start_byte:
            continue
        if _fills(reader, write, slot):
            return True  # `slots[j].get_or_insert_with(|| ..)`
        if write.type != "assignment_expression":
            continue
        target = write.named_children[0] if write.named_child_count else None
        if target is not None and target.type == "index_expression" and reader.text(target) == slot:
            return True
    if collection.type != "field_expression":
        return False
    holder = reader.text(collection.named_children[0])
    key = reader.text(index)
    for call in descendants(body):
        function = call.child_by_field_name("function") if call.type == "call_expression" else None
        arguments = call.child_by_field_name("arguments")
        if function is None or function.type != "field_expression" or arguments is None:
            continue
        receiver = function.named_children[0] if function.named_child_count else None
        if receiver is None or reader.text(receiver) != holder:
            continue
        if any(reader.text(a) == key for a in arguments.named_children):
            return True
    return False


def _fills(reader: Any, call: Node, slot: str) -> bool:
    """Whether `call` is `slot.get_or_insert_with(..)` (`slot` the text `slots[j]`)."""
    function = call.child_by_field_name("function") if call.type == "call_expression" else None
    if function is None or function.type != "field_expression":
        return False
    receiver, method = function.child_by_field_name("value"), function.child_by_field_name("field")
    return (
        receiver is not None
        and method is not None
        and reader.text(method) == "get_or_insert_with"
        and reader.text(receiver) == slot
    )


def _let_in(reader: Any, name: str, body: Node) -> bool:
    """Whether a `let` of the loop's `body` itself binds `name` (each pass's own index)."""
    return any(
        statement.type == "let_declaration"
        and (pattern := statement.child_by_field_name("pattern")) is not None
        and reader.text(pattern) == name
        for statement in body.named_children
    )
