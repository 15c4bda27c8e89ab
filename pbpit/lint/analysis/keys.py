"""A map read at the key the pass just inserted at (`_Keys`): `cache.insert(step % 2, f)` then
`cache.get(&(step % 2))`, `cache.insert(String::from("feat"), f)` then `cache["feat"]`. The
read finds what that insert put there, whatever the key is (the pass's counter or not): not
what earlier passes left in the map under other keys. A key new in every pass of the loops the
map lives through (`let step = epoch * 2 + batch;` over two batches an epoch, `step % 3` in
`loop { step += 1; if step > 3 { break; } .. }`) finds only what this pass put in the map."""

from __future__ import annotations

import re
from dataclasses import replace

from pbpit.engine.graph import Requirement
from pbpit.lint.analysis.common import _FIELD, _calls_on
from pbpit.lint.analysis.state import _DATA, _Slot
from pbpit.lint.values import Value
from pbpit.rust.syntax import Node, descendants

_OWNED = re.compile(r'^(?:String::from\((".*")\)|(".*")\.(?:to_string|to_owned|into)\(\))$')
"""An owned string made of a literal: the key it is, as the literal (`String::from("a")`)."""

_STOPS = frozenset(
    {"for_expression", "while_expression", "loop_expression", "closure_expression", "function_item"}
)
"""What a search back for the insert does not leave: the pass, the closure, the function."""

_WRAPPERS = ("parenthesized_expression", "type_cast_expression")
"""What a key's value may be wrapped in and still be the counter (`(step)`, `step as u64`)."""

_READS = re.compile(r"\s*(?:\.\s*(?:get|contains_key|len|is_empty)\s*\(|\[)")
"""What a statement between the insert and the read may do with the map and leave the entry."""


class _Keys:
    """How `_Function` reads a map at the key the pass inserted at."""

    def _note_insert(self, call: Node, value: Value) -> None:
        """`map.insert(key, value)` read: what it put, for a read at that key (`_at_key`)."""
        self.inserted[call.start_byte + self.delta] = value

    def _at_key(self, map_node: Node | None, key: Node | None, read: Node) -> Value | None:
        """What `map` holds at `key` where `read` reads it, when a statement before it in the
        same pass (in its block or one around it, within the loop body) inserted at the same
        key and none between changes the map; None otherwise."""
        if map_node is None or key is None:
            return None
        if map_node.type not in ("identifier", "field_expression"):
            return None
        name = self.text(map_node)
        wanted = _key_text(self.text(key))
        mention = re.compile(r"(?<![\w.])" + re.escape(name) + r"(?!\w)")
        node = read
        while node.parent is not None and node.type not in _STOPS:
            parent = node.parent
            if parent.type == "block":
                before = [c for c in parent.named_children if c.end_byte <= node.start_byte]
                for statement in reversed(before):
                    found = self._insert_at(statement, name, wanted)
                    if found is not None:
                        return found
                    text = self.text(statement)
                    for hit in mention.finditer(text):
                        if not _READS.match(text, hit.end()):
                            return None  # changed (or given away) between: not known
            node = parent
        return None

    def _one_key(self, call: Node, receiver_node: Node | None, receiver: Value) -> Node | None:
        """The one argument of `map.get(k)`/`map.remove(&k)` on a collection whose entries a
        backward may consume, read whole (not field by field): the key; else None."""
        given = call.child_by_field_id(_FIELD.arguments)
        if (
            receiver_node is None
            or given is None
            or given.named_child_count != 1
            or receiver.requirement != Requirement.GRAD_IN_BACKWARD
            or receiver.parts is not None
        ):
            return None
        return given.named_children[0]

    def _remove_effect(self, call, receiver_node, name_node, receiver, arguments):
        """`map.remove(&k)` of a collection filled by `insert`/`push`: the entry at `k` taken
        out, so no later `remove` finds it: what this pass inserted at `k`, if it did, else a
        tensor of its own deriving from what the entries share (`_element`), not every tensor
        the collection ever held."""
        at = self._one_key(call, receiver_node, receiver)
        if at is None:
            return None
        inserted = self._at_key(receiver_node, at, call)
        if inserted is not None:
            return inserted
        fresh = self._fresh_read(receiver_node, at, call, receiver)
        if fresh is not None:
            return fresh
        if receiver.shared is None:
            # What every entry derives from, made outside the loops around the `remove` (a
            # forward made before them): each entry's own tensors are taken out once.
            loops = {key for key, _ in self.context}
            made = {s for d in receiver.sources for s in d.sources}
            outside = frozenset(d for d in made if not any(k in loops for k, _ in d.context))
            receiver = replace(receiver, shared=outside)
        return self._element(receiver)

    def _counter_alias(self, slot: _Slot | None, value: Node | None) -> None:
        """`let key = step;`, `let key = step % 3;` of a loop's counter `step`: a new value each
        pass too (a remainder only where the loop has no more passes than the modulus), so a
        map read at `key` is read at the pass's own key. A key new in every pass of the loops
        around from one of them in (`let step = epoch * 2 + batch;`) is noted (`_fresh_keys`)."""
        fresh = self._fresh_keys()
        if slot is not None:
            fresh.pop(slot, None)
            inner = self.context[-1][0] if self.context else None
            outer = self._fresh_from(value, inner, 0) if inner is not None else None
            if outer is not None and outer != inner:
                fresh[slot] = (outer, inner)
        at = value.start_byte if value is not None else None
        while value is not None and value.type in _WRAPPERS:
            value = value.child_by_field_id(_FIELD.value) or value.named_children[0]
        modulus = None
        if value is not None and value.type == "binary_expression":
            operator = value.child_by_field_id(_FIELD.operator)
            right = value.child_by_field_id(_FIELD.right)
            if operator is None or self.text(operator) != "%" or right is None:
                return
            if right.type != "integer_literal" or not self.text(right).isdigit():
                return
            modulus, value = int(self.text(right)), value.child_by_field_id(_FIELD.left)
        if slot is None or value is None or value.type != "identifier":
            return
        counted = self.lookup(self.text(value))
        key = self.counters.get(counted) if counted is not None else None
        if key is None:
            return
        if modulus is not None:
            passes = _passes_at_most(self, self.loops.get(key), self.text(value), at)
            if passes is None or passes > modulus:
                return
        self.counters[slot] = key

    def _fresh_keys(self) -> dict[_Slot, tuple[int, int]]:
        """The names bound to a key new in every pass of the loops from one to another (outer,
        inner loop keys): `step` of `let step = epoch * 2 + batch;`."""
        try:
            return self.fresh_keys
        except AttributeError:
            self.fresh_keys: dict[_Slot, tuple[int, int]] = {}
            return self.fresh_keys

    def _fresh_from(self, node: Node | None, inner: int, depth: int) -> int | None:
        """The outermost loop from which `node`, read in loop `inner`'s pass, is new in every
        pass of each loop from that one in to `inner`: `inner` for its counter; for `outer * K
        + inner` (or `inner + K * outer`), `inner` a counter of loop `inner` whose values lie
        within K consecutive numbers, where `outer` is new in every pass of the loops from its
        own outermost to the one around `inner` (distinct pairs of values: distinct sums);
        None when not known."""
        while node is not None and node.type in _WRAPPERS:
            node = node.child_by_field_id(_FIELD.value) or node.named_children[0]
        if node is None or depth > 4:
            return None
        if node.type == "identifier":
            slot = self.lookup(self.text(node))
            if slot is None:
                return None
            if self.counters.get(slot) == inner:
                return inner
            known = self._fresh_keys().get(slot)
            return known[0] if known is not None and known[1] == inner else None
        if node.type != "binary_expression":
            return None
        operator = node.child_by_field_id(_FIELD.operator)
        sides = [node.child_by_field_id(_FIELD.left), node.child_by_field_id(_FIELD.right)]
        if operator is None or self.text(operator) != "+" or None in sides:
            return None
        keys = [k for k, _ in self.context]
        if inner not in keys or keys.index(inner) == 0:
            return None
        around = keys[keys.index(inner) - 1]
        for scaled, counted in (sides, sides[::-1]):
            factor, outer = _scaled(self, scaled)
            if factor is None or counted.type != "identifier":
                continue
            slot = self.lookup(self.text(counted))
            if slot is None or self.counters.get(slot) != inner:
                continue
            width = _passes_at_most(self, self.loops.get(inner), self.text(counted))
            if width is None or width > factor:
                continue
            return self._fresh_from(outer, around, depth + 1)
        return None

    def _fresh_read(self, map_node: Node | None, key: Node | None, read: Node, held: Value):
        """What `map` holds at `key` where `read` reads it, `key` a name bound to a key no
        earlier pass of the loops the map lives through used (`_fresh_keys`): what this pass
        put there (by the insert before it at that key, else what the map holds that this
        pass made), else nothing; None when the key may repeat."""
        while key is not None and key.type in ("reference_expression", "parenthesized_expression"):
            key = key.child_by_field_id(_FIELD.value) or key.named_children[-1]
        if key is None or key.type != "identifier" or map_node is None or not self.context:
            return None
        if map_node.type != "identifier":
            return None  # a field lives beyond the loops read here
        slot = self.lookup(self.text(key))
        span = self._fresh_keys().get(slot) if slot is not None else None
        owner = self.lookup(self.text(map_node))
        keys = [k for k, _ in self.context]
        if span is None or owner is None or span[1] != keys[-1] or span[0] not in keys:
            return None
        lived = [k for k in keys if self.loop_spans[k][0] > owner.declared]
        if any(keys.index(k) < keys.index(span[0]) for k in lived):
            return None  # a loop around repeats the keys, and the map outlives its passes
        if not _filled_at(
            self, self.loops[span[0]], self.text(map_node), _key_text(self.text(key)), True
        ):
            return None  # filled at another key too: a pass may read what another put there
        inserted = self._at_key(map_node, key, read)
        if inserted is not None:
            return inserted
        own = [d for d in held.sources if d.context == self.context]
        if held.requirement != Requirement.GRAD_IN_BACKWARD or not own:
            return _DATA
        sources = frozenset().union(*(d.sources for d in own))
        entries = [d for d in own if not any(d in e.sources for e in own if e is not d)]
        origin = entries[0] if len(entries) == 1 else None
        return Value(Requirement.GRAD_IN_BACKWARD, origin, sources, held.why, reads=held.reads)

    def _insert_at(self, statement: Node, name: str, key: str) -> Value | None:
        """What `statement`, a `name.insert(key, ..);` read in this pass, put there."""
        call = statement.named_children[0] if statement.type == "expression_statement" else None
        at = call.start_byte + self.delta if call is not None else None
        if call is None or call.type != "call_expression" or at not in self.inserted:
            return None
        function = call.child_by_field_id(_FIELD.function)
        arguments = call.child_by_field_id(_FIELD.arguments)
        if function is None or arguments is None or arguments.named_child_count != 2:
            return None
        receiver = function.child_by_field_id(_FIELD.value)
        if receiver is None or self.text(receiver) != name:
            return None
        if _key_text(self.text(arguments.named_children[0])) != key:
            return None
        return self.inserted[at]


def _filled_at(reader: _Keys, loop: Node, name: str, key: str, rising: bool = False) -> bool:
    """Whether every `name.insert(k, ..)` (or `entry(k)`) in `loop` puts at `key`; `rising`
    (`key` greater in each pass than in the one before, as a key new in every pass is: a
    loop's counter, `epoch * 2 + batch`), or at its remainder `key % N`: an earlier pass put
    that at a smaller number than this pass's own remainder, so a read at `key` finds what this
    pass put, or nothing (`cache.insert(step % 2, ..)` read by `cache.get(&step)`)."""
    remainder = re.compile(re.escape(key) + r"%\d+")
    bound = _lets(reader, loop) if rising else {}
    for node, method in _calls_on(loop, name, reader.text):
        if method not in ("insert", "entry", "try_insert"):
            continue
        given = node.child_by_field_id(_FIELD.arguments)
        first = given.named_children[0] if given is not None and given.named_child_count else None
        said = _key_text(reader.text(first)) if first is not None else None
        if said == key:
            continue
        said = bound.get(said, said)  # `let slot = step % 2;` .. `insert(slot, ..)`
        if not (rising and said and remainder.fullmatch(said)):
            return False
    return True


def _lets(reader: _Keys, loop: Node) -> dict[str, str]:
    """The names `loop` binds once each by `let name = value;`, with their values' key text."""
    found: dict[str, str] = {}
    twice: set[str] = set()
    for node in descendants(loop):
        if node.type != "let_declaration":
            continue
        pattern = node.child_by_field_id(_FIELD.pattern)
        value = node.child_by_field_id(_FIELD.value)
        if pattern is None or value is None or pattern.type != "identifier":
            continue
        name = reader.text(pattern)
        if name in found:
            twice.add(name)
        found[name] = _key_text(reader.text(value))
    return {k: v for k, v in found.items() if k not in twice}


def _scaled(reader: _Keys, node: Node) -> tuple[int | None, Node | None]:
    """`(K, a)` of `a * K` or `K * a`, `K` an integer literal; `(None, None)` otherwise."""
    while node.type == "parenthesized_expression" and node.named_child_count:
        node = node.named_children[0]
    operator = node.child_by_field_id(_FIELD.operator) if node.type == "binary_expression" else None
    if operator is None or reader.text(operator) != "*":
        return None, None
    left, right = node.child_by_field_id(_FIELD.left), node.child_by_field_id(_FIELD.right)
    for number, other in ((right, left), (left, right)):
        if number is not None and number.type == "integer_literal" and other is not None:
            digits = reader.text(number)
            if digits.isdigit():
                return int(digits), other
    return None, None


def _passes_at_most(
    reader: _Keys, loop: Node | None, counter: str, before: int | None = None
) -> int | None:
    """How many numbers in a row hold every value `counter` takes in `loop` (at most its
    passes): `for i in a..b` (or `a..=b`), `while i < b` (`i <= b`) of a counter raised from zero
    or more, and `loop { i += 1; if i > b { break; } .. }` read `before` a byte after that
    `if` (the raise before it: from one; after it, from zero)."""
    if loop is None:
        return None
    text = reader.text
    if loop.type == "loop_expression" and before is not None:
        return _loop_bound(reader, loop, counter, before)
    if loop.type == "for_expression":
        value = loop.child_by_field_id(_FIELD.value)
        if value is None or value.type != "range_expression" or value.named_child_count != 2:
            return None
        low, high = (text(n) for n in value.named_children)
        if not (low.isdigit() and high.isdigit()):
            return None
        return int(high) - int(low) + (1 if "..=" in text(value) else 0)
    condition = loop.child_by_field_id(_FIELD.condition)
    if loop.type != "while_expression" or condition is None:
        return None
    if condition.type != "binary_expression":
        return None
    left = condition.child_by_field_id(_FIELD.left)
    right = condition.child_by_field_id(_FIELD.right)
    operator = condition.child_by_field_id(_FIELD.operator)
    if left is None or right is None or operator is None or text(left) != counter:
        return None
    if not text(right).isdigit() or text(operator) not in ("<", "<="):
        return None
    return int(text(right)) + (1 if text(operator) == "<=" else 0)


def _key_text(text: str) -> str:
    """A key as written, without what does not change which it is: `&`, parentheses, spaces,
    an owned string made of a literal (`String::from("a")` is `"a"`)."""
    text = re.sub(r"\s+", "", text)
    while True:
        if text.startswith("&"):
            text = text[1:]
        elif text.startswith("(") and text.endswith(")") and _balanced(text[1:-1]):
            text = text[1:-1]
        else:
            break
    owned = _OWNED.match(text)
    return (owned[1] or owned[2]) if owned else text


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


def _loop_bound(reader: _Keys, loop: Node, counter: str, before: int) -> int | None:
    """`_passes_at_most` of a `loop` whose body, before byte `before`, leaves it when the
    counter passes a number (`if step > 3 { break; }`, `>=`): values from zero (one where the
    counter is raised before that `if`) up to that number."""
    body = loop.child_by_field_id(_FIELD.body)
    raised = False
    for statement in body.named_children if body is not None else ():
        if statement.end_byte > before:
            return None
        node = statement.named_children[0] if statement.type == "expression_statement" else None
        if node is None:
            continue
        if node.type == "compound_assignment_expr":
            left = node.child_by_field_id(_FIELD.left)
            raised = raised or (left is not None and reader.text(left) == counter)
            continue
        top = _break_above(reader, node, counter)
        if top is not None:
            return top + 1 - (1 if raised else 0)
    return None


def _break_above(reader: _Keys, node: Node, counter: str) -> int | None:
    """The greatest value `counter` holds past `if counter > N { break; }` (N), or past
    `if counter >= N { break; }` (N - 1); None for any other statement."""
    if node.type != "if_expression" or node.child_by_field_id(_FIELD.alternative) is not None:
        return None
    condition = node.child_by_field_id(_FIELD.condition)
    block = node.child_by_field_id(_FIELD.consequence)
    if condition is None or block is None or condition.type != "binary_expression":
        return None
    if [c.type for c in block.named_children] != ["expression_statement"] or not (
        block.named_children[0].named_child_count
        and block.named_children[0].named_children[0].type == "break_expression"
        and not block.named_children[0].named_children[0].named_child_count
    ):
        return None
    left = condition.child_by_field_id(_FIELD.left)
    right = condition.child_by_field_id(_FIELD.right)
    operator = condition.child_by_field_id(_FIELD.operator)
    if left is None or right is None or operator is None or reader.text(left) != counter:
        return None
    if not reader.text(right).isdigit() or reader.text(operator) not in (">", ">="):
        return None
    return int(reader.text(right)) - (1 if reader.text(operator) == ">=" else 0)
