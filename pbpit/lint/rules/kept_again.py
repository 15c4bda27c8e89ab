"""`double-backward` of a loss a loop keeps in an `Option` and backpropagates again in a later
pass: a trainer's `compute` puts the loss in `self.pending` every other pass, and each pass
backpropagates what `if let Some(loss) = trainer.pending.clone()` finds there. On a pass that
made no new loss, that is the loss an earlier pass backpropagated, whose graph it consumed.

The binding a user changes is the `Option` (`trainer.pending`), not the pattern's `loss` nor
the method's local: the fix takes the loss out of it where it is backpropagated
(`trainer.pending.take()`), so a pass that made none backpropagates none and each loss is
backpropagated once. Detaching what is put in it (`Some(loss.detach())`) would leave the loss
on no tape (a backward on it panics otherwise, and trains nothing); the loss kept is the loss
itself, so this is the rule of a loss backpropagated twice, not of state carried for the next
pass to compute with."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Diagnostic, Edit, Help
from pbpit.lint.fixes import Fixes, is_name
from pbpit.rust.syntax import Node

if TYPE_CHECKING:
    from pbpit.lint.rule import Meeting

_PATH = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")


@dataclass(frozen=True)
class KeptAgain:
    """The `Option` that keeps the loss (`trainer.pending`), the span of its read whose
    `.clone()` takes it again, and the edit that takes it out instead."""

    name: str
    read: tuple[int, int]
    edit: Edit


def kept_again(meeting: Meeting, fixes: Fixes) -> KeptAgain | None:
    """The `Option` a loop's later pass backpropagates the loss from again (see the module):
    the later backward's receiver is the binding of an `if let Some(loss) = PLACE.clone()` (or
    `while let`, or a `match PLACE.clone()` arm `Some(loss) => ..`) around it,
    `PLACE` is in scope as the loop starts and is declared an
    `Option<Tensor<..>>`, and what the backward takes is that binding as it is (no loss
    computed from it). None otherwise."""
    receiver = meeting.later.receiver
    entry = meeting.entry or {}
    if meeting.loop is None or not meeting.carried or not receiver or not is_name(receiver):
        return None
    origin = meeting.loss.origin
    statement = origin.statement if origin is not None else None
    if origin is None or origin.name != receiver or statement is None:
        return None
    if not statement.type.endswith("pattern"):
        return None  # `let total = loss + penalty`: a loss computed from it, not it
    pattern, value = _matched(statement)
    if pattern is None or value is None or not _some_of(pattern, receiver, fixes):
        return None
    place = _cloned_place(value, fixes)
    if place is None or place.split(".")[0] not in entry or not _option_of_tensor(place, fixes):
        return None
    function = value.child_by_field_name("function")
    method = function.child_by_field_name("field") if function is not None else None
    arguments = value.child_by_field_name("arguments")
    if method is None or arguments is None:
        return None
    edit = fixes.edit(method.start_byte, arguments.end_byte, "take()")
    return KeptAgain(place, (value.start_byte, value.end_byte), edit)


def kept_again_diagnostic(rule: str, meeting: Meeting, kept: KeptAgain, fixes: Fixes) -> Diagnostic:
    """`double-backward`'s diagnostic of a loss kept in `kept.name` and backpropagated again."""
    name = kept.name
    later, definition = meeting.later, meeting.definition
    labels = [
        fixes.label(
            later.span, "this backward panics: an earlier pass backpropagated this loss", True
        ),
        fixes.label(
            kept.read,
            f"`{name}` still holds the loss an earlier pass made (`.clone()` leaves it there)",
        ),
    ]
    if definition.span[0] < later.span[0] or definition.span[1] > later.span[1]:
        labels.append(fixes.label(definition.span, f"the loss is kept in `{name}` here"))
    message = (
        f"`{name}` keeps a loss from one pass of the loop into the next, which backpropagates "
        "it twice: the 2nd backward panics"
    )
    help_ = Help(
        f"take the loss out of `{name}` where it is backpropagated (`{name}.take()`): a pass "
        "that made no new loss then backpropagates none, and each loss's graph is "
        "backpropagated once",
        [kept.edit],
    )
    return fixes.diagnostic(rule, message, name, labels, [help_], later.span[0])


def _matched(pattern: Node) -> tuple[Node | None, Node | None]:
    """The `Some(..)` pattern holding `pattern` and the value it is matched against: of an
    `if let` / `while let` (`let_condition`), or of a `match` arm (`match X.clone() { Some(l)
    => .. }`); (None, None) otherwise."""
    node = pattern.parent
    while node is not None and node.type not in ("let_condition", "match_arm", "block"):
        node = node.parent
    if node is not None and node.type == "let_condition":
        return node.child_by_field_name("pattern"), node.child_by_field_name("value")
    if node is None or node.type != "match_arm":
        return None, None
    matched = node.child_by_field_name("pattern")
    arm_pattern = (
        matched.named_children[0] if matched is not None and matched.named_children else None
    )
    block = node.parent
    match = block.parent if block is not None else None
    if match is None or match.type != "match_expression":
        return None, None
    return arm_pattern, match.child_by_field_name("value")


def _some_of(pattern: Node, name: str, fixes: Fixes) -> bool:
    """Whether `pattern` is `Some(name)` (`Some(mut name)`)."""
    text = re.sub(r"\s+", "", fixes.text(pattern))
    return text in (f"Some({name})", f"Some(mut{name})")


def _cloned_place(value: Node, fixes: Fixes) -> str | None:
    """`trainer.pending` of `trainer.pending.clone()`, or None."""
    function = value.child_by_field_name("function") if value.type == "call_expression" else None
    method = function.child_by_field_name("field") if function is not None else None
    arguments = value.child_by_field_name("arguments")
    if method is None or fixes.text(method) != "clone" or arguments is None:
        return None
    if arguments.named_child_count:
        return None
    receiver = function.child_by_field_name("value")
    text = "".join(fixes.text(receiver).split()) if receiver is not None else ""
    return text if _PATH.fullmatch(text) else None


def _option_of_tensor(place: str, fixes: Fixes) -> bool:
    """Whether the name or field `place` ends with is declared `Option<Tensor<..>>`."""
    last = place.rsplit(".", 1)[-1]
    declared = re.compile(rb"\b" + re.escape(last.encode()) + rb"\s*:\s*Option\s*<\s*Tensor\b")
    return declared.search(fixes.data) is not None
