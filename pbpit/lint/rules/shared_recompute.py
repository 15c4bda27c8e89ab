"""A fix of `shared-intermediate` for two losses of one forward with an optimizer step between
their backwards (a Siamese encoder stepped on each loss, a task loss and a sparsity loss each
with its step): the second loss's forward made again after the step, as two separate steps
mean (the lines that make it copied right before the second backward, from the stepped
model). Adding the losses would take one step, not two; detaching in the first loss would cut
what it trains."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, identifiers
from pbpit.lint.values import Backward, Definition
from pbpit.rust.syntax import Node, descendants


def recompute_after_step_help(name: str, second: str, edits: list[Edit]) -> Help:
    message = (
        f"make `{second}` again after the first optimizer step, from the stepped model "
        f"(`{name}` and what `{second}` is made of, computed anew): two steps, each on a "
        "forward of its own"
    )
    return Help(message, edits)


def recompute_after_step(
    name: str, earlier: Backward, later: Backward, fixes: Fixes
) -> Help | None:
    """The fix (see the module), or None when the two backwards are not statements of one
    block with an optimizer step (`model = optim.step(..)`) between them, or the second loss
    is not made by `let`s of that block before the first backward."""
    second = later.receiver
    if not second or earlier.through is not None or later.through is not None:
        return None
    one, two = _statement(earlier.span, fixes), _statement(later.span, fixes)
    if one is None or two is None or one.parent is None or two.parent is None:
        return None
    if one.parent.id != two.parent.id:
        return None
    siblings = [c for c in one.parent.named_children if c.type not in ("line_comment",)]
    start, end = _index(siblings, one), _index(siblings, two)
    if start is None or end is None or start >= end:
        return None
    stepped = [_stepped(s, fixes) for s in siblings[start + 1 : end] if _stepped(s, fixes)]
    if not stepped:
        return None
    lets = [s for s in siblings[:start] if s.type == "let_declaration"]
    bound = {n: s for s in lets for n in _bound(s, fixes)}
    # The second loss made after the step (`let kl = ..` between the two backwards): what it
    # is made of is what is made again, right before the first `let` of it there.
    todo, first_made = _made_between(second, siblings[start + 1 : end], fixes)
    # The lets the second loss is made of, back to the stepped model (or what is outside).
    chain: list[Node] = []
    while todo:
        current = todo.pop()
        statement = bound.get(current)
        if statement is None or any(s.id == statement.id for s in chain):
            continue
        chain.append(statement)
        value = statement.child_by_field_name("value")
        todo += [fixes.text(n) for n in identifiers(value)] if value is not None else []
    if not any(name in _bound(s, fixes) for s in chain):
        return None  # the second loss is not made from the shared tensor by these lines
    if not any(_names(s, stepped, fixes) for s in chain):
        return None  # nothing in it is made from the model the step changes
    chain.sort(key=lambda s: s.start_byte)
    made = {n for s in chain for n in _bound(s, fixes)}
    for statement in chain:
        value = statement.child_by_field_name("value")
        moved = fixes.moved_names(value) if value is not None else None
        if moved is None:
            return None  # a field moved out (`batch.inputs`): made again, a use after move
        # What the program reads again after this line was not moved by it (rustc took the
        # program): a model whose `forward` borrows it, read again by the step.
        after = siblings[(_index(siblings, statement) or 0) + 1 :]
        read = {fixes.text(n) for later in after for n in identifiers(later)}
        for use in moved:
            name_ = fixes.text(use)
            if name_ not in made and name_ not in read and not fixes.is_copy(name_, use.start_byte):
                return None  # moved by the first making: made again, a use after move
    indent = fixes.indent_of(two)
    lines = "".join(
        indent + fixes.text(s).replace("\n" + fixes.indent_of(s), "\n" + indent) + fixes.newline
        for s in chain
    )
    if "//" in lines or "/*" in lines:
        return None  # a comment in it: written once, where it is
    at = fixes.line_start((first_made or two).start_point[0])
    return recompute_after_step_help(name, second, [fixes.edit(at, at, lines)])


def _made_between(second: str, between: list[Node], fixes: Fixes) -> tuple[list[str], Node | None]:
    """The names the second loss `second` is made of before the first backward, and the first
    `let` of the statements `between` the two backwards that makes it (None when none does:
    it is made before the first backward, and `[second]` is returned). A name one of those
    `let`s binds is followed through it; the names it reads that no `let` between binds are
    what was made before."""
    lets = {n: s for s in between if s.type == "let_declaration" for n in _bound(s, fixes)}
    if second not in lets:
        return [second], None
    used: list[Node] = []
    names: list[str] = []
    todo = [second]
    while todo:
        current = todo.pop()
        statement = lets.get(current)
        if statement is None:
            if current not in names:
                names.append(current)
            continue
        if any(s.id == statement.id for s in used):
            continue
        used.append(statement)
        value = statement.child_by_field_name("value")
        todo += [fixes.text(n) for n in identifiers(value)] if value is not None else []
    return names, min(used, key=lambda s: s.start_byte)


def _statement(span: tuple[int, int], fixes: Fixes) -> Node | None:
    """The statement of a block (a whole line) that holds the backward at `span`."""
    call = fixes.call_at(span)
    node = call
    while node is not None and node.parent is not None and node.parent.type != "block":
        node = node.parent
    if node is None or node.parent is None or not fixes.whole_lines(node):
        return None
    return node


def _index(siblings: list[Node], node: Node) -> int | None:
    return next((i for i, s in enumerate(siblings) if s.id == node.id), None)


def _stepped(statement: Node, fixes: Fixes) -> str | None:
    """`model` of `model = optim.step(..);`."""
    node = statement.named_children[0] if statement.named_children else None
    if statement.type != "expression_statement" or node is None:
        return None
    if node.type != "assignment_expression":
        return None
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if left is None or right is None or right.type != "call_expression":
        return None
    function = right.child_by_field_name("function")
    method = function.child_by_field_name("field") if function is not None else None
    if method is None or fixes.text(method) != "step":
        return None
    return fixes.text(left)


def _bound(statement: Node, fixes: Fixes) -> list[str]:
    pattern = statement.child_by_field_name("pattern")
    return [fixes.text(n) for n in identifiers(pattern)] if pattern is not None else []


def _names(statement: Node, names: list[str], fixes: Fixes) -> bool:
    value = statement.child_by_field_name("value")
    if value is None:
        return False
    return any(n.type == "identifier" and fixes.text(n) in names for n in descendants(value))


def probed_in(lines: list[str], function: str) -> str | None:
    """`probed_input` of a backward in the function `function` of `lines` (a first backward
    run by a call of it: `input_grad_norm(&scores, &mixed)`)."""
    header = re.compile(r"\s*(?:pub\s+)?fn\s+" + re.escape(function) + r"\b")
    start = next((n for n, text in enumerate(lines, 1) if header.match(text)), None)
    if start is None:
        return None
    for number in range(start + 1, len(lines) + 1):
        text = lines[number - 1]
        if text.startswith("}"):
            return None
        if ".backward()" in text:
            return probed_input(lines, number)
    return None


def probed_input(lines: list[str], line: int) -> str | None:
    """For a first backward at `line` (1-based) of `lines` whose `Gradients` the function then
    reads for an input (`let grads = scores.clone().sum().backward();` then
    `mixed.grad(&grads)`: a gradient probe, WGAN-GP's): that input's name; None otherwise.
    The probe's value goes into the second loss: adding the losses would drop it."""
    if not 1 <= line <= len(lines):
        return None
    bound = re.match(r"\s*let\s+(?:mut\s+)?([A-Za-z_]\w*)\s*=.*\.backward\(\)", lines[line - 1])
    if bound is None:
        return None
    # Bound to a value of its own (`let g = mixed.grad(&grads)..`), not printed.
    read = re.compile(
        r"\s*let\s+(?:mut\s+)?([A-Za-z_]\w*)\s*=\s*([A-Za-z_][\w.]*)\s*\.\s*grad\(\s*&\s*"
        + re.escape(bound[1])
        + r"\s*\)"
    )
    own = len(lines[line - 1]) - len(lines[line - 1].lstrip())
    block = []
    for text in lines[line:]:
        if text.strip() and len(text) - len(text.lstrip()) < own:
            break  # the end of the block
        block.append(text)
    for at, text in enumerate(block):
        found = read.match(text)
        if found is None:
            continue
        # Computed with, not only printed (`println!("{:?}", g)`): it builds the second loss.
        used = re.compile(r"(?<![\w.])" + re.escape(found[1]) + r"\b")
        again = re.compile(r"\s*let\s+(?:mut\s+)?" + re.escape(found[1]) + r"\b")
        after = block[at + 1 :]
        end = next((n for n, t in enumerate(after) if again.match(t)), len(after))
        computed = any(used.search(t) and "!(" not in t for t in after[:end])
        return found[2] if computed and _input_leaf(lines, found[2]) else None
    return None


def _input_leaf(lines: list[str], name: str) -> bool:
    """Whether `name` is bound by a `let` to a tensor made a leaf (`.require_grad()`): an
    input, not a parameter (`model.fc.weight.grad(&grads)` reads a gradient to log it)."""
    bound = re.compile(r"\s*let\s+(?:mut\s+)?" + re.escape(name) + r"\b.*\.require_grad\(\);")
    return re.fullmatch(r"[A-Za-z_]\w*", name) is not None and any(
        bound.match(text) for text in lines
    )


def probe_help(
    name: str, probed: str, edits: list[Edit] | None = None, made: tuple[str, ...] = ()
) -> Help:
    """For a second loss built from a gradient the first backward probes (`probed_input`);
    `edits` (`probe_rescore`) make `name` again after the probe, and the tracked `made` it is
    made from."""
    again = ""
    if edits:
        names = [f"`{n}`" for n in (*made, name)]
        listed = ", ".join(names[:-1]) + " and " + names[-1] if made else names[0]
        again = f": {listed} made again after the probe's backward, as before it"
    return Help(
        f"do not add the losses: the first backward only probes the gradient of `{probed}` to "
        f"build the second loss (added, that probe is gone); score what the second loss reads "
        f"from `{name}` with forward passes of its own (not parts of `{name}`, whose graph the "
        f"probe's backward consumed){again}",
        edits or [],
    )


def probe_rescore(definition: Definition, earlier: Backward, probed: str, fixes: Fixes) -> Help:
    """`probe_help` with its edits: the `let`s that make the shared tensor (it and each tracked
    intermediate it is made from) copied right after the statement whose call runs the probe's
    backward, all in one block (the second loss reads the copy: forwards of its own, the same
    values); what they give by value cloned where it is taken again. In words alone where that
    cannot be written: one of them is no `let` of a name alone in that block before the probe."""
    words = probe_help(definition.name, probed)
    made = definition.statement
    block = fixes.parent(made) if made is not None else None
    probe = fixes.call_at(earlier.span)
    while probe is not None and (up := fixes.parent(probe)) is not None and up.type != "block":
        probe = up
    if block is None or probe is None or fixes.parent(probe) != block:
        return words
    if not fixes.whole_lines(probe):
        return words
    chain = sorted(definition.sources, key=lambda d: d.span[0])
    bound = {d.name for d in chain}
    statements: list[Node] = []
    for source in chain:
        let = source.statement
        pattern = let.child_by_field_name("pattern") if let is not None else None
        if (
            let is None
            or let.type != "let_declaration"
            or source.value is None
            or pattern is None
            or fixes.text(pattern) != source.name
            or fixes.parent(let) != block
            or let.end_byte > probe.start_byte
            or not fixes.whole_lines(let)
            or "//" in fixes.text(let)
            or "/*" in fixes.text(let)
        ):
            return words
        statements.append(let)
    reads = fixes.reads(block)
    clones: list[Edit] = []
    copies = []
    for let, source in zip(statements, chain, strict=True):
        # Not known (a `vec!` of names): copied as it is, and the fix's check tells.
        moved = fixes.moved_names(source.value) or []
        # The copies take again what the `let`s gave: cloned there, but for what a copy binds.
        clones += [
            fixes.edit(n.end_byte, n.end_byte, ".clone()")
            for n in moved
            if fixes.text(n) not in bound
        ]
        # A name read after the probe statement is cloned by the copy too.
        later = [
            n
            for n in moved
            if any(start >= probe.end_byte for start, _ in reads.get(fixes.text(n), []))
        ]
        copies.append(fixes.copy_lines(let, later, fixes.indent_of(probe)))
    at = fixes.line_start(probe.end_point[0] + 1)
    edits = [*clones, fixes.edit(at, at, "".join(copies))]
    made = tuple(d.name for d in chain if d.name != definition.name)
    return probe_help(definition.name, probed, edits, made)
