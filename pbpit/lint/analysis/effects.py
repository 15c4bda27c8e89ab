"""What a method call gives, by the effect its row of the method table names (`methods.py`):
one reader per effect (`_Effects`), each returning the call's value, or None where the effect
does not apply (the next of the row's effects is tried, then the reading of any method)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from pbpit.engine.graph import Requirement
from pbpit.lint.analysis import methods
from pbpit.lint.analysis.common import _FIELD
from pbpit.lint.analysis.keys import _Keys
from pbpit.lint.analysis.memo_entries import fill_effect, given_to_fill, kept_entry
from pbpit.lint.analysis.once_chain import chain_effect, once_function
from pbpit.lint.analysis.pattern_walks import _PatternWalks
from pbpit.lint.analysis.prefix import _Prefix
from pbpit.lint.analysis.pushed import _Pushed
from pbpit.lint.analysis.state import (
    _DATA,
    _FROZEN,
    _WHOLE,
    _collection,
    _content,
    _join,
    _leaves,
    _op,
)
from pbpit.lint.values import Value
from pbpit.rust.syntax import Node

_FRONT = re.compile(r"(?:0\s*)?\.\.=?\s*[A-Za-z0-9_.]+")
"""A range from the start (`..1`, `..=k`, `0..n`): `drain` takes the oldest elements."""

_FROM_A_LEAF = "from a tensor that requires grad"


class _Effects:
    """How `_Function` reads a call of a method of the table (`_Calls._method`): what each
    effect makes of the receiver and the arguments."""

    def _backward_effect(self, call, receiver_node, name_node, receiver, arguments):
        self._backward(call, receiver_node, name_node, receiver)
        return _DATA

    def _same_effect(self, call, receiver_node, name_node, receiver, arguments):
        return receiver

    def _leaf_effect(self, call, receiver_node, name_node, receiver, arguments):
        return Value(Requirement.GRAD, why=_FROM_A_LEAF)

    def _leaf_if_true_effect(self, call, receiver_node, name_node, receiver, arguments):
        flag = call.child_by_field_id(_FIELD.arguments)
        if flag is not None and "true" in self.text(flag):
            return Value(Requirement.GRAD, why=_FROM_A_LEAF)
        return _DATA

    def _detach_effect(self, call, receiver_node, name_node, receiver, arguments):
        if receiver.requirement == Requirement.GRAD:
            return Value(Requirement.GRAD, why=receiver.why)
        return _DATA

    def _untracked_effect(self, call, receiver_node, name_node, receiver, arguments):
        return _DATA

    def _no_grad_effect(self, call, receiver_node, name_node, receiver, arguments):
        return _FROZEN

    def _parameter_effect(self, call, receiver_node, name_node, receiver, arguments):
        if arguments:
            return None
        if receiver.requirement == Requirement.NONE:
            return Value(Requirement.GRAD, why="from a parameter")
        if self.markers and self._given(receiver):
            # `self.w.val()`, `self.ws[0].val()`: a parameter of what the caller gives, a leaf
            # whatever it is; a marker of its own, so that the summary's result says it derives
            # from one (`_Summary.params`).
            path = self.text(receiver_node) if receiver_node is not None else "self"
            leaf = self._marker(f"{path}.val()", ("leaf", path))
            return replace(leaf, why="from a parameter")
        return None

    def _push_effect(self, call, receiver_node, name_node, receiver, arguments):
        place = self._place(receiver_node)
        if place is None:
            return None
        held = self.state.values.get(place, _DATA)
        if arguments:
            pushed = arguments[-1]
            given = call.child_by_field_id(_FIELD.arguments)
            last = given.named_children[-1] if given and given.named_child_count else None
            if self._extends_by_parts(name_node, pushed, last):
                # `losses.extend([a, b])`: each element pushed as a tensor of its own.
                for _, part in pushed.parts or ():
                    held = self._pushed(place, held, part)
                self.state.values[place] = held
                return _DATA
            if (
                pushed.requirement == Requirement.GRAD_IN_BACKWARD
                and last is not None
                and not _content(pushed)  # a struct: each field as it was made
            ):
                # The element is a tensor of its own, made where it is pushed.
                pushed = self._bound(place.name, pushed, last, last, call)
            elif pushed.origin is not None:
                self.whole_elements.add(pushed.origin)
            self.state.values[place] = self._pushed(place, held, pushed)
            if len(arguments) == 2 and name_node is not None and self.text(name_node) == "insert":
                self._note_insert(call, pushed)
        return _DATA

    def _extends_by_parts(self, name_node, pushed: Value, last) -> bool:
        """Whether a call is `extend` of an array or `vec!` literal of tensors (its parts by
        index), whose elements the collection holds one by one."""
        if name_node is None or self.text(name_node) != "extend" or last is None:
            return False
        if last.type not in ("array_expression", "macro_invocation"):
            return False
        parts = pushed.parts or ()
        return bool(parts) and all(key.startswith("[") for key, _ in parts)

    def _empty_effect(self, call, receiver_node, name_node, receiver, arguments):
        place = self._place(receiver_node)
        if place is None:
            return None
        self._emptied(place)
        return _DATA

    def _iterate_effect(self, call, receiver_node, name_node, receiver, arguments):
        if receiver.requirement == Requirement.GRAD_IN_BACKWARD:
            return receiver  # the same elements
        return None

    def _pieces_effect(self, call, receiver_node, name_node, receiver, arguments):
        if receiver.requirement != Requirement.GRAD_IN_BACKWARD:
            return None
        # Pieces of one tensor share it; a temporary one, by the name they are bound to.
        whole = receiver.sources if receiver.origin is not None else {_WHOLE}
        return replace(_op([receiver, *arguments]), shared=frozenset(whole))

    def _map_effect(self, call, receiver_node, name_node, receiver, arguments):
        if self._closure_data(call, arguments):
            return _DATA  # `.map(|t| t.device())`: each element is what the closure makes
        if _content(receiver) and self._closure_data(call, [_DATA] * len(arguments)):
            # `bridge.as_ref().map(|b| b.adapter())`: of an `Option` of a tuple or struct,
            # what the closure makes of it, not the whole it was given.
            return arguments[0]
        if len(arguments) == 1 and _content(arguments[0]) and self._closure_given(call):
            # `(0..n).map(|i| Batch { old: old.narrow(..), x: x.narrow(..) })`: elements that
            # are structs, held field by field, as structs pushed are (`_pushed`): each field
            # a collection of what every element's field derives from, its elements sharing
            # what was made outside the closure; a field of data stays data.
            key = call.start_byte + self.delta
            return _collection([(k, _elements_of(v, key)) for k, v in arguments[0].parts])
        return None

    def _adapt_effect(self, call, receiver_node, name_node, receiver, arguments):
        parts = receiver.parts or ()
        if (
            not arguments
            and name_node is not None
            and self.text(name_node) in ("collect", "cloned")
            and parts
            and all(key.startswith("[") for key, _ in parts)
        ):
            return receiver  # `[a, b].into_iter().collect()`: the same elements, one by one
        if receiver.shared is not None:
            return replace(_op([receiver, *arguments]), shared=receiver.shared)
        tracked = [v for v in (receiver, *arguments) if v.requirement != Requirement.NONE]
        if receiver.requirement == Requirement.NONE and tracked:
            if all(v.shared is not None for v in tracked):
                # `weights.iter().zip(losses)`: pairs whose tensor shares what `losses` share.
                shared = frozenset().union(*(v.shared or () for v in tracked))
                return replace(_op(tracked), shared=shared)
        if (
            _content(receiver)
            and name_node is not None
            and self.text(name_node) != "zip"  # its elements are pairs
            and all(a.requirement == Requirement.NONE for a in arguments)
        ):
            return receiver  # elements that are structs, field by field (`_map_effect`)
        return None

    def _take_effect(self, call, receiver_node, name_node, receiver, arguments):
        named = self.text(name_node) if name_node is not None else ""
        if len(arguments) > 1 or (arguments and named != "replace"):
            return None
        place = self._place(receiver_node)
        if place is None:
            return None
        self._emptied(place)  # `Option::take` leaves `None` behind
        if arguments:  # `Option::replace(v)`: `v` left in its place
            self.state.values[place] = arguments[0]
        return receiver

    def _drain_effect(self, call, receiver_node, name_node, receiver, arguments):
        given = call.child_by_field_id(_FIELD.arguments)
        ranges = [self.text(n) for n in given.named_children] if given is not None else []
        place = self._place(receiver_node)
        if place is None or len(ranges) != 1:
            return None
        if ranges == [".."]:
            self._emptied(place)  # `losses.drain(..)` leaves it empty, as `clear()`
            return receiver
        if _FRONT.fullmatch(ranges[0]):
            return self._drained_front(place, receiver)
        return None  # `drain(1..)`: the oldest stay

    def _drained_front(self, place, receiver: Value) -> Value | None:
        """`queue.drain(..1)` of a collection filled by `push`, one tensor a pass: the oldest
        out (what the earliest pass that put one there put, the first a walk takes), the rest
        stay."""
        if receiver.requirement != Requirement.GRAD_IN_BACKWARD or receiver.parts is not None:
            return None
        shared = frozenset(receiver.shared or ())
        own = [d for d in receiver.sources if d not in shared]
        if not own:
            return None
        oldest = min(d.context for d in own)
        out = frozenset(d for d in own if d.context == oldest)
        if sum(not any(d in e.sources for e in out if e is not d) for d in out) != 1:
            return None  # that pass put several (or none known): which stay is not known
        left = frozenset(receiver.sources) - out
        self.state.values[place] = replace(receiver, sources=left) if left - shared else _DATA
        return replace(receiver, sources=out | shared)

    def _keyed_effect(self, call, receiver_node, name_node, receiver, arguments):
        at = self._one_key(call, receiver_node, receiver)
        if at is None:
            return None
        key, offset = self._counted_index(at)
        if key is not None and not offset:
            kept = self._kept_at(call, receiver_node, at, receiver, key)
            if kept is not None:
                return kept
        if key is None:
            # Another key (`step % 2`, `"feats"`): what this pass inserted there, if it did;
            # at a key no earlier pass used, nothing else.
            inserted = self._at_key(receiver_node, at, call)
            if inserted is None:
                inserted = self._fresh_read(receiver_node, at, call, receiver)
            return inserted
        return self._counted_element(receiver_node, receiver, key, offset)

    def _kept_at(self, call, map_node, at, held: Value, loop: int) -> Value | None:
        """`cache.get(&class)` at `loop`'s counter, filled when the key is missing (`if
        !cache.contains_key(&class) { cache.insert(class, e); }`): what a pass of a loop around
        put at that counter (memo_entries.kept_entry); what this pass inserted there first, if
        it did (`cache.insert(class, e);` then `cache.get(&class)`: `e`, not an earlier pass's)."""
        kept = kept_entry(held, loop, self.context)
        if kept is None:
            return None
        inserted = self._at_key(map_node, at, call)
        if inserted is not None:
            return inserted
        taken = self._taking_read(held.reads, self.span(map_node), kept)
        return Value(Requirement.GRAD_IN_BACKWARD, kept, kept.sources, kept.why, reads=taken)

    def _entry_effect(self, call, receiver_node, name_node, receiver, arguments):
        entry = receiver_node
        function = entry.child_by_field_id(_FIELD.function) if entry is not None else None
        if entry is None or entry.type != "call_expression" or function is None:
            return None
        name = function.child_by_field_id(_FIELD.field)
        if function.type != "field_expression" or name is None or self.text(name) != "entry":
            return None
        map_node = function.child_by_field_id(_FIELD.value)
        place = self._place(map_node)
        filled = given_to_fill(self, place, call, arguments)
        if filled is None:
            return None
        held, value = filled
        keys = entry.child_by_field_id(_FIELD.arguments)
        key = keys.named_children[0] if keys is not None and keys.named_child_count == 1 else None
        counted = self._counted_index(key)[0] if key is not None else None
        kept = kept_entry(held, counted, self.context) if counted is not None else None
        if kept is not None:  # put at this counter by a pass of a loop around: none put now
            taken = self._taking_read(receiver.reads | held.reads, self.span(map_node), kept)
            return Value(Requirement.GRAD_IN_BACKWARD, kept, kept.sources, kept.why, reads=taken)
        self.state.values[place] = self._pushed(place, held, value)
        if counted is not None:
            return value  # a new key each pass: the value this pass gives
        initial = self.field_initial.get(place)
        field = initial.origin if initial is not None and self.summarising else None
        if field is not None and key is not None and self.markers.get(field, ("",))[0] == "field":
            # `self.protos.entry(label)` of an integer parameter: the entry at what the caller
            # passes, a new one each pass where that is a loop's counter (`_keyed_given`).
            slot = self.lookup(self.text(key))
            position = self.key_params.get(slot) if slot is not None else None
            if position is not None:
                name = self.markers[field][1]
                keyed = self._marker(
                    f"{field.name}[{self.text(key)}]", ("keyed", f"{name}@{position}")
                )
                return replace(keyed, origin=None)
        # Any entry: this pass's or one an earlier pass put, read through the map's name.
        entries = self.state.values[place]
        return replace(entries, reads=entries.reads | receiver.reads)

    def _yield_effect(self, call, receiver_node, name_node, receiver, arguments):
        row = methods.METHODS[self.text(name_node)] if name_node is not None else None
        given = call.child_by_field_id(_FIELD.arguments)
        nodes = given.named_children if given is not None else []
        if not arguments or len(nodes) != len(arguments):
            return None
        if row is not None and row.closure and nodes[-1].type != "closure_expression":
            return None  # a function given (`map_or_else(.., Self::adapt)`): not read here
        return _join(arguments)

    def _or_effect(self, call, receiver_node, name_node, receiver, arguments):
        if all(a.requirement == Requirement.NONE for a in arguments):
            return receiver  # the content, or data
        return _join([receiver, *arguments])

    # -- tried where the call is no method of the tree and no module's forward (`otherwise`)

    def _module_effect(self, call, receiver_node, name_node, receiver, arguments):
        return _DATA  # a module with its parameters as leaves: nothing carried, nothing made

    def _module_mapper_effect(self, call, receiver_node, name_node, receiver, arguments):
        given = call.child_by_field_id(_FIELD.arguments)
        first = given.named_children[0] if given is not None and given.named_child_count else None
        if first is not None and first.type == "reference_expression":
            return _DATA  # `module.map(&mut mapper)`: Burn's `Module::map`
        return None

    def _module_field_effect(self, call, receiver_node, name_node, receiver, arguments):
        if receiver_node is None:
            return None
        while receiver_node.type == "call_expression":  # `self.model.clone().to_device(..)`
            function = receiver_node.child_by_field_id(_FIELD.function)
            if function is None or function.type != "field_expression":
                return None
            if self.text(function.child_by_field_id(_FIELD.field) or function) != "clone":
                return None
            receiver_node = function.child_by_field_id(_FIELD.value) or function
        if receiver_node.type != "field_expression":
            return None
        base = self._receiver_type(receiver_node.child_by_field_id(_FIELD.value))
        field_name = receiver_node.child_by_field_id(_FIELD.field)
        fields = self.program.structs.get(base or "")
        if fields is None or field_name is None:
            return None
        declared = fields.get(self.text(field_name))
        return _DATA if declared is not None and "Tensor" not in declared else None

    def _leaves_made_effect(self, call, receiver_node, name_node, receiver, arguments):
        if (
            len(arguments) != 1
            or not _leaves(arguments[0])
            or receiver.requirement == Requirement.GRAD_IN_BACKWARD
            or receiver.frozen
        ):
            return None
        # `.map(|d| Tensor::from_data(d, &device).require_grad())`, or a struct of leaves
        # (`.map(|a| Adapter::from_values(a, &device))`): each element made anew, leaves.
        if arguments[0].requirement == Requirement.GRAD:
            return arguments[0]
        return Value(Requirement.GRAD, why=arguments[0].why)

    def _leaves_gathered_effect(self, call, receiver_node, name_node, receiver, arguments):
        return receiver if receiver.requirement == Requirement.GRAD else None

    def _captured_effect(self, call, receiver_node, name_node, receiver, arguments):
        if not arguments or receiver.frozen:
            return None
        key = call.start_byte + self.delta
        made = arguments[-1].sources
        shared = frozenset(d for d in made if all(k != key for k, _ in d.context))
        if receiver.requirement != Requirement.NONE and not _leaves(receiver):
            # Of tracked elements, none known to share anything (what they share is `ADAPT`'s;
            # what a caller gives, each a tensor of its own): what the closure captures besides
            # them (`heads.iter().map(|h| feats.clone().matmul(h.clone()))`: `feats`).
            shared = shared - receiver.sources
        return replace(_op([receiver, *arguments]), shared=shared) if shared else None

    # -- functions called by path (`methods.FUNCTIONS`)

    def _untracked_function(self, call, argument_nodes, values):
        return _DATA  # made from data (`Tensor::zeros`, `from_inner`), or gradients

    def _take_place_function(self, call, argument_nodes, values):
        if not argument_nodes:
            return None
        # `std::mem::take(&mut self.log_probs)`: the value out, the place emptied.
        given = argument_nodes[0]
        if given.type == "reference_expression":
            given = given.child_by_field_id(_FIELD.value) or given
        place = self._place(given)
        if place is not None:
            replacing = len(values) > 1 and len(argument_nodes) > 1
            self._emptied(place)
            if replacing:
                self.state.values[place] = values[1]
        return values[0] if values else _DATA

    def _wrap_function(self, call, argument_nodes, values):
        if len(values) == 1 and (_leaves(values[0]) or values[0].parts):
            # `Some(leaf)`, `Ok(Self { w: leaf, .. })`: leaves still, reusable in every pass;
            # `Some(Bridge { rows, leaf })`: each part its own tensor still.
            return values[0]
        if len(values) == 1 and values[0].same_or_made is not None:
            return values[0]  # `Some(match .. { .., None => loss })`: `loss` on some paths
        return None


def _elements_of(value: Value, key: int) -> Value:
    """The collection of the values a closure read as loop `key` made, one a pass: its
    elements share what was made outside it."""
    if value.requirement != Requirement.GRAD_IN_BACKWARD or value.parts:
        return value
    outside = frozenset(d for d in value.sources if all(k != key for k, _ in d.context))
    return Value(
        Requirement.GRAD_IN_BACKWARD,
        None,
        value.sources,
        value.why,
        reads=value.reads,
        shared=outside,
    )


_Reading = Callable[
    [_Effects, Node, "Node | None", "Node | None", Value, list[Value]], "Value | None"
]

_EFFECTS: dict[str, _Reading] = {
    methods.BACKWARD: _Effects._backward_effect,
    methods.SAME: _Effects._same_effect,
    methods.LEAF: _Effects._leaf_effect,
    methods.LEAF_IF_TRUE: _Effects._leaf_if_true_effect,
    methods.DETACH: _Effects._detach_effect,
    methods.UNTRACKED: _Effects._untracked_effect,
    methods.NO_GRAD: _Effects._no_grad_effect,
    methods.PARAMETER: _Effects._parameter_effect,
    methods.PUSH: _Effects._push_effect,
    methods.ENTRY: _Effects._entry_effect,
    methods.FILL: fill_effect,
    methods.EMPTY: _Effects._empty_effect,
    methods.ITERATE: _Effects._iterate_effect,
    methods.PIECES: _Effects._pieces_effect,
    methods.MAP: _Effects._map_effect,
    methods.ADAPT: _Effects._adapt_effect,
    methods.CHAIN: chain_effect,
    methods.TAKE: _Effects._take_effect,
    methods.DRAIN: _Effects._drain_effect,
    methods.KEYED: _Effects._keyed_effect,
    methods.REMOVE: _Keys._remove_effect,
    methods.FOLDED: _PatternWalks._folded_effect,
    methods.NEWEST: _PatternWalks._newest_take_effect,
    methods.FIRST: _Prefix._first_effect,
    methods.LAST: _Pushed._last_effect,
    methods.YIELD: _Effects._yield_effect,
    methods.OR: _Effects._or_effect,
    methods.MODULE: _Effects._module_effect,
    methods.MODULE_MAPPER: _Effects._module_mapper_effect,
    methods.MODULE_FIELD: _Effects._module_field_effect,
    methods.LEAVES_MADE: _Effects._leaves_made_effect,
    methods.LEAVES_GATHERED: _Effects._leaves_gathered_effect,
    methods.CAPTURED: _Effects._captured_effect,
}
"""The reader of each effect."""

_EFFECTS_OF: dict[str, tuple[_Reading, ...]] = {
    name: tuple(_EFFECTS[effect] for effect in row.effects)
    for name, row in methods.METHODS.items()
    if row.effects
}
"""The readers of each method's effects, in its row's order."""

_OTHERWISE_OF: dict[str, tuple[_Reading, ...]] = {
    name: tuple(_EFFECTS[effect] for effect in row.otherwise)
    for name, row in methods.METHODS.items()
    if row.otherwise
}
"""The readers of each method's `otherwise` effects, in its row's order."""

_FunctionReading = Callable[[_Effects, Node, list[Node], list[Value]], "Value | None"]

_FUNCTION_EFFECTS: dict[str, _FunctionReading] = {
    methods.UNTRACKED: _Effects._untracked_function,
    methods.TAKE_PLACE: _Effects._take_place_function,
    methods.WRAP: _Effects._wrap_function,
    methods.ONCE: once_function,
}
"""The reader of each effect of a function called by path."""


def _function_effects(owner: str, name: str) -> tuple[_FunctionReading, ...]:
    """The readers of the effects of `owner::name(..)`, in its row's order (none: no row)."""
    row = methods.function_row(owner, name)
    return tuple(_FUNCTION_EFFECTS[e] for e in row.effects) if row is not None else ()
