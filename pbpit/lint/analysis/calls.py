"""Calls (`_Calls`): a function of the tree read by its summary (applied: `apply_summary.py`), a
closure bound by `let` read where it is called, and what a method of Burn's tensor API or of std
does to tracking."""

from __future__ import annotations

from collections.abc import Callable

from pbpit.engine.graph import Requirement
from pbpit.lint.analysis.call_scan import _MODULE_PATH
from pbpit.lint.analysis.common import _FIELD, _ITEMS, _PATH, _WATCHED, _last_segment
from pbpit.lint.analysis.effects import _EFFECTS_OF, _OTHERWISE_OF, _function_effects
from pbpit.lint.analysis.index import _Callee
from pbpit.lint.analysis.methods import (
    _BURN_METHODS,
    _CLOSURES,
    _PARAMETER_FREE,
    _REPEATING,
    CONTENT,
)
from pbpit.lint.analysis.state import _DATA, _FROZEN, _Exit, _join, _op
from pbpit.lint.values import Value
from pbpit.rust.syntax import Node


class _Calls:
    """How `_Function` reads calls of functions, closures and methods."""

    def _inline(self, closure: Node, arguments: list[Value]) -> Value:
        """A closure bound by `let`, read where it is called, with what it is given."""
        if closure.start_byte in self.inlining:
            return _op(arguments)
        self.inlining.add(closure.start_byte)
        # Its body is of the file, even when it is called in a macro's arguments (`vec![
        # interior(&u), boundary(&u)]`), which are of a tree of their own, `delta` bytes in.
        delta, self.delta = self.delta, 0
        try:
            return self._inline_body(closure, arguments)
        finally:
            self.delta = delta
            self.inlining.discard(closure.start_byte)

    def _inline_body(self, closure: Node, arguments: list[Value]) -> Value:
        self.push_scope(closure)
        parameters = closure.child_by_field_id(_FIELD.parameters)
        for index, parameter in enumerate(
            parameters.named_children if parameters is not None else ()
        ):
            pattern = parameter.child_by_field_id(_FIELD.pattern) or parameter
            given = arguments[index] if index < len(arguments) else _DATA
            self._bind(pattern, given, None, closure)
        exit_ = _Exit("closure", mark=len(self.journal.entries))
        self.exits.append(exit_)
        result = self.expr(closure.child_by_field_id(_FIELD.body))
        self.exits.pop()
        self.pop_scope()
        values = [result] if not self.state.dead else []
        values += [v for state, v in exit_.returns if not state.dead]
        self.join(exit_.mark, [self.state, *exit_.breaks], self.span(closure)[1])
        return _join(values) if values else _DATA

    # -- calls

    def _call(self, node: Node) -> Value:
        function = node.child_by_field_id(_FIELD.function)
        arguments = node.child_by_field_id(_FIELD.arguments)
        target = function
        if function is not None and function.type == "generic_function":
            target = function.child_by_field_id(_FIELD.function)
        argument_nodes = [
            a
            for a in (arguments.named_children if arguments is not None else [])
            if a.type not in _ITEMS
        ]
        if target is not None and target.type == "field_expression":
            receiver_node = target.child_by_field_id(_FIELD.value)
            name_node = target.child_by_field_id(_FIELD.field)
            name = self.text(name_node) if name_node is not None else ""
            receiver = self.expr(receiver_node)
            values = [self._argument(a, node, name, receiver) for a in argument_nodes]
            return self._method(node, receiver_node, name_node, name, receiver, values)
        values = [self._argument(a, node, "") for a in argument_nodes]
        if target is not None and target.type in ("scoped_identifier", "identifier"):
            last = self.text(target).split("::")[-1]
            path = target.child_by_field_id(_FIELD.path)
            owner = _last_segment(self.text(path)) if path is not None else ""
            for effect in _function_effects(owner, last):
                # What the function's row of the table says (`methods.FUNCTIONS`).
                value = effect(self, node, argument_nodes, values)
                if value is not None:
                    return value
            if owner and _PARAMETER_FREE.match(owner):
                return _FROZEN
            callee = None
            if target.type == "identifier":
                slot = self.lookup(last)
                if slot is not None and slot in self.closures:
                    return self._inline(self.closures[slot], values)
                if slot is None:
                    callee = self.program.function(last, self.source)
                else:
                    # A function value bound to a name: what it returns is not seen.
                    self.expr(target)
            elif path is not None and _MODULE_PATH.match(owner):
                # `train::step(..)`, `crate::train::step`, `super::step`: a free function.
                callee = self.program.qualified(owner, last, self.source)
            elif path is not None:
                kind = self.callee.owner if owner == "Self" and self.callee else owner
                callee = self.program.method(kind, last) if kind else None
            if callee is not None:
                receiver = None
                if callee.has_self and argument_nodes:
                    receiver = self._path(argument_nodes[0]) or (
                        "self" if argument_nodes[0].type == "self" else None
                    )
                applied = self._apply(callee, values, receiver, node, target)
                if applied is not None:
                    return applied
        else:
            self.expr(function)
        return _op(values)

    def _argument(
        self, node: Node, call: Node, method: str, receiver: Value | None = None
    ) -> Value:
        if node.type == "closure_expression" and method in _REPEATING:
            key = call.start_byte + self.delta
            walked = self._newest_walk(call, receiver, key)
            if walked is not None:
                return self._closure(node, key, walked)
            element = self._element(receiver) if receiver is not None else None
            return self._closure(node, key, element)
        if node.type == "closure_expression" and method in _CLOSURES:
            # `opt.map_or_else(|| .., |b| b.adapter())`: what the closure makes, once.
            content = receiver if _CLOSURES[method] == CONTENT else None
            return self._closure(node, element=content, value=True)
        return self.expr(node)

    def _newest_walk(self, call: Node, receiver: Value | None, key: int):
        """For a closure run per element of a walk from the newest cut short
        (`xs.iter().rev().take(k).fold(..)`, `_newest_taken`): the element each of its passes
        takes, as a `for` over that walk takes it (`_element_of_pass`); None for another."""
        function = call.child_by_field_id(_FIELD.function)
        walk = function.child_by_field_id(_FIELD.value) if function is not None else None
        newest = self._newest_taken(walk) if receiver is not None else None
        if newest is None:
            return None
        holder = self._walked(walk)
        return lambda: self._element_of_pass(receiver, key, holder, 0, newest)

    def _method(
        self,
        call: Node,
        receiver_node: Node | None,
        name_node: Node | None,
        name: str,
        receiver: Value,
        arguments: list[Value],
    ) -> Value:
        watching = _WATCHED.get(name)
        if watching:
            self._seen(watching, call, receiver_node, name, receiver)
        owner = self._receiver_type(receiver_node)
        # `ep.clear()` of the tree's own `Episode::clear`: its summary says what it does to the
        # fields of `ep`, not std's row of `Vec::clear`.
        own = owner is not None and (owner, name) in self.program.owned
        for effect in () if own else _EFFECTS_OF.get(name, ()):
            # What the method's row of the table says (`methods.py`), where it applies.
            value = effect(self, call, receiver_node, name_node, receiver, arguments)
            if value is not None:
                return value
        forward = name == "forward" or name.startswith("forward_")
        carried = _DATA
        if owner is None and receiver.parts and name not in _BURN_METHODS:
            # A struct of the tree, known by its fields (`bridge` of `opt.map(|bridge| ..)`).
            fields = frozenset(k[1:] for k, _ in receiver.parts)
            owner = self.program.owner_of_fields(name, fields)
        # `optimizer.step(lr, module, grads)`, unless the receiver's type is the tree's own.
        optimizer_step = (
            name == "step" and len(arguments) == 3 and (owner, name) not in self.program.owned
        )
        callee = None
        if (owner is not None or name not in _BURN_METHODS) and not optimizer_step:
            callee = self.program.method(owner, name)
        if callee is not None and callee.has_self and receiver_node is not None:
            path = "self" if receiver_node.type == "self" else None
            if receiver_node.type in ("identifier", "field_expression"):
                path = (
                    self.text(receiver_node)
                    if _PATH.match(self.text(receiver_node) + ".x")
                    else None
                )
            elif receiver_node.type == "call_expression":
                path = self._built_from(receiver_node, owner)
            elif receiver_node.type == "index_expression":
                path = self._element_receiver(receiver_node)  # `workers[i].act(..)`
            applied = self._apply_pushing(  # field_pushes.py
                callee, [receiver, *arguments], path, call, name_node or call
            )
            free = owner is not None and self.program.parameter_free(owner)
            if applied is not None and (not forward or free):
                return applied
            if applied is not None and applied.parts is not None:
                return applied  # a tuple or struct of the program's: its parts, each its own
            if applied is not None and applied.requirement == Requirement.GRAD_IN_BACKWARD:
                carried = applied  # what the module's own state adds to its forward
        if optimizer_step:
            return _DATA  # a module with its parameters as leaves: nothing carried, nothing made
        impls = self.program.implementations(owner, name) if callee is None else []
        if impls and receiver_node is not None and receiver_node.type != "call_expression":
            # Through a trait object: any of its impls may run, one each an arm.
            path = "self" if receiver_node.type == "self" else self.text(receiver_node)
            path = path if _PATH.match(path + ".x") else None
            given = [receiver, *arguments]

            def arm(impl: _Callee) -> Callable[[], Value]:
                return lambda: self._apply(impl, given, path, call, name_node or call) or _op(given)

            return self.branches([arm(impl) for impl in impls], self.span(call)[1])
        for effect in _OTHERWISE_OF.get(name, ()):
            # What the row says of a call that is no method of the tree (`Module::fork`).
            value = effect(self, call, receiver_node, name_node, receiver, arguments)
            if value is not None:
                return value
        if forward and not arguments and not receiver.frozen and carried is _DATA:
            # `temperature.forward()`: no input, so a parameter (`self.log_alpha.val()`).
            module = self.text(receiver_node) if receiver_node is not None else "module"
            return Value(Requirement.GRAD, why=f"from a parameter of `{module}`")
        if forward:
            if receiver.frozen:
                return _op(arguments)
            module = self.text(receiver_node) if receiver_node is not None else "module"
            if "\n" in module or len(module) > 40:
                module = "module"
            sources = frozenset().union(*(v.sources for v in arguments), carried.sources)
            reads = frozenset().union(*(v.reads for v in arguments), carried.reads)
            why = f"by `{module}.{name}`, whose parameters require grad"
            if owner is not None and (
                _PARAMETER_FREE.match(owner) or self.program.parameter_free(owner)
            ):
                # A `Gelu` has none: what made its input tracked says why.
                tracked = (v.why for v in arguments if v.requirement != Requirement.NONE)
                why = next((w for w in tracked if w), f"by `{module}.{name}`")
            return Value(Requirement.GRAD_IN_BACKWARD, None, sources, why, reads=reads)
        if receiver.frozen:
            return _FROZEN
        return _op([receiver, *arguments])

    def _built_from(self, call: Node, owner: str | None) -> str | None:
        """The name a chain of builder calls starts from (`model.with_temperature(2.0)`:
        `model`), when each is a method of the program that returns its `self` (`builds`):
        the fields they set are that name's; None otherwise."""
        while call.type == "call_expression":
            function = call.child_by_field_id(_FIELD.function)
            if function is None or function.type != "field_expression":
                return None
            name_node = function.child_by_field_id(_FIELD.field)
            receiver_node = function.child_by_field_id(_FIELD.value)
            if name_node is None or receiver_node is None:
                return None
            kind = owner or self._receiver_type(receiver_node)
            callee = self.program.method(kind, self.text(name_node))
            if callee is None or not callee.builds:
                return None
            call = receiver_node
        text = self.text(call)
        return (
            text
            if call.type in ("identifier", "field_expression") and _PATH.match(text + ".x")
            else None
        )

    def _given(self, value: Value) -> bool:
        """Whether a summary's tracked value is what its caller gives (a parameter, a field of
        `self`, a part of one), nothing the function made."""
        origin = value.origin
        if origin is not None and (origin in self.markers or origin in self.taken):
            return True
        return bool(value.sources) and all(
            d in self.markers or d in self.taken for d in value.sources
        )

    def _closure_data(self, call: Node, arguments: list[Value]) -> bool:
        """Whether an adaptor's one argument is a closure whose value is data."""
        return (
            self._closure_given(call)
            and len(arguments) == 1
            and arguments[0].requirement == Requirement.NONE
        )

    def _closure_given(self, call: Node) -> bool:
        """Whether an adaptor's one argument is a closure written there."""
        given = call.child_by_field_id(_FIELD.arguments)
        nodes = given.named_children if given is not None else []
        return len(nodes) == 1 and nodes[0].type == "closure_expression"
