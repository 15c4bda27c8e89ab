"""Recomputing a tensor made before a loop where a closure the loop calls reads it: its `let`s
moved to the top of the closure's body (`loop-external-tracked`'s recompute in the loop, when
the loop reads the tensor only through the closure)."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Edit
from pbpit.lint.fixes import Fixes, identifiers, is_name
from pbpit.lint.values import Definition
from pbpit.rust.syntax import Node


def recompute_in_closure(
    chain: list[Definition], moved: list[Node], block: Node, loop: Node, fixes: Fixes
) -> list[Edit] | None:
    """The `let`s of `chain` moved to the top of the body of the one closure that reads them,
    when it is bound by a `let` of `block` between them and `loop`, its body a block, called in
    `loop`, and nothing else after them reads them; each variable they give by value cloned (a
    closure called again moves nothing it captured: rustc's E0507). None otherwise."""
    names = {d.name for d in chain}
    last = moved[-1]
    holders = [
        s
        for s in block.named_children
        if last.end_byte <= s.start_byte
        and s.end_byte <= loop.start_byte
        and s.type == "let_declaration"
    ]
    reads = fixes.reads(block)
    for holder in holders:
        closure = holder.child_by_field_name("value")
        body = closure.child_by_field_name("body") if closure is not None else None
        pattern = holder.child_by_field_name("pattern")
        if closure is None or closure.type != "closure_expression" or body is None:
            continue
        if body.type != "block" or pattern is None or not is_name(fixes.text(pattern)):
            continue
        inside = (body.start_byte, body.end_byte)
        spans = [
            (start, end)
            for name in names
            for start, end in reads.get(name, [])
            if start >= last.end_byte
        ]
        if not spans or any(not (inside[0] <= a and b <= inside[1]) for a, b in spans):
            continue  # something else reads them too: they stay where they are
        parameters = closure.child_by_field_name("parameters")
        shadowed = {fixes.text(n) for n in identifiers(parameters)} if parameters else set()
        values = [d.value for d in chain if d.value is not None]
        everything = {fixes.text(n) for value in values for n in identifiers(value)}
        if shadowed & (everything | names):
            return None
        called = re.compile(rb"\b" + re.escape(fixes.text(pattern).encode()) + rb"\s*\(")
        if not called.search(fixes.data[loop.start_byte : loop.end_byte]):
            return None
        between = [
            s for s in block.named_children if last.end_byte <= s.start_byte < holder.start_byte
        ]
        if any(fixes.text(n) in everything for s in between for n in identifiers(s)):
            return None  # a statement between may bind, assign or move what they read
        clones: list[Node] = []
        for d in chain:
            assert d.value is not None
            given = fixes.moved_names(d.value)
            if given is None:
                return None
            clones += [
                n
                for n in given
                if fixes.text(n) not in names and not fixes.is_copy(fixes.text(n), n.start_byte)
            ]
        return fixes.move_into_loop(moved, closure, clones)
    return None
