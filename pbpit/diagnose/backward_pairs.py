"""The audit's pairs of backwards: a later backward that reaches a step an earlier one consumed
(`backward_entries`), each the hazard of the rule whose it is: the audit says what the run saw,
the loop whose passes separate them (`RunMeeting.loop`: made in an earlier pass than the later
backward), and asks the rules (`Rule.run_meeting`)."""

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
from pbpit.diagnose.run_meeting import RunMeeting, rule_of
from pbpit.lint.rules import RULES, rule_named
from pbpit.lint.rules.loop_external_tracked import DETACH_EACH_PASS
from pbpit.trace import BackwardRecord, NodeRecord, RunResult


def _frontier(result: RunResult, reached: set[int], shared: set[int]) -> list[int]:
    """The shared nodes a walk from the later root meets first (a child outside `shared`)."""
    hits = set()
    for node_id in reached - shared:
        record = result.node(node_id)
        hits.update(p for p in (record.parents if record else ()) if p in shared)
    return sorted(hits)


def _meeting_entry(
    result: RunResult, meeting: RunMeeting, numbers: tuple[int, int]
) -> AuditEntry | None:
    """The hazard of two backwards meeting at `meeting.node`, of the rule whose hazard the
    meeting is (`rule_of`): state one pass carries into the next when a loop's passes separate
    them, else in the rule's words (`audit_words`); None when no rule claims it."""
    pattern = rule_of(meeting)
    if pattern is None:
        return None
    if meeting.loop is not None:
        return _carried_entry(meeting.node, meeting.loop, numbers, result.backwards, pattern)
    same = meeting.earlier.stack == meeting.later.stack
    return backward_entry(meeting.node, pattern, numbers, each_pass=same)


def _carried_entry(
    node: NodeRecord,
    loop: Loop,
    numbers: tuple[int, int],
    backwards: list[BackwardRecord],
    pattern: str,
) -> AuditEntry:
    # Where it is made, then the loop whose pass makes it (the loop's line alone read as the
    # line that made it).
    made = "made in"
    if node.line and node.line != loop.line:
        made = f"made at {cited(node, node.line)} in"
    return AuditEntry.about(
        node,
        "hazard",
        f"{made} one pass of the loop at {cited(node, loop.line)}, used by the next: "
        + panicking_pass(backwards, loop, numbers[1]),
        pattern=pattern,
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
                # Backpropagated again by another statement (`best` kept and backpropagated
                # after the loop): the loss itself twice, each pass making its own.
                again = (
                    loop is not None
                    and made_again(result, node, later.node_count)
                    and earlier.stack == later.stack
                )
                apart = loop if again else None
                entry = _meeting_entry(result, RunMeeting(node, earlier, later, apart), numbers)
                if entry is not None:
                    entries[later.root] = entry
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
                apart = (
                    loop
                    if loop is not None
                    and later_pass(backs[:j], later, node_id)
                    and pass_restarted(result, loops, loop, node, later) is not False
                    and not _made_by_header(result, loop, node, later)
                    else None
                )
                entry = _meeting_entry(result, RunMeeting(node, earlier, later, apart), numbers)
                if entry is not None and apart is None:
                    # The first backward's own loss, backpropagated again through a value made
                    # from it (`(loss * scale).backward()`): a rule's where lint reads it so.
                    meeting = RunMeeting(node, earlier, later, apart)
                    again = next((r.name for r in RULES if r.run_again(meeting)), None)
                    if again is not None and again != entry.pattern:
                        entry.otherwise = backward_entry(node, again, numbers)
                if entry is not None:
                    entries[node_id] = entry
        for node_id in later.consumed:
            consumed_by[node_id] = number
    return entries


def _made_by_header(result: RunResult, loop: Loop, node: NodeRecord, later: BackwardRecord) -> bool:
    """Whether `node` was made by the head of `loop` (`for term in heads.losses(..)`: the
    collection it walks, made once before its first pass) and its statement made no other
    before `later`: no pass made it, so none carries it into the next; each pass's loss is
    made from it, as of a tensor made before the loop."""
    inside = [line for line in node.stack if loop.line <= line <= loop.end_line]
    return (
        bool(inside)
        and all(line < loop.body_line for line in inside)
        and not made_again(result, node, later.node_count)
    )


def backward_entry(
    node: NodeRecord, pattern: str, numbers: tuple[int, int], each_pass: bool = False
) -> AuditEntry:
    """A hazard of two backwards, in its rule's words (`audit_words`); `each_pass`: the two are
    one statement's, run by passes of a loop, said so where the rule has words for it
    (`audit_words_each_pass`: the losses of the loop's passes, not two losses)."""
    rule = rule_named(pattern)
    words = getattr(rule, "audit_words_each_pass", None) if each_pass else None
    reason, fix = (words or rule.audit_words)(*numbers)
    return AuditEntry.about(node, "hazard", reason, pattern=pattern, backwards=numbers, fix=fix)
