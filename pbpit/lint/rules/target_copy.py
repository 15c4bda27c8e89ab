"""A target copy of a module's weights, carried from pass to pass and blended towards them by
hand (`let mut target = TargetNet { weight: online.fc.weight.val() };`, then `target.weight =
target.weight * 0.95 + online.fc.weight.val() * 0.05;` after each step), which no optimizer
steps and whose gradient nothing reads: it needs no gradient (issue 24 item 5). The fix of
`loop-external-tracked` detaches the blended value where it is carried (`.detach()`, no
`.require_grad()`: `loop_trains.leaf_trained`), and the copy where it enters the loop, which is
the online module's parameter itself (`online.fc.weight.val().detach()`): undetached, the first
pass's loss sends a gradient into `online` through the target as well."""

from __future__ import annotations

import re
from dataclasses import replace

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, is_name
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.literal_fields import detach_field_edits
from pbpit.rust.syntax import Node, descendants


def with_entry_detached(helps: list[Help], name: str, meeting: Meeting, fixes: Fixes) -> list[Help]:
    """`helps` with the first (the carry detached) detaching the copy where it enters the loop
    too, when that is a parameter's value (`.val()`) put by a `let` before the loop, in a field
    of a struct literal (`name` = `holder.field`) or bound to `name` itself."""
    if not helps or not helps[0].edits:
        return helps
    edits = _entry_edits(name, meeting, fixes)
    if not edits:
        return helps
    line = edits[0].line
    message = helps[0].message + (
        f"; and detach the copy where it enters the loop (line {line}): it is the online "
        "module's parameter itself, no optimizer steps the copy, so it needs no gradient"
    )
    first = replace(helps[0], message=message, edits=[*edits, *helps[0].edits])
    return [first, *helps[1:]]


def _entry_edits(name: str, meeting: Meeting, fixes: Fixes) -> list[Edit]:
    loop = meeting.loop
    block = fixes.parent(loop) if loop is not None else None
    while block is not None and block.type != "block":
        block = fixes.parent(block)
    if loop is None or block is None:
        return []
    holder, _, field = name.partition(".")
    lets = [
        s
        for s in block.named_children
        if s.type == "let_declaration"
        and s.end_byte <= loop.start_byte
        and _binds(s, holder, fixes)
    ]
    if not lets:
        return []
    value = lets[-1].child_by_field_name("value")
    if value is None:
        return []
    if not field and is_name(holder):
        return fixes.detach_edits(value) if _parameter_value(value, fixes) else []
    if value.type != "struct_expression" or "." in field:
        return []
    for node in descendants(value):
        if node.type != "field_initializer":
            continue
        label = node.child_by_field_name("field")
        put = node.child_by_field_name("value")
        if label is None or put is None or fixes.text(label) != field:
            continue
        return detach_field_edits(node, fixes) if _parameter_value(put, fixes) else []
    return []


def _binds(statement: Node, name: str, fixes: Fixes) -> bool:
    pattern = statement.child_by_field_name("pattern")
    return pattern is not None and fixes.text(pattern).removeprefix("mut ").strip() == name


def _parameter_value(value: Node, fixes: Fixes) -> bool:
    """Whether `value` is a module's parameter's value, `online.fc.weight.val()` (a path of
    fields, then `.val()`), undetached."""
    text = fixes.text(value).replace(" ", "")
    head, _, tail = text.rpartition(".")
    return tail == "val()" and "." in head and all(is_name(p) for p in head.split("."))


def blend_detached(helps: list[Help], name: str, meeting: Meeting, fixes: Fixes) -> list[Help]:
    """`helps` led by the blend detached where it is made, for a copy of a module's weights
    carried from pass to pass that entered the loop as data (`Target { weight: zeros }`) and
    is blended towards a parameter's value by hand (`self.weight = self.weight.clone() * tau +
    online.proj.weight.val() * (1.0 - tau);` in a method the loop calls, BYOL's momentum
    update), which no optimizer steps: a target network needs no gradient (issue 24 item 5).
    Detached at the end of the pass instead, the blend would still send the first pass's loss
    into the online module through the target; detached where it is made, it never does."""
    definition = meeting.definition
    value, statement = definition.value, definition.statement
    if not helps or value is None or statement is None or not meeting.carried:
        return helps
    if statement.type != "expression_statement" or not fixes.whole_lines(statement):
        return helps
    assignment = statement.named_children[0] if statement.named_child_count else None
    if assignment is None or assignment.type != "assignment_expression":
        return helps
    if assignment.child_by_field_name("right") != value or fixes.detached_already(value):
        return helps
    left = assignment.child_by_field_name("left")
    carrier = fixes.text(left) if left is not None else ""
    blended = [
        fixes.text(n).replace(" ", "")
        for n in descendants(value)
        if n.type == "call_expression" and _parameter_value(n, fixes)
    ]
    params = [p.removesuffix(".val()") for p in blended]
    if not params or any(p.split(".")[0] in (carrier.split(".")[0], "self") for p in params):
        return helps  # its own weights (`self.w.val()`): a module of its own
    place = fixes.place(definition.span)
    where = f"line {place.line}"
    function = statement
    while function is not None and function.type != "function_item":
        function = fixes.parent(function)
    named = function.child_by_field_name("name") if function is not None else None
    if named is not None and function is not None and function.end_byte < meeting.loop_span[0]:
        where += f", in `{fixes.text(named)}`"
    shown = ", ".join(f"`{p}`" for p in params)
    what = "the blend" if carrier == name else f"`{name}`"
    message = (
        f"detach {what} where it is put in `{carrier}` ({where}): it blends {shown} into "
        "a copy no optimizer steps (a target network), which needs no gradient; detached "
        "only at the end of the pass, the loss would still send a gradient through it into "
        f"{shown} in the pass that makes it"
    )
    first = Help(message, fixes.detach_edits(value))
    rest = [replace(h, applicability="MaybeIncorrect") for h in helps]
    return [first, *rest]


def copy_targets_detached(
    helps: list[Help], name: str, meeting: Meeting, fixes: Fixes
) -> list[Help]:
    """`helps` led by the carried value detached where it is made, for a value the loop takes
    anew (not from its own previous value) through a copy of a module taken by `.clone()`
    (`let target_net = qnet.clone();` .. `targets = rewards.clone() + next_q * 0.9;`, refreshed
    every k steps and read by the steps between), the copy never stepped by an optimizer and
    its gradient never read: a target network (issue 24 item 5). The copy shares the module's
    parameters, so the targets left tracked send the refresh step's loss back into the module
    through them; detached where made, the loss trains through its prediction alone (the
    semi-gradient of TD learning). Detached only at the end of the pass instead, that gradient
    stays in every refresh step."""
    from pbpit.lint.rules.carried_state import held_tensor
    from pbpit.lint.rules.loop_trains import trains

    definition = meeting.definition
    value, statement = definition.value, definition.statement
    if not helps or value is None or statement is None or not meeting.carried:
        return helps
    assignment = statement.named_children[0] if statement.named_child_count else None
    if statement.type == "assignment_expression":
        assignment = statement
    if assignment is None or assignment.type != "assignment_expression":
        return helps
    left = assignment.child_by_field_name("left")
    if left is None or assignment.child_by_field_name("right") != value:
        return helps
    carrier = fixes.text(left)
    held = held_tensor(value, fixes) or value  # `Some(tensor)`: the tensor it holds
    if fixes.detached_already(held) or _reads(value, carrier, fixes):
        return helps  # blended from its own value: state, not taken anew
    function = statement
    while function is not None and function.type != "function_item":
        function = fixes.parent(function)
    if function is None:
        return helps
    copies = _module_copies(function, fixes)
    read = {fixes.text(n) for d in definition.sources if d.value is not None
            for n in descendants(d.value) if n.type == "identifier"}  # fmt: skip
    read |= {fixes.text(n) for n in descendants(value) if n.type == "identifier"}
    # The module an optimizer steps, anywhere in the file (a method refreshing the targets,
    # `self.online.clone()` in `Agent::refresh`, is stepped by the loop that calls it).
    data = fixes.data
    used = sorted(
        (copy, module)
        for copy, module in copies.items()
        if copy in read
        and module.split(".")[-1] not in read
        and not trains(data, copy)
        and _stepped(data, module.split(".")[-1])
    )
    if len(used) != 1:
        return helps
    copy, module = used[0]
    place = fixes.place((held.start_byte, held.end_byte))
    message = (
        f"detach `{carrier}` where it is made (line {place.line}): it is made through "
        f"`{copy}`, a copy of `{module}` that no optimizer steps (a target network), so it "
        f"needs no gradient; left tracked, the loss of the step that makes it sends a gradient "
        f"through it into `{module}`'s parameters, which the copy shares (detached only at the "
        "end of the pass, it still does)"
    )
    first = Help(message, fixes.detach_edits(held))
    rest = [replace(h, applicability="MaybeIncorrect") for h in helps]
    return [first, *rest]


def _reads(value: Node, name: str, fixes: Fixes) -> bool:
    """Whether `value` names `name` (a variable, or a field path `self.targets`)."""
    return any(
        fixes.text(n) == name
        for n in descendants(value)
        if n.type in ("identifier", "field_expression")
    )


def _module_copies(function: Node, fixes: Fixes) -> dict[str, str]:
    """The variables of `function` bound or assigned a copy of another by `.clone()` (`let
    target_net = qnet.clone();`, `target = online.clone();`): the copy to what it copies."""
    copies: dict[str, str] = {}
    for node in descendants(function):
        if node.type == "let_declaration":
            left, right = node.child_by_field_name("pattern"), node.child_by_field_name("value")
        elif node.type == "assignment_expression":
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        else:
            continue
        if left is None or right is None or right.type != "call_expression":
            continue
        copy = fixes.text(left).removeprefix("mut ").strip()
        called = right.child_by_field_name("function")
        arguments = right.child_by_field_name("arguments")
        if called is None or called.type != "field_expression" or arguments is None:
            continue
        method, receiver = called.child_by_field_name("field"), called.child_by_field_name("value")
        if method is None or receiver is None or fixes.text(method) != "clone":
            continue
        module = fixes.text(receiver).replace(" ", "")
        if arguments.named_child_count or not is_name(copy):
            continue
        if not all(is_name(part) for part in module.split(".")):
            continue  # a path of fields (`self.online`), nothing called
        copies[copy] = module
    return copies


def _stepped(data: bytes, name: str) -> bool:
    """Whether an optimizer steps the module `name` (or a field path ending in it): `optim.step(..,
    name, ..)`, `GradientsParams::from_grads(.., &name)`; a tensor whose gradient is only read
    (`w.grad(&grads)`) is no module a target network copies."""
    word = rb"(?<![\w])(?:[\w.]*\.)?" + re.escape(name.encode()) + rb"\b"
    return bool(
        re.search(rb"\bstep\s*\([^;]*" + word, data)
        or re.search(rb"from_grads\s*\([^;]*" + word, data)
    )
