"""A call of a function of the tree read by its summary (`_ApplySummary`): the backward it runs
on what it is given, what it writes into what is lent `&mut` to it and into the fields of its
receiver, and its result."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from pbpit.engine.graph import Requirement
from pbpit.lint.analysis.common import _FIELD, _ITEMS, _PATH
from pbpit.lint.analysis.index import _NOTHING, _Callee, _Summary
from pbpit.lint.analysis.state import _DATA, _FROZEN, _collection, _content, _op
from pbpit.lint.values import Backward, Definition, Read, Value
from pbpit.rust.syntax import Node


class _ApplySummary:
    """How `_Function` applies the summary of a function it calls."""

    def _apply(
        self,
        callee: _Callee,
        arguments: list[Value],
        receiver: str | None,
        call: Node,
        span_node: Node,
    ) -> Value | None:
        """A call of a function of the program, by its summary: the backward it runs on what
        it is given, the fields of `receiver` it sets, and its result. None when it has none."""
        tracked = any(v.requirement != Requirement.NONE for v in arguments)
        if tracked or callee.name in self.program.helper_names:
            full = self.program.summary(callee)
        else:
            full = _NOTHING  # it runs no backward on what it is given, which is data anyway
        summary = full if tracked else self.program.summary(callee, alone=True)
        if full is None or summary is None:
            return None
        self._read_given_leaves(callee, arguments)
        arguments = self._name_kept_temporaries(summary, arguments, call)
        span = self.span(call) if call.start_point[0] == call.end_point[0] else self.span(span_node)
        given: dict[Definition, Value] = {}
        reads: set[Read] = set()

        def outer(marker: Definition, summary: _Summary = summary) -> Value:
            if marker in given:
                return given[marker]
            kind, key = summary.markers[marker]
            held = _DATA
            if kind == "leaf":
                held = Value(Requirement.GRAD, why="from a parameter")
            elif kind == "param" and isinstance(key, int) and key < len(arguments):
                held = arguments[key]
            elif kind == "keyed" and receiver is not None:
                field, at = str(key).rsplit("@", 1)
                held = self._keyed_given(f"{receiver}.{field}", int(at), receiver, call)
                if held.requirement == Requirement.GRAD_IN_BACKWARD:
                    reads.add(Read(span, f"{receiver}.{field}", held, None, self.context))
            elif kind == "lent":
                index, field_name = str(key).split(".", 1)
                path = self._lent_path(call, int(index))
                slot = self._field_slot(f"{path}.{field_name}") if path else None
                held = self.state.values.get(slot, _DATA) if slot is not None else _DATA
                whole = self.lookup(path) if slot is None and path and "." not in path else None
                if whole is not None:
                    # `&mut memory`, `memory` a struct literal (`Memory { keys, .. }`): its part.
                    value = self.state.values.get(whole, _DATA)
                    held = dict(value.parts or ()).get(f".{field_name}", _DATA)
                if held.requirement == Requirement.GRAD_IN_BACKWARD:
                    at = self._lent_span(call, int(index)) or span
                    reads.add(Read(at, f"{path}.{field_name}", held, None, self.context))
            elif kind == "field" and receiver is not None:
                lent_root = self.summarising and receiver.split(".", 1)[0] in self.mut_params
                # `m.smooth(..)` of `m: &mut S`: what the caller's field holds ("lent").
                slot = self._field_slot(f"{receiver}.{key}", create=receiver == "self" or lent_root)
                held = self.state.values.get(slot, _DATA) if slot is not None else _DATA
                if slot is None:
                    # `trainer.step(..)` reading `self.scale`, `trainer` a struct literal its
                    # constructor returned (`Self { weight, scale }`): that part of it.
                    whole = self.lookup(receiver) if "." not in receiver else None
                    lent = receiver in self.mut_params
                    value = self.state.values.get(whole, _DATA) if whole is not None else _DATA
                    held = dict(value.parts or ()).get(f".{key}", _DATA)
                    if not value.parts and value.origin in self.markers and not lent:
                        # `agent.act(..)` in a helper given `agent: &Policy`: the field of
                        # what its caller gives, as `agent.w` read there (of a `&mut`
                        # parameter, what the caller's field holds is its "lent" marker).
                        held = self._given_part(value, str(key))
                if held.requirement == Requirement.GRAD_IN_BACKWARD:
                    reads.add(Read(span, f"{receiver}.{key}", held, None, self.context))
            given[marker] = held
            return held

        # The backwards it runs, in order, on what the caller gave it.
        for index, group in enumerate(full.backward):
            losses = []
            for (key, part), same in group.items():
                marker = next((m for m, k in full.markers.items() if k == key), None)
                if marker is not None:
                    losses.append((self._given_part(outer(marker, full), part), same, marker.name))
            if losses:
                one = len(losses) == 1 and losses[0][1]
                loss = losses[0][0] if one else _op(v for v, _, _ in losses)
                if loss.reads or reads:
                    loss = replace(loss, reads=loss.reads | reads)
                event = Backward(span, self.context, None, loss, frozenset(self.once), callee.label)
                event.parameters = tuple((name, same, given) for given, same, name in losses)
                event.next_pass = index in full.passes
                self._consume(event, loss)
        if full.backward:
            given.clear()  # what it now reads of the fields, it reads after the backward
        names: dict[Definition, str] = {}
        if receiver is not None:
            for field_name, written in summary.writes.items():
                if written.origin is not None:
                    names[written.origin] = f"{receiver}.{field_name}"
                for d in written.sources:
                    if d.name == f"self.{field_name}":  # an element pushed into it
                        names.setdefault(d, f"{receiver}.{field_name}")
        lent_names: dict[Definition, str] = {}
        for (index, field_name), written in summary.param_writes.items():
            path = self._lent_path(call, index)
            if path is not None and written.origin is not None:
                # `m.avg` of `m: &mut Ema`, set in the callee: the caller's `ema.avg`.
                lent_names[written.origin] = f"{path}.{field_name}" if field_name else path
        made: dict[Definition, Definition] = {}
        dead: dict[Definition, bool] = {}

        def is_dead(d: Definition) -> bool:
            """Whether a tensor the callee makes is data at this call: tracked there only
            through what the caller gives (`self.last.clone() * 0.5 + current` of a field the
            caller holds as data), none of which is tracked here, and not of its own (where it
            is made, the callee makes nothing tracked when given only data)."""
            known = dead.get(d)
            if known is None:
                given = [outer(e) for e in d.sources if e in summary.markers]
                known = bool(given) and all(g.requirement == Requirement.NONE for g in given)
                if known:
                    bare = self.program.summary(callee, alone="bare")
                    known = bare is not None and d.span not in bare.own
                dead[d] = known
            return known

        def given_itself(d: Definition) -> Definition | None:
            """What the caller gives that `d` is at this call: one bound from what is, on some
            paths, a parameter itself and, on the others, made from it and what else the
            callee reads (`Some(t) => t + loss, None => loss` of `self.total.take()`), where
            all else is data here (the field holds no tensor yet); None otherwise."""
            kept = d.same_or_made
            if kept is None or kept not in summary.markers:
                return None
            given_value = outer(kept)
            if given_value.origin is None:
                return None
            for e in d.sources:
                if e is d or e is kept:
                    continue
                if e in summary.markers:
                    if outer(e).requirement != Requirement.NONE:
                        return None
                elif not is_dead(e):
                    return None
            return given_value.origin

        def given_part(d: Definition) -> Value | None:
            """The field of what the caller gives that `d` is, where `d` is a field read of a
            parameter (`state.c` of `state: &State`): that part of the argument (`c`, not what
            the whole struct holds); None for anything else."""
            if len(d.sources) != 2:
                return None
            whole = next((e for e in d.sources if e is not d), None)
            if whole is None or whole not in summary.markers or whole.sources != {whole}:
                return None
            field_name = d.name.removeprefix(f"{whole.name}.")
            if field_name == d.name or not field_name.isidentifier():
                return None
            given = outer(whole)
            if given.requirement != Requirement.GRAD_IN_BACKWARD or not given.parts:
                return None
            return self._given_part(given, field_name)

        def translate(sources: Iterable[Definition]) -> frozenset[Definition]:
            out: set[Definition] = set()
            inner = []
            for d in sources:
                if d in summary.markers:
                    out |= outer(d).sources
                elif d in made:
                    out.add(made[d])
                elif not is_dead(d):
                    inner.append(d)
            for d in sorted(inner, key=lambda d: (len(d.sources), d.span, d.name)):
                if d in made:
                    out.add(made[d])
                    continue
                itself = given_itself(d)
                if itself is not None:
                    made[d] = itself
                    out |= itself.sources
                    continue
                part = given_part(d)
                if part is not None:
                    if part.origin is not None:
                        made[d] = part.origin
                    out |= part.sources
                    continue
                # A field's state set in a method of this file: shown where it is set.
                here = callee.source is self.source and self.delta == 0 and d in names
                new = Definition(
                    names.get(d, lent_names.get(d, d.name)),
                    d.span if here else span,
                    self.context,
                    d.why if here else f"by `{callee.label}`",
                    d.statement if here else None,
                    d.value if here else None,
                )
                parts = {new}
                for e in d.sources:
                    if e is d:
                        continue
                    if e in summary.markers:
                        parts |= outer(e).sources
                    elif e in made:
                        parts.add(made[e])
                new.sources = frozenset(parts)
                if callee.source is self.source and self.delta == 0 and d.statement is not None:
                    new.home = d
                if not here:
                    # Where the callee makes it: the call of the next function, or its statement.
                    at = d.statement.start_byte if d.statement is not None else d.span[0]
                    if d.made_in:
                        at = d.span[0]
                    new.made_in = ((callee.label, callee.source, at), *d.made_in)
                    if d not in names:
                        self.call_results.add(new)  # named by the caller's binding, if any
                made[d] = new
                self.made_in_calls.add(new)
                out.add(new)
            return frozenset(out)

        def instantiate(v: Value) -> Value:
            if v.requirement == Requirement.NONE:
                return _FROZEN if v.frozen else _DATA
            if v.origin is not None and v.origin in summary.markers and v.parts is None:
                return outer(v.origin)  # it returns what it was given (or a clone)
            if v.requirement == Requirement.GRAD:
                return Value(Requirement.GRAD, why=v.why or "from a tensor that requires grad")
            parts = tuple((k, instantiate(p)) for k, p in v.parts) if v.parts else None
            sources = translate(v.sources)
            inner = any(d not in summary.markers and not is_dead(d) for d in v.sources)
            given_values = [outer(d) for d in v.sources if d in summary.markers]
            if (
                not inner
                and v.sources
                and all(g.requirement == Requirement.NONE for g in given_values)
            ):
                return _DATA  # computed from what it was given, which is data
            origin = made.get(v.origin) if v.origin is not None else None
            why = f"by `{callee.label}`"
            if not inner:
                # What it was given says why; if nothing given does, the call made it tracked.
                # A given leaf says why (`from `x` which requires grad`); a given intermediate's
                # why names the call that made it, not this one (`h` of `dec_cell(prev, h)`).
                leaves = [g for g in given_values if g.requirement == Requirement.GRAD]
                why = next((g.why for g in leaves if g.why), "") or why
            shared = translate(v.shared) if v.shared is not None else None
            taken = frozenset().union(*(g.reads for g in given_values)) | reads
            return Value(
                Requirement.GRAD_IN_BACKWARD,
                origin,
                sources,
                why,
                reads=taken,
                parts=parts,
                shared=shared,
            )

        # What the call reads of the caller's fields is what they hold as it is called: read
        # before any is written (`self.last.take()` in the result, `self.last = Some(h)` set).
        for marker in _markers_in([summary.result, *summary.writes.values()], summary.markers):
            outer(marker)
        try:
            if receiver is not None:
                for field_name, written in summary.writes.items():
                    slot = self._field_slot(f"{receiver}.{field_name}", create=True)
                    if slot is not None:
                        self.state.values[slot] = instantiate(written)
                        if receiver.isidentifier():  # `state.cut()` of a local struct
                            self._part_set(receiver, field_name, self.state.values[slot])
            for (index, field_name), written in summary.param_writes.items():
                path = self._lent_path(call, index)
                if path is not None and not field_name:
                    # `states: &mut Vec<Tensor>` left holding what the callee put in it.
                    self._lent_whole(path, instantiate(written))
                    continue
                slot = self._field_slot(f"{path}.{field_name}", create=True) if path else None
                if slot is not None:
                    self.state.values[slot] = instantiate(written)
                    if path.isidentifier():  # `cut(&mut memory)` of a local struct
                        self._part_set(path, field_name, self.state.values[slot])
            if summary.result.requirement != Requirement.NONE and self.program.returns_no_tensor(
                callee
            ):
                return _DATA  # `-> Vec<usize>`, `-> Result<Bundle>` of numbers: no tensor in it
            result = instantiate(summary.result)
            if result.requirement == Requirement.GRAD_IN_BACKWARD and result.parts is None:
                plain = self.program.plain_elements(callee)
                if plain is not None and any(plain):
                    # `-> Result<(Tensor3, Option<Vec<usize>>)>` read as one tensor (made by
                    # `.map(|c| (c, None))`): the elements that can hold no tensor are data.
                    return _collection(
                        [(f".{i}", _DATA if data else result) for i, data in enumerate(plain)]
                    )
            return result
        finally:
            # It calls itself, a cycle: broken here, its cells are freed now, not by the collector.
            instantiate = None  # noqa: F841

    def _name_kept_temporaries(
        self, summary: _Summary, arguments: list[Value], call: Node
    ) -> list[Value]:
        """The arguments that are tracked temporaries (`log.record(model.loss(x, y))`) the
        callee keeps in a field of its receiver or of a `&mut` parameter: each a definition
        where it is given, named as the parameter it is given to (`loss`), its first binding,
        as a run names it; what carries it is named where a backward meets it (`log.losses`
        brings it into the next pass)."""
        written = [*summary.writes.values(), *summary.param_writes.values()]
        kept = sorted(_markers_in(written, summary.markers), key=lambda m: m.made)
        if not kept:
            return arguments
        function = call.child_by_field_id(_FIELD.function)
        given = call.child_by_field_id(_FIELD.arguments)
        nodes = [a for a in (given.named_children if given else ()) if a.type not in _ITEMS]
        if function is not None and function.type == "field_expression":
            nodes = [function.child_by_field_id(_FIELD.value), *nodes]  # `self` is argument 0
        named = list(arguments)
        for marker in kept:
            kind, key = summary.markers[marker]
            if kind != "param" or not isinstance(key, int) or key >= min(len(named), len(nodes)):
                continue
            value, node = named[key], nodes[key]
            if value.requirement != Requirement.GRAD_IN_BACKWARD or value.origin is not None:
                continue
            if node is not None and not _content(value):  # a struct: each field as it was made
                named[key] = self._bound(marker.name, value, node, node, call)
        return named

    def _lent_whole(self, path: str, value: Value) -> None:
        """The caller's `path` (`states`, `self.states`), lent whole `&mut` to a function
        that leaves it holding `value` (`states[k] = h` in it)."""
        if path.isidentifier():
            slot = self.lookup(path)
        else:
            slot = self._field_slot(path, create=True)
        if slot is not None:
            self.state.values[slot] = value

    def _lent_path(self, call: Node, index: int) -> str | None:
        """The name or field path lent `&mut` as argument `index` of `call` (`&mut state`)."""
        given = call.child_by_field_id(_FIELD.arguments)
        nodes = given.named_children if given is not None else []
        if not 0 <= index < len(nodes):
            return None
        found = re.fullmatch(r"&\s*mut\s+([A-Za-z_][\w.]*)", self.text(nodes[index]).strip())
        lent = nodes[index].named_children[-1] if nodes[index].named_child_count else None
        if found is None and lent is not None and lent.type == "index_expression":
            # `advance(&mut sensors[which], ..)`: an element, its fields the collection's.
            return self._element_receiver(lent) if self.text(nodes[index]).startswith("&") else None
        if found is None or not (found[1].isidentifier() or _PATH.match(found[1])):
            return None
        return found[1]

    def _lent_span(self, call: Node, index: int) -> tuple[int, int] | None:
        """The span of what `&mut` lends as argument `index` of `call` (`memory` of `&mut
        memory`)."""
        given = call.child_by_field_id(_FIELD.arguments)
        nodes = given.named_children if given is not None else []
        if not 0 <= index < len(nodes) or not nodes[index].named_children:
            return None
        return self.span(nodes[index].named_children[-1])

    def _keyed_given(self, path: str, position: int, receiver: str, call: Node) -> Value:
        """What a method's `self.slots[key]` (a `("keyed", "slots@1")` marker) is at a call:
        the element of the caller's `path` (`cache.slots`) at the argument given for `key`,
        this pass's where that is a loop's counter (`cache.get(step)`), else the collection."""
        slot = self._field_slot(path, create=receiver == "self")
        held = self.state.values.get(slot, _DATA) if slot is not None else _DATA
        given = call.child_by_field_id(_FIELD.arguments)
        nodes = given.named_children if given is not None else []
        at = position - 1  # `self` is position 0; a method's first argument, 1
        if held.requirement == Requirement.GRAD_IN_BACKWARD and 0 <= at < len(nodes):
            counter, offset = self._counted_index(nodes[at])
            if counter is not None and offset == 0:
                return self._element_of_pass(held, counter, None, offset)
        return held  # another pass's (`step - 1`): the collection, which carries it


def _markers_in(values: list[Value], markers: dict) -> set[Definition]:
    """The markers (what a caller gives) `values` hold, their parts' too."""
    found: set[Definition] = set()
    stack = list(values)
    while stack:
        value = stack.pop()
        found.update(d for d in value.sources if d in markers)
        if value.origin is not None and value.origin in markers:
            found.add(value.origin)
        stack.extend(p for _, p in value.parts or ())
    return found
