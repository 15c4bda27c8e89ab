"""`shared-intermediate`'s "add the losses" where each loss's gradients are stepped at a learning
rate of its own (`optim.step(0.1, m, g_rec)` then `optim.step(0.01, m, g_pen)`): the plain sum
stepped once would step the second loss at the first's rate. Plain SGD (`SgdConfig::new()`,
no momentum, no weight decay) steps `rate * gradient`, so one backward of `a + b * (rate_b /
rate_a)` stepped at `rate_a` is the two steps in one: written as code. Any other optimizer
(Adam's steps do not scale with the gradient) is said in words."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes
from pbpit.rust.syntax import Node

_RATED = "add the losses and run one backward, keeping each one's learning rate"

_OTHER_SGD = re.compile(r"\.with_(?:momentum|weight_decay|gradient_clipping)\b")
"""What makes an SGD's step more than `rate * gradient`."""


def step_rates(
    step_a: Node, step_b: Node, grads_a: str, grads_b: str, fixes: Fixes
) -> tuple[tuple[str, str], str, str] | None:
    """`((optimizer_a, optimizer_b), rate_a, rate_b)` of two step statements that differ only
    by their learning rate (the first argument of `.step(`), the gradients they step
    (`grads_a`, `grads_b`) and perhaps the optimizer (one each: `opt_rec`, `opt_pen`); None
    for any other pair (or for equal rates of one optimizer)."""
    call_a, call_b = _step_call(step_a, fixes), _step_call(step_b, fixes)
    if call_a is None or call_b is None:
        return None
    (optimizer, rate_a, at_a), (other, rate_b, at_b) = call_a, call_b
    if rate_a == rate_b:
        return None
    text_a = _without(fixes.text(step_a), at_a, step_a.start_byte)
    text_b = _without(fixes.text(step_b), at_b, step_b.start_byte)
    text_b = re.sub(rf"\b{re.escape(grads_b)}\b", grads_a, text_b)
    if other != optimizer:
        text_b = re.sub(rf"(?<![\w.]){re.escape(other)}(?=\s*\.step\()", optimizer, text_b)
    return ((optimizer, other), rate_a, rate_b) if text_a == text_b else None


def plain_sgd(optimizer: str, fixes: Fixes) -> bool:
    """Whether `optimizer` (a name) is made in the file by `let [mut] optimizer = ..` from
    `SgdConfig::new()` with nothing that adds to its step (momentum, weight decay, clipping)."""
    found = re.findall(
        rf"\blet\s+(?:mut\s+)?{re.escape(optimizer)}\s*(?::[^=]*)?=([^;]*);",
        fixes.text(fixes.source.root),
    )
    return len(found) == 1 and "SgdConfig::new()" in found[0] and not _OTHER_SGD.search(found[0])


def scaled_sum(a: str, b: str, rate_a: str, rate_b: str) -> str:
    """The sum whose gradients, stepped at `rate_a`, step `b`'s at `rate_b`."""
    return f"({a} + {b} * {ratio(rate_a, rate_b)}).backward()"


def ratio(rate_a: str, rate_b: str) -> str:
    """`(rate_b / rate_a)`, each rate grouped where it is more than a name or a number."""
    return f"({_grouped(rate_b)} / {_grouped(rate_a)})"


def _grouped(rate: str) -> str:
    return rate if re.fullmatch(r"[\w.]+", rate) else f"({rate})"


def rated_help(
    a: str, b: str, rates: tuple[str, str], edits: list[Edit], sgd: bool
) -> Help:
    """Add the losses keeping each loss's rate: the edits where the optimizer is plain SGD,
    words otherwise."""
    rate_a, rate_b = rates
    if sgd:
        message = (
            f"{_RATED}: "
            f"`{scaled_sum(a, b, rate_a, rate_b)}`, stepped once at `{rate_a}` (plain SGD steps "
            f"`rate * gradient`, so `{b}`'s gradients scaled by `{ratio(rate_a, rate_b)}` are "
            f"stepped at `{rate_b}`, as the two steps did; the plain sum `({a} + {b})` would step "
            f"`{b}` at `{rate_a}`)"
        )
        return Help(message, edits)
    return Help(
        f"add the losses and run one backward on their sum only where one learning rate will "
        f"do: the steps use other rates (`{rate_a}` for `{a}`, `{rate_b}` for `{b}`), and this "
        f"optimizer's step does not scale with the gradient (not plain SGD), so one step of "
        f"`({a} + {b})` at `{rate_a}` steps `{b}` at `{rate_a}` too; to keep `{rate_b}`, make "
        f"`{b}` again from a forward of its own after the first step, and keep both steps"
    )


def rates_of_steps(
    statements: list[Node], grads_a: str, grads_b: str, fixes: Fixes
) -> tuple[tuple[str, str], str, str] | None:
    """Among `statements`, the one step of `grads_a` and the one of `grads_b` (wherever they
    sit): their optimizers and rates, when the rates differ; None otherwise."""
    found: dict[str, list[tuple[str, str, tuple[int, int]]]] = {grads_a: [], grads_b: []}
    for statement in statements:
        call = _step_call(statement, fixes)
        if call is None:
            continue
        for grads, calls in found.items():
            if re.search(rf"\b{re.escape(grads)}\b", fixes.text(statement)):
                calls.append(call)
    if grads_a == grads_b or len(found[grads_a]) != 1 or len(found[grads_b]) != 1:
        return None
    (optimizer_a, rate_a, _), (optimizer_b, rate_b, _) = found[grads_a][0], found[grads_b][0]
    return ((optimizer_a, optimizer_b), rate_a, rate_b) if rate_a != rate_b else None


def is_rated_help(help_: Help) -> bool:
    """Whether `help_` is `rated_help`'s code: the sum that keeps each loss's rate."""
    return bool(help_.edits) and help_.message.startswith(_RATED)


def _step_call(statement: Node, fixes: Fixes) -> tuple[str, str, tuple[int, int]] | None:
    """The optimizer, the learning rate's text and its file bytes of the one `x.step(rate,
    ..)` call in `statement`."""
    found = []
    stack = [statement]
    while stack:
        node = stack.pop()
        stack.extend(node.named_children)
        if node.type != "call_expression":
            continue
        function = node.child_by_field_name("function")
        field_ = function.child_by_field_name("field") if function is not None else None
        if field_ is None or fixes.text(field_) != "step":
            continue
        receiver = function.child_by_field_name("value")
        arguments = node.child_by_field_name("arguments")
        if receiver is None or arguments is None or arguments.named_child_count != 3:
            return None
        rate = arguments.named_children[0]
        found.append((fixes.text(receiver), fixes.text(rate), (rate.start_byte, rate.end_byte)))
    return found[0] if len(found) == 1 else None


def _without(text: str, span: tuple[int, int], start: int) -> str:
    """`text` (starting at file byte `start`) with the bytes of `span` left out."""
    data = text.encode("utf-8")
    return (data[: span[0] - start] + data[span[1] - start :]).decode("utf-8", "replace")
