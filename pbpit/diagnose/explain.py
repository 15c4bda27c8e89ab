"""`pbpit explain`: what the panic means in general, and what `NodeId(n)` is in one run.

The general entry reads like `rustc --explain`; the run-specific part reads only the trace, the
audit and the case's source, and writes the corrected lines of the case for the fix that applies.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pbpit.diagnose.audit import AuditEntry, Loop, ancestors, audit, find_loops, made_from, rows_of
from pbpit.diagnose.carriers import find_carrier
from pbpit.diagnostics.model import Edit
from pbpit.lint.fixes import Fixes, identifiers, indent
from pbpit.lint.rules import rule_named
from pbpit.lint.rules.double_backward import REBUILD_THE_LOSS
from pbpit.lint.rules.loop_external_tracked import DETACH_EACH_PASS, DETACH_ONCE, RECOMPUTE_IN_LOOP
from pbpit.rust.syntax import Node, RustReadError, read_rust
from pbpit.source import (
    Language,
    assigned_name,
    assignment,
    detached,
    source_line,
    source_lines,
    statement_range,
)
from pbpit.trace import BackwardRecord, NodeRecord, RunResult

if TYPE_CHECKING:
    from pbpit.diagnose.from_trace import FieldReset

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
    in `require_grad()` on it (not the tape panic), that panic's: its rule's why."""
    panic = result.panic if result is not None else None
    if panic is not None and panic.node_id == node_id:
        rule = rule_named("require-grad-non-leaf")
        if rule is not None and rule.panic in panic.message:
            return (
                f"NodeId({node_id}): `require_grad()` on a tracked intermediate\n\n"
                f"Burn panics with:\n\n    {rule.panic}\n\n{rule.why}\n"
            )
    return ENTRY.format(id=node_id)


@dataclass
class BackwardInfo:
    """A backward of the run, placed in the source: its number, line and loop iteration."""

    number: int
    record: BackwardRecord
    iteration: int | None
    """0-based pass of the loop the backward sits in, counted by its line; None outside loops."""


@dataclass
class Fix:
    """One fix (`key` is its name, a rule's fix's in `pbpit.lint.rules`; `title` says when and
    how it applies),
    and the corrected lines of the case: `(mark, line, text)` with mark `-` (a line goes), `+`
    (a line comes: in place of the removed line of the same number, or before the next
    unchanged line) or ` ` (unchanged)."""

    key: str
    title: str
    applies: bool
    lines: list[tuple[str, int | None, str]] = field(default_factory=list)
    note: str = ""

    def edits(self) -> list[Edit]:
        """The corrected lines as edits of the case file (none when they cannot be written)."""
        edits: list[Edit] = []
        rows = self.lines
        for index, (mark, number, text) in enumerate(rows):
            following = rows[index + 1] if index + 1 < len(rows) else None
            if mark == "-" and number is not None:
                if following is not None and following[0] == "+" and following[1] == number:
                    edits.append(_changed_line(number, text, following[2]))
                else:
                    edits.append(Edit(number, 1, number + 1, 1, ""))
            elif mark == "+" and number is None:
                before = next((n for m, n, _ in rows[index:] if m == " "), None)
                if before is None:
                    before = next(n for m, n, _ in reversed(rows[:index]) if m == " ") + 1
                at = (before, 1, before, 1)
                if edits and (edits[-1].line, edits[-1].column) == at[:2] and _inserts(edits[-1]):
                    edits[-1].replacement += text + "\n"
                else:
                    edits.append(Edit(*at, text + "\n"))
        return edits


def _inserts(edit: Edit) -> bool:
    return (edit.line, edit.column) == (edit.end_line, edit.end_column)


def _changed_line(number: int, old: str, new: str) -> Edit:
    """The smallest edit turning line `number` from `old` into `new` (an insertion when `new`
    only adds text)."""
    prefix = 0
    while prefix < min(len(old), len(new)) and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    while suffix < min(len(old), len(new)) - prefix and old[-1 - suffix] == new[-1 - suffix]:
        suffix += 1
    return Edit(number, prefix + 1, number, len(old) - suffix + 1, new[prefix : len(new) - suffix])


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
    if _indent(source_line(result.source, line)) != _indent(body):
        return False
    leaves = re.compile(r"\b(?:continue|break|return)\b")
    return not any(
        leaves.search(source_line(result.source, n)) for n in range(loop.body_line, line)
    )


def _indent(text: str) -> str:
    return text[: len(text) - len(text.lstrip())]


def _name(result: RunResult, node_id: int) -> str:
    node = result.node(node_id)
    return node.label if node and node.label else f"NodeId({node_id})"


def _scope(stack: list[int], loop: Loop | None = None) -> tuple[int, ...]:
    """The call sites around the code at `stack` (or around `loop` in it): two statements
    with the same scope sit in the same function body, where lines can be moved between them."""
    if loop is None:
        return tuple(stack[1:])
    inside = next((i for i, line in enumerate(stack) if loop.line <= line <= loop.end_line), 0)
    return tuple(stack[inside + 1 :])


def _statements(
    result: RunResult, node_ids: list[int], scope: tuple[int, ...]
) -> list[tuple[int, int]] | None:
    """The statements that made these nodes, as (first, last) line ranges in source order;
    None if one was made elsewhere than in `scope` (in a function, say), where no statement
    can simply be moved."""
    ranges = set()
    for node_id in node_ids:
        node = result.node(node_id)
        if node is None or node.line is None or _scope(node.cited_stack) != scope:
            return None
        ranges.add(statement_range(result.source, node.line, result.language))
    return sorted(ranges)


def _makes_parameters(
    result: RunResult, ranges: list[tuple[int, int]], scope: tuple[int, ...]
) -> bool:
    """Whether the statements on these lines also make a leaf that requires grad (a function
    they call making the parameters with what it returns, `Trainer::new`). A module's
    parameter first read by a call kept for what it does (`p.fit(&e, support)`: `e.fc.weight`,
    lazy as in burn-core until a forward reads it) of a module these lines do not bind is made
    where the module was, not by them."""
    lines = source_lines(result.source)
    text = "\n".join("\n".join(lines[first - 1 : last]) for first, last in ranges)

    def binds(root: str) -> bool:
        name = re.escape(root)
        return re.search(rf"\blet\b[^=;]*\b{name}\b|(?<![\w.]){name}\s*=(?!=)", text) is not None

    return any(
        node.requires_grad
        and node.line is not None
        and _scope(node.cited_stack) == scope
        and any(first <= node.line <= last for first, last in ranges)
        and (
            not node.label
            or "." not in node.label
            or binds(node.label.split(".")[0])
            or re.search(r"\blet\b", text) is not None  # a `let`'s value: said as before
        )
        for node in result.nodes
    )


@dataclass
class _Again:
    """Rust statements a fix runs again (in every pass of a loop, or once more), as lint's
    fixes write them (`pbpit.lint.fixes`): each variable they give by value cloned, for the
    first run would move it (rustc's E0382)."""

    fixes: Fixes
    ranges: list[tuple[int, int]]
    """The statements' lines, 1-based."""
    clones: list[Node]

    def lines(self, indent: str) -> list[str]:
        """The statements written again at `indent`, with their clones."""
        copy = self.fixes.copy_rows
        rows = [(first - 1, last - 1) for first, last in self.ranges]
        text = "".join(copy(first, last, self.clones, indent) for first, last in rows)
        return text.split(self.fixes.newline)[:-1]


def _again(result: RunResult, ranges: list[tuple[int, int]]) -> _Again | None:
    """For a Rust case, the `let`s on these line ranges and what they give by value that is
    not made among them nor `Copy`; None when one is not a whole-line `let` or gives a value
    in a way no clone mends (then the fix is said in words)."""
    try:
        source = read_rust(result.source)
    except RustReadError:
        return None
    fixes = Fixes(source)
    statements = []
    for first, last in ranges:
        start = fixes.line_start(first - 1) + len(indent(fixes.lines[first - 1]))
        node = source.root.descendant_for_byte_range(start, start)
        while node is not None and not (node.parent is not None and node.parent.type == "block"):
            node = node.parent
        if node is None or node.parent is None:
            return None
        # Every statement on these lines (`let a = ..; let b = ..;` on one line moves whole).
        held = [
            s
            for s in node.parent.named_children
            if first - 1 <= s.start_point[0] <= last - 1 and s.type != "line_comment"
        ]
        # A `let`, or a call kept for what it does (`p.fit(&e, support.clone());`, a method
        # filling a field: run again every pass, it refits from the current parameters).
        if any(
            s.type not in ("let_declaration", "expression_statement") or s.end_point[0] > last - 1
            for s in held
        ):
            return None
        if any(
            s.type == "expression_statement"
            and (s.named_child(0) is None or s.named_child(0).type != "call_expression")
            for s in held
        ):
            return None
        statements += held
    bound: set[str] = set()
    clones: list[Node] = []
    for statement in statements:
        value = statement.child_by_field_name("value")
        if statement.type == "expression_statement":
            value = statement.named_child(0)
        moved = fixes.moved_names(value) if value is not None else None
        if moved is None:
            return None
        clones += [
            n
            for n in moved
            if fixes.text(n) not in bound and not fixes.is_copy(fixes.text(n), n.start_byte)
        ]
        pattern = statement.child_by_field_name("pattern")
        bound |= {fixes.text(n) for n in identifiers(pattern)} if pattern is not None else set()
    return _Again(fixes, ranges, clones)


def _cloned_in_place(path: str, again: _Again) -> list[tuple[str, int | None, str]]:
    """The lines of `again`'s statements that change where they are, with their clones."""
    changed: list[tuple[str, int | None, str]] = []
    for first, last in again.ranges:
        written = _Again(again.fixes, [(first, last)], again.clones)
        for number, new in enumerate(written.lines(indent(source_line(path, first))), first):
            old = source_line(path, number)
            if new != old:
                changed += [("-", number, old), ("+", number, new)]
    return changed


def _moved(path: str, ranges: list[tuple[int, int]], indent: str) -> list[str]:
    """The lines of these statements written again at `indent` (continuation lines keep their
    indentation relative to their statement's first line)."""
    moved = []
    for first, last in ranges:
        base = _indent(source_line(path, first))
        for line in range(first, last + 1):
            text = source_line(path, line)
            moved.append(indent + (text[len(base) :] if text.startswith(base) else text.strip()))
    return moved


def _read_outside(result: RunResult, ranges: list[tuple[int, int]], loop: Loop) -> bool:
    """Whether, in a Rust case, a name these statements bind is read in their block outside
    `loop` (and outside them): between them and the loop, or after the loop until the block
    ends (a Python function reads the module's name when it is called: the loop's serves)."""
    if result.language is not Language.RUST:
        return False
    names = [assigned_name(result.source, first, result.language) for first, _ in ranges]
    words = [re.compile(rf"\b{re.escape(name)}\b") for name in names if name]
    moved = {line for first, last in ranges for line in range(first, last + 1)}
    lines = source_lines(result.source)
    start = min(first for first, _ in ranges)
    depth = len(_indent(lines[start - 1]))
    for number in range(start, len(lines) + 1):
        text = lines[number - 1]
        if text.strip() and len(_indent(text)) < depth:
            break  # the block ends
        if number in moved or loop.line <= number <= loop.end_line:
            continue
        if any(word.search(text) for word in words):
            return True
    return False


def _removed(path: str, ranges: list[tuple[int, int]]) -> list[tuple[str, int | None, str]]:
    return [
        ("-", line, source_line(path, line))
        for first, last in ranges
        for line in range(first, last + 1)
    ]


def carrier(result: RunResult, node: NodeRecord, loop: Loop | None) -> tuple[str, int] | None:
    """For state carried from pass to pass: the binding or collection that carries the tensor
    bound to `node.label` into the next pass (`h = h_new;`, `state = Some(h_new);`,
    `buffer.push(Transition { .., target })`, a method's `self.slots[key] = Some(f.clone())`),
    and the line that puts it there; None when the tensor is carried by its own name, or
    nothing that carries it is found (`pbpit.diagnose.carriers`)."""
    found = find_carrier(result, node, loop)
    return (found.name, found.line) if found is not None else None


def _fix_detach(result: RunResult, node: NodeRecord, entry: AuditEntry, loop: Loop | None) -> Fix:
    name = _name(result, node.id)
    carried_by = find_carrier(result, node, loop) if entry.carried else None
    if carried_by is not None:
        # Detached where the state is carried: `h = h_new.detach();` (a detach of `h_new` after
        # it is moved into `h` would not compile, and would leave `h` tracked), or where it is
        # put in the collection or field that carries it.
        carried, line = carried_by.name, carried_by.line
        title = f"detach `{carried}` where it is carried"
        if carried_by.put:
            title = f"detach `{carried_by.tensor}` where it is put in `{carried}`"
        fix = Fix(DETACH_EACH_PASS.name, title, True)
        if carried_by.detached is not None:
            text = source_line(result.source, line)
            fix.lines = [("-", line, text), ("+", line, carried_by.detached)]
        fix.note = "Each pass backpropagates through its own steps only (truncated backprop)."
        return fix
    if entry.carried:
        fix = Fix(DETACH_EACH_PASS.name, f"detach `{name}` at the end of each pass", True)
        later = result.backwards[entry.backwards[1] - 1]
        here = _scope(node.cited_stack)
        if node.label and later.line is not None and _scope(later.stack) == here:
            after = source_line(result.source, later.line)
            fix.lines = [
                (" ", later.line, after),
                (
                    "+",
                    None,
                    _indent(after)
                    + assignment(
                        result.source,
                        node.label,
                        f"{node.label}.detach()",
                        new=False,
                        language=result.language,
                    ),
                ),
            ]
        fix.note = "Each pass backpropagates through its own steps only (truncated backprop)."
        return fix
    title = f"if `{name}` needs no gradient, cut it off where it is made"
    fix = Fix(DETACH_ONCE.name, title, False)
    line = node.line
    language = result.language
    single = line is not None and statement_range(result.source, line, language) == (line, line)
    if single and node.label and assigned_name(result.source, line, language) == node.label:
        text = source_line(result.source, line)
        fix.lines = [("-", line, text), ("+", line, detached(result.source, line, language))]
    fix.note = "Nothing under it gets a gradient through it from then on: it is plain data."
    return fix


def _fix_recompute(result: RunResult, node: NodeRecord, loop: Loop | None, moved: list[int]) -> Fix:
    leaves = sorted(
        _name(result, n)
        for n in ancestors(result, node.id)
        if (r := result.node(n)) is not None and r.requires_grad and not r.unreachable_leaf
    )
    learners = ", ".join(f"`{n}`" for n in leaves) or "its inputs"
    title = f"gradients must reach {learners}, so compute `{_name(result, node.id)}` in the loop"
    fix = Fix(RECOMPUTE_IN_LOOP.name, title + ", every pass", True)
    backward = next((b for b in result.backwards if loop and loop.holds(b.stack)), None)
    ranges = None
    if loop is not None and backward is not None:
        ranges = _statements(result, moved, _scope(backward.stack, loop))
    if ranges and _makes_parameters(result, ranges, _scope(backward.stack, loop)):
        ranges = None  # a call that also makes parameters would make them anew every pass
    again = None
    if ranges and result.language == Language.RUST:
        again = _again(result, ranges)
        ranges = ranges if again is not None else None
    if ranges:
        body = source_line(result.source, loop.body_line)
        indent = _indent(body)
        moved = again.lines(indent) if again is not None else _moved(result.source, ranges, indent)
        # A binding still read outside the loop stays where it is: the loop's own shadows it
        # (removed, the reads before or after the loop would name nothing: rustc's E0425).
        kept = _read_outside(result, ranges, loop)
        fix.lines = [] if kept else _removed(result.source, ranges)
        fix.lines.append((" ", loop.line, source_line(result.source, loop.line)))
        fix.lines += [("+", None, text) for text in moved]
        fix.lines.append((" ", loop.body_line, body))
        fix.note = "The usual training loop: only data is prepared outside it."
    else:
        fix.note = (
            "Move the statements that make it into the loop, before its first one; if a "
            "function makes it, call that function inside the loop, once per pass."
        )
    return fix


def _fix_rebuild_loss(
    result: RunResult, loss: NodeRecord, first: BackwardRecord, second: BackwardRecord
) -> Fix:
    name = _name(result, loss.id)
    fix = Fix(REBUILD_THE_LOSS.name, f"build `{name}` again before backpropagating it again", True)
    # Every statement that made a step of the loss's graph, in the backward's own scope.
    steps = [
        n for n in ancestors(result, loss.id) if (r := result.node(n)) is not None and r.parents
    ]
    ranges = _statements(result, steps, _scope(second.stack)) if second.line else None
    rust = None
    if ranges and result.language == Language.RUST:
        rust = _again(result, ranges)
        ranges = ranges if rust is not None else None
    if ranges:
        again = source_line(result.source, second.line)
        indent = _indent(again)
        fix.lines = []
        if rust is not None:
            # The first run gives them by value too: it clones them, the second takes them.
            fix.lines += _cloned_in_place(result.source, rust)
            moved = rust.lines(indent)
        else:
            moved = _moved(result.source, ranges, indent)
        fix.lines += [("+", None, text) for text in moved]
        fix.lines.append((" ", second.line, again))
    if first.line is not None:
        target = assigned_name(result.source, first.line, result.language) or "grads"
        since = f"line {first.line}" if result.crate is None else result.crate.cite(first.line)
        fix.note = (
            f"A loss is backpropagated once. If nothing changed since {since}, its "
            f"gradients are already in `{target}`: drop the second backward instead."
        )
    return fix


@dataclass
class CaseFixes:
    """What a rule's `case_fixes` (in `pbpit/lint/rules/`) writes explain's fixes of a hazard
    of a run with: each fix's corrected lines of the case, made from the run's record. Which
    fixes a hazard has is the rule's to say; nothing here knows one rule from another."""

    result: RunResult
    node: NodeRecord
    entry: AuditEntry
    entries: list[AuditEntry]
    loops: list[Loop]

    @property
    def carried(self) -> bool:
        """The tensor is state carried from one pass of the loop into the next."""
        return self.entry.carried

    @property
    def _loop(self) -> Loop | None:
        return next((loop for loop in self.loops if loop.line == self.entry.loop_line), None)

    @property
    def _backwards(self) -> tuple[BackwardRecord, BackwardRecord]:
        first, second = (self.result.backwards[n - 1] for n in self.entry.backwards)
        return first, second

    def detach(self) -> Fix:
        """Detach once (where it is made), or where it is carried into the next pass."""
        return _fix_detach(self.result, self.node, self.entry, self._loop)

    def accumulator_field(self) -> FieldReset | None:
        """The accumulator field the tensor is kept in, reset where a method's backward
        consumes it (`pbpit.diagnose.from_trace.field_reset`), or None."""
        from pbpit.diagnose.from_trace import field_reset

        node = self.node
        consumed = next((b for b in self.result.backwards if node.id in b.consumed), None)
        return field_reset(self.result, node, consumed)

    def reset_field(self, key: str, title: str) -> Fix | None:
        """For an accumulator kept in a field and backpropagated by a method of its own
        (`pbpit.diagnose.from_trace.field_reset`): the fix `key` resetting it there, where the
        backward consumes it; None for anything else."""
        found = self.accumulator_field()
        if found is None:
            return None
        consumed = next((b for b in self.result.backwards if self.node.id in b.consumed), None)
        (edit,) = found.edits
        text = edit.replacement.rstrip("\n")
        line = source_line(self.result.source, edit.line)
        previous = source_line(self.result.source, edit.line - 1)
        lines: list[tuple[str, int | None, str]] = [("+", None, text), (" ", edit.line, line)]
        if edit.line - 1 == (consumed.line if consumed is not None else None):
            lines = [(" ", edit.line - 1, previous), ("+", None, text)]
        fix = Fix(key, title.format(name=found.carrier, method=found.method), True, lines)
        fix.note = "Each backward gets the losses added since the last one, as before."
        return fix

    @property
    def leaves(self) -> list[NodeRecord]:
        """The leaves that require grad the tensor is made from (a gradient reaches them
        through it)."""
        found = (self.result.node(n) for n in ancestors(self.result, self.node.id))
        return sorted(
            (r for r in found if r is not None and r.requires_grad and not r.unreachable_leaf),
            key=lambda r: r.id,
        )

    @property
    def trained(self) -> bool:
        """Whether the program trains a leaf the tensor is made from: the program asked for
        its gradient (`let x = ...require_grad();`, not a module's parameter), an optimizer (or
        a hand-written update) makes it anew later in the run (a leaf of the same name made
        after it: `from_inner` after `optim.step(..)`), or the loop's text reads its gradient,
        steps it or assigns it (`pbpit.lint.rules.loop_external_tracked.trains`). True when
        a leaf has no name to look for."""
        from pbpit.lint.rules.loop_external_tracked import trains

        loop = self._loop
        lines = source_lines(self.result.source)
        body = "\n".join(lines[loop.line - 1 : loop.end_line]) if loop is not None else ""
        program = "\n".join(lines).encode()
        for leaf in self.leaves:
            if not leaf.label:
                return True
            made = source_line(self.result.source, leaf.line) if leaf.line else ""
            if "." not in leaf.label and "require_grad" in made:
                return True  # made a leaf by the program's own `require_grad()`: wanted
            if any(
                n.id > leaf.id and n.label == leaf.label and n.requires_grad and not n.parents
                for n in self.result.nodes
            ):
                return True
            if trains(body.encode(), leaf.label.split(".")[0]):
                return True
            if stepped_or_read(program, leaf.label.split(".")[0]):
                return True  # an optimizer steps it, or its gradient is read, elsewhere
        return False

    @property
    def steps_elsewhere(self) -> list[str] | None:
        """The modules the loop's backwards step with their gradients (`from_grads(..,
        &critic)`), when each is known and none is one the tensor's leaves belong to (a critic's
        loop over a generator's output made before it): a gradient through the tensor is
        unused by the loop; None otherwise."""
        from pbpit.lint.rules.stepped_modules import run_stepped_modules

        loop = self._loop
        if loop is None:
            return None
        lines = sorted({b.line for b in self.result.backwards if loop.holds(b.stack) and b.line})
        # Module parameters only (`generator.fc.weight`): a leaf the program made with its own
        # `require_grad()` is one whose gradient it asked for.
        roots = {
            leaf.label.split(".")[0] if leaf.label and "." in leaf.label else ""
            for leaf in self.leaves
        }
        if not lines or not roots or "" in roots or "self" in roots:
            return None
        modules = run_stepped_modules(self.result.source, lines)
        if any(m is None or not m.isidentifier() for m in modules):
            return None
        stepped = sorted({m for m in modules if m is not None})
        return None if roots & set(stepped) else stepped

    @property
    def made_again(self) -> NodeRecord | None:
        """A node the panicking backward walks that the loop made the way the tensor, or a
        tracked intermediate it is made from, was made (the same op, at the same line, from
        the same data, or rows of it: `model.forward(x)` before the loop and, through a method,
        in it; PPO's old log-probs and the minibatch's), or
        None. The tensor is then a snapshot of what the loop computes afresh (or made from
        one): recomputed in the loop, it would be made from the current value itself."""
        result, node, loop = self.result, self.node, self._loop
        if loop is None or not node.stack:
            return None
        walked = [b for b in result.backwards if loop.holds(b.stack)]
        later = next((b for b in walked if not b.ok), walked[-1] if walked else None)
        if later is None:
            return None
        made: dict[str, list[NodeRecord]] = {}  # by op: at any line (a layer's forward)
        for other in ancestors(result, later.root):
            record = result.node(other)
            if record is not None and other > node.id and record.stack and record.parents:
                if loop.holds(record.stack):
                    made.setdefault(record.op, []).append(record)
        for mine in sorted(ancestors(result, node.id), reverse=True):
            record = result.node(mine)
            if record is None or not record.parents or not record.stack:
                continue
            # The first few made there are enough: a loop makes it again in every pass.
            candidates = sorted(made.get(record.op, []), key=lambda r: r.id)[:8]
            if candidates:
                data = made_from(result, mine)
                if mine != node.id and not any(isinstance(d, int) for d in data):
                    # Made from parameters alone (a bias broadcast inside a layer's forward):
                    # every forward of the layer makes it again, whatever data it is given.
                    continue
                # Made afresh, not from the snapshot itself (a LayerNorm's div of `probs`).
                found = next(
                    (
                        c
                        for c in candidates
                        if rows_of(result, made_from(result, c.id), data)
                        and mine not in ancestors(result, c.id)
                    ),
                    None,
                )
                if found is not None:
                    return found
        return None

    def recompute(self) -> Fix:
        """Recompute in the loop: every hazard of the same loop moves with it (the whole
        forward made outside it)."""
        entry = self.entry
        moved = [
            e.node_id
            for e in self.entries
            if e.pattern == entry.pattern and e.loop_line == entry.loop_line and not e.carried
        ]
        return _fix_recompute(self.result, self.node, self._loop, moved)

    def add_losses(self) -> Fix:
        """Backpropagate the sum of the two losses once."""
        from pbpit.diagnose.losses_added import fix_add_losses

        return fix_add_losses(self.result, *self._backwards, self.loops)

    def rebuild_loss(self) -> Fix:
        """Build the loss again before its second backward."""
        return _fix_rebuild_loss(self.result, self.node, *self._backwards)


def stepped_or_read(program: bytes, name: str) -> bool:
    """Whether the program's text steps the variable `name` with an optimizer (`opt.step(lr,
    name, ..)`, `from_grads(.., &name)`) or reads its gradient or a field's (`name.grad(..)`,
    `name.fc.weight.grad(..)`) anywhere: what "no optimizer steps it and the program never
    reads its gradient" must be checked against, not the loop alone (a generator stepped after
    the critic's loop, a model stepped by the caller of the function whose loop panics)."""
    word = rb"\b" + re.escape(name.encode()) + rb"\b"
    return bool(
        re.search(word + rb"[\w.]*\s*\.\s*grad\s*\(", program)
        or re.search(rb"\bstep\s*\([^;]*" + word, program)
        or re.search(rb"from_grads\s*\([^;]*" + word, program)
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
