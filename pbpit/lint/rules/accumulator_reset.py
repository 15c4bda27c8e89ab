"""The fix of `loop-external-tracked` for gradient accumulation (`acc = acc + loss` each pass,
`acc.backward()` only in some passes, never reset): the accumulator reset to the value it
started with right after the backward that consumed it."""

from __future__ import annotations

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, identifiers, is_name
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.pass_shape import assignments
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
    if body is None or meeting.in_macro or not is_name(name) or loop is None:
        return None
    adds = assignments(name, body, fixes)
    if not adds or not all(_adds_to(name, node, fixes) for node in adds):
        return None
    start = _initial_value(name, loop, fixes)
    if start is None:
        return None
    block, statement = _backward_statement(body, meeting.earlier.span)
    if block is None or statement is None or block is body:
        return None  # a backward in every pass: nothing is accumulated across passes
    inner = [c for c in block.named_children if c.type not in ("line_comment", "block_comment")]
    after = inner[inner.index(statement) + 1 :]
    if any(fixes.text(n) == name for later in after for n in identifiers(later)):
        return reset_help(name, start, [])
    if not fixes.whole_lines(statement) or statement.end_point[0] >= block.end_point[0]:
        return reset_help(name, start, [])
    at = fixes.line_start(statement.end_point[0] + 1)
    line = f"{fixes.indent_of(statement)}{name} = {start};{fixes.newline}"
    return reset_help(name, start, [fixes.edit(at, at, line)])


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


def _initial_value(name: str, loop: Node, fixes: Fixes) -> str | None:
    """The text of `VALUE` in the last `let mut name = VALUE;` before `loop` in its function,
    when it does not read `name` and spans one line."""
    function = loop.parent
    while function is not None and function.type not in ("function_item", "closure_expression"):
        function = function.parent
    if function is None:
        return None
    found = None
    for node in descendants(function):
        if node.type != "let_declaration" or node.start_byte >= loop.start_byte:
            continue
        pattern, value = node.child_by_field_name("pattern"), node.child_by_field_name("value")
        if pattern is None or value is None:
            continue
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
