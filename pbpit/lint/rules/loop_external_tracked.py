"""`loop-external-tracked`: a tracked tensor made before a loop, or carried from one pass into
the next, is used by the loop's backward."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Diagnostic, Help
from pbpit.engine.graph import Requirement
from pbpit.lint.fixes import Fixes, is_name
from pbpit.lint.rule import Fix, Meeting, Rule, through_note
from pbpit.lint.rules.accumulator_reset import (
    PENALTY,
    PENALTY_RESET,
    SUM_ONCE,
    accumulated_cost,
    backward_once,
)
from pbpit.lint.rules.blended_state import blends_itself
from pbpit.lint.rules.called_loop import recompute_in_called_loop
from pbpit.lint.rules.carried_collections import detach_in_map
from pbpit.lint.rules.carried_logs import (
    bound,
    emptied_after_backward,
    emptied_fix,
    empty_after_backward_help,
    read_by_a_function,
)
from pbpit.lint.rules.carried_state import (
    accumulator_reset,
    continues,
    detach_at_push,
    detach_each_pass,
    detach_each_pass_help,
    emptied_at_pass_end,
    empty_each_pass,
    empty_each_pass_help,
    filled,
    indexed,
    keep_detached,
    pushed,
)
from pbpit.lint.rules.carry_line import pushed_carrier
from pbpit.lint.rules.clear_beside import (
    clear_after_backward,
    clear_beside,
    empty_holder_each_pass,
    pushed_where_made,
    walked_field,
)
from pbpit.lint.rules.closures import called_closure_use, field_carrier
from pbpit.lint.rules.detach_once import (
    detach_at,
    detach_once_edits,
    said_lost,
)
from pbpit.lint.rules.field_recompute import with_constructor_detach
from pbpit.lint.rules.field_reset import accumulator_field_reset, reset_first
from pbpit.lint.rules.inline_accumulator import detach_contents
from pbpit.lint.rules.kept_after_step import kept_after_step
from pbpit.lint.rules.kept_again import kept_again
from pbpit.lint.rules.kept_snapshot import kept_snapshot
from pbpit.lint.rules.literal_fields import carried_field
from pbpit.lint.rules.loop_external_words import (
    MIGHT_CUT as MIGHT_CUT,  # what `pbpit.diagnose.fix_check` reads of a note
)
from pbpit.lint.rules.loop_external_words import (
    RESET_FIELD,
    RESET_FIELD_TITLE,
    USED_INSIDE,
    carried_made,
    carried_message,
    consumes_step,
    detach_once_cuts_help,
    detach_once_help,
    detach_where_put_help,
    field_reset_help,
    made_before_message,
    made_outside,
    might_cut_note,
    passes_of_a_call,
    previous_pass_used,
    recompute_in_loop_help,
    snapshot_title,
    untrained_title,
)
from pbpit.lint.rules.loop_trains import (
    cached_untrained,
    cut_stepped,
    detaching_leaves_a_loss,
    leaf_trained,
    trains_through,
    unwrapped_gradient,
)
from pbpit.lint.rules.loop_trains import trains as trains  # read by `diagnose.case_fixes`
from pbpit.lint.rules.made_beside import beside_helps, made_beside
from pbpit.lint.rules.map_entries import detach_earlier_reads
from pbpit.lint.rules.memo_map import memo_each_pass, memo_fixes, memo_help, memo_of
from pbpit.lint.rules.method_fields import put_by_called_method
from pbpit.lint.rules.option_accumulator import option_accumulator_reset
from pbpit.lint.rules.option_memo import local_slots
from pbpit.lint.rules.recompute_loop import recompute_in_loop
from pbpit.lint.rules.snapshot import not_recomputed_note, snapshot, snapshot_helps
from pbpit.lint.rules.stepped_modules import elsewhere_title
from pbpit.lint.rules.stored_inputs import store_inputs, trace_store_inputs, tuple_buffer
from pbpit.lint.rules.summed_log import summed_log
from pbpit.lint.rules.taken_state import taken_from
from pbpit.lint.rules.target_copy import (
    blend_detached,
    copy_targets_detached,
    with_entry_detached,
)
from pbpit.lint.rules.vec_state import kept_tracked_this_pass
from pbpit.lint.rules.walked_again import walked_first
from pbpit.lint.values import Definition

if TYPE_CHECKING:
    from pbpit.diagnose.explain import CaseFixes
    from pbpit.diagnose.explain import Fix as CaseFix
    from pbpit.diagnose.from_trace import TraceFinding
    from pbpit.diagnose.run_meeting import RunMeeting

DETACH_ONCE = Fix(
    "detach once",
    "if the tensor needs no gradient, `.detach()` it where it is made: a detached tensor "
    "is data, reusable by every pass (not when it is the loss, or the loss's only tracked "
    "input: the backward would have nothing to backpropagate)",
)
RECOMPUTE_IN_LOOP = Fix(
    "recompute in the loop",
    "if gradients must flow through it, compute it inside the loop, every pass: each "
    "backward walks a graph of its own",
)
DETACH_EACH_PASS = Fix(
    "detach each pass",
    "for state carried from pass to pass, detach it at the end of each pass "
    "(`.detach().require_grad()` if it entered the loop as a leaf): gradients stop at "
    "the pass boundary",
)


class LoopExternalTracked(Rule):
    name = "loop-external-tracked"
    summary = (
        "a tracked tensor made before a loop (or carried from one pass to the next) is used by "
        "the loop's backward: the 2nd pass panics"
    )
    panic = "graph tape has already been consumed"
    why = """\
Burn records a step for every op on a tracked tensor, under the result's NodeId. `backward()`
first walks from the loss over the recorded parents (`collect_steps`), then consumes every step
it reached (`build_tape`): steps are taken by value and their saved tensors released, which is
why Burn has no `retain_graph`.

`feats` is made once, before the loop, from `x` which requires grad: a tracked intermediate. The
first pass's backward consumes its step. The second pass builds a new loss on it; its backward
walks back to `feats`, finds no step for a node that is not a leaf, and panics: `Cannot run
backward: graph tape has already been consumed at NodeId(2)`. `feats.is_tracked()` is still
true: it says the tensor takes part in a graph, not that its step is still there.

The same happens to a tracked tensor carried from one pass into the next through a variable (an
RNN's hidden state that is never detached): the next pass's backward walks into the graph the
previous pass consumed. A leaf that requires grad (a parameter) has no step to lose and may be
used by every pass; data and detached tensors take no part in the graph."""
    bad = """\
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    // Features computed once, before the loop, to save time.
    let feats = x.clone().exp();
    for step in 0..3 {
        let loss = (feats.clone() * w.clone()).sum();
        println!("step {step}: loss = {}", loss.clone().into_scalar());
        let _grads = loss.backward();
    }
}
"""
    fixed = """\
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    for step in 0..3 {
        // Computed in every pass: each backward walks a graph of its own.
        let feats = x.clone().exp();
        let loss = (feats * w.clone()).sum();
        println!("step {step}: loss = {}", loss.clone().into_scalar());
        let _grads = loss.backward();
    }
}
"""
    fixes = (DETACH_ONCE, RECOMPUTE_IN_LOOP, DETACH_EACH_PASS)

    def meeting(self, meeting: Meeting, fixes: Fixes) -> Diagnostic | None:
        if meeting.loop is None:
            cut = meeting.cut
            if cut is not None and (cached_untrained(cut, fixes) or cut_stepped(cut, fixes)):
                # A part of it a pass, of what the loop does not train (a frozen backbone's
                # features, a teacher's targets, cut per batch), or cut by the loop from what
                # each pass steps: a tensor made before the loop.
                return self.meeting(cut, fixes)
            return in_a_called_loop(self.name, meeting, fixes) if meeting.later.next_pass else None
        if kept_again(meeting, fixes) is not None:
            return None  # a loss kept and backpropagated again: double-backward's (kept_again)
        definition, loss = meeting.definition, meeting.loss
        name = definition.name
        within = meeting.loop_span
        # Where the panicking pass uses it (the same place in every pass, unless it is carried).
        use = loss.first_read(definition, within, meeting.in_pass) or loss.first_read(
            definition, within
        )
        labels = []
        if meeting.carried:
            # Named after the variable that carries it into the next pass: one in scope as the
            # loop starts, read by the panicking pass.
            entry = meeting.entry or {}
            carrier = loss.first_read(definition, within, meeting.in_pass, set(entry))
            use = carrier or use
            name = use.name if use is not None else name
            if carrier is not None and carrier.name not in entry:
                # A walk's element (`l` of `for l in log.losses.iter()`): the field walked.
                name = walked_field(use, definition, meeting, fixes) or name
            kept = None
            if carrier is None:
                # Read through no name in scope as the loop starts (`for old in bank.stored()`):
                # a method the loop hands the tensor to keeps it in a field (`bank.remember(z)`).
                kept = put_by_called_method(definition.name, meeting, fixes)
                # Or pushed into a field by the method that makes it (`agent.act(..)`).
                kept = kept or pushed_where_made(definition, meeting, fixes)
                # Walked by the pass's `for` over the field it pushes into: the field.
                walked = None if kept else walked_field(use, definition, meeting, fixes)
                walked = walked or (None if kept else taken_from(definition, meeting, fixes))
                name = kept[0] if kept is not None else walked or name
            body = meeting.loop.child_by_field_name("body")
            if name not in entry and kept is None and body is not None:
                # A collection the pass fills and hands on (`pairs = next_pairs;`), read by an
                # inner `for`'s pattern: that collection, not the name the read is by.
                handed = pushed_carrier(definition.name, set(entry), body, fixes)
                name, use = (handed, None) if handed else (name, use)
            message = carried_message(name)
            labels.append(
                fixes.label(definition.span, carried_made(definition.name, definition.why), True)
            )
            if use is not None and use.value.origin is definition:
                labels.append(fixes.label(use.span, previous_pass_used(name)))
            elif use is not None:
                labels.append(
                    fixes.label(use.span, f"`{name}` brings it here from the previous pass")
                )
            held = entry.get(name)
            leaf = held is not None and held.requirement == Requirement.GRAD
            # Made a leaf again at the carry only where the program trains it (a target copy
            # blended by hand, never stepped, is detached: `.detach()` alone).
            regrad = leaf and leaf_trained(name, meeting, fixes)
            reset = None if leaf else accumulator_reset(name, meeting, fixes)
            field = None
            if reset is None and not leaf:
                field = accumulator_field_reset(name, meeting, fixes, field_reset_help)
            buffered = kept[0] if kept is not None else None
            if buffered is None and carrier is not None and "." in name:
                # A field first set in the loop by a method it calls (`memory.push(value, ..)`
                # into `memory.values`), in scope as the loop starts: that method's buffer.
                put = put_by_called_method(definition.name, meeting, fixes)
                buffered = put[0] if put is not None else None
            tupled = tuple_buffer(meeting, fixes, buffered)
            # A log of losses the backpropagated total sums whole: emptied after the step.
            log = summed_log(name, meeting, fixes)
            if log is not None:
                helps = [log]
            elif tupled is not None:
                # Pushed in a tuple beside its input (stored_inputs.py): computed again from it.
                name, helps = tupled[0], [tupled[1]]
            elif kept is not None:
                helps = reset_first(name, meeting, regrad, fixes, kept[1])
            elif (pushed(definition, fixes) or filled(name, meeting, fixes)) and indexed(
                name, meeting, fixes
            ):
                # Read by index (a replay buffer sampled): emptied, those reads find nothing.
                edits = detach_at_push(definition.name, name, meeting, fixes)
                if edits and (
                    not detaching_leaves_a_loss(meeting, fixes)
                    or read_by_a_function(meeting, fixes)
                ):
                    # Q-values a replay buffer keeps: detached, the loss trains nothing.
                    detach = detach_where_put_help(definition.name, name, edits)
                    detach = replace(detach, applicability="MaybeIncorrect")
                    helps = [store_inputs(definition.name, name, meeting, fixes), detach]
                elif edits:
                    helps = [detach_where_put_help(definition.name, name, edits)]
                else:
                    helps = [detach_where_put_help("tracked tensor", name, [], indexed=True)]
                    # A map also read at an earlier pass's key: that read, detached.
                    keep = keep_detached(name, meeting, fixes)
                    keep = keep and detach_earlier_reads(keep, name, meeting, fixes)
                    helps += [keep] if keep is not None and keep.edits else []
            elif pushed(definition, fixes) or filled(name, meeting, fixes):
                helps = [empty_each_pass(name, meeting, fixes)]
                keep = keep_detached(name, meeting, fixes)
                keep = keep and detach_earlier_reads(keep, name, meeting, fixes)
                if keep is not None:
                    # A later pass reads an earlier pass's entry: emptied, it finds none.
                    helps.insert(0, keep)
            elif field is not None:
                # An accumulator field backpropagated by a method of its own: reset there, it
                # keeps every gradient; detached each pass (said in words, not written), each
                # backward would get its own pass's loss only.
                said = detach_each_pass_help(name, []).message + (
                    " (this changes the gradients: each backward then gets only the loss "
                    f"added in its own pass, not those `{name}` accumulated)"
                )
                helps = [field, Help(said, applicability="MaybeIncorrect")]
            elif reset is not None:
                # Gradient accumulation never reset: resetting it keeps every gradient;
                # detaching it each pass leaves each backward the last pass's loss only.
                detach = detach_contents(name, meeting, fixes) or detach_each_pass(
                    name, meeting, regrad, fixes
                )
                said = detach.message + accumulated_cost(name, reset)
                helps = [reset, replace(detach, message=said, applicability="MaybeIncorrect")]
            elif option := None if leaf else option_accumulator_reset(name, meeting, fixes):
                # Losses summed in an `Option` field by a method, never reset: reset after the
                # backward, it keeps every gradient; detached each pass, it would not.
                detach = detach_contents(name, meeting, fixes) or detach_each_pass(
                    name, meeting, regrad, fixes
                )
                said = detach.message + (
                    " (this changes the gradients: each backward then gets only the loss "
                    f"added in its own pass, not those `{name}` accumulated)"
                )
                helps = [option, replace(detach, message=said, applicability="MaybeIncorrect")]
            elif cached := memo_fixes(name, meeting, fixes) or local_slots(name, meeting, fixes):
                # A map memo read back by later passes (`features.entry(i).or_insert_with(..)`):
                # made each pass where the loop trains what makes it, else stored detached (a
                # local `Vec` of `Option` slots filled when empty: option_memo.local_slots).
                helps = cached
            elif put := detach_in_map(definition.name, name, meeting, fixes):
                # A map read at an earlier pass's key before this pass inserts: it has no
                # `.detach()`; what each write puts in it detached (map_writes.py).
                helps = [put]
            else:
                helps = reset_first(name, meeting, regrad, fixes)
                if leaf and not regrad:  # a target copy of a module's weights: untrained
                    helps = with_entry_detached(helps, name, meeting, fixes)
                elif not leaf and not leaf_trained(name, meeting, fixes):
                    helps = blend_detached(helps, name, meeting, fixes)  # BYOL's momentum
                if not leaf:  # targets taken anew through a target network (`qnet.clone()`)
                    helps = copy_targets_detached(helps, name, meeting, fixes)
            # A `Vec` field emptied beside the others the program empties: first, in place of
            # emptying it at the end of the pass.
            beside = (
                clear_beside(name, meeting.loop, fixes)
                or clear_after_backward(name, meeting, fixes)
                or empty_holder_each_pass(name, meeting, fixes)
            )
            if beside is not None:
                emptied = empty_each_pass_help(name, []).message.split(" (")[0]
                helps = [beside, *(h for h in helps if not h.message.startswith(emptied))]
            # A sum of the passes' losses backpropagated every pass: backpropagated once, after
            # the loop; detached each pass, it would cut the sum (said in words).
            helps = backward_once(helps, fixes) if not meeting.in_macro else helps
            # A value pushed after the backward for the next pass's loss: what picks it, kept.
            helps = kept_after_step(helps, name, meeting, fixes)
            # A `Vec`'s element blended and read again in the pass: stored detached, read tracked.
            helps = kept_tracked_this_pass(helps, name, meeting, fixes)
            helps = memo_each_pass(helps, name, meeting, fixes)  # an empty memo made each pass
            helps = kept_snapshot(helps, name, meeting, fixes)  # a slot kept for later passes
            consumes = consumes_step(definition.name, name, meeting.earlier.through)
            name = carried_field(name, meeting, fixes)  # `state.c` of a literal put in `state`
            message = carried_message(name)
        else:
            # Used (or backpropagated) in some passes only, the backward that panics is not
            # known to be the loop's 2nd.
            spans = [meeting.earlier.span, meeting.later.span] + ([use.span] if use else [])
            some = _some_passes(spans, meeting, fixes) or _backward_nested(meeting, fixes)
            name = field_carrier(use, definition, fixes) or name  # `rollout.old_log_probs`
            message = made_before_message(name, not some)
            labels.append(fixes.label(definition.span, made_outside(name, definition.why), True))
            # Read by no code of the loop but a closure it calls (`drift(emb)`): the call.
            called = called_closure_use(definition.name, meeting.loop, fixes)
            if called is not None and (use is None or use.value.origin is not definition):
                labels.append(fixes.label(called, USED_INSIDE))
            elif use is not None:
                labels.append(fixes.label(use.span, USED_INSIDE))
            helps = [recompute_in_loop(definition, meeting, fixes)]
            if detaching_leaves_a_loss(meeting, fixes):
                cut = unwrapped_gradient(meeting, fixes)
                if cut is None:
                    # What the program trains through is recomputed by `--fix`; what gets no
                    # gradient in it (a target network never stepped, data) is detached.
                    # A snapshot of what the loop computes afresh (PPO's old log-probs: the
                    # same call, made again in every pass) is data, whatever the loop trains.
                    sure = snapshot(meeting, fixes) or not trains_through(meeting, fixes)
                    detach = said_lost(detach_once(definition, fixes, sure), meeting, fixes)
                    helps.insert(detach_at(sure, helps[0]), detach)
                    if sure and helps[0].edits:  # one fix is the fix: recomputing, the other
                        helps[1] = replace(helps[1], applicability="MaybeIncorrect")
                    if snapshot(meeting, fixes):  # recomputed, compared with itself (snapshot.py)
                        helps = snapshot_helps(definition.name, helps, meeting, fixes)
                    helps = walked_first(helps, sure)  # a `Vec` of a stepped module's outputs
                else:
                    # Whether the loss reaches the leaf only through the tensor is not known
                    # here (a closure, a helper may add the leaf itself): the edit is written
                    # and not the default; a run makes it and says what it did.
                    detach = detach_once(definition, fixes)
                    if detach.edits:
                        detach = replace(detach, note=might_cut_note(name, *cut))
                    else:
                        detach = detach_once_cuts_help(name, *cut)
                    # The program reads that gradient: recomputing keeps it, first where
                    # it is written as code.
                    helps.insert(1 if helps[0].edits else 0, detach)
            if _reassigned(definition.name, meeting, fixes):
                # The loop assigns it anew from itself (a slow copy blended after each step):
                # the state it carries, detached where it is carried, first.
                # Made anew in each pass, it would lose what the passes before put there.
                carry = detach_each_pass(name, meeting, False, fixes)
                kept = [h for h in helps if self.fix_of(h.message) is not RECOMPUTE_IN_LOOP]
                helps = [carry, *kept] if carry.edits else helps
            helps = with_constructor_detach(helps, definition, fixes)  # a field made once
            together = made_beside(meeting, fixes)
            if len(together) > 1:
                # `mean` and `std` measured once: one alone fixed still panics at the other.
                helps = beside_helps(together, helps, meeting, fixes)
            consumes = consumes_step(definition.name, through=meeting.earlier.through)
        labels.append(fixes.label(meeting.earlier.span, consumes))
        notes = [through_note(meeting.earlier, definition)]
        return fixes.diagnostic(self.name, message, name, labels, helps, definition.span[0], notes)

    def from_trace(self, trace: TraceFinding) -> Diagnostic:
        """The diagnostic of a hazard a run found and lint did not, in this rule's words: the
        tensor named by the binding that carries it, for state carried from pass to pass."""
        made, why = trace.name, trace.why
        consumed = trace.consumed
        if trace.carried:
            name = trace.carrier()
            # Read back from a map each pass fills once a key (`features.entry(id)
            # .or_insert_with(..)`): the map carries it (memo_map.py).
            memo = memo_of(trace.result.source, trace.entry.line, name) if name == made else None
            name = memo or name
            labels = [
                *trace.made(carried_made(made, why)),
                *trace.used_in_loop(previous_pass_used(name)),
                *trace.at_backward(consumed, consumes_step(made, name)),
            ]
            edits = trace.edits(DETACH_EACH_PASS)
            put = trace.carried_by()
            if put is not None and put.put and put.tensor.startswith(f"{name}["):
                # An element of a collection each pass pushes into, left in it for the next
                # (`queue.drain(..1)` of two pushed a pass): emptied at the end of the pass.
                helps = [empty_each_pass_help(name, emptied_at_pass_end(trace, name))]
            elif put is not None and put.put:
                # Put in a collection or a field (`buffer.push(..)`, `self.slots[key] =
                # Some(f)`): detached where it is put, as lint says of a push.
                helps = [detach_where_put_help(put.tensor, name, edits, put.detached)]
                from pbpit.diagnose.carriers import trains_only_through

                detach = replace(helps[0], applicability="MaybeIncorrect")
                later = trace.backwards[1]
                emptied = emptied_after_backward(trace, name)
                if emptied is not None:
                    # A log a method fills and another reads into the loss (`log.flush()`):
                    # detached, the loss read from it would train nothing; emptied after its
                    # backward, each backward gets the losses of its own passes.
                    helps = [empty_after_backward_help(name, emptied)]
                elif later is not None and trains_only_through(
                    trace.result, trace.node, later.root
                ):
                    # A replay buffer of Q-values: detached, the loss would train nothing.
                    helps = [trace_store_inputs(trace, put.tensor, name), detach]
            elif memo is not None:
                helps = [memo_help(memo, made)]
            else:
                statement = trace.assignment(name, f"{name}.detach()")
                if not bound(trace.result.source, name, trace.entry.loop_line):
                    statement = ""  # a method's name (`model.loss(..)`), not a binding
                helps = [detach_each_pass_help(name, edits, statement=statement)]
                reset = trace.field_reset()
                if reset is not None:
                    # An accumulator in a field, backpropagated by a method of its own: reset
                    # there, where the backward consumes it, it keeps every gradient;
                    # detaching it each pass would leave each backward its last loss only.
                    detach = helps[0]
                    said = detach.message + (
                        " (this changes the gradients: each backward then gets only the loss "
                        f"added in its own pass, not those `{name}` accumulated)"
                    )
                    helps = [
                        field_reset_help(name, reset.field, reset.method, reset.edits),
                        replace(detach, message=said, applicability="MaybeIncorrect"),
                    ]
            return trace.diagnostic(self.name, carried_message(name), name, labels, helps)
        labels = [
            *trace.made(made_outside(made, why)),
            *trace.used_in_loop(USED_INSIDE),
            *trace.at_backward(consumed, consumes_step(made)),
        ]
        helps = [
            detach_once_help(made, trace.edits(DETACH_ONCE)),
            recompute_in_loop_help(made, trace.edits(RECOMPUTE_IN_LOOP)),
        ]
        return trace.diagnostic(self.name, made_before_message(made), made, labels, helps)

    def run_meeting(self, meeting: RunMeeting) -> bool:
        """A run's two backwards in different passes of a loop, meeting at a tensor made before
        the loop or carried into the pass from the one before (lint's `meeting.loop`)."""
        return meeting.loop is not None

    def case_fixes(self, case: CaseFixes) -> list[CaseFix]:
        """Carried state is detached where it is carried; a tensor made before the loop is
        detached once, or recomputed in the loop."""
        if case.carried:
            detach = case.detach()
            reset = case.reset_field(RESET_FIELD, RESET_FIELD_TITLE)
            emptied = emptied_fix(case, DETACH_EACH_PASS.name)
            if emptied is not None:
                detach.applies = False
                return [emptied, detach]
            if reset is None:
                return [detach]
            # Detached each pass it changes the gradients: each backward gets its own loss.
            carrier = case.accumulator_field()
            name = carrier.carrier if carrier is not None else ""
            detach.applies = False
            detach.title = f"detach `{name}` at the end of each pass (this changes the gradients)"
            return [reset, detach]
        detach, recompute = case.detach(), case.recompute()
        name = case.node.label or f"NodeId({case.node.id})"
        if case.blended:
            # Blended from its own value by the loop: neither applies; lint's fix (the blend
            # detached where it is carried) is the one (blended_state.py).
            detach.applies = recompute.applies = False
            return [detach, recompute]
        if any(b.root == case.node.id for b in case.result.backwards):
            # The loss itself, backpropagated by every pass (a line search's tries, an inner
            # loop's steps): detached, its backward would have nothing to backpropagate; built
            # again in the loop, each backward walks a graph of its own.
            recompute.applies, detach.applies = True, False
            return [recompute, detach]
        again = case.made_again
        if again is not None:
            # Made again by the loop from the same data (the model's own forward, a prior, PPO's
            # old log-probs): recomputed, it would be the loop's current value, and what compares
            # the two would vanish; detached, it stays the value before the loop's updates.
            itself = (again.op, again.stack[:1]) == (case.node.op, case.node.stack[:1])
            detach.title = snapshot_title(name, again.line, itself)
            recompute.lines, recompute.note = [], not_recomputed_note(name, line=again.line)
            recompute.title = recompute_in_loop_help(name, []).message
        elif (copy := case.untrained_copy) is not None:
            # A copy of a trained module that no optimizer steps (a target network): recomputed
            # in the loop, the loss would backpropagate through the targets into the original.
            detach.title = (
                f"`{name}` is made by `{copy[0]}`, a copy of `{copy[1]}` that no optimizer steps "
                "(a target network): it needs no gradient, so detach it where it is made"
            )
        elif not case.trained:
            # Nothing the program trains or reads a gradient of is reached through it (a teacher
            # or target network no optimizer steps, data): a gradient through it is unused.
            leaves = ", ".join(f"`{leaf.label}`" for leaf in case.leaves[:4])
            detach.title = untrained_title(name, leaves)
        elif (elsewhere := case.steps_elsewhere) is not None:
            # The loop's backwards step other modules (a critic's loop over a generator's
            # output made before it): a gradient through the tensor is unused by the loop.
            leaves = ", ".join(f"`{leaf.label}`" for leaf in case.leaves[:4])
            detach.title = elsewhere_title(name, leaves, elsewhere)
        else:
            # The program trains what it is made from: recompute for what an optimizer
            # updates, first (issue 24 item 5); detached, it would stop training it.
            return [recompute, detach]
        detach.applies, recompute.applies = True, False
        return [detach, recompute]

    def fix_of(self, message: str) -> Fix | None:
        """Which of the rule's fixes a help of its diagnostic (said by this file's `*_help`)
        is: explain names the same fixes by name."""
        if message.startswith("if `") and "needs no gradient, detach it once" in message:
            return DETACH_ONCE
        if message.startswith("if `") and "need no gradient, detach them once" in message:
            return DETACH_ONCE  # `made_beside`: `mean` and `std` together
        if message.startswith("backpropagate `") and "once, after the loop" in message:
            return SUM_ONCE
        if message.startswith("if gradients must flow through `"):
            return RECOMPUTE_IN_LOOP
        if message.startswith("reset `") and PENALTY in message:
            return PENALTY_RESET  # a penalty summed across passes (accumulator_reset.py)
        if message.startswith("make ") and " in each pass instead of reading it back" in message:
            return RECOMPUTE_IN_LOOP  # a memo map's value made in each pass (memo_map.py)
        if "at the end of each pass" in message or "where it is put in `" in message:
            return DETACH_EACH_PASS
        if message.startswith("empty `") and "after the backward of the loss read" in message:
            return DETACH_EACH_PASS
        if "where it is pushed into `" in message:
            return DETACH_EACH_PASS
        if "reads the previous pass's value (`" in message:
            return DETACH_EACH_PASS  # `method_fields`: the read of a method's field detached
        return None


CONDITIONAL = ("if_expression", "match_expression")


def _some_passes(spans: list[tuple[int, int]], meeting: Meeting, fixes: Fixes) -> bool:
    """Whether code at one of `spans` (file bytes) runs in some passes of the meeting's loop
    only: within an `if` or a `match` of its body, or after a `continue`."""
    loop = meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    if body is None:
        return False
    root = fixes.source.root
    for start, end in spans:
        if not body.start_byte <= start < end <= body.end_byte:
            continue
        node = root.descendant_for_byte_range(start, end)
        while node is not None and node.id != body.id:
            if node.type in CONDITIONAL:
                return True
            node = node.parent
    return continues(body, fixes)


LOOPS = ("for_expression", "while_expression", "loop_expression")


def _backward_nested(meeting: Meeting, fixes: Fixes) -> bool:
    """Whether a backward of the meeting runs in a loop within the meeting's loop's body
    (minibatches walked every epoch): a pass of the meeting's loop runs several backwards, so
    the one that panics is not its 2nd (`pbpit run` counts which)."""
    loop = meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    if body is None:
        return False
    root = fixes.source.root
    for start, end in (meeting.earlier.span, meeting.later.span):
        if not body.start_byte <= start < end <= body.end_byte:
            continue
        node = root.descendant_for_byte_range(start, end)
        while node is not None and node.id != body.id:
            if node.type in LOOPS:
                return True
            node = node.parent
    return False


def in_a_called_loop(rule: str, meeting: Meeting, fixes: Fixes) -> Diagnostic:
    """A tensor given to a function whose loop backpropagates, every pass, a loss made from it
    (`train(&feat, ..)`): made before that loop, its step is consumed by the first pass."""
    definition, later = meeting.definition, meeting.later
    name = definition.name
    labels = [
        fixes.label(definition.span, made_outside(name, definition.why), True),
        fixes.label(later.span, passes_of_a_call(name, later.through)),
    ]
    # Recomputed in that loop: the function handed what makes it (`|| model.loss(..)`).
    helps = [recompute_in_loop_help(name, recompute_in_called_loop(meeting, fixes))]
    if helps[0].edits and later.through:
        said = (
            f"if gradients must flow through `{name}`, compute it in `{later.through}`'s loop, "
            f"every pass: hand it what makes `{name}`"
        )
        helps[0] = replace(helps[0], message=said)
    if not meeting.same_tensor:
        helps.insert(0, detach_once(definition, fixes))
    notes = [through_note(later, definition)]
    message = made_before_message(name)
    return fixes.diagnostic(rule, message, name, labels, helps, definition.span[0], notes)


# -- the fixes


def detach_once(definition: Definition, fixes: Fixes, sure: bool = False) -> Help:
    """Detach once, written where the tensor is made (`detach_once.detach_once_edits`)."""
    return detach_once_help(definition.name, detach_once_edits(definition, fixes), sure)


def _reassigned(name: str, meeting: Meeting, fixes: Fixes) -> bool:
    """Whether the loop blends `name` from its own value, no optimizer stepping it
    (blended_state.py): state it carries, detached where it is carried."""
    loop = meeting.loop
    if loop is None or not is_name(name) or leaf_trained(name, meeting, fixes):
        return False
    return blends_itself(loop, name, fixes.text)
