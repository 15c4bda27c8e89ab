"""The is_tracked audit: which tensors and backwards of a run set up the panic, with no annotations.

Three of the lint rules (`pbpit.lint.rules`) have a counterpart here, found from the trace and
the loops of the case's source (a rule without one is simply not reported by the audit):

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

import ast
from dataclasses import asdict, dataclass, field
from typing import Any

from pbpit.engine.graph import Requirement
from pbpit.lint.rules import DOUBLE, LOOP_EXTERNAL, SHARED, rule_named
from pbpit.lint.rules.loop_external_tracked import DETACH_EACH_PASS, DETACH_ONCE, RECOMPUTE_IN_LOOP
from pbpit.source import Language, statement_range, syntax_tree
from pbpit.trace import BackwardRecord, CrateLines, NodeRecord, RunResult

KIND_JSON = {
    Requirement.GRAD: "leaf_requires_grad",
    Requirement.GRAD_IN_BACKWARD: "tracked_intermediate",
    Requirement.NONE: "untracked",
}
"""How an entry's requirement is spelled in `--json` (`kind`)."""


@dataclass
class Loop:
    """A loop of the case source: its first and last line, and its body's first."""

    line: int
    end_line: int
    body_line: int

    def holds(self, stack: list[int]) -> bool:
        """Whether code running with these case lines on its stack runs inside this loop."""
        return any(self.line <= line <= self.end_line for line in stack)


@dataclass
class AuditEntry:
    """One tensor the audit looked at, and its verdict."""

    node_id: int
    label: str | None
    line: int | None
    tracked: bool
    requirement: Requirement
    """Burn's requirement of the node: in `--json`, `kind` (`KIND_JSON`)."""
    verdict: str
    """`ok` or `hazard`."""
    pattern: str | None
    """For a hazard: `loop-external-tracked`, `shared-intermediate` or `double-backward`."""
    reason: str
    """One line saying why, in the user's words."""
    loop_line: int | None = None
    """The loop it is used in (loop-external entries)."""
    backwards: tuple[int, ...] = ()
    """The 1-based numbers of the backwards involved (shared, double and carried entries)."""
    carried: bool = False
    """Made in an earlier pass of the loop that uses it: state carried from pass to pass."""
    fix: str | None = None
    """For a hazard, the fix in a line (`pbpit explain` writes out the corrected code)."""
    same_statement: tuple[int, ...] = ()
    """The other nodes of the statement that made it, hazards of the same kind reported with
    it (`x.matmul(w1).tanh()`: the matmul, reported with the tanh the loop reads; a push in an
    inner loop: the tensors its other executions made)."""
    crate: CrateLines | None = field(default=None, repr=False, compare=False)
    """A crate's module files, when the lines are those of its root with them spliced in."""
    otherwise: AuditEntry | None = field(default=None, repr=False, compare=False)
    """For a tensor made before a loop whose passes backpropagate parts of it (`_Parts`, read
    as `shared-intermediate`): the `loop-external-tracked` reading of the same hazard, which
    lint's finding of it decides (`_as_lint_reads`)."""

    @property
    def where(self) -> str:
        """`line 12`, or `src/training.rs:12` for a line of a crate's module file."""
        if self.line is None:
            return "line ?"
        return _cited(self, self.line)

    @classmethod
    def about(cls, node: NodeRecord, verdict: str, reason: str, **more: Any) -> AuditEntry:
        """An entry on `node`, with what the trace says of it filled in."""
        return cls(
            node_id=node.id,
            label=node.label,
            line=node.line,
            tracked=node.tracked,
            requirement=node.requirement,
            crate=node.crate,
            verdict=verdict,
            pattern=more.pop("pattern", None),
            reason=reason,
            **more,
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for key, value in asdict(self).items():
            if key == "requirement":  # in its place among the fields
                key, value = "kind", KIND_JSON[value]
            if key not in ("crate", "otherwise"):
                data[key] = value
        data["backwards"] = list(self.backwards)
        data["same_statement"] = list(self.same_statement)
        if self.crate is not None:  # each line in its file, the file beside it
            self.crate.place(data)
            if self.loop_line is not None:
                path, data["loop_line"] = self.crate.locate(self.loop_line)
                data["loop_file"] = self.crate.display.get(path, path)
        return data


def _cited(record: NodeRecord | AuditEntry, line: int) -> str:
    """`line 12`, or `src/training.rs:12` for a line of a crate's module file."""
    return f"line {line}" if record.crate is None else record.crate.cite(line)


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


def ancestors(result: RunResult, root: int, limit: int | None = None) -> set[int]:
    """`root` and every node reachable from it over recorded (tracked) parents (below `limit`)."""
    seen = {root}
    stack = [root]
    while stack:
        record = result.node(stack.pop())
        for parent in record.parents if record else ():
            if parent not in seen and (limit is None or parent < limit):
                seen.add(parent)
                stack.append(parent)
    return seen


def made_from(result: RunResult, node_id: int) -> frozenset[int | str]:
    """What `node_id` is made from: the untracked inputs (data) of the steps that made it, but
    for the detached copies an op makes of its own input (softmax's), new with every call; and
    the leaves that require grad, by name (a parameter an optimizer stepped is a new leaf of
    the same name)."""
    data: set[int | str] = set()
    for n in ancestors(result, node_id):
        record = result.node(n)
        if record is None:
            continue
        if record.requires_grad:
            data.add(record.label or f"NodeId({n})")
        data |= set(record.inputs) - set(record.parents)
    return frozenset(n for n in data if isinstance(n, str) or not _detached_from_graph(result, n))


def rows_of(result: RunResult, data: frozenset[int | str], given: frozenset[int | str]) -> bool:
    """Whether what a node is made from (`made_from`) is `given`, or rows of it: the same
    leaves by name, each piece of data one of `given`'s or made from one by ops on data alone
    (a minibatch `select`ed from a rollout's observations), and each of `given`'s used."""
    if {d for d in data if isinstance(d, str)} != {d for d in given if isinstance(d, str)}:
        return False
    ids = {d for d in given if isinstance(d, int)}
    reached: set[int] = set()
    for piece in (d for d in data if isinstance(d, int)):
        stack, seen, found = [piece], set(), set()
        while stack:
            record = result.node(stack.pop())
            if record is None or record.id in seen or record.tracked:
                continue
            seen.add(record.id)
            if record.id in ids:
                found.add(record.id)
                continue
            stack.extend(record.inputs)
        if not found:
            return False
        reached |= found
    return reached == ids


def _detached_from_graph(result: RunResult, node_id: int) -> bool:
    """Whether untracked `node_id` is made from a detached copy of a tracked tensor (softmax's
    max of its own input): made anew with each call, not data given to it."""
    stack, seen = [node_id], set()
    while stack:
        record = result.node(stack.pop())
        if record is None or record.id in seen:
            continue
        seen.add(record.id)
        if record.op == "detach" or record.tracked:
            return True
        stack.extend(record.inputs)
    return False


def _loop_entries(result: RunResult, loops: list[Loop]) -> dict[int, AuditEntry]:
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
            if _carried_around(result, loops, loop, node, second_by.get(node.id)):
                continue  # made in a pass of a loop around this one, walked in a later pass
            backward = consumed_by.get(node.id)
            # After the backward that consumed its step, the loop either used it again (the
            # panic), or ended there (its next pass would); or it went on without it (state
            # detached each pass, say): then nothing reaches for the step that is gone.
            reused = backward is not None and (
                last_use.get(node.id, -1) >= backward.node_count
                or (
                    last_op < backward.node_count
                    and not _passes_without(node, backward, backwards, walked_by)
                )
                or walks.get(node.id, 0) > 1
            )
            entry = _loop_entry(node, loop, backward is not None, reused)
            if entry.verdict == "hazard":
                panicked = next(
                    (i + 1 for i, b in enumerate(result.backwards) if b.missing == node.id), None
                )
                said = _panicking_pass(result.backwards, loop, panicked)
                entry.reason = entry.reason.replace(SECOND_PASS, said)
            second = second_by.get(node.id)
            if entry.verdict == "hazard" and backward is not None and second is not None:
                numbers = parts.shared(node, backward, second)
                otherwise = entry if numbers is not None else None
                if numbers is None and _same_pass(result, loop, backward, second):
                    # Two losses of one pass (an element of a `Vec` made before the loop,
                    # backpropagated twice in a pass): shared, never carried nor cached.
                    numbers = parts.number[id(backward)], parts.number[id(second)]
                if numbers is not None:
                    entry = _backward_entry(node, SHARED, numbers)
                    entry.loop_line, entry.otherwise = loop.line, otherwise
            entries[node.id] = entry
    return entries


def _carried_around(
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
        _pass_restarted(result, loops, other, node, second)
        for other in loops
        if other is not loop
        and other.line <= loop.line
        and loop.end_line <= other.end_line
        and other.holds(node.stack)
    ]
    if restarted and None not in restarted:
        return any(restarted)
    return _made_again(result, node, second.node_count)


def _pass_restarted(
    result: RunResult, loops: list[Loop], loop: Loop, node: NodeRecord, until: BackwardRecord
) -> bool | None:
    """Whether `loop` started another pass between the making of `node` (in a loop inside
    `loop`: a recurrence's step) and the backward `until`; None when no loop inside `loop`
    holds where `node` was made (then its statement made again says so, `_made_again`). The
    inner loop making another in its next pass is the same pass of `loop`: a pass of `loop`
    restarts when the run goes back before the inner loop, or back into it once past it."""
    inner = [
        other
        for other in loops
        if other is not loop
        and loop.line < other.line
        and other.end_line <= loop.end_line
        and other.holds(node.stack)
    ]
    if not inner:
        return None
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


def _made_again(result: RunResult, node: NodeRecord, until: int) -> bool:
    """Whether the statement that made `node` made another before the node `until`: the
    loop around it started another pass."""
    return any(
        (other := result.node(i)) is not None
        and other.stack == node.stack
        and other.op == node.op
        for i in range(node.id + 1, min(until, len(result.nodes)))
    )


def _same_pass(
    result: RunResult, loop: Loop, first: BackwardRecord, second: BackwardRecord
) -> bool:
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


def _passes_without(
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
        restarted = [
            _pass_restarted(result, self.loops, loop, node, second) for loop in around[:-1]
        ]
        if any(restarted) or (None in restarted and _made_again(result, node, second.node_count)):
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


def _loop_entry(node: NodeRecord, loop: Loop, walked: bool, reused: bool) -> AuditEntry:
    intermediate = node.requirement is Requirement.GRAD_IN_BACKWARD
    verdict, pattern, fix = "ok", None, None
    if intermediate and reused:
        verdict, pattern = "hazard", LOOP_EXTERNAL
        # Two lines in one phrase: each says what it is, so neither reads as the other.
        made = "before" if node.line is None else f"at {_cited(node, node.line)}, before"
        reason = (
            f"made {made} the loop at {_cited(node, loop.line)}, and used in it: " + SECOND_PASS
        )
        fix = f"{RECOMPUTE_IN_LOOP.name}, or {DETACH_ONCE.name} if it needs no gradient"
    elif intermediate and walked:
        at = _cited(node, loop.line)
        reason = f"used in the loop at {at} until a backward consumed its step, never after"
    elif intermediate:
        at = _cited(node, loop.line)
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


def _frontier(result: RunResult, reached: set[int], shared: set[int]) -> list[int]:
    """The shared nodes a walk from the later root meets first (a child outside `shared`)."""
    hits = set()
    for node_id in reached - shared:
        record = result.node(node_id)
        hits.update(p for p in (record.parents if record else ()) if p in shared)
    return sorted(hits)


SECOND_PASS = "its 2nd pass panics"


def _panicking_pass(backwards: list[BackwardRecord], loop: Loop, number: int | None) -> str:
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


def _carried_entry(
    node: NodeRecord, loop: Loop, numbers: tuple[int, int], backwards: list[BackwardRecord]
) -> AuditEntry:
    return AuditEntry.about(
        node,
        "hazard",
        f"made in one pass of the loop at {_cited(node, loop.line)}, used by the next: "
        + _panicking_pass(backwards, loop, numbers[1]),
        pattern=LOOP_EXTERNAL,
        loop_line=loop.line,
        backwards=numbers,
        fix=f"{DETACH_EACH_PASS.name}: gradients stop at the pass boundary",
        carried=True,
    )


def _loop_around(
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


def _backward_entries(result: RunResult, loops: list[Loop]) -> dict[int, AuditEntry]:
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
                loop = _loop_around(loops, node, earlier, later)
                if loop is not None and _made_again(result, node, later.node_count):
                    entries[later.root] = _carried_entry(node, loop, numbers, result.backwards)
                else:
                    entries[later.root] = _backward_entry(node, DOUBLE, numbers)
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
                loop = _loop_around(loops, node, earlier, later)
                if (
                    loop is not None
                    and _later_pass(backs[:j], later, node_id)
                    and _pass_restarted(result, loops, loop, node, later) is not False
                ):
                    entries[node_id] = _carried_entry(node, loop, numbers, result.backwards)
                else:
                    entries[node_id] = _backward_entry(node, SHARED, numbers)
        for node_id in later.consumed:
            consumed_by[node_id] = number
    return entries


def _later_pass(before: list[BackwardRecord], later: BackwardRecord, node_id: int) -> bool:
    """Whether `later` runs in a later pass of its loop than the one that made `node_id`: its
    own statement (the same lines on the stack) already ran a backward after the node was
    made, in an earlier pass."""
    return any(b.stack == later.stack and b.node_count > node_id for b in before)


def _backward_entry(node: NodeRecord, pattern: str, numbers: tuple[int, int]) -> AuditEntry:
    """A hazard of two backwards, in its rule's words (`audit_words`)."""
    reason, fix = rule_named(pattern).audit_words(*numbers)
    return AuditEntry.about(node, "hazard", reason, pattern=pattern, backwards=numbers, fix=fix)


def audit(result: RunResult) -> list[AuditEntry]:
    """The audit of one run, by node id: loop-external tensors first, then backward pairs."""
    loops = find_loops(result.source, result.language)
    entries = _loop_entries(result, loops)
    for node_id, entry in _backward_entries(result, loops).items():
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
        said = {SHARED: False, LOOP_EXTERNAL: False}
        for node_id in group:
            node, entry = result.node(node_id), pending[node_id]
            for reading in (entry, entry.otherwise):
                if node is not None and reading is not None and reading.pattern in said:
                    found = lint_finding(result, reading, node, linted)[0] is not None
                    said[reading.pattern] = said[reading.pattern] or found
        if said[LOOP_EXTERNAL] and not said[SHARED]:
            for node_id in group:
                entries[node_id] = pending[node_id].otherwise or entries[node_id]


def _fold_unnamed(result: RunResult, entries: list[AuditEntry]) -> list[AuditEntry]:
    """No hazard of its own for an unnamed intermediate (made inside a function the user's
    code calls, never bound by it) whose every use leads only to a named hazard (`out =
    net.forward(x)`: the first layer's output, used only on the way to `out`). Detaching or
    recomputing the named tensor settles it too, so it is reported with that tensor: in its
    `same_statement` when the one statement made both, else as `ok`, saying whose hazard it
    is."""
    named = {e.node_id: e for e in entries if e.verdict == "hazard" and e.label}
    unnamed = [e for e in entries if e.verdict == "hazard" and not e.label]
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
    said = _panicking_pass(result.backwards, loop, panicked)
    said = EVERY_PASS if said == SECOND_PASS else said
    return message.replace(EVERY_PASS, said).replace(SOME_PASSES, said)
