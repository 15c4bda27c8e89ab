"""`loop-external-tracked`'s fix of state carried from pass to pass in a `Vec` (or `VecDeque`)
field of tensors stepped in place (`for h in self.hidden.iter_mut() { *h = .. }`): each
element detached at the end of each pass, in place (`for t in bank.hidden.iter_mut() { *t =
t.clone().detach(); }`). `.detach()` is a tensor's: neither the `Vec` nor an `Option` has it,
and there is no `Some(..)` put in the field to detach."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Help
from pbpit.lint.fixes import Fixes, is_name
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.literal_fields import detach_literal
from pbpit.rust.syntax import Node, descendants


def vec_of_tensors(name: str, fixes: Fixes) -> bool:
    """Whether the field `name` ends with is declared `Vec<Tensor<..>>` (or `VecDeque<..>`)."""
    field_ = name.rsplit(".", 1)[-1]
    declared = re.compile(
        rb"\b" + re.escape(field_.encode()) + rb"\s*:\s*(?:Vec|VecDeque)\s*<\s*Tensor\b"
    )
    return declared.search(fixes.data) is not None


def detach_elements_each_pass(name: str, meeting: Meeting, leaf: bool, fixes: Fixes) -> Help:
    """Each tensor of the `Vec` field `name` detached in place as the last statement of the
    loop's body (`.require_grad()` again when the carried tensor entered the loop as a leaf);
    in words when that line cannot be written there."""
    detached = "t.clone().detach().require_grad()" if leaf else "t.clone().detach()"
    line = f"for t in {name}.iter_mut() {{ *t = {detached}; }}"
    message = (
        f"detach each tensor of `{name}` at the end of each pass, in place (a `Vec` has no "
        "`.detach()`): gradients stop at the pass boundary"
    )
    loop = meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    owner = name.split(".", 1)[0]
    if body is None or body.type != "block" or meeting.in_macro or not is_name(owner):
        return Help(f"{message}: `{line}`")
    if loop is not None and not fixes.reachable(name, loop):
        return Help(f"{message}: `{line}`")
    edit = fixes.append_line(body, line)
    if edit is None:
        return Help(f"{message}: `{line}`")
    return Help(message, [edit])


def vec_of_tensor_tuples(name: str, fixes: Fixes) -> bool:
    """Whether the name or field `name` ends with is declared a `Vec` of tuples of tensors
    (`let mut states: Vec<(Tensor<2>, Tensor<2>)>`: one LSTM layer's pair an element)."""
    field_ = name.rsplit(".", 1)[-1]
    declared = re.compile(
        rb"\b" + re.escape(field_.encode()) + rb"\s*:\s*Vec\s*<\s*\(\s*Tensor\s*<[^<>]*>"
        rb"(?:\s*,\s*Tensor\s*<[^<>]*>)+\s*,?\s*\)\s*>"
    )
    return declared.search(fixes.data) is not None


def detach_pairs_where_set(name: str, body: Node, leaf: bool, fixes: Fixes) -> Help | None:
    """For a `Vec` of tensor tuples set by index at the end of the pass (`states[0] = (h0_new,
    c0_new);`, nothing in the pass reading `name` after): each tensor of each tuple detached
    where it is set (`states[0] = (h0_new.detach(), c0_new.detach());`). None when `name` is not
    such a `Vec`, is set otherwise, or is read after it is set (detaching there would cut the
    pass's own gradient)."""
    if not is_name(name) or not vec_of_tensor_tuples(name, fixes):
        return None
    sets = []
    for node in descendants(body):
        left = node.child_by_field_name("left") if node.type == "assignment_expression" else None
        if left is None:
            continue
        root = left
        while root.type in ("index_expression", "field_expression") and root.named_children:
            root = root.named_children[0]
        if fixes.text(root) != name:
            continue
        right = node.child_by_field_name("right")
        if left.type != "index_expression" or right is None or right.type != "tuple_expression":
            return None  # `states = ..`, `states[0].0 = ..`: not set by a tuple literal
        sets.append((left, right))
    if not sets:
        return None
    first = min(left.start_byte for left, _ in sets)
    lefts = {(left.start_byte, left.end_byte) for left, _ in sets}
    for node in descendants(body):
        if node.type != "identifier" or fixes.text(node) != name or node.start_byte < first:
            continue
        if not any(start <= node.start_byte < end for start, end in lefts):
            return None  # read after it is set, in the same pass
    edits = []
    for _, right in sorted(sets, key=lambda pair: pair[1].start_byte):
        put = detach_literal(right, fixes, leaf)
        if put is None:
            return None
        edits += put
    if not edits:
        return None
    return Help(
        f"detach each tensor of a pair where it is put in `{name}`, at the end of each pass (a "
        "`Vec` has no `.detach()`): gradients stop at the pass boundary",
        edits,
    )


COLLECTIONS = "Vec|VecDeque|HashMap|BTreeMap|HashSet|BTreeSet|LinkedList|BinaryHeap"


def std_push(receiver: str, method: str, fixes: Fixes) -> bool:
    """Whether `receiver.method(..)` of one of std's filling methods (`push`, `insert`, ..) is
    the collection's own: not when the file's own impl defines a method of that name (a
    meter's `fn push(&mut self, loss: Tensor<1>)`), unless `receiver` (its last field) is
    declared a std collection (`items: Vec<..>`, `let mut items = Vec::new()`)."""
    if not _defined(method, fixes):
        return True
    last = re.escape(receiver.rsplit(".", 1)[-1].encode())
    declared = re.compile(
        rb"\b" + last + rb"\s*:\s*(?:std::collections::)?(?:" + COLLECTIONS.encode() + rb")\s*<"
        rb"|\blet\s+(?:mut\s+)?"
        + last
        + rb"\s*(?::[^=;]*)?=\s*(?:vec!|(?:"
        + COLLECTIONS.encode()
        + rb")\s*(?:::|<))"
    )
    return declared.search(fixes.data) is not None


def _defined(method: str, fixes: Fixes) -> bool:
    """Whether an inherent `impl` of the file defines a method `method`."""
    for node in descendants(fixes.source.root):
        name = node.child_by_field_name("name") if node.type == "function_item" else None
        if name is None or fixes.text(name) != method:
            continue
        parent = node.parent
        while parent is not None and parent.type != "impl_item":
            parent = parent.parent
        if parent is not None and parent.child_by_field_name("trait") is None:
            return True
    return False
