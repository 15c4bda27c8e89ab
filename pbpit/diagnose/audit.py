"""The is_tracked audit: which tensors and backwards of a run set up the panic, with no annotations.

Three of the lint rules (`pbpit.lint.rules`) have a counterpart here, found from the trace and
the loops of the case's source (a rule without one is simply not reported by the audit): the
tensors a loop uses from outside it (`loop_hazards.py`), the backwards that reach a step an
earlier one consumed (`backward_pairs.py`); one hazard a statement, as lint reads it, here:

- `loop-external-tracked`: a tensor made outside a loop whose body runs a backward, used by an op
  inside it (with the tracked ancestors it brings in). An op "inside" the loop is one run while
  the loop's lines execute, in a function it calls too. A parameter (a leaf that requires grad),
  data or a detached tensor is fine; a tracked intermediate that a backward in the loop walks
  through is the hazard: the first iteration's backward consumes its step, the second panics.
- `shared-intermediate`: a later backward whose loss reaches a non-leaf node an earlier backward
  consumed (two losses sharing an intermediate, each backpropagated).
- `double-backward`: a backward on a loss (or a clone of it, same id) that was backpropagated.
"""

from __future__ import annotations

from pbpit.diagnose.audit_entry import AuditEntry
from pbpit.diagnose.backward_pairs import backward_entries
from pbpit.diagnose.loop_hazards import loop_entries
from pbpit.diagnose.loops import SECOND_PASS, Loop, find_loops, panicking_pass
from pbpit.source import Language, statement_range
from pbpit.trace import RunResult

__all__ = ["AuditEntry", "Loop", "audit", "counted_message", "find_loops"]


def audit(result: RunResult) -> list[AuditEntry]:
    """The audit of one run, by node id: loop-external tensors first, then backward pairs."""
    loops = find_loops(result.source, result.language)
    entries = loop_entries(result, loops)
    for node_id, entry in backward_entries(result, loops).items():
        existing = entries.get(node_id)
        if existing is None or existing.verdict == "ok":
            entries[node_id] = entry
    _as_lint_reads(result, entries)
    kept = _one_per_statement(result, [entries[node_id] for node_id in sorted(entries)])
    return _fold_unnamed(result, kept)


def _as_lint_reads(result: RunResult, entries: dict[int, AuditEntry]) -> None:
    """A tensor made before a loop whose passes each backpropagate a part of it is
    `shared-intermediate` (`_Parts`: micro-batches cut from one forward), unless lint's finding
    of it is `loop-external-tracked` and none is `shared-intermediate`: the run does not see
    which part each pass takes (`select(0, rows)` of the same rows every pass is the tensor
    reused, not a part of its own), lint's rule reads it. One rule decides where lint sees it."""
    pending = {k: e for k, e in entries.items() if e.otherwise is not None}
    if not pending or result.language is not Language.RUST:
        return
    from pbpit.diagnose import findings
    from pbpit.diagnose.lint_match import lint_finding

    linted = findings._lint_findings(result)
    # The tensors one call before the loop made (cited at its line) are one hazard: read alike.
    groups: dict[tuple, list[int]] = {}
    for node_id, entry in pending.items():
        groups.setdefault((entry.loop_line, entry.line), []).append(node_id)
    for group in groups.values():
        said: dict[str | None, bool] = {}
        for node_id in group:
            node, entry = result.node(node_id), pending[node_id]
            for reading in (entry, entry.otherwise):
                if node is not None and reading is not None and not said.get(reading.pattern):
                    found = lint_finding(result, reading, node, linted)[0] is not None
                    said[reading.pattern] = found
        for node_id in group:
            mine, otherwise = pending[node_id].pattern, pending[node_id].otherwise
            if otherwise is not None and said.get(otherwise.pattern) and not said.get(mine):
                entries[node_id] = otherwise


def _fold_unnamed(result: RunResult, entries: list[AuditEntry]) -> list[AuditEntry]:
    """No hazard of its own for an unnamed intermediate (made inside a function the user's
    code calls, never bound by it) whose every use leads only to a named hazard (`out =
    net.forward(x)`: the first layer's output, used only on the way to `out`). Detaching or
    recomputing the named tensor settles it too, so it is reported with that tensor: in its
    `same_statement` when the one statement made both, else as `ok`, saying whose hazard it
    is."""
    named = {e.node_id: e for e in entries if e.verdict == "hazard" and e.label}
    unnamed = [e for e in entries if e.verdict == "hazard" and not e.label]
    if len(named) > 1:
        _fold_on_the_way(result, named)
        named = {k: e for k, e in named.items() if e.verdict == "hazard"}
    if not named or not unnamed:
        return entries
    children: dict[int, list[int]] = {}
    for record in result.nodes:
        for parent in record.parents:
            children.setdefault(parent, []).append(record.id)
    # Nodes every use of which leads only to a named hazard: the named hazards themselves, and
    # (children before parents) an unnamed node all of whose children are such nodes.
    behind: dict[int, int] = {m: m for m in named}  # node -> the named hazard it leads to
    for record in sorted(result.nodes, key=lambda r: -r.id):
        if record.id in behind or record.label or not children.get(record.id):
            continue
        ahead = {behind.get(child) for child in children[record.id]}
        if None not in ahead:
            behind[record.id] = min(m for m in ahead if m is not None)
    folded: set[int] = set()
    for entry in unnamed:
        carrier = named.get(behind.get(entry.node_id, -1))
        if carrier is None:
            continue
        if _made_together(result, entry.node_id, carrier.node_id):
            carrier.same_statement = tuple(
                sorted({*carrier.same_statement, entry.node_id, *entry.same_statement})
            )
            folded.add(entry.node_id)
        else:
            entry.verdict, entry.pattern, entry.fix = "ok", None, None
            entry.reason = f"used only on the way to `{carrier.label}`: reported there"
    return [e for e in entries if e.node_id not in folded]


def _fold_on_the_way(result: RunResult, named: dict[int, AuditEntry]) -> None:
    """A named hazard made before a loop whose every use leads only to another named hazard of
    the same loop and rule (`best_next`, read only by `targets = rewards + best_next * 0.9`,
    which the loop reads) is no hazard of its own: lint and the run name the one the loop
    reads, and detaching or recomputing that one settles it too. It is reported as `ok`,
    saying whose hazard it is."""
    children: dict[int, list[int]] = {}
    for record in result.nodes:
        for parent in record.parents:
            children.setdefault(parent, []).append(record.id)

    known: dict[int, set[int] | None] = {}  # an unnamed node's answer, read by every path

    def leads_to(node_id: int) -> set[int] | None:
        """The named hazards every use of `node_id` leads to (None: a use leads elsewhere). A
        node reached twice (`p.clone().matmul(p.transpose())`: `matmul` is a child of `p` and
        of `p`'s transpose) gives the same answer each time."""
        found: set[int] = set()
        for child in children.get(node_id, []):
            if child in named:
                found.add(child)
                continue
            record = result.node(child)
            if record is None or record.label or not children.get(child):
                return None
            if child not in known:
                known[child] = None  # (the tape has no cycles: a guard only)
                known[child] = leads_to(child)
            further = known[child]
            if further is None:
                return None
            found |= further
        return found or None

    for node_id, entry in sorted(named.items()):
        if entry.carried:
            continue
        ahead = leads_to(node_id)
        if not ahead or node_id in ahead:
            continue
        kept = [named[a] for a in sorted(ahead)]
        if all(
            (k.pattern, k.loop_line, k.carried) == (entry.pattern, entry.loop_line, False)
            and k.verdict == "hazard"
            for k in kept
        ):
            # Its pattern stays: recomputing the one reported moves this one's statement too.
            entry.verdict, entry.fix = "ok", None
            entry.reason = f"used only on the way to `{kept[0].label}`: reported there"


def _one_per_statement(result: RunResult, entries: list[AuditEntry]) -> list[AuditEntry]:
    """One hazard per statement: of the nodes one execution of a statement made, the last (its
    value, what the code after it reads) carries the others; of its executions (a statement in
    an inner loop, one tensor each time it runs), the one the panic stopped at (else the last)
    carries the others': one hazard, one entry."""
    runs: dict[tuple, list[AuditEntry]] = {}  # one carrier per execution, the last first
    out: list[AuditEntry] = []
    for entry in reversed(entries):
        node = result.node(entry.node_id)
        if entry.verdict != "hazard" or node is None or node.line is None:
            out.append(entry)
            continue
        key = (
            entry.pattern,
            entry.loop_line,
            entry.carried,
            statement_range(result.source, node.line, result.language),
            tuple(node.cited_stack[1:]),
        )
        carriers = runs.setdefault(key, [])
        if carriers and _made_together(result, entry.node_id, carriers[-1].node_id):
            carriers[-1].same_statement = (entry.node_id, *carriers[-1].same_statement)
            continue
        carriers.append(entry)
        out.append(entry)
    stopped = result.panic.node_id if result.panic is not None else None
    folded: set[int] = set()
    for carriers in runs.values():
        kept = next((e for e in carriers if stopped in (e.node_id, *e.same_statement)), carriers[0])
        others = {i for e in carriers if e is not kept for i in (e.node_id, *e.same_statement)}
        if others:
            kept.same_statement = tuple(sorted({*kept.same_statement, *others}))
            folded |= {e.node_id for e in carriers if e is not kept}
    return [e for e in out[::-1] if e.node_id not in folded]


def _made_together(result: RunResult, first: int, last: int) -> bool:
    """Whether nothing but the statement holding `last` made a node between `first` and it."""
    line = result.node(last).line
    return all(
        (node := result.node(i)) is not None and line is not None and line in node.stack
        for i in range(first, last + 1)
    )


EVERY_PASS = "the loop's 2nd backward panics"
SOME_PASSES = "a later backward of the loop panics"


def counted_message(result: RunResult, entry: AuditEntry, message: str) -> str:
    """`message` (lint's) saying which of the loop's backwards panicked, as the run saw it."""
    if EVERY_PASS not in message and SOME_PASSES not in message:
        return message
    loop = next(
        (x for x in find_loops(result.source, result.language) if x.line == entry.loop_line), None
    )
    panicked = next((i + 1 for i, b in enumerate(result.backwards) if not b.ok), None)
    if loop is None or panicked is None:
        return message
    said = panicking_pass(result.backwards, loop, panicked)
    said = EVERY_PASS if said == SECOND_PASS else said
    return message.replace(EVERY_PASS, said).replace(SOME_PASSES, said)
