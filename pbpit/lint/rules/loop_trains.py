"""What a loop trains of a tensor made before it: whether the loss stays tracked with the
tensor detached once (`detaching_leaves_a_loss`), whether the loop takes a gradient from what the
tensor is made from (`trains_through`, `trains`), whether it steps it while cutting a part of it
each pass (`cut_stepped`), a leaf whose gradient it unwraps (`unwrapped_gradient`). The choice
between detaching once and recomputing in the loop of `loop-external-tracked` reads them."""

from __future__ import annotations

import re

from pbpit.engine.graph import Requirement
from pbpit.lint.fixes import Fixes, identifiers
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.detach_once import call_reads
from pbpit.lint.rules.shared_each_loss import own_forward_each


def detaching_leaves_a_loss(meeting: Meeting, fixes: Fixes) -> bool:
    """Whether the loop's loss stays tracked with the tensor detached where it is made: not
    when it is that tensor (a loss computed once), nor when that tensor is its only tracked
    input (detached, the backward would have nothing to backpropagate: Burn panics)."""
    if meeting.same_tensor:
        return False
    entry = meeting.entry or {}
    leaves = {name for name, value in entry.items() if value.requirement == Requirement.GRAD}
    call = fixes.call_at(meeting.later.span)
    return fixes.tracked_without(meeting.definition, meeting.loss, call, leaves)


def cached_untrained(meeting: Meeting, fixes: Fixes) -> bool:
    """Whether a tensor made before `meeting.loop`, which each pass reads a part of
    (`feats.clone().slice([b * 2..b * 2 + 2, 0..4])`), is made from nothing the program trains
    (`trains_through`: a frozen backbone, a teacher no optimizer steps): a cache of features,
    made before the loop and used in it, detached once where it is made; not the losses of
    micro-batches cut from a forward the loop trains, which share it (`shared-intermediate`)."""
    return (
        not meeting.carried
        and detaching_leaves_a_loss(meeting, fixes)
        and unwrapped_gradient(meeting, fixes) is None
        and not trains_through(meeting, fixes)
    )


def cut_stepped(meeting: Meeting, fixes: Fixes) -> bool:
    """Whether the loop itself cuts a part of the tensor, made before it, each pass
    (`feats.clone().slice(..)` read by the loss, not an element of a collection of its parts
    or losses), and steps with an optimizer, in its body, what the tensor is made from
    (`net = optim.step(lr, net, grads)` of `net.backbone.forward(x)`): its features are stale
    after the first step, so they are computed in the loop, each pass; the losses are not meant
    to be added (each pass's step needs its own)."""
    definition = meeting.definition
    statement = definition.statement or definition.value
    if meeting.carried or statement is None or meeting.same_tensor:
        return False
    if definition.statement is not None and own_forward_each(definition.name, statement, fixes):
        return False  # micro-batches of one forward, a PPO snapshot: shared-intermediate's
    read = meeting.loss.first_read(definition, meeting.loop_span, meeting.in_pass)
    if read is None or read.value.origin is not definition:
        return False
    start, end = meeting.loop_span
    body = fixes.data[start:end]
    made_from = {fixes.text(n) for n in identifiers(statement)} - {definition.name}
    return any(
        re.search(rb"\bstep\s*\([^;]*\b" + re.escape(name.encode()) + rb"\b", body)
        for name in made_from
    )


def unwrapped_gradient(meeting: Meeting, fixes: Fixes) -> tuple[str, int] | None:
    """A leaf the tensor is made from (named where it is made) whose gradient the loop unwraps
    (`w.grad(&grads).unwrap()`, `.expect(..)`), and that line: detached once, the tensor would
    leave that leaf without a gradient, and the unwrap would panic."""
    statement = meeting.definition.statement or meeting.definition.value
    if statement is None:
        return None
    entry = meeting.entry or {}
    leaves = {name for name, value in entry.items() if value.requirement == Requirement.GRAD}
    made_from = sorted(leaves & {fixes.text(n) for n in identifiers(statement)})
    start, end = meeting.loop_span
    body = fixes.data[start:end]
    for leaf in made_from:
        found = re.search(
            rb"\b" + re.escape(leaf.encode()) + rb"\s*\.\s*grad\s*\([^()]*\)\s*\.\s*"
            rb"(?:unwrap|expect)\s*\(",
            body,
        )
        if found is not None:
            return leaf, fixes.place((start + found.start(), start + found.end())).line
    return None


def trains_through(meeting: Meeting, fixes: Fixes) -> bool:
    """Whether the loop takes a gradient from what the tensor is made from: reads one of its
    variables' gradients (`x.grad(&grads)`, `model.fc.weight.grad(..)`), steps an optimizer or
    makes `GradientsParams` with one of them, or assigns one anew (a hand-written update). True
    when what it is made from is not known."""
    definition = meeting.definition
    if (definition.statement or definition.value) is None:
        return True
    entry = meeting.entry or {}
    # What it is made from: the variables its statement reads, and theirs (a leaf is read by
    # the statement of an intermediate it is made from).
    names = {d.name.split(".")[0] for d in definition.sources if d is not definition}
    for made in definition.sources:
        statement = made.statement or made.value
        if statement is not None:
            names |= {fixes.text(n) for n in identifiers(statement)} & set(entry)
    names.discard(definition.name)
    start, end = meeting.loop_span
    body = fixes.data[start:end]
    return any(trains(body, name) for name in names | call_reads(meeting, fixes))


def trains(body: bytes, name: str) -> bool:
    """Whether code `body` takes a gradient from variable `name`: reads its gradient or one of
    its fields' (`name.grad(&grads)`, `name.fc.weight.grad(..)`), steps an optimizer or makes
    `GradientsParams` with it, or assigns it anew (a hand-written update). What the loop
    trains, by its text; a run says the same of the leaves a tensor reaches
    (`pbpit.diagnose.explain.CaseFixes.trained`)."""
    word = rb"\b" + re.escape(name.encode()) + rb"\b"
    assigned = rb"(?<![\w.])" + re.escape(name.encode()) + rb"(?:\.\w+)*\s*=(?!=)\s*"
    copied = rb"[A-Za-z_][\w.]*\.clone\(\)\s*;"  # a copy taken again (a target network)
    return bool(
        re.search(word + rb"[\w.]*\s*\.\s*grad\s*\(", body)
        or re.search(rb"\bstep\s*\([^;]*" + word, body)
        or re.search(rb"from_grads\s*\([^;]*" + word, body)
        or any(not re.match(copied, body[m.end() :]) for m in re.finditer(assigned, body))
    )


def leaf_trained(name: str, meeting: Meeting, fixes: Fixes) -> bool:
    """Whether the program trains the leaf `name` holds as the loop starts (carried from pass
    to pass): the function holding the loop reads its gradient (`name.grad(&grads)`, its
    holder's), steps an optimizer or makes `GradientsParams` with it or its holder (`target`
    of `target.weight`). Not a copy of another module's weights blended by hand and read as a
    target (`target.weight = target.weight * 0.95 + online.fc.weight.val() * 0.05`): detached
    at the carry, it needs no `.require_grad()` (issue 24: detach what no optimizer steps)."""
    loop = meeting.loop
    function = loop
    while function is not None and function.type != "function_item":
        function = fixes.parent(function)
    if function is None:
        return True
    body = fixes.data[function.start_byte : function.end_byte]
    for held in {name, name.split(".")[0]}:
        word = rb"(?<![\w.])" + re.escape(held.encode()) + rb"\b"
        if (
            re.search(word + rb"[\w.]*\s*\.\s*grad\s*\(", body)
            or re.search(rb"\bstep\s*\([^;]*" + word, body)
            or re.search(rb"from_grads\s*\([^;]*" + word, body)
            or re.search(rb"\bgrad\s*\(\s*&?\s*" + word, body)
        ):
            return True
    return False
