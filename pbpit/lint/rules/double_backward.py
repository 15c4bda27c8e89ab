"""`double-backward`: the same loss, or a clone of it, is backpropagated twice."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Diagnostic, Edit, Help
from pbpit.engine.graph import Requirement
from pbpit.lint.fixes import Fixes, identifiers, is_name
from pbpit.lint.rule import Fix, Meeting, Rule, this_backward, through_note
from pbpit.lint.rules.carried_logs import kept_whole, kept_whole_help
from pbpit.lint.rules.kept_again import kept_again, kept_again_diagnostic
from pbpit.lint.rules.kept_gradients import helper_calls, hoisted, only_backpropagates
from pbpit.lint.rules.kept_loss import kept_loss, kept_loss_diagnostic, rebuilt_after_loop
from pbpit.lint.rules.kept_model import keep_the_model
from pbpit.lint.rules.rebuilt_at import REBUILD_AT, rebuilt_at, rebuilt_at_help
from pbpit.lint.rules.scaled_again import scaled_again, scaled_helps, scaled_message
from pbpit.lint.rules.split_grads import (
    from_grads_call,
    split_between_modules,
    split_help_message,
    stepped_by,
)
from pbpit.lint.values import Backward, Definition
from pbpit.rust.syntax import Node

if TYPE_CHECKING:
    from pbpit.diagnose.explain import CaseFixes
    from pbpit.diagnose.explain import Fix as CaseFix
    from pbpit.diagnose.from_trace import TraceFinding
    from pbpit.diagnose.run_meeting import RunMeeting

KEEP_THE_GRADIENTS = Fix(
    "keep the gradients",
    "use the `Gradients` the first backward returned: a graph is backpropagated once",
)
REBUILD_THE_LOSS = Fix(
    "rebuild the loss",
    "build the loss again (run its forward again) before the second backward",
)


class DoubleBackward(Rule):
    name = "double-backward"
    summary = "the same loss (or a clone of it) is backpropagated twice: the 2nd backward panics"
    panic = "graph tape has already been consumed"
    why = """\
`backward()` consumes the step of every node it walks (`build_tape`), the loss's own step
included: steps are taken by value and their saved tensors released, so a graph is
backpropagated once. Burn has no `retain_graph`.

A second `loss.backward()`, or one through a clone of the loss (a clone is the same tensor, with
the same NodeId), starts at a node whose step is gone and panics at the loss itself: `Cannot run
backward: graph tape has already been consumed at NodeId(4)`. The `Gradients` the first backward
returned already hold every gradient it computed."""
    bad = """\
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let loss = (x.clone().exp() * w.clone()).sum();
    let _grads = loss.backward();
    println!("first backward done");
    let _grads = loss.backward();
}
"""
    fixed = """\
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let loss = (x.clone().exp() * w.clone()).sum();
    let _grads = loss.backward();
    println!("first backward done");
    // The forward again: a new graph for the second backward.
    let loss = (x.clone().exp() * w.clone()).sum();
    let _grads = loss.backward();
}
"""
    fixes = (KEEP_THE_GRADIENTS, REBUILD_THE_LOSS)

    def meeting(self, meeting: Meeting, fixes: Fixes) -> Diagnostic | None:
        kept = kept_again(meeting, fixes)  # a loss kept in an `Option`, backpropagated again
        if kept is not None:
            return kept_again_diagnostic(self.name, meeting, kept, fixes)
        whole = not meeting.same_tensor and kept_whole(meeting, fixes)
        lost = kept_loss(meeting, fixes)  # kept by the loop, backpropagated after it again
        if lost is not None and not (whole and keep_the_model(meeting, fixes)):
            return kept_loss_diagnostic(self.name, meeting, lost, fixes)
        scaled = not meeting.same_tensor and not whole and scaled_again(meeting, fixes)
        if meeting.loop is not None or not (meeting.same_tensor or whole or scaled):
            return None
        definition, earlier, later = meeting.definition, meeting.earlier, meeting.later
        name = definition.name
        through = later.receiver if later.receiver and later.receiver != name else None
        if scaled:
            # `(loss * scale).backward()` after `loss.backward()`: the same graph again.
            labels = [
                fixes.label(later.span, panics_here(name, later.through), True),
                fixes.label(definition.span, made_here(name)),
                fixes.label(earlier.span, consumes_graph(name, earlier.through)),
            ]
            rebuilt = rebuild_the_loss(definition, later, fixes, scaled=True)
            rebuilt = rebuilt or rebuild_the_chain(definition, later, fixes)
            helps = scaled_helps(name, rebuilt)
            message = scaled_message(name)
            notes = [through_note(earlier, definition), through_note(later, definition)]
            return fixes.diagnostic(self.name, message, name, labels, helps, later.span[0], notes)
        labels = [
            fixes.label(later.span, panics_here(name, later.through), True),
            fixes.label(definition.span, made_here(name)),
            fixes.label(earlier.span, consumes_graph(name, earlier.through)),
        ]
        kept = keep_the_gradients(earlier, later, fixes)
        hoist = [] if kept else kept_through_calls(earlier, later, name, fixes)
        rebuilt = rebuild_the_loss(definition, later, fixes)
        if not rebuilt and later.receiver == name and not whole:
            # Made from a tracked intermediate (`pred`): the `let`s it is made from again too.
            rebuilt = rebuild_the_chain(definition, later, fixes)
            # Assigned by each pass, backpropagated again after the loop: the model the loop
            # left.
            rebuilt = rebuilt or rebuilt_after_loop(definition, later, fixes)
        # Said in words, the rebuild is printed before the kept gradients' code: no "or" then.
        # A hoisted call of a closure that only backpropagates, or of `.backward()` itself,
        # gives what the second call gave: machine-applicable.
        exact = bool(hoist) and (
            earlier.through is None or only_backpropagates(earlier.through, fixes)
        )
        helps = [
            keep_the_gradients_help(kept or hoist, exact=exact),
            rebuild_the_loss_help(name, rebuilt, alternative=bool(rebuilt) or not (kept or hoist)),
        ]
        split = [] if kept or hoist else split_between_modules(earlier, later, fixes)
        if split:
            # Each optimizer given its own module's gradients of one loss: one backward, split.
            helps = [Help(split_help_message(name), split), rebuild_the_loss_help(name, [], False)]
        if not whole and (at := rebuilt_at(definition, later, fixes)) is not None:
            # The second backward's gradients read for a tensor made after the loss in place of
            # one it reads (SAM's perturbed weights): the loss at that tensor, alone (kept
            # gradients or the same loss again give `None` there).
            helps = [rebuilt_at_help(name, at[1], at[2], at[0])]
        if whole:
            # An earlier pass's loss kept (early stopping's best): its model's state is kept.
            kept_help = kept_whole_help(name, later.receiver)
            helps = [replace(kept_help, edits=keep_the_model(meeting, fixes))]
        message = twice_message(name, through)
        notes = [through_note(earlier, definition), through_note(later, definition)]
        return fixes.diagnostic(self.name, message, name, labels, helps, later.span[0], notes)

    def from_trace(self, trace: TraceFinding) -> Diagnostic:
        """The diagnostic of a hazard a run found and lint did not, in this rule's words: at
        the second backward."""
        name = trace.name
        first, second = trace.backwards
        labels = [
            *trace.at_backward(second, panics_here(name), True),
            *trace.made(made_here(name), primary=False),
            *trace.at_backward(first, consumes_graph(name)),
        ]
        helps = [
            keep_the_gradients_help(),
            rebuild_the_loss_help(name, trace.edits(REBUILD_THE_LOSS)),
        ]
        return trace.diagnostic(self.name, twice_message(name), name, labels, helps)

    words_withheld = True
    """The loss built again is said in words where lint cannot write it (a statement between
    steps or binds anew what it reads): explain's corrected lines are not shown as code then."""

    cited_at_backward = True
    """A run's hazard is this rule's finding at the second backward's line (lint's primary)."""

    def audit_words(self, first: int, second: int) -> tuple[str, str]:
        """The audit's reason and fix for a loss backpropagated by backwards `first` and
        `second` (numbered from 1)."""
        reason = f"backpropagated by backward #{first}, then again by #{second}"
        fix = (
            f"{REBUILD_THE_LOSS.name} before the second backward, or keep the first backward's "
            "Gradients"
        )
        return reason, fix

    def run_meeting(self, meeting: RunMeeting) -> bool:
        """A run's two backwards of one pass on the same loss (or a clone of it)."""
        return meeting.loop is None and meeting.same_tensor

    def run_again(self, meeting: RunMeeting) -> bool:
        """The first backward's own loss backpropagated again in its pass through a value made
        from it (`scaled_again`, as lint reads it)."""
        earlier = meeting.earlier
        return (
            meeting.loop is None
            and not meeting.same_tensor
            and earlier is not None
            and earlier.root == meeting.node.id
        )

    def case_fixes(self, case: CaseFixes) -> list[CaseFix]:
        return [case.rebuild_loss()]

    def panicked_here(self, name: str, where: str) -> str:
        return f"panicked here, {where}: the backward above consumed `{name}`'s graph"

    def whose(self) -> str:
        return "the loss itself: its first backward consumed its step"

    def fix_of(self, message: str) -> Fix | None:
        """Which of the rule's fixes a help of its diagnostic (said by this file's `*_help`)
        is: explain names the same fixes by name."""
        if message.startswith("build `") and "` again from `" in message:
            return REBUILD_AT
        if message.startswith("use the `Gradients`"):
            return KEEP_THE_GRADIENTS
        if message.startswith(("build `", "or build `")):
            return REBUILD_THE_LOSS
        if message.startswith("keep the `Gradients`"):
            return KEEP_THE_GRADIENTS  # `scaled_again`: scaled, not backpropagated again
        return None


# -- the words, which the dynamic audit (`pbpit.diagnose.findings`) says of the same finding


def twice_message(name: str, through: str | None = None) -> str:
    """`name` backpropagated twice, the 2nd time `through` a clone of it if given."""
    if through is not None:
        return (
            f"`{name}` is backpropagated twice, the 2nd time through its clone "
            f"`{through}`: the 2nd backward panics"
        )
    return f"`{name}` is backpropagated twice: the 2nd backward panics"


def panics_here(name: str, through: str | None = None) -> str:
    """On the second backward; `through` names the function whose call runs it."""
    return this_backward(f"panics: `{name}`'s graph is gone", through)


def made_here(name: str) -> str:
    return f"`{name}` is made here"


def consumes_graph(name: str, through: str | None = None) -> str:
    """On the first backward; `through` names the function whose call runs it."""
    if through is not None:
        return (
            f"this call runs the first backward (in `{through}`), which consumes `{name}`'s graph"
        )
    return f"the first backward consumes `{name}`'s graph here"


def keep_the_gradients_help(edits: list[Edit] | None = None, exact: bool = False) -> Help:
    """Keep the gradients, with the edit that uses them at the second backward when it can be
    written (`exact`: the call replaced computes the gradients alone)."""
    message = "use the `Gradients` the first backward returned: a graph is backpropagated once"
    if not edits:
        return Help(message)
    if exact:
        return Help(message, edits)
    # Right when the second backward was meant to give the same gradients; a helper's call it
    # replaces may have done more.
    return Help(message, edits, applicability="MaybeIncorrect")


def rebuild_the_loss_help(name: str, edits: list[Edit], alternative: bool = True) -> Help:
    """Rebuild the loss, with the edits that run its forward again when they can be written;
    said as the `alternative` to keeping the gradients when it comes after it."""
    message = f"build `{name}` again (run its forward again) before the second backward"
    return Help(f"or {message}" if alternative else message, edits)


# -- the fixes


def rebuild_the_loss(
    definition: Definition, later: Backward, fixes: Fixes, scaled: bool = False
) -> list[Edit]:
    """Rebuild the loss: its `let` again, just before the statement of the second backward,
    what it gives by value cloned in both (it runs twice); none when the second backward is
    through another name (unless `scaled`: its receiver is made from the loss alone,
    `(loss * scale)`, `scaled_again`), or when a statement between binds, assigns or moves
    what it reads."""
    name, statement, value = definition.name, definition.statement, definition.value
    if (later.receiver != name and not scaled) or not is_name(name) or definition.assigned:
        return []
    if statement is None or value is None or statement.type != "let_declaration":
        return []
    block = statement.parent
    at = fixes.call_at(later.span)
    while at is not None and at.parent is not None and at.parent.type != "block":
        at = at.parent
    if (
        block is None
        or at is None
        or not (block.start_byte <= at.start_byte < block.end_byte)
        or not fixes.whole_lines(statement)
        or not fixes.whole_lines(at)
    ):
        return []
    moved = fixes.moved_names(value)
    if moved is None:
        return []
    clones = [n for n in moved if not fixes.is_copy(fixes.text(n), n.start_byte)]
    read = {fixes.text(n) for n in identifiers(value)}
    # A step between of the module the second backward's gradients step (a retry after the
    # step): the loss built again reads it as stepped, what that backward is for.
    module = from_grads_call(later, fixes)
    if any(
        not _keeps(s, read, fixes) and not stepped_by(s, module[2] if module else None, fixes)
        for s in _between(statement, at)
    ):
        return []
    if any(
        r.name in read and r.value.requirement == Requirement.GRAD_IN_BACKWARD
        for r in definition_reads(definition, later)
    ):
        # Built again from a tracked intermediate (`pred.clone()`), whose steps the first
        # backward consumed too: the second backward would panic there.
        return []
    edits = [fixes.edit(n.end_byte, n.end_byte, ".clone()") for n in clones]
    again = fixes.copy_lines(statement, clones, fixes.indent_of(at))
    start = fixes.line_start(at.start_point[0])
    return [*edits, fixes.edit(start, start, again)]


def rebuild_the_chain(definition: Definition, later: Backward, fixes: Fixes) -> list[Edit]:
    """Rebuild the loss with the `let`s it is made from (`let out = reg.fc.forward(..);` then
    `let loss = (out - y).powf_scalar(2.0).mean();`): each again, in order, just before the
    statement of the second backward, what they give by value from outside the chain cloned
    in both; none where a `let` is not a whole-line statement of the loss's block, or a
    statement between moves, binds or assigns what they read."""
    statement = definition.statement
    at = fixes.call_at(later.span)
    while at is not None and at.parent is not None and at.parent.type != "block":
        at = at.parent
    if statement is None or at is None or not fixes.whole_lines(at):
        return []
    block = statement.parent
    chain = sorted(
        {d.statement.start_byte: d for d in definition.sources if d.statement is not None}.values(),
        key=lambda d: d.statement.start_byte,
    )
    if len(chain) < 2 or block is None or not block.start_byte <= at.start_byte < block.end_byte:
        return []
    bound = {d.name for d in chain}
    clones: list[Node] = []
    read: set[str] = set()
    for d in chain:
        s, value = d.statement, d.value
        if (
            s is None
            or value is None
            or s.type != "let_declaration"
            or s.parent != block
            or d.assigned
            or not is_name(d.name)
            or not fixes.whole_lines(s)
        ):
            return []
        moved = fixes.moved_names(value)
        if moved is None:
            return []
        clones += [
            n
            for n in moved
            if fixes.text(n) not in bound and not fixes.is_copy(fixes.text(n), n.start_byte)
        ]
        read |= {fixes.text(n) for n in identifiers(value)} - bound
    statements = [d.statement for d in chain]
    between = [s for s in _between(statements[0], at) if s not in statements]
    if any(not _keeps(s, read, fixes) for s in between):
        return []
    edits = [fixes.edit(n.end_byte, n.end_byte, ".clone()") for n in clones]
    again = "".join(fixes.copy_lines(s, clones, fixes.indent_of(at)) for s in statements)
    start = fixes.line_start(at.start_point[0])
    return [*edits, fixes.edit(start, start, again)]


def definition_reads(definition: Definition, later: Backward) -> list:
    """The reads of tracked variables the loss `later` backpropagates was made with, in the
    statement that made it."""
    statement = definition.statement
    if statement is None:
        return []
    return [r for r in later.loss.reads if statement.start_byte <= r.span[0] < statement.end_byte]


def keep_the_gradients(earlier: Backward, later: Backward, fixes: Fixes) -> list[Edit]:
    """Keep the gradients: the second backward's call replaced by the variable the first one's
    result is bound to (`let grads = loss.backward();`), where it still holds them; none when
    the two calls differ in more than a `.clone()` of what they are given (a helper given other
    arguments computes something else)."""
    if earlier.span == later.span or earlier.through != later.through:
        return []
    first, second = fixes.call_at(earlier.span), fixes.call_at(later.span)
    if first is None or second is None or first == second:
        return []
    statement = first.parent
    if statement is None or statement.type != "let_declaration":
        return []
    pattern = statement.child_by_field_name("pattern")
    value = statement.child_by_field_name("value")
    if pattern is None or pattern.type != "identifier" or value != first:
        return []
    name = fixes.text(pattern)
    if _without_clones(fixes.text(first)) != _without_clones(fixes.text(second)):
        return []
    at = second
    while at.parent is not None and at.parent.type != "block":
        at = at.parent
    block = statement.parent
    if (
        block is None
        or at.parent is None
        or not (block.start_byte <= at.start_byte < block.end_byte)
    ):
        return []
    if at.type == "let_declaration":
        bound = at.child_by_field_name("pattern")
        if bound is not None and name in {fixes.text(n) for n in identifiers(bound)}:
            return []  # `let grads = loss.backward();` again: nothing to keep it in
    if any(not _keeps(s, {name}, fixes) for s in _between(statement, at)):
        return []
    parent = second.parent
    if parent is None or parent.type != "reference_expression":
        # Given by value, the gradients move there (`Gradients` is not `Clone`): once, and
        # nothing reads them after.
        node: Node | None = second
        while node is not None and node != block:
            if node.type in _RUNS_AGAIN:
                return []
            node = node.parent
        reads = fixes.reads(block).get(name, [])
        if any(start >= second.end_byte for start, _ in reads):
            return []
    return [fixes.edit(second.start_byte, second.end_byte, name)]


# What may run its body more than once.
_RUNS_AGAIN = frozenset(
    {"for_expression", "while_expression", "loop_expression", "closure_expression"}
)


def kept_through_calls(earlier: Backward, later: Backward, loss: str, fixes: Fixes) -> list[Edit]:
    """Keep the gradients where `keep_the_gradients` cannot: the first backward in a branch
    (its `let` moved before it), or both in one closure called twice (`kept_gradients`)."""
    if earlier.span == later.span:
        calls = helper_calls(earlier, later, loss, fixes)
    else:
        calls = [c for c in (fixes.call_at(earlier.span), fixes.call_at(later.span)) if c]
    if len(calls) != 2 or calls[0] == calls[1] or earlier.through != later.through:
        return []
    return hoisted(calls[0], calls[1], fixes)


def _without_clones(text: str) -> str:
    return "".join(text.replace(".clone()", "").split())


def _between(first: Node, last: Node) -> list[Node]:
    """The statements after `first` up to `last`'s, in the blocks that hold `last`."""
    found = []
    node = last
    while node is not None and node != first.parent:
        parent = node.parent
        if parent is None:
            break
        found += [
            s
            for s in parent.named_children
            if first.end_byte <= s.start_byte and s.end_byte <= node.start_byte
        ]
        node = parent
    return found


def _keeps(statement: Node, names: set[str], fixes: Fixes) -> bool:
    """Whether `statement` leaves each of `names` bound to what it held: no `let` of it, no
    assignment, no move of a value that is not `Copy`."""
    moved = fixes.moved_names(statement)
    if moved is None:
        return False
    for node in identifiers(statement):
        text = fixes.text(node)
        if text in names and node.parent is not None and node.parent.type.endswith("pattern"):
            return False
    pattern = statement.child_by_field_name("pattern")
    if pattern is not None and {fixes.text(n) for n in identifiers(pattern)} & names:
        return False
    return not any(
        fixes.text(n) in names and not fixes.is_copy(fixes.text(n), n.start_byte) for n in moved
    )
