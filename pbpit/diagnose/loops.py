"""The loops of a case's source (`Loop`, `find_loops`), and the passes a run made of them: whether
a node was made in an earlier pass than a backward (`made_again`, `pass_restarted`,
`carried_around`, `later_pass`), whether two backwards ran in one pass (`same_pass`), and which
of a loop's backwards panicked (`panicking_pass`)."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any

from pbpit.source import Language, syntax_tree
from pbpit.trace import BackwardRecord, NodeRecord, RunResult


@dataclass
class Loop:
    """A loop of the case source: its first and last line, and its body's first."""

    line: int
    end_line: int
    body_line: int

    def holds(self, stack: list[int]) -> bool:
        """Whether code running with these case lines on its stack runs inside this loop."""
        return any(self.line <= line <= self.end_line for line in stack)


def find_loops(path: str, language: Language) -> list[Loop]:
    """Every `for` and `while` (and Rust `loop`) of the source, outermost first."""
    if language is Language.RUST:
        from pbpit.rust.outline import outline

        return [Loop(loop.line, loop.end_line, loop.body_line) for loop in outline(path).loops]
    tree = syntax_tree(path)
    if tree is None:
        return []
    loops = [
        Loop(node.lineno, node.end_lineno or node.lineno, node.body[0].lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.For | ast.While | ast.AsyncFor)
    ]
    return sorted(loops, key=lambda loop: loop.line)


def carried_around(
    result: RunResult,
    loops: list[Loop],
    loop: Loop,
    node: NodeRecord,
    second: BackwardRecord | None,
) -> bool:
    """Whether `node`, made outside `loop` but in a loop around it, is walked again by
    `second` in a later pass of that loop around: its statement made another before `second`
    ran (a `Vec` pushed into each pass and drained short). Then a pass carries it into the
    next (the backward pairs say so), rather than its being made before `loop`."""
    if second is None or not any(
        other is not loop
        and other.line <= loop.line
        and loop.end_line <= other.end_line
        and other.holds(node.stack)
        for other in loops
    ):
        return False
    restarted = [
        pass_restarted(result, loops, other, node, second)
        for other in loops
        if other is not loop
        and other.line <= loop.line
        and loop.end_line <= other.end_line
        and other.holds(node.stack)
    ]
    if restarted and None not in restarted:
        return any(restarted)
    return made_again(result, node, second.node_count)


def pass_restarted(
    result: RunResult, loops: list[Loop], loop: Loop, node: NodeRecord, until: BackwardRecord
) -> bool | None:
    """Whether `loop` started another pass between the making of `node` (in a loop inside
    `loop`: a recurrence's step) and the backward `until`; None when no loop inside `loop`
    holds where `node` was made (then its statement made again says so, `made_again`). The
    inner loop making another in its next pass is the same pass of `loop`: a pass of `loop`
    restarts when the run goes back before the inner loop, or back into it once past it."""
    inner = [other for other in _inside(loop, loops) if other.holds(node.stack)]
    if not inner:
        # Made in `loop`'s pass before a loop inside it that runs `until` (prototypes made
        # once an epoch, read by each query's pass): a pass of `loop` restarted only if the
        # statement made another since.
        around_until = [
            other
            for other in _inside(loop, loops)
            if other.holds(until.stack)
            and all(line < other.line for line in node.stack if loop.line <= line <= loop.end_line)
        ]
        if not around_until:
            return None
        return _back_before(result, loop, min(o.line for o in around_until), node, until)
    start = min(other.line for other in inner)
    end = max(other.end_line for other in inner if other.line == start)

    def at(stack: list[int]) -> int | None:
        return next((n for n in stack if loop.body_line <= n <= loop.end_line), None)

    events = [
        (i, record.stack)
        for i in range(node.id + 1, min(until.node_count, len(result.nodes)))
        if (record := result.node(i)) is not None
    ]
    events += [(b.node_count - 0.5, b.stack) for b in result.backwards if b is not until]
    events = [e for e in events if node.id < e[0] < until.node_count]
    events.append((until.node_count, until.stack))
    past = False
    for _, stack in sorted(events, key=lambda e: e[0]):
        line = at(stack)
        if line is None:
            continue
        if line < start or (past and line <= end):
            return True
        past = past or line > end
    return False


def _back_before(
    result: RunResult, loop: Loop, start: int, node: NodeRecord, until: BackwardRecord
) -> bool:
    """Whether the run, between the making of `node` and the backward `until`, went into the
    loop inside `loop` at line `start` and then back before it: `loop` started another pass
    (a closure of the statement that made `node`, called once an element, does not)."""

    def at(stack: list[int]) -> int | None:
        return next((n for n in stack if loop.body_line <= n <= loop.end_line), None)

    events = [
        (i, record.stack)
        for i in range(node.id + 1, min(until.node_count, len(result.nodes)))
        if (record := result.node(i)) is not None
    ]
    events += [
        (b.node_count - 0.5, b.stack)
        for b in result.backwards
        if b is not until and node.id < b.node_count - 0.5 < until.node_count
    ]
    inside = False
    for _, stack in sorted(events, key=lambda e: e[0]):
        line = at(stack)
        if line is None:
            continue
        if line >= start:
            inside = True
        elif inside:
            return True
    return False


def made_again(result: RunResult, node: NodeRecord, until: int) -> bool:
    """Whether the statement that made `node` made another before the node `until`: the
    loop around it started another pass."""
    return any(
        (other := result.node(i)) is not None and other.stack == node.stack and other.op == node.op
        for i in range(node.id + 1, min(until, len(result.nodes)))
    )


def same_pass(result: RunResult, loop: Loop, first: BackwardRecord, second: BackwardRecord) -> bool:
    """Whether `second` runs in the same pass of `loop` as `first`: its statement comes later
    in the loop's body, and nothing the run made or backpropagated between them ran at an
    earlier line of the body (the loop starting its next pass)."""

    def at(stack: list[int]) -> int | None:
        return next((n for n in stack if loop.body_line <= n <= loop.end_line), None)

    start, end = at(first.stack), at(second.stack)
    if start is None or end is None or end <= start:
        return False
    for node_id in range(first.node_count, second.node_count):
        record = result.node(node_id)
        line = at(record.stack) if record is not None else None
        if line is None or line < start:
            return False  # made outside the body, or at an earlier line: another pass
    between = result.backwards[result.backwards.index(first) + 1 : result.backwards.index(second)]
    return all((line := at(b.stack)) is not None and line >= start for b in between)


def passes_without(
    node: NodeRecord,
    backward: BackwardRecord,
    backwards: list[BackwardRecord],
    walked_by: dict[int, set[int]],
) -> bool:
    """Whether an earlier pass of the loop ran the same backward (same statement, same calls)
    after `node` was made, without walking it: the passes backpropagate different tensors (one
    of a `Vec` collected before the loop each pass), so the loop ending after the backward
    that consumed `node`'s step says nothing of a next pass reaching for it."""
    return any(
        earlier is not backward
        and earlier.stack == backward.stack
        and node.id < earlier.node_count
        and node.id not in walked_by[id(earlier)]
        for earlier in backwards[: backwards.index(backward)]
    )


SECOND_PASS = "its 2nd pass panics"


def panicking_pass(backwards: list[BackwardRecord], loop: Loop, number: int | None) -> str:
    """Which of `loop`'s backwards panicked, the run's backward `number` (1-based): the 2nd
    pass, or the loop's nth backward when the panic came later (a tensor a `match` arm uses
    in some passes only); said as the 2nd pass when the run did not get there."""
    if number is None:
        return SECOND_PASS
    count = sum(1 for b in backwards[:number] if loop.holds(b.stack))
    if count in (0, 2):
        return SECOND_PASS
    return f"the loop's {ordinal(count)} backward panics"


def ordinal(n: int) -> str:
    """`1st`, `2nd`, `3rd`, `4th`, `11th`, `22nd`."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def loop_around(
    loops: list[Loop], node: Any, earlier: BackwardRecord, later: BackwardRecord
) -> Loop | None:
    """The innermost loop that holds where `node` was made and both backwards, or None."""
    return next(
        (
            loop
            for loop in reversed(loops)
            if loop.holds(node.stack) and loop.holds(earlier.stack) and loop.holds(later.stack)
        ),
        None,
    )


def later_pass(before: list[BackwardRecord], later: BackwardRecord, node_id: int) -> bool:
    """Whether `later` runs in a later pass of its loop than the one that made `node_id`: its
    own statement (the same lines on the stack) already ran a backward after the node was
    made, in an earlier pass."""
    return any(b.stack == later.stack and b.node_count > node_id for b in before)


def _inside(loop: Loop, loops: list[Loop]) -> list[Loop]:
    """The loops written inside `loop`'s body."""
    return [
        other
        for other in loops
        if other is not loop and loop.line < other.line and other.end_line <= loop.end_line
    ]
