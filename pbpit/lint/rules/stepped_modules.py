"""Which module an optimizer steps with a backward's gradients: `M` of
`GradientsParams::from_grads(loss.backward(), &M)` (or of `let g = loss.backward();` read by a
`from_grads(g, &M)` after it), read from the syntax, for lint's rules and for a run's file
(`run_stepped_modules`, by the backwards' lines). Two backwards that step different modules are a
GAN's (`shared_adversarial`); a loop whose backwards step only modules a tensor is not made from
does not train through it (loop-external-tracked's detach once)."""

from __future__ import annotations

from pathlib import Path

from pbpit.lint.fixes import Fixes
from pbpit.lint.values import Backward
from pbpit.rust.syntax import Node, RustReadError, descendants, read_rust


def stepped_module(call: Node, fixes: Fixes) -> str | None:
    """The module whose parameters the gradients of the backward `call` step: `M` of
    `GradientsParams::from_grads(loss.backward(), &M)`, or of `let g = loss.backward();` read
    by the first `from_grads(g, &M)` after it in its block; None when not seen."""
    parent = fixes.parent(call)
    if parent is not None and parent.type == "arguments":
        found = _from_grads(fixes.parent(parent), None, fixes)
        if found is not None:
            return found
    if parent is None or parent.type != "let_declaration":
        return None
    if parent.child_by_field_name("value") != call:
        return None
    pattern = parent.child_by_field_name("pattern")
    block = fixes.parent(parent)
    if pattern is None or block is None:
        return None
    bound = fixes.text(pattern).removeprefix("mut ").strip()
    after = [s for s in block.named_children if s.start_byte > parent.start_byte]
    for statement in after:
        for node in descendants(statement):
            found = _from_grads(node, bound, fixes)
            if found is not None:
                return found
    return None


def _from_grads(node: Node | None, grads: str | None, fixes: Fixes) -> str | None:
    """`M` of the call `node` when it is `..from_grads(x, &M)` (`x` the name `grads`, unless
    None)."""
    if node is None or node.type != "call_expression":
        return None
    function = node.child_by_field_name("function")
    arguments = node.child_by_field_name("arguments")
    if function is None or arguments is None or not fixes.text(function).endswith("from_grads"):
        return None
    given = [a for a in arguments.named_children if a.type not in ("line_comment", "block_comment")]
    if len(given) != 2 or given[1].type != "reference_expression":
        return None
    if grads is not None and fixes.text(given[0]) != grads:
        return None
    return fixes.text(given[1]).removeprefix("&").strip()


def stepped_apart(earlier: Backward, later: Backward, fixes: Fixes) -> tuple[str, str] | None:
    """The modules the two backwards' gradients step, when each is known and they differ."""
    if earlier.through is not None or later.through is not None:
        return None
    one, two = fixes.call_at(earlier.span), fixes.call_at(later.span)
    if one is None or two is None:
        return None
    first, second = stepped_module(one, fixes), stepped_module(two, fixes)
    if first is None or second is None or first == second:
        return None
    return first, second


def stepped_together(earlier: Backward, later: Backward, fixes: Fixes) -> bool:
    """Whether both backwards' gradients step the same module (one model's two losses), or they
    are one backward run by each pass of a loop: a loss that must not train what made the shared
    tensor is then no part of the program."""
    if earlier.span == later.span:
        return True
    if earlier.through is not None or later.through is not None:
        return False
    one, two = fixes.call_at(earlier.span), fixes.call_at(later.span)
    if one is None or two is None:
        return False
    first, second = stepped_module(one, fixes), stepped_module(two, fixes)
    return first is not None and first == second


def backward_call_on_line(fixes: Fixes, line: int) -> Node | None:
    """The one `.backward()` call on 1-based line `line` of the file."""
    if not 1 <= line <= len(fixes.lines):
        return None
    start = fixes.line_start(line - 1)
    end = start + len(fixes.lines[line - 1].encode("utf-8"))
    node = fixes.source.root.descendant_for_byte_range(start, end)
    while (
        node is not None
        and node.type != "source_file"
        and not (node.start_byte <= start and end <= node.end_byte)
    ):
        node = fixes.parent(node)
    if node is None:
        return None
    calls = [
        n
        for n in descendants(node)
        if n.type == "call_expression"
        and fixes.text(n).endswith(".backward()")
        and start <= n.end_byte - 1 < end
    ]
    return calls[0] if len(calls) == 1 else None


def run_stepped_apart(path: str, first: int | None, second: int | None) -> tuple[str, str] | None:
    """For a run of the Rust file `path`: the modules the backwards at lines `first` and
    `second` step, when each is known and they differ (as `stepped_apart`)."""
    if first is None or second is None or first == second or not path.endswith(".rs"):
        return None
    try:
        fixes = Fixes(read_rust(Path(path)))
    except RustReadError:
        return None
    one, two = backward_call_on_line(fixes, first), backward_call_on_line(fixes, second)
    if one is None or two is None:
        return None
    a, b = stepped_module(one, fixes), stepped_module(two, fixes)
    return (a, b) if a is not None and b is not None and a != b else None


def run_stepped_modules(path: str, lines: list[int]) -> list[str | None]:
    """For a run of the Rust file `path`: the module each backward at `lines` steps (None where
    not known)."""
    if not path.endswith(".rs"):
        return [None for _ in lines]
    try:
        fixes = Fixes(read_rust(Path(path)))
    except RustReadError:
        return [None for _ in lines]
    found: list[str | None] = []
    for line in lines:
        call = backward_call_on_line(fixes, line)
        found.append(stepped_module(call, fixes) if call is not None else None)
    return found


def elsewhere_title(name: str, leaves: str, modules: list[str]) -> str:
    """Why detaching once is the fix of a tensor made before a loop whose backwards step only
    `modules`, none of which it is made from (loop-external-tracked's explain words)."""
    stepped = ", ".join(f"`{m}`" for m in modules)
    made = f" from {leaves}" if leaves else ""
    return (
        f"the loop's backwards step only {stepped} with their gradients, and `{name}` is made"
        f"{made}, which no step in the loop updates: it needs no gradient there, so detach it "
        "where it is made"
    )
