"""`double-backward` of a loss a loop keeps in a binding of its own (`last = Some(loss);`, `best
= Some((v, loss));`) and backpropagates again after the loop, through the pattern that reads it
back (`if let Some(loss) = last.take()`, `if let Some((_, loss)) = best`): the loss an earlier
backward of the loop consumed, itself (a clone is the same tensor), not a loss made from it.

Named by the binding that keeps it (`best`, `last`), where the loss was put in it. Two fixes,
each written as code where it can be:

- the loss was backpropagated as part of a window's sum taken out of an `Option` accumulator
  (`let total = acc.take().unwrap();`): the flush after the loop backpropagates what the
  accumulator still holds (`if let Some(loss) = acc.take()`), the losses of an unfilled window
  only, none when the last window was full, so each loss is backpropagated once;
- otherwise the binding keeps what the loss is computed from in place of the loss (the pass's
  counter: `best = Some((v, b));`), and the loss is computed again from it, with the model as it
  is then, where it is backpropagated: a graph of its own.

Detaching the loss where it is kept would leave it on no tape: the backward after the loop would
then train nothing."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pbpit.diagnostics.model import Diagnostic, Edit, Help
from pbpit.lint.fixes import Fixes, identifiers, is_name
from pbpit.lint.rule import Meeting, this_backward, through_note
from pbpit.lint.rules.kept_again import _matched
from pbpit.lint.rules.kept_batches import (
    batch_edits,
    batch_words,
    kept_in_collection,
    variables,
)
from pbpit.lint.rules.kept_report import report_edits, report_words
from pbpit.lint.values import Backward, Definition
from pbpit.rust.syntax import Node, descendants

_PLACE = re.compile(
    r"&?\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*?)"
    r"(?:\s*\.\s*(?:take|clone|last|first|pop|pop_back|cloned|as_ref)\(\s*\))*"
)
_PUSHES = ("push", "push_back", "insert")
_LOOPS = ("for_expression", "while_expression", "loop_expression")


@dataclass(frozen=True)
class KeptLoss:
    """`place` keeps the loss (put there by `kept`); the backward after the loop reads it back
    through `pattern` matched against `value`."""

    place: str
    kept: Node
    pattern: Node | None
    """None for a collection the later loss is made of (`kept_batches`)."""
    value: Node
    loop: Node


def kept_loss(meeting: Meeting, fixes: Fixes) -> KeptLoss | None:
    """The binding of the function that keeps the loss `meeting` backpropagates again after the
    loop that made it (see the module), or None."""
    if meeting.loop is not None:
        return None
    if meeting.same_tensor:
        return _kept_plain(meeting, fixes)  # `last_loss = loss;` given to a helper after
    collected = kept_in_collection(meeting, fixes)
    if collected is not None:
        return collected
    definition, later = meeting.definition, meeting.later
    origin = meeting.loss.origin
    if _closure_of(meeting, fixes) is not None:
        return _kept_given(meeting, fixes)  # a closure's parameter: `latest = Some(loss);`
    receiver = later.receiver or _given_as_is(later, origin)
    if origin is None or not receiver or receiver != origin.name or origin.statement is None:
        return None
    unwrapped = _unwrapped(origin.statement, fixes)  # `let l = last.take().unwrap();`
    if definition.statement is None:
        return None
    if later.through is not None and not later.receiver:
        given = _kept_given(meeting, fixes)  # `latest = Some(loss);` read by a helper's call
        if given is not None:
            return given
    if not origin.statement.type.endswith("pattern") and unwrapped is None:
        return None
    made = {d.span for d in definition.sources} | {definition.span}
    between = [d for d in origin.sources if d.span not in made]
    if not between or not all(
        _held(d, fixes) or (unwrapped is not None and d.statement == origin.statement)
        for d in between
    ):
        return None
    pattern, value = unwrapped or _matched(origin.statement)
    if pattern is None or value is None:
        return None
    text = fixes.text(value).strip()
    if unwrapped is not None:
        text = re.sub(r"\s*\.\s*(?:unwrap\(\s*\)|expect\([^()]*\))$", "", text)
    match = _PLACE.fullmatch(text)
    if match is None:
        return None
    place = match.group(1)
    loop = _loop_of(definition.statement)
    if loop is None or not (loop.end_byte <= value.start_byte):
        return None  # read back after the loop that made the loss
    kept = _kept_at(place, definition.name, loop, fixes)
    if kept is None:
        return None
    return KeptLoss(place, kept, pattern, value, loop)


def _kept_given(meeting: Meeting, fixes: Fixes) -> KeptLoss | None:
    """The binding a loop's assignment keeps the loss in (`latest = Some(loss);`), read back
    after the loop (`latest.take().unwrap()`) by what a function of the program is given and
    backpropagates, the tensor lint follows as the binding's own; None otherwise."""
    origin, definition = meeting.loss.origin, meeting.definition
    statement = origin.statement if origin is not None else None
    if origin is None or statement is None or statement.type != "expression_statement":
        return None
    if definition.statement is None or not is_name(origin.name):
        return None
    loop = _loop_of(definition.statement)
    if loop is None or meeting.later.span[0] < loop.end_byte:
        return None
    if not (loop.start_byte <= statement.start_byte < loop.end_byte):
        return None
    kept = _kept_at(origin.name, definition.name, loop, fixes)
    if kept is None or kept.type == "arguments":
        return None
    return KeptLoss(origin.name, kept, kept, kept, loop)


def _kept_plain(meeting: Meeting, fixes: Fixes) -> KeptLoss | None:
    """A loss a loop assigns as it is to a binding made before it (`last_loss = loss;`), given
    after the loop to a function of the program that backpropagates it (`weight_grad_sum(&layer,
    last_loss)`): the binding keeps it; None otherwise."""
    later, definition = meeting.later, meeting.definition
    if later.through is None or later.receiver or definition.statement is None:
        return None
    loop = _loop_of(definition.statement)
    if loop is None or later.span[0] < loop.end_byte:
        return None
    called = fixes.data[later.span[0] : later.span[1]].decode("utf-8", "replace")
    for node in descendants(loop):
        if node.type != "assignment_expression":
            continue
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if left is None or right is None or left.type != "identifier":
            continue
        place = fixes.text(left)
        if "".join(fixes.text(right).split()) not in (
            definition.name,
            f"{definition.name}.clone()",
        ):
            continue
        if _declared_before(place, loop, fixes) is None:
            continue
        if re.search(rf"(?<![\w.]){re.escape(place)}(?![\w(])", called) is None:
            continue
        if _kept_at(place, definition.name, loop, fixes) is not None:
            return KeptLoss(place, right, right, right, loop)
    return None


def _closure_of(meeting: Meeting, fixes: Fixes) -> str | None:
    """The name of the closure bound by `let` whose parameter the later backward
    backpropagates (`let bias_grad = |l: Tensor<1>, ..| { let g = l.backward(); .. };`), or
    None."""
    receiver, origin = meeting.later.receiver, meeting.loss.origin
    if not receiver or origin is None or receiver == origin.name:
        return None
    node = fixes.call_at(meeting.later.span)
    while node is not None and node.type != "closure_expression":
        if node.type == "function_item":
            return None
        node = node.parent
    parameters = node.child_by_field_name("parameters") if node is not None else None
    if node is None or parameters is None:
        return None
    if receiver not in {fixes.text(n) for n in identifiers(parameters)}:
        return None
    bound = node.parent
    pattern = bound.child_by_field_name("pattern") if bound is not None else None
    if bound is None or bound.type != "let_declaration" or pattern is None:
        return None
    return fixes.text(pattern) if is_name(fixes.text(pattern)) else None


def _unwrapped(statement: Node, fixes: Fixes) -> tuple[Node, Node] | None:
    """The name and value of `let l = last.take().unwrap();` (or `.expect(..)`): the loss read
    back out of what kept it, as an `if let Some(l)` would; None otherwise."""
    if statement.type != "let_declaration":
        return None
    pattern, value = (
        statement.child_by_field_name("pattern"),
        statement.child_by_field_name("value"),
    )
    if pattern is None or value is None or pattern.type != "identifier":
        return None
    text = "".join(fixes.text(value).split())
    if re.search(r"\.(?:unwrap\(\)|expect\([^()]*\))$", text) is None:
        return None
    return pattern, value


def _given_as_is(later: Backward, origin: Definition | None) -> str | None:
    """The name of the loss a function of the program is given and backpropagates as it is
    (`grad_norm(&model, loss)` of `let grads = loss.backward();` in its body), or None."""
    if later.through is None or origin is None:
        return None
    given = [value.origin for _, itself, value in later.parameters if itself]
    return origin.name if given and all(g is origin for g in given) else None


def kept_loss_diagnostic(rule: str, meeting: Meeting, kept: KeptLoss, fixes: Fixes) -> Diagnostic:
    """`double-backward`'s diagnostic of a loss kept in `kept.place` and backpropagated again."""
    place, later, earlier = kept.place, meeting.later, meeting.earlier
    name = meeting.definition.name
    itself = earlier.receiver == name or (
        earlier.receiver is None and earlier.loss.origin is meeting.definition
    )
    first = (
        f"`{name}`'s graph"
        if itself
        else f"`{earlier.receiver or 'the loss'}`'s graph, `{name}`'s with it"
    )
    held = f"`{name}`" if kept.pattern is not None else f"each pass's `{name}`"
    panics = this_backward(f"panics: `{place}` holds {held} itself", later.through)
    labels = [
        fixes.label(later.span, panics, True),
        fixes.label(meeting.definition.span, f"`{name}` is made here"),
        fixes.label(earlier.span, f"this backward consumes {first}"),
        fixes.label(
            (kept.kept.start_byte, kept.kept.end_byte), f"`{name}` is kept in `{place}` here"
        ),
    ]
    message = (
        f"`{place}` keeps `{name}`, whose graph a backward of the loop consumed, and it is "
        "backpropagated again after the loop: the 2nd backward panics"
    )
    helps = _helps(meeting, kept, fixes)
    notes = [n for n in [through_note(later, meeting.definition)] if n]
    return fixes.diagnostic(rule, message, place, labels, helps, later.span[0], notes)


def _helps(meeting: Meeting, kept: KeptLoss, fixes: Fixes) -> list[Help]:
    name, place = meeting.definition.name, kept.place
    if kept.pattern is None:  # a collection the later loss is made of
        return [Help(batch_words(name, place), batch_edits(meeting, kept, fixes))]
    closure = _closure_of(meeting, fixes)
    if closure is not None:
        # Given to a closure that backpropagates it: the closure given the `Gradients` in the
        # loop instead (its `let` moved before the loop), in words
        return [Help(report_words(name, place, closure))]
    if meeting.later.through is not None and meeting.later.receiver is None:
        # Given to a function of the program that backpropagates it (a report after the loop)
        return [
            Help(
                report_words(name, place, meeting.later.through), report_edits(meeting, kept, fixes)
            )
        ]
    accumulator = _accumulator(meeting, kept, fixes)
    if accumulator is not None:
        acc, edits = accumulator
        total = meeting.earlier.receiver or "the window's sum"
        shown = edits[0].replacement
        return [
            Help(
                f"flush what `{acc}` still holds in place of `{place}` (`{shown}`): "
                f"`{name}` was backpropagated already in `{total}`; `{acc}` holds only the "
                "losses of an unfilled window (none when the last window was full), so each "
                "loss is backpropagated once",
                edits,
            )
        ]
    if meeting.earlier.receiver not in (None, name):
        total = meeting.earlier.receiver
        return [
            Help(
                f"the backward of `{total}` trained `{name}` already: backpropagate after the "
                f"loop only the losses no backward took (an unfilled window's: guard it by the "
                f"window's count, or empty the window where it is backpropagated and flush it), "
                f"not `{place}`"
            )
        ]
    again = _keep_the_input(meeting, kept, fixes)
    if again and len(again) == 2:  # the pattern's binding and the lines: nothing kept changes
        words = (
            f"compute `{name}` again where it is backpropagated after the loop: it reads "
            f"nothing of the pass but what is still in scope there, and a graph of its own "
            f"uses the model as it is then (`{place}` then says only that a pass made one)"
        )
        return [Help(words, again)]
    words = (
        f"keep in `{place}` what `{name}` is computed from (the pass's input, as data) in place "
        f"of `{name}`, and compute `{name}` again from it where it is backpropagated: a graph "
        f"of its own, with the model as it is then (detached where it is kept, `{name}` would "
        "leave that backward nothing to train)"
    )
    return [Help(words, again)]


def _accumulator(meeting: Meeting, kept: KeptLoss, fixes: Fixes) -> tuple[str, list[Edit]] | None:
    """The `Option` the earlier backward's loss was taken out of (`let total =
    acc.take().unwrap();`), declared before the loop, and the edit reading it back in place of
    the kept binding; None otherwise, or where the pattern is no `Some(name)`."""
    earlier = meeting.earlier
    if earlier.receiver in (None, meeting.definition.name):
        return None
    statement = _let_of(earlier.receiver, fixes.call_at(earlier.span), fixes)
    value = statement.child_by_field_name("value") if statement is not None else None
    if value is None or statement is None:
        return None
    found = re.search(r"([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\.\s*take\(\s*\)", fixes.text(value))
    if kept.pattern is None or re.fullmatch(r"Some\(\s*\w+\s*\)", fixes.text(kept.pattern)) is None:
        return None
    if found is None:
        return _window(meeting, kept, statement, value, fixes) or _counted(meeting, kept, fixes)
    acc = found.group(1)
    root = acc.split(".")[0]
    if root != "self" and _declared_before(root, kept.loop, fixes) is None:
        return None
    edit = fixes.edit(kept.value.start_byte, kept.value.end_byte, f"{acc}.take()")
    return acc, [edit]


def _counted(meeting: Meeting, kept: KeptLoss, fixes: Fixes) -> tuple[str, list[Edit]] | None:
    """A window summed into a tensor the loop adds each loss to (`sum = sum + loss.clone();`),
    backpropagated in the branch of a counter (`if count == 3 {..}`) that restarts both
    (`sum = Tensor::zeros(..); count = 0;`): the flush reads the sum while the counter is above
    zero, `(count > 0).then(|| sum.clone())`, in place of the kept binding; None otherwise."""
    total = meeting.earlier.receiver
    call = fixes.call_at(meeting.earlier.span)
    if not total or not is_name(total) or call is None:
        return None
    branch = call.parent
    while branch is not None and branch.type != "if_expression":
        if branch == kept.loop:
            return None
        branch = branch.parent
    if branch is None or not (kept.loop.start_byte < branch.start_byte):
        return None
    condition = branch.child_by_field_name("condition")
    body = branch.child_by_field_name("consequence")
    if condition is None or body is None:
        return None
    said = ["".join(fixes.text(n).split()) for n in descendants(body)]
    if not any(t.startswith(f"{total}=") and t.endswith(";") for t in said):
        return None  # the sum restarted in the branch
    if _declared_before(total, kept.loop, fixes) is None:
        return None
    loop_text = ["".join(fixes.text(n).split()) for n in descendants(kept.loop)]
    for counter in {fixes.text(n) for n in variables(condition)}:
        if f"{counter}=0;" in said and f"{counter}+=1;" in loop_text:
            flush = f"({counter} > 0).then(|| {total}.clone())"
            return total, [fixes.edit(kept.value.start_byte, kept.value.end_byte, flush)]
    return None


def _window(
    meeting: Meeting, kept: KeptLoss, statement: Node, value: Node, fixes: Fixes
) -> tuple[str, list[Edit]] | None:
    """A window of losses in a collection the loop pushes the loss into (`window.push(loss
    .clone())`), whose sum the earlier backward took (`let total = Tensor::cat(window.clone(),
    0).sum();`) and which is emptied right after (`window.clear();`): the flush reads that sum
    while the window holds any loss, `(!window.is_empty()).then(|| ..)`, in place of the kept
    binding; None otherwise."""
    block = statement.parent
    if block is None or not fixes.whole_lines(statement):
        return None
    name = meeting.definition.name
    for node in variables(value):
        read = node
        while read.parent is not None and read.parent.type == "field_expression":
            if read.parent.child_by_field_name("value") != read:
                break
            read = read.parent
            if fixes.text(read).endswith((".clone", ".iter", ".drain")):
                read = read.child_by_field_name("value") or read
                break
        window = "".join(fixes.text(read).split())
        root = window.split(".")[0]
        if root != "self" and _declared_before(root, kept.loop, fixes) is None:
            continue
        pushed = _kept_at(window, name, kept.loop, fixes)
        if pushed is None or pushed.type != "arguments":
            continue
        after = [s for s in block.named_children if s.start_byte >= statement.end_byte]
        emptied = any(
            "".join(fixes.text(s).split()) == f"{window}.clear();" for s in after[:3]
        ) or f"{window}.drain(" in "".join(fixes.text(value).split())
        if not emptied:
            return None
        flush = f"(!{window}.is_empty()).then(|| {' '.join(fixes.text(value).split())})"
        return window, [fixes.edit(kept.value.start_byte, kept.value.end_byte, flush)]
    return None


def _keep_the_input(meeting: Meeting, kept: KeptLoss, fixes: Fixes) -> list[Edit]:
    """The edits keeping the pass's counter in place of the loss and computing the loss again
    after the loop (see the module), or none where they cannot be written."""
    definition = meeting.definition
    statement, name = definition.statement, definition.name
    if statement is None or statement.type != "let_declaration" or not is_name(name):
        return []
    block = statement.parent
    body = _body_after(kept)
    if block is None or body is None or not fixes.whole_lines(body.named_children[0]):
        return []
    chain = _chain(statement, block, fixes)
    bound = {n for s in chain for n in _bound(s, fixes)}
    read = {fixes.text(n) for s in chain for n in variables(_value(s))} - bound
    keys = [c for c in _counters(kept.loop, fixes) if c in read]
    outside = read - set(keys)
    if len(keys) > 1 or any(_declared_before(n, kept.loop, fixes) is None for n in outside):
        return []
    if any(_changed_in(n, kept.loop, fixes) for n in outside):
        return []  # a counter the loop moves on (`i += 1`): after it, another pass's value
    receiver = meeting.later.receiver or name
    bind = [n for n in identifiers(kept.pattern) if fixes.text(n) == receiver]
    if len(bind) != 1:
        return []
    first = body.named_children[0]
    again = "".join(fixes.copy_lines(s, [], fixes.indent_of(first)) for s in chain)
    if receiver != name:
        again += f"{fixes.indent_of(first)}let {receiver} = {name};{fixes.newline}"
    start = fixes.line_start(first.start_point[0])
    if not keys:
        # Made of nothing the pass has of its own (the model and data outside the loop): the
        # loss computed again where it is backpropagated, what is kept not read.
        return [
            fixes.edit(bind[0].start_byte, bind[0].end_byte, "_"),
            fixes.edit(start, start, again),
        ]
    key = keys[0]
    # The loss where it is kept, the pattern reading it back: the counter in its place.
    put = [n for n in identifiers(kept.kept) if fixes.text(n) == name]
    if len(put) != 1:
        return []
    edits = [
        fixes.edit(put[0].start_byte, put[0].end_byte, key),
        fixes.edit(bind[0].start_byte, bind[0].end_byte, key),
    ]
    typed = _typed(kept.place, kept.loop, fixes)
    if typed is not None:
        edits.append(fixes.edit(typed.start_byte, typed.end_byte, "usize"))
    return [*edits, fixes.edit(start, start, again)]


def _changed_in(name: str, loop: Node, fixes: Fixes) -> bool:
    """Whether `loop` assigns `name` other than by an optimizer's step (`model =
    optim.step(..)`, whose value the loss computed again after the loop is meant to read)."""
    for node in descendants(loop):
        if node.type not in ("assignment_expression", "compound_assignment_expr"):
            continue
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if left is None or fixes.text(left) != name:
            continue
        if node.type != "assignment_expression" or right is None:
            return True
        function = (
            right.child_by_field_name("function") if right.type == "call_expression" else None
        )
        method = function.child_by_field_name("field") if function is not None else None
        if method is None or fixes.text(method) != "step":
            return True
    return False


def _let_of(name: str, at: Node | None, fixes: Fixes) -> Node | None:
    """The `let` binding `name` before `at`, in the blocks around it."""
    node = at
    while node is not None and node.parent is not None:
        parent = node.parent
        if parent.type == "block":
            for s in reversed(parent.named_children):
                if s.start_byte < node.start_byte and s.type == "let_declaration":
                    if name in _bound(s, fixes):
                        return s
        if parent.type in ("function_item", "closure_expression"):
            return None
        node = parent
    return None


def _held(definition: Definition, fixes: Fixes) -> bool:
    """Whether `definition` binds the tensor as it is: a pattern's binding, or a value that is a
    name, its clone, or `Some` of one (alone or in a tuple)."""
    value = definition.value
    if value is None:
        statement = definition.statement
        return statement is not None and statement.type.endswith("pattern")
    text = re.sub(r"\s+", "", fixes.text(value))
    return re.fullmatch(r"(Some\()?\(?[\w.,]*(\.clone\(\))?[\w.,]*\)?\)?", text) is not None


def _loop_of(node: Node) -> Node | None:
    current = node.parent
    while current is not None and current.type not in _LOOPS:
        if current.type in ("function_item", "closure_expression"):
            return None
        current = current.parent
    return current


def _kept_at(place: str, name: str, loop: Node, fixes: Fixes) -> Node | None:
    """The one assignment in `loop` of `place` whose value names `name` (`best = Some((v,
    loss))`), or None."""
    found = []
    for node in descendants(loop):
        if node.type == "call_expression":  # `history.push(loss)`: put in a collection
            function = node.child_by_field_name("function")
            arguments = node.child_by_field_name("arguments")
            receiver = function.child_by_field_name("value") if function is not None else None
            method = function.child_by_field_name("field") if function is not None else None
            if (
                receiver is not None
                and method is not None
                and arguments is not None
                and fixes.text(method) in _PUSHES
                and "".join(fixes.text(receiver).split()) == place
                and any(fixes.text(n) == name for n in identifiers(arguments))
            ):
                found.append(arguments)
            continue
        if node.type != "assignment_expression":
            continue
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if left is None or right is None or "".join(fixes.text(left).split()) != place:
            continue
        if any(fixes.text(n) == name for n in identifiers(right)):
            found.append(right)
    return found[0] if len(found) == 1 else None


def _body_after(kept: KeptLoss) -> Node | None:
    """The block the pattern's bindings are read in: an `if let`'s consequence, a `match` arm's
    block."""
    node = kept.pattern.parent
    while node is not None and node.type not in ("if_expression", "while_expression", "match_arm"):
        node = node.parent
    if node is None:
        return None
    body = node.child_by_field_name("consequence" if node.type == "if_expression" else "body")
    if node.type == "match_arm":
        body = node.child_by_field_name("value")
    if body is None or body.type != "block" or not body.named_children:
        return None
    return body


def _counters(loop: Node, fixes: Fixes) -> list[str]:
    """The names a `for` loop over a range binds (`b` of `for b in 0..3`), or the index of an
    `enumerate()`: integers, kept as data."""
    if loop.type == "while_expression":
        return _while_counters(loop, fixes)
    if loop.type != "for_expression":
        return []
    pattern, value = loop.child_by_field_name("pattern"), loop.child_by_field_name("value")
    if pattern is None or value is None:
        return []
    if value.type == "range_expression" and pattern.type == "identifier":
        return [fixes.text(pattern)]
    text = fixes.text(value)
    if text.rstrip().endswith(".enumerate()") and pattern.type == "tuple_pattern":
        first = pattern.named_children[0] if pattern.named_children else None
        if first is not None and first.type == "identifier":
            return [fixes.text(first)]
    return []


def _while_counters(loop: Node, fixes: Fixes) -> list[str]:
    """The names a `while` loop's condition compares that its body moves on only by `+= ..`
    as the last statements of the body (`i += 1;`): each pass reads its own value before."""
    condition, body = loop.child_by_field_name("condition"), loop.child_by_field_name("body")
    if condition is None or body is None or not body.named_children:
        return []
    named = {fixes.text(n) for n in identifiers(condition)}
    found = []
    for name in named:
        changes = [
            n
            for n in descendants(body)
            if n.type in ("assignment_expression", "compound_assignment_expr")
            and (left := n.child_by_field_name("left")) is not None
            and fixes.text(left) == name
        ]
        last = body.named_children[-1]
        if len(changes) == 1 and changes[0].type == "compound_assignment_expr":
            if changes[0].parent == last or changes[0] == last:
                found.append(name)
    return found


def _chain(statement: Node, block: Node, fixes: Fixes) -> list[Node]:
    """The `let`s of `block` before `statement` that it reads, itself last, in order."""
    lets = [
        s
        for s in block.named_children
        if s.type == "let_declaration" and s.start_byte < statement.start_byte
    ]
    wanted = {fixes.text(n) for n in identifiers(_value(statement))}
    chosen = [statement]
    for s in reversed(lets):
        names = _bound(s, fixes)
        if names & wanted and fixes.whole_lines(s):
            chosen.insert(0, s)
            wanted |= {fixes.text(n) for n in identifiers(_value(s))}
    return chosen


def _value(statement: Node) -> Node:
    return statement.child_by_field_name("value") or statement


def _bound(statement: Node, fixes: Fixes) -> set[str]:
    pattern = statement.child_by_field_name("pattern")
    return {fixes.text(n) for n in identifiers(pattern)} if pattern is not None else set()


def _declared_before(name: str, loop: Node, fixes: Fixes) -> Node | None:
    """The `let` (or parameter) binding `name` in a block around `loop`, before it."""
    node = loop.parent
    while node is not None:
        if node.type == "block":
            for s in node.named_children:
                if s.start_byte >= loop.start_byte:
                    break
                if s.type == "let_declaration" and name in _bound(s, fixes):
                    return s
        if node.type == "function_item":
            parameters = node.child_by_field_name("parameters")
            if parameters is not None and any(
                fixes.text(n) == name for n in identifiers(parameters)
            ):
                return parameters
            return None
        node = node.parent
    return None


def _typed(place: str, loop: Node, fixes: Fixes) -> Node | None:
    """The `Tensor<..>` in the written type of `place`'s `let` (`Option<(f32, Tensor<1>)>`),
    where the counter is to go; None where no type is written or it holds no one tensor."""
    if "." in place:  # a field: its struct's declaration (`latest: Option<Tensor<1>>`)
        last = place.rsplit(".", 1)[1]
        fields = [
            n
            for n in descendants(fixes.source.root)
            if n.type == "field_declaration"
            and (named := n.child_by_field_name("name")) is not None
            and fixes.text(named) == last
        ]
        statement = fields[0] if len(fields) == 1 else None
    else:
        statement = _declared_before(place, loop, fixes)
    written = statement.child_by_field_name("type") if statement is not None else None
    if written is None:
        return None
    tensors = [
        n
        for n in descendants(written)
        if n.type == "generic_type" and fixes.text(n).replace(" ", "").startswith("Tensor<")
    ]
    return tensors[0] if len(tensors) == 1 else None


def rebuilt_after_loop(definition: Definition, later: Backward, fixes: Fixes) -> list[Edit]:
    """The loss a loop's pass assigns (`loss = (fit.fc.forward(x.clone()) - ..).mean();` to a
    `let mut loss` made before it) and a statement after the loop backpropagates again (a final
    polishing step): the assignment again just before that statement, built from the model as
    the loop left it. None where it reads the loss itself or a name the loop binds, or the
    statement is not a whole-line one of a block around the loop."""
    name, statement = definition.name, definition.statement
    if not is_name(name) or statement is None or statement.type != "expression_statement":
        return []
    assignment = statement.named_children[0] if statement.named_children else None
    if assignment is None or assignment.type != "assignment_expression":
        return []
    left, value = assignment.child_by_field_name("left"), assignment.child_by_field_name("right")
    if left is None or value is None or fixes.text(left) != name:
        return []
    loop = _loop_of(statement)
    at = fixes.call_at(later.span)
    while at is not None and at.parent is not None and at.parent.type != "block":
        at = at.parent
    if loop is None or at is None or at.start_byte < loop.end_byte or not fixes.whole_lines(at):
        return []
    block = at.parent
    if block is None or not (block.start_byte <= loop.start_byte < block.end_byte):
        return []
    read = {fixes.text(n) for n in identifiers(value)}
    if name in read or any(_declared_before(n, loop, fixes) is None for n in read):
        return []
    moved = fixes.moved_names(value)
    if moved is None or not fixes.whole_lines(statement):
        return []
    clones = [n for n in moved if not fixes.is_copy(fixes.text(n), n.start_byte)]
    again = fixes.copy_lines(statement, clones, fixes.indent_of(at))
    start = fixes.line_start(at.start_point[0])
    return [fixes.edit(start, start, again)]
