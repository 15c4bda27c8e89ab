"""`loop-external-tracked`'s fix of state a loop carries in a collection it lends `&mut` to a
function each pass (`model.step(x, &mut states)`, the function setting `states[k] = h.clone()`):
detached where the function puts it (`states[k] = h.clone().detach();`), when each element is
read there before it is set and nothing else reads the collection in the pass; else each element
detached at the end of the pass, in place (`vec_state`)."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Help
from pbpit.lint.fixes import Fixes, is_name, last_segment
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.carry_line import LOOPS, Carry, _carry
from pbpit.lint.rules.literal_fields import detach_literal
from pbpit.lint.rules.vec_state import detach_elements_each_pass
from pbpit.rust.syntax import Node, descendants

_LENT = re.compile(r"&\s*mut\s+(?:Vec\s*<|\[)")
"""A parameter's type that lends a collection of tensors (`&mut Vec<Tensor<2>>`, `&mut [..]`)."""


def lent_call(name: str, body: Node, fixes: Fixes) -> tuple[Node, int] | None:
    """The one call of the loop's `body` that is given `&mut name`, and the argument's index;
    None when there is none, several, or one in an inner loop or closure."""
    found = []
    for node in descendants(body):
        if node.type != "reference_expression" or node.parent is None:
            continue
        if node.parent.type != "arguments" or re.sub(r"\s+", " ", fixes.text(node)) != (
            f"&mut {name}"
        ):
            continue
        call = node.parent.parent
        if call is None or call.type != "call_expression":
            return None
        index = [c for c in node.parent.named_children if c.type not in _SKIPPED].index(node)
        found.append((call, index))
    if len(found) != 1:
        return None
    around = found[0][0].parent
    while around is not None and around != body:
        if around.type in LOOPS:
            return None
        around = around.parent
    return found[0]


_SKIPPED = ("line_comment", "block_comment")


def callee(
    call: Node, index: int, fixes: Fixes, lends: re.Pattern[str] = _LENT
) -> tuple[str, str, Node] | None:
    """The function of the file `call` calls, by its last name (one of that name only): its
    label, the name of its parameter at argument `index` (`self` not counted), which must lend
    a collection `&mut`, and its body."""
    function = call.child_by_field_name("function")
    if function is None:
        return None
    label = function.child_by_field_name("field") if function.type == "field_expression" else None
    named = fixes.text(label) if label is not None else fixes.text(function).split("::")[-1]
    candidates = []
    for node in descendants(fixes.source.root):
        title = node.child_by_field_name("name") if node.type == "function_item" else None
        if title is not None and fixes.text(title) == named:
            candidates.append(node)
    if len(candidates) != 1:
        return None
    parameters = candidates[0].child_by_field_name("parameters")
    scope = candidates[0].child_by_field_name("body")
    if parameters is None or scope is None:
        return None
    given = [p for p in parameters.named_children if p.type == "parameter"]
    if not 0 <= index < len(given):
        return None
    pattern = given[index].child_by_field_name("pattern")
    kind = given[index].child_by_field_name("type")
    if pattern is None or kind is None or pattern.type != "identifier":
        return None
    if not lends.match(fixes.text(kind)):
        return None
    owner = candidates[0].parent
    while owner is not None and owner.type != "impl_item":
        owner = owner.parent
    kind_of = owner.child_by_field_name("type") if owner is not None else None
    if kind_of is not None:
        named = f"{last_segment(fixes.text(kind_of)).split('<')[0]}::{named}"
    return named, fixes.text(pattern), scope


def detach_where_lent(name: str, meeting: Meeting, leaf: bool, fixes: Fixes) -> Help | None:
    """The fix of `name`, a collection of tensors the loop lends `&mut` to a function that sets
    its elements: detached where that function sets the element (the line that carries it),
    else each element detached at the end of the pass; None when the loop lends it to no
    function of the file."""
    loop = meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    if body is None or not is_name(name) or meeting.in_macro:
        return None
    lent = lent_call(name, body, fixes)
    found = callee(*lent, fixes) if lent is not None else None
    if found is None:
        return None
    label, parameter, scope = found
    carry = _stored_once(parameter, scope, leaf, fixes)
    others = [n for n in descendants(body) if n.type == "identifier" and fixes.text(n) == name]
    if carry is None or len(others) != 1:
        # Read in the pass beside the call, or set where it is read again: each element
        # detached at the end of the pass keeps the pass's gradients.
        return detach_elements_each_pass(name, meeting, leaf, fixes)
    put, line = carry
    what = f"`{put.value}`" if put.value else "each tensor"
    verb = "make" if leaf else "detach"
    after = "a new leaf " if leaf else ""
    return Help(
        f"{verb} {what} {after}where it is put in `{line}` by `{label}` (the `{name}` it is "
        f"lent), line {put.line}, the state the next pass reads: gradients stop at the pass "
        "boundary",
        put.edits,
    )


_ELEMENT_FIELD = re.compile(r"^(?P<element>\w+\[[^\[\]]+\])\.(?P<field>\w+)$")
_LENT_ONE = re.compile(r"&\s*mut\s+[A-Za-z_]")
"""A parameter's type that lends one value `&mut` (`&mut Sensor`)."""


def detach_where_element_lent(
    name: str, meeting: Meeting, leaf: bool, fixes: Fixes
) -> Help | None:
    """The fix of `name`, a field of one element of a collection (`sensors[which].smooth`) the
    loop lends `&mut` to a function of the file each pass (`advance(&mut sensors[which], ..)`),
    which sets the field through its parameter (`sensor.smooth = blended.clone();`): what it
    puts detached there, the one line that carries the state; None otherwise."""
    found = _ELEMENT_FIELD.match(re.sub(r"\s+", "", name))
    loop = meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    if found is None or body is None or meeting.in_macro or leaf:
        return None
    lent = lent_call(found["element"], body, fixes)
    given = callee(*lent, fixes, lends=_LENT_ONE) if lent is not None else None
    if given is None:
        return None
    label, parameter, scope = given
    writes = []
    for node in descendants(scope):
        left = node.child_by_field_name("left") if node.type == "assignment_expression" else None
        if left is None or left.type != "field_expression":
            continue
        base, field = left.child_by_field_name("value"), left.child_by_field_name("field")
        if base is None or field is None or fixes.text(field) != found["field"]:
            continue
        if fixes.text(base) == parameter:
            writes.append(node)
    right = writes[0].child_by_field_name("right") if len(writes) == 1 else None
    if right is None or fixes.detached_already(right):
        return None
    edits = fixes.detach_edits(right)
    if not edits:
        return None
    said = fixes.text(right).removesuffix(".clone()")
    return Help(
        f"detach `{said}` where it is put in `{parameter}.{found['field']}` by `{label}` (the "
        f"`{found['element']}` it is lent), line {writes[0].start_point[0] + 1}, the state the "
        "next pass reads: gradients stop at the pass boundary",
        edits,
    )


def _stored_once(parameter: str, scope: Node, leaf: bool, fixes: Fixes):
    """The one `parameter[i] = value;` of a function's body, detached (`carry_line.Carry`), and
    its left side's text, when every other use of `parameter` reads that same element before
    it within the same loop (or is `parameter.len()`); None otherwise."""
    stores = []
    for node in descendants(scope):
        left = node.child_by_field_name("left") if node.type == "assignment_expression" else None
        if left is None or left.type != "index_expression" or not left.named_children:
            continue
        if fixes.text(left.named_children[0]) == parameter:
            stores.append(node)
    if len(stores) != 1:
        return None
    store = stores[0]
    left = store.child_by_field_name("left")
    statement = store.parent
    if left is None or statement is None or statement.parent is None:
        return None
    element = re.sub(r"\s+", "", fixes.text(left))
    around = _innermost_loop(store, scope)
    for node in descendants(scope):
        if node.type != "identifier" or fixes.text(node) != parameter:
            continue
        if left.start_byte <= node.start_byte < left.end_byte:
            continue  # the store's own
        parent = node.parent
        if parent is not None and parent.type == "field_expression":
            field_ = parent.child_by_field_name("field")
            if field_ is not None and fixes.text(field_) == "len":
                continue
        read = fixes.text(parent) if parent is not None else ""
        if parent is not None and parent.type == "token_tree":
            # In a macro's tokens (`vec![input, states[k].clone()]`): the text from the name.
            after = fixes.data[node.start_byte : node.start_byte + 4 * len(element)]
            read = re.sub(r"\s+", "", after.decode("utf-8", "replace"))[: len(element)]
            read = read if re.fullmatch(r"[^\w\[]?", _rest(fixes, node, element)) else ""
        elif parent is not None and parent.type != "index_expression":
            read = ""
        if (
            parent is None
            or re.sub(r"\s+", "", read) != element
            or node.start_byte > store.start_byte
            or _innermost_loop(node, scope) != around
        ):
            return None
    right = store.child_by_field_name("right")
    if right is not None and right.type in ("tuple_expression", "struct_expression"):
        # `states[k] = (h.clone(), c);` of a `Vec` of pairs: each tensor of it detached.
        edits = detach_literal(right, fixes, leaf)
        if not edits or statement.type != "expression_statement":
            return None
        return Carry(store.start_point[0] + 1, "", edits), fixes.text(left)
    carry = _carry(store, statement.parent, fixes.text(left), leaf, fixes)
    return (carry, fixes.text(left)) if carry is not None else None


def _rest(fixes: Fixes, node: Node, element: str) -> str:
    """The character after `element` read from `node` on in the file, spaces left out."""
    after = fixes.data[node.start_byte : node.start_byte + 4 * len(element) + 4]
    return re.sub(r"\s+", "", after.decode("utf-8", "replace"))[len(element) : len(element) + 1]


def _innermost_loop(node: Node, scope: Node) -> Node | None:
    around = node.parent
    while around is not None and around != scope:
        if around.type in LOOPS:
            return around
        around = around.parent
    return None
