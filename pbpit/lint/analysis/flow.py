"""Branches and loops (`_Flow`): `if` and `match` (a branch one pass only takes), and the passes
of `for`, `while` and `loop`, up to the pass that starts as the one before it."""

from __future__ import annotations

import bisect
import functools
import itertools
import re
from collections.abc import Callable, Iterable, Iterator

from pbpit.engine.graph import Requirement
from pbpit.lint.analysis.call_scan import _RUNS_BACKWARD
from pbpit.lint.analysis.common import (
    _FIELD,
    _PASSES,
    _PASSES_DEEPEST,
    _WORD,
    _assignments,
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
from pbpit.lint.values import Definition, Value
from pbpit.rust.syntax import Node


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

        later = self._later_passes(condition)
        arms = [then, otherwise] if later is None else [then] if later else [otherwise]
        value = self.branches(arms, self.span(node)[1])
        self.pop_scope()
        return value

    def _later_passes(self, condition: Node | None) -> bool | None:
        """Whether this pass takes an `if` that every pass but the first takes (`ep > 0`, `ep
        != 0`, `ep >= 1`, `0 < ep` of `for ep in 0..n`): not in the loop's first pass, always
        in its later ones (each pass after the first is read as its 2nd or 3rd); None for any
        other condition."""
        while condition is not None and condition.type == "parenthesized_expression":
            condition = condition.named_children[0] if condition.named_child_count else None
        if condition is None or condition.type != "binary_expression":
            return None
        operator = condition.child_by_field_id(_FIELD.operator)
        left = condition.child_by_field_id(_FIELD.left)
        right = condition.child_by_field_id(_FIELD.right)
        if operator is None or left is None or right is None:
            return None
        shape = (self.text(operator), self.text(right))
        if shape not in ((">", "0"), ("!=", "0"), (">=", "1")):
            if (self.text(operator), self.text(left)) not in (("<", "0"), ("!=", "0")):
                return None
            left = right
        if left.type != "identifier":
            return None
        slot = self.lookup(self.text(left))
        key = self.counters.get(slot) if slot is not None else None
        loop = self.loops.get(key) if key is not None else None
        if loop is None or loop.type != "for_expression":
            return None
        pattern = loop.child_by_field_id(_FIELD.pattern)
        value = loop.child_by_field_id(_FIELD.value)
        if pattern is None or value is None or value.type != "range_expression":
            return None  # `(0..n).rev()`, `.step_by(k)`, `enumerate()`: not read here
        start = value.named_children[0] if value.named_child_count else None
        if self.text(pattern) != self.text(left) or start is None or self.text(start) != "0":
            return None
        number = next((n for k, n in self.context if k == key), None)
        if number is None or self.last_pass.get(key, 1) == 1:
            return None  # a loop read once (no backward in it): that reading is every pass
        return number > 1

    def _once(self, condition: Node | None) -> list[int]:
        """The loops whose passes take this `if` once at most: `counter == value`, the counter
        of a loop around it, the value the same in every pass (a literal, or names the loop
        does not assign, without calls); each of `a && b`'s."""
        while condition is not None and condition.type == "parenthesized_expression":
            condition = condition.named_children[0] if condition.named_child_count else None
        if condition is None or condition.type != "binary_expression":
            return []
        operator = condition.child_by_field_id(_FIELD.operator)
        if operator is not None and self.text(operator) == "&&":
            keys = self._once(condition.child_by_field_id(_FIELD.left))
            right = self._once(condition.child_by_field_id(_FIELD.right))
            return keys + [key for key in right if key not in keys]
        if operator is None or self.text(operator) != "==":
            return []
        sides = [
            condition.child_by_field_id(_FIELD.left),
            condition.child_by_field_id(_FIELD.right),
        ]
        for counter, other in (sides, sides[::-1]):
            if counter is None or other is None or counter.type != "identifier":
                continue
            slot = self.lookup(self.text(counter))
            key = self.counters.get(slot) if slot is not None else None
            if key is not None and self._same_every_pass(other, key):
                return [key]
        return []

    def _first_pass(self, condition: Node | None, consequence: Node | None) -> list[int]:
        """The loops whose passes take this `if` once at most because it flips its own flag:
        `if !initialized { ..; initialized = true; }`, `if first { ..; first = false; }`, the
        flag bound before those loops and set nowhere else in them."""
        if condition is None or consequence is None:
            return []
        negated = condition.type == "unary_expression" and self.text(condition).startswith("!")
        flag = condition.named_children[0] if negated and condition.named_child_count else condition
        if flag.type != "identifier":
            return []
        slot = self.lookup(self.text(flag))
        if slot is None:
            return []
        if not self.context:
            return []  # no loop to take it once in
        text = self.text(flag).encode()
        flipped = b"true" if negated else b"false"
        start, end = self.span(consequence)
        if _WORD.fullmatch(text):
            # By the file's assignments (a search per `if` would read its block again).
            starts, words = _assignments(self.data).get(text, ([], []))

            def between(low: int, high: int) -> range:
                return range(bisect.bisect_left(starts, low), bisect.bisect_left(starts, high))

            last = len(self.context)  # the loops it runs once in: those up to this one
            if not any(words[i] == flipped for i in between(start, end)):
                # Or flipped by a statement of a loop's own body, in every pass of it (`if
                # first { .. } first = false;`): once in that loop and those around it.
                last = self._flips_each_pass(self.text(flag), flipped.decode())
                if last is None:
                    return []
            keys = []
            for key, _ in self.context[: last + 1]:
                loop_start, loop_end = self.loop_spans[key]
                if loop_start > slot.declared and len(between(loop_start, loop_end)) == 1:
                    keys.append(key)
            return keys
        sets = re.compile(rb"\b" + re.escape(text) + rb"\s*=(?!=)\s*(\w+)")
        if not any(m.group(1) == flipped for m in sets.finditer(self.data, start, end)):
            return []
        keys = []
        for key, _ in self.context:
            loop_start, loop_end = self.loop_spans[key]
            if (
                loop_start > slot.declared
                and len(sets.findall(self.data, loop_start, loop_end)) == 1
            ):
                keys.append(key)
        return keys

    def _flips_each_pass(self, flag: str, flipped: str) -> int | None:
        """The position in the context of the innermost loop around whose body has `flag =
        flipped;` as a statement of its own (run in every pass), if one has."""
        for position in range(len(self.context) - 1, -1, -1):
            body = self.loops[self.context[position][0]].child_by_field_id(_FIELD.body)
            for assignment in self._every_pass(body, "assignment_expression"):
                left = assignment.child_by_field_id(_FIELD.left)
                right = assignment.child_by_field_id(_FIELD.right)
                if left is None or right is None or self.text(left) != flag:
                    continue
                if self.text(right) == flipped:
                    return position
        return None

    def _every_pass(self, body: Node | None, kind: str) -> Iterator[Node]:
        """The expressions of type `kind` that are statements of a loop body's own (`flag =
        ..;`, `i += 1;`), run in every pass: no `continue` comes before them."""
        for statement in body.named_children if body is not None else ():
            expression = statement.named_children[0] if statement.named_child_count else None
            if statement.type != "expression_statement" or expression is None:
                continue
            if expression.type != kind:
                continue
            before = self.data[body.start_byte + self.delta : statement.start_byte + self.delta]
            if b"continue" not in before:
                yield expression

    def _same_every_pass(self, node: Node, key: int) -> bool:
        """Whether an expression has one value in every pass of loop `key`, as far as it shows:
        literals, and names the loop never assigns, in arithmetic or fields; no calls."""
        start, end = self.loop_spans[key]
        stack = [node]
        while stack:
            part = stack.pop()
            if part.type in ("integer_literal", "float_literal", "boolean_literal"):
                continue
            if part.type == "identifier":
                name = re.escape(self.text(part).encode())
                assigned = re.compile(rb"\b" + name + rb"\s*(?:[-+*/%&|^]|<<|>>)?=(?!=)")
                if assigned.search(self.data, start, end):
                    return False
                continue
            if part.type not in (
                "binary_expression",
                "parenthesized_expression",
                "field_expression",
                "field_identifier",
                "unary_expression",
                "type_cast_expression",
                "primitive_type",
                "scoped_identifier",
            ):
                return False
            stack.extend(part.named_children)
        return True

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
                if entry == previous:
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
        carried = self._mut_walk(value_node) if walked is not None else None
        key = node.start_byte + self.delta

        positions = self._tuple_parts(pattern, value_node, iterated)

        def body() -> None:
            self.push_scope(node)
            for name_node in _pattern_names(pattern) if pattern is not None else ():
                # Each element is a tensor of its own, deriving from what they all share.
                if name_node == walked:
                    element = self._element_of_pass(iterated, key, self._walked(value_node))
                elif name_node in positions:
                    element = positions[name_node]
                else:
                    element = self._element(iterated)
                if element.requirement == Requirement.GRAD:
                    element = _DATA
                name = self.text(name_node)
                self.declare(name, self._bound(name, element, name_node, None, node), name_node)
                if name_node == counter:
                    self.counters[self.scopes[-1][name]] = key
            if carried is not None and walked is not None:
                self._carried_fields(carried, self.text(walked), key, out=False)
            self.expr(node.child_by_field_id(_FIELD.body))
            if carried is not None and walked is not None:
                self._carried_fields(carried, self.text(walked), key, out=True)
            self.pop_scope()

        self._counted(node, body)
        return _DATA

    def _counter(self, loop: Node) -> Node | None:
        """The name a `for` loop binds to a new number every pass: `i` in `for i in 0..n` (or
        `(0..n).rev()`, `.step_by(k)`) and in `for (i, x) in xs.iter().enumerate()`."""
        pattern = loop.child_by_field_id(_FIELD.pattern)
        value = loop.child_by_field_id(_FIELD.value)
        while value is not None and value.type == "parenthesized_expression":
            value = value.named_children[0] if value.named_child_count else None
        if value is None or pattern is None:
            return None
        if value.type == "range_expression" and pattern.type == "identifier":
            return pattern
        method = (
            value.child_by_field_id(_FIELD.function) if value.type == "call_expression" else None
        )
        name = method.child_by_field_id(_FIELD.field) if method is not None else None
        if method is None or name is None or method.type != "field_expression":
            return None
        if self.text(name) == "enumerate" and pattern.type == "tuple_pattern":
            first = pattern.named_children[0] if pattern.named_child_count else None
            return first if first is not None and first.type == "identifier" else None
        receiver = method.child_by_field_id(_FIELD.value)
        while receiver is not None and receiver.type == "parenthesized_expression":
            receiver = receiver.named_children[0] if receiver.named_child_count else None
        ordered = self.text(name) in ("rev", "step_by")
        if ordered and receiver is not None and receiver.type == "range_expression":
            return pattern if pattern.type == "identifier" else None
        return None

    def _while(self, node: Node) -> Value:
        def body() -> None:
            self.push_scope(node)
            self._condition(node.child_by_field_id(_FIELD.condition))
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

    def _pass_counters(self, loop: Node) -> list[_Slot]:
        """The names a loop counts its passes with: `i` of `while i < losses.len() { ..; i +=
        1; }`, raised by a statement of the loop's own body that no `continue` skips, by a
        positive literal, and written nowhere else in the loop but so; bound by a `let` in the
        pass of the loops around (or before any loop), or set to a number in it before this
        loop (`i = 0;`): a new value each pass."""
        body = loop.child_by_field_id(_FIELD.body)
        if body is None or body.type != "block":
            return []
        if self.data.find(b"+=", body.start_byte + self.delta, body.end_byte + self.delta) < 0:
            return []
        found = []
        for raised in self._every_pass(body, "compound_assignment_expr"):
            operator = raised.child_by_field_id(_FIELD.operator)
            left = raised.child_by_field_id(_FIELD.left)
            right = raised.child_by_field_id(_FIELD.right)
            if operator is None or left is None or right is None or self.text(operator) != "+=":
                continue
            if left.type != "identifier" or not _positive(self.text(right)):
                continue
            slot = self.lookup(self.text(left))
            if slot is not None and slot not in found and self._counts(loop, slot):
                found.append(slot)
        return found

    def _counts(self, loop: Node, slot: _Slot) -> bool:
        """Whether `slot`, raised in every pass of `loop`, is written in it only so and starts
        again with each pass of the loop around."""
        if self.context:
            around = self.loops[self.context[-1][0]]
            if slot.declared < self.loop_spans[self.context[-1][0]][0] and not self._reset(
                around, loop, slot.name
            ):
                return False  # bound outside the loop around: not started again with it
        start, end = loop.start_byte + self.delta, loop.end_byte + self.delta
        name = re.escape(slot.name.encode())
        writes = re.compile(rb"(?<![\w.])" + name + rb"\s*((?:[-+*/%&|^]|<<|>>)?=)(?!=)\s*(\w*)")
        if re.search(rb"&\s*mut\s+" + name + rb"\b", self.data[start:end]):
            return False
        return all(
            write.group(1) == b"+=" and _positive(write.group(2).decode())
            for write in writes.finditer(self.data, start, end)
        )

    def _reset(self, around: Node, loop: Node, name: str) -> bool:
        """Whether a statement of `around`'s own body before `loop` sets `name` to a number."""
        body = around.child_by_field_id(_FIELD.body)
        for statement in body.named_children if body is not None else ():
            if statement.start_byte >= loop.start_byte:
                break
            assignment = statement.named_children[0] if statement.named_child_count else None
            if statement.type != "expression_statement" or assignment is None:
                continue
            left = assignment.child_by_field_id(_FIELD.left)
            right = assignment.child_by_field_id(_FIELD.right)
            if assignment.type == "assignment_expression" and left is not None:
                if (
                    self.text(left) == name
                    and right is not None
                    and right.type == "integer_literal"
                ):
                    return True
        return False

    def _loop(self, node: Node) -> Value:
        self._counted(node, lambda: self.expr(node.child_by_field_id(_FIELD.body)))
        return _DATA


def _one_value(pattern: Node | None) -> bool:
    """Whether a match arm's pattern is one literal value, without a guard (`0 =>`)."""
    if pattern is None or pattern.child_by_field_id(_FIELD.condition) is not None:
        return False
    literals = pattern.named_children
    return len(literals) == 1 and literals[0].type in ("integer_literal", "boolean_literal")


def _positive(text: str) -> bool:
    """Whether `text` is a positive integer literal (`1`, `2usize`)."""
    number = re.match(r"(\d+)(?:_?[ui](?:size|8|16|32|64|128))?$", text)
    return number is not None and int(number.group(1)) > 0
