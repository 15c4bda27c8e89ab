"""`loop-external-tracked`'s recompute in the loop: the `let`s of a tensor made before the loop,
and of what it is made from, moved to the top of the loop's body; of several tensors the same
loss reads (a normalisation's `mean` and `std`), the union of their chains, in one edit."""

from __future__ import annotations

from pbpit.diagnostics.model import Help
from pbpit.lint.fixes import Fixes, identifiers, is_name
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.closures import recompute_in_closure
from pbpit.lint.rules.detach_once import refit_in_loop
from pbpit.lint.rules.loop_external_words import recompute_in_loop_help
from pbpit.lint.rules.walked_again import MADE_WHERE_READ, walked_again
from pbpit.lint.values import Definition
from pbpit.rust.syntax import Node


def recompute_in_loop(
    definition: Definition,
    meeting: Meeting,
    fixes: Fixes,
    beside: tuple[Definition, ...] = (),
    name: str = "",
) -> Help:
    """Recompute in the loop: its `let`, and those of what it is made from before the loop, move
    to the top of the loop's body, each variable they give by value cloned (a move in a loop's
    body is a use after move in the next pass: rustc's E0382). `beside`: the other tensors made
    before the loop the same loss reads (`made_beside.py`), moved with it in one edit; `name`:
    how the help names them all."""
    name = name or definition.name
    loop = meeting.loop
    assert loop is not None
    fallback = recompute_in_loop_help(name, [])
    walked = [] if beside else walked_again(definition, meeting, fixes)
    if walked:
        # A `Vec` of a module's outputs the loop walks: each made where the loop reads it.
        said = (
            f"if gradients must flow through `{name}`, {MADE_WHERE_READ}, every pass, where the "
            "loop reads it: the loop walks what made them"
        )
        return Help(said, walked)
    body = loop.child_by_field_name("body")
    block = loop.parent
    if block is not None and block.type == "expression_statement":
        block = block.parent
    if body is None or body.type != "block" or block is None or block.type != "block":
        return fallback
    # Everything it is made from that was made before the loop moves in with it, in order:
    # moving only the last of a chain leaves the rest consumed by the first pass.
    chain = sorted(
        {
            d.statement.start_byte: d
            for made in (definition, *beside)
            for d in made.sources
            if d.statement is not None
        }.values(),
        key=lambda d: d.statement.start_byte,
    )
    moved = [d.statement for d in chain]
    if not chain:
        return fallback  # made in a function it calls: no `let` of this body to move
    if (
        definition.statement is None
        or any(d.statement is None for d in beside)
        or any(
            statement.type != "let_declaration"
            or fixes.parent(statement) != block
            or statement.end_byte > loop.start_byte
            or d.assigned
            or d.value is None
            or not is_name(d.name)
            or not fixes.whole_lines(statement)
            for d, statement in zip(chain, moved, strict=True)
        )
    ):
        refit = [] if beside else refit_in_loop(definition, loop, fixes)
        return recompute_in_loop_help(name, refit)
    if any(
        fixes.read_outside(d.name, statement, body, moved)
        for d, statement in zip(chain, moved, strict=True)
    ):
        # Read by a closure made before the loop and called in it (`let nll = |..| { ..
        # scale .. };`): computed at the top of the closure's body, every call makes it anew.
        found = recompute_in_closure(chain, moved, block, loop, fixes)
        if found is None:
            return fallback
        edits, with_closure = found
        return recompute_in_loop_help(name, edits, closure="with" if with_closure else "in")
    clones = moved_in_loop(chain, loop, fixes)
    if clones is None:
        return fallback
    edits = fixes.move_into_loop(moved, loop, clones)
    return fallback if edits is None else recompute_in_loop_help(name, edits)


def moved_in_loop(chain: list[Definition], loop: Node, fixes: Fixes) -> list[Node] | None:
    """The variables the `let`s of `chain` give by value that must be cloned once they run in
    every pass of `loop`: made outside the chain, not `Copy`. None when moving the `let`s would
    change what a name means (the loop's pattern or a statement between them and the loop
    binds it anew, assigns or moves it)."""
    bound = {d.name for d in chain}
    used: list[Node] = []
    for d in chain:
        assert d.value is not None
        names = fixes.moved_names(d.value)
        if names is None:
            return None
        used += [n for n in names if fixes.text(n) not in bound]
    values = [d.value for d in chain if d.value is not None]
    everything = {fixes.text(n) for value in values for n in identifiers(value)}
    pattern = loop.child_by_field_name("pattern")
    if pattern is not None and everything & {fixes.text(n) for n in identifiers(pattern)}:
        return None
    first = chain[0].statement
    assert first is not None and first.parent is not None
    moved = {d.statement for d in chain}  # a set: asked for every statement between
    between = [
        s
        for s in first.parent.named_children
        if first.end_byte <= s.start_byte < loop.start_byte and s not in moved
    ]
    for statement in between:
        for node in identifiers(statement):
            if fixes.text(node) in everything:
                return None  # it may be bound, assigned or moved there: not the same value
    return [n for n in used if not fixes.is_copy(fixes.text(n), n.start_byte)]
