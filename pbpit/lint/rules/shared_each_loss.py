"""Fixes of `shared-intermediate` for losses of one tensor backpropagated one by one by a loop
(one backward statement, each pass on another loss), where adding the losses would change what
the loop reads of each backward (a gradient logged per task, per micro-batch):

- the losses are made where a closure or a loop reads the tensor (`.map(|(head, y)|
  head.forward(shared.clone()) ..)`, `losses.push(..)` in a `for`), or each loss reads it once
  (`vec![a(feats.clone()), b(feats.clone())]`): its `let` is written at each of those reads
  instead, so that each loss is made from a forward of its own (the first backward's gradients
  are the same);
- the tensor is a batch's output cut into pieces along its first dimension (`out.chunk(2, 0)`,
  `out.split(2, 0)`, one loss each): the forward is run on each piece of the input instead
  (`x.chunk(2, 0).into_iter().map(|piece| net.forward(piece)).collect::<Vec<_>>()`),
  micro-batching as meant."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, ancestors, identifiers, is_name
from pbpit.lint.rule import Meeting
from pbpit.rust.syntax import Node, RustReadError, descendants, read_rust

if TYPE_CHECKING:
    from pbpit.diagnose.from_trace import TraceFinding

LOOPS = ("for_expression", "while_expression", "loop_expression")


def recompute_for_each_loss_help(name: str, edits: list[Edit]) -> Help:
    message = (
        f"make `{name}` anew where each loss reads it (its `let` written at that read): each "
        "backward then walks a graph of its own, and reads its own gradients"
    )
    return Help(message, edits)


def forward_per_piece_help(name: str, source: str, edits: list[Edit]) -> Help:
    message = (
        f"run the forward on each piece of `{source}` instead of cutting `{name}`: each "
        "micro-batch's backward then walks a graph of its own"
    )
    return Help(message, edits)


def each_loss_fixes(meeting: Meeting, fixes: Fixes) -> list[Help]:
    """The fixes of the module for `meeting` (one backward statement run by each pass of a loop
    on another loss of the tensor); none where they cannot be written."""
    definition = meeting.definition
    if meeting.in_macro or definition.statement is None or definition.value is None:
        return []
    return each_loss_helps(definition.name, definition.statement, fixes)


def each_loss_helps(name: str, statement: Node, fixes: Fixes) -> list[Help]:
    """The fixes of the module for the tensor `name` made by the `let` `statement`."""
    value = statement.child_by_field_name("value")
    if statement.type != "let_declaration" or not is_name(name) or value is None:
        return []
    pattern = statement.child_by_field_name("pattern")
    block = fixes.parent(statement)
    if pattern is None or fixes.text(pattern).removeprefix("mut ").strip() != name:
        return []
    if block is None or block.type != "block" or not fixes.whole_lines(statement):
        return []
    reads = [
        node
        for node in descendants(block)
        if node.type == "identifier"
        and node.start_byte >= statement.end_byte
        and fixes.text(node) == name
    ]
    if not reads:
        return []
    made = _with_clones(value, fixes)
    if made is None or _changed_between(value, statement, reads[-1], block, fixes):
        return []
    delete = fixes.edit(
        fixes.line_start(statement.start_point[0]), fixes.line_start(statement.end_point[0] + 1), ""
    )
    if len(reads) > 1 or all(_repeated(node, block, fixes) for node in reads):
        # Each read made anew: a loss a closure or a loop makes each time, or one loss a read.
        edits = [_replace_read(node, made, fixes) for node in reads]
        return [recompute_for_each_loss_help(name, [delete, *edits])]
    piece = _per_piece(value, reads, fixes)
    if piece is not None:
        source, edit = piece
        return [forward_per_piece_help(name, source, [delete, edit])]
    return []


def trace_each_loss_helps(trace: TraceFinding) -> list[Help]:
    """For a hazard a run found and lint did not (`shared-intermediate`'s `from_trace`): the
    module's fixes, when both backwards are one statement (run by two passes of a loop) and the
    tensor's binding is made by a `let` of the program at a line the run made it from."""
    first, second = trace.backwards
    node = trace.node
    result = trace.result
    if first is None or second is None or first.line is None or first.line != second.line:
        return []
    if result.crate is not None or not node.label or not is_name(node.label):
        return []
    try:
        source = read_rust(result.source)
    except RustReadError:
        return []
    fixes = Fixes(source)
    lines = {line for line in [node.line, *node.stack] if line is not None}
    for statement in descendants(source.root):
        pattern = statement.child_by_field_name("pattern")
        if statement.type != "let_declaration" or pattern is None:
            continue
        if fixes.text(pattern).removeprefix("mut ").strip() != node.label:
            continue
        if statement.start_point[0] + 1 in lines or statement.end_point[0] + 1 in lines:
            return each_loss_helps(node.label, statement, fixes)
    return []


def _with_clones(value: Node, fixes: Fixes) -> str | None:
    """The text of `value` with each variable it gives by value cloned (it runs once per loss:
    a closure called again moves nothing it captured), a receiver of one of the file's methods
    taking `&self` left as it is; None when a move cannot be mended by a clone."""
    moved = fixes.moved_names(value)
    if moved is None:
        return None
    text = fixes.data[value.start_byte : value.end_byte]
    for name in sorted(moved, key=lambda n: n.end_byte, reverse=True):
        if fixes.is_copy(fixes.text(name), name.start_byte) or _borrowed_receiver(name, fixes):
            continue
        at = name.end_byte - value.start_byte
        text = text[:at] + b".clone()" + text[at:]
    return text.decode("utf-8", "replace")


def _borrowed_receiver(name: Node, fixes: Fixes) -> bool:
    """Whether `name` is the receiver of a call of a method the file declares with `&self`
    (`backbone.features(x)` of `fn features(&self, ..)`)."""
    path = ancestors(fixes.source.root, name)
    if len(path) < 3 or path[-2].type != "field_expression" or path[-3].type != "call_expression":
        return False
    method = path[-2].child_by_field_name("field")
    if method is None:
        return False
    wanted = fixes.text(method)
    found = False
    for node in descendants(fixes.source.root):
        label = node.child_by_field_name("name") if node.type == "function_item" else None
        if label is None or fixes.text(label) != wanted:
            continue
        parameters = node.child_by_field_name("parameters")
        first = parameters.named_children[0] if parameters and parameters.named_children else None
        if first is None or first.type != "self_parameter" or not fixes.text(first).startswith("&"):
            return False
        found = True
    return found


def _changed_between(value: Node, statement: Node, last: Node, block: Node, fixes: Fixes) -> bool:
    """Whether a variable `value` reads may be bound anew, assigned or moved between
    `statement` and the read `last`: made there, the value would be another one."""
    names = {fixes.text(n) for n in identifiers(value)}
    for node in descendants(block):
        if not statement.end_byte <= node.start_byte < last.start_byte:
            continue
        if node.type == "let_declaration":
            pattern = node.child_by_field_name("pattern")
            if pattern is not None and names & {fixes.text(n) for n in identifiers(pattern)}:
                return True
        if node.type in ("assignment_expression", "compound_assignment_expr"):
            left = node.child_by_field_name("left")
            if left is not None and names & {fixes.text(n) for n in identifiers(left)}:
                return True
    # A variable moved by a statement between (given by value to a call) is gone at the read.
    between = [s for s in block.named_children if statement.end_byte <= s.start_byte]
    for later in between:
        if later.end_byte > last.start_byte:
            break  # the statement of the read: what it moves, it moves after reading
        moved = fixes.moved_names(later)
        if moved is None or any(fixes.text(n) in names for n in moved):
            return True
    return False


def _repeated(read: Node, block: Node, fixes: Fixes) -> bool:
    """Whether `read` is in a closure or a loop within `block` (made again for each loss)."""
    for node in reversed(ancestors(fixes.source.root, read)):
        if node.start_byte == block.start_byte and node.end_byte == block.end_byte:
            return False
        if node.type in ("closure_expression", *LOOPS):
            body = node.child_by_field_name("body")  # a loop's header runs once
            return body is not None and body.start_byte <= read.start_byte < body.end_byte
    return False


def _replace_read(read: Node, value: str, fixes: Fixes) -> Edit:
    """`name.clone()` (or `name`) at `read` written as `value`, in parentheses unless it takes
    a method call as it is (read from the text: a read in a macro's arguments too)."""
    start, end = read.start_byte, read.end_byte
    clone = re.match(rb"\s*\.\s*clone\s*\(\s*\)", fixes.data[end : end + 32])
    if clone is not None:
        end += clone.end()
    wrapped = value if _no_parens(value) else f"({value})"
    return fixes.edit(start, end, wrapped)


def _no_parens(value: str) -> bool:
    """Whether the expression `value` takes a method call as it is: a call chain or a name
    (its text has no operator outside brackets)."""
    depth = 0
    for char in value:
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif depth == 0 and char in "+-*/%&|<>=! ":
            return False
    return True


def _per_piece(value: Node, reads: list[Node], fixes: Fixes) -> tuple[str, Edit] | None:
    """For a tensor read once, cut along its first dimension (`out.chunk(n, 0)`) and made by a
    forward of one input variable (`net.forward(x)`): that read written as the forward run on
    each piece of the input, and the input's name; None otherwise."""
    if len(reads) != 1:
        return None
    path = ancestors(fixes.source.root, reads[0])
    if len(path) < 3 or path[-2].type != "field_expression" or path[-3].type != "call_expression":
        return None
    call = path[-3]
    method = path[-2].child_by_field_name("field")
    arguments = call.child_by_field_name("arguments")
    if method is None or fixes.text(method) not in ("chunk", "split") or arguments is None:
        return None
    given = [fixes.text(a) for a in arguments.named_children]
    if len(given) != 2 or given[1] != "0":
        return None
    moved = fixes.moved_names(value)
    inputs = [n for n in moved or [] if not _borrowed_receiver(n, fixes)]
    if len(inputs) != 1 or value.type != "call_expression":
        return None
    source = fixes.text(inputs[0])
    if sum(fixes.text(n) == source for n in identifiers(value)) != 1:
        return None
    text = fixes.data[value.start_byte : value.end_byte]
    at = inputs[0].start_byte - value.start_byte
    forward = (text[:at] + b"piece" + text[at + len(source.encode()) :]).decode()
    if "piece" in {fixes.text(n) for n in identifiers(value)}:
        return None
    cut = fixes.text(method)
    mapped = f"{source}.{cut}({given[0]}, 0).into_iter().map(|piece| {forward}).collect::<Vec<_>>()"
    return source, fixes.edit(call.start_byte, call.end_byte, mapped)
