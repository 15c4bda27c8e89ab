"""`shared-intermediate` of a first loss backpropagated in a branch only (`if epoch == 0 { let
warm = centre.backward(); .. }`) and a second loss after it: adding the two is not the fix (the
first loss is not in scope where the second's backward is, and its term would join the second's
objective in that pass). The branch's loss gets a forward of its own instead: the shared tensor's
value written where the first loss reads it (`model.forward(x.clone())` for `pred.clone()`), so
its backward walks a graph of its own and the second finds the shared steps in place."""

from __future__ import annotations

from pathlib import Path

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, ancestors
from pbpit.lint.values import Backward, Definition
from pbpit.rust.syntax import Node, RustReadError, read_rust

BRANCHES = ("if_expression", "match_expression")


def branch_apart(first: Node, second: Node, fixes: Fixes) -> Node | None:
    """The innermost `if` or `match` around the call `first` that does not hold `second`
    (within the function of both), or None."""
    root = fixes.source.root
    outer = [n for n in ancestors(root, first) if n.type in BRANCHES]
    for node in reversed(outer):
        if node.start_byte <= second.start_byte < node.end_byte:
            return None
        if node.type in BRANCHES:
            return node
    return None


def backward_apart(earlier: Backward, later: Backward, fixes: Fixes) -> Node | None:
    """The branch that holds the first backward and not the second (as `branch_apart`)."""
    if earlier.through is not None or later.through is not None or earlier.span == later.span:
        return None
    one, two = fixes.call_at(earlier.span), fixes.call_at(later.span)
    if one is None or two is None:
        return None
    return branch_apart(one, two, fixes)


def run_backward_apart(path: str, first: int | None, second: int | None) -> bool:
    """For a run of the Rust file `path`: whether the backward at line `first` is in a branch
    that does not hold the one at line `second`."""
    from pbpit.lint.rules.stepped_modules import backward_call_on_line

    if first is None or second is None or first == second or not path.endswith(".rs"):
        return False
    try:
        fixes = Fixes(read_rust(Path(path)))
    except RustReadError:
        return False
    one, two = backward_call_on_line(fixes, first), backward_call_on_line(fixes, second)
    return one is not None and two is not None and branch_apart(one, two, fixes) is not None


def own_forward_help(first: str | None, name: str, value: str, edits: list[Edit]) -> Help:
    loss = f"`{first}`" if first else "the first loss"
    return Help(
        f"{loss} is backpropagated in a branch only: give it a forward of its own, `{value}` "
        f"where it reads `{name}` (adding it to the other loss would put its term in that "
        "loss's objective, and it is out of scope there)",
        edits,
    )


def own_forward(definition: Definition, earlier: Backward, fixes: Fixes) -> Help:
    """The fix of the module: the first loss's one read of the shared tensor (`name.clone()`,
    or `name`) replaced by the text of the tensor's value; said in words where it cannot be
    written."""
    name, value = definition.name, definition.value
    text = fixes.text(value) if value is not None else ""
    if value is None or "\n" in text or definition.statement is None:
        return own_forward_help(earlier.receiver, name, "its forward", [])
    within = (definition.span[1], earlier.span[0])
    reads = [
        r
        for r in earlier.loss.reads
        if r.name == name and within[0] <= r.span[0] < within[1] and r.node is not None
    ]
    if len({r.span for r in reads}) != 1:
        return own_forward_help(earlier.receiver, name, text, [])
    read = reads[0].node
    assert read is not None
    field_ = fixes.parent(read)
    clone = fixes.parent(field_) if field_ is not None else None
    target = read
    if (
        field_ is not None
        and field_.type == "field_expression"
        and fixes.text(field_) == f"{name}.clone"
        and clone is not None
        and clone.type == "call_expression"
    ):
        target = clone
    simple = value.type in ("call_expression", "identifier", "field_expression")
    written = text if simple else f"({text})"
    edit = fixes.edit(target.start_byte, target.end_byte, written)
    return own_forward_help(earlier.receiver, name, text, [edit])
