"""The words of `loop-external-tracked` (`pbpit.lint.rules.loop_external_tracked`): its messages,
labels and helps, which lint and the dynamic audit (`pbpit.diagnose.findings`) say of the same
finding."""

from __future__ import annotations

from dataclasses import replace

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.rule import this_backward

RESET_FIELD = "reset the accumulator"
"""Explain's name of the fix `field_reset_help` says (not a fix lint writes: lint does not see
an accumulator a method keeps)."""
RESET_FIELD_TITLE = "reset `{name}` in `{method}`, where its backward consumes it"


def field_reset_help(name: str, field: str, method: str, edits: list[Edit]) -> Help:
    """Reset the accumulator field `field` (the loop's `name`) in `method`, where its backward
    consumes it: each backward gets the losses added since the last one, as before."""
    return Help(
        f"reset `{name}` in `{method}`, where its backward consumes it "
        f"(`{field} = {field}.zeros_like();`): the next accumulation starts afresh and the "
        "gradients stay as they are",
        edits,
    )


def snapshot_title(name: str, line: int | None, itself: bool = True) -> str:
    """Why detaching once is the fix of a tensor the loop makes again from the same data
    (`itself`), or made from one the loop makes again."""
    where = f" (line {line})" if line is not None else ""
    if itself:
        return (
            f"the loop makes `{name}` again from the same data{where}, so the one made before "
            "it is a snapshot of the value before the loop's updates: detach it where it is made "
            "if the loss compares the loop's value with it (recomputed, it would be compared with "
            "itself); a term made from the snapshot alone, detached, is a constant"
        )
    return (
        f"the loop makes what `{name}` is made from again from the same data{where}, so "
        f"`{name}` is made from a snapshot of the value before the loop's updates: detach it "
        "where it is made (recomputed in the loop it would follow the current value)"
    )


def untrained_title(name: str, leaves: str) -> str:
    """Why detaching once is the fix of a tensor made from leaves the program does not train."""
    made = f" from {leaves}" if leaves else ""
    return (
        f"`{name}` is made{made}, which no optimizer steps and whose gradient the program never "
        "reads: it needs no gradient, so detach it where it is made"
    )


def made_before_message(name: str, every_pass: bool = True) -> str:
    """`every_pass`: the loop uses and backpropagates it in every pass, so its 2nd backward
    is the one that panics; otherwise which one is not known before running."""
    panics = (
        "the loop's 2nd backward panics" if every_pass else "a later backward of the loop panics"
    )
    return f"`{name}` is a tracked tensor made before the loop and used in it: {panics}"


def carried_message(name: str) -> str:
    """For state `name` carries from pass to pass."""
    return (
        f"`{name}` carries a tracked tensor from one pass of the loop into the next: "
        "a later pass's backward panics"
    )


def passes_of_a_call(name: str, through: str | None) -> str:
    """The label on the call whose loop backpropagates `name` in every pass."""
    return (
        f"this call runs a loop (in `{through}`) whose first pass consumes `{name}`'s step; "
        "its next pass panics at it"
    )


def made_outside(name: str, why: str) -> str:
    """The label on where `name` is made; `why` says how it is tracked."""
    return f"`{name}` is made here, outside the loop, {why}"


def carried_made(name: str, why: str) -> str:
    return f"`{name}` is made here, {why}"


USED_INSIDE = "used here, inside the loop"


def previous_pass_used(name: str) -> str:
    return f"the previous pass's `{name}` is used here"


def consumes_step(name: str, carried_by: str | None = None, through: str | None = None) -> str:
    """The label on the backward that consumes `name`'s step; `carried_by` names the variable
    that carries it into a later pass (state carried from pass to pass), `through` the
    function whose call runs the backward."""
    later = "the next pass"
    if carried_by is not None:
        later = "a later pass"
        if carried_by != name:
            later = f"a later pass, through `{carried_by}`,"
    return this_backward(f"consumes `{name}`'s step; {later} panics at it", through)


def detach_where_put_help(
    tensor: str, carrier: str, edits: list[Edit], line: str | None = None, indexed: bool = False
) -> Help:
    """Detach `tensor` where it is put in the collection or field `carrier`, with its edits;
    without them, said in words ending with the corrected `line` when known. `indexed`: the
    loop reads `carrier` by index, and `tensor` is not named (the one the `push` puts)."""
    if indexed:
        return Help(
            f"detach the {tensor} where it is put in `{carrier}`: gradients stop at the pass "
            f"boundary (emptying `{carrier}` each pass would leave its reads by index without "
            "the elements they read)"
        )
    message = (
        f"detach `{tensor}` where it is put in `{carrier}`: gradients stop at the pass boundary"
    )
    if edits:
        return Help(message, edits)
    return Help(f"{message}: `{line.strip()}`" if line else message)


def detach_once_help(name: str, edits: list[Edit], sure: bool = False) -> Help:
    """Detach once, with its edits (said in words without them); `sure`: the program reads no
    gradient through it, so the edit is the fix `--fix` makes."""
    message = f"if `{name}` needs no gradient, detach it once"
    if not edits:
        return Help(f"{message}: add `.detach()` where it is made")
    # Right only if no gradient must reach what made it: the user's call, unless the program
    # takes none from it.
    return Help(message, edits, applicability="MachineApplicable" if sure else "MaybeIncorrect")


def recompute_in_loop_help(
    name: str, edits: list[Edit], closure: str = "", kept: bool = False
) -> Help:
    """Recompute in the loop, with its edits (said in words without them); `closure`: the
    edits make it `in` the closure the loop calls, which reads it, or move it into the loop
    `with` that closure; `kept`: made again at the top of the loop, the one made before it
    kept for what reads it outside the loop."""
    message = f"if gradients must flow through `{name}`, compute it inside the loop, every pass"
    if not edits:
        return Help(f"{message}, where the backward uses it")
    if closure:
        message += f", {closure} the closure that reads it"
    if kept:
        message += " (the one made before the loop stays, for what reads it outside the loop)"
    return Help(message, edits)


def detach_once_cuts_help(name: str, leaf: str, line: int) -> Help:
    """Detach once, in words only: the program unwraps a gradient detaching would take away."""
    help_ = detach_once_help(name, [])
    note = (
        f"not written as code: detached, `{name}` leaves `{leaf}` without a gradient, and "
        f"line {line} unwraps `{leaf}`'s gradient (it would panic there)"
    )
    return replace(help_, note=note)


MIGHT_CUT = "without a gradient, and the unwrap panics"
"""The end of `might_cut_note`: what a run that makes the edit settles (a fix checked to run
drops the note)."""


def might_cut_note(name: str, leaf: str, line: int) -> str:
    """What detaching `name` once may cost: `leaf`'s gradient, which line `line` unwraps."""
    return (
        f"line {line} unwraps `{leaf}`'s gradient: if `{name}` is the loss's only way to "
        f"`{leaf}`, detaching `{name}` leaves `{leaf}` {MIGHT_CUT}"
    )
