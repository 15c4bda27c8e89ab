"""The fixes of `loop-external-tracked` for a collection the loop's passes fill (`push`,
`insert`): emptied once its backward has run (`name.clear();` at the end of the pass, or right
after the backward's statement), a map's entry kept detached for later passes to read, or the
tensor detached where it is pushed; each said in words where the edit cannot be written."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, identifiers, is_name
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.kept_elements import CHANGES_LATER, detach_kept_elements, kept_as_context
from pbpit.lint.rules.pass_shape import binds_anew, breaks_within, continues
from pbpit.lint.rules.vec_state import std_push
from pbpit.lint.rules.zipped_companions import zipped_companions
from pbpit.lint.values import Definition
from pbpit.rust.syntax import Node, descendants

if TYPE_CHECKING:
    from pbpit.diagnose.from_trace import TraceFinding


def empty_each_pass_help(name: str, edits: list[Edit]) -> Help:
    """For a collection the loop's passes fill (`push`): empty it once its backward has run."""
    message = (
        f"empty `{name}` at the end of each pass, once its backward has run: the next pass's "
        "loss then holds none of this pass's tensors"
    )
    if not edits:
        return Help(f"{message} (`{name}.clear();`, or `std::mem::take` it where it is read)")
    return Help(message, edits)


def pushed(definition: Definition, fixes: Fixes) -> bool:
    """Whether `definition` is a tensor put into a collection (`self.log_probs.push(..)`): what
    carries it is a `Vec`, not a tensor, and `.detach()` on it would not compile."""
    node = definition.statement
    if node is not None and node.type == "expression_statement" and node.named_children:
        node = node.named_children[0]
    function = node.child_by_field_name("function") if node is not None else None
    field_ = function.child_by_field_name("field") if function is not None else None
    return (
        node is not None
        and node.type == "call_expression"
        and field_ is not None
        and fixes.text(field_) in ("push", "push_back", "push_front", "insert", "extend")
        and std_push(_receiver(function, fixes), fixes.text(field_), fixes)
    )


def _receiver(function: Node, fixes: Fixes) -> str:
    value = function.child_by_field_name("value")
    return fixes.text(value) if value is not None else ""


def filled(name: str, meeting: Meeting, fixes: Fixes) -> bool:
    """Whether the loop's passes put tensors into `name` (`saved.push(..)` in its body) and
    read it only after their first push: what each pass needs of it is what it put there, so
    it may be emptied once the backward has run. A pass that reads it before it pushes
    (`history[history.len() - 1]`) needs what the earlier passes put: not emptied."""
    body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    pushes = [] if body is None else push_calls(name, body, fixes)
    if body is None or not pushes:
        return False
    first = min(call.start_byte for call, _ in pushes)
    variable = name.split(".")[0]
    if any(fixes.text(n) == variable and n.start_byte < first for n in identifiers(body)):
        return False
    # Pushed in a branch only (`if step % 2 == 0 { saved.push(h) }`): a pass that takes none
    # reads, outside it, what an earlier pass put (emptied, it would find nothing).
    branches = [_branch(call, body) for call, _ in pushes]
    if any(b is None for b in branches):
        return True  # every pass pushes
    for read in identifiers(body):
        if fixes.text(read) != variable or any(_within(read, c) for c, _ in pushes):
            continue
        if not any(_within(read, b) for b in branches):
            return False
    return True


def _within(node: Node, outer: Node) -> bool:
    return outer.start_byte <= node.start_byte and node.end_byte <= outer.end_byte


def _branch(node: Node, body: Node) -> Node | None:
    """The branch of an `if` or `match` within `body` that `node` is in (the innermost), or None
    when every pass of `body` runs it."""
    parent = node.parent
    while parent is not None and parent != body:
        if parent.type == "match_arm" or (
            parent.type == "block"
            and parent.parent is not None
            and parent.parent.type in ("if_expression", "else_clause")
        ):
            return parent
        parent = parent.parent
    return None


def push_calls(name: str, body: Node, fixes: Fixes) -> list[tuple[Node, list[Node]]]:
    """The calls `name.push(..)` (`push_back`, `push_front`, `insert`, `extend`) in `body`,
    each with its arguments, in order."""
    found = []
    for node in descendants(body):
        function = node.child_by_field_name("function") if node.type == "call_expression" else None
        if function is None or function.type != "field_expression":
            continue
        receiver = function.child_by_field_name("value")
        method = function.child_by_field_name("field")
        arguments = node.child_by_field_name("arguments")
        if (
            receiver is not None
            and method is not None
            and arguments is not None
            and fixes.text(receiver) == name
            and fixes.text(method) in ("push", "push_back", "push_front", "insert", "extend")
            and std_push(name, fixes.text(method), fixes)
        ):
            found.append((node, list(arguments.named_children)))
    return sorted(found, key=lambda pair: pair[0].start_byte)


def empty_each_pass(name: str, meeting: Meeting, fixes: Fixes) -> Help:
    """Empty each pass: `name.clear();` as the last statement of the loop's body."""
    fallback = empty_each_pass_help(name, [])
    body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    if (
        body is None
        or body.type != "block"
        or meeting.in_macro
        or not fixes.reachable(name, body)
        or binds_anew(name.split(".")[0], body, fixes)
    ):
        return fallback
    branch = backward_branch(body, meeting.earlier.span)
    if branch is not None:
        # The backward runs in some passes only (`if logged.len() % 2 == 0 { .. }`): emptied at
        # the end of that branch, once its backward and step have run; at the end of every
        # pass, it would be empty each time the branch is tested and no backward would run.
        edit = fixes.append_line(branch, f"{name}.clear();")
    elif continues(body, fixes) or breaks_within(meeting.loop, body):
        # A pass that leaves early skips the body's last line: the collection is emptied right
        # after the statement of the backward instead (nothing after it reads the collection).
        edit = after_backward(name, body, meeting.earlier.span, fixes)
    else:
        edit = fixes.append_line(body, f"{name}.clear();")
        companions = zipped_companions(name, body, fixes) if edit is not None else []
        if edit is not None and companions:
            # `rewards` zipped with `log_probs`: emptied together, else out of step.
            pad = edit.replacement[: len(edit.replacement) - len(edit.replacement.lstrip())]
            more = "".join(f"{pad}{c}.clear();{fixes.newline}" for c in companions)
            said = ", ".join(f"`{c}`" for c in companions)
            return Help(
                empty_each_pass_help(name, [])
                .message.split(" (")[0]
                .replace(f"`{name}`", f"`{name}` and {said}", 1)
                + f" (`{name}` alone would leave {said} growing, out of step with it)",
                [replace(edit, replacement=edit.replacement + more)],
            )
    if edit is not None and kept_as_context(name, body, fixes):
        # Past keys every pass reads whole: emptied, later passes compute something else.
        help_ = empty_each_pass_help(name, [edit])
        said = help_.message + CHANGES_LATER.format(name=name)
        return Help(said, help_.edits, applicability="MaybeIncorrect")
    return fallback if edit is None else empty_each_pass_help(name, [edit])


def backward_branch(body: Node, backward: tuple[int, int]) -> Node | None:
    """The block of an `if` without `else`, itself a statement of `body`, that holds the
    backward at `backward` (file bytes); None when the backward is not in one."""
    start, end = backward
    for statement in body.named_children:
        if not statement.start_byte <= start < end <= statement.end_byte:
            continue
        node = statement.named_children[0] if statement.type == "expression_statement" else None
        if node is None or node.type != "if_expression":
            return None
        block = node.child_by_field_name("consequence")
        if node.child_by_field_name("alternative") is not None or block is None:
            return None
        return block if block.start_byte <= start < end <= block.end_byte else None
    return None


def keep_detached(name: str, meeting: Meeting, fixes: Fixes) -> Help | None:
    """For a map the loop inserts into at its counter (`cache.insert(step, ..)`) and reads at
    another key too (`cache.get(&(step - 1))`, the previous pass's): emptying it would leave
    that read nothing; instead, once the pass's backward has run, its entry is kept detached
    (`let detached = cache[&step].clone().detach(); cache.insert(step, detached);`), which
    later passes read as data; said in words. Where the pass inserts a tensor it names
    (`seen.insert(epoch, feat.clone())`), that tensor is detached where it is put, as code.
    None where that is not the case."""
    kept = detach_kept_elements(name, meeting, fixes)
    if kept is not None:
        return kept  # a `Vec` of past keys, read whole by every pass (kept_elements.py)
    body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    if body is None or body.type != "block" or meeting.in_macro or not is_name(name):
        return None
    text = fixes.text(body)
    inserted = re.search(re.escape(name) + r"\.insert\(\s*(" + NAME_RE + r")\s*,", text)
    if inserted is None or "detached" in identifier_texts(body, fixes):
        return None
    key = inserted[1]
    reads = re.findall(re.escape(name) + r"(?:\.get\(|\[)\s*&\s*(\(?[^)\]]*\)?)", text)
    if not any(read.strip() != key for read in reads):
        return None  # read at this pass's key only: emptying it is the fix
    tensor = meeting.definition.name
    put = detach_at_push(tensor, name, meeting, fixes, cloned=True)
    if put:
        # The tensor the pass inserts, named there (`seen.insert(epoch, feat.clone())`):
        # detached where it is put, every entry is data for the passes that read it.
        from pbpit.lint.rules.loop_external_words import detach_where_put_help

        return detach_where_put_help(tensor, name, put)
    # Said in words: lint, reading the edited file, cannot tell the entry kept is detached.
    return Help(
        f"keep `{name}`'s entry of each pass detached once its backward has run, for later "
        "passes to read as data (the gradient no longer flows into an earlier pass's tensor): "
        f"after the backward, `let detached = {name}[&{key}].clone().detach(); "
        f"{name}.insert({key}, detached);`"
    )


NAME_RE = r"[A-Za-z_]\w*"


def identifier_texts(node: Node, fixes: Fixes) -> set[str]:
    """The identifiers named in `node`."""
    return {fixes.text(n) for n in identifiers(node)}


def after_backward(name: str, body: Node, backward: tuple[int, int], fixes: Fixes) -> Edit | None:
    """`name.clear();` on the line after the statement of `body` that runs the backward at
    `backward` (file bytes); None when that statement is not one of the body's own, shares its
    lines, or a statement after it names `name`'s variable or leaves the pass."""
    inner = [c for c in body.named_children if c.type not in ("line_comment", "block_comment")]
    start, end = backward
    at = next((i for i, c in enumerate(inner) if c.start_byte <= start < end <= c.end_byte), None)
    if at is None or not fixes.whole_lines(inner[at]):
        return None
    variable = name.split(".")[0]
    for later in inner[at:]:
        if later is not inner[at] and any(fixes.text(n) == variable for n in identifiers(later)):
            return None
    statement = inner[at]
    if statement.end_point[0] >= body.end_point[0]:
        return None
    start = fixes.line_start(statement.end_point[0] + 1)
    line = f"{fixes.indent_of(statement)}{name}.clear();{fixes.newline}"
    return fixes.edit(start, start, line)


def detach_at_push(
    tensor: str, carrier: str, meeting: Meeting, fixes: Fixes, cloned: bool = False
) -> list[Edit]:
    """`.detach()` on `tensor` where the loop's one push into `carrier` names it once: as an
    argument (`buffer.push(t)`, `t.clone()`), or a struct literal's field (`Transition {
    state: s, target }` made `target: target.detach()`); with `cloned`, an argument that is
    its clone too (`map.insert(key, t.clone())` made `t.clone().detach()`); none otherwise."""
    body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    calls = push_calls(carrier, body, fixes) if body is not None else []
    if len(calls) != 1:
        return []
    _, arguments = calls[0]
    uses = [n for a in arguments for n in identifiers(a) if fixes.text(n) == tensor]
    if len(uses) != 1:
        return []
    use = uses[0]
    parent = use.parent
    if parent is not None and parent.type == "shorthand_field_initializer":
        return [fixes.edit(use.start_byte, use.end_byte, f"{tensor}: {tensor}.detach()")]
    if parent is not None and parent.type == "field_initializer":
        if parent.child_by_field_name("value") != use:
            return []
    elif cloned and parent is not None and parent.type == "field_expression":
        call = parent.parent
        method = parent.child_by_field_name("field")
        given = call.child_by_field_name("arguments") if call is not None else None
        if (
            call is None
            or call.type != "call_expression"
            or method is None
            or fixes.text(method) != "clone"
            or given is None
            or given.named_child_count
            or call.parent is None
            or call.parent.type != "arguments"
        ):
            return []
        return [fixes.edit(call.end_byte, call.end_byte, ".detach()")]
    elif parent is None or parent.type != "arguments":
        return []
    return [fixes.edit(use.end_byte, use.end_byte, ".detach()")]


def detach_in_map(tensor: str, name: str, meeting: Meeting, fixes: Fixes) -> Help | None:
    """For a map or a `Vec` of tensors (`seen: HashMap<usize, Tensor<1>>`, `BTreeMap::new()`,
    `centroids: Vec<Tensor<2>>`), which has no `.detach()`: `.detach()` on what each write of
    the loop puts in it (`seen.insert(k, feat)`, `*p = ..` of `seen.get_mut(&k)`,
    `and_modify`, `centroids[k] = ..`: map_writes.py); None for another collection, or where
    the loop writes nothing tracked into it."""
    body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    if body is None or meeting.in_macro:
        return None
    field_ = re.escape(name.rsplit(".", 1)[-1].encode())
    maps, lists = rb"(?:HashMap|BTreeMap)", rb"(?:Vec|VecDeque)"
    typed = rb"(?:" + maps + rb"\s*<[^,<>]+,|" + lists + rb"\s*<)\s*\(?\s*Tensor\b"
    made = rb"(?:" + maps + rb"|" + lists + rb")\s*::\s*(?:new|with_capacity)\b"
    declared = rb"\b" + field_ + rb"\s*(?::\s*" + typed + rb"|=\s*" + made + rb")"
    if re.search(declared, fixes.data) is None:
        return None
    from pbpit.lint.rules.map_writes import detach_each_write

    return detach_each_write(tensor, name, body, fixes)


def indexed(name: str, meeting: Meeting, fixes: Fixes) -> bool:
    """Whether the loop reads the collection `name` at an index a pass computes (`buffer[step
    / 2]`): emptied each pass, it holds the pass's own elements only, which `buf[0]` and
    `buf[buf.len() - 1]` still find, and that index may not."""
    start, end = meeting.loop_span
    word = rb"\b" + re.escape(name.encode()) + rb"\s*\[([^\]]*)\]"
    for found in re.finditer(word, fixes.data[start:end]):
        index = re.sub(rb"\s+", b"", found[1])
        if not re.fullmatch(rb"\d+|" + re.escape(name.encode()) + rb"\.len\(\)-1", index):
            return True
    return False


def emptied_at_pass_end(trace: TraceFinding, name: str) -> list[Edit]:
    """`name.clear();` as the last line of the body of the run's loop that carries it (a
    one-file Rust program whose loop ends on a line of its own); none otherwise."""
    from pbpit.diagnose.audit import find_loops
    from pbpit.source import Language, source_line

    result = trace.result
    if result.language is not Language.RUST or result.crate is not None:
        return []
    loops = find_loops(result.source, result.language)
    loop = next((loop for loop in loops if loop.line == trace.entry.loop_line), None)
    if loop is None or loop.end_line <= loop.body_line:
        return []
    if source_line(result.source, loop.end_line).strip() != "}":
        return []
    body = source_line(result.source, loop.body_line)
    indent = body[: len(body) - len(body.lstrip())]
    return [Edit(loop.end_line, 1, loop.end_line, 1, f"{indent}{name}.clear();\n")]
