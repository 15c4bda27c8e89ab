"""The elements a loop walks of a collection (`_Walks`): `for f in feats.iter()`, `feats[i]`
by the loop's counter, `(f, target)` of a `zip`. Each pass takes a tensor of its own; the same
one in that pass of every pass of the loops around (epochs walking one `Vec` made before them).
"""

from __future__ import annotations

import re
from dataclasses import replace

from pbpit.engine.graph import Requirement
from pbpit.lint.analysis.common import _FIELD, _pattern_names
from pbpit.lint.analysis.state import _DATA, _collection, _content, _Slot
from pbpit.lint.values import Definition, Read, Value
from pbpit.rust.syntax import Node

_PAIRING = re.compile(r"\.\s*(?:enumerate|zip)\s*\(")
"""An adaptor whose elements are pairs of its own (`for (i, x) in xs.iter().enumerate()`)."""


class _Walks:
    """How `_Function` reads the element of a collection a loop walks."""

    def _element_of_pass(
        self,
        collection: Value,
        key: int,
        held_by: Node | None,
        offset: int = 0,
        newest: int | None = None,
    ) -> Value:
        """The element of a collection loop `key` walks (`for f in feats.iter()`, `feats[i]`
        with `i` its counter): a tensor of its own in each pass, the same one in that pass of
        every pass of the loops around it (epochs walking one `Vec` made before them), what
        the elements share with it. The name `held_by` holds it from then on, so that a pass of
        a loop around that finds it consumed does not start as the one before. `offset`: the
        element so many passes on (`xs[i + 1]` is the one `xs[i]` takes in the next pass)."""
        if _content(collection) and collection.requirement == Requirement.GRAD_IN_BACKWARD:
            # Structs (`Vec<Batch>` filled by `push`): each field's element on its own.
            fields = [
                (k, self._element_of_pass(p, key, held_by, offset, newest))
                for k, p in collection.parts or ()
            ]
            return _collection(fields)
        element = self._element(collection)
        self.whole_elements.update(
            p.origin for _, p in collection.parts or () if p.origin is not None
        )
        kept = False
        number = next((n + offset for k, n in self.context if k == key), None)
        if (
            number is None
            or collection.requirement != Requirement.GRAD_IN_BACKWARD
            or (self.markers and any(d in self.markers for d in collection.sources))
        ):
            return element  # what a caller gives: its elements, as the caller made them
        # An earlier pass's element of a collection this loop fills (`seen[epoch - 1]` of
        # `seen.push(feat.clone())`) holds what that pass put there, carried into this one.
        put = frozenset(
            source
            for d in collection.sources
            if offset < 0 and (key, number) in d.context
            for source in d.sources | {d}
        )
        whole = collection.origin
        made_of: object = whole
        fresh: frozenset[Definition] = frozenset()
        if whole is None:
            # What an iterator's closure made of each element (`|f| f.clone().sum()` of a
            # `map` before the loop) is made once per element, not in passes of a loop around.
            own = frozenset(
                d for d in collection.sources if d not in self.pass_made and not self._in_closure(d)
            )
            if not own:
                return replace(element, sources=element.sources | put) if put else element
            # Kept across the passes of a loop around (`saved.push(..)` every episode, never
            # cleared): a walk from the start takes the oldest first, the ones an earlier pass
            # made (and walked) before; one from the newest cut short (`rev().take(k)`) only
            # what this pass put, if it put k.
            walked = self.text(held_by) if held_by is not None else None
            fresh = (
                self._newest_of_pass(own, newest, walked) if newest is not None else frozenset()
            )
            if fresh:
                own = fresh
            else:
                oldest = min(d.context for d in own)
                # Or all of an earlier pass of a loop around (`hard.clear(); hard.push(..)`
                # after the backward): the pass walks what the one before left in it.
                now = dict(self.context)
                earlier = all(
                    any(k != key and n < now.get(k, n) for k, n in d.context) for d in own
                )
                kept = any(d.context != oldest for d in own)
                if earlier and not kept:
                    # What it was made from, which that pass's backward may have consumed
                    # (`per_sample.max()` pushed after `loss.backward()`).
                    put = put | frozenset().union(*(d.sources for d in own))
                own = frozenset(d for d in own if d.context == oldest)
            # Named after the collection walked (`losses` of `losses.iter().zip(..)`), if it
            # is one of them.
            named = self.text(held_by) if held_by is not None else None
            made_of = own
            whole = min(own, key=lambda d: (d.name != named, d.span))
        made = self.pass_elements.get((made_of, key, number))
        if made is None:
            # No statement of its own: no fix detaches the collection where it is made; one
            # kept across passes is emptied where it is filled (`push`).
            statement = whole.statement if kept else None
            made = Definition(whole.name, whole.span, whole.context, whole.why, statement, None)
            made.sources = element.sources | {made}
            if isinstance(whole, Definition) and whole in self.newest_collected:
                # A `Vec` collected from the newest of one kept across passes: the tensors it
                # holds, of this pass and earlier ones (`_note_newest_collected`).
                made.sources = made.sources | self.newest_collected[whole]
            if fresh:
                # Among the tensors one pass put, those a walk from the newest took: a backward
                # that consumed them (a walk of that pass read them) leaves this one consumed.
                made.sources = made.sources | frozenset().union(*(d.sources | {d} for d in fresh))
            # Born with the collection: a later pass of a loop around finds it consumed, not
            # made again.
            self.born[made] = self.born.get(whole, self.journal.seq)
            self.pass_elements[made_of, key, number] = made
            self.pass_made.add(made)
        if held_by is not None:
            self._walked_element(self.text(held_by), made)
        reads = collection.reads
        if kept and held_by is not None:
            # The collection's own name carries the element into the next pass: its read in
            # the loop's header holds it.
            name = self.text(held_by)
            held = [r for r in reads if r.name == name]
            reads = reads.difference(held) | {
                Read(
                    r.span,
                    name,
                    replace(r.value, sources=r.value.sources | {made}),
                    r.node,
                    r.context,
                )
                for r in held
            }
        return Value(
            Requirement.GRAD_IN_BACKWARD,
            made,
            made.sources | put,
            made.why,
            reads=reads,
            shared=element.shared,
        )

    def _in_closure(self, definition: Definition) -> bool:
        """Whether `definition` was made in a closure's body (read as a loop of its own)."""
        return any(
            (loop := self.loops.get(key)) is not None and loop.type == "closure_expression"
            for key, _ in definition.context
        )

    def _taking_read(
        self, reads: frozenset[Read], span: tuple[int, int], made: Definition
    ) -> frozenset[Read]:
        """`reads` with the read of the collection at `span` taking `made`, the element of this
        pass (as `f` of `for f in feats.iter()` holds it), noted in the branches that read was
        made in."""
        here = [r for r in reads if r.span == span and r.context == self.context]
        if not here:
            return reads
        taken = set()
        for r in here:
            read = Read(
                r.span,
                r.name,
                replace(r.value, origin=made, sources=r.value.sources | made.sources),
                r.node,
                r.context,
            )
            noted = self.once_reads.get(id(r))
            if noted is not None and noted[0] is r:
                self.once_reads[id(read)] = (read, noted[1])
            taken.add(read)
        return reads.difference(here) | taken

    def _walked_element(self, name: str, made: Definition) -> None:
        """Keep `made`, an element of the collection `name` a loop walks, beside that name (a
        name no code can read: the walk's elements), so that whether it is consumed is part
        of what a pass of a loop around starts with. A field (`bank.feats`) has it beside its
        root name."""
        slot = self.lookup(name) or self.lookup(name.split(".", 1)[0])
        scope = next(
            (s for s in reversed(self.scopes) if slot is not None and s.get(slot.name) is slot),
            None,
        )
        if slot is None or scope is None:
            return
        hidden = f"{name}[..]"
        walked = scope.get(hidden)
        if walked is None:
            walked = _Slot(hidden, slot.declared, slot.scope_end)
            self._bind_in(scope, hidden, walked)
        held = self.state.values.get(walked, _DATA)
        if made not in held.sources:
            self.state.values[walked] = Value(
                Requirement.GRAD_IN_BACKWARD, None, held.sources | {made}, made.why
            )

    def _emptied(self, place: _Slot) -> None:
        """`place` holds nothing now (`clear()`, `drain(..)`, `take()`): neither the tensors
        put in it nor the elements a loop walked of it (`losses[..]`), which a later pass that
        refills it cannot reach."""
        self.state.values[place] = _DATA
        self._walk_gone(place)

    def _walk_gone(self, place: _Slot) -> None:
        """The elements a loop walked of `place` are no longer in it (it was emptied, or given
        a new value)."""
        walked = self.lookup(f"{place.name}[..]")
        if walked is not None and walked in self.state.values:
            self.state.values[walked] = _DATA
        root = place.name.split(".", 1)[0]
        walked = self.lookup(f"{root}[..]") if root != place.name else None
        if walked is not None and walked in self.state.values:
            # `for l in pending.losses.iter()` keeps its elements beside `pending` (`_walked`
            # names the root): `pending.losses.clear()` takes them out too.
            self.state.values[walked] = _DATA

    def _walked_name(self, pattern: Node | None, value: Node | None) -> Node | None:
        """The name a `for` loop binds to the element of the collection it walks: the
        pattern's name, `f` of `(f, target)` in `feats.iter().zip(..)`, `f` of `(i, f)` in
        `feats.iter().enumerate()`; None for other patterns."""
        if pattern is None or value is None:
            return None
        if pattern.type == "identifier":
            return pattern
        if pattern.type != "tuple_pattern" or pattern.named_child_count != 2:
            return None
        method = None
        if value.type == "call_expression":
            method = value.child_by_field_id(_FIELD.function)
        name = method.child_by_field_id(_FIELD.field) if method is not None else None
        if name is None or method is None or method.type != "field_expression":
            return None
        position = {"zip": 0, "enumerate": 1}.get(self.text(name))
        chosen = pattern.named_children[position] if position is not None else None
        if chosen is not None and chosen.type == "tuple_pattern" and position == 1:
            # `(i, (o, t))` of `a.iter().zip(b).enumerate()`: the walk's element of what it
            # numbers.
            return self._walked_name(chosen, method.child_by_field_id(_FIELD.value))
        return chosen if chosen is not None and chosen.type == "identifier" else None

    def _walked(self, node: Node | None) -> Node | None:
        """The name of the collection a `for` loop walks: `feats` in `feats.iter()`, `&feats`,
        `feats.iter().enumerate()`, `feats.iter().zip(..)`; none of `feats.drain(..)`."""
        while node is not None:
            if node.type == "identifier":
                return node
            if node.type in ("reference_expression", "parenthesized_expression"):
                node = node.named_children[-1] if node.named_child_count else None
            elif node.type == "call_expression":
                node = node.child_by_field_id(_FIELD.function)
                field = node.child_by_field_id(_FIELD.field) if node is not None else None
                if field is not None and self.text(field) == "drain":
                    return None  # `losses.drain(..)`: the elements out, none left in `losses`
            elif node.type == "field_expression":
                node = node.child_by_field_id(_FIELD.value)
            else:
                return None
        return None

    def _mut_walk(self, value: Node | None) -> str | None:
        """The collection a `for` loop walks by `&mut` (`regs.iter_mut()`, `&mut regs`,
        `self.regs.iter_mut().enumerate()`), whose elements' fields a `&mut self` method may
        set: a name or a field path; None for other loops. `states.iter_mut().zip(xs.iter())`
        walks `states` by `&mut`, its element first in each pair."""
        if value is None:
            return None
        if value.type == "reference_expression":
            if not any(c.type == "mutable_specifier" for c in value.children):
                return None
            inner = value.named_children[-1] if value.named_child_count else None
        else:
            inner = None
            while value is not None and value.type == "call_expression":
                method = value.child_by_field_id(_FIELD.function)
                name = method.child_by_field_id(_FIELD.field) if method is not None else None
                if method is None or name is None or method.type != "field_expression":
                    return None
                receiver = method.child_by_field_id(_FIELD.value)
                if self.text(name) == "iter_mut":
                    inner = receiver
                    break
                if self.text(name) not in ("enumerate", "zip"):
                    return None  # `zip`: its pairs' first element, the walk's (`_walked_name`)
                value = receiver
        if inner is None:
            return None
        if inner.type == "identifier":
            return self.text(inner)
        return self._path(inner) if inner.type == "field_expression" else None

    def _carried_fields(self, collection: str, element: str, key: int, out: bool) -> None:
        """The fields a `&mut self` method set on the element of a collection walked by `&mut`
        (`reg.reference` of `for reg in regs.iter_mut()`) stay in the collection: kept at the
        end of a pass (`out`) beside it, by the walk's pass (one element a pass, the same in
        that pass of every pass of the loops around), and given back to the element as that
        pass starts again."""
        number = next((n for k, n in self.context if k == key), None)
        root = self.lookup(collection.split(".", 1)[0])
        scope = next(
            (s for s in reversed(self.scopes) if root is not None and s.get(root.name) is root),
            None,
        )
        if number is None or root is None or scope is None or self.state.dead:
            return
        kept = f"{collection}[..{number}]."
        if not out:
            for name, slot in list(scope.items()):
                if name.startswith(kept) and slot in self.state.values:
                    field = self._field_slot(f"{element}.{name[len(kept) :]}", create=True)
                    if field is not None:
                        self.state.values[field] = self.state.values[slot]
            return
        own = f"{element}."
        for name, slot in list(self.scopes[-1].items()):
            if not name.startswith(own) or "[" in name or slot not in self.state.values:
                continue
            hidden = kept + name[len(own) :]
            into = scope.get(hidden)
            if into is None:
                into = _Slot(hidden, root.declared, root.scope_end)
                self._bind_in(scope, hidden, into)
            self.state.values[into] = self.state.values[slot]

    def _tuple_parts(self, pattern: Node | None, walked: Node, iterated: Value) -> dict:
        """`for (old, x) in pairs.iter()` of a collection of tuples held part by part (made
        by `(0..n).map(|i| (.., ..)).collect()`): each name of the pattern its part, by
        position (not after `enumerate` or `zip`, whose elements are pairs of their own)."""
        if pattern is None or pattern.type != "tuple_pattern" or not _content(iterated):
            return {}
        if _PAIRING.search(self.text(walked)) is not None:
            return {}
        parts = dict(iterated.parts or ())
        children = pattern.named_children
        if set(parts) != {f".{i}" for i in range(len(children))}:
            return {}
        return {
            name: parts[f".{i}"]
            for i, child in enumerate(children)
            for name in _pattern_names(child)
        }
