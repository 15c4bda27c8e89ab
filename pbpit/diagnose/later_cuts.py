"""What a fix's `.detach()` cuts in the backwards the original never ran: a fix checked against
the original run compares only the backwards that ran before the panic (often the first alone),
but the fixed program runs on. A decoder's state that starts from the encoder's output and is
detached where it is carried keeps backward #1's gradients bit for bit, while from the next
token on the encoder gets no gradient at all: the loss there reaches the encoder only through
the detached state. Read from the fixed run's own graph: walking from each later backward's
root through the detaches the fix made (`detach` nodes made on the lines it wrote, whose input
the trace keeps) finds the leaves the original program's graph would reach there; those that
got a gradient in a compared backward and get none in this one are what the fix cuts later,
where that backward trains the leaf's module (another of its parameters gets a gradient there:
a GAN's discriminator loss reading the generator's output detached cuts nothing the
discriminator's step would take).
Such a fix is still shown as code, with what it cuts, but never as the machine-applicable one
(`lint --fix` does not write it without asking: `--fix=detach` does)."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

from pbpit.engine.graph import Requirement


def written_lines(before: str, after: str) -> frozenset[int]:
    """The lines (1-based) of `after` that an edit of `before` wrote (replaced or inserted),
    but those replacing lines that held a `.detach()` already: a detach there may be the
    program's own (`(w.clone().detach() - g).detach()`), which nodes' lines cannot tell
    apart from the fix's."""
    old, new = before.splitlines(), after.splitlines()
    # The lines both share at the start and at the end are left out first (linear): matching
    # all of them is quadratic in equal lines (150,000 comment lines took minutes), and an
    # edit is a few lines between them.
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    end = 0
    while end < min(len(old), len(new)) - start and old[-1 - end] == new[-1 - end]:
        end += 1
    old, new = old[start : len(old) - end], new[start : len(new) - end]
    out: set[int] = set()
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "insert" or (tag == "replace" and not any(".detach(" in o for o in old[i1:i2])):
            out.update(range(start + j1 + 1, start + j2 + 1))
    return frozenset(out)


def fix_lines(original: Path, edited: Path, changed: str) -> frozenset[int]:
    """The lines of the program's own file `original` that the edit giving `edited` the text
    `changed` wrote (none when the edited file is another: a crate's module)."""
    if edited.resolve() != original.resolve():
        return frozenset()
    try:
        return written_lines(original.read_text(encoding="utf-8"), changed)
    except (OSError, UnicodeDecodeError):
        return frozenset()


def _made_at(node: Any) -> int | None:
    """The line `node` was made at: the innermost of its calls, else where it is cited."""
    return node.made_in[-1][1] if node.made_in else node.line


def cut_later(
    result: Any, compared: int, lines: frozenset[int]
) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The leaves of the fixed run `result` that got a gradient in one of its first `compared`
    backwards and, in a later backward, get none although its root reaches them through a
    `.detach()` made on `lines` (the fix's): each by name (a parameter an optimizer's step made
    anew keeps its name), with those backwards' numbers (from 1). Empty when nothing is cut so,
    or the run is a crate's (its lines are of several files)."""
    if compared < 1 or not lines or getattr(result, "crate", None) is not None:
        return ()
    nodes = {node.id: node for node in result.nodes}
    cuts = {
        node.id: node.inputs[0]
        for node in result.nodes
        if node.op == "detach" and len(node.inputs) == 1 and _made_at(node) in lines
    }
    ran = [b for b in result.backwards if b.gradients is not None]
    if not cuts or len(ran) <= compared:
        return ()

    def leaf_name(node: Any) -> str | None:
        # By name: a leaf made anew under a parameter's name (an optimizer's step, a state
        # `next.detach().require_grad()` each pass) is that parameter in this backward.
        if node.parents or node.requirement != Requirement.GRAD:
            return None
        return node.label or None

    behind: dict[int, frozenset[str]] = {}

    def reach(start: int) -> frozenset[str]:
        """The named leaves over inputs from `start`, crossing the fix's detaches."""
        found: set[str] = set()
        stack, seen = [start], set()
        while stack:
            node_id = stack.pop()
            if node_id in seen or node_id not in nodes:
                continue
            seen.add(node_id)
            if node_id in behind:
                found |= behind[node_id]
                continue
            node = nodes[node_id]
            name = leaf_name(node)
            if name:
                found.add(name)
            # Over every input, not the tracked parents alone: a detached tensor is untracked,
            # and so is what is made from it and data (`Tensor::cat([prev, h])`). The program's
            # own detaches stay cut.
            if node.op != "detach" or node_id in cuts:
                stack.extend(node.inputs)
        return frozenset(found)

    # Each detach's input was made before it: taken in order, every walk stops at the earlier
    # detaches already followed, so the whole history is walked once.
    for detach_id in sorted(cuts):
        behind[detach_id] = reach(cuts[detach_id])

    def got(backward: Any) -> set[str]:
        return {
            name
            for node_id, grad in backward.gradients.items()
            if grad is not None and node_id in nodes and (name := leaf_name(nodes[node_id]))
        }

    trained = set().union(*(got(b) for b in ran[:compared]))
    lost: dict[str, list[int]] = {}
    for number, backward in enumerate(ran, 1):
        if number <= compared:
            continue
        now = got(backward)
        missing = (reach(backward.root) & trained) - now
        # A parameter counts where the backward's gradients are taken for its module: the
        # backward trains another of its parameters (`model.dec.*` beside `model.enc.*`).
        # A GAN's discriminator loss, reading the generator's output detached, trains `disc`
        # alone: what it would have given `gen` no optimizer takes from it.
        roots = {name.split(".", 1)[0] for name in now}
        missing = {n for n in missing if "." not in n or n.split(".", 1)[0] in roots}
        for name in missing:
            lost.setdefault(name, []).append(number)
    return tuple((name, tuple(lost[name])) for name in sorted(lost, key=_in_order(result)))


def _in_order(result: Any):
    """A sort key: leaves by the id they were first made at (a module's parameters in order)."""
    first: dict[str, int] = {}
    for node in result.nodes:
        if node.label and node.label not in first:
            first[node.label] = node.id
    return lambda name: first.get(name, 1 << 62)


def cut_words(cut: tuple[tuple[str, tuple[int, ...]], ...], ran: int) -> str:
    """`model.enc.weight, model.enc.bias get no gradient in backwards #2, #3, #5, #6 (4 of the 5
    after backward #1), though their loss reaches them through what it detaches`."""
    if not cut:
        return ""
    said = []
    groups: dict[tuple[int, ...], list[str]] = {}
    for name, numbers in cut:
        groups.setdefault(numbers, []).append(name)
    for numbers, names in groups.items():
        shown = ", ".join(f"#{k}" for k in numbers[:6]) + (", .." if len(numbers) > 6 else "")
        which = "backward" if len(numbers) == 1 else "backwards"
        said.append(f"{', '.join(names)} get no gradient in {which} {shown}")
    first = min(numbers[0] for _, numbers in cut)
    later = ran - first + 1
    count = len({k for _, numbers in cut for k in numbers})
    return (
        "; ".join(said)
        + f" ({count} of the {later} from backward #{first} on), though the loss there reaches "
        "them through what it detaches"
    )
