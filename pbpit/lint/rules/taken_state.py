"""State a loop keeps in an `Option` and takes out at the top of each pass: an LSTM's
`let (h, c) = match state.take() { Some(s) => s, None => (zeros, zeros) };` (or
`state.take().unwrap_or_else(..)`, `state.clone().unwrap_or(..)`), put back at the end
(`state = Some((h_new, c_new));`). The names the pattern binds (`h`, `c`) are new each pass, and
a `h = h.detach();` at the end of the pass would not compile (E0384, `h` is no `mut`) nor reach
the next pass; the `Option` carries the tensors, so it names the finding, and its fix detaches
them where they are put in it (`state = Some((h_new.detach(), c_new.detach()));`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pbpit.lint.fixes import Fixes
from pbpit.lint.rules.slot_writes import written_through

if TYPE_CHECKING:
    from pbpit.lint.rule import Meeting
    from pbpit.lint.values import Definition

_TAKEN = re.compile(
    r"(?:match\s+)?(?P<place>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\.\s*(?:take|clone)\s*\(\s*\)"
    r"\s*(?:\{|\.\s*unwrap_or(?:_else|_default)?\s*\()"
)


def taken_from(definition: Definition, meeting: Meeting, fixes: Fixes) -> str | None:
    """The `Option` (`state`) whose contents the `let` binding `definition` takes at the top of
    a pass (see the module), when it is in scope as the loop starts and declared an `Option`;
    None otherwise."""
    entry = meeting.entry or {}
    loop = meeting.loop
    if loop is None or meeting.in_macro:
        return None
    written = written_through(definition.name, meeting, fixes)
    if written is not None:
        return written  # `*slot = h` of `states.entry(k).or_insert(..)`: `states`
    node = fixes.source.root.descendant_for_byte_range(*definition.span)
    while node is not None and node.type != "let_declaration":
        if node.type in ("block", "function_item"):
            return None
        node = node.parent
    value = node.child_by_field_name("value") if node is not None else None
    if value is None or not loop.start_byte < node.start_byte < loop.end_byte:
        return None
    found = _TAKEN.match(fixes.text(value))
    if found is None:
        return None
    place = found["place"]
    if place.split(".")[0] not in entry:
        return None
    last = place.rsplit(".", 1)[-1]
    declared = re.compile(rb"\b" + re.escape(last.encode()) + rb"\s*:\s*Option\s*<")
    return place if declared.search(fixes.data) else None
