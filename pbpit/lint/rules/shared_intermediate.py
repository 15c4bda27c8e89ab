"""`shared-intermediate`: two losses that share a tracked intermediate are backpropagated one
after the other."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Diagnostic, Edit, Help
from pbpit.lint.fixes import Fixes, identifiers, is_name
from pbpit.lint.rule import Fix, Meeting, Rule, this_backward, through_note
from pbpit.lint.rules.carried_logs import kept_whole
from pbpit.lint.rules.double_backward import keep_the_gradients_help
from pbpit.lint.rules.kept_loss import kept_loss
from pbpit.lint.rules.scaled_again import scaled_again
from pbpit.lint.rules.shared_adversarial import (
    detach_in_second_loss,
    not_added_help,
    output_of,
    rescore,
    run_stepped_apart,
    stepped_apart,
    stepped_together,
)
from pbpit.lint.rules.shared_branch import (
    backward_apart,
    own_forward,
    own_forward_help,
    run_backward_apart,
)
from pbpit.lint.rules.shared_each_loss import each_loss_fixes, trace_each_loss_helps
from pbpit.lint.rules.shared_passes import add_over_passes, trace_add_over_passes
from pbpit.lint.rules.shared_rates import is_rated_help
from pbpit.lint.rules.shared_recompute import (
    probe_help,
    probe_rescore,
    probed_in,
    probed_input,
    recompute_after_step,
)
from pbpit.lint.rules.shared_sum import add_the_losses, add_the_losses_help, the_losses
from pbpit.lint.rules.snapshot import is_snapshot_help
from pbpit.lint.rules.stepped_modules import run_stepped_modules
from pbpit.lint.values import Backward, Definition
from pbpit.source import source_lines

if TYPE_CHECKING:
    from pbpit.diagnose.explain import CaseFixes
    from pbpit.diagnose.explain import Fix as CaseFix
    from pbpit.diagnose.from_trace import TraceFinding
    from pbpit.diagnose.run_meeting import RunMeeting

ADD_THE_LOSSES = Fix(
    "add the losses",
    "add the losses and run one backward on their sum; read each loss's value "
    "(`into_scalar()`) to log it",
)
DETACH_IN_FIRST_LOSS = Fix(
    "detach in the first loss",
    "if the first loss must not train what made the shared tensor (a GAN's "
    "discriminator step), detach the tensor in it",
)


class SharedIntermediate(Rule):
    name = "shared-intermediate"
    summary = (
        "two losses that share a tracked intermediate are backpropagated one after the other: "
        "the 2nd backward panics"
    )
    panic = "graph tape has already been consumed"
    why = """\
Two losses built on one tracked intermediate share its step: Burn records one step per node,
under its NodeId, whatever uses it. The first `backward()` walks from its loss through `feats`
and consumes every step it reached (`build_tape`), `feats`'s included: steps are taken by value,
and Burn has no `retain_graph`.

The second backward walks from the other loss to `feats` again, finds no step for a node that is
not a leaf, and panics: `Cannot run backward: graph tape has already been consumed at
NodeId(2)`. Which loss goes first does not matter, and holding a handle to `feats` does not keep
its step. One backward over the sum of the losses walks each node once and adds the gradients
that reach it."""
    bad = """\
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let feats = x.clone().exp();
    let l1 = (feats.clone() * w.clone()).sum();
    let l2 = (feats * 2.0).sum();
    println!("l1 = {}, l2 = {}", l1.clone().into_scalar(), l2.clone().into_scalar());
    let _g1 = l1.backward();
    let _g2 = l2.backward();
}
"""
    fixed = """\
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let feats = x.clone().exp();
    let l1 = (feats.clone() * w.clone()).sum();
    let l2 = (feats * 2.0).sum();
    println!("l1 = {}, l2 = {}", l1.clone().into_scalar(), l2.clone().into_scalar());
    // One backward over both terms: each gradient is their sum.
    let _grads = (l1 + l2).backward();
}
"""
    fixes = (ADD_THE_LOSSES, DETACH_IN_FIRST_LOSS)

    def meeting(self, meeting: Meeting, fixes: Fixes) -> Diagnostic | None:
        if meeting.loop is not None or meeting.same_tensor or meeting.later.next_pass:
            return None
        if kept_whole(meeting, fixes) or kept_loss(meeting, fixes) is not None:
            return None  # the consumed loss itself, kept whole: `double-backward`'s
        if scaled_again(meeting, fixes):
            return None  # `(loss * scale).backward()` after `loss.backward()`: double-backward's
        definition, earlier, later = meeting.definition, meeting.earlier, meeting.later
        count = 2  # the losses that share it: more where each has a statement of its own
        name = definition.name
        labels = [fixes.label(definition.span, made_here(name, definition.why), True)]
        if earlier.span == later.span and earlier.context != later.context:
            # One backward, run by each pass of a loop on a loss of another part of the tensor
            labels.append(fixes.label(later.span, each_pass_runs(name, later.through)))
        elif earlier.span == later.span:  # one call of a helper runs both backwards
            labels.append(fixes.label(later.span, both_in_one_call(name, later.through)))
        else:
            labels.append(fixes.label(earlier.span, consumes_step(name, earlier.through)))
            labels.append(fixes.label(later.span, needs_step_again(name, later.through)))
        if earlier.receiver == name and later.receiver not in (None, name):
            # The first loss is the shared tensor: the second loss holds it (a gradient
            # penalty's `total = loss + penalty`). Adding them would count it twice; the
            # advice is a double backward's.
            helps = [keep_the_gradients_help(), contains_the_first_help(name, later.receiver)]
        elif (modules := stepped_apart(earlier, later, fixes)) is not None:
            # Each loss steps another module (a GAN): adding them would train each module on
            # the other's objective. The first module's pass reads the second's output
            # detached, and the second loss gets a forward of its own after the first step.
            helps = [not_added_help(earlier.receiver, later.receiver, modules)]
            again = None
            if not meeting.in_macro:
                again = rescore(definition, earlier, later, modules, fixes)
            detached = again
            if again is None and output_of(definition, modules[1], fixes):
                # The second module's output itself: the first loss reads it detached.
                detached = detach_in_first_loss(definition, earlier, fixes)
            if detached is None and not meeting.in_macro:
                # The first module's output itself, its step first: the second loss reads it
                # detached.
                detached = detach_in_second_loss(definition, earlier, later, modules, fixes)
            if detached is not None:
                helps.append(detached)
        elif (probed := _probed(earlier, fixes)) is not None:
            # The first backward probes an input's gradient for the second loss (WGAN-GP):
            # not added; the second loss reads forwards of its own.
            if meeting.in_macro:
                helps = [probe_help(name, probed)]
            else:
                helps = [probe_rescore(definition, earlier, probed, fixes)]
        elif not meeting.in_macro and backward_apart(earlier, later, fixes) is not None:
            # The first loss is backpropagated in a branch only (a warm-up in `if epoch == 0`):
            # not added to the second; it gets a forward of its own.
            helps = [own_forward(definition, earlier, fixes)]
        else:
            made = definition.span[1]
            helps = [add_the_losses(earlier, later, fixes, meeting.in_macro, name, made)]
            count = len(the_losses(earlier, later, fixes, name))
            if earlier.span == later.span and earlier.context != later.context:
                # One backward a pass, each on another loss: each loss made from its own forward;
                # where none can be, the passes' losses added and backpropagated after the loop.
                each = each_loss_fixes(meeting, fixes)
                # Losses all made before the loop that walks them (`for loss in losses`): their
                # sum first, each made anew would still be made before the first step.
                over = add_over_passes(meeting, fixes, walked_only=bool(each))
                if over is not None and each and not any(map(is_snapshot_help, each)):
                    # Losses of one forward a loop walks: their sum is the fix; each made
                    # anew would run the forward again for each, to the same gradients.
                    each = []
                helps = [over] if over is not None else helps
                helps += each
                if any(map(is_snapshot_help, each)):  # added, it would still be compared
                    helps = each
            # A loss that must not train what made the tensor: two modules each stepped by a
            # loss of its own, not one model's losses (nor one backward run by each pass).
            together = stepped_together(earlier, later, fixes)
            detached = None if together else detach_in_first_loss(definition, earlier, fixes)
            if detached is not None:
                helps.append(detached)
            # An optimizer step between the backwards: the second loss made again after it.
            again = None if meeting.in_macro else recompute_after_step(name, earlier, later, fixes)
            if again is not None and not is_rated_help(helps[0]):
                # Before the sum; not beside a sum that keeps each loss's own learning rate
                # (the two steps in one, as written), which the loss made again after the first
                # step would change: its gradients are the stepped model's.
                helps.insert(0, again)
        message = shared_message(name, count)
        if earlier.span == later.span and earlier.context != later.context:
            message = per_pass_message(name)  # one backward, each pass on its own loss
        notes = [through_note(earlier, definition), through_note(later, definition)]
        return fixes.diagnostic(self.name, message, name, labels, helps, definition.span[0], notes)

    def from_trace(self, trace: TraceFinding) -> Diagnostic:
        """The diagnostic of a hazard a run found and lint did not, in this rule's words."""
        name = trace.name
        first, second = trace.backwards
        labels = [
            *trace.made(made_here(name, trace.why)),
            *trace.at_backward(first, consumes_step(name)),
            *trace.at_backward(second, needs_step_again(name)),
        ]
        lines = (first.line if first else None, second.line if second else None)
        modules = run_stepped_apart(trace.result.source, *lines)
        if modules is not None:
            # Each loss steps another module: not added; the first loss's pass detached.
            losses = (trace.loss_name(first), trace.loss_name(second))
            helps = [not_added_help(*losses, modules), detach_in_first_loss_help(name, [])]
            return trace.diagnostic(self.name, shared_message(name), name, labels, helps)
        if run_backward_apart(trace.result.source, *lines):
            # The first loss is backpropagated in a branch only: a forward of its own.
            helps = [own_forward_help(trace.loss_name(first), name, "its forward", [])]
            return trace.diagnostic(self.name, shared_message(name), name, labels, helps)
        probed = probed_input(source_lines(trace.result.source), lines[0] or 0)
        if probed is not None:
            # The first backward probes an input's gradient for the second loss: not added.
            helps = [probe_help(name, probed)]
            return trace.diagnostic(self.name, shared_message(name), name, labels, helps)
        added = trace.edits(ADD_THE_LOSSES)
        # The losses are named where the corrected lines can be written with their names.
        named = (trace.loss_name(first), trace.loss_name(second)) if added else (None, None)
        helps = [add_the_losses_help(list(named), added)]
        stepped = run_stepped_modules(trace.result.source, [n for n in lines if n is not None])
        one_model = len(stepped) == 2 and stepped[0] is not None and stepped[0] == stepped[1]
        if (lines[0] is None or lines[0] != lines[1]) and not one_model:
            # Not one backward run by each pass, nor two stepping one module (each loss then
            # trains the one model).
            helps.append(detach_in_first_loss_help(name, []))
        each = trace_each_loss_helps(trace)  # one backward a pass: each loss its own forward
        over = trace_add_over_passes(trace, walked_only=bool(each))  # or the passes' added
        if over is not None:
            helps[0] = over
            if each and not any(map(is_snapshot_help, each)):
                each = []  # losses of one forward the loop walks: their sum, as lint says
        helps += each
        message = shared_message(name)
        if lines[0] is not None and lines[0] == lines[1]:
            message = per_pass_message(name)  # one backward statement, each pass's own loss
        return trace.diagnostic(self.name, message, name, labels, helps)

    def run_meeting(self, meeting: RunMeeting) -> bool:
        """A run's two backwards of one pass meeting at a tensor both losses are made from."""
        return meeting.loop is None and not meeting.same_tensor

    def case_fixes(self, case: CaseFixes) -> list[CaseFix]:
        """Add the losses; not when the first loss is the shared tensor itself (the second
        loss holds it: lint's words say what to do)."""
        first = case.result.backwards[case.entry.backwards[0] - 1] if case.entry.backwards else None
        if first is not None and first.root == case.node.id:
            return []
        if case.made_again is not None:
            return []  # a snapshot the loop computes afresh: detached (lint's words, snapshot.py)
        if first is not None:
            lines = source_lines(case.result.source)
            if probed_input(lines, first.line or 0) is not None:
                return []  # the first backward probes a gradient: not added (lint's words)
            second = case.result.backwards[case.entry.backwards[1] - 1]
            if run_stepped_apart(case.result.source, first.line, second.line) is not None:
                return []  # each loss steps another module: not added (lint's words say so)
            if run_backward_apart(case.result.source, first.line, second.line):
                return []  # the first loss is backpropagated in a branch only: not added
        return [case.add_losses()]

    def audit_words(self, first: int, second: int) -> tuple[str, str]:
        """The audit's reason and fix for a tensor shared by the losses of backwards `first`
        and `second` (numbered from 1)."""
        reason = f"shared by the losses of backward #{first} and #{second}"
        return reason, f"{ADD_THE_LOSSES.name} and run one backward on their sum"

    def audit_words_each_pass(self, first: int, second: int) -> tuple[str, str]:
        """`audit_words` for two backwards one statement runs, each pass of a loop on its own
        loss (`backward_pairs`)."""
        reason = (
            f"shared by the losses of the loop's passes (backward #{first} and #{second}, one "
            "statement)"
        )
        return reason, f"{ADD_THE_LOSSES.name} of the loop's passes and run one backward after it"

    def fix_of(self, message: str) -> Fix | None:
        """Which of the rule's fixes a help of its diagnostic (said by this file's `*_help`)
        is: explain names the same fixes by name."""
        if message.startswith(("add the losses", "add the two losses", "add up the")):
            return ADD_THE_LOSSES
        if message.startswith("if the first loss must not train"):
            return DETACH_IN_FIRST_LOSS
        if message.startswith("let `") and "detached (`" in message:
            return DETACH_IN_FIRST_LOSS  # a GAN's: the first pass detached, the second re-run
        return None


# -- the words, which the dynamic audit (`pbpit.diagnose.findings`) says of the same finding


def shared_message(name: str, count: int = 2) -> str:
    """The finding's message, counting the losses that share `name` (two, or the losses of
    statements written again for each: three heads')."""
    many = _NUMBERS.get(count, str(count))
    return f"`{name}` is shared by {many} losses, each backpropagated: the 2nd backward panics"


_NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def per_pass_message(name: str) -> str:
    """The finding's message for one backward statement that each pass of a loop runs on its
    own loss, every pass's loss made from `name`: the losses are the passes', not two."""
    return (
        f"`{name}` is shared by the losses of the loop's passes, one backward each pass: the "
        "2nd pass's backward panics"
    )


def made_here(name: str, why: str) -> str:
    """The label on where `name` is made; `why` says how it is tracked."""
    return f"`{name}` is made here, {why}"


def consumes_step(name: str, through: str | None = None) -> str:
    """On the first backward; `through` names the function whose call runs it."""
    return this_backward(f"consumes `{name}`'s step", through)


def both_in_one_call(name: str, through: str | None) -> str:
    """On a call whose function runs both backwards, one after the other."""
    where = f" (in `{through}`)" if through is not None else ""
    return (
        f"this call runs two backwards{where}: the first consumes `{name}`'s step, the second "
        "needs it again and panics"
    )


def each_pass_runs(name: str, through: str | None) -> str:
    """On a backward that each pass of a loop runs on a loss of another part of `name`."""
    return this_backward(
        f"runs in every pass of the loop, each on another part of `{name}`: the first consumes "
        f"`{name}`'s step, the next pass needs it again and panics",
        through,
    )


def needs_step_again(name: str, through: str | None = None) -> str:
    """On the second backward; `through` names the function whose call runs it."""
    return this_backward(f"needs `{name}`'s step again and panics", through)


def contains_the_first_help(first: str, second: str) -> Help:
    """For a second loss that holds the first (`total = loss + penalty`): one backward."""
    return Help(
        f"`{second}` holds `{first}`, which the first backward consumed: backpropagate "
        f"`{second}` alone if the first backward's gradients are not needed (adding `{first}` "
        "again would count it twice); Burn's gradients carry no graph, so a penalty made "
        "from them is a constant to the second backward and trains nothing"
    )


def detach_in_first_loss_help(name: str, edits: list[Edit]) -> Help:
    """Detach in the first loss, with its edit (said in words without it)."""
    message = (
        f"if the first loss must not train what made `{name}` (as in a GAN's discriminator "
        f"step), detach `{name}` in it"
    )
    # What it costs: the first loss's gradient no longer reaches what made the tensor.
    cost = f"what made `{name}` then learns from the later loss alone"
    if not edits:
        if not is_name(name):
            return Help(f"{message}: `.detach()` each of its tensors there ({cost})")
        return Help(f"{message}: `{name}.clone().detach()` ({cost})")
    # A GAN's discriminator step wants it; a loss meant to train both does not.
    return Help(f"{message} ({cost})", edits, applicability="MaybeIncorrect")


# -- the fixes


def detach_in_first_loss(definition: Definition, earlier: Backward, fixes: Fixes) -> Help | None:
    """Detach in the first loss: `.detach()` after the `.clone()` the first loss reads it by;
    None when the first loss is tracked only through it (detached, its backward would have
    nothing to backpropagate: Burn panics)."""
    name = definition.name
    call = fixes.call_at(earlier.span)
    if not fixes.tracked_without(definition, earlier.loss, call, set()):
        return None
    within = (definition.span[1], earlier.span[0])
    read = earlier.loss.first_read(definition, within)
    node = read.node if read is not None else None
    if len(bound_reads(definition, earlier, within, fixes)) > 1:
        # `log_var.clone().exp() - log_var`, `(mu, log_var)` both read: one `.detach()` leaves
        # the first loss tracked through the others.
        return detach_in_first_loss_help(name, [])
    if not is_name(name) and read is not None and read.value.origin is definition:
        name = read.name  # a part of a pattern (`[a, b]`): the one the first loss reads
    field_ = node.parent if node is not None else None
    clone = field_.parent if field_ is not None else None
    if (
        field_ is not None
        and field_.type == "field_expression"
        and clone is not None
        and clone.type == "call_expression"
        and fixes.text(field_).endswith(".clone")
    ):
        return detach_in_first_loss_help(
            name, [fixes.edit(clone.end_byte, clone.end_byte, ".detach()")]
        )
    return detach_in_first_loss_help(name, [])


def bound_reads(
    definition: Definition, earlier: Backward, within: tuple[int, int], fixes: Fixes
) -> list[tuple[int, int]]:
    """Where the first loss reads, within file bytes `within`, the names the `let` of
    `definition` binds (`mu` and `log_var` of `let ((mu, log_var), rec) = ..`)."""
    names = {definition.name}
    statement = definition.statement
    pattern = statement.child_by_field_name("pattern") if statement is not None else None
    if pattern is not None:
        names |= {fixes.text(n) for n in identifiers(pattern)}
    return sorted(
        {
            r.span
            for r in earlier.loss.reads
            if r.name in names
            and within[0] <= r.span[0] < within[1]
            and definition.sources & r.value.sources
        }
    )


def _probed(earlier: Backward, fixes: Fixes) -> str | None:
    """`shared_recompute.probed_input` of the first backward's line."""
    text = fixes.text(fixes.source.root)
    line = text.count("\n", 0, earlier.span[0]) + 1
    lines = text.splitlines()
    found = probed_input(lines, line)
    if found is None and earlier.through:
        found = probed_in(lines, earlier.through.rsplit("::", 1)[-1])
    return found
