"""`loop-external-tracked`'s fixes of a snapshot: a tensor made before the loop by a call the
loop makes again from the same data (PPO's `let old_logp = policy.forward(obs.clone())..;`
made once per batch and read by every epoch, a KL to the policy before the updates, a drift from
the embeddings at the start). The loop computes the current value afresh; the one made before
it is the value before the loop's updates, meant as a constant: the fix is to detach it where it
is made. Recomputed in the loop it would be the current value itself, and the loss comparing the
two would train nothing (PPO's ratio always exp(0) = 1, its gradient through both cancelling):
that fix runs, but changes what the program computes, so it is said in words with why, never
written as code (lint, run, explain: one set of words, here)."""

from __future__ import annotations

import re
from dataclasses import replace

from pbpit.diagnostics.model import Help
from pbpit.lint.fixes import Fixes, ancestors
from pbpit.lint.rule import Meeting
from pbpit.rust.syntax import Node, descendants

RECOMPUTED = "if gradients must flow through `"
"""The start of `loop_external_words.recompute_in_loop_help`'s message (the rule's
`RECOMPUTE_IN_LOOP`)."""


def not_recomputed_note(name: str, call: str = "", line: int | None = None) -> str:
    """Why recomputing the snapshot `name` in the loop is not written as code."""
    made = f"`{call}`" if call else "what it is made from"
    where = f" (line {line})" if line is not None else ""
    return (
        f"not written as code: the loop computes {made} again from the same data{where}, so "
        f"`{name}` is a snapshot of the value before the loop's updates; computed inside the "
        f"loop it would be that value itself, and what the loss compares it with would cancel "
        "(a ratio always 1, a KL or a drift always 0): it runs, but trains nothing through it"
    )


def snapshot_note(name: str, call: str = "") -> str:
    """Why detaching the snapshot `name` once is the fix."""
    made = f" by `{call}`" if call else ""
    return (
        f"`{name}` is made{made} before the loop, and the loop makes it again from the same data: "
        "it is the value before the loop's updates, meant as a constant (PPO's old log-probs), so "
        "detached it stays what it was made to be"
    )


def snapshot_helps(name: str, helps: list[Help], meeting: Meeting, fixes: Fixes) -> list[Help]:
    """`helps` of a snapshot `name`: detaching it once first and said why; computing it in the
    loop in words only, with why it is not written."""
    call = made_again_call(meeting, fixes)
    if not call or not compared(meeting, fixes):
        return helps
    recompute = [h for h in helps if h.message.startswith(RECOMPUTED)]
    others = [h for h in helps if not h.message.startswith(RECOMPUTED)]
    out = []
    for help_ in others:
        if help_.edits and not help_.note and "detach it once" in help_.message:
            help_ = replace(help_, note=snapshot_note(name, call))
        out.append(help_)
    for help_ in recompute:
        message = help_.message
        if help_.edits:
            message = message.split(", compute it inside the loop")[0]
            message += ", compute it inside the loop, every pass, where the backward uses it"
        note = not_recomputed_note(name, call)
        said = replace(help_, message=message, edits=[], note=note)
        out.append(replace(said, applicability="MaybeIncorrect"))
    return out


def compared(meeting: Meeting, fixes: Fixes) -> bool:
    """Whether the loop's body reads the tensor where its fresh call can meet it in one loss:
    never in one branch of an `if` or a `match` with the call in another (`if first {
    feat.clone() } else { linear.forward(x.clone()) }`: a cache of the loop's value, not a
    snapshot compared with it)."""
    definition, loop = meeting.definition, meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    value = definition.value
    if body is None or value is None:
        return False
    made = {_spaceless(fixes.text(n)) for n in descendants(value) if _called(n)}
    fresh = _fresh_calls(body, definition.name, fixes)
    calls = [n for n in fresh if _spaceless(fixes.text(n)) in made]
    reads = [
        n
        for n in descendants(body)
        if n.type == "identifier" and fixes.text(n) == definition.name.split(".")[-1]
    ]
    if not calls or not reads:
        return False
    root = fixes.source.root
    return any(
        _joined(ancestors(root, read), ancestors(root, call)) for read in reads for call in calls
    )


def _joined(one: list[Node], other: list[Node]) -> bool:
    """Whether two nodes (their paths from the root) meet below any branching of an `if` or a
    `match`: not one in a branch and the other in another."""
    common = None
    for a, b in zip(one, other, strict=False):
        if a.id != b.id:
            break
        common = a
    return common is None or common.type not in BRANCHING


BRANCHING = ("if_expression", "else_clause", "match_expression", "match_block", "match_arm")


def made_again_call(meeting: Meeting, fixes: Fixes) -> str:
    """The call that makes the tensor and that the loop makes again (`policy.forward(..)`),
    its arguments elided; empty when there is none."""
    value, loop = meeting.definition.value, meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    if value is None or body is None:
        return ""
    name = meeting.definition.name
    again = {_spaceless(fixes.text(n)) for n in _fresh_calls(body, name, fixes)}
    for node in descendants(value):
        if _called(node) and _spaceless(fixes.text(node)) in again:
            return f"{fixes.text(node.child_by_field_name('function'))}(..)"
    return ""


def snapshot(meeting: Meeting, fixes: Fixes) -> bool:
    """Whether the tensor is made by a call of a module's method (or a function) that the loop
    itself makes again, with the same arguments, every pass (`policy.log_probs(states.clone())`
    before the loop and in it): the loop computes the current value afresh, so the one made
    before it can only be meant as the value before the loop's updates, data: PPO's old
    log-probabilities. Recomputed in the loop it would be the current one (PPO's ratio always
    1, its gradient through both cancelling); detached, it is what it was made to be."""
    definition, loop = meeting.definition, meeting.loop
    value = definition.value
    body = loop.child_by_field_name("body") if loop is not None else None
    if value is None or body is None:
        return False
    made = {_spaceless(fixes.text(n)) for n in descendants(value) if _called(n)}
    if not made:
        return False
    again = {_spaceless(fixes.text(n)) for n in _fresh_calls(body, definition.name, fixes)}
    return bool(made & again)


def _fresh_calls(body: Node, name: str, fixes: Fixes) -> list[Node]:
    """The calls of the loop's `body` (`_called`), but those that make the tensor's binding
    anew (`y = r.clone() + target_net.forward(s_next.clone())..;` of a target network taken
    again every k steps): that is the binding refreshed, not a fresh value the loss compares
    it with."""
    found = []
    for node in descendants(body):
        if not _called(node):
            continue
        parent, refreshed = fixes.parent(node), False
        while parent is not None and parent.id != body.id:
            left = parent.child_by_field_name("left")
            if parent.type == "assignment_expression" and left is not None:
                refreshed = _spaceless(fixes.text(left)) == _spaceless(name)
                break
            parent = fixes.parent(parent)
        if not refreshed:
            found.append(node)
    return found


def _called(node: Node) -> bool:
    """A call with arguments of a function by name or of a method on a variable or its field
    (`policy.forward(obs.clone())`), not of a tensor's method on an expression."""
    function = node.child_by_field_name("function") if node.type == "call_expression" else None
    arguments = node.child_by_field_name("arguments") if function is not None else None
    if function is None or arguments is None or arguments.named_child_count == 0:
        return False
    if function.type == "identifier":
        return True
    if function.type != "field_expression":
        return False
    receiver = function.child_by_field_name("value")
    return receiver is not None and receiver.type in ("identifier", "field_expression", "self")


def _spaceless(text: str) -> str:
    return re.sub(r"\s+", "", text)



# -- shared-intermediate: a snapshot cut into minibatches, each read by a pass of a loop ----------


def loop_snapshot(value: Node, reads: list[Node], fixes: Fixes) -> str | None:
    """For a tensor made by `value` whose reads lie in a loop that calls the same method on the
    same data (rows of it) where the read can meet it in one loss (`let behaviour =
    policy.forward(obs.clone());` before a loop of minibatches that runs `policy.forward(obs
    .clone().narrow(0, 2 * i, 2))` and reads `behaviour.clone().narrow(0, 2 * i, 2)`): the
    call (`policy.forward(..)`), a snapshot; None otherwise."""
    made = [n for n in descendants(value) if _called(n)]
    root = fixes.source.root
    for read in reads:
        loop = _loop_of(read, value, fixes)
        body = loop.child_by_field_name("body") if loop is not None else None
        if body is None:
            continue
        for call in made:
            function = _spaceless(fixes.text(call.child_by_field_name("function")))
            data = _data(call, fixes)
            for node in descendants(body):
                if not _called(node) or not data & _data(node, fixes):
                    continue
                if _spaceless(fixes.text(node.child_by_field_name("function"))) != function:
                    continue
                if _joined(ancestors(root, read), ancestors(root, node)):
                    return f"{fixes.text(call.child_by_field_name('function'))}(..)"
    return None


def snapshot_detach_help(name: str, call: str, edits: list) -> Help:
    """Detach the snapshot `name` where it is made (shared-intermediate's words)."""
    return Help(
        f"detach `{name}` where it is made: the loop computes `{call}` again from the same "
        f"data, so `{name}` is a snapshot of the value before the loop's updates (PPO's old "
        "log-probs), meant as a constant; made anew where each loss reads it, it would be the "
        "loop's value itself, and what the loss compares it with would cancel (a ratio always 1)",
        edits,
    )


def is_snapshot_help(help_: Help) -> bool:
    """Whether `help_` is `snapshot_detach_help`'s."""
    return help_.message.startswith("detach `") and "is a snapshot of the value before" in (
        help_.message
    )


def _loop_of(read: Node, value: Node, fixes: Fixes) -> Node | None:
    """The innermost loop whose body holds `read` and not `value`."""
    for node in reversed(ancestors(fixes.source.root, read)):
        if node.start_byte <= value.start_byte < node.end_byte:
            return None
        if node.type in ("for_expression", "while_expression", "loop_expression"):
            return node
    return None


def _data(call: Node, fixes: Fixes) -> set[str]:
    """The variables a call's arguments read (`obs` of `obs.clone().narrow(0, i, 2)`)."""
    arguments = call.child_by_field_name("arguments")
    if arguments is None:
        return set()
    return {
        fixes.text(n)
        for n in descendants(arguments)
        if n.type == "identifier" and fixes.parent(n) is not None
        and not (fixes.parent(n).type == "field_expression" and fixes.parent(n).child(0) != n)
    }
