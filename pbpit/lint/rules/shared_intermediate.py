"""`shared-intermediate`: two losses that share a tracked intermediate are backpropagated one
after the other."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Diagnostic, Edit, Help
from pbpit.lint.fixes import Fixes, identifiers, is_name
from pbpit.lint.rule import Fix, Meeting, Rule, this_backward, through_note
from pbpit.lint.rules.carried_logs import kept_whole
from pbpit.lint.rules.double_backward import keep_the_gradients_help
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
from pbpit.lint.rules.shared_passes import add_over_passes
from pbpit.lint.rules.shared_recompute import (
    probe_help,
    probe_rescore,
    probed_in,
    probed_input,
    recompute_after_step,
)
from pbpit.lint.rules.snapshot import is_snapshot_help
from pbpit.lint.rules.stepped_modules import run_stepped_modules
from pbpit.lint.values import Backward, Definition
from pbpit.rust.syntax import Node
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
        if kept_whole(meeting, fixes):
            return None  # the consumed loss itself, kept whole: `double-backward`'s
        definition, earlier, later = meeting.definition, meeting.earlier, meeting.later
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
            helps = [add_the_losses(earlier, later, fixes, meeting.in_macro)]
            if earlier.span == later.span and earlier.context != later.context:
                # One backward a pass, each on another loss: each loss made from its own forward;
                # where none can be, the passes' losses added and backpropagated after the loop.
                each = each_loss_fixes(meeting, fixes)
                over = None if each else add_over_passes(meeting, fixes)
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
            if again is not None:
                helps.insert(0, again)
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
        helps = [add_the_losses_help(*named, added)]
        stepped = run_stepped_modules(trace.result.source, [n for n in lines if n is not None])
        one_model = len(stepped) == 2 and stepped[0] is not None and stepped[0] == stepped[1]
        if (lines[0] is None or lines[0] != lines[1]) and not one_model:
            # Not one backward run by each pass, nor two stepping one module (each loss then
            # trains the one model).
            helps.append(detach_in_first_loss_help(name, []))
        helps += trace_each_loss_helps(trace)  # one backward a pass: each loss its own forward
        return trace.diagnostic(self.name, shared_message(name), name, labels, helps)

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

    def fix_of(self, message: str) -> Fix | None:
        """Which of the rule's fixes a help of its diagnostic (said by this file's `*_help`)
        is: explain names the same fixes by name."""
        if message.startswith(("add the losses", "add the two losses")):
            return ADD_THE_LOSSES
        if message.startswith("if the first loss must not train"):
            return DETACH_IN_FIRST_LOSS
        if message.startswith("let `") and "detached (`" in message:
            return DETACH_IN_FIRST_LOSS  # a GAN's: the first pass detached, the second re-run
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


def add_the_losses_help(first: str | None, second: str | None, edits: list[Edit]) -> Help:
    """Add the losses, said with the losses' names when both have one (and differ)."""
    if first and second and first != second:
        message = f"add the losses and run one backward: `({first} + {second}).backward()`"
        return Help(message, edits)
    return Help("add the two losses and run one backward on their sum")


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
    if not edits:
        if not is_name(name):
            return Help(f"{message}: `.detach()` each of its tensors there")
        return Help(f"{message}: `{name}.clone().detach()`")
    # A GAN's discriminator step wants it; a loss meant to train both does not.
    return Help(message, edits, applicability="MaybeIncorrect")


# -- the fixes


def add_the_losses(earlier: Backward, later: Backward, fixes: Fixes, in_macro: bool) -> Help:
    """Add the losses: one backward on their sum, said with their names when they have some,
    written as code (`sum_backwards`) where the two backwards are statements of one block."""
    a, b = earlier.receiver, later.receiver
    edits = []
    if not in_macro and earlier.through is None and later.through is None and a and b and a != b:
        edits = sum_backwards(a, b, earlier.span, later.span, fixes)
    return add_the_losses_help(a, b, edits)


def sum_backwards(
    a: str, b: str, first: tuple[int, int], second: tuple[int, int], fixes: Fixes
) -> list[Edit]:
    """`(a + b).backward()` where one of the backwards was, the other statement gone: at the
    first backward when `b` is made before it (the second's gradients, if its binding is read
    later, are the first's binding moved into it), else at the second (the first's binding
    read by nothing). Each backward must be the statement `[let g =] loss.backward();` of one
    block; none when a loss is named between them otherwise than where `b` is made (a use of
    it, once moved into the sum, would not compile) or a binding read later would be lost."""
    stepped = one_step(a, b, first, second, fixes) or both_then_steps(a, b, first, second, fixes)
    if stepped is not None:
        return stepped
    one, two = backward_statement(a, first, fixes), backward_statement(b, second, fixes)
    if one is None or two is None or fixes.parent(one[0]) is not fixes.parent(two[0]):
        return []
    (first_statement, first_call), (second_statement, second_call) = one, two
    block = fixes.parent(first_statement)
    assert block is not None
    siblings = list(block.named_children)
    start, end = siblings.index(first_statement), siblings.index(second_statement)
    if start >= end:
        return []
    between = siblings[start + 1 : end]
    after = siblings[end + 1 :]
    first_bound = bound_name(first_statement, fixes)
    second_bound = bound_name(second_statement, fixes)
    made = [s for s in between if s.type == "let_declaration" and binds(s, b, fixes)]
    summed = f"({a} + {b}).backward()"
    if any(binds(s, a, fixes) for s in between if s.type == "let_declaration"):
        return []  # `a` made anew: the sum would read another tensor
    if not made:
        # Both losses exist at the first backward: the sum goes there.
        if any(names(s, b, fixes) for s in between):
            return []
        # Whose gradients the program reads: `let grads = ..` twice, the later reads are the
        # second's. Both read (an optimizer stepped with each, two logs), the one sum would be
        # used twice: how to merge those uses is the user's call (said in words).
        shadowed = second_bound is not None and second_bound == first_bound
        reads_first = first_bound is not None and (
            any(names(s, first_bound, fixes) for s in between)
            or (not shadowed and any(names(s, first_bound, fixes) for s in after))
        )
        reads_second = second_bound is not None and any(
            names(s, second_bound, fixes) for s in after
        )
        if reads_first and reads_second:
            return []
        edits = [fixes.edit(first_call.start_byte, first_call.end_byte, summed)]
        if not reads_second or shadowed:
            return edits + [delete_lines(second_statement, fixes)]
        # The second's gradients are read later, the first's by nothing: the first backward
        # gives them the second's name, else its binding is moved into the second's.
        assert second_bound is not None
        first_pattern = first_statement.child_by_field_name("pattern")
        second_pattern = second_statement.child_by_field_name("pattern")
        if (
            first_pattern is not None
            and second_pattern is not None
            and not any(names(s, second_bound, fixes) for s in between)
        ):
            renamed = fixes.edit(
                first_pattern.start_byte, first_pattern.end_byte, fixes.text(second_pattern)
            )
            return [renamed, *edits, delete_lines(second_statement, fixes)]
        if first_bound is None:
            return []
        edits.append(fixes.edit(second_call.start_byte, second_call.end_byte, first_bound))
        return edits
    # `b` is made after the first backward: the sum goes where the second was, the first goes.
    if first_bound is not None and any(names(s, first_bound, fixes) for s in [*between, *after]):
        return []
    return [
        delete_lines(first_statement, fixes),
        fixes.edit(second_call.start_byte, second_call.end_byte, summed),
    ]


def one_step(
    a: str, b: str, first: tuple[int, int], second: tuple[int, int], fixes: Fixes
) -> list[Edit] | None:
    """Two backwards, each followed by the same optimizer step (`let grads =
    GradientsParams::from_grads(a.backward(), &model); model = optim.step(lr, model, grads);`
    twice): one backward of the sum where the first was, and one step; the second backward's
    statement and its step go. None for any other shape."""
    one, two = statement_of(a, first, fixes), statement_of(b, second, fixes)
    if one is None or two is None:
        return None
    (first_statement, first_call), (second_statement, _) = one, two
    block = fixes.parent(first_statement)
    if block is None or fixes.parent(second_statement) is not block:
        return None
    siblings = [c for c in block.named_children if not c.type.endswith("comment")]
    start = next((i for i, s in enumerate(siblings) if s.id == first_statement.id), None)
    end = next((i for i, s in enumerate(siblings) if s.id == second_statement.id), None)
    if start is None or end is None or end != start + 2 or end + 1 >= len(siblings):
        return None
    step, again = siblings[start + 1], siblings[end + 1]
    bound = bound_name(first_statement, fixes)
    if (
        bound is None
        or bound != bound_name(second_statement, fixes)
        or fixes.text(step) != fixes.text(again)
        or step.type != "expression_statement"
        or ".step(" not in fixes.text(step)
        or not names(step, bound, fixes)
        or names(step, b, fixes)
        or not fixes.whole_lines(again)
        or any(names(s, bound, fixes) for s in siblings[end + 2 :])
    ):
        return None
    return [
        fixes.edit(first_call.start_byte, first_call.end_byte, f"({a} + {b}).backward()"),
        delete_lines(second_statement, fixes),
        delete_lines(again, fixes),
    ]


def both_then_steps(
    a: str, b: str, first: tuple[int, int], second: tuple[int, int], fixes: Fixes
) -> list[Edit] | None:
    """Both backwards taken first, then a step with each (multi-task: `let grads_a =
    GradientsParams::from_grads(a.backward(), &model);`, the same for `b`, then `model =
    optim.step(lr, model, grads_a);` and the same step with `grads_b`): one backward of the
    sum where the first was, its gradients stepped once; the second backward and its step go.
    None for any other shape."""
    one, two = statement_of(a, first, fixes), statement_of(b, second, fixes)
    if one is None or two is None:
        return None
    (first_statement, first_call), (second_statement, _) = one, two
    block = fixes.parent(first_statement)
    if block is None or fixes.parent(second_statement) is not block:
        return None
    siblings = [c for c in block.named_children if not c.type.endswith("comment")]
    start = next((i for i, s in enumerate(siblings) if s.id == first_statement.id), None)
    if start is None or start + 3 >= len(siblings) or siblings[start + 1].id != second_statement.id:
        return None
    step_a, step_b = siblings[start + 2], siblings[start + 3]
    bound_a, bound_b = bound_name(first_statement, fixes), bound_name(second_statement, fixes)
    if bound_a is None or bound_b is None or bound_a == bound_b:
        return None
    pattern = r"\b{}\b"
    text_b = re.sub(pattern.format(re.escape(bound_b)), bound_a, fixes.text(step_b))
    if (
        fixes.text(step_a) != text_b
        or step_a.type != "expression_statement"
        or ".step(" not in fixes.text(step_a)
        or not names(step_a, bound_a, fixes)
        or names(step_a, bound_b, fixes)
        or names(step_a, b, fixes)
        or not fixes.whole_lines(step_b)
        or any(names(s, bound_a, fixes) or names(s, bound_b, fixes) for s in siblings[start + 4 :])
    ):
        return None
    return [
        fixes.edit(first_call.start_byte, first_call.end_byte, f"({a} + {b}).backward()"),
        delete_lines(second_statement, fixes),
        delete_lines(step_b, fixes),
    ]


def statement_of(loss: str, span: tuple[int, int], fixes: Fixes) -> tuple[Node, Node] | None:
    """The statement of a block (whole lines) holding the backward `loss.backward()` at `span`,
    perhaps within its value (`let g = GradientsParams::from_grads(loss.backward(), &m);`),
    and the call."""
    call = fixes.call_at(span)
    if call is None or fixes.text(call) != f"{loss}.backward()":
        return None
    statement = fixes.parent(call)
    while statement is not None and fixes.parent(statement) is not None:
        if fixes.parent(statement).type == "block":
            break
        statement = fixes.parent(statement)
    if statement is None or statement.type not in ("let_declaration", "expression_statement"):
        return None
    return (statement, call) if fixes.whole_lines(statement) else None


def backward_statement(loss: str, span: tuple[int, int], fixes: Fixes) -> tuple[Node, Node] | None:
    """The statement `[let g =] loss.backward();` whose backward is at `span`, and its call;
    None when the backward is part of another statement, or the statement shares its lines."""
    call = fixes.call_at(span)
    if call is None or fixes.text(call) != f"{loss}.backward()":
        return None
    statement = fixes.parent(call)
    if statement is None:
        return None
    if statement.type == "let_declaration":
        if statement.child_by_field_name("value") != call:
            return None
    elif statement.type != "expression_statement":
        return None
    parent = fixes.parent(statement)
    if parent is None or parent.type != "block" or not fixes.whole_lines(statement):
        return None
    return statement, call


def bound_name(statement: Node, fixes: Fixes) -> str | None:
    """The name a `let` binds its value to (None for none: an expression statement, `let _`,
    a pattern)."""
    pattern = statement.child_by_field_name("pattern")
    if statement.type != "let_declaration" or pattern is None:
        return None
    text = fixes.text(pattern).removeprefix("mut ").strip()
    return text if is_name(text) and text != "_" else None


def binds(statement: Node, name: str, fixes: Fixes) -> bool:
    pattern = statement.child_by_field_name("pattern")
    return pattern is not None and any(fixes.text(n) == name for n in identifiers(pattern))


def names(statement: Node, name: str, fixes: Fixes) -> bool:
    return any(fixes.text(n) == name for n in identifiers(statement))


def delete_lines(statement: Node, fixes: Fixes) -> Edit:
    """The lines of `statement` removed (it has them to itself)."""
    start = fixes.line_start(statement.start_point[0])
    return fixes.edit(start, fixes.line_start(statement.end_point[0] + 1), "")


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
