"""`loop-external-tracked`'s fix of state carried from pass to pass in a `Vec` (or `VecDeque`)
field of tensors stepped in place (`for h in self.hidden.iter_mut() { *h = .. }`): each
element detached at the end of each pass, in place (`for t in bank.hidden.iter_mut() { *t =
t.clone().detach(); }`). `.detach()` is a tensor's: neither the `Vec` nor an `Option` has it,
and there is no `Some(..)` put in the field to detach."""

from __future__ import annotations

import re
from dataclasses import replace

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


def kept_tracked_this_pass(
    helps: list[Help], name: str, meeting: Meeting, fixes: Fixes
) -> list[Help]:
    """`helps` led by the fix a careful user writes for an element of a `Vec` of tensors the
    loop blends and reads again in the same pass (class centroids: `centroids[c] =
    centroids[c].clone() * 0.7 + e.clone() * 0.3;`, then `pull` reads `centroids[c]`): the
    value made in a `let` (`let updated = ..;`), stored detached (`centroids[c] =
    updated.clone().detach();`) and the pass's later reads of that element given the tracked
    `updated`. Later passes read it as data, while this pass's loss keeps its gradient through
    the blend; the write detached whole, that loss would see a constant. `helps` as they are
    where the loop's body holds no such one write."""
    loop = meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    if body is None or body.type != "block" or meeting.in_macro or not _tensor_vec(name, fixes):
        return helps
    writes = [
        n
        for n in descendants(body)
        if n.type == "assignment_expression"
        and (left := n.child_by_field_name("left")) is not None
        and left.type == "index_expression"
        and fixes.text(left.named_children[0]) == name
    ]
    if len(writes) != 1:
        return helps
    write = writes[0]
    statement = fixes.parent(write)
    block = fixes.parent(statement) if statement is not None else None
    left, value = write.child_by_field_name("left"), write.child_by_field_name("right")
    if statement is None or block is None or left is None or value is None:
        return helps
    if statement.type != "expression_statement" or block.type != "block":
        return helps
    if not fixes.whole_lines(statement) or fixes.detached_already(value):
        return helps
    place = fixes.text(left).replace(" ", "")
    index = left.named_children[-1]
    changed = {fixes.text(n) for n in descendants(index) if n.type == "identifier"}
    reads: list[Node] = []
    for later in block.named_children:
        if later.start_byte < statement.end_byte:
            continue
        if any(
            n.type in ("assignment_expression", "compound_assignment_expr")
            and (target := n.child_by_field_name("left")) is not None
            and fixes.text(target).split("[")[0].strip() in changed | {name}
            for n in descendants(later)
        ):
            break  # the element or its index set again: later reads are another value's
        reads += [
            n
            for n in descendants(later)
            if n.type == "index_expression" and fixes.text(n).replace(" ", "") == place
        ]
    if not reads:
        return helps
    words = {fixes.text(n) for n in descendants(fixes.source.root) if n.type == "identifier"}
    fresh = next(w for w in ("updated", *(f"updated_{k}" for k in range(2, 99))) if w not in words)
    margin = fixes.indent_of(statement)
    written = (
        f"let {fresh} = {fixes.text(value)};{fixes.newline}"
        f"{margin}{fixes.text(left)} = {fresh}.clone().detach();"
    )
    edits = [fixes.edit(statement.start_byte, statement.end_byte, written)]
    edits += [fixes.edit(n.start_byte, n.end_byte, fresh) for n in reads]
    line = statement.start_point[0] + 1
    message = (
        f"make the new `{place}` in a `let` (`{fresh}`), store it detached (line {line}: "
        f"`{fixes.text(left)} = {fresh}.clone().detach();`) and read `{fresh}` where this pass "
        f"reads `{place}` again: later passes read it as data, and this pass's loss keeps its "
        "gradient through it (the write detached whole, that loss would see a constant)"
    )
    first = Help(message, edits)
    rest = [replace(h, applicability="MaybeIncorrect") for h in helps]
    return [first, *rest]


def _tensor_vec(name: str, fixes: Fixes) -> bool:
    """Whether `name` is a `Vec` of tensors: declared so, or made by a `let` of a `vec!` or an
    iterator's `map` of tensors (`let mut bank = vec![Tensor::<2>::zeros([1, 2], &device); 3];`)."""
    if vec_of_tensors(name, fixes):
        return True
    made = re.compile(
        rb"\blet\s+mut\s+" + re.escape(name.encode()) + rb"\s*=\s*(?:vec!\s*\[|\([^;]*?\)\s*"
        rb"\.\s*map\s*\()[^;]*?\bTensor\s*::"
    )
    return made.search(fixes.data) is not None
