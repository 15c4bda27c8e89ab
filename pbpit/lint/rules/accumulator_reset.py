"""The fixes of `loop-external-tracked` for gradient accumulation:

- `acc = acc + loss` each pass, `acc.backward()` only in some passes, never reset: the
  accumulator reset to the value it started with right after the backward that consumed it
  (`accumulator_reset`);
- a sum of the passes' losses backpropagated every pass (`running = running + loss;` then
  `running.backward()` in the same loop body, `backward_once`): the backward of the pass before
  consumed the steps the sum is made of, so the next pass's backward panics. Detaching the sum
  at the end of each pass runs, and its first backward's gradients are the original's, but from
  the second backward on each one gets the gradient of its own pass's loss alone: the earlier
  terms of the sum became constants, and the `Gradients` an optimizer steps with are the last
  micro-batch's, not the accumulated ones. The fix a user means: backpropagate the sum once,
  after the loop that adds to it (the statements from the backward to the end of the loop's
  body moved after the loop), written as code; the detach said in words with what it cuts.
  Such a fix changes the first backward's gradients on purpose (`SUM_ONCE.changes_gradients`):
  a run's check of it says what it did instead of comparing them."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, identifiers, is_name
from pbpit.lint.rule import Fix, Meeting
from pbpit.lint.rules.pass_shape import assignments, continues
from pbpit.rust.syntax import Node, descendants

LOOPS = ("for_expression", "while_expression", "loop_expression", "closure_expression")


def reset_help(name: str, start: str, edits: list[Edit]) -> Help:
    """Reset the accumulator `name` to the value it started with (`start`) once its backward has
    run: each backward then gets the losses added since the last one, as before, and the next
    accumulation starts afresh."""
    message = (
        f"reset `{name}` right after the backward that consumed it, to the value it started "
        "with: the next accumulation starts afresh and the gradients stay as they are"
    )
    if not edits:
        return Help(f"{message} (`{name} = {start};`)")
    return Help(message, edits)


def accumulator_reset(name: str, meeting: Meeting, fixes: Fixes) -> Help | None:
    """For gradient accumulation (`acc = acc + loss` each pass, `acc.backward()` only in some
    passes, in an `if` of the loop's body, and never reset): `name = <its initial value>;`
    right after the statement of the backward. None for any other state (an RNN's `h` carried
    into every pass's backward is not reset: it is what the loop carries)."""
    loop = meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    if body is None or meeting.in_macro or loop is None:
        return None
    field = _field_penalty(name, meeting, body, fixes)
    if field is not None:
        return field
    adds = assignments(name, body, fixes) if is_name(name) else []
    if not adds or not all(_adds_to(name, node, fixes) for node in adds):
        # An `Option` summed into, a field, a tuple's part: inline_accumulator.py.
        from pbpit.lint.rules.inline_accumulator import inline_accumulator_reset

        return inline_accumulator_reset(name, meeting, fixes)
    start = _initial_value(name, loop, fixes)
    if start is None:  # `let (mut total, mut seen) = (..);`: inline_accumulator.py
        from pbpit.lint.rules.inline_accumulator import inline_accumulator_reset

        return inline_accumulator_reset(name, meeting, fixes)
    block, statement = _backward_statement(body, meeting.earlier.span)
    if block is body and statement is not None:
        return penalty_reset(name, start, meeting, fixes)
    if block is None or statement is None:
        return None
    inner = [c for c in block.named_children if c.type not in ("line_comment", "block_comment")]
    after = inner[inner.index(statement) + 1 :]
    if any(fixes.text(n) == name for later in after for n in identifiers(later)):
        return reset_help(name, start, [])
    if not fixes.whole_lines(statement) or statement.end_point[0] >= block.end_point[0]:
        return reset_help(name, start, [])
    at = fixes.line_start(statement.end_point[0] + 1)
    line = f"{fixes.indent_of(statement)}{name} = {start};{fixes.newline}"
    return reset_help(name, start, [fixes.edit(at, at, line)])


PENALTY = "each pass's loss adds it"
"""What the help resetting a penalty summed across passes says (`accumulated_cost` and the
rule's `fix_of` tell it by these words)."""

PENALTY_RESET = Fix(
    "reset the term each pass",
    "for a term summed across passes into each pass's loss (a penalty never reset), reset it "
    "after each step to the value it started with: each loss holds its own pass's term",
    changes_gradients=(
        "runs without the panic; from the second pass on, each loss holds its own pass's term "
        "only, so the values it prints differ from the program's on purpose (the program added "
        "every earlier pass's term again); the first backward's gradients are the original's"
    ),
)


def penalty_reset(name: str, start: str, meeting: Meeting, fixes: Fixes) -> Help | None:
    """For a term summed across passes and added to each pass's loss (`penalty = penalty +
    out.abs().mean() * 0.01; let loss = task + penalty.clone();`, a backward every pass): reset
    to the value it started with at the end of the pass, after the step, so each loss holds its
    own pass's term, as one made in the pass would. None when the loop reads `name` other than
    as a term of a sum (a recurrent state handed to a forward is carried, not reset), when the
    backward backpropagates `name` itself (`backward_once`), or a pass may end early."""
    loop = meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    call = fixes.call_at(meeting.earlier.span)
    function = call.child_by_field_name("function") if call is not None else None
    receiver = function.child_by_field_name("value") if function is not None else None
    if body is None or receiver is None or fixes.text(receiver) in (name, f"{name}.clone()"):
        return None
    holder, _, field = name.partition(".")
    adders = _adders(holder, field, body, fixes) if field else frozenset()
    if continues(body, fixes) or not _summed_only(name, body, fixes, adders):
        return None
    message = (
        f"reset `{name}` at the end of each pass, after the step, to the value it started with: "
        f"{PENALTY} once, as a term made in that pass (kept, `{name}` sums every earlier "
        "pass's term, whose graphs the backwards before consumed)"
    )
    edit = fixes.append_line(body, f"{name} = {start};")
    return Help(message, [edit]) if edit is not None else Help(f"{message} (`{name} = {start};`)")


def _field_penalty(name: str, meeting: Meeting, body: Node, fixes: Fixes) -> Help | None:
    """`penalty_reset` of a field the loop sums into (`stats.reg = stats.reg.clone() + ..`),
    its start the value the struct literal bound before the loop gives it (`Stats { reg:
    Tensor::zeros([1], &device) }`); None for any other carrier."""
    holder, _, field = name.partition(".")
    if not is_name(holder) or not is_name(field) or not fixes.reachable(name, body):
        return None
    adds = assignments(name, body, fixes)
    if not adds and _added_by_method(holder, field, body, fixes):
        adds = [None]  # `stats.add(term)` doing `self.reg = self.reg.clone() + term`
    if not adds or not all(node is None or _adds_to(name, node, fixes) for node in adds):
        return None
    block, statement = _backward_statement(body, meeting.earlier.span)
    if block is not body or statement is None or meeting.loop is None:
        return None
    start = None
    for pattern, value in lets_before(meeting.loop):
        if re.sub(r"^mut\s+", "", fixes.text(pattern)) != holder:
            continue
        start = None
        for node in descendants(value) if value.type == "struct_expression" else ():
            label = node.child_by_field_name("field")
            given = node.child_by_field_name("value")
            if node.type == "field_initializer" and label is not None and given is not None:
                if fixes.text(label) == field and node.parent.parent == value:
                    start = fixes.text(given)
    if start is None or "\n" in start or re.search(rf"\b{holder}\b", start):
        return None
    return penalty_reset(name, start, meeting, fixes)


def _added_by_method(holder: str, field: str, body: Node, fixes: Fixes) -> bool:
    """Whether the loop's `body` calls on `holder` a method whose body sums into its field
    (`self.reg = self.reg.clone() + term`), and no method it calls writes the field else."""
    return bool(_adders(holder, field, body, fixes))


def _adders(holder: str, field: str, body: Node, fixes: Fixes) -> frozenset:
    """`holder.m` of each method `m` the loop's `body` calls on `holder` that sums into
    `self.field`; empty when one of those it calls writes the field otherwise."""
    from pbpit.lint.rules.clear_beside import _called_on, _methods_of, _structs

    called = set(_called_on(holder, body, fixes))
    own = f"self.{field}"
    found = set()
    for owner, fields in _structs(fixes).items():
        if field not in fields:
            continue
        for function in _methods_of(owner, fixes):
            label = function.child_by_field_name("name")
            inner = function.child_by_field_name("body")
            if label is None or inner is None or fixes.text(label) not in called:
                continue
            writes = assignments(own, inner, fixes)
            if writes and all(_adds_to(own, node, fixes) for node in writes):
                found.add(f"{holder}.{fixes.text(label)}")
            elif writes:
                return frozenset()
    return frozenset(found)


def _summed_only(name: str, body: Node, fixes: Fixes, adders: frozenset = frozenset()) -> bool:
    """Whether `body` reads `name` only as an operand of `+`, `-`, `*` or `/` (`name`,
    `name.clone()`: a term, maybe scaled), or in a macro's arguments (a `println!`)."""
    root = name.split(".")[0]
    found = False
    for node in identifiers(body):
        if fixes.text(node) != root:
            continue
        place = node
        for _ in range(name.count(".")):
            if place.parent is None or place.parent.type != "field_expression":
                return False
            place = place.parent
        if fixes.text(place) != name:
            if fixes.text(place) in adders and place.parent.type == "call_expression":
                continue  # `stats.add(term)`: the method summing into it
            return False
        parent = place.parent
        if parent is not None and parent.type == "assignment_expression":
            left = parent.child_by_field_name("left")
            if left is not None and left.id == place.id:
                continue
        if parent is not None and parent.type == "field_expression":
            call = parent.parent
            if fixes.text(parent.child_by_field_name("field")) != "clone" or call is None:
                return False
            parent = call.parent
        if parent is not None and parent.type == "token_tree":
            continue
        if parent is None or parent.type != "binary_expression":
            return False
        operator = parent.child_by_field_name("operator")
        if operator is None or fixes.text(operator) not in ("+", "-", "*", "/"):
            return False  # (`sparsity.clone() * lambda` added to the loss: scaled, still a term)
        found = True
    return found


def accumulated_cost(name: str, reset: Help) -> str:
    """What detaching `name` each pass, in place of `reset`, changes (said after the detach)."""
    if PENALTY in reset.message:
        return (
            " (the gradients are the same, but each pass's loss keeps the earlier passes' terms "
            f"in its value, as constants: `{name}` is never reset)"
        )
    return (
        " (this changes the gradients: each backward then gets only the loss added in its own "
        f"pass, not those `{name}` accumulated)"
    )


def _adds_to(name: str, node: Node, fixes: Fixes) -> bool:
    """Whether the assignment `node` adds to `name`: `name = name + x` (`name.clone() + x`,
    `x + name`)."""
    right = node.child_by_field_name("right")
    if right is None or right.type != "binary_expression":
        return False
    operator = right.child_by_field_name("operator")
    if operator is None or fixes.text(operator) != "+":
        return False
    operands = [right.child_by_field_name("left"), right.child_by_field_name("right")]
    return any(o is not None and fixes.text(o) in (name, f"{name}.clone()") for o in operands)


def lets_before(loop: Node) -> list[tuple[Node, Node]]:
    """The pattern and value of each `let` of `loop`'s function (or closure) before `loop`, in
    order."""
    function = loop.parent
    while function is not None and function.type not in ("function_item", "closure_expression"):
        function = function.parent
    found = []
    for node in descendants(function) if function is not None else ():
        if node.type != "let_declaration" or node.start_byte >= loop.start_byte:
            continue
        pattern, value = node.child_by_field_name("pattern"), node.child_by_field_name("value")
        if pattern is not None and value is not None:
            found.append((pattern, value))
    return found


def _initial_value(name: str, loop: Node, fixes: Fixes) -> str | None:
    """The text of `VALUE` in the last `let mut name = VALUE;` before `loop` in its function,
    when it does not read `name` and spans one line."""
    found = None
    for pattern, value in lets_before(loop):
        if fixes.text(pattern) == name:
            found = value
    if found is None or "\n" in fixes.text(found):
        return None
    if any(fixes.text(n) == name for n in identifiers(found)):
        return None
    return fixes.text(found)


def _backward_statement(body: Node, span: tuple[int, int]) -> tuple[Node | None, Node | None]:
    """The innermost block of `body` (not in a nested loop or closure) with a statement holding
    the backward at `span` (file bytes), and that statement."""
    start, end = span
    block, statement = body, None
    while True:
        inner = [c for c in block.named_children if c.start_byte <= start and end <= c.end_byte]
        if not inner:
            return block, statement
        current = inner[0]
        statement = current
        deeper = current
        while deeper is not None and deeper.type != "block":
            if deeper.type in LOOPS:
                return None, None
            kids = [c for c in deeper.named_children if c.start_byte <= start and end <= c.end_byte]
            deeper = kids[0] if kids else None
        if deeper is None:
            return block, statement
        block = deeper


# -- a sum backpropagated every pass: backpropagated once, after the loop

SUM_ONCE = Fix(
    "backpropagate the sum once",
    "for a sum of the passes' losses backpropagated every pass, backpropagate it once, after "
    "the loop that adds to it: one backward gives every pass's loss its gradient",
    changes_gradients=(
        "runs without the panic; one backward of the summed losses where the original ran one a "
        "pass: its gradients are the sum's, not compared with the original's first"
    ),
)

_DETACHED = re.compile(r"^\s*([A-Za-z_]\w*)\s*=\s*\1(?:\.clone\(\))?\.detach\(\)\s*;\s*$")
_FOR = re.compile(r"^(\s*)for\s+([A-Za-z_]\w*)\s+in\b.*\{\s*$")


@dataclass(frozen=True)
class Accumulation:
    """Where `name` sums the passes' losses and is backpropagated every pass."""

    name: str
    added: int
    """The line of `name = name + ..;`."""
    backward: int
    """The line of `name.backward()`: the first moved."""
    close: int
    """The line of the loop's closing brace."""
    moved: list[str]
    """The lines moved after the loop, at the loop's own indentation."""


def backward_once(helps: list[Help], fixes: Fixes) -> list[Help]:
    """`helps` of a finding on carried state, where one detaches in place a binding that sums
    the passes' losses and is backpropagated every pass (`running = running.detach();`, see
    the module): the sum backpropagated once after the loop first, as code; the detach said in
    words with what it cuts; the words asking for the same detach gone. `helps` otherwise."""
    text = fixes.data.decode("utf-8", "replace")
    out, added = [], None
    for help_ in helps:
        name = detached_name(help_) if help_.edits else None
        found = accumulation(text, name) if name else None
        if found is None:
            out.append(help_)
            continue
        note = f"not written as code: {cut_sum_words(found.name)}"
        out.append(replace(help_, edits=[], note=note, applicability="MaybeIncorrect"))
        added = added or once_after_loop(found)
    if added is None:
        return helps
    return [added, *out]


def accumulation(text: str, name: str) -> Accumulation | None:
    """The loop in `text` whose body adds to `name` (`name = name + ..`, `name = name.add(..)`)
    and then backpropagates it (`name.backward()`), with the statements from that backward to
    the body's end as they read after the loop: None when there is none, or when one of them
    needs the loop's variable other than in a printed format string (`{micro}`, dropped with
    the word before it that names it)."""
    lines = text.split("\n")
    add = re.compile(rf"^\s*{name}\s*=\s*{name}(?:\.clone\(\))?\s*(?:\+|\.add\()")
    back = re.compile(rf"\b{name}(?:\.clone\(\))?\.backward\(\)")
    for index, line in enumerate(lines):
        if not back.search(line):
            continue
        loop = _enclosing_for(lines, index)
        if loop is None:
            continue
        start, close, indent, variable = loop
        added = next((k for k in range(start + 1, index) if add.match(lines[k])), None)
        if added is None:
            continue
        body = lines[start + 1 : close]
        inner = next((len(b) - len(b.lstrip()) for b in body if b.strip()), len(indent) + 4)
        moved = []
        for line_ in lines[index:close]:
            out = _without_variable(line_, variable)
            if out is None:
                return None
            moved.append(out[inner - len(indent) :] if out.strip() else "")
        return Accumulation(name, added + 1, index + 1, close + 1, moved)
    return None


def _enclosing_for(lines: list[str], index: int) -> tuple[int, int, str, str] | None:
    """The `for` loop whose body holds line `index` (by indentation): its line, the line of
    its closing brace, its indentation and its variable."""
    depth = len(lines[index]) - len(lines[index].lstrip())
    for k in range(index - 1, -1, -1):
        text = lines[k]
        if not text.strip():
            continue
        here = len(text) - len(text.lstrip())
        if here >= depth:
            continue
        match = _FOR.match(text)
        if match is None:
            return None
        indent = match.group(1)
        close = next((j for j in range(index + 1, len(lines)) if lines[j] == f"{indent}}}"), None)
        return None if close is None else (k, close, indent, match.group(2))
    return None


def _without_variable(line: str, variable: str) -> str | None:
    """`line` with the loop variable's placeholders taken out of its format strings (` micro
    {micro}`, `{micro}`); None when it still reads the variable."""
    out = re.sub(rf"\s*\b[A-Za-z_]+\s*[:=#]?\s*\{{{variable}(?::\?)?\}}", "", line)
    out = re.sub(rf"\{{{variable}(?::\?)?\}}", "", out)
    return None if re.search(rf"\b{variable}\b", out) else out


def once_after_loop(found: Accumulation) -> Help:
    """The fix: `found`'s backward and what follows it in the pass, moved after the loop."""
    moved = "".join(f"{line}\n" for line in found.moved)
    edits = [
        Edit(found.backward, 1, found.close, 1, ""),
        Edit(found.close + 1, 1, found.close + 1, 1, moved),
    ]
    message = (
        f"backpropagate `{found.name}` once, after the loop that adds to it: the backward of the "
        "sum gives every pass's loss its gradient at once (a backward each pass would need the "
        "passes before's steps, which the backward before consumed)"
    )
    return Help(message, edits)


def detached_name(help_: Help) -> str | None:
    """The binding a help's one edit detaches in place (`running = running.detach();`)."""
    if len(help_.edits) != 1:
        return None
    match = _DETACHED.match(help_.edits[0].replacement.strip("\n"))
    return match.group(1) if match else None


def cut_sum_words(name: str) -> str:
    """What detaching `name`, a sum backpropagated every pass, costs (after "it runs, but")."""
    return (
        f"it cuts the sum `{name}` accumulates: from the second backward on, each "
        "gets its own pass's loss's gradient alone (the earlier passes' losses are constants "
        "in it), not the accumulated one the program backpropagates"
    )


def cuts_sum(text: str, edits: list[Edit]) -> str:
    """What `edits` of the program `text` cost when one detaches a sum the program
    backpropagates every pass (words after "it runs, but"); "" when none does."""
    names = [detached_name(Help("", [e])) for e in edits]
    name = next((n for n in names if n and accumulation(text, n)), None)
    return cut_sum_words(name) if name else ""
