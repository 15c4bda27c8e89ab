"""A write through the element a `for` loop walks by `&mut` (`_ElementWrites`): `for h in
hs.iter_mut() { *h = h.clone() * 0.5 + w.clone(); }` puts a new tensor in the collection, and
`h` holds it for the rest of the pass. Written by a statement of the walk's own body (every
pass), it replaces every element: the collection holds what the writes made (what they read of
the old elements included), no longer the old ones. A recurrence kept in a `Vec` and stepped in
place, then backpropagated in every pass, carries the graph from one pass into the next as one
kept in a name does."""

from __future__ import annotations

from dataclasses import replace

from pbpit.engine.graph import Requirement
from pbpit.lint.analysis.common import _FIELD
from pbpit.lint.analysis.state import _DATA, _Slot
from pbpit.lint.entry_slots import NO_LOOP
from pbpit.lint.map_places import written_place
from pbpit.lint.values import Value
from pbpit.rust.syntax import Node


class _ElementWrites:
    """How `_Function` reads `*element = value` of a walk by `&mut`."""

    def _assignment(self, node: Node) -> Value:
        """An assignment: `*h = ..` of an element a loop walks by `&mut` here, any other as
        `_assign` reads it."""
        left = node.child_by_field_id(_FIELD.left)
        if node.type == "assignment_expression" and left is not None:
            if left.type == "unary_expression" and self.text(left).startswith("*"):
                inner = left.named_children[0] if left.named_child_count else None
                if inner is not None and inner.type == "identifier":
                    slot = self.lookup(self.text(inner))
                    walk = self.walk_places.get(slot) if slot is not None else None
                    if slot is not None and walk is not None:
                        return self._element_write(node, left, slot, walk)
                    held = written_place(self.text, inner) if slot is not None else None
                    if held is not None:  # `*slot = h` of `states.entry(k).or_insert(..)`
                        return self._element_write(node, left, slot, (held, NO_LOOP))
                elif inner is not None and inner.type == "call_expression":
                    held = written_place(self.text, inner)
                    if held is not None:  # `*m.entry(k).or_insert(d) = h`: `h`, not `d`, kept
                        return self._element_write(node, left, None, (held, NO_LOOP))
        return self._assign(node)

    def _element_write(
        self, node: Node, left: Node, slot: _Slot | None, walk: tuple[str, int]
    ) -> Value:
        """`*h = value`, `h` an element of the collection walked by `&mut` (its name or field
        path, the loop): the collection holds the new tensor, in place of the old ones where
        the write is a statement the walk's every pass runs (from its first pass on), beside
        them otherwise; and `h` holds it."""
        path, key = walk
        right = node.child_by_field_id(_FIELD.right)
        value = self.expr(right)
        if "." in path:
            place = self._field_slot(path, create=True)
        else:
            place = self.lookup(path)
            place = self.lent_places.get(place, place) if place is not None else None
        if place is None:
            return _DATA
        statement = node.parent if node.parent is not None else node
        element = self._bound(path, value, left, right, statement, assigned=True)
        if slot is not None:
            self.state.values[slot] = element
        held = self.state.values.get(place, _DATA)
        number = next((n for k, n in self.context if k == key), None)
        loop = self.loops.get(key)
        body = loop.child_by_field_id(_FIELD.body) if loop is not None else None
        every = any(write == node for write in self._every_pass(body, "assignment_expression"))
        if every and number == 1:
            # The first pass's write: no old element is left once the walk ends; each element
            # is one this write made, what a walk of the collection takes next derives from.
            tracked = element.requirement == Requirement.GRAD_IN_BACKWARD
            self.state.values[place] = (
                replace(element, origin=None, shared=frozenset(element.sources))
                if tracked
                else _DATA
            )
            return _DATA
        self.state.values[place] = self._pushed(place, held, element)
        return _DATA
