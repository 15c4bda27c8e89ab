"""What a method call gives, by the effect its row of the method table names (`methods.py`):
one reader per effect (`_Effects`), each returning the call's value, or None where the effect
does not apply (the next of the row's effects is tried, then the reading of any method)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from pbpit.engine.graph import Requirement
from pbpit.lint.analysis import methods
from pbpit.lint.analysis.common import _FIELD
from pbpit.lint.analysis.state import _DATA, _FROZEN, _WHOLE, _content, _join, _op
from pbpit.lint.values import Value
from pbpit.rust.syntax import Node

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
            if pushed.requirement == Requirement.GRAD_IN_BACKWARD and last is not None:
                # The element is a tensor of its own, made where it is pushed.
                pushed = self._bound(place.name, pushed, last, last, call)
            self.state.values[place] = self._pushed(place, held, pushed)
        return _DATA

    def _empty_effect(self, call, receiver_node, name_node, receiver, arguments):
        place = self._place(receiver_node)
        if place is None:
            return None
        self.state.values[place] = _DATA
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
        return None

    def _adapt_effect(self, call, receiver_node, name_node, receiver, arguments):
        if receiver.shared is not None:
            return replace(_op([receiver, *arguments]), shared=receiver.shared)
        return None

    def _take_effect(self, call, receiver_node, name_node, receiver, arguments):
        if arguments:
            return None
        place = self._place(receiver_node)
        if place is None:
            return None
        self.state.values[place] = _DATA  # `Option::take` leaves `None` behind
        return receiver

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
    methods.EMPTY: _Effects._empty_effect,
    methods.ITERATE: _Effects._iterate_effect,
    methods.PIECES: _Effects._pieces_effect,
    methods.MAP: _Effects._map_effect,
    methods.ADAPT: _Effects._adapt_effect,
    methods.TAKE: _Effects._take_effect,
    methods.YIELD: _Effects._yield_effect,
    methods.OR: _Effects._or_effect,
}
"""The reader of each effect."""

_EFFECTS_OF: dict[str, tuple[_Reading, ...]] = {
    name: tuple(_EFFECTS[effect] for effect in row.effects)
    for name, row in methods.METHODS.items()
    if row.effects
}
"""The readers of each method's effects, in its row's order."""
