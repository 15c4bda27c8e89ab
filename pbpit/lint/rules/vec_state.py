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
from pbpit.rust.syntax import descendants


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
