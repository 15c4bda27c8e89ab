"""A fix that runs and keeps the first backward's gradients, but whose later backwards send
their gradient into parameters as they were before an optimizer's step: a module copied
(`let target_net = online.clone();`) shares its parameters with the module it copies until the
optimizer steps that module and makes new ones; the copy keeps the old, which nothing steps.
A tensor made through the copy and computed again in the loop (a target network's targets) is
backpropagated into the trained module in the first pass after each copy, and into the stale
copy in the others: the fixed program trains differently from the original, though the
backwards the original ran before it panicked are the same bits. Such a fix is said in words,
with what it does, never shown as code as keeping the gradients (`fix_check._run`)."""

from __future__ import annotations

from typing import Any

STALE = "stale-copy"
"""A `FixCheck` verdict: it runs, but from a backward the original did not run on, a gradient
reaches parameters as a copy made before an optimizer's step kept them (`detail` says which)."""


def stale_leaves(result: Any) -> list[list[str]]:
    """For each backward of `result` that ran, in order: the names of the leaves it gave a
    gradient to while a newer leaf of the same name existed that a backward of the run reaches
    (a parameter the optimizer's step has made anew and trains: the copy a module cloned
    before that step still holds the old)."""
    from pbpit.engine.graph import Requirement

    leaves = [
        node
        for node in result.nodes
        if not node.parents and node.requirement == Requirement.GRAD and node.label
    ]
    done = [b for b in result.backwards if b.gradients is not None]
    # Leaves some backward trains: a newer one no backward reaches (a line search's candidate
    # stepped and thrown away) leaves the older one the module's own.
    reached = {node.id for b in done for node in leaves if b.gradients.get(node.id) is not None}
    out = []
    for backward in done:
        newest: dict[str, int] = {}
        for node in leaves:
            if node.id < backward.node_count and node.id in reached:
                newest[node.label] = max(newest.get(node.label, -1), node.id)
        stale = {
            node.label
            for node in leaves
            if node.id < backward.node_count
            and node.id != newest.get(node.label, node.id)
            and backward.gradients.get(node.id) is not None
        }
        out.append(sorted(stale))
    return out


def stale_detail(result: Any, compared: int) -> str | None:
    """What a fixed run `result` does that the backwards compared with the original's (the
    first `compared`) do not: from backward #k on, a gradient into stale copies of parameters.
    None when no backward after them does, or one of them does already (the original's own
    way, then)."""
    found = stale_leaves(result)
    if compared < 1 or any(found[:compared]):
        return None
    later = [(k, names) for k, names in enumerate(found, 1) if k > compared and names]
    if not later:
        return None
    k, names = later[0]
    shown = ", ".join(f"`{name}`" for name in names[:4]) + (", .." if len(names) > 4 else "")
    first = "backward #1" if compared == 1 else f"backwards #1-#{compared}"
    return (
        f"it runs, but from backward #{k} on the gradient through the tensor it computes again "
        f"reaches {shown} as a copy of the module made before the optimizer's step, which "
        f"nothing steps, where {first} reached the parameters the optimizer steps: the fixed "
        "program trains differently after its first step"
    )
