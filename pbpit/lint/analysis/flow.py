"""Branches and loops (`_Flow`): `if` and `match` (a branch one pass only takes), and the passes
of `for`, `while` and `loop`, up to the pass that starts as the one before it."""

from __future__ import annotations

import bisect
import functools
import itertools
import re
from collections.abc import Callable, Iterable
from dataclasses import replace

from pbpit.engine.graph import Requirement
from pbpit.lint.analysis import methods
from pbpit.lint.analysis.call_scan import _RUNS_BACKWARD
from pbpit.lint.analysis.common import (
    _FIELD,
    _PASSES,
    _PASSES_DEEPEST,
    _pattern_names,
)
from pbpit.lint.analysis.state import (
    _DATA,
    _MISSING,
    _AtMark,
    _content,
    _every,
    _Exit,
    _LoopStart,
    _op,
    _Renamed,
    _renamed_value,
    _Shared,
    _Slot,
)
from pbpit.lint.loss_walks import called_collection, map_value_name, popped_name
from pbpit.lint.values import Definition, Value
from pbpit.rust.syntax import Node

_ASSIGNS = re.compile(rb"(?m)^\s*[A-Za-z_]\w*\s*=[^=]")
"""A statement assigning a name (`h = (h + w).tanh();`): with a `push`, the loop keeps an element
of each pass that may derive from what the pass before left there, so it is read for more passes."""


class _Flow:
    """How `_Function` reads branches and loops."""

    def _if(self, node: Node) -> Value:
        self.push_scope(node)
        condition = node.child_by_field_id(_FIELD.condition)
        self._condition(condition)
        consequence = node.child_by_field_id(_FIELD.consequence)
        alternative = node.child_by_field_id(_FIELD.alternative)
        conditional_scope = self.scopes[-1]

        keys = self._once(condition) or self._first_pass(condition, consequence)

        def then() -> Value:
            if not keys:
                return self.expr(consequence)
            self.once.extend((key, self.span(node)[0]) for key in keys)
            try:
                return self.expr(consequence)
            finally:
                del self.once[len(self.once) - len(keys) :]

        def otherwise() -> Value:
            if alternative is None:
                return _DATA
            # The `if let` bindings are not in scope in the `else`.
            self._unbind(conditional_scope)
            self.scopes[-1] = {}
            value = self.expr(
                alternative.named_children[-1] if alternative.named_child_count else None
            )
            self._unbind(self.scopes[-1])
            self.scopes[-1] = conditional_scope
            self._rebind(conditional_scope)
            return value

        later = self._pass_truth(condition)
        arms = [then, otherwise] if later is None else [then] if later else [otherwise]
        value = self.branches(arms, self.span(node)[1])
        self.pop_scope()
        return value

    def _condition(self, node: Node | None) -> None:
        """A condition; `let` patterns in it bind in the current scope."""
        if node is None:
            return
        if node.type == "let_condition":
            value = self.expr(node.child_by_field_id(_FIELD.value))
            pattern = node.child_by_field_id(_FIELD.pattern)
            if pattern is not None:
                self._bind_part(pattern, value)
        elif node.type == "let_chain":
            for child in node.named_children:
                self._condition(child)
        else:
            self.expr(node)

    def _bind_part(self, pattern: Node, value: Value) -> None:
        """Names bound out of `value` by a pattern (`Some(x)`, a match arm): parts of it."""
        if pattern.type == "tuple_struct_pattern" and _content(value):
            kind = pattern.child_by_field_id(_FIELD.type)
            inner = [c for c in pattern.named_children if c != kind]
            if kind is not None and self.text(kind) in ("Some", "Ok") and len(inner) == 1:
                # `Some(b)` of an `Option` of a tuple or struct: `b` is it, part by part.
                self._bind(inner[0], value, None, pattern)
                return
        part = _op([value]) if value.requirement == Requirement.GRAD_IN_BACKWARD else value
        for name_node in _pattern_names(pattern):
            name = self.text(name_node)
            self.declare(name, self._bound(name, part, name_node, None, pattern), name_node)

    def _match(self, node: Node) -> Value:
        scrutinee = node.child_by_field_id(_FIELD.value)
        value = self.expr(scrutinee)
        body = node.child_by_field_id(_FIELD.body)
        arms = [
            a for a in (body.named_children if body is not None else []) if a.type == "match_arm"
        ]
        none = self._option_place(scrutinee)
        counted = None  # `match step { 0 => .., _ => .. }`: the loop whose counter it is
        if scrutinee is not None and scrutinee.type == "identifier":
            slot = self.lookup(self.text(scrutinee))
            counted = self.counters.get(slot) if slot is not None else None

        def arm_of(arm: Node) -> Callable[[], Value]:
            def run() -> Value:
                self.push_scope(arm)
                pattern = arm.child_by_field_id(_FIELD.pattern)
                once = counted is not None and _one_value(pattern)
                if pattern is not None:
                    self._bind_part(pattern, value)
                    self.expr(pattern.child_by_field_id(_FIELD.condition))
                    if none is not None and self.text(pattern) == "None":
                        self.state.values[none] = _DATA  # `None => ..`: it holds no tensor
                if once:  # one value of the counter: one pass at most
                    self.once.append((counted, arm.start_byte + self.delta))
                try:
                    result = self.expr(arm.child_by_field_id(_FIELD.value))
                finally:
                    if once:
                        self.once.pop()
                self.pop_scope()
                return result

            return run

        if not arms:
            return _DATA
        return self.branches([arm_of(arm) for arm in arms], self.span(node)[1])

    def _option_place(self, node: Node | None) -> _Slot | None:
        """The name or field an `Option` matched is read from (`self.total` of `match
        self.total.clone()`, `&opt`, `opt.as_ref()`): in a `None` arm it holds no tensor."""
        while node is not None:
            if node.type in ("reference_expression", "parenthesized_expression"):
                node = node.named_children[-1] if node.named_child_count else None
            elif node.type == "call_expression":
                function = node.child_by_field_id(_FIELD.function)
                given = node.child_by_field_id(_FIELD.arguments)
                name = function.child_by_field_id(_FIELD.field) if function is not None else None
                if name is None or given is None or given.named_child_count:
                    return None
                if self.text(name) not in ("clone", "as_ref", "as_mut", "as_deref"):
                    return None
                node = function.child_by_field_id(_FIELD.value)
            elif node.type == "identifier":
                return self.lookup(self.text(node))
            elif node.type == "field_expression":
                path = self._path(node)
                return self._field_slot(path, create=True) if path is not None else None
            else:
                return None
        return None

    # -- loops

    def _passes(self, loop: Node, key: int, body: Callable[[], None]) -> None:
        """Run a loop body up to three times when it backpropagates: what one pass consumes, the
        next misses. A pass that would start as the one before it started (`_same_entry`) would
        find nothing new, and is not run."""
        # Run before in this reading (an inner loop, in a pass of the outer one): what it made
        # then is named by pass, so every name is compared.
        again = key in self.loops
        self.loops[key] = loop
        self.loop_spans[key] = self.span(loop)
        start, end = loop.start_byte + self.delta, loop.end_byte + self.delta
        text = self.data[start:end]
        repeat = (
            b"backward" in text
            or self.program.calls_a_helper(self.source, start, end)
            or self._calls_a_backward_closure(text)
            or (b".push(" in text and _ASSIGNS.search(text) is not None)
        ) and len(self.context) < _PASSES_DEEPEST
        label = next((self.text(c) for c in loop.named_children if c.type == "label"), None)
        exit_ = _Exit("loop", label, len(self.journal.entries))
        # What each visible name holds as the loop starts (a carried leaf stays a leaf) is told
        # from the journal when a rule asks (`_entry_names`): a copy per loop would cost every
        # name in scope, and a function of n loops n².
        self.starts[key] = _LoopStart(
            exit_.mark, [len(scope) for scope in self.scopes], again, len(self.bind_depths)
        )
        # A closure's body catches its own `return`; `break` and `continue` cannot leave it.
        exits = [] if loop.type == "closure_expression" else [exit_]
        outer = self.context
        entry = None
        self.last_pass[key] = _PASSES if repeat else 1
        for number in range(1, _PASSES + 1 if repeat else 2):
            if self.state.dead:
                break  # every path of the last pass left the loop: no next pass
            if repeat:
                previous, entry = entry, self._entry(key, number)
                if entry == previous and not (number == 2 and key in self.first_told):
                    break
            self.context = (*outer, (key, number))
            self.exits.extend(exits)
            body()
            del self.exits[len(self.exits) - len(exits) :]
            self.join(exit_.mark, [self.state, *exit_.continues], self.loop_spans[key][0])
            exit_.continues.clear()
        self.context = outer
        # After the loop: a pass that ended (a `loop` ends by `break` only) or a `break`.
        ended = [] if loop.type == "loop_expression" and exit_.breaks else [self.state]
        self.join(exit_.mark, [*ended, *exit_.breaks], self.loop_spans[key][1])

    def _calls_a_backward_closure(self, text: bytes) -> bool:
        """Whether `text` calls a closure bound by `let` whose body runs a backward (`let step =
        |loss| loss.backward();` called in a loop): the loop backpropagates as if it said so."""
        for slot, closure in self.closures.items():
            body = self.data[closure.start_byte : closure.end_byte]
            if _RUNS_BACKWARD.search(body) and re.search(
                rb"\b" + re.escape(slot.name.encode()) + rb"\s*\(", text
            ):
                return True
        return False

    def _at_mark(self, mark: int) -> tuple[dict, dict]:
        """What the names and definitions written since journal `mark` held at it (`_MISSING`:
        not there): a key's first write since the mark replaced what it held then."""
        values = self.state.values
        old_values: dict = {}
        old_consumed: dict = {}
        journal = self.journal
        for index in range(mark, len(journal.entries)):
            target, key, old = journal.targets[index], journal.entries[index], journal.olds[index]
            into = old_values if target is values else old_consumed
            if key not in into:
                into[key] = old
        return old_values, old_consumed

    def _entry_names(self, key: int) -> dict[str, Value]:
        """What each name visible as loop `key` started held then (the innermost of a name),
        while the loop is read."""
        start = self.starts[key]
        old_values, _ = self._at_mark(start.mark)
        values = self.state.values
        entry = {}
        for scope, size in zip(self.scopes, start.sizes, strict=False):
            for name, slot in itertools.islice(scope.items(), size):
                held = old_values[slot] if slot in old_values else values.get(slot, _MISSING)
                entry[name] = _DATA if held is _MISSING else held
        for scope in self.scopes:
            for name, slot in scope.items():
                root, _, field_ = name.partition(".")
                if field_ and name not in entry and root in entry and "." not in field_:
                    # `runner.state`, first set in the loop, of a `runner` made before it: in
                    # scope as the loop started, holding what `runner`'s literal put there.
                    held = old_values[slot] if slot in old_values else _MISSING
                    if held is _MISSING:
                        held = dict(entry[root].parts or ()).get(f".{field_}", _DATA)
                    entry[name] = held
        return entry

    def _entry(self, key: int, number: int) -> object:
        """What pass `number` of loop `key` starts with, as a token: the one of the pass before
        when it starts as that one did, up to renaming (`_same_entry`), else a new one."""
        start = self.starts[key]
        if number == 1 or not self._same_entry(key, number, start):
            start.token = object()
        start.binds = len(self.bind_depths)
        return start.token

    def _same_entry(self, key: int, number: int, start: _LoopStart) -> bool:
        """Whether pass `number` of loop `key` starts as the pass before it started, up to
        renaming (`_renaming`). Only the names that can differ are compared: those written
        since the loop started and those holding a definition whose consumption changed since;
        each as the pass before saw it (`start.compared`, filled here for the next pass) or,
        not asked then, as it held when the loop started. Every name when the loop ran before
        in this reading or a definition consumed since is not known to be made here; a name
        bound in an enclosing scope since the pass before makes the two differ."""
        mark, compared = start.mark, start.compared
        depth = len(start.sizes)
        same = all(d >= depth for d in self.bind_depths[start.binds :])
        old_values, old_consumed = self._at_mark(mark)
        values = self.state.values
        bound = self.bound
        asked: Iterable[_Slot]
        born = [self.born.get(d) for d in old_consumed]
        if start.again or None in born:
            asked = [slot for scope in self.scopes for slot in scope.values()]
        else:
            # A name holding one of them was written after it was made.
            since = min([mark, *[self.journal_index(b) for b in born]])
            journal = self.journal
            written = zip(journal.targets[since:], journal.entries[since:], strict=True)
            asked = dict.fromkeys(slot for target, slot in written if target is values)
        now = self._renaming(key, number, self.state.consumed)
        before = self._renaming(key, number - 1, _AtMark(self.state.consumed, old_consumed))
        fresh: dict[_Slot, tuple] = {}
        for slot in asked:
            if slot not in bound.get(slot.name, ()):
                continue  # out of scope: not in what the pass starts with
            if slot in compared:
                then = compared[slot]
            else:
                held = old_values[slot] if slot in old_values else values.get(slot, _MISSING)
                then = before(_DATA if held is _MISSING else held)
            fresh[slot] = now(values.get(slot, _DATA))
            if fresh[slot] != then:
                same = False
        compared.clear()
        compared.update(fresh)
        return same

    def journal_index(self, seq: int) -> int:
        """Where in the journal the write numbered `seq` (or the first after it) is."""
        return bisect.bisect_left(self.journal.seqs, seq)

    def _renaming(
        self, key: int, number: int, consumed: dict | _AtMark
    ) -> Callable[[Value], tuple]:
        """What a value held as pass `number` of loop `key` starts (with `consumed` consumed)
        is, up to renaming: a definition made in an earlier pass is told by how many passes ago
        and where, one made before the loop by itself; each with whether it is consumed. Each
        definition is renamed once and each set of definitions once, into a set of small
        numbers (`_tokens`), so that a chain whose every member holds the ones before it costs
        no Python work per member held."""
        renamed = _Renamed(key, number, consumed, self._tokens)
        sets: dict[int, object] = {}
        known, keyed, plain_sets = self._classified.setdefault(key, (set(), set(), {}))
        # None of these closures calls itself (a cycle for the collector with all they hold):
        # a `_Shared` is asked block by block, each block a frozenset.

        def plain_block(made: frozenset[Definition]) -> bool:
            """Whether no definition of `made` was made in loop `key`: found once per set."""
            found = plain_sets.get(id(made))
            if found is None or found[0] is not made:
                for definition in made.difference(known):
                    known.add(definition)
                    if any(loop == key for loop, _ in definition.context):
                        keyed.add(definition)
                found = plain_sets[id(made)] = (made, made.isdisjoint(keyed))
            return found[1]

        def plain(made: frozenset[Definition]) -> bool:
            if type(made) is _Shared:  # as the sets it shares, each classified once
                return _every(made, plain_block, plain_sets)
            return plain_block(made)

        parts_consumed: dict[int, tuple[frozenset, bool, bool]] = {}
        shared_consumed: tuple[dict, dict] = ({}, {})

        def consumed_block(made: frozenset[Definition], every: bool) -> bool:
            found = parts_consumed.get(id(made))
            if found is None or found[0] is not made:
                if type(consumed) is _AtMark:
                    none, every_one = consumed.isdisjoint(made), consumed.holds_all(made)
                else:  # the smaller is looked through
                    none, every_one = consumed.keys().isdisjoint(made), consumed.keys() >= made
                found = parts_consumed[id(made)] = (made, none, every_one)
            return found[2] if every else found[1]

        def consumed_part(made: frozenset[Definition], every: bool) -> bool:
            """Whether all of `made` is consumed (`every`), or none: a set shared by several
            (`_Shared`) is looked at block by block, each once."""
            if type(made) is _Shared:
                return _every(
                    made, lambda part: consumed_block(part, every), shared_consumed[every]
                )
            return consumed_block(made, every)

        def definitions(made: frozenset[Definition]) -> object:
            found = sets.get(id(made))  # alive while this runs: held by the state
            if found is not None:
                return found
            # Made before the loop, all consumed or none: the set itself says which they are.
            if plain(made) and consumed_part(made, False):
                found = (made, False)
            elif plain(made) and consumed_part(made, True):
                found = (made, True)
            else:
                found = frozenset(map(renamed.__getitem__, made))
            sets[id(made)] = found
            return found

        return functools.partial(_renamed_value, renamed, definitions)

    def _for(self, node: Node) -> Value:
        value_node = node.child_by_field_id(_FIELD.value)
        iterated = self.expr(value_node)
        pattern = node.child_by_field_id(_FIELD.pattern)

        counter = self._counter(node)
        walked = self._walked_name(pattern, value_node)
        collection = self._walked(value_node)
        called = (
            iterated.origin is None
            and iterated.requirement == Requirement.GRAD_IN_BACKWARD
            and called_collection(value_node, methods.METHODS.__contains__, self.text)
        )
        if walked is None and not _content(iterated):  # `(k, v)` of a map's walk, or a call's
            walked = map_value_name(pattern, value_node, self.text, called)
        if called:
            # What a call returns, walked at once (`for loss in head_losses(&m, x)`): its
            # elements as those of a `let` holding it, bound by the call's text.
            held = self.text(value_node)
            iterated = self._bound(held, iterated, value_node, None, node)
            self.declare(held, iterated, value_node)
            collection = value_node
        zipped = self._zipped_tensors(pattern, value_node, walked, collection)
        if zipped is not None:
            walked, collection = zipped
        carried = self._mut_walk(value_node) if walked is not None else None
        key = node.start_byte + self.delta

        positions = self._tuple_parts(pattern, value_node, iterated)
        nested = self._pattern_collections(pattern, value_node)
        if called and not nested and pattern is not None and pattern.type == "tuple_pattern":
            nested = [(pattern, iterated, value_node)]  # pairs a call returns, pushed one by one
        newest = self._newest_taken(value_node)

        def body() -> None:
            self.push_scope(node)
            own = self._pattern_elements(nested, key) if nested else {}
            for name_node in _pattern_names(pattern) if pattern is not None else ():
                # Each element is a tensor of its own, deriving from what they all share.
                if name_node == walked:
                    element = self._element_of_pass(iterated, key, collection, 0, newest)
                elif name_node in own and own[name_node].origin in self.pass_made:
                    # The element of this pass of its own collection (pattern_walks.py): of a
                    # `Vec` of pairs (`for (name, loss) in named.iter()`), a tensor a pass.
                    element = own[name_node]
                elif name_node in positions:
                    element = positions[name_node]
                elif name_node in own:
                    element = own[name_node]  # of its own collection (pattern_walks.py)
                else:
                    element = self._element(iterated)
                if element.requirement == Requirement.GRAD:
                    element = _DATA
                name = self.text(name_node)
                self.declare(name, self._bound(name, element, name_node, None, node), name_node)
                if name_node == counter:
                    self.counters[self.scopes[-1][name]] = key
                if name_node == walked and carried is not None:
                    self.walk_places[self.scopes[-1][name]] = (carried, key)
            if carried is not None and walked is not None:
                self._carried_fields(carried, self.text(walked), key, out=False)
            self.expr(node.child_by_field_id(_FIELD.body))
            if carried is not None and walked is not None:
                self._carried_fields(carried, self.text(walked), key, out=True)
            self.pop_scope()

        self._counted(node, body)
        return _DATA

    def _zipped_tensors(
        self, pattern: Node | None, value: Node | None, walked: Node | None, named: Node | None
    ) -> tuple[Node, Node] | None:
        """`for (k, loss) in weights.iter().zip(losses)`, the receiver's collection data and
        the argument's tensors: the name bound to the argument's element, and its collection."""
        if walked is None or named is None or pattern is None or value is None:
            return None
        method = (
            value.child_by_field_id(_FIELD.function) if value.type == "call_expression" else None
        )
        name = method.child_by_field_id(_FIELD.field) if method is not None else None
        arguments = value.child_by_field_id(_FIELD.arguments)
        if name is None or self.text(name) != "zip" or arguments is None:
            return None
        if arguments.named_child_count != 1 or walked != pattern.named_children[0]:
            return None
        other = self._walked(arguments.named_children[0])
        second = pattern.named_children[1]
        if other is None or second.type != "identifier":
            return None
        mine, theirs = self.lookup(self.text(named)), self.lookup(self.text(other))
        if mine is None or theirs is None:
            return None
        data = self.state.values.get(mine, _DATA).requirement == Requirement.NONE
        held = self.state.values.get(theirs, _DATA)
        if data and held.requirement == Requirement.GRAD_IN_BACKWARD:
            return second, other
        return None

    def _while(self, node: Node) -> Value:
        key = node.start_byte + self.delta

        def body() -> None:
            self.push_scope(node)
            condition = node.child_by_field_id(_FIELD.condition)
            popped = popped_name(condition, self.text)
            if popped is not None:
                # `while let Some(loss) = losses.pop()`: each pass takes an element of its own.
                name_node, receiver = popped
                element = self._element_of_pass(self.expr(receiver), key, receiver)
                if element.origin is not None:  # the condition's read of `losses` takes it
                    taken = self._taking_read(element.reads, self.span(receiver), element.origin)
                    element = replace(element, reads=taken)
                name = self.text(name_node)
                self.declare(name, self._bound(name, element, name_node, None, node), name_node)
            else:
                self._condition(condition)
            self.expr(node.child_by_field_id(_FIELD.body))
            self.pop_scope()

        self._counted(node, body)
        return _DATA

    def _counted(self, loop: Node, body: Callable[[], None]) -> None:
        """The passes of `loop`, with the names it counts its passes with as its counters."""
        key = loop.start_byte + self.delta
        counters = [slot for slot in self._pass_counters(loop) if slot not in self.counters]
        for slot in counters:
            self.counters[slot] = key
        try:
            self._passes(loop, key, body)
        finally:
            for slot in counters:
                del self.counters[slot]

    def _loop(self, node: Node) -> Value:
        self._counted(node, lambda: self.expr(node.child_by_field_id(_FIELD.body)))
        return _DATA


def _one_value(pattern: Node | None) -> bool:
    """Whether a match arm's pattern is one literal value, without a guard (`0 =>`)."""
    if pattern is None or pattern.child_by_field_id(_FIELD.condition) is not None:
        return False
    literals = pattern.named_children
    return len(literals) == 1 and literals[0].type in ("integer_literal", "boolean_literal")
