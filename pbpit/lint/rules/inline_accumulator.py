"""`loop-external-tracked`'s fix of a loss accumulator the loop fills itself and reads where it
backpropagates, in only some passes (every `ACCUM` batches), but never resets after that
backward (at most once an epoch, where it is made):

- a local `Option` (`let mut total: Option<Tensor<1>> = None;`, `total = Some(match total {
  Some(t) => t + loss, None => loss })`), a field of a struct the loop's function holds
  (`meter.sum = Some(match meter.sum.take() { .. })`), a part of a tuple (`acc.0` of `let mut
  acc = (None, 0);`);
- a tensor (`total = total + loss` from `let mut total = Tensor::zeros(..)`), in a field or a
  tuple's part likewise (`acc.0 = acc.0 + loss`).

The next window's backward walks back into the sum the previous one consumed. Reset where the
backward reads it, each backward gets the losses added since the one before, and the first
backward's gradients are those it had: an `Option` read by a clone at the backward (`let s =
total.clone().unwrap();`) is taken out there instead (`total.take()`, which leaves `None`); any
other is given its starting value again right after the backward's statement (`total =
Tensor::zeros([1], &device);`, `meter.sum = None;`)."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Help
from pbpit.lint.fixes import Fixes, is_name
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.accumulator_reset import _backward_statement, lets_before, reset_help
from pbpit.lint.rules.carried_state import option_of_tensor
from pbpit.lint.rules.option_accumulator import clone_of, take_help, taken_where_handed_out
from pbpit.lint.rules.pass_shape import assignments
from pbpit.rust.syntax import Node, descendants

_COMMENTS = ("line_comment", "block_comment")


def inline_accumulator_reset(name: str, meeting: Meeting, fixes: Fixes) -> Help | None:
    """The reset of the accumulator `name` (a variable, `holder.field` or `holder.0`) that the
    loop's body adds every pass's loss into and backpropagates in some passes only: `.take()`
    for the clone the backward reads of an `Option` that started `None`, else `name = START;`
    after the backward's statement. None for any other carried state."""
    loop = meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    parts = name.split(".")
    if body is None or loop is None or meeting.in_macro or meeting.earlier.through is not None:
        return None
    if not is_name(parts[0]) or not all(is_name(p) or p.isdigit() for p in parts[1:]):
        return None
    if len(parts) > 2:
        return None
    written = assignments(name, body, fixes)
    helped = _helped(name, body, fixes)
    if not written and not helped:
        return None
    start = _start(name, loop, fixes)
    if start is None and option_of_tensor(name, fixes):
        # Made where the loop cannot see (`self.acc` of a method): its sums start from `None`
        # (`match self.acc.take() { Some(p) => p + loss, None => loss }`).
        start = "None"
    if start is None:
        return None
    option = re.fullmatch(r"None|Some\(.*\)", start, re.S) is not None
    adding = _some_of if option else _adds_to
    if not all(adding(name, n, body, fixes) or _by_helper(name, n, fixes) for n in written):
        return None
    adds = written + helped
    if helped and not written and not _counts_reset(name, helped, body, fixes):
        return None  # a count its method keeps beside, never reset: option_accumulator.py
    block, statement = _backward_statement(body, meeting.earlier.span)
    if block is None or statement is None or block is body:
        return None  # a backward in every pass: nothing is accumulated across passes
    if any(statement.start_byte <= a.start_byte < statement.end_byte for a in adds):
        return None
    if option and start == "None":
        # Handed out by a clone a `&mut self` method of its own makes (`tally.flush()`): taken
        # out there; else where the backward's block clones it.
        taken = taken_where_handed_out(name, meeting, fixes) if helped and not written else None
        taken = taken or _taken(name, block, statement, body, fixes)
        if taken is not None:
            return taken
    inner = [c for c in block.named_children if c.type not in _COMMENTS]
    after = inner[inner.index(statement) :]
    last = [s for s in after if _reads(name, fixes.text(s))]
    last_statement = last[-1] if last else statement
    if not fixes.whole_lines(last_statement) or last_statement.end_point[0] >= block.end_point[0]:
        return reset_help(name, start, [])
    if any(statement.end_byte <= a.start_byte < block.end_byte for a in adds):
        return None  # added to again after its backward, in the same block
    at = fixes.line_start(last_statement.end_point[0] + 1)
    line = f"{fixes.indent_of(last_statement)}{name} = {start};{fixes.newline}"
    return reset_help(name, start, [fixes.edit(at, at, line)])


def _reads(name: str, text: str) -> bool:
    """Whether `text` names the place `name` (`total`, `acc.0`: not `acc.01`, `x.total`)."""
    return re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", text) is not None


def _some_of(name: str, node: Node, body: Node, fixes: Fixes) -> bool:
    """Whether the assignment `node` puts in `name` a `Some(..)` that adds to what it held:
    read in the value (`Some(match total { .. })`, `Some(total.map_or(..))`), or taken out
    before it in the body (`let s = match meter.sum.take() { .. }; meter.sum = Some(s);`)."""
    right = node.child_by_field_name("right")
    text = fixes.text(right) if right is not None else ""
    if not re.match(r"Some\(|match\b|if\b", text):
        return False  # (`match total.take() { Some(t) => Some(t + loss), None => Some(loss) }`)
    if _reads(name, text):
        return _sums(text, [name])
    before = fixes.data[body.start_byte : node.start_byte].decode("utf-8", "replace")
    taken = list(re.finditer(rf"(?<![\w.]){re.escape(name)}\s*\.\s*take\s*\(\s*\)", before))
    if not taken:
        return False
    line = before.rfind("\n", 0, taken[-1].start()) + 1  # `if let Some(t) = total.take() {`
    return _sums(before[line:] + text, [name])


def _sums(text: str, held: list[str]) -> bool:
    """Whether `text` adds something to what it holds: a `+` (or `.add(`) one of whose operands
    is one of `held` or a name it binds to what it holds (`Some(t) => t + loss`, `|r| r +
    loss`, `if let Some(t) = total.take() { Some(t + loss) }`), alone (`(s * 0.5 + x).tanh()`
    of a recurrent state is no sum)."""
    bound = re.findall(r"Some\s*\(\s*(?:mut\s+)?([A-Za-z_]\w*)\s*\)", text)
    bound += re.findall(r"\|\s*(?:mut\s+)?([A-Za-z_]\w*)\s*(?::[^|]*)?\|", text)
    names = "|".join(re.escape(n) for n in [*held, *bound])
    if not names:
        return False
    operand = rf"(?<![\w.])(?:{names})(?:\s*\.\s*clone\s*\(\s*\))?"
    left = rf"(?:^|[(,{{>=+|]|\bSome\s*\()\s*{operand}\s*(?:\+(?!=)|\.\s*add\s*\()"
    right = rf"\+\s*{operand}(?=\s*(?:[,;)}}+-]|$))"
    return re.search(left, text, re.M) is not None or re.search(right, text, re.M) is not None


def _adds_to(name: str, node: Node, body: Node, fixes: Fixes) -> bool:
    """Whether the assignment `node` adds to `name`: `name = name + x` (`name.clone() + x`,
    `x + name`, `name.add(x)`)."""
    right = node.child_by_field_name("right")
    if right is None:
        return False
    text = re.sub(r"\s+", "", fixes.text(right))
    if re.match(rf"{re.escape(name)}(?:\.clone\(\))?\.add\(", text):
        return True
    if right.type != "binary_expression":
        return False
    operator = right.child_by_field_name("operator")
    if operator is None or fixes.text(operator) != "+":
        return False
    operands = [right.child_by_field_name("left"), right.child_by_field_name("right")]
    return any(o is not None and fixes.text(o) in (name, f"{name}.clone()") for o in operands)


def _start(name: str, loop: Node, fixes: Fixes) -> str | None:
    """The value `name` starts with: of the last `let` before `loop` in its function binding
    it (`let mut total = V;`), its field (`let mut meter = Meter { sum: V, .. };`) or its
    part (`let mut acc = (V, 0);`); one line, reading nothing of `name`."""
    holder, _, part = name.partition(".")
    found = None
    for pattern, value in lets_before(loop):
        if fixes.text(pattern) == holder:
            found = value
        elif pattern.type == "tuple_pattern" and value.type == "tuple_expression":
            # `let (mut total, mut seen) = (Tensor::zeros(..), 0);`
            names = [re.sub(r"^mut\s+", "", fixes.text(p)) for p in pattern.named_children]
            if holder in names:
                found = _part_of(value, str(names.index(holder)), fixes)
    if found is None:
        return None
    if part:
        found = _part_of(found, part, fixes)
    if found is None or "\n" in fixes.text(found) or _reads(holder, fixes.text(found)):
        return None
    return fixes.text(found)


def _part_of(value: Node, part: str, fixes: Fixes) -> Node | None:
    """The value a struct literal gives its field `part`, or a tuple its element `part`."""
    if part.isdigit() and value.type in ("tuple_expression", "call_expression"):
        # `(None, 0)`, or a tuple struct's constructor `Tally(None, 0)`
        given = value.child_by_field_name("arguments") if value.type == "call_expression" else value
        items = [c for c in given.named_children if c.type not in _COMMENTS] if given else []
        return items[int(part)] if int(part) < len(items) else None
    body = value.child_by_field_name("body") if value.type == "struct_expression" else None
    for item in body.named_children if body is not None else []:
        label, given = item.child_by_field_name("field"), item.child_by_field_name("value")
        if item.type == "field_initializer" and label is not None and fixes.text(label) == part:
            return given
    return None


def _taken(name: str, block: Node, statement: Node, body: Node, fixes: Fixes) -> Help | None:
    """`name.take()` for the one `name.clone()` of the backward's `block` (up to its
    `statement`), where nothing of the loop's body after that clone reads `name` again."""
    clones = [
        n
        for n in descendants(block)
        if n.start_byte < statement.end_byte and clone_of(n, name, fixes)
    ]
    if len(clones) != 1:
        return None
    clone = clones[0]
    rest = fixes.data[clone.end_byte : body.end_byte].decode("utf-8", "replace")
    if _reads(name, rest):
        return None
    where = "where the backward reads it"
    return take_help(name, name, where, "since it was made", clone, fixes)


# -- added to by a function or a method of the file


def _by_helper(name: str, node: Node, fixes: Fixes) -> bool:
    """Whether the assignment `node` gives `name` what a function of the file adding to its
    argument returns (`total = accumulate(total, loss);`, `total.take()` given)."""
    right = node.child_by_field_name("right")
    function = right.child_by_field_name("function") if right is not None else None
    arguments = right.child_by_field_name("arguments") if right is not None else None
    if right is None or right.type != "call_expression" or function is None or not arguments:
        return False
    given = {fixes.text(a) for a in arguments.named_children}
    if not given & {name, f"{name}.take()", f"{name}.clone()"}:
        return False
    return any(_adds_in(f, fixes) for f in _functions(fixes.text(function), None, fixes))


def _helped(name: str, body: Node, fixes: Fixes) -> list[Node]:
    """The calls of `body` that add to `name` in place: a function of the file given `&mut
    name` (`accumulate(&mut total, loss);`), or a method of the file called on the holder of
    the field `name` (`tally.add(loss)` for `tally.0`) that adds to that field of `self`."""
    holder, _, part = name.partition(".")
    found = []
    for call in descendants(body):
        function = call.child_by_field_name("function") if call.type == "call_expression" else None
        arguments = call.child_by_field_name("arguments")
        if function is None or arguments is None:
            continue
        given = [re.sub(r"\s+", " ", fixes.text(a)) for a in arguments.named_children]
        if function.type == "identifier" and f"&mut {name}" in given:
            if any(_adds_in(f, fixes) for f in _functions(fixes.text(function), None, fixes)):
                found.append(call)
        elif part and function.type == "field_expression":
            receiver = function.child_by_field_name("value")
            method = function.child_by_field_name("field")
            if receiver is None or method is None or fixes.text(receiver) != holder:
                continue
            methods = _functions(fixes.text(method), True, fixes)
            if any(_adds_in(f, fixes, f"self.{part}") for f in methods):
                found.append(call)
    return found


def _functions(called: str, method: bool | None, fixes: Fixes) -> list[Node]:
    """The `fn` items of the file named `called`: free functions (`method` None) or methods
    of an `impl` (True)."""
    found = []
    for node in descendants(fixes.source.root):
        named = node.child_by_field_name("name") if node.type == "function_item" else None
        if named is None or fixes.text(named) != called:
            continue
        in_impl = node.parent is not None and node.parent.parent is not None and (
            node.parent.parent.type == "impl_item"
        )
        if in_impl == bool(method):
            found.append(node)
    return found


def _adds_in(function: Node, fixes: Fixes, place: str | None = None) -> bool:
    """Whether `function`'s body adds (`+`, `.add(`) and, given `place` (`self.sum`), writes
    it with a value that reads it or after taking it out."""
    body = function.child_by_field_name("body")
    text = fixes.text(body) if body is not None else ""
    parameters = function.child_by_field_name("parameters")
    given = [
        fixes.text(p.child_by_field_name("pattern")).removeprefix("mut ").strip()
        for p in (parameters.named_children if parameters is not None else [])
        if p.type == "parameter" and p.child_by_field_name("pattern") is not None
    ]
    if not _sums(text, [*given, *([place] if place else [])]):
        return False
    if place is None:
        return True
    for node in descendants(body):
        left = node.child_by_field_name("left") if node.type == "assignment_expression" else None
        right = node.child_by_field_name("right") if left is not None else None
        if left is None or right is None or fixes.text(left) != place:
            continue
        before = fixes.data[body.start_byte : node.start_byte].decode("utf-8", "replace")
        if _reads(place, fixes.text(right)) or f"{place}.take()" in before:
            return True
    return False


def _counts_reset(name: str, calls: list[Node], body: Node, fixes: Fixes) -> bool:
    """Whether the loop's `body` itself sets each other field that the methods of `calls`
    count into (`self.seen += 1` beside `self.0`: `tally.1 = 0;` in the loop)."""
    holder, _, part = name.partition(".")
    counted = set()
    for call in calls:
        function = call.child_by_field_name("function")
        method = function.child_by_field_name("field") if function is not None else None
        if method is None:
            continue
        for found in _functions(fixes.text(method), True, fixes):
            for node in descendants(found):
                left = node.child_by_field_name("left")
                if node.type == "compound_assignment_expr" and left is not None:
                    counted.add(fixes.text(left).removeprefix("self."))
    counted.discard(part)
    set_in_loop = {fixes.text(a.child_by_field_name("left")) for a in _assigned(body)}
    return all(f"{holder}.{field}" in set_in_loop for field in counted)


def _assigned(body: Node) -> list[Node]:
    return [n for n in descendants(body) if n.type == "assignment_expression"]


def detach_contents(name: str, meeting: Meeting, fixes: Fixes) -> Help | None:
    """The words of detaching an `Option` accumulator (`total`, `meter.sum`, `acc.0`) after
    its backward: what it holds, not the `Option` (`total = total.take().map(|t| t.detach());`);
    None where `name` is no `Option` that starts `None` or `Some(..)`, or is so declared."""
    loop = meeting.loop
    start = _start(name, loop, fixes) if loop is not None else None
    is_option = start is not None and re.fullmatch(r"None|Some\(.*\)", start, re.S) is not None
    if not is_option and not option_of_tensor(name, fixes):
        return None
    return Help(
        f"detach what `{name}` holds, not the `Option`, once its backward has run (`{name} = "
        f"{name}.take().map(|t| t.detach());`): its value is kept as a constant"
    )
