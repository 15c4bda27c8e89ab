"""The audit's tensors made outside a loop whose passes backpropagate: each one the loop uses, with
its verdict (`loop_entries`): a tracked intermediate a pass's backward consumes and a later pass
needs is a hazard, of the rule whose the meeting is (`RunMeeting`, `rule_of`); the parts of one
tensor, one backpropagated a pass (`_Parts`), and two losses of one pass meet in no loop's
passes."""

from __future__ import annotations

from pbpit.diagnose.ancestry import ancestors
from pbpit.diagnose.audit_entry import AuditEntry, cited
from pbpit.diagnose.backward_pairs import backward_entry
from pbpit.diagnose.loops import (
    SECOND_PASS,
    Loop,
    carried_around,
    made_again,
    panicking_pass,
    pass_restarted,
    passes_without,
    same_pass,
)
from pbpit.diagnose.run_meeting import RunMeeting, rule_of
from pbpit.engine.graph import Requirement
from pbpit.lint.rules.loop_external_tracked import DETACH_ONCE, RECOMPUTE_IN_LOOP
from pbpit.trace import BackwardRecord, NodeRecord, RunResult


def loop_entries(result: RunResult, loops: list[Loop]) -> dict[int, AuditEntry]:
    entries: dict[int, AuditEntry] = {}
    for loop in loops:
        backwards = [b for b in result.backwards if loop.holds(b.stack)]
        if not backwards:
            continue
        # For everything the loop's backwards walk (or would walk, had they not panicked), the
        # first of them: the one that consumes its step.
        consumed_by: dict[int, BackwardRecord] = {}
        # How many of them walk each node: one made before the loop that two walk is used by
        # the loop even when no op in it reads it (a loss made before the loop, backpropagated
        # in every pass; losses kept in a `Vec` made before it, one backpropagated a pass).
        walks: dict[int, int] = {}
        second_by: dict[int, BackwardRecord] = {}  # the next of them to walk it
        walked_by: dict[int, set[int]] = {}
        for backward in backwards:
            walked_by[id(backward)] = ancestors(result, backward.root, backward.node_count)
            for node_id in walked_by[id(backward)]:
                consumed_by.setdefault(node_id, backward)
                walks[node_id] = walks.get(node_id, 0) + 1
                if walks[node_id] == 2:
                    second_by[node_id] = backward
        users = [user for user in result.nodes if loop.holds(user.stack)]
        # What ops in the loop use from outside it, the graph those tensors carry in, and the
        # last op in the loop that needs each (directly, or through a tensor made from it).
        last_use: dict[int, int] = {}
        for user in users:
            for input_id in user.inputs:
                last_use[input_id] = max(last_use.get(input_id, -1), user.id)
        outside: dict[int, NodeRecord] = {}
        stack = [*last_use, *(node_id for node_id, count in walks.items() if count > 1)]
        while stack:
            node = result.node(stack.pop())
            if node is None or loop.holds(node.stack) or node.id in entries or node.id in outside:
                continue
            outside[node.id] = node
            stack.extend(node.parents)
        for node in sorted(outside.values(), key=lambda n: -n.id):  # children before parents
            for parent in node.parents:
                last_use[parent] = max(last_use.get(parent, -1), last_use.get(node.id, -1))
        last_op = users[-1].id if users else -1
        parts = _Parts(result, loops, walked_by)
        for node in sorted(outside.values(), key=lambda n: -n.id):  # children before parents
            if carried_around(result, loops, loop, node, second_by.get(node.id)):
                continue  # made in a pass of a loop around this one, walked in a later pass
            backward = consumed_by.get(node.id)
            # After the backward that consumed its step, the loop either used it again (the
            # panic), or ended there (its next pass would); or it went on without it (state
            # detached each pass, say): then nothing reaches for the step that is gone.
            reused = backward is not None and (
                last_use.get(node.id, -1) >= backward.node_count
                or (
                    last_op < backward.node_count
                    and not passes_without(node, backward, backwards, walked_by)
                )
                or walks.get(node.id, 0) > 1
            )
            second = second_by.get(node.id)
            entry = _loop_entry(RunMeeting(node, backward, second, loop), reused)
            if entry.verdict == "hazard":
                panicked = next(
                    (i + 1 for i, b in enumerate(result.backwards) if b.missing == node.id), None
                )
                said = panicking_pass(result.backwards, loop, panicked)
                entry.reason = entry.reason.replace(SECOND_PASS, said)
            if entry.verdict == "hazard" and backward is not None and second is not None:
                numbers = parts.shared(node, backward, second)
                otherwise = entry if numbers is not None else None
                if numbers is None and same_pass(result, loop, backward, second):
                    # Two losses of one pass (an element of a `Vec` made before the loop,
                    # backpropagated twice in a pass): shared, never carried nor cached.
                    numbers = parts.number[id(backward)], parts.number[id(second)]
                # Parts of it a pass each, or two losses of one pass: no pass carries it into
                # the next; the rules say whose hazard that is.
                pattern = rule_of(RunMeeting(node, backward, second, None))
                if numbers is not None and pattern is not None:
                    each_pass = backward.stack == second.stack  # one statement, its passes
                    entry = backward_entry(node, pattern, numbers, each_pass)
                    entry.loop_line, entry.otherwise = loop.line, otherwise
            entries[node.id] = entry
    return entries


PIECE_OPS = frozenset({"slice", "select"})
"""The ops whose result is a part of their input (`narrow`, `chunk`, `slice`, `select`): lint's
`PIECE_METHODS` (pbpit/lint/analysis/methods.py) as the run records them."""


class _Parts:
    """Losses of parts of one tensor, one backpropagated a pass (micro-batches cut from one
    forward, a `Vec` of losses made from it): `shared-intermediate`, as lint says it, where
    the tensor is made before the loop whose passes separate the two backwards, in the same
    pass of every loop around that one, and each backward reaches it through parts of its own
    (made before the loop, or cut from it in the loop), not by the tensor whole each pass."""

    def __init__(
        self, result: RunResult, loops: list[Loop], walked_by: dict[int, set[int]]
    ) -> None:
        self.result, self.loops = result, loops
        self.number = {id(b): i + 1 for i, b in enumerate(result.backwards)}
        self.walked = walked_by  # what each of the loop's backwards walks (by `id`)
        self.children: dict[int, list[int]] | None = None
        self.found: set[int] = set()

    def _children(self, node_id: int) -> list[int]:
        if self.children is None:
            self.children = {}
            for record in self.result.nodes:
                for parent in record.parents:
                    self.children.setdefault(parent, []).append(record.id)
        return self.children.get(node_id, [])

    def shared(
        self, node: NodeRecord, first: BackwardRecord, second: BackwardRecord
    ) -> tuple[int, int] | None:
        """The numbers of the two backwards, where `node` is shared by their losses so."""
        result = self.result
        around = [
            loop for loop in self.loops if loop.holds(first.stack) and loop.holds(second.stack)
        ]
        if not around or around[-1].holds(node.stack):
            return None
        inner = around[-1]  # the loop whose passes separate them (innermost around both)
        if not all(loop.holds(node.stack) for loop in around[:-1]):
            return None  # not made in the pass of a loop around
        restarted = [pass_restarted(result, self.loops, loop, node, second) for loop in around[:-1]]
        if any(restarted) or (None in restarted and made_again(result, node, second.node_count)):
            return None  # made again (a later pass of a loop around) before the second
        one = {c for c in self._children(node.id) if c in self.walked[id(first)]}
        two = {c for c in self._children(node.id) if c in self.walked[id(second)]}
        if not one or not two:
            return None
        for child_id in one | two:
            child = result.node(child_id)
            if child is None:
                return None
            if inner.holds(child.stack) and child.op not in PIECE_OPS:
                return None  # the tensor itself, read by an op of the pass
            if child_id in one & two and child_id not in self.found:
                return None  # one tensor made from it, walked by both
        self.found.add(node.id)
        return self.number[id(first)], self.number[id(second)]


def _loop_entry(meeting: RunMeeting, reused: bool) -> AuditEntry:
    """The verdict on a tensor made outside `meeting.loop` and used in it: a hazard of the rule
    whose the meeting is (`rule_of`) when a backward of the loop consumed its step and the loop
    reaches for it again (`reused`)."""
    node, loop, walked = meeting.node, meeting.loop, meeting.earlier is not None
    assert loop is not None
    intermediate = node.requirement is Requirement.GRAD_IN_BACKWARD
    verdict, fix = "ok", None
    pattern = rule_of(meeting) if intermediate and reused else None
    if pattern is not None:
        verdict = "hazard"
        # Two lines in one phrase: each says what it is, so neither reads as the other.
        made = "before" if node.line is None else f"at {cited(node, node.line)}, before"
        reason = f"made {made} the loop at {cited(node, loop.line)}, and used in it: " + SECOND_PASS
        fix = f"{RECOMPUTE_IN_LOOP.name}, or {DETACH_ONCE.name} if it needs no gradient"
    elif intermediate and walked:
        at = cited(node, loop.line)
        reason = f"used in the loop at {at} until a backward consumed its step, never after"
    elif intermediate:
        at = cited(node, loop.line)
        reason = f"used in the loop at {at}, but no backward there walks through it"
    elif node.requires_grad:
        reason = "a parameter: a leaf can be reused"
    elif node.op == "detach":
        reason = "detached: plain data from then on"
    else:
        reason = "data: no input requires grad"
    return AuditEntry.about(
        node,
        verdict,
        reason,
        pattern=pattern,
        loop_line=loop.line,
        fix=fix,
    )
