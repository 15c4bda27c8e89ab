"""`double-backward`'s rebuild of the loss where the second backward's gradients are read for
a tensor the loss is not made from: a tensor made between the backwards in place of one the
loss reads (sharpness-aware minimisation: `let w_adv = Tensor::from_inner(w.clone().inner() +
g * scale).require_grad();`, then `w_adv.grad(&grads_adv)` after the second backward). The same
loss built again reads nothing of `w_adv` (its gradient there is `None`); the loss at the new
tensor is its `let` again with that tensor read where the loss read the one it replaces:
`let loss = (x.clone().matmul(w_adv.clone()) - y.clone()).powf_scalar(2.0).mean();`."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, identifiers, is_name
from pbpit.lint.rule import Fix
from pbpit.lint.values import Backward, Definition
from pbpit.rust.syntax import Node

REBUILD_AT = Fix(
    "rebuild the loss at the new tensor",
    "where the second backward's gradients are read for a tensor made after the loss in "
    "place of one it reads (SAM's perturbed weights), build the loss again from that tensor",
)


def rebuilt_at_help(name: str, at: str, replaced: str, edits: list[Edit]) -> Help:
    """Build the loss again at the tensors the second backward's gradients are read for (`at`,
    made from `replaced`; each list said as "`a`, `b`")."""
    many = "`, `" in at
    its = "their gradients would be `None`" if many else "its gradient would be `None`"
    return Help(
        f"build `{name}` again from `{at}` before the second backward: its gradients are read "
        f"for `{at}`, made after `{name}` from `{replaced}`, so the loss must be computed at "
        f"`{at}` (`{name}` built again as it was reads nothing of `{at}`: {its})",
        edits,
    )


def rebuilt_at(
    definition: Definition, later: Backward, fixes: Fixes
) -> tuple[list[Edit], str, str] | None:
    """The edits that build the loss again, its reads of the replaced tensor made reads of the
    new one, just before the second backward's statement; with the new tensor's name and the
    replaced one's. None for another shape: the second backward a statement `let g =
    loss.backward();` of the loss's block, `t.grad(&g)` read after it of a `t` bound by a `let`
    of that block between the two, made from exactly one name the loss's `let` reads."""
    name, statement = definition.name, definition.statement
    if later.receiver != name or not is_name(name) or definition.assigned or later.through:
        return None
    if statement is None or statement.type != "let_declaration":
        return None
    block = fixes.parent(statement)
    call = fixes.call_at(later.span)
    second = fixes.parent(call) if call is not None else None
    if block is None or second is None or second.type != "let_declaration":
        return None
    if fixes.parent(second) is not block or second.child_by_field_name("value") != call:
        return None
    pattern = second.child_by_field_name("pattern")
    if pattern is None or pattern.type != "identifier":
        return None
    grads = fixes.text(pattern)
    siblings = list(block.named_children)
    after = [s for s in siblings if s.start_byte >= second.end_byte]
    # What the gradients are read for: `w_adv.grad(&g)`, or a field of it (`adv.w.grad(&g)`
    # of a struct of tensors made again at the pushed values): the variable.
    read_for = {
        m.group(1)
        for s in after
        for m in re.finditer(
            rf"(?<![\w.])([A-Za-z_]\w*)(?:\s*\.\s*\w+)*?\s*\.\s*grad\s*\(\s*&\s*"
            rf"{re.escape(grads)}\s*\)",
            fixes.text(s),
        )
    }
    # The loss's `let` and those of its block it is made from (`let pred = ..;` then `let
    # loss = mse(pred, ..);`), in order: each written again.
    chain = sorted(
        {
            d.statement.start_byte: d
            for d in definition.sources | {definition}
            if d.statement is not None and fixes.parent(d.statement) is block
        }.values(),
        key=lambda d: d.statement.start_byte,
    )
    statements = [d.statement for d in chain]
    if any(
        d.statement.type != "let_declaration"
        or d.value is None
        or d.assigned
        or not is_name(d.name)
        or not fixes.whole_lines(d.statement)
        or d.statement.start_byte > statement.start_byte
        for d in chain
    ):
        return None
    bound = {d.name for d in chain}
    loss_reads = {fixes.text(n) for d in chain for n in identifiers(d.value)} - bound
    found = []
    for s in siblings:
        if not statement.end_byte <= s.start_byte < second.start_byte:
            continue
        pattern = s.child_by_field_name("pattern") if s.type == "let_declaration" else None
        made = s.child_by_field_name("value") if pattern is not None else None
        if pattern is None or made is None or pattern.type != "identifier":
            continue
        at = fixes.text(pattern)
        if at not in read_for or at in loss_reads | bound:
            continue
        sources = {fixes.text(n) for n in identifiers(made)} & loss_reads
        if len(sources) == 1:
            found.append((s, at, sources.pop()))
    replacing = {replaced: at for _, at, replaced in found}
    if not found or len(replacing) != len(found) or not fixes.whole_lines(second):
        return None  # none, or two tensors made from one the loss reads: which is meant?
    first = statements[0]
    between = [s for s in siblings if first.end_byte <= s.start_byte < second.start_byte]
    between = [s for s in between if s not in statements]
    if _rebinds(between, loss_reads - set(replacing), fixes):
        return None  # what the loss reads changed between: the copy would read other tensors
    if any(
        _names(s, bound - {name}, fixes) for s in siblings if s.start_byte >= second.end_byte
    ):
        return None  # a `let` of the chain read after: it would read the one made again
    clones: list[Node] = []
    for d in chain:
        moved = fixes.moved_names(d.value)
        if moved is None:
            return None
        clones += [
            n
            for n in moved
            if fixes.text(n) not in bound and not fixes.is_copy(fixes.text(n), n.start_byte)
        ]
    indent = fixes.indent_of(second)
    text = "".join(_copy_replacing(s, clones, replacing, fixes, indent) for s in statements)
    edits = [fixes.edit(n.end_byte, n.end_byte, ".clone()") for n in clones]
    start = fixes.line_start(second.start_point[0])
    ats = "`, `".join(replacing.values())
    olds = "`, `".join(replacing)
    return [*edits, fixes.edit(start, start, text)], ats, olds


def _names(statement: Node, names: set[str], fixes: Fixes) -> bool:
    return any(fixes.text(n) in names for n in identifiers(statement))


def _rebinds(statements: list[Node], names: set[str], fixes: Fixes) -> bool:
    """Whether a statement binds or assigns one of `names` (`let x = ..`, `x = ..`)."""
    for s in statements:
        pattern = s.child_by_field_name("pattern") if s.type == "let_declaration" else None
        if pattern is not None and {fixes.text(n) for n in identifiers(pattern)} & names:
            return True
        for node in identifiers(s):
            parent = node.parent
            if (
                parent is not None
                and parent.type in ("assignment_expression", "compound_assignment_expr")
                and parent.child_by_field_name("left") == node
                and fixes.text(node) in names
            ):
                return True
    return False


def _copy_replacing(
    statement: Node, clones: list[Node], replacing: dict[str, str], fixes: Fixes, indent: str
) -> str:
    """`statement`'s lines re-indented, `clones` cloned, each identifier a key of `replacing`
    read as its value (cloned where it was given by value: the new tensor is read again)."""
    data = fixes.data
    start = fixes.line_start(statement.start_point[0])
    end = fixes.line_start(statement.end_point[0] + 1)
    cloned = {n.start_byte for n in clones}
    pieces, at = [], start
    for node in sorted(identifiers(statement), key=lambda n: n.start_byte):
        if node.start_byte < start or fixes.text(node) not in replacing:
            if node.start_byte in cloned:
                pieces += [data[at : node.end_byte].decode(), ".clone()"]
                at = node.end_byte
            continue
        pieces.append(data[at : node.start_byte].decode())
        new = replacing[fixes.text(node)]
        pieces.append(new + (".clone()" if node.start_byte in cloned else ""))
        at = node.end_byte
    pieces.append(data[at:end].decode())
    lines = "".join(pieces).splitlines(keepends=True)
    old_indent = fixes.indent_of(statement)
    return "".join(
        indent + line.removeprefix(old_indent) if line.strip() else line for line in lines
    )
