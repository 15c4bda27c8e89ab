"""Names bound and written (`_Bindings`): `let` and its patterns, `=`, names, what a name's type
is (fields and elements: `places.py`)."""

from __future__ import annotations

import bisect
import re
from dataclasses import replace

from pbpit.engine.graph import Requirement
from pbpit.lint.analysis.common import (
    _CALLED,
    _FIELD,
    _ITEMS,
    _WORD,
    _forward_output,
    _pattern_names,
    _read_as,
    _type_name,
    _words,
)
from pbpit.lint.analysis.slot_empty import emptied_at_pass
from pbpit.lint.analysis.state import (
    _DATA,
    _WHOLE,
    _collection,
    _op,
    _plus,
    _Slot,
    _State,
)
from pbpit.lint.values import Definition, Read, Value
from pbpit.rust.syntax import Node


class _Bindings:
    """How `_Function` binds and writes names, fields and elements."""

    def _let(self, node: Node) -> None:
        pattern = node.child_by_field_id(_FIELD.pattern)
        value_node = node.child_by_field_id(_FIELD.value)
        alternative = node.child_by_field_id(_FIELD.alternative)
        if (
            pattern is not None
            and pattern.type == "tuple_pattern"
            and value_node is not None
            and value_node.type == "tuple_expression"
            and pattern.named_child_count == value_node.named_child_count
        ):
            # `let (a, b) = (x.exp(), y);` binds element by element.
            pairs = list(zip(pattern.named_children, value_node.named_children, strict=True))
            values = [self.expr(v) for _, v in pairs]
            for (part, part_value), value in zip(pairs, values, strict=True):
                self._bind(part, value, part_value, node)
            return
        if self._closure_bound(pattern, value_node, node):
            return
        value = self.expr(value_node)
        if alternative is not None:
            # `let ... else { diverges }`: read it, keep nothing from it.
            base = self.state
            mark = len(self.journal.entries)
            self.state = _State(base.values, base.consumed, base.dead)
            self.expr(alternative)
            self._undo(mark)
            self.state = base
        if pattern is not None:
            self._bind(pattern, value, value_node, node)
            if pattern.type == "identifier":
                self._typed(self.scopes[-1].get(self.text(pattern)), node, value_node)
                self._counter_alias(self.scopes[-1].get(self.text(pattern)), value_node)
                self._lent_place(self.scopes[-1].get(self.text(pattern)), value_node)
                self._element_ref(self.scopes[-1].get(self.text(pattern)), value_node)
                self._note_vec_made(self.scopes[-1].get(self.text(pattern)), value_node, value)
                self._note_newest_collected(self.scopes[-1].get(self.text(pattern)), value_node)

    def _lent_place(self, slot: _Slot | None, value: Node | None) -> None:
        """`let slot = &mut self.cache;` (or `&mut losses`): `slot` names that place for the
        methods that change it in place (`slot.push(t)`, `_place`)."""
        if slot is None or value is None or value.type != "reference_expression":
            return
        if not self.text(value).startswith("&mut") or not value.named_child_count:
            return
        inner = value.named_children[-1]
        if inner.type in ("identifier", "field_expression"):
            place = self._place(inner)
            if place is not None and place is not slot:
                self.lent_places[slot] = place

    def _closure_bound(self, pattern: Node | None, value: Node | None, statement: Node) -> bool:
        """`let head = |x| ...;` called later by name: read at each call, not here."""
        if (
            pattern is None
            or pattern.type != "identifier"
            or value is None
            or value.type != "closure_expression"
            or self.delta != 0
        ):
            return False
        name = self.text(pattern)
        word = name.encode()
        start, end = statement.end_byte, self.scope_ends[-1]
        if _WORD.fullmatch(word):
            # The name's next uses, from the file's words (a search would read the scope again).
            starts = _words(self.data).get(word, [])
            index = bisect.bisect_left(starts, start)
            while index < len(starts) and starts[index] < end:
                if _CALLED.match(self.data, starts[index] + len(word), end):
                    break
                index += 1
            else:
                return False
        elif not re.compile(rb"\b" + re.escape(word) + rb"\s*\(").search(self.data, start, end):
            return False
        self.declare(name, _DATA, pattern)
        self.closures[self.scopes[-1][name]] = value
        return True

    def _typed(self, slot: _Slot | None, statement: Node, value: Node | None) -> None:
        """The type a `let` shows: `let n: Normalizer<B> = ..`, `Normalizer::new(..)`,
        `Normalizer { .. }`, `NormalizerConfig::new(..).init(..)`."""
        if slot is None:
            return
        kind = statement.child_by_field_id(_FIELD.type)
        name = _type_name(self.text(kind)) if kind is not None else None
        if name is None and value is not None:
            head = value
            while head.type in (
                "call_expression",
                "field_expression",
                "try_expression",
                "generic_function",  # `.init::<B>(device)`
            ):
                inner = head.child_by_field_id(_FIELD.function) or head.child_by_field_id(
                    _FIELD.value
                )
                if inner is None:
                    break
                head = inner
            if head.type == "scoped_identifier":
                path = head.child_by_field_id(_FIELD.path)
                name = _type_name(self.text(path)) if path is not None else None
            elif value.type == "struct_expression":
                type_node = value.child_by_field_id(_FIELD.name)
                name = _type_name(self.text(type_node)) if type_node is not None else None
            elif head.type == "identifier" and head.parent == value:
                name = self.text(head)  # `Window(None, 0)` of `struct Window(..);`
        if name is not None and name.endswith("Config") and name[:-6] in self.program.structs:
            name = name[:-6]
        if name is not None and name in self.program.structs:
            self.types[slot] = name

    def _bind(self, pattern: Node, value: Value, value_node: Node | None, statement: Node) -> None:
        while (
            pattern.type in ("mut_pattern", "ref_pattern", "reference_pattern")
            and pattern.named_child_count
        ):
            pattern = pattern.named_children[-1]
        if pattern.type in ("identifier", "shorthand_field_identifier"):
            name = self.text(pattern)
            self._name_call_result(name, value)
            self.declare(name, self._bound(name, value, pattern, value_node, statement), pattern)
            return
        matched = self._matched_parts(pattern, value)
        if matched is not None:
            # `let (a, b) = pair;` with `pair` a literal tuple: each takes its element, read
            # through `pair` (the name that carries it into a loop's next pass: `state`).
            whole = frozenset(r for r in value.reads if r.value.parts is not None)
            for part_pattern, part in matched:
                if whole and part.requirement == Requirement.GRAD_IN_BACKWARD:
                    part = _read_as(part, part.reads | whole)
                self._bind(part_pattern, part, None, statement)
            return
        if value.shared is not None and pattern.type in ("slice_pattern", "tuple_pattern"):
            # `let [a, b] = &outputs[..]` of a `Vec` of separate tensors: each its own.
            for name_node in _pattern_names(pattern):
                name = self.text(name_node)
                element = self._element(value)
                self.declare(
                    name, self._bound(name, element, name_node, None, statement), name_node
                )
            return
        # The parts of a tracked value (`let (out, state) = cell.forward(..)`) are tensors of
        # their own, all derived from the whole: backpropagating one consumes the whole's steps.
        part = value
        if value.requirement == Requirement.GRAD_IN_BACKWARD:
            whole = value
            if value.origin is None and value_node is not None and not _forward_output(value_node):
                # `let [a, b] = &all_reduce(vec![x, y])[..]`: the results of a function that
                # is not a module's forward share only what they are computed from, not what
                # the function makes inside (each result may be made apart).
                kept = frozenset(d for d in value.sources if d not in self.made_in_calls)
                whole = replace(value, sources=kept, reads=frozenset())
            elif value.origin is None:
                name = " ".join(self.text(pattern).split())
                whole = self._bound(name, value, pattern, value_node, statement)
            part = _op([whole])
        for name_node in _pattern_names(pattern):
            name = self.text(name_node)
            self.declare(name, self._bound(name, part, name_node, None, statement), name_node)

    def _name_call_result(self, name: str, value: Value) -> None:
        """A tensor a called function made, bound whole to `name` for the first time: it is
        `name` from here on (`let h = layer(..)`), not what the function called it inside."""
        origin = value.origin
        if origin is not None and value.parts is None and origin in self.call_results:
            self.call_results.discard(origin)
            origin.name = name

    def _matched_parts(self, pattern: Node, value: Value) -> list[tuple[Node, Value]] | None:
        """The sub-patterns of a tuple, slice or struct pattern with the elements of a literal
        collection they take; None when the pattern does not name them one by one."""
        if value.parts is None:
            return None
        parts = dict(value.parts)
        matched = []
        if pattern.type in ("tuple_pattern", "slice_pattern"):
            elements = [c for c in pattern.children if c.type not in ("(", ")", "[", "]", ",")]
            for index, element in enumerate(elements):
                key = f".{index}" if pattern.type == "tuple_pattern" else f"[{index}]"
                if element.type in ("remaining_field_pattern", "rest_pattern", "..") or (
                    key not in parts
                ):
                    return None
                if element.type != "_":
                    matched.append((element, parts[key]))
            return matched if len(elements) == len(parts) else None
        if pattern.type == "struct_pattern":
            for element in pattern.named_children:
                if element.type != "field_pattern":
                    continue
                name = element.child_by_field_id(_FIELD.name)
                key = f".{self.text(name)}" if name is not None else ""
                if key not in parts:
                    return None
                matched.append((element.child_by_field_id(_FIELD.pattern) or name, parts[key]))
            return matched
        return None

    def _bound(
        self,
        name: str,
        value: Value,
        name_node: Node,
        value_node: Node | None,
        statement: Node,
        assigned: bool = False,
    ) -> Value:
        """`value` bound to `name`: a temporary tracked tensor becomes a definition (each
        element of a collection does, as `name[0]` or `name.field`)."""
        if value.requirement == Requirement.NONE or value.origin is not None:
            return value
        kept = value.same_or_made
        if kept is not None and all(d in kept.sources for d in value.sources):
            return value  # `kept` itself, or made of it and data: `kept` (`Value`)
        if value.parts is not None:
            parts = tuple(
                (key, self._bound(f"{name}{key}", part, name_node, None, statement, assigned))
                for key, part in value.parts
            )
            return replace(_collection(list(parts)), reads=value.reads)
        span = self.span(value_node) if value_node is not None else self.span(name_node)
        if value_node is not None and value_node.start_point[0] != value_node.end_point[0]:
            span = self.span(name_node)
        why = (
            value.why
            if value.requirement == Requirement.GRAD_IN_BACKWARD
            else f"from `{name}` which requires grad"
        )
        definition = Definition(
            name,
            span,
            self.context,
            why,
            statement if self.delta == 0 else None,
            value_node if self.delta == 0 else None,
            assigned,
        )
        definition.same_or_made = kept
        if value.requirement == Requirement.GRAD:
            return Value(Requirement.GRAD, definition, frozenset(), why)
        self.born[definition] = self.journal.seq
        definition.sources = _plus(value.sources, definition)
        shared = value.shared
        if shared is not None and _WHOLE in shared:
            shared = (shared - {_WHOLE}) | {definition}
        return Value(
            Requirement.GRAD_IN_BACKWARD,
            definition,
            definition.sources,
            why,
            reads=value.reads,
            shared=shared,
        )

    def _assign(self, node: Node) -> Value:
        left = node.child_by_field_id(_FIELD.left)
        right = node.child_by_field_id(_FIELD.right)
        value = self.expr(right)
        slot = (
            self.lookup(self.text(left)) if left is not None and left.type == "identifier" else None
        )
        if left is not None and left.type == "field_expression":
            path = self._path(left)
            slot = self._field_slot(path, create=True) if path is not None else None
        if (
            left is not None
            and left.type == "index_expression"
            and node.type == "assignment_expression"
            and self._index_assign(node, left, right, value)
        ):
            return _DATA
        if (
            slot is None
            and left is not None
            and left.type == "tuple_expression"
            and node.type == "assignment_expression"
        ):
            self._assign_parts(node, left, right, value)
            return _DATA
        if slot is None:
            if left is not None and left.type != "identifier":
                self.expr(left)
            return _DATA
        if node.type == "compound_assignment_expr":
            value = _op([self.state.values.get(slot, _DATA), value])
        else:
            self._name_call_result(slot.name, value)
            self._walk_gone(slot)  # a new value: none of the elements a loop walked of it
        statement = node.parent if node.parent is not None else node
        self.state.values[slot] = self._bound(
            slot.name, value, left, right, statement, assigned=True
        )
        if node.type == "assignment_expression":
            self._parts_follow(left, slot)
        return _DATA

    def _assign_parts(self, node: Node, left: Node, right: Node | None, value: Value) -> None:
        """`(h, c) = model.cell(x, h, c);` (destructuring assignment): each name given its part,
        the element of a literal tuple, else a tensor of its own made from the whole (as `let`
        binds the parts of a tracked value)."""
        elements = [c for c in left.named_children if c.type not in _ITEMS]
        parts = dict(value.parts or ())
        statement = node.parent if node.parent is not None else node
        for index, element in enumerate(elements):
            if element.type != "identifier":
                continue  # `_`, a field, a nested tuple: not followed
            slot = self.lookup(self.text(element))
            if slot is None:
                continue
            part = parts.get(f".{index}")
            if part is None:
                part = _op([value]) if value.requirement == Requirement.GRAD_IN_BACKWARD else _DATA
            self._walk_gone(slot)
            self.state.values[slot] = self._bound(
                slot.name, part, element, right, statement, assigned=True
            )

    def _index_assign(self, node: Node, left: Node, right: Node | None, value: Value) -> bool:
        """`slots[k] = Some(f.clone())`: the collection holds it too, as `push` puts it there;
        at a number (`slots[0] = None`), that element is what is now there. False where the
        collection is no place of the function (the index is then read as any expression)."""
        place = self._place(left.named_children[0])
        if place is None:
            return False
        index = left.named_children[1] if left.named_child_count > 1 else None
        if index is not None:
            self.expr(index)
        held = self.state.values.get(place, _DATA)
        emptied = emptied_at_pass(self, node, index, value, held) if index is not None else None
        if emptied is not None:  # `cache.slots[i] = None;` in each pass of `for i in ..`
            self.state.values[place] = emptied
            return True
        element = value
        if value.requirement == Requirement.GRAD_IN_BACKWARD:
            made = right
            given = right.child_by_field_id(_FIELD.arguments) if right is not None else None
            function = right.child_by_field_id(_FIELD.function) if right is not None else None
            if function is not None and self.text(function) == "Some" and given is not None:
                made = given.named_children[0] if given.named_child_count == 1 else right
            statement = node.parent if node.parent is not None else node
            element = self._bound(self.text(left), value, left, made, statement, True)
        indexed = held.parts is not None and all(k.startswith("[") for k, _ in held.parts)
        if (
            index is not None
            and index.type == "integer_literal"
            and (held.requirement == Requirement.NONE or indexed)
        ):
            parts = dict(held.parts or ())
            parts[f"[{self.text(index)}]"] = element
            self.state.values[place] = _collection(list(parts.items()))
        elif element.requirement == Requirement.GRAD_IN_BACKWARD:
            self.state.values[place] = self._pushed(place, held, element)
        return True

    # -- expressions

    def _identifier(self, node: Node) -> Value:
        delta = self.delta
        name = self.data[node.start_byte + delta : node.end_byte + delta].decode("utf-8", "replace")
        slots = self.bound.get(name)
        if not slots:
            return _DATA
        slot = slots[-1]
        value = self.state.values.get(slot, _DATA)
        if value.requirement == Requirement.GRAD_IN_BACKWARD:
            node_ = node if self.delta == 0 else None
            read = Read(self.span(node), slot.name, value, node_, self.context)
            self._once_read(read)
            return _read_as(value, _plus(value.reads, read))
        return value

    def _once_read(self, read: Read) -> None:
        """Note a read made in a branch that runs in one pass at most of the loops around."""
        if self.once:
            self.once_reads[id(read)] = (read, frozenset(self.once))

    def _same(self, node: Node) -> Value:
        inner = node.child_by_field_id(_FIELD.value)
        if inner is None:
            inner = next((c for c in node.named_children if c.type not in _ITEMS), None)
        return self.expr(inner)

    def _receiver_type(self, node: Node | None) -> str | None:
        """The program's type of a method's receiver, where it shows: `self`, a name whose
        `let` or parameter says it, a field of a struct of the program."""
        if node is None:
            return None
        if node.type == "self":
            return self.callee.owner if self.callee is not None else None
        if node.type == "identifier":
            slot = self.lookup(self.text(node))
            return self.types.get(slot) if slot is not None else None
        if node.type == "field_expression":
            base = self._receiver_type(node.child_by_field_id(_FIELD.value))
            name = node.child_by_field_id(_FIELD.field)
            if base is not None and name is not None:
                return self.program.field_type(base, self.text(name))
        return None
