"""A map read at the key the pass just inserted at (`_Keys`): `cache.insert(step % 2, f)` then
`cache.get(&(step % 2))`, `cache.insert(String::from("feat"), f)` then `cache["feat"]`. The
read finds what that insert put there, whatever the key is (the pass's counter or not): not
what earlier passes left in the map under other keys."""

from __future__ import annotations

import re
from dataclasses import replace

from pbpit.engine.graph import Requirement
from pbpit.lint.analysis.common import _FIELD
from pbpit.lint.analysis.state import _Slot
from pbpit.lint.values import Value
from pbpit.rust.syntax import Node

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
        map read at `key` is read at the pass's own key."""
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
            passes = _passes_at_most(self, self.loops.get(key), self.text(value))
            if passes is None or passes > modulus:
                return
        self.counters[slot] = key

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


def _passes_at_most(reader: _Keys, loop: Node | None, counter: str) -> int | None:
    """How many passes `loop` makes at most, counting with `counter` from a literal: `for i in
    a..b` (or `a..=b`), `while i < b` (`i <= b`) of a counter raised from zero or more."""
    if loop is None:
        return None
    text = reader.text
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
