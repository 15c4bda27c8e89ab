"""`pbpit explain`: what the panic means in general, and what `NodeId(n)` is in one run.

The general entry reads like `rustc --explain`; the run-specific part reads only the trace, the
audit and the case's source, and writes the corrected lines of the case for the fix that applies
(the fixes themselves: `case_fixes.py`, their lines `case_fix.py`, the statements they move
`statements.py`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pbpit.diagnose.audit import AuditEntry, Loop, audit, find_loops
from pbpit.diagnose.case_fix import Fix
from pbpit.diagnose.case_fixes import CaseFixes
from pbpit.diagnose.statements import indent_of
from pbpit.lint.rules import RULES, Rule, rule_named
from pbpit.source import source_line
from pbpit.trace import BackwardRecord, NodeRecord, RunResult

__all__ = ["BackwardInfo", "CaseExplanation", "CaseFixes", "Fix", "entry", "explain_in_case"]
"""`Fix` (`case_fix.py`) and `CaseFixes` (`case_fixes.py`) are read from here by the rules."""

# Prose is wrapped here to fit the source; it is wrapped again to the terminal when printed
# (`pbpit.report.render_entry`): a paragraph's lines, and a list item's lines hanging under its
# first word, are one unit; lines indented four spaces or more past them are code, kept as they
# are.
ENTRY = """\
NodeId({id}): the graph tape was already consumed

A backward pass reached a node whose step an earlier backward had already consumed. Burn
panics with:

    Cannot run backward: graph tape has already been consumed at NodeId({id}).
    Burn does not support retain_graph. ...

Erroneous code example:

    let feats = x.clone().exp();         // tracked, made once, before the loop
    for step in 0..3 {{
        let loss = (feats.clone() * w.clone()).sum();
        let grads = loss.backward();     // step 1 panics at NodeId(2)
    }}

Why Burn has no retain_graph: backward() takes every step it walks by value. It removes the
step from the tape, runs it and drops the tensors the step saved for it, which is why memory
falls right after a backward. A step exists once. A later backward that walks into the same
node finds no step; instead of returning a silently wrong, partial gradient, Burn checks the
whole walk first and panics before it changes anything.

Three ways to get here:

  1. A forward computed outside the training loop ("cached" features) and used inside it:
     the first iteration's backward consumes its steps, the second panics.
  2. Two losses sharing an intermediate, each backpropagated on its own.
  3. backward() twice on the same loss, or on a clone of it.

Three fixes:

  Detach once: it needs no gradient, so cut it off once.

        let feats = x.clone().exp().detach();

  Recompute in the loop: gradients must flow through it, so recompute it every step.

        for step in 0..3 {{
            let feats = x.clone().exp();
            let grads = (feats * w.clone()).sum().backward();
        }}

  Add the losses: several losses on one graph, so add them and run one backward.

        let grads = (l1 + l2).backward();

  To log each loss, read its value with into_scalar(); never backward them separately.

Finding the node: ids count tensor creations from 0 in program order; every op's result takes
one, clone() shares its source's id, require_grad() keeps it, detach() takes a new one. The id
in the panic is the first node without a step on the failing backward's walk. `pbpit run CASE`
names it, and `pbpit explain {id} --case CASE` explains it in your program.
"""


def entry(node_id: int, result: RunResult | None = None) -> str:
    """The general explanation of the panic, about `NodeId(node_id)`; for a run that panicked
    on it with a rule's own panic other than the tape's (`require_grad()` on a tracked
    intermediate), that panic's: its rule's why."""
    panic = result.panic if result is not None else None
    if panic is not None and panic.node_id == node_id:
        rule = own_panic_rule(panic.message)
        if rule is not None:
            what = re.split(r" \(|: ", rule.summary)[0]  # its summary's first words
            return (
                f"NodeId({node_id}): {what}\n\n"
                f"Burn panics with:\n\n    {rule.panic}\n\n{rule.why}\n"
            )
    return ENTRY.format(id=node_id)


def own_panic_rule(message: str) -> Rule | None:
    """The rule whose own panic, other than the tape's that `ENTRY` explains, `message` is."""
    return next((r for r in RULES if r.panic in message and r.panic not in ENTRY), None)


@dataclass
class BackwardInfo:
    """A backward of the run, placed in the source: its number, line and loop iteration."""

    number: int
    record: BackwardRecord
    iteration: int | None
    """0-based pass of the loop the backward sits in, counted by its line; None outside loops."""


@dataclass
class CaseExplanation:
    """What `NodeId(n)` is in one run, who consumed its step, who walked into it, and the fix."""

    node: NodeRecord
    parents: list[NodeRecord]
    audit: AuditEntry | None
    consumed_by: BackwardInfo | None
    reached_by: BackwardInfo | None
    path: list[int]
    fixes: list[Fix]


def _info(result: RunResult, index: int, loops: list[Loop]) -> BackwardInfo:
    record = result.backwards[index]
    iteration = None
    if _every_pass_runs(result, record, loops):
        # Passes of the loop counted by the backwards made from the same lines before it.
        iteration = sum(1 for b in result.backwards[:index] if b.stack == record.stack)
    return BackwardInfo(index + 1, record, iteration)


def _every_pass_runs(result: RunResult, record: BackwardRecord, loops: list[Loop]) -> bool:
    """Whether each pass of the one loop around `record` runs it once, so that the backwards
    made from its lines count the loop's passes: a statement of the loop's own body (not in an
    `if`, a `match` or an inner block), with no `continue`, `break` or `return` before it in
    the body, in a loop no other loop holds. Otherwise the pass it ran in is not known."""
    around = [loop for loop in loops if loop.holds(record.stack)]
    if len(around) != 1:
        return False
    loop = around[0]
    line = next((n for n in record.stack if loop.body_line <= n <= loop.end_line), None)
    if line is None:
        return False
    body = source_line(result.source, loop.body_line)
    if indent_of(source_line(result.source, line)) != indent_of(body):
        return False
    leaves = re.compile(r"\b(?:continue|break|return)\b")
    return not any(
        leaves.search(source_line(result.source, n)) for n in range(loop.body_line, line)
    )


def _fixes(
    result: RunResult,
    node: NodeRecord,
    entry: AuditEntry | None,
    entries: list[AuditEntry],
    loops: list[Loop],
) -> list[Fix]:
    """The fixes of the hazard `entry`, as its rule chooses them (`Rule.case_fixes`)."""
    if entry is None or entry.verdict != "hazard":
        return []
    rule = rule_named(entry.pattern or "")
    if rule is None:
        return []
    return rule.case_fixes(CaseFixes(result, node, entry, entries, loops))


def explain_in_case(
    result: RunResult, node_id: int, entries: list[AuditEntry] | None = None
) -> CaseExplanation | None:
    """The explanation of `NodeId(node_id)` in `result` (given its audit, if already made), or
    None if the run has no such id."""
    node = result.node(node_id)
    if node is None:
        return None
    loops = find_loops(result.source, result.language)
    consumed_at = next((i for i, b in enumerate(result.backwards) if node_id in b.consumed), None)
    failed_at = next(
        (i for i, b in enumerate(result.backwards) if not b.ok and b.missing == node_id), None
    )
    reached_by = None if failed_at is None else _info(result, failed_at, loops)
    path = [] if reached_by is None else result.walk_path(reached_by.record.root, node_id)
    if entries is None:
        entries = audit(result)
    entry = next((e for e in entries if e.node_id == node_id or node_id in e.same_statement), None)
    return CaseExplanation(
        node=node,
        parents=[p for p in (result.node(i) for i in node.inputs) if p is not None],
        audit=entry,
        consumed_by=None if consumed_at is None else _info(result, consumed_at, loops),
        reached_by=reached_by,
        path=path,
        fixes=_fixes(result, node, entry, entries, loops),
    )
