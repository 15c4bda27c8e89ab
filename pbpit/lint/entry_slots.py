"""A place of a collection bound by `let` and written through (`let slot = states.entry(user)
.or_insert_with(..); .. *slot = h;`, `states.get_mut(&k).unwrap()`, `v.last_mut().unwrap()`):
the write puts the tensor in the collection, beside what its other keys hold, and a later pass
that takes the same place out again reads it. A per-user recurrent state kept in a `HashMap`
so carries the graph of one pass into the next, as one kept in a name does; read as a write
of an element (`element_writes._element_write`), never replacing the other entries."""

from __future__ import annotations

import re

from pbpit.rust.syntax import Node

_PLACE = re.compile(
    r"(?:&\s*mut\s+)?(?P<path>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\.\s*"
    r"(?:entry\s*\(.*\)\s*\.\s*or_(?:insert|insert_with|default)\s*\(.*\)"
    r"|(?:get_mut|last_mut|first_mut)\s*\(.*\)\s*\.\s*(?:unwrap|expect)\s*\(.*\))",
    re.S,
)

NO_LOOP = -1
"""The walk key of such a place: no loop's (the write never replaces the other entries)."""


def entry_place(text, name: Node) -> str | None:
    """The collection (`states`) whose place the name `name` (of `*name = ..`) is bound to by
    the last `let name = ..;` before it in the blocks around it, or None. `text` reads a node's
    source."""
    label = text(name)
    node = name
    while node is not None and node.type != "function_item":
        block = node.parent
        if block is not None and block.type == "block":
            for statement in block.named_children:
                if statement.start_byte >= name.start_byte:
                    break
                pattern = (
                    statement.child_by_field_name("pattern")
                    if statement.type == "let_declaration"
                    else None
                )
                value = statement.child_by_field_name("value") if pattern is not None else None
                if pattern is None or value is None:
                    continue
                bound = text(pattern).removeprefix("mut ").strip()
                if bound != label:
                    continue
                found = _PLACE.fullmatch(text(value).strip())
                return found["path"] if found is not None else None
        node = block
    return None
