"""Recomputing a tensor made before a loop where a closure the loop calls reads it: its `let`s
moved to the top of the closure's body (`loop-external-tracked`'s recompute in the loop, when
the loop reads the tensor only through the closure)."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Edit
from pbpit.lint.fixes import Fixes, identifiers, is_name
from pbpit.lint.values import Definition, Read
from pbpit.rust.syntax import Node, descendants


def recompute_in_closure(
    chain: list[Definition], moved: list[Node], block: Node, loop: Node, fixes: Fixes
) -> tuple[list[Edit], bool] | None:
    """The `let`s of `chain` moved to the top of the body of the one closure that reads them,
    when it is bound by a `let` of `block` between them and `loop`, its body a block, called in
    `loop`, and nothing else after them reads them; each variable they give by value cloned (a
    closure called again moves nothing it captured: rustc's E0507). When the loop reads them
    too, the closure's `let` moves to the top of the loop with them. Returns the edits and
    whether the closure moves; None otherwise."""
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
        spans = [
            (start, end)
            for name in names
            for start, end in reads.get(name, [])
            if start >= last.end_byte
        ]
        if not spans or not all(_within(span, body) for span in spans):
            # The loop reads them too: the closure moves into the loop with them, when
            # nothing but the loop reads it (and it captures by reference).
            pass_body = loop.child_by_field_name("body")
            if pass_body is None or not all(
                _within(span, body) or _within(span, pass_body) for span in spans
            ):
                continue  # something else reads them too: they stay where they are
            with_it = _moved_with_closure(holder, closure, pattern, block, loop, names, fixes)
            if with_it is None:
                return None
            moved, target = [*moved, holder], loop
        else:
            target = closure
        parameters = closure.child_by_field_name("parameters")
        shadowed = {fixes.text(n) for n in identifiers(parameters)} if parameters else set()
        values = [d.value for d in chain if d.value is not None]
        everything = {fixes.text(n) for value in values for n in identifiers(value)}
        if shadowed & (everything | names):
            return None
        if not _called_in(fixes.text(pattern), loop, fixes):
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
        edits = fixes.move_into_loop(moved, target, clones)
        return None if edits is None else (edits, target is loop)
    return None


def _within(span: tuple[int, int], node: Node) -> bool:
    return node.start_byte <= span[0] and span[1] <= node.end_byte


def _called_in(name: str, loop: Node, fixes: Fixes) -> bool:
    """Whether the closure `name` is called in `loop`."""
    called = re.compile(rb"\b" + re.escape(name.encode()) + rb"\s*\(")
    return called.search(fixes.data[loop.start_byte : loop.end_byte]) is not None


def _moved_with_closure(
    holder: Node,
    closure: Node,
    pattern: Node,
    block: Node,
    loop: Node,
    names: set[str],
    fixes: Fixes,
) -> bool | None:
    """True when the `let` `holder` of `closure` can move into `loop` with what it reads: a
    closure without `move`, on lines of its own, called in the loop and read nowhere else
    after it, with nothing between it and the loop naming it or `names`; None otherwise."""
    name = fixes.text(pattern)
    if fixes.text(closure).startswith("move") or not fixes.whole_lines(holder):
        return None
    pass_body = loop.child_by_field_name("body")
    if pass_body is None or not _called_in(name, loop, fixes):
        return None
    reads = fixes.reads(block).get(name, [])
    if any(a >= holder.end_byte and not _within((a, b), pass_body) for a, b in reads):
        return None
    between = [s for s in block.named_children if holder.end_byte <= s.start_byte < loop.start_byte]
    if any(fixes.text(n) in names | {name} for s in between for n in identifiers(s)):
        return None
    return True


def called_closure_use(name: str, loop: Node, fixes: Fixes) -> tuple[int, int] | None:
    """Where `loop` uses `name` through a closure that reads it: the first call in `loop` of
    a closure bound by a `let` before it, in a block around it, whose body reads `name` (`let
    drift = |now| (now - start.clone())..;` read by `drift(emb)`); None when there is none."""
    calls: list[Node] = []
    block = loop.parent
    while block is not None and block.type != "function_item":
        if block.type != "block":
            block = block.parent
            continue
        reads = fixes.reads(block).get(name, [])
        for holder in block.named_children:
            if holder.end_byte > loop.start_byte:
                break
            closure = holder.child_by_field_name("value")
            pattern = holder.child_by_field_name("pattern")
            if holder.type != "let_declaration" or closure is None or pattern is None:
                continue
            if closure.type != "closure_expression" or not any(_within(s, closure) for s in reads):
                continue
            parameters = closure.child_by_field_name("parameters")
            if parameters is not None and name in map(fixes.text, identifiers(parameters)):
                continue  # its own parameter of that name
            called = fixes.text(pattern)
            calls += [
                node
                for node in descendants(loop)
                if node.type == "call_expression"
                and (function := node.child_by_field_name("function")) is not None
                and fixes.text(function) == called
            ]
        block = block.parent
    first = min(calls, key=lambda node: node.start_byte, default=None)
    return None if first is None else (first.start_byte, first.end_byte)


def field_carrier(use: Read | None, definition: Definition, fixes: Fixes) -> str | None:
    """`rollout.old_log_probs`: the field of its name the loop reads the tensor from, made
    elsewhere under that name (a function's `let` put in the struct it returns, bound by the
    `let` the tensor is reported at); None otherwise."""
    if use is None or use.node is None or use.name == definition.name:
        return None
    parent = use.node.parent
    if parent is None or parent.type != "field_expression":
        return None
    field = parent.child_by_field_name("field")
    value = parent.child_by_field_name("value")
    if field is None or value is None or value.start_byte != use.node.start_byte:
        return None
    if fixes.text(field) != definition.name:
        return None
    # Bound by the statement the tensor is reported at (`let rollout = collect(..)`), not a
    # loop's variable over slices of it (`b.old` of `for b in batches`).
    statement = fixes.source.root.descendant_for_byte_range(*definition.span)
    while statement is not None and statement.type != "let_declaration":
        statement = statement.parent
    pattern = statement.child_by_field_name("pattern") if statement is not None else None
    if pattern is None or fixes.text(pattern).removeprefix("mut ").strip() != use.name:
        return None
    return f"{use.name}.{definition.name}"
