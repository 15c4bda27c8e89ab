"""`loop-external-tracked`'s fixes of a snapshot a slot keeps: an `Option` (or a map's entry, a
`Vec` of `Option`s) the loop fills with a tensor the pass computes itself, kept for the later
passes, which compare it with their own (`let soft = snapshot.get_or_insert_with(||
pred.clone()).clone();` beside `pred`: self-distillation's soft targets of the first epoch; a
previous prediction `prev.replace(pred.clone())` for a consistency term). The slot, not the
pass's `let` that reads it, carries the tensor into the next pass.

The fix is to detach what is put where it is put (`|| pred.clone().detach()`): the slot keeps
the value it was filled with, now data every pass may read. Emptied or made anew in each pass,
the slot would hold the pass's own tensor, and what the loss compares with it would cancel (a
distance always 0): that runs, but trains nothing through the comparison, so it is said in
words with why, never written as code (lint, run, explain: one set of words, here)."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Help
from pbpit.lint.fixes import Fixes, is_name
from pbpit.lint.rule import Meeting
from pbpit.rust.syntax import Node, descendants

_FILLS = ("get_or_insert_with", "get_or_insert", "insert", "replace")
"""`Option`'s methods that put a value in it (`insert` and `replace` always, the others when it
is empty)."""

_ENTRY_FILLS = ("or_insert_with", "or_insert")
"""A map's entry filled when its key is missing (`m.entry(k).or_insert_with(|| v)`)."""


def kept_snapshot(helps: list[Help], name: str, meeting: Meeting, fixes: Fixes) -> list[Help]:
    """`helps` of a slot `name` (`snapshot`, `self.prev`, `snaps` of a map or a `Vec` of
    `Option`s) filled with a tensor of the pass that the pass reads beside it: detaching what is
    put, where it is put, first; emptying it or making it anew each pass in words only, with
    why. `helps` unchanged for any other carried state."""
    loop = meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    if body is None or meeting.in_macro:
        return helps
    puts = _puts(name, body, fixes)
    if not puts:
        return helps
    if any(_written_through(put, fixes) for _, put in puts):
        return helps  # `*m.entry(k).or_insert(v) = blended`: state written each pass
    fresh = [_fresh(value, put, body, fixes) for value, put in puts]
    if not all(fresh):
        return helps
    at = meeting.definition.span[0]
    if not any(
        put.start_byte <= at < put.end_byte or _made_at(f, at)
        for (_, put), f in zip(puts, fresh, strict=True)
    ):
        return helps  # the tensor carried is not the one the slot keeps
    edits = [
        e
        for value, _ in puts
        if not fixes.detached_already(value)
        for e in fixes.detach_edits(value)
    ]
    if not edits:
        return helps
    own = fresh[0].text if fresh[0] is not None else ""
    said = f"`{fixes.text(puts[0][0])}`" if len(puts) == 1 else "what is put"
    if not all(_fills_when_empty(put, body, fixes) for _, put in puts):
        # Put in every pass (`prev.replace(pred.clone())`): the next pass's previous value.
        detach = Help(
            f"detach {said} where it is put in `{name}`: the next pass reads it as the previous "
            f"pass's `{own}`, a value to compare with, not a graph to walk again: gradients stop "
            "at the pass boundary",
            edits,
        )
        return [detach, *(h for h in helps if not h.edits and not h.message.startswith("detach "))]
    detach = Help(
        f"detach {said} where it is put in `{name}`: `{name}` keeps an earlier pass's `{own}` "
        f"for the later passes, which compare it with their own `{own}`; detached, it stays the "
        "value it was filled with, data every pass reads",
        edits,
    )
    out = [detach]
    out += [h for h in helps if not h.edits and not h.message.startswith("detach ")]
    if any(h.edits and not h.message.startswith("detach ") for h in helps):
        out.append(
            Help(
                f"emptying `{name}` or making it anew in each pass runs, but changes what the "
                "program computes",
                note=(
                    f"not written as code: emptied or made anew in each pass, `{name}` would "
                    f"hold that pass's own `{own}`, and what the loss compares with it would "
                    "cancel (a distance always 0): it trains nothing through the comparison"
                ),
                applicability="MaybeIncorrect",
            )
        )
    return out


class _Fresh:
    """The name of the pass's own tensor a slot is filled with (`pred` of `pred.clone()`), and
    its `let`."""

    def __init__(self, text: str, made: Node) -> None:
        self.text = text
        self.made = made


def _made_at(fresh: _Fresh | None, at: int) -> bool:
    return fresh is not None and fresh.made.start_byte <= at < fresh.made.end_byte


def _puts(name: str, body: Node, fixes: Fixes) -> list[tuple[Node, Node]]:
    """The values the loop's `body` puts in the slot `name`, each with the expression that puts
    it: `name.get_or_insert_with(|| v)` (the closure's value), `name.get_or_insert(v)`,
    `name.insert(v)`, `name.replace(v)`, `name = Some(v)`, `name.entry(k).or_insert_with(|| v)`,
    `name[k] = Some(v)`, `*slot = Some(v)` of `let slot = &mut name[k];`."""
    found = []
    spaced = re.compile(r"\s+")
    lent = _lent_slots(name, body, fixes)
    for node in descendants(body):
        if node.type == "call_expression":
            function = node.child_by_field_name("function")
            arguments = node.child_by_field_name("arguments")
            if function is None or function.type != "field_expression" or arguments is None:
                continue
            method = fixes.text(function.child_by_field_name("field"))
            receiver = function.child_by_field_name("value")
            target = spaced.sub("", fixes.text(receiver)) if receiver is not None else ""
            if (
                method in _ENTRY_FILLS
                and receiver is not None
                and receiver.type == "call_expression"
            ):
                inner = receiver.child_by_field_name("function")
                if inner is None or inner.type != "field_expression":
                    continue
                if fixes.text(inner.child_by_field_name("field")) != "entry":
                    continue
                target = spaced.sub("", fixes.text(inner.child_by_field_name("value")))
            elif method not in _FILLS:
                continue
            if _stripped(target) != name and target not in lent:
                continue
            value = _given(arguments, method, fixes)
            if value is not None:
                # `prev.replace(v)` in every pass: state carried, detached where put all the same
                found.append((value, node))
        elif node.type == "assignment_expression":
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if left is None or right is None:
                continue
            target = spaced.sub("", fixes.text(left))
            if _stripped(target) != name and target.lstrip("*") not in lent:
                continue
            value = _some(right, fixes)
            if value is not None and _when_empty(node, body, fixes):
                found.append((value, node))
    return found


_EMPTY_TESTS = re.compile(r"\.\s*is_none\s*\(|!\s*[\w.]+\s*\.\s*contains_key\b|==\s*0\b|\bNone\b")
"""What an `if`'s condition (or an arm's pattern) says of a slot filled only while it is empty:
`slot.is_none()`, `!m.contains_key(&k)`, `epoch == 0` (the first pass), `None =>`."""


def _when_empty(put: Node, body: Node, fixes: Fixes) -> bool:
    """Whether a put that writes whatever the slot holds (`insert`, `replace`, `= Some(v)`)
    runs only while the slot is empty: in an `if` (or a `None` arm) that says so. Written in
    every pass instead, the slot is state carried, not a snapshot kept."""
    node = fixes.parent(put)
    while node is not None and node.id != body.id:
        if node.type == "if_expression":
            condition = node.child_by_field_name("condition")
            if condition is not None and _EMPTY_TESTS.search(fixes.text(condition)):
                return True
        elif node.type == "match_arm":
            pattern = node.child_by_field_name("pattern")
            if pattern is not None and fixes.text(pattern).strip() == "None":
                return True
        node = fixes.parent(node)
    return False


def _fills_when_empty(put: Node, body: Node, fixes: Fixes) -> bool:
    """Whether `put` fills the slot only while it is empty: a `get_or_insert*` or an entry's
    `or_insert*`, or any put under a test that it is (`_when_empty`)."""
    function = put.child_by_field_name("function") if put.type == "call_expression" else None
    method = function.child_by_field_name("field") if function is not None else None
    named = fixes.text(method) if method is not None else ""
    return named in (*_FILLS[:2], *_ENTRY_FILLS) or _when_empty(put, body, fixes)


def _written_through(put: Node, fixes: Fixes) -> bool:
    """Whether what `put` returns (the slot's `&mut`) is written at once: `*m.entry(k)
    .or_insert(v) = blended`, `*snap.get_or_insert(v) += x`. The slot then changes in every
    pass, as state does, and is no snapshot kept from the pass that filled it."""
    node, parent = put, fixes.parent(put)
    while parent is not None and parent.type in (
        "unary_expression", "parenthesized_expression", "field_expression", "index_expression"
    ):
        node, parent = parent, fixes.parent(parent)
    if parent is None or parent.type not in ("assignment_expression", "compound_assignment_expr"):
        return False
    left = parent.child_by_field_name("left")
    return left is not None and left.id == node.id


def _stripped(target: str) -> str:
    """The slot's holder: `snaps` of `snaps[k]`, the name itself otherwise."""
    return re.sub(r"\[[^\[\]]*\]$", "", target)


def _lent_slots(name: str, body: Node, fixes: Fixes) -> set[str]:
    """The names bound in `body` to one slot of `name` by `&mut` (`let slot = &mut
    snaps[k];`, `snaps.get_mut(k).unwrap()`)."""
    out = set()
    held = re.compile(
        r"&\s*mut\s+"
        + re.escape(name)
        + r"\s*\[[^\]]*\]$|^"
        + re.escape(name)
        + r"\s*\.\s*(?:get_mut|last_mut|first_mut)\s*\([^()]*\)\s*(?:\.\s*unwrap\s*\(\s*\))?$"
    )
    for node in descendants(body):
        if node.type != "let_declaration":
            continue
        pattern, value = node.child_by_field_name("pattern"), node.child_by_field_name("value")
        if pattern is None or value is None:
            continue
        if pattern.type == "mut_pattern" and pattern.named_children:
            pattern = pattern.named_children[-1]
        if pattern.type == "identifier" and held.search(fixes.text(value).strip()):
            out.add(fixes.text(pattern))
    return out


def _given(arguments: Node, method: str, fixes: Fixes) -> Node | None:
    """The value a fill puts: a closure's body for `*_with`, else its one argument."""
    given = [a for a in arguments.named_children if a.type not in ("line_comment",)]
    if len(given) != 1:
        return None
    value = given[0]
    if method.endswith("_with"):
        if value.type != "closure_expression":
            return None
        value = value.child_by_field_name("body")
        if value is not None and value.type == "block":
            inner = [c for c in value.named_children if c.type != "line_comment"]
            value = (
                inner[0] if len(inner) == 1 and inner[0].type != "expression_statement" else None
            )
    return value


def _some(right: Node, fixes: Fixes) -> Node | None:
    """`v` of `Some(v)`."""
    function = right.child_by_field_name("function") if right.type == "call_expression" else None
    arguments = right.child_by_field_name("arguments")
    if function is None or fixes.text(function) != "Some" or arguments is None:
        return None
    given = arguments.named_children
    return given[0] if len(given) == 1 else None


def _fresh(value: Node, put: Node, body: Node, fixes: Fixes) -> _Fresh | None:
    """Where `value` is the pass's own tensor (`pred` or `pred.clone()`, `pred` bound by a
    `let` of the loop's body) and the body reads `pred` outside the put too (the loss compares
    them): that name; None otherwise."""
    text = re.sub(r"\s+", "", fixes.text(value))
    own = text.removesuffix(".clone()")
    if not is_name(own):
        return None
    made = None
    for node in descendants(body):
        if node.type != "let_declaration" or node.start_byte > put.start_byte:
            continue
        pattern = node.child_by_field_name("pattern")
        if pattern is not None and pattern.type == "mut_pattern" and pattern.named_children:
            pattern = pattern.named_children[-1]
        if pattern is not None and pattern.type == "identifier" and fixes.text(pattern) == own:
            made = node
    if made is None or _made_only_to_fill(made, put, body, fixes):
        return None
    for node in descendants(body):
        if node.type != "identifier" or fixes.text(node) != own:
            continue
        if made.start_byte <= node.start_byte < made.end_byte:
            continue
        if put.start_byte <= node.start_byte < put.end_byte:
            continue
        return _Fresh(own, made)
    return None


def _made_only_to_fill(made: Node, put: Node, body: Node, fixes: Fixes) -> bool:
    """Whether the pass makes its own tensor only in the branch that fills the slot (`None => {
    let f = ..; feats[i] = Some(f.clone()); f }`): a memo, whose later passes read what it
    keeps instead of making their own, not a snapshot they compare theirs with."""
    node = fixes.parent(put)
    while node is not None and node.id != body.id:
        if node.type == "match_arm" or (
            node.type == "block" and (up := fixes.parent(node)) is not None
            and up.type in ("if_expression", "else_clause")
        ):
            return node.start_byte <= made.start_byte < node.end_byte
        node = fixes.parent(node)
    return False
