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
    if "[]." in name:
        return _detach_in_element(name, fixes)  # `m.memory = ..` of `m = &mut self.members[k]`
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


_ELEMENT_FIELD = re.compile(r"^(?:[\w.]+\.)?(?P<coll>\w+)\[\]\.(?P<field>\w+)$")


def _detach_in_element(name: str, fixes: Fixes) -> Help | None:
    """`pool.members[].memory`, the field of an element of a struct's `Vec` field that a method
    writes through the element it takes `&mut` (`let m = &mut self.members[k]; m.memory =
    mixed.clone();`): the help detaching what each such write puts, as code; None where there is
    none, or one is detached already."""
    found = _ELEMENT_FIELD.match(name)
    if found is None:
        return None
    taken = re.compile(
        r"^&\s*mut\s+self\s*\.\s*"
        + found["coll"]
        + r"\s*\[[^\]]*\]$|^self\s*\.\s*"
        + found["coll"]
        + r"\s*\.\s*(?:get_mut\s*\([^()]*\)|last_mut\s*\(\s*\)|"
        r"first_mut\s*\(\s*\))\s*\.\s*(?:unwrap\s*\(\s*\)|expect\s*\([^()]*\))$"
    )
    elements = set()
    for node in descendants(fixes.source.root):
        if node.type != "let_declaration":
            continue
        pattern, value = node.child_by_field_name("pattern"), node.child_by_field_name("value")
        if pattern is not None and pattern.type == "mut_pattern" and pattern.named_children:
            pattern = pattern.named_children[-1]
        if pattern is None or value is None or pattern.type != "identifier":
            continue
        if taken.match(" ".join(fixes.text(value).split())):
            elements.add(fixes.text(pattern))
    writes = []
    for node in descendants(fixes.source.root):
        left = node.child_by_field_name("left") if node.type == "assignment_expression" else None
        right = node.child_by_field_name("right") if left is not None else None
        if left is None or right is None or left.type != "field_expression":
            continue
        base, field_ = left.child_by_field_name("value"), left.child_by_field_name("field")
        if base is None or field_ is None or fixes.text(field_) != found["field"]:
            continue
        if base.type == "identifier" and fixes.text(base) in elements:
            writes.append((node, right))
    if not writes:
        return None
    edits = []
    for _, right in writes:
        if fixes.detached_already(right):
            return None
        edits += fixes.detach_edits(right)
    node, right = writes[0]
    said = fixes.text(right).removesuffix(".clone()")
    place = fixes.text(node.child_by_field_name("left"))
    return Help(
        f"detach `{said}` where it is put in `{place}`, line {node.start_point[0] + 1}, the "
        f"element of `self.{found['coll']}` a later call reads: gradients stop at the pass "
        "boundary",
        edits,
    )
