"""`double-backward` of a loss backpropagated, then backpropagated again through a value made
from it alone: `let grads = loss.backward();` then, after a check of the gradient's norm (a
retry after clipping, a NaN guard), `let grads = (loss * scale).backward();`. The second root
is a new node, but its only way into the graph is the loss, whose steps the first backward
consumed: the same graph backpropagated twice (not two losses sharing a tensor: there is one
loss, so adding is no fix). The fixes: build the loss again before the second backward (its
forward run again), or keep the first backward's `Gradients` and scale what they step (for SGD,
the learning rate times the scale), said in words."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Edit, Help
from pbpit.engine.graph import Requirement
from pbpit.lint.fixes import Fixes
from pbpit.lint.rule import Meeting


def scaled_again(meeting: Meeting, fixes: Fixes) -> bool:
    """Whether, in one pass, the first backward is of the consumed tensor itself (the loss) and
    the second backpropagates a value tracked through that loss alone (`loss * scale`,
    `loss.clone().mul_scalar(0.5)`): no other tracked tensor, leaf, or forward in its making."""
    definition, earlier, later = meeting.definition, meeting.earlier, meeting.later
    if meeting.loop is not None or meeting.same_tensor or earlier.loss.origin is not definition:
        return False
    if later.loss.requirement != Requirement.GRAD_IN_BACKWARD:
        return False
    call = fixes.call_at(later.span)
    if fixes.tracked_without(definition, later.loss, call, set()):
        return False
    # The loss times (or over) a number: the same graph scaled, not a sum with another term
    # (`loss + penalty` of gradients: `shared-intermediate`'s words say what that trains).
    made = later.loss.origin
    value = made.value if made is not None and made is not definition else None
    if value is None and call is not None:
        function = call.child_by_field_name("function")
        value = function.child_by_field_name("value") if function is not None else None
    return value is not None and _scaled(fixes.text(value), definition.name)


def _scaled(text: str, name: str) -> bool:
    """Whether `text` is `name` (or its clone) multiplied or divided by a term, or scaled by
    `mul_scalar`/`div_scalar`."""
    flat = "".join(text.split())
    while flat.startswith("(") and flat.endswith(")"):
        flat = flat[1:-1]
    loss = re.escape(name) + r"(?:\.clone\(\))?"
    term = r"(?:[\w.()]+|\([^+\-]+\))"  # `scale`, `s.max(1.0)`, `(MAX_NORM / norm)`
    return bool(
        re.fullmatch(rf"\(?{loss}\)?[*/]{term}", flat)
        or re.fullmatch(rf"{term}\*\(?{loss}\)?", flat)
        or re.fullmatch(rf"{loss}\.(?:mul_scalar|div_scalar)\({term}\)", flat)
    )


def scaled_message(name: str) -> str:
    return (
        f"`{name}` is backpropagated twice, the 2nd time through a value made from it alone: "
        "the 2nd backward panics"
    )


def scaled_helps(name: str, rebuilt: list[Edit]) -> list[Help]:
    """Build the loss again (code where it can be written), or scale the first backward's
    gradients (words: Burn's `Gradients` have no scaling of their own)."""
    rebuild = Help(
        f"build `{name}` again (run its forward again) before the second backward: the first "
        "backward consumed its graph",
        rebuilt,
    )
    scale = Help(
        "keep the `Gradients` the first backward returned instead: the gradient of "
        f"`{name}` times a number is those gradients times it, so scale the step instead of "
        "backpropagating again (for SGD, the learning rate times the scale)"
    )
    return [rebuild, scale]
