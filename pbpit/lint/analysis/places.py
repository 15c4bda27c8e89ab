"""Fields and elements (`_Places`): `output.loss`, `self.hidden`, `xs[i]` read as parts of what
they are reached from; the slot a field or receiver names; an element taken out of a collection
or pushed into it."""

from __future__ import annotations

import re
from dataclasses import replace

from pbpit.engine.graph import Requirement
from pbpit.lint.analysis.common import _FIELD, _NUMBERS, _PATH, _read_as
from pbpit.lint.analysis.state import _DATA, _collection, _common, _content, _op, _plus, _Slot
from pbpit.lint.values import Definition, Read, Value
from pbpit.rust.syntax import Node

_READ_ONLY = (
    "(get|len|is_empty|contains_key|iter|clone|as_ref|is_some|is_none|keys|values|first|last)"
)
"""Methods that read a collection and leave it as it is."""


class _Places:
    """How `_Function` reads fields of `self` and of names, and elements of collections."""

    def _field(self, node: Node) -> Value:
        """`output.loss`, `xs[i]`: a part of a tracked value is tracked, of anything else data;
        a field the program assigned (`self.hidden`) holds what was put there."""
        if node.type == "field_expression":
            path = self._path(node)
            slot = None
            if path is not None:
                lent = self.summarising and path.split(".", 1)[0] in self.mut_params
                slot = self._field_slot(path, create=path.startswith("self.") or lent)
            if slot is not None:
                held = self.state.values.get(slot, _DATA)
                if held.requirement == Requirement.GRAD_IN_BACKWARD:
                    node_ = node if self.delta == 0 else None
                    read = Read(self.span(node), path or "", held, node_, self.context)
                    self._once_read(read)
                    return _read_as(held, _plus(held.reads, read))
                return held
        elif node.named_child_count > 1 and node.named_children[1].type == "range_expression":
            self.expr(node.named_children[1])
            return self.expr(node.named_children[0])  # `xs[..]`: the collection itself
        children = [c for c in node.named_children if c.type != "field_identifier"]
        values = [self.expr(child) for child in children]
        base = values[0] if values else _DATA
        index = node.named_children[1] if node.named_child_count > 1 else None
        key, offset = None, 0
        if node.type == "index_expression" and index is not None:
            key, offset = self._counted_index(index)
        tracked = base.requirement == Requirement.GRAD_IN_BACKWARD
        if base.parts is not None and (key is None or not tracked or _content(base)):
            return self._part(node, base)
        if not tracked:
            return _DATA
        inserted = None
        if node.type == "index_expression" and base.parts is None and key is None:
            inserted = self._at_key(node.named_children[0], index, node)
            if inserted is None:
                inserted = self._fresh_read(node.named_children[0], index, node, base)
        if inserted is not None:  # `cache[&k]` after `cache.insert(k, ..)` in this pass
            return inserted
        if key is not None:  # `xs[i]`, `i` a loop's counter: one element a pass
            return self._counted_element(node.named_children[0], base, key, offset)
        if index is not None and index.type == "identifier" and base.origin in self.markers:
            keyed = self._keyed_marker(base.origin, index)
            if keyed is not None:
                return keyed
        name_node = node.child_by_field_id(_FIELD.field)
        if node.type == "field_expression" and base.origin is not None and name_node is not None:
            return self._field_part(base, self.text(name_node))
        return _op([base])

    def _counted_element(self, collection: Node, base: Value, key: int, offset: int) -> Value:
        """The element of `collection` (its value `base`) at a loop's counter (`xs[i]`,
        `cache[&step]`, `cache.get(&step)`): one element a pass."""
        root = collection  # `xs`, or `bank` of `bank.feats`
        while root.type == "field_expression" and self._path(collection) is not None:
            root = root.child_by_field_id(_FIELD.value) or root.named_children[0]
        named = collection if root.type == "identifier" else None
        element = self._element_of_pass(base, key, named, offset)
        if named is None or element.origin is None:
            return element
        # The read of `xs` there takes the element (in the branch it is in: `if step == 0
        # { xs[i].clone() }`), as `x` of `for x in xs.iter()` holds it.
        taken = self._taking_read(element.reads, self.span(root), element.origin)
        return replace(element, reads=taken)

    def _keyed_marker(self, field: Definition, index: Node) -> Value | None:
        """Summarising a method of `&self`, `self.slots[key]` of a field the caller gives at an
        integer parameter `key`: a marker of its own (`("keyed", "slots@1")`), the element at
        what the caller passes (`cache.get(step)`, `step` a loop's counter: that pass's)."""
        kind, name = self.markers[field]
        slot = self.lookup(self.text(index))
        position = self.key_params.get(slot) if slot is not None else None
        if kind != "field" or position is None or (self.self_mut and self._changes_field(name)):
            return None  # a method that may also write it (get or insert): the collection
        marker = self._marker(f"{field.name}[{self.text(index)}]", ("keyed", f"{name}@{position}"))
        return replace(marker, origin=None)  # an element read, named by what binds it (`f`)

    def _changes_field(self, name: object) -> bool:
        """Whether the method read (of `&mut self`) may change its field `name`: assigns it or
        an element of it, calls a method on it that changes it, or lends it `&mut`."""
        body = self.callee.node if self.callee is not None else None
        if body is None:
            return True
        field = re.escape(str(name))
        changes = (
            rf"&\s*mut\s+self\.{field}\b|\bself\.{field}\b\s*(\[[^\]]*\]\s*)?"
            rf"(=[^=]|[-+*/]=|\.\s*(?!{_READ_ONLY}\b)\w+\s*\()"
        )
        return re.search(changes, self.text(body)) is not None

    def _counted_index(self, index: Node) -> tuple[int | None, int]:
        """The loop whose counter an index is, a new value each pass (`i`, `i as usize`), and
        how many passes on the element it takes is (`i + 1`: 1, `i - 1`: -1)."""
        while index.type in (
            "type_cast_expression",
            "parenthesized_expression",
            "reference_expression",  # `cache[&step]` of a map keyed by the counter
        ):
            index = index.child_by_field_id(_FIELD.value) or index.named_children[-1]
        offset = 0
        if index.type == "binary_expression":
            operator = index.child_by_field_id(_FIELD.operator)
            left = index.child_by_field_id(_FIELD.left)
            right = index.child_by_field_id(_FIELD.right)
            sign = {"+": 1, "-": -1}.get(self.text(operator) if operator is not None else "")
            if sign is None or left is None or right is None:
                return None, 0
            if right.type == "integer_literal" and self.text(right).isdigit():
                index, offset = left, sign * int(self.text(right))
            elif sign == 1 and left.type == "integer_literal" and self.text(left).isdigit():
                index, offset = right, int(self.text(left))
            else:
                return None, 0
        if index.type != "identifier":
            return None, 0
        slot = self.lookup(self.text(index))
        return (self.counters.get(slot) if slot is not None else None), offset

    def _field_part(self, base: Value, name: str) -> Value:
        """`item.loss` of a tracked `item` (a definition), read twice, is one tensor: a part
        of `item` made once."""
        assert base.origin is not None
        key = (base.origin, name)
        made = self.field_parts.get(key)
        if made is None:
            whole = base.origin
            made = Definition(
                f"{whole.name}.{name}",
                whole.span,
                whole.context,
                whole.why,
                whole.statement,
                whole.value,
            )
            made.sources = whole.sources | {made}
            self.born[made] = self.journal.seq
            self.field_parts[key] = made
            if whole in self.markers:
                self.taken[made] = (whole, name)
        return Value(Requirement.GRAD_IN_BACKWARD, made, made.sources, made.why, reads=base.reads)

    def _given_part(self, given: Value, name: str | None) -> Value:
        """The field `name` of what a caller gives (None: all of it)."""
        if name is None or given.requirement != Requirement.GRAD_IN_BACKWARD:
            return given
        parts = dict(given.parts or ())
        if f".{name}" in parts:
            part = parts[f".{name}"]
            return replace(part, reads=part.reads | given.reads) if part.reads else part
        if given.origin is not None:
            return self._field_part(given, name)
        return _op([given])

    def _parts_follow(self, left: Node, slot: _Slot) -> None:
        """A struct a name holds, read whole and field by field, the same after a write to
        either: `state.h = ..` (`slot` the field's) sets the part `.h` of what `state` holds,
        given whole (`&state`) it gives the new `h`; `state = ..` (`slot` the name's) sets the
        fields read since (`state.c`) to what the new value holds there."""
        value = self.state.values.get(slot, _DATA)
        if left.type == "field_expression":
            base = left.child_by_field_id(_FIELD.value)
            name = left.child_by_field_id(_FIELD.field)
            if base is not None and base.type == "identifier" and name is not None:
                self._part_set(self.text(base), self.text(name), value)
            return
        if left.type != "identifier":
            return
        prefix = f"{slot.name}."
        parts = dict(value.parts or ())
        for scope in self.scopes:
            for path, field in list(scope.items()):
                rest = path[len(prefix) :]
                if not path.startswith(prefix) or not rest or "." in rest:
                    continue
                part = parts.get(f".{rest}")
                if part is None:
                    whole = value.requirement == Requirement.GRAD_IN_BACKWARD and not value.parts
                    part = self._given_part(value, rest) if whole else _DATA
                self.state.values[field] = part

    def _part_set(self, root: str, name: str, value: Value) -> None:
        """`root.name` now holds `value` (`state.h = ..`, or set by a method of `state`): so
        does the part `.name` of the struct `root` holds, if it holds one by parts."""
        slot = self.lookup(root)
        held = self.state.values.get(slot) if slot is not None else None
        if held is None or not held.parts or f".{name}" not in dict(held.parts):
            return
        parts = dict(held.parts)
        parts[f".{name}"] = value
        self.state.values[slot] = _collection(list(parts.items()))

    def _path(self, node: Node) -> str | None:
        """`self.hidden`, `model.cache.h`: a field reached from a name through fields only."""
        text = self.text(node)
        return text if _PATH.match(text) and "." in text else None

    def _field_slot(self, path: str, create: bool = False) -> _Slot | None:
        """The slot of a field (`self.hidden`): one seen or set already, else, with `create`,
        a new one beside its root name, holding what a summary's caller gives (a marker) or
        data."""
        element = self._element_field(path, create)  # `w.h` of `w = &mut v[i]`: `v`'s
        if element is not False:
            return element
        slot = self.lookup(path)
        if slot is not None or not create:
            return slot
        root = path.split(".", 1)[0]
        root_slot = self.lookup(root)
        if root_slot is None:
            return None
        slot = _Slot(path, root_slot.declared, root_slot.scope_end)
        scope = next(s for s in reversed(self.scopes) if s.get(root) is root_slot)
        self._bind_in(scope, path, slot)
        initial = _DATA
        marking = self.summarising and not self.bare
        if marking and root == "self" and path.count(".") == 1 and not self._number(path):
            initial = self._marker(path, ("field", path[5:]))
        lent = self.mut_params.get(root)
        if marking and lent is not None and path.count(".") == 1:
            # `state.h` of `state: &mut State`: what the caller's argument's field holds.
            initial = self._marker(path, ("lent", f"{lent}.{path.split('.', 1)[1]}"))
        self.field_initial[slot] = initial
        self.state.values[slot] = initial
        return slot

    def _number(self, path: str) -> bool:
        """Whether a field of `self` is declared a number (`d_model: usize`): never a tensor."""
        owner = self.callee.owner if self.callee is not None else None
        declared = self.program.structs.get(owner or "", {}).get(path[5:])
        return declared is not None and _NUMBERS.match(declared.strip()) is not None

    def _place(self, node: Node | None) -> _Slot | None:
        """The slot a receiver names (`losses`, `self.log_probs`), for a method that changes
        it in place."""
        if node is None:
            return None
        if node.type == "identifier":
            slot = self.lookup(self.text(node))
            return self.lent_places.get(slot, slot) if slot is not None else None
        if node.type == "field_expression":
            path = self._path(node)
            return self._field_slot(path, create=True) if path is not None else None
        return None

    def _element(self, collection: Value) -> Value:
        """One element taken out of a collection, as a tensor of its own: what it derives
        from is what the elements share (`shared`, or the common part of known parts);
        nothing when that is not known."""
        if collection.requirement != Requirement.GRAD_IN_BACKWARD:
            return collection if collection.requirement == Requirement.GRAD else _DATA
        if _content(collection):
            # A tuple or struct is walked by no loop: what is, is an `Option` or `Result` of
            # it (`bridge.as_ref().map(|b| ..)`), whose one element is it, part by part.
            return collection
        shared: frozenset[Definition] = frozenset()
        if collection.shared is not None:
            shared = collection.shared
        elif self.markers and any(d in self.markers for d in collection.sources):
            shared = collection.sources  # what the caller gives: its elements, whatever they are
        elif collection.parts:
            shared = _common([v.sources for _, v in collection.parts])
        return Value(Requirement.GRAD_IN_BACKWARD, None, shared, collection.why)

    def _pushed(self, slot: _Slot, held: Value, pushed: Value) -> Value:
        """A collection after `push`: it holds the new element too; its elements share what
        was made outside the loops the pushes run in (each pass pushes a tensor of its own)."""
        if pushed.requirement != Requirement.GRAD_IN_BACKWARD:
            return held
        tracked = held.requirement == Requirement.GRAD_IN_BACKWARD
        if _content(pushed) and (not tracked or _content(held)):
            # Structs pushed (`out.push(Batch { x, old })`): the collection holds each field
            # apart, what every push put there, so that a field of data stays data.
            before = dict(held.parts or ()) if tracked else {}
            fields = [
                (k, self._pushed(slot, before.get(k, _DATA), p)) for k, p in pushed.parts or ()
            ]
            if not tracked or set(before) == {k for k, _ in fields}:
                value = _collection(fields)
                return replace(value, reads=value.reads | (held.reads if tracked else frozenset()))
        outside = frozenset(
            d
            for d in pushed.sources
            if all(self.loop_spans.get(key, (0, 0))[0] < slot.declared for key, _ in d.context)
        )
        if tracked and held.shared is not None:
            # An element of an earlier pass the new one derives from (`h` of a recurrence,
            # `h = (h + w).tanh(); preds.push(h.clone())`) is shared by the two as well.
            shared = (held.shared & outside) | (held.sources & pushed.sources)
        elif tracked:
            shared = held.sources & outside
        else:
            shared = outside
        return Value(
            Requirement.GRAD_IN_BACKWARD,
            None,
            (held.sources if tracked else frozenset()) | pushed.sources,
            pushed.why,
            reads=(held.reads if tracked else frozenset()) | pushed.reads,
            shared=shared,
        )
