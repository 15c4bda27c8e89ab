"""A map read at the key the pass just inserted at (`_Keys`): `cache.insert(step % 2, f)` then
`cache.get(&(step % 2))`, `cache.insert(String::from("feat"), f)` then `cache["feat"]`. The
read finds what that insert put there, whatever the key is (the pass's counter or not): not
what earlier passes left in the map under other keys."""

from __future__ import annotations

import re

from pbpit.lint.analysis.common import _FIELD
from pbpit.lint.values import Value
from pbpit.rust.syntax import Node

_OWNED = re.compile(r'^(?:String::from\((".*")\)|(".*")\.(?:to_string|to_owned|into)\(\))$')
"""An owned string made of a literal: the key it is, as the literal (`String::from("a")`)."""

_STOPS = frozenset(
    {"for_expression", "while_expression", "loop_expression", "closure_expression", "function_item"}
)
"""What a search back for the insert does not leave: the pass, the closure, the function."""

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
