"""The other tensors made before a loop that the same loss reads beside the one a finding names:
a normalisation's `mean` and `std` measured once on a batch (`let mean = feats.clone()
.mean_dim(0); let std = feats.var(0).sqrt();`), both read by every pass's loss. Each is a
tracked intermediate whose step the first backward consumes, so detaching one alone, or moving
one alone into the loop, still panics at the other: `loop-external-tracked` offers the fix for
all of them as one edit, checked as one (both moved into the loop, where the loop steps what
they are made from; both detached where they are made, where nothing trained feeds them).

A tensor is made beside `definition` when the loss of the backward that panics reads it, in the
panicking pass, inside the loop, while it holds a tracked intermediate made by a `let` of the
block before the loop (not a leaf: a parameter is reused safely; not carried from pass to pass:
`carried_beside.py`'s)."""

from __future__ import annotations

from dataclasses import replace

from pbpit.diagnostics.model import Edit, Help
from pbpit.engine.graph import Requirement
from pbpit.lint.fixes import Fixes, is_name
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.detach_once import detach_once_edits, lost_gradients_note, untrained_leaves
from pbpit.lint.rules.loop_trains import trains_through
from pbpit.lint.rules.recompute_loop import recompute_in_loop
from pbpit.lint.values import Definition
from pbpit.rust.syntax import descendants

RECOMPUTE = "if gradients must flow through `"
DETACH = "needs no gradient, detach it once"


def made_beside(meeting: Meeting, fixes: Fixes) -> list[Definition]:
    """`meeting.definition` and the other tensors made before the loop that the panicking
    pass's loss reads (see the module), in the order they are made; `[definition]` alone when
    there is no other."""
    definition, loop = meeting.definition, meeting.loop
    if loop is None or meeting.carried or definition.statement is None:
        return [definition]
    start, end = meeting.loop_span
    found: dict[int, Definition] = {definition.statement.start_byte: definition}
    for read in meeting.loss.reads:
        other = read.value.origin
        if (
            other is None
            or other is definition
            or not start <= read.span[0] < end
            or (meeting.in_pass is not None and meeting.in_pass not in read.context)
            or read.value.requirement != Requirement.GRAD_IN_BACKWARD
            or other.statement is None
            or other.statement.type != "let_declaration"
            or other.statement.end_byte > loop.start_byte
            or fixes.parent(other.statement) != fixes.parent(definition.statement)
            or other.assigned
            or not is_name(other.name)
            or other.name != read.name
        ):
            continue
        found.setdefault(other.statement.start_byte, other)
    return [found[at] for at in sorted(found)]


def named(names: list[str]) -> str:
    """`a` and `b`; `a`, `b` and `c`."""
    quoted = [f"`{n}`" for n in names]
    return ", ".join(quoted[:-1]) + f" and {quoted[-1]}"


def beside_helps(
    together: list[Definition], helps: list[Help], meeting: Meeting, fixes: Fixes
) -> list[Help]:
    """`helps` (recompute in the loop, detach once, of `meeting.definition` alone) made the fix
    of every tensor of `together` at once: each alone still panics at another. A help that
    cannot be written for all of them is said in words."""
    definition = meeting.definition
    others = tuple(d for d in together if d is not definition)
    names = named([d.name for d in together])

    def alone(doing: str) -> str:
        return (
            " (each is made before the loop and read by the loss: "
            f"{doing} one alone still panics at another)"
        )

    result: list[Help] = []
    for help_ in helps:
        if help_.message.startswith(RECOMPUTE):
            moved = recompute_in_loop(definition, meeting, fixes, others)
            message = f"{RECOMPUTE}{names[1:-1]}`, compute them inside the loop, every pass"
            message += "" if moved.edits else ", where the backward uses them"
            message += alone("moving")
            result.append(replace(help_, message=message, edits=moved.edits))
        elif DETACH in help_.message:
            if not _stays_tracked(together, meeting, fixes):
                continue  # every one detached, the loss would have nothing to backpropagate
            edits: list[Edit] = []
            for made in together:
                each = detach_once_edits(made, fixes)
                if not each:
                    edits = []
                    break
                edits += each
            message = f"if {names} need no gradient, detach them once"
            message += "" if edits else ": add `.detach()` where each is made"
            message += alone("detaching")
            # Sure only where the loop trains nothing any of them is made from.
            sure = help_.applicability == "MachineApplicable" and not any(
                trains_through(replace(meeting, definition=d), fixes) for d in others
            )
            note = "" if help_.note.startswith("detached, ") else help_.note
            if edits and sure:
                leaves: list[str] = []
                for made in together:
                    leaves += [
                        leaf
                        for leaf in untrained_leaves(made, meeting, fixes)
                        if leaf not in leaves
                    ]
                note = lost_gradients_note(leaves) if leaves else note
            applicability = "MachineApplicable" if sure else "MaybeIncorrect"
            result.append(
                replace(help_, message=message, edits=edits, note=note, applicability=applicability)
            )
        else:
            result.append(help_)
    return _ordered(result)


def _stays_tracked(together: list[Definition], meeting: Meeting, fixes: Fixes) -> bool:
    """Whether the loss stays tracked with every tensor of `together` detached: made from
    another tracked tensor, or its making names a leaf or a module's forward (`fixes.
    tracked_without` of one tensor, for all of them; a loss's own `forward`,
    `MseLoss::new().forward(..)`, is no module's)."""
    loss = meeting.loss
    if any(loss.origin is d for d in together):
        return False
    call = fixes.call_at(meeting.later.span)
    leaves = fixes.leaf_names(call or meeting.definition.statement)
    made = []
    for source in loss.sources:
        if any(source is d or source in d.sources for d in together):
            continue
        if not any(d in source.sources for d in together):
            return True
        if source.value is not None:
            made.append(source.value)
    if call is not None:
        function = call.child_by_field_name("function")
        receiver = function.child_by_field_name("value") if function is not None else None
        if receiver is not None:
            made.append(receiver)
    for node in (n for value in made for n in descendants(value)):
        if node.type == "identifier" and fixes.text(node) in leaves:
            return True
        if node.type == "field_expression":
            field = node.child_by_field_name("field")
            method = fixes.text(field) if field is not None else ""
            receiver = node.child_by_field_name("value")
            held = fixes.text(receiver) if receiver is not None else ""
            if method in ("val", "require_grad") or (
                method.startswith("forward") and "Loss" not in held
            ):
                return True
    return False


def _ordered(helps: list[Help]) -> list[Help]:
    """Recomputing first when it is now written as code and detaching is not sure (the loop
    steps what they are made from: recompute for what an optimizer updates); detaching first
    when it is sure, recomputing then not `--fix`'s."""
    recompute = next((h for h in helps if h.message.startswith(RECOMPUTE)), None)
    detach = next((h for h in helps if "need no gradient, detach them once" in h.message), None)
    if recompute is None or detach is None or not recompute.edits:
        return helps
    rest = [h for h in helps if h is not recompute and h is not detach]
    if detach.edits and detach.applicability == "MachineApplicable":
        return [detach, replace(recompute, applicability="MaybeIncorrect"), *rest]
    return [recompute, detach, *rest]
