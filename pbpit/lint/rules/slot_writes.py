"""State a loop keeps in a collection and writes through a place it takes out of it: a per-user
recurrent state in a `HashMap` (`let slot = states.entry(*user).or_insert_with(..); let prev =
slot.clone(); .. *slot = h;`). The collection (`states`) carries the tensor into the pass that
takes the same key again, so it names the finding; `slot` is new each pass. The fix detaches the
tensor where it is written (`*slot = h.detach();`): each user's next event reads the same
values, as data, and this pass's gradient is kept."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Help
from pbpit.lint.entry_slots import entry_place
from pbpit.lint.fixes import Fixes
from pbpit.rust.syntax import Node, descendants

if TYPE_CHECKING:
    from pbpit.lint.rule import Meeting


def slot_writes(collection: str, body: Node, fixes: Fixes) -> list[tuple[Node, Node]]:
    """Each `*slot = value` of `body` whose `slot` is a place of `collection` (see the module),
    with its right side."""
    found = []
    for node in descendants(body):
        left = node.child_by_field_name("left") if node.type == "assignment_expression" else None
        right = node.child_by_field_name("right") if left is not None else None
        if left is None or right is None or left.type != "unary_expression":
            continue
        if not fixes.text(left).startswith("*") or not left.named_children:
            continue
        inner = left.named_children[0]
        if inner.type == "identifier" and entry_place(fixes.text, inner) == collection:
            found.append((node, right))
    return found


def written_through(name: str, meeting: Meeting, fixes: Fixes) -> str | None:
    """The collection in scope as the loop starts that a `*slot = name` of the loop's body
    writes `name` into (see the module), or None."""
    body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    if body is None or meeting.in_macro:
        return None
    for node in descendants(body):
        left = node.child_by_field_name("left") if node.type == "assignment_expression" else None
        right = node.child_by_field_name("right") if left is not None else None
        if left is None or right is None or left.type != "unary_expression":
            continue
        value = re.sub(r"\.clone\(\)$", "", fixes.text(right).strip())
        if value != name or not left.named_children:
            continue
        held = entry_place(fixes.text, left.named_children[0])
        if held is not None and held.split(".")[0] in (meeting.entry or {}):
            return held
    return None


def detach_where_written(name: str, meeting: Meeting, leaf: bool, fixes: Fixes) -> Help | None:
    """The help detaching what each `*slot = ..` of `name` puts (see the module), as code; None
    where `name` is written through no such place, or a right side is already detached."""
    body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    if body is None or meeting.in_macro or leaf:
        return None
    writes = slot_writes(name, body, fixes)
    if not writes:
        return None
    edits = []
    said = []
    for _, right in writes:
        if fixes.detached_already(right):
            return None
        edits += fixes.detach_edits(right)
        said.append(fixes.text(right).removesuffix(".clone()"))
    what = f"`{said[0]}`" if len(set(said)) == 1 else "the tensor"
    return Help(
        f"detach {what} where it is put in `{name}` (written through the place its entry "
        "gives): gradients stop at the pass boundary, and later passes read the same values, "
        "as data",
        edits,
    )
