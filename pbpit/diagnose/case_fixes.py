"""explain's fixes of a hazard a run found, as corrected lines of the case: detach once or where
the state is carried (`_fix_detach`), recompute in the loop (`_fix_recompute`), build the loss
again (`_fix_rebuild_loss`), and what a rule's `case_fixes` reads of the run to choose among them
(`CaseFixes`: the leaves, whether the program trains them, a snapshot the loop makes again).
Which fixes a hazard has is its rule's to say (`pbpit/lint/rules/`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pbpit.diagnose.ancestry import ancestors, made_from, rows_of
from pbpit.diagnose.audit_entry import AuditEntry
from pbpit.diagnose.carriers import find_carrier
from pbpit.diagnose.case_fix import Fix
from pbpit.diagnose.loops import Loop
from pbpit.diagnose.statements import (
    cloned_in_place,
    indent_of,
    makes_parameters,
    moved_lines,
    name_of,
    read_outside,
    removed_lines,
    scope_of,
    statements_of,
    written_again,
)
from pbpit.lint.rules.double_backward import REBUILD_THE_LOSS
from pbpit.lint.rules.loop_external_tracked import DETACH_EACH_PASS, DETACH_ONCE, RECOMPUTE_IN_LOOP
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


def _fix_detach(result: RunResult, node: NodeRecord, entry: AuditEntry, loop: Loop | None) -> Fix:
    name = name_of(result, node.id)
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
        here = scope_of(node.cited_stack)
        if node.label and later.line is not None and scope_of(later.stack) == here:
            after = source_line(result.source, later.line)
            fix.lines = [
                (" ", later.line, after),
                (
                    "+",
                    None,
                    indent_of(after)
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
        name_of(result, n)
        for n in ancestors(result, node.id)
        if (r := result.node(n)) is not None and r.requires_grad and not r.unreachable_leaf
    )
    learners = ", ".join(f"`{n}`" for n in leaves) or "its inputs"
    title = f"gradients must reach {learners}, so compute `{name_of(result, node.id)}` in the loop"
    fix = Fix(RECOMPUTE_IN_LOOP.name, title + ", every pass", True)
    backward = next((b for b in result.backwards if loop and loop.holds(b.stack)), None)
    ranges = None
    if loop is not None and backward is not None:
        ranges = statements_of(result, moved, scope_of(backward.stack, loop))
    if ranges and makes_parameters(result, ranges, scope_of(backward.stack, loop)):
        ranges = None  # a call that also makes parameters would make them anew every pass
    again = None
    if ranges and result.language == Language.RUST:
        again = written_again(result, ranges)
        ranges = ranges if again is not None else None
    if ranges:
        body = source_line(result.source, loop.body_line)
        indent = indent_of(body)
        moved = (
            again.lines(indent) if again is not None else moved_lines(result.source, ranges, indent)
        )
        # A binding still read outside the loop stays where it is: the loop's own shadows it
        # (removed, the reads before or after the loop would name nothing: rustc's E0425).
        kept = read_outside(result, ranges, loop)
        fix.lines = [] if kept else removed_lines(result.source, ranges)
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
    name = name_of(result, loss.id)
    fix = Fix(REBUILD_THE_LOSS.name, f"build `{name}` again before backpropagating it again", True)
    # Every statement that made a step of the loss's graph, in the backward's own scope.
    steps = [
        n for n in ancestors(result, loss.id) if (r := result.node(n)) is not None and r.parents
    ]
    ranges = statements_of(result, steps, scope_of(second.stack)) if second.line else None
    rust = None
    if ranges and result.language == Language.RUST:
        rust = written_again(result, ranges)
        ranges = ranges if rust is not None else None
    if ranges:
        again = source_line(result.source, second.line)
        indent = indent_of(again)
        fix.lines = []
        if rust is not None:
            # The first run gives them by value too: it clones them, the second takes them.
            fix.lines += cloned_in_place(result.source, rust)
            moved = rust.lines(indent)
        else:
            moved = moved_lines(result.source, ranges, indent)
        fix.lines += [("+", None, text) for text in moved]
        fix.lines.append((" ", second.line, again))
    if first.line is not None:
        target = assigned_name(result.source, first.line, result.language) or "grads"
        since = f"line {first.line}" if result.crate is None else result.crate.cite(first.line)
        held = f"`{target}`"
        if re.search(
            rf"\b{re.escape(target)}\s*=\s*(move\s*)?\|", source_line(result.source, first.line)
        ):
            held = "the `Gradients` its first backward returned"  # the line binds a closure
        fix.note = (
            f"A loss is backpropagated once. If nothing changed since {since}, its "
            f"gradients are already in {held}: drop the second backward instead."
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
    def blended(self) -> bool:
        """The loop gives the tensor's binding a value made from its own (`slow = slow * k +
        w.val() * (1.0 - k)`): state the loop carries, though made before it
        (`pbpit.lint.rules.blended_state`)."""
        label = self.node.label or ""
        if self.result.language is not Language.RUST or self.result.crate is not None:
            return False
        if self.entry.loop_line is None or not label.isidentifier():
            return False
        from pbpit.lint.rules.blended_state import blended_in_run
        from pbpit.rust.syntax import parse_file

        source = parse_file(self.result.source)
        return source is not None and blended_in_run(source, self.entry.loop_line, label)

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
    def untrained_copy(self) -> tuple[str, str] | None:
        """The copy of a module that no optimizer steps (`target_net` of `let target_net =
        online.clone();`) the tensor's every parameter is reached through, and the module it
        copies; None otherwise (`through_untrained_copy`)."""
        lines = source_lines(self.result.source)
        program = "\n".join(lines).encode()
        found = self.through_untrained_copy(lines, program)
        return found or None

    def through_untrained_copy(self, lines: list[str], program: bytes) -> tuple[str, str] | None:
        """Whether every parameter the tensor is made from is reached through a copy of a
        module that no optimizer steps and whose gradient the program never reads: a target
        network (`let target_net = online.clone();`, `target_net.forward(..)`). The copy shares
        its leaves with the module it was cloned from (they keep that module's names), but the
        program never trains it: a gradient through it is unused, and recomputed in the loop
        the loss would backpropagate into the trained module through the targets too."""
        leaves = {leaf.id for leaf in self.leaves}
        if not leaves or self.result.language != Language.RUST:
            return None
        copies: set[tuple[str, str]] = set()
        for mine in ancestors(self.result, self.node.id):
            record = self.result.node(mine)
            if record is None or not record.stack or not leaves & set(record.parents):
                continue
            line = record.stack[-1]  # the statement of the outermost function that made it
            text = lines[line - 1] if 0 < line <= len(lines) else ""
            called = {
                (name, copied)
                for name in re.findall(r"\b([A-Za-z_]\w*)\s*\.\s*[A-Za-z_]\w*\s*\(", text)
                if (copied := _copy_of(program, name)) is not None
            }
            if len(called) != 1:
                return None  # no copy's method, or several: not told apart
            copies |= called
        if len(copies) != 1:
            return None
        return next(iter(copies))

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
                if mine != node.id and _reduced_since(result, node.id, mine):
                    # A statistic of the rows (a normalisation's `mean_dim(0)`, `std`): not a
                    # copy of what the loop computes, which recomputing would cancel.
                    continue
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


REDUCTIONS = ("mean_dim", "sum_dim", "mean", "sum")


def _reduced_since(result: RunResult, node_id: int, since: int) -> bool:
    """Whether `node_id` is made from `since` through a reduction (`mean_dim`, `sum_dim`..)."""
    return any(
        (record := result.node(a)) is not None and record.op in REDUCTIONS
        for a in ancestors(result, node_id) | {node_id}
        if a > since
    )


def _copy_of(program: bytes, name: str) -> str | None:
    """The module `name` is a copy of (`let name = online.clone();`), when the program steps
    that module and neither steps `name` nor reads its gradient; else None."""
    copy = rf"\blet\s+(?:mut\s+)?{re.escape(name)}\s*=\s*([\w.]+)\s*\.\s*clone\s*\(\s*\)\s*;"
    made = re.search(copy.encode(), program)
    if made is None or stepped_or_read(program, name):
        return None
    source = made.group(1).decode()
    return source if stepped_or_read(program, source.split(".")[0]) else None


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
