"""A write through the element a `for` loop walks by `&mut` (`_ElementWrites`): `for h in
hs.iter_mut() { *h = h.clone() * 0.5 + w.clone(); }` puts a new tensor in the collection, and
`h` holds it for the rest of the pass. Written by a statement of the walk's own body (every
pass), it replaces every element: the collection holds what the writes made (what they read of
the old elements included), no longer the old ones. A recurrence kept in a `Vec` and stepped in
place, then backpropagated in every pass, carries the graph from one pass into the next as one
kept in a name does.

A name bound to one element by `&mut` (`let w = &mut workers[t % 2];`, `workers.get_mut(i)
.unwrap()`, `last_mut()`, a map's `get_mut(&k).unwrap()` or `entry(k).or_insert_with(..)`), or
an element a method is called on in place (`workers[i].act(..)`), writes its fields into the
collection: what `w.act(..)` (a `&mut self` method setting `self.h`) or `w.h = ..` puts there
outlives `w` and is what the next pass's element holds (`_element_field`), as a field a `for`
loop walking by `&mut` sets is (`walks._carried_fields`)."""

from __future__ import annotations

import re
from dataclasses import replace

from pbpit.engine.graph import Requirement
from pbpit.lint.analysis.common import _FIELD, _PATH
from pbpit.lint.analysis.state import _DATA, _Slot
from pbpit.lint.entry_slots import NO_LOOP
from pbpit.lint.map_places import written_place
from pbpit.lint.values import Value
from pbpit.rust.syntax import Node

_TAKEN_ONE = re.compile(
    r"^(?P<coll>[A-Za-z_][\w.]*)\s*\.\s*(?:get_mut\s*\((?P<at>[^()]*)\)|last_mut\s*\(\s*\)"
    r"|first_mut\s*\(\s*\)|entry\s*\((?P<key>[^()]*)\)\s*\.\s*or_(?:insert|default)\w*\s*\(.*\))"
    r"(?:\s*\.\s*(?:unwrap|expect)\s*\([^()]*\))?$",
    re.S,
)
"""An element taken `&mut` by a method: `v.get_mut(i).unwrap()`, `v.last_mut().unwrap()`,
`m.entry(k).or_insert_with(..)` (a `&mut` to the map's value)."""

_SELF_FIELD = re.compile(r"^self\.[A-Za-z_]\w*$")
"""A field of `self` (`self.members`), whose elements' fields a method's caller holds."""

_INDEXED = re.compile(r"^(?P<coll>[A-Za-z_][\w.]*)\[(?P<at>[^\[\]]*)\]$")
"""An element by index: `workers[t % 2]`, `self.pool[i]`."""


class _ElementRefs:
    """How `_Function` reads a name that is a `&mut` to one element of a collection."""

    def _element_refs(self) -> dict[_Slot, tuple[str, int | None]]:
        refs = self.__dict__.get("element_refs")
        if refs is None:
            refs = self.__dict__["element_refs"] = {}
        return refs

    def _element_ref(self, slot: _Slot | None, value: Node | None) -> None:
        """`let w = &mut workers[i];` (or a `get_mut`, `last_mut`, `entry(..).or_insert..`):
        `w` is that element of `workers`, its fields the collection's."""
        if slot is None or value is None:
            return
        taken = self._element_taken(value)
        if taken is not None:
            self._element_refs()[slot] = taken

    def _element_taken(self, value: Node) -> tuple[str, int | None] | None:
        """The collection (its name or field path) and the loop whose counter indexes it (None:
        any element) that `value` lends one element of by `&mut`; None for anything else."""
        text = " ".join(self.text(value).split())
        if value.type == "reference_expression":
            if not text.startswith("&mut ") or not value.named_child_count:
                return None
            inner = value.named_children[-1]
            if inner.type != "index_expression":
                return None
            found = _INDEXED.match(" ".join(self.text(inner).split()))
            index = inner.named_children[1] if inner.named_child_count > 1 else None
        else:
            found = _TAKEN_ONE.match(text)
            index = None
        if found is None or not self._collection_path(found["coll"]):
            return None
        key = None
        if index is not None and index.type != "range_expression":
            key, offset = self._counted_index(index)
            key = key if offset == 0 else None
        elif index is not None:
            return None  # `&mut v[1..]`: a slice, no one element
        return found["coll"], key

    def _collection_path(self, path: str) -> bool:
        """Whether `path` is a name or field path bound here (`workers`, `self.pool`)."""
        if not (path.isidentifier() or _PATH.match(path)):
            return False
        return self.lookup(path.split(".", 1)[0]) is not None

    def _element_receiver(self, node: Node) -> str | None:
        """A method called in place on an element (`workers[t % 2].act(..)`): the element as
        a receiver path whose fields are the collection's (`_element_field`)."""
        text = " ".join(self.text(node).split())
        found = _INDEXED.match(text)
        if found is None or found["at"].startswith("..") or not found["at"].strip():
            return None
        if not self._collection_path(found["coll"]):
            return None
        index = node.named_children[1] if node.named_child_count > 1 else None
        key = None
        if index is not None:
            key, offset = self._counted_index(index)
            key = key if offset == 0 else None
        self.__dict__.setdefault("indexed_keys", {})[text] = key
        return text

    def _element_field(self, path: str, create: bool) -> _Slot | None | bool:
        """The slot of `w.h` (`workers[i].h`), `w` an element of a collection taken `&mut`:
        the collection's own, beside it, kept from pass to pass (one a pass of the loop whose
        counter indexes it, else one for any element). False where `path` is no such field."""
        if "[" in path:
            end = path.find("].")
            found = _INDEXED.match(path[: end + 1]) if end > 0 else None
            if found is None or found["at"].startswith("..") or not found["at"].strip():
                return False  # a slot of the collection's own (`workers[..1].h`)
            keys = self.__dict__.get("indexed_keys", {})
            if path[: end + 1] not in keys:
                return False
            collection, key, rest = found["coll"], keys[path[: end + 1]], path[end + 2 :]
        else:
            root, dot, rest = path.partition(".")
            slot = self.lookup(root) if dot else None
            taken = self._element_refs().get(slot) if slot is not None else None
            if taken is None:
                return False
            collection, key = taken
        number = next((n for k, n in self.context if k == key), None) if key else None
        at = f"..{number}" if number is not None else ""
        hidden = f"{collection}[{at}].{rest}"
        held = self.lookup(hidden)
        given = self.summarising and not self.bare and _SELF_FIELD.match(collection) and not at
        if held is not None or not (create or given):
            return held
        base = self.lookup(collection.split(".", 1)[0])
        scope = next(
            (s for s in reversed(self.scopes) if base is not None and s.get(base.name) is base),
            None,
        )
        if base is None or scope is None:
            return False
        held = _Slot(hidden, base.declared, base.scope_end)
        self._bind_in(scope, hidden, held)
        initial = _DATA
        if given:
            # `let m = &mut self.members[k];` in a method: what the caller's field holds there.
            initial = self._marker(hidden, ("field", hidden[len("self.") :]))
            self.field_initial[held] = initial
        self.state.values[held] = initial
        return held


class _ElementWrites(_ElementRefs):
    """How `_Function` reads `*element = value` of a walk by `&mut`."""

    def _assignment(self, node: Node) -> Value:
        """An assignment: `*h = ..` of an element a loop walks by `&mut` here, any other as
        `_assign` reads it."""
        left = node.child_by_field_id(_FIELD.left)
        if node.type == "assignment_expression" and left is not None:
            held = self._indexed_field(left)
            if held is not None:  # `sensors[which].smooth = ..`: the collection's field
                right = node.child_by_field_id(_FIELD.right)
                statement = node.parent if node.parent is not None else node
                value = self.expr(right)
                path = " ".join(self.text(left).split())
                self.state.values[held] = self._bound(path, value, left, right, statement, True)
                return _DATA
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
                    taken = self._element_refs().get(slot) if slot is not None else None
                    if taken is not None:  # `*slot = Some(h)` of `let slot = &mut slots[i];`
                        return self._element_write(node, left, slot, (taken[0], NO_LOOP))
                elif inner is not None and inner.type == "call_expression":
                    held = written_place(self.text, inner)
                    if held is not None:  # `*m.entry(k).or_insert(d) = h`: `h`, not `d`, kept
                        return self._element_write(node, left, None, (held, NO_LOOP))
        return self._assign(node)

    def _indexed_field(self, left: Node) -> _Slot | None:
        """The slot of `v[i].f` written by an assignment, `v` a collection of the function:
        the collection's own for its elements' field `f` (`_element_field`); None otherwise."""
        if left.type != "field_expression":
            return None
        base = left.child_by_field_id(_FIELD.value)
        name = left.child_by_field_id(_FIELD.field)
        if base is None or name is None or base.type != "index_expression":
            return None
        element = self._element_receiver(base)
        if element is None:
            return None
        held = self._element_field(f"{element}.{self.text(name)}", create=True)
        return held if held is not False else None

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
