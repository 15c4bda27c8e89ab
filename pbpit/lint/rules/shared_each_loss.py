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
  micro-batching as meant; where the loop walking the pieces steps the model (`model =
  optim.step(..)`), the input is cut and the forward runs on each piece inside the loop
  (`let pred = model.forward(piece);`), with the parameters the last step left;
- a cut of the output's rows read in a loop (`out.clone().narrow(0, 2 * i, 2)`, `.slice([a..b])`)
  becomes the forward of the same cut of the input (`net.forward(x.clone().narrow(0, 2 * i,
  2))`), not the whole batch's forward cut again."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, ancestors, identifiers, is_name
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.snapshot import is_snapshot_help, loop_snapshot, snapshot_detach_help
from pbpit.rust.syntax import Node, RustReadError, descendants, read_rust

if TYPE_CHECKING:
    from pbpit.diagnose.from_trace import TraceFinding

LOOPS = ("for_expression", "while_expression", "loop_expression")
CALL = "call_expression"


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


def forward_in_loop_help(name: str, source: str, edits: list[Edit]) -> Help:
    message = (
        f"run the forward on each piece of `{source}` in the loop, with the model its last "
        f"step left, instead of cutting `{name}` made before it: each micro-batch's backward "
        "then walks a graph of its own"
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
    again = loop_snapshot(value, reads, fixes)
    if again is not None:
        # The loop computes it again from the same data (PPO's old log-probs): a snapshot, made
        # anew it would be compared with itself; detached where it is made (snapshot.py).
        return [snapshot_detach_help(name, again, fixes.detach_edits(value))]
    cut = inputs_cut(value, reads, fixes)
    if cut is not None:
        # Each read a cut of the batch's rows (`out.clone().narrow(0, 2 * i, 2)` in the loop):
        # the forward run on that cut of the input, not the whole batch's forward cut again.
        source, edits, stepped = cut
        said = forward_in_loop_help if stepped else forward_per_piece_help
        note = (
            "the same gradients where the model computes each row on its own; a batch norm or a "
            "softmax over the batch would see the micro-batch's rows only"
        )
        return [replace(said(name, source, [delete, *edits]), note=note)]
    if len(reads) > 1 or all(_repeated(node, block, fixes) for node in reads):
        # Each read made anew: a loss a closure or a loop makes each time, or one loss a read.
        edits = [_replace_read(node, made, fixes) for node in reads]
        return [recompute_for_each_loss_help(name, [delete, *edits])]
    stepped = per_piece_in_loop(value, reads, fixes)
    if stepped is not None:
        source, edits = stepped
        return [forward_in_loop_help(name, source, [delete, *edits])]
    piece = _per_piece(value, reads, fixes)
    if piece is not None:
        source, edit = piece
        return [forward_per_piece_help(name, source, [delete, edit])]
    return []


def own_forward_each(name: str, statement: Node, fixes: Fixes) -> bool:
    """Whether each loss of the tensor `name` (made by the `let` `statement`, read in a loop)
    is given a forward of its own by this module: the micro-batch's forward of the same cut of
    the input (`net.forward(x.clone().narrow(0, 2 * i, 2))`), or a snapshot the loop compares
    with its own forward, detached (PPO's old log-probs). Such a tensor stays
    shared-intermediate where the loop steps the model: computed whole in the loop instead, the
    micro-batch would run the whole batch's forward each step, and the snapshot compared with
    itself would give a ratio always 1."""
    return any(
        help_.edits
        and (help_.message.startswith("run the forward on each piece") or is_snapshot_help(help_))
        for help_ in each_loss_helps(name, statement, fixes)
    )


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


def _cut_piece(value: Node, reads: list[Node], fixes: Fixes) -> tuple[Node, Node] | None:
    """The one read of a tensor cut along its first dimension (`out.chunk(n, 0)`,
    `out.split(n, 0)`), and that call; None otherwise."""
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
    return reads[0], call


def _per_piece(value: Node, reads: list[Node], fixes: Fixes) -> tuple[str, Edit] | None:
    """For a tensor read once, cut along its first dimension (`out.chunk(n, 0)`) and made by a
    forward of one input variable (`net.forward(x)`): that read written as the forward run on
    each piece of the input, and the input's name; None otherwise."""
    cut_piece = _cut_piece(value, reads, fixes)
    if cut_piece is None:
        return None
    call = cut_piece[1]
    method = call.child_by_field_name("function").child_by_field_name("field")
    given = [fixes.text(a) for a in call.child_by_field_name("arguments").named_children]
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


def per_piece_in_loop(
    value: Node, reads: list[Node], fixes: Fixes
) -> tuple[str, list[Edit]] | None:
    """For a tensor read once, cut along its first dimension, whose pieces a loop walks that
    steps what its forward reads (`model = optim.step(lr, model, grads)`): the input cut
    instead, and the forward run on each piece as the first statement of the loop's body
    (`let pred = model.forward(piece);`), with the model as the last step left it. A forward
    run on every piece before the loop would hold the parameters as they were: the steps
    after the first would find no gradient of the current ones. The input's text and the
    edits; None for any other shape."""
    cut = _cut_piece(value, reads, fixes)
    if cut is None or value.type != "call_expression":
        return None
    read, call = cut
    given = _forward_input(value, fixes)
    if given is None:
        return None
    loop = _walking_loop(call, fixes)
    if loop is None or not _steps(loop, value, given, fixes):
        return None
    body, pattern = loop.child_by_field_name("body"), loop.child_by_field_name("pattern")
    header = loop.child_by_field_name("value")
    if body is None or pattern is None or header is None:
        return None
    if not fixes.ends_line(body.start_point[0], body.start_point[1] + 1):
        return None
    element = pattern
    if pattern.type == "tuple_pattern":
        parts = pattern.named_children
        if len(parts) != 2 or not re.sub(r"\s+", "", fixes.text(header)).endswith(".enumerate()"):
            return None
        element = parts[1]
    if element.type != "identifier":
        return None
    walked = re.sub(r"\s+", "", fixes.text(header))
    by_reference = walked.startswith("&") or ".iter()" in walked
    name = fixes.text(element)
    function = _enclosing_function(loop, fixes)
    taken = {fixes.text(n) for n in identifiers(function)} if function is not None else {"piece"}
    piece = "piece" if "piece" not in taken else name
    text = fixes.data[value.start_byte : value.end_byte]
    start, end = given.start_byte - value.start_byte, given.end_byte - value.start_byte
    argument = f"{piece}.clone()" if by_reference else piece
    forward = (text[:start] + argument.encode() + text[end:]).decode("utf-8", "replace")
    inner = [c for c in body.named_children if c.type not in ("line_comment", "block_comment")]
    if inner and inner[0].start_point[0] > body.start_point[0]:
        new_indent = fixes.indent_of(inner[0])
    else:
        new_indent = fixes.indent_of(loop) + "    "
    at = fixes.line_start(body.start_point[0] + 1)
    edits = [fixes.edit(read.start_byte, read.end_byte, fixes.text(given))]
    if piece != name:
        edits.append(fixes.edit(element.start_byte, element.end_byte, piece))
    edits.append(fixes.edit(at, at, f"{new_indent}let {name} = {forward};{fixes.newline}"))
    source = fixes.text(given).split(".")[0].strip()
    return source, sorted(edits, key=lambda e: (e.line, e.column))


def inputs_cut(
    value: Node, reads: list[Node], fixes: Fixes
) -> tuple[str, list[Edit], bool] | None:
    """For a batch's output made by a forward of one input (`net.forward(x.clone())`) whose
    every read, in a loop, cuts rows of it (`out.clone().narrow(0, a, n)`, `.slice([a..b])`):
    each read written as the forward run on the same cut of the input (`net.forward(x.clone()
    .narrow(0, a, n))`), the micro-batch's own forward. The input's name, the edits, and
    whether the loop steps what the forward reads (the forward then runs with the model its
    last step left); None for any other shape."""
    if value.type != "call_expression":
        return None
    given = _forward_input(value, fixes)
    if given is None:
        return None
    source = fixes.text(given).split(".")[0].strip()
    text = fixes.data[value.start_byte : value.end_byte]
    start, end = given.start_byte - value.start_byte, given.end_byte - value.start_byte
    edits, loops = [], []
    for read in reads:
        found = _rows_cut(read, fixes)
        if found is None:
            return None
        call, cut = found
        loop = _loop_around(read, value, fixes)
        if loop is None:
            return None
        loops.append(loop)
        argument = f"{source}.clone().{cut}".encode()
        forward = (text[:start] + argument + text[end:]).decode("utf-8", "replace")
        edits.append(fixes.edit(read.start_byte, call.end_byte, forward))
    stepped = all(_steps(loop, value, given, fixes) for loop in loops)
    return source, edits, stepped


def _rows_cut(read: Node, fixes: Fixes) -> tuple[Node, str] | None:
    """The call cutting rows of `read` (`read.clone().narrow(0, a, n)`, `read.clone()
    .slice([a..b])`, the clone optional) and the cut's text (`narrow(0, a, n)`); None when
    it cuts another dimension, or slices more than the first."""
    path = ancestors(fixes.source.root, read)
    at = len(path) - 1
    if at >= 2 and (path[at - 1].type, path[at - 2].type) == ("field_expression", CALL):
        field_ = path[at - 1].child_by_field_name("field")
        if field_ is not None and fixes.text(field_) == "clone":
            at -= 2
    if at < 2 or (path[at - 1].type, path[at - 2].type) != ("field_expression", CALL):
        return None
    method = path[at - 1].child_by_field_name("field")
    call = path[at - 2]
    arguments = call.child_by_field_name("arguments")
    if method is None or arguments is None:
        return None
    given = arguments.named_children
    names = {fixes.text(n) for n in identifiers(arguments)}
    if fixes.text(read) in names:
        return None
    cut = fixes.text(method)
    if cut == "narrow" and len(given) == 3 and fixes.text(given[0]) == "0":
        return call, fixes.text(method) + fixes.text(arguments)
    if cut == "select" and len(given) == 2 and fixes.text(given[0]) == "0":
        return call, fixes.text(method) + fixes.text(arguments)  # rows by an index tensor
    if cut == "slice" and len(given) == 1 and given[0].type == "array_expression":
        ranges = given[0].named_children
        if len(ranges) == 1 and ranges[0].type == "range_expression":
            return call, fixes.text(method) + fixes.text(arguments)
    return None


def _loop_around(read: Node, value: Node, fixes: Fixes) -> Node | None:
    """The innermost loop whose body holds `read` and not the forward `value` (one that runs
    the cut again each pass)."""
    for node in reversed(ancestors(fixes.source.root, read)):
        if node.start_byte <= value.start_byte < node.end_byte:
            return None
        if node.type in LOOPS:
            body = node.child_by_field_name("body")
            if body is not None and body.start_byte <= read.start_byte < body.end_byte:
                return node
            return None
    return None


def _forward_input(value: Node, fixes: Fixes) -> Node | None:
    """What the forward `value` is given to run on: the one variable it moves (`net.forward(x)`)
    or its one argument `x.clone()`; None when it reads others by value (run in each pass of a
    loop, they would be moved twice) or several inputs."""
    moved = fixes.moved_names(value)
    if moved is None:
        return None
    inputs = [
        n
        for n in moved
        if not _borrowed_receiver(n, fixes) and not fixes.is_copy(fixes.text(n), n.start_byte)
    ]
    if len(inputs) == 1:
        source = fixes.text(inputs[0])
        if sum(fixes.text(n) == source for n in identifiers(value)) != 1:
            return None
        return inputs[0]
    if inputs:
        return None
    arguments = value.child_by_field_name("arguments")
    if arguments is None or len(arguments.named_children) != 1:
        return None
    argument = arguments.named_children[0]
    if re.fullmatch(r"[A-Za-z_]\w*\s*\.\s*clone\s*\(\s*\)", fixes.text(argument)) is None:
        return None
    source = fixes.text(argument).split(".")[0].strip()
    if sum(fixes.text(n) == source for n in identifiers(value)) != 1:
        return None
    return argument


def _walking_loop(call: Node, fixes: Fixes) -> Node | None:
    """The `for` loop walking the pieces `call` cuts: one whose header holds the call, or the
    one whose header reads the variable a `let` binds the pieces to (its only read)."""
    path = ancestors(fixes.source.root, call)
    for node, child in zip(reversed(path[:-1]), reversed(path[1:]), strict=True):
        if node.type == "for_expression":
            header = node.child_by_field_name("value")
            return node if header is not None and header.id == child.id else None
        if node.type == "let_declaration":
            if node.child_by_field_name("value") != child or child.id != call.id:
                return None
            pattern = node.child_by_field_name("pattern")
            if pattern is None or pattern.type != "identifier":
                return None
            return _loop_reading(fixes.text(pattern), node, fixes)
        if node.type in ("block", "function_item", "closure_expression"):
            return None
    return None


def _loop_reading(name: str, statement: Node, fixes: Fixes) -> Node | None:
    """The `for` loop, a later statement of `statement`'s block, whose header reads `name`,
    when that is the only read of `name` after `statement`."""
    block = fixes.parent(statement)
    if block is None:
        return None
    later = [n for n in identifiers(block) if n.start_byte >= statement.end_byte]
    reads = [n for n in later if fixes.text(n) == name]
    if len(reads) != 1:
        return None
    for node in reversed(ancestors(fixes.source.root, reads[0])):
        if node.type == "for_expression":
            header = node.child_by_field_name("value")
            if header is None or not header.start_byte <= reads[0].start_byte < header.end_byte:
                return None
            mine = fixes.parent(node) is block or _statement_of(node, block, fixes)
            return node if mine else None
        if node.id == block.id:
            return None
    return None


def _statement_of(loop: Node, block: Node, fixes: Fixes) -> bool:
    """Whether `loop` is a statement of `block` (`for ..` as an expression statement)."""
    parent = fixes.parent(loop)
    return parent is not None and parent.type == "expression_statement" and (
        fixes.parent(parent) is block
    )


def _steps(loop: Node, value: Node, given: Node, fixes: Fixes) -> bool:
    """Whether `loop`'s body assigns a variable the forward `value` reads besides its input
    `given` (the model an optimizer step gives back)."""
    body = loop.child_by_field_name("body")
    if body is None:
        return False
    read = {
        fixes.text(n)
        for n in identifiers(value)
        if not given.start_byte <= n.start_byte < given.end_byte
    }
    for node in descendants(body):
        if node.type not in ("assignment_expression", "compound_assignment_expr"):
            continue
        left = node.child_by_field_name("left")
        while left is not None and left.type == "field_expression":
            left = left.child_by_field_name("value")
        if left is not None and left.type == "identifier" and fixes.text(left) in read:
            return True
    return False


def _enclosing_function(node: Node, fixes: Fixes) -> Node | None:
    functions = [n for n in ancestors(fixes.source.root, node) if n.type == "function_item"]
    return functions[-1] if functions else None
