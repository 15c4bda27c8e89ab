"""The audit's pairs of backwards: a later backward that reaches a step an earlier one consumed
(`backward_entries`), each the hazard of the rule it is (a loss backpropagated twice, an
intermediate two losses share, state one pass carries into the next)."""

from __future__ import annotations

from pbpit.diagnose.ancestry import ancestors
from pbpit.diagnose.audit_entry import AuditEntry, cited
from pbpit.diagnose.loops import (
    Loop,
    later_pass,
    loop_around,
    made_again,
    panicking_pass,
    pass_restarted,
)
from pbpit.lint.rules import DOUBLE, LOOP_EXTERNAL, SHARED, rule_named
from pbpit.lint.rules.loop_external_tracked import DETACH_EACH_PASS
from pbpit.trace import BackwardRecord, NodeRecord, RunResult


def _frontier(result: RunResult, reached: set[int], shared: set[int]) -> list[int]:
    """The shared nodes a walk from the later root meets first (a child outside `shared`)."""
    hits = set()
    for node_id in reached - shared:
        record = result.node(node_id)
        hits.update(p for p in (record.parents if record else ()) if p in shared)
    return sorted(hits)


def _carried_entry(
    node: NodeRecord, loop: Loop, numbers: tuple[int, int], backwards: list[BackwardRecord]
) -> AuditEntry:
    return AuditEntry.about(
        node,
        "hazard",
        f"made in one pass of the loop at {cited(node, loop.line)}, used by the next: "
        + panicking_pass(backwards, loop, numbers[1]),
        pattern=LOOP_EXTERNAL,
        loop_line=loop.line,
        backwards=numbers,
        fix=f"{DETACH_EACH_PASS.name}: gradients stop at the pass boundary",
        carried=True,
    )


def backward_entries(result: RunResult, loops: list[Loop]) -> dict[int, AuditEntry]:
    """Backwards that reach a step an earlier one consumed. A step is consumed once, so one
    map from node to the backward that consumed it answers every pair: linear in the run."""
    entries: dict[int, AuditEntry] = {}
    consumed_by: dict[int, int] = {}
    backs: list[BackwardRecord] = result.backwards
    for j, later in enumerate(backs):
        number = j + 1
        if later.root in consumed_by:
            node = result.node(later.root)
            if node is not None and not node.requires_grad and later.root not in entries:
                numbers = (consumed_by[later.root], number)
                earlier = backs[numbers[0] - 1]
                # A loss kept from an earlier pass of the loop around both backwards (a `Vec`
                # of losses drained short): carried into the next pass, not backpropagated
                # twice by one pass.
                loop = loop_around(loops, node, earlier, later)
                if loop is not None and made_again(result, node, later.node_count):
                    entries[later.root] = _carried_entry(node, loop, numbers, result.backwards)
                else:
                    entries[later.root] = backward_entry(node, DOUBLE, numbers)
        else:
            reached = ancestors(result, later.root, later.node_count)
            shared = {
                n
                for n in reached
                if n in consumed_by and (r := result.node(n)) is not None and r.parents
            }
            for node_id in _frontier(result, reached, shared):
                node = result.node(node_id)
                if node is None or node_id in entries:
                    continue
                numbers = (consumed_by[node_id], number)
                earlier = backs[numbers[0] - 1]
                # Made inside the loop both backwards run in, and in an earlier pass than the
                # later one: carried from one pass to the next. Made in the pass of both, it is
                # shared by two losses of one pass.
                loop = loop_around(loops, node, earlier, later)
                if (
                    loop is not None
                    and later_pass(backs[:j], later, node_id)
                    and pass_restarted(result, loops, loop, node, later) is not False
                ):
                    entries[node_id] = _carried_entry(node, loop, numbers, result.backwards)
                else:
                    entries[node_id] = backward_entry(node, SHARED, numbers)
        for node_id in later.consumed:
            consumed_by[node_id] = number
    return entries


def backward_entry(node: NodeRecord, pattern: str, numbers: tuple[int, int]) -> AuditEntry:
    """A hazard of two backwards, in its rule's words (`audit_words`)."""
    reason, fix = rule_named(pattern).audit_words(*numbers)
    return AuditEntry.about(node, "hazard", reason, pattern=pattern, backwards=numbers, fix=fix)
