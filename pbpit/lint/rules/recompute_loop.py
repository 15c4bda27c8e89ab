"""`loop-external-tracked`'s recompute in the loop: the `let`s of a tensor made before the loop,
and of what it is made from, moved to the top of the loop's body; of several tensors the same
loss reads (a normalisation's `mean` and `std`), the union of their chains, in one edit."""

from __future__ import annotations

from dataclasses import replace

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, identifiers, indent, is_name
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.closures import recompute_in_closure
from pbpit.lint.rules.detach_once import refit_in_loop
from pbpit.lint.rules.field_recompute import recompute_where_read
from pbpit.lint.rules.loop_external_words import recompute_in_loop_help
from pbpit.lint.rules.walked_again import MADE_WHERE_READ, walked_again
from pbpit.lint.values import Definition
from pbpit.rust.syntax import Node, descendants


def recompute_in_loop(
    definition: Definition,
    meeting: Meeting,
    fixes: Fixes,
    beside: tuple[Definition, ...] = (),
    name: str = "",
) -> Help:
    """`_recompute_in_loop`'s help; where it is not code, for a tensor a constructor computes
    into a field (`Trainer::new`'s `pos_feats`, `reader.anchors` of `Reader::build`), the value
    computed where the struct's methods read the field (`field_recompute`)."""
    found = _recompute_in_loop(definition, meeting, fixes, beside, name)
    if found.edits or found.note or beside:
        return found
    return recompute_where_read(definition, fixes) or found


def _recompute_in_loop(
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
    if body is None or body.type != "block":
        return fallback
    # The block holding the `let`: the loop's, or one around it (a nested loop: the `let`
    # before the epochs' loop, each backward in a pass of the batches' loop within it).
    made = definition.statement
    block = fixes.parent(made) if made is not None else None
    outer = holding_statement(loop, block, fixes) if block is not None else None
    if outer is None:
        block, outer = loop_block(loop, fixes), loop
        if block is None:
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
    carried = [
        held
        for d, statement in zip(chain, moved, strict=True)
        if _carried(held := bound_name(d.name, statement, fixes) or d.name, outer, fixes)
    ]
    if carried:
        note = (
            f"not written as code: the loop assigns `{carried[0]}`, state it carries from pass "
            "to pass; its `let` moved into the loop would make it anew in each pass and lose "
            "what the passes before put there"
        )
        return replace(fallback, note=note)
    if (
        definition.statement is None
        or any(d.statement is None for d in beside)
        or any(
            statement.type != "let_declaration"
            or fixes.parent(statement) != block
            or statement.end_byte > outer.start_byte
            or d.assigned
            or made_value(d) is None
            or bound_name(d.name, statement, fixes) is None
            or not fixes.whole_lines(statement)
            for d, statement in zip(chain, moved, strict=True)
        )
    ):
        refit = [] if beside else refit_in_loop(definition, loop, fixes)
        return recompute_in_loop_help(name, refit)
    clones = moved_in_loop(chain, loop, fixes, outer)
    names = [bound_name(d.name, s, fixes) or d.name for d, s in zip(chain, moved, strict=True)]
    outside = [
        name
        for name, statement in zip(names, moved, strict=True)
        if fixes.read_outside(name, statement, body, moved)
    ]
    if outside:
        # Read by a closure made before the loop and called in it (`let nll = |..| { ..
        # scale .. };`): computed at the top of the closure's body, every call makes it anew.
        flat = loop_block(loop, fixes) == block  # not nested: the closure's `let` is beside it
        flat = flat and names == [d.name for d in chain]  # no struct's field: a `let`'s own
        found = recompute_in_closure(chain, moved, block, loop, fixes) if flat else None
        if found is not None:
            edits, with_closure = found
            return recompute_in_loop_help(name, edits, closure="with" if with_closure else "in")
        # Read outside the loop as well (`let current = loss.clone().into_scalar()` before a
        # line search's attempts): kept there, and made again at the top of the loop's body,
        # where the backward reads it.
        if clones is None or any(_in_closure(n, block, body, fixes) for n in outside):
            return fallback
        edits = copy_into_loop(moved, loop, clones, fixes)
        return fallback if edits is None else recompute_in_loop_help(name, edits, kept=True)
    if clones is None:
        return fallback
    edits = fixes.move_into_loop(moved, loop, clones)
    return fallback if edits is None else recompute_in_loop_help(name, edits)


def _carried(name: str, loop: Node, fixes: Fixes) -> bool:
    """Whether `loop` assigns the variable `name` (`slow = slow * k + w.val() * (1.0 - k)`):
    state it carries from pass to pass, which its `let` moved into the loop would make anew in
    each pass, losing what the passes before put there."""
    for node in descendants(loop):
        if node.type in ("assignment_expression", "compound_assignment_expr"):
            left = node.child_by_field_name("left")
            if left is not None and fixes.text(left) == name:
                return True
    return False


def made_value(d: Definition) -> Node | None:
    """What `d`'s `let` gives: its value, or that of the `let` of the struct holding it (made
    by a function it calls: `Trainer::new(&model, &device)`)."""
    if d.value is not None or d.statement is None or d.statement.type != "let_declaration":
        return d.value
    if is_name(d.name):
        return None  # a name a pattern binds of what the `let` gives (`let Out { code, .. }`)
    return d.statement.child_by_field_name("value")


def bound_name(name: str, statement: Node, fixes: Fixes) -> str | None:
    """The variable the `let` `statement` binds that holds the tensor `name`: `name` itself, or
    the holder of its field (`trainer` of `trainer.pos`, `let trainer = Trainer::new(..);`,
    not `mut`: made anew in each pass, it loses nothing the loop changes); None otherwise."""
    if is_name(name):
        return name
    holder, _, field_name = name.partition(".")
    pattern = statement.child_by_field_name("pattern")
    if pattern is None or pattern.type != "identifier" or fixes.text(pattern) != holder:
        return None
    if not is_name(field_name) or any(c.type == "mutable_specifier" for c in statement.children):
        return None
    return holder


def loop_block(loop: Node, fixes: Fixes) -> Node | None:
    """The block whose statement `loop` is."""
    block = fixes.parent(loop)
    if block is not None and block.type == "expression_statement":
        block = fixes.parent(block)
    return block if block is not None and block.type == "block" else None


STOPS = ("closure_expression", "function_item")


def holding_statement(loop: Node, block: Node, fixes: Fixes) -> Node | None:
    """The statement of `block` that holds `loop` (the loop itself, its expression statement,
    or an outer loop it is nested in), through no closure or function; None if there is none."""
    node: Node | None = loop
    while node is not None:
        parent = fixes.parent(node)
        if parent == block:
            return node
        if parent is None or parent.type in STOPS:
            return None
        node = parent
    return None


def _in_closure(name: str, block: Node, body: Node, fixes: Fixes) -> bool:
    """Whether a closure of `block` outside `body` names `name` (it would keep the value made
    before the loop)."""
    for node in descendants(block):
        if node.type != "closure_expression":
            continue
        if body.start_byte <= node.start_byte < body.end_byte:
            continue
        if any(fixes.text(n) == name for n in identifiers(node)):
            return True
    return False


def copy_into_loop(
    statements: list[Node], loop: Node, clones: list[Node], fixes: Fixes
) -> list[Edit] | None:
    """Whole-line `statements` kept where they are and written again at the top of `loop`'s
    body (the copy shadows them there), each of the variables `clones` followed by `.clone()`
    in both (the first would move what the second reads); None when the body's brace does not
    end its line."""
    body = loop.child_by_field_name("body")
    if body is None or not fixes.ends_line(body.start_point[0], body.start_point[1] + 1):
        return None
    brace_line = body.start_point[0]
    inner = [c for c in body.named_children if c.type not in ("line_comment", "block_comment")]
    if inner and inner[0].start_point[0] > brace_line:
        new_indent = indent(fixes.lines[inner[0].start_point[0]])
    else:
        new_indent = indent(fixes.lines[loop.start_point[0]]) + "    "
    text = "".join(fixes.copy_lines(s, clones, new_indent) for s in statements)
    after_brace = fixes.line_start(brace_line + 1)
    kept = [fixes.edit(n.end_byte, n.end_byte, ".clone()") for n in clones]
    return [*kept, fixes.edit(after_brace, after_brace, text)]


def moved_in_loop(
    chain: list[Definition], loop: Node, fixes: Fixes, outer: Node | None = None
) -> list[Node] | None:
    """The variables the `let`s of `chain` give by value that must be cloned once they run in
    every pass of `loop`: made outside the chain, not `Copy`. None when moving the `let`s would
    change what a name means (the loop's pattern or a statement between them and the loop
    binds it anew, assigns or moves it). `outer`: the statement of their block that holds
    `loop` (an outer loop, for a nested one), whose statements before `loop` and loops' patterns
    are between too."""
    bound = {
        bound_name(d.name, d.statement, fixes) or d.name for d in chain if d.statement is not None
    }
    used: list[Node] = []
    for d in chain:
        value = made_value(d)
        assert value is not None
        names = fixes.moved_names(value)
        if names is None and _borrowing_closures(value, fixes):
            # `(0..2).map(|c| net.embed.forward(support.clone()..)).collect()`: a closure
            # called where it is made borrows what it names; the edit's check finds a move.
            names = []
        if names is None:
            return None
        used += [n for n in names if fixes.text(n) not in bound]
    values = [v for v in map(made_value, chain) if v is not None]
    everything = {fixes.text(n) for value in values for n in identifiers(value)}
    first = chain[0].statement
    assert first is not None and first.parent is not None
    outer = outer or loop
    moved = {d.statement for d in chain}  # a set: asked for every statement between
    between = [
        s
        for s in first.parent.named_children
        if first.end_byte <= s.start_byte < outer.start_byte and s not in moved
    ]
    # From `loop` up to `outer`: each loop's pattern, each block's statements before it.
    node: Node | None = loop
    while node is not None:
        if node.type in LOOPS:
            pattern = node.child_by_field_name("pattern")
            between += [pattern] if pattern is not None else []
        if node.start_byte == outer.start_byte and node.end_byte == outer.end_byte:
            break
        parent = fixes.parent(node)
        if parent is not None and parent.type == "block":
            between += [s for s in parent.named_children if s.end_byte <= node.start_byte]
        node = parent
    for statement in between:
        for name in identifiers(statement):
            if fixes.text(name) in everything:
                return None  # it may be bound, assigned or moved there: not the same value
    return [n for n in used if not fixes.is_copy(fixes.text(n), n.start_byte)]


LOOPS = ("for_expression", "while_expression", "loop_expression")


def _borrowing_closures(value: Node, fixes: Fixes) -> bool:
    """Whether the closures of `value` are none of them `move` closures and each is an argument
    of an iterator's method called there (`.map(|c| ..)`), nothing else in `value` kept from
    being cloned: no `vec!` of names, no closure bound or returned."""
    closures = [n for n in descendants(value) if n.type == "closure_expression"]
    if not closures or value.type == "closure_expression":
        return False
    for closure in closures:
        if fixes.text(closure).lstrip().startswith("move"):
            return False
        arguments = fixes.parent(closure)
        if arguments is None or arguments.type != "arguments":
            return False
    macros = [n for n in descendants(value) if n.type == "macro_invocation"]
    return not any(fixes.text(m).startswith("vec!") for m in macros)
