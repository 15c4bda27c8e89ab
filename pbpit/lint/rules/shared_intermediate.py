"""`shared-intermediate`: two losses that share a tracked intermediate are backpropagated one
after the other."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Diagnostic, Edit, Help
from pbpit.lint.fixes import Fixes, identifiers, is_name
from pbpit.lint.rule import Fix, Meeting, Rule, this_backward, through_note
from pbpit.lint.values import Backward, Definition

if TYPE_CHECKING:
    from pbpit.diagnose.explain import CaseFixes
    from pbpit.diagnose.explain import Fix as CaseFix
    from pbpit.diagnose.from_trace import TraceFinding

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
        definition, earlier, later = meeting.definition, meeting.earlier, meeting.later
        name = definition.name
        labels = [fixes.label(definition.span, made_here(name, definition.why), True)]
        if earlier.span == later.span:  # one call of a helper runs both backwards
            labels.append(fixes.label(later.span, both_in_one_call(name, later.through)))
        else:
            labels.append(fixes.label(earlier.span, consumes_step(name, earlier.through)))
            labels.append(fixes.label(later.span, needs_step_again(name, later.through)))
        helps = [add_the_losses(earlier, later)]
        detached = detach_in_first_loss(definition, earlier, fixes)
        if detached is not None:
            helps.append(detached)
        message = shared_message(name)
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
        added = trace.edits(ADD_THE_LOSSES)
        # The losses are named where the corrected lines can be written with their names.
        named = (trace.loss_name(first), trace.loss_name(second)) if added else (None, None)
        helps = [add_the_losses_help(*named, added), detach_in_first_loss_help(name, [])]
        return trace.diagnostic(self.name, shared_message(name), name, labels, helps)

    def case_fixes(self, case: CaseFixes) -> list[CaseFix]:
        return [case.add_losses()]

    def audit_words(self, first: int, second: int) -> tuple[str, str]:
        """The audit's reason and fix for a tensor shared by the losses of backwards `first`
        and `second` (numbered from 1)."""
        reason = f"shared by the losses of backward #{first} and #{second}"
        return reason, f"{ADD_THE_LOSSES.name} and run one backward on their sum"

    def fix_of(self, message: str) -> Fix | None:
        """Which of the rule's fixes a help of its diagnostic (said by this file's `*_help`)
        is: explain names the same fixes by name."""
        if message.startswith(("add the losses", "add the two losses")):
            return ADD_THE_LOSSES
        if message.startswith("if the first loss must not train"):
            return DETACH_IN_FIRST_LOSS
        return None


# -- the words, which the dynamic audit (`pbpit.diagnose.findings`) says of the same finding


def shared_message(name: str) -> str:
    return f"`{name}` is shared by two losses, each backpropagated: the 2nd backward panics"


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


def needs_step_again(name: str, through: str | None = None) -> str:
    """On the second backward; `through` names the function whose call runs it."""
    return this_backward(f"needs `{name}`'s step again and panics", through)


def add_the_losses_help(first: str | None, second: str | None, edits: list[Edit]) -> Help:
    """Add the losses, said with the losses' names when both have one (and differ)."""
    if first and second and first != second:
        message = f"add the losses and run one backward: `({first} + {second}).backward()`"
        return Help(message, edits)
    return Help("add the two losses and run one backward on their sum")


def detach_in_first_loss_help(name: str, edits: list[Edit]) -> Help:
    """Detach in the first loss, with its edit (said in words without it)."""
    message = (
        f"if the first loss must not train what made `{name}` (as in a GAN's discriminator "
        f"step), detach `{name}` in it"
    )
    if not edits:
        if not is_name(name):
            return Help(f"{message}: `.detach()` each of its tensors there")
        return Help(f"{message}: `{name}.clone().detach()`")
    # A GAN's discriminator step wants it; a loss meant to train both does not.
    return Help(message, edits, applicability="MaybeIncorrect")


# -- the fixes


def add_the_losses(earlier: Backward, later: Backward) -> Help:
    """Add the losses: one backward on their sum, said with their names when they have some."""
    return add_the_losses_help(earlier.receiver, later.receiver, [])


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
