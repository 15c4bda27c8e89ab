"""`loop-external-tracked`'s fix of a `Vec` field the passes fill and the program empties beside
its other fields but not itself: an actor-critic's rollout whose `clear` empties `self.values`
and `self.rewards`, not `self.log_probs` (or a loop that empties `buf.values` itself and forgets
`buf.log_probs`). The next pass's loss reads the previous pass's log-probabilities, whose steps
its backward consumed. The missing line is written beside the others: `self.log_probs.clear();`
in the method, `buf.log_probs.clear();` in the loop. Every gradient is kept (detached where
they are put instead, the log-probabilities would train nothing).

Where the holder's emptying method does empty the field but the function calls it only outside
the loop of backwards (n-step updates, `buf.clear()` once per episode), it is called after each
update instead (`clear_after_backward`).

The field, not the loop's name of an element (`lp` of `for ((lp, v), r) in buf.log_probs
.iter().zip(..)`, `walked_field`) nor the local of the method that pushes it (`log_prob` of
`agent.act(..)`, `pushed_where_made`), carries the tensor into the next pass, and names it.
Lint's finding (`LoopExternalTracked.meeting`) and the run (`pbpit.diagnose.clear_beside`, where
its finding lacks the fix) write the fix with this code, from the program's syntax tree."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Help
from pbpit.lint.fixes import Fixes, identifiers, is_name, method_calls
from pbpit.rust.syntax import Node, descendants

if TYPE_CHECKING:
    from pbpit.lint.rule import Meeting
    from pbpit.lint.values import Definition, Read

BESIDE = "too, beside "
"""What the help's message says (`empty `self.log_probs` in `clear` too, beside ..`): how the
run (`pbpit.diagnose.clear_beside`) knows lint's finding has it."""

_EMPTIES = re.compile(
    r"((?:[A-Za-z_]\w*\.)+[A-Za-z_]\w*)"
    r"(?:\.clear\(\)|\.truncate\(0\)|=Vec::new\(\)|=vec!\[\]|=Vec::with_capacity\([^;]*\)"
    r"|=VecDeque::new\(\)|=Default::default\(\));"
)
"""`x.f.clear();`, `x.f.truncate(0);`, `x.f = Vec::new();`, `x.f = vec![];`, .. (spaces taken
out; `x` may be a path, `self.buffer`)."""

_PATH = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
"""A variable or a path of fields (`buf`, `self.buffer`)."""

_PUSHES = ("push", "push_back", "push_front", "insert", "extend")


def _walks(fixes: Fixes, pattern: Node | None, value: Node | None) -> list[tuple[Node, Node]]:
    """Each name `pattern` binds to an element of a collection `value` walks, with that
    collection: the analysis's reading (`_PatternWalks._pattern_walks`), on the text alone."""
    from pbpit.lint.analysis.pattern_walks import _PatternWalks  # the analysis imports rules

    class Walks(_PatternWalks):
        text = staticmethod(fixes.text)

    return Walks()._pattern_walks(pattern, value)


def walked_field(use: Read | None, definition: Definition, meeting: Meeting, fixes: Fixes):
    """`buf.log_probs`: the field whose elements the pass's `for` binds to the name it reads
    the carried tensor by (`lp` of `for ((lp, v), r) in buf.log_probs.iter().zip(..)`), when
    the field's holder is in scope as the loop starts and the pass pushes the tensor into it
    (`buf.log_probs.push(lp)`); None otherwise."""
    loop = meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    if use is None or use.node is None or body is None or meeting.in_macro:
        return None
    entry = meeting.entry or {}
    node = fixes.parent(use.node)
    while node is not None and node.id != body.id:
        if node.type == "for_expression":
            pattern = node.child_by_field_name("pattern")
            value = node.child_by_field_name("value")
            for bound, collection in _walks(fixes, pattern, value):
                if bound.type != "identifier" or fixes.text(bound) != use.name:
                    continue
                name = "".join(fixes.text(collection).split())
                holder, _, field = name.rpartition(".")
                if (
                    holder.split(".")[0] in entry
                    and is_name(field)
                    and (
                        _pushed_into(name, definition, body, fixes)
                        or _put_by_method(name, body, fixes)
                    )
                ):
                    return name
                return None
        node = fixes.parent(node)
    return None


def pushed_where_made(definition: Definition, meeting: Meeting, fixes: Fixes):
    """`(agent.log_probs, help)` for a tensor a method makes and pushes into a field of `self`
    (`act` making `log_prob` and pushing it into `self.log_probs`), called by the loop on a
    value in scope as it starts (`agent.act(..)`): the field as the loop names it, which
    carries the tensor into the next pass, and the help detaching it where it is pushed;
    None otherwise."""
    loop = meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    if definition.statement is None or body is None:
        return None
    function = fixes.parent(definition.statement)
    while function is not None and function.type != "function_item":
        function = fixes.parent(function)
    inner = function.child_by_field_name("body") if function is not None else None
    named = function.child_by_field_name("name") if function is not None else None
    if inner is None or named is None or not _takes_mut_self(function, fixes):
        return None
    method = fixes.text(named)
    holders = [h for h in _receivers_of(method, body, fixes) if h in (meeting.entry or {})]
    put = [
        (call, field, arguments)
        for call, field, arguments in _self_pushes(inner, fixes)
        if any(fixes.text(n) == definition.name for n in identifiers(arguments))
    ]
    if len(holders) != 1 or len({field for _, field, _ in put}) != 1:
        return None
    field = put[0][1]
    carrier = f"{holders[0]}.{field}"
    owner = _owner(function, fixes)
    where = f"`{owner}::{method}`" if owner else f"`{method}`"
    edits = []
    for _, _, arguments in put:
        given = arguments.named_children
        if len(given) != 1 or fixes.text(given[0]) != definition.name:
            edits = []
            break
        edits.append(fixes.edit(given[0].end_byte, given[0].end_byte, ".detach()"))
    words = (
        f"detach `{definition.name}` where it is put in `self.{field}` by {where} "
        f"(`{carrier}` carries it into the next pass): gradients stop at the pass boundary"
    )
    return carrier, Help(words, edits)


def _takes_mut_self(function: Node, fixes: Fixes) -> bool:
    parameters = function.child_by_field_name("parameters")
    taken = "".join(fixes.text(parameters).split()) if parameters is not None else ""
    return re.match(r"\(&mut(?:'\w+)?self[,)]", taken) is not None


def _owner(function: Node, fixes: Fixes) -> str:
    """`Agent` of the `impl<B> Agent<B>` holding `function`; "" outside an impl."""
    node = fixes.parent(function)
    while node is not None and node.type != "impl_item":
        node = fixes.parent(node)
    kind = node.child_by_field_name("type") if node is not None else None
    return re.sub(r"<.*", "", fixes.text(kind), flags=re.S).strip() if kind is not None else ""


def _receivers_of(method: str, body: Node, fixes: Fixes) -> list[str]:
    """The names `body` calls `method` on (`agent` of `agent.act(..)`), in order."""
    found = []
    for _, receiver, called, _ in method_calls(body, fixes):
        if called != method:
            continue
        if receiver.type == "identifier" and fixes.text(receiver) not in found:
            found.append(fixes.text(receiver))
    said = re.compile(rf"\b([A-Za-z_]\w*)\s*\.\s*{re.escape(method)}\s*\(")
    for receiver in _in_macros(body, said, fixes):
        if receiver not in found:
            found.append(receiver)
    return found


def _self_pushes(body: Node, fixes: Fixes) -> list[tuple[Node, str, Node]]:
    """The calls `self.FIELD.push(..)` in `body`: each call, `FIELD` and its arguments."""
    found = []
    for call, receiver, method, arguments in method_calls(body, fixes):
        if arguments is None or method not in _PUSHES:
            continue
        said = "".join(fixes.text(receiver).split())
        if said.startswith("self.") and is_name(said[5:]):
            found.append((call, said[5:], arguments))
    return found


def _put_by_method(name: str, body: Node, fixes: Fixes) -> bool:
    """Whether a method the pass calls on the holder of the field `name` pushes into that
    field (`pending.add(loss)`, whose body is `self.losses.push(loss)`)."""
    holder, _, field = name.rpartition(".")
    called = set(_called_on(holder, body, fixes))
    push = re.compile(rf"\bself\s*\.\s*{re.escape(field)}\s*\.\s*push(?:_back)?\s*\(")
    for owner, fields in _structs(fixes).items():
        if field not in fields:
            continue
        for function in _methods_of(owner, fixes):
            label = function.child_by_field_name("name")
            if label is not None and fixes.text(label) in called and push.search(
                fixes.text(function)
            ):
                return True
    return False


def _pushed_into(name: str, definition: Definition, body: Node, fixes: Fixes) -> bool:
    """Whether `body` pushes the tensor `definition` binds into `name` (`name.push(lp)`)."""
    for _, receiver, method, arguments in method_calls(body, fixes):
        if arguments is None or method not in _PUSHES:
            continue
        if "".join(fixes.text(receiver).split()) != name:
            continue
        if any(fixes.text(n) == definition.name for n in identifiers(arguments)):
            return True
        start, end = definition.span
        if arguments.start_byte <= start < end <= arguments.end_byte:
            return True  # the pushed value itself (`buf.values.push(critic.forward(s))`)
        named = {fixes.text(n) for n in identifiers(arguments)}
        if named & _made_from(definition.name, body, fixes):
            return True  # `let chosen = logp.narrow(..); episode.log_probs.push(chosen);`
    return False


def _made_from(name: str, body: Node, fixes: Fixes) -> set[str]:
    """The names the `let`s of `body` bind to a value made from `name`, directly or through
    another such name (`let chosen = logp.narrow(1, a, 1).reshape([1]);` of `logp`)."""
    lets = []
    for node in descendants(body):
        pattern = node.child_by_field_name("pattern") if node.type == "let_declaration" else None
        value = node.child_by_field_name("value") if pattern is not None else None
        if pattern is not None and value is not None and pattern.type == "identifier":
            lets.append((fixes.text(pattern), {fixes.text(n) for n in identifiers(value)}))
    made = {name}
    grown = True
    while grown:
        grown = False
        for bound, reads in lets:
            if bound not in made and reads & made:
                made.add(bound)
                grown = True
    return made - {name}


def clear_beside(name: str, loop: Node | None, fixes: Fixes) -> Help | None:
    """The help emptying the `Vec` field `name` (`buf.log_probs`) beside the others its
    program empties: in a method taking `&mut self` that the loop calls on the holder
    (`buf.clear()`), or that such a method calls on `self` (`self.clear()` in `finish`), that
    empties other fields of `self` and never names this one; else in the loop's body beside
    its own statements emptying other fields of the holder; None when neither is found (or
    the field is no `Vec` of the file's structs)."""
    holder, _, field = name.rpartition(".")
    body = loop.child_by_field_name("body") if loop is not None else None
    if body is None or not _PATH.fullmatch(holder) or not is_name(field):
        return None
    if not _a_vec(field, fixes):
        return None
    own = f"self.{field}"
    for method, function, through in _reached(holder, body, field, fixes):
        block = function.child_by_field_name("body")
        if block is None or _names(block, own, fixes):
            continue  # the method already does something with the field
        found = _beside(block, "self", field, fixes)
        if found is None:
            continue
        edit, others = found
        calls = f"calls it (through `{through}`)" if through else "calls it"
        words = (
            f"empty `{own}` in `{method}` {BESIDE}{others}: the loop {calls} to start each "
            f"pass afresh, and `{field}` is the `Vec` it leaves holding the previous pass's "
            "tensors"
        )
        return Help(words, [edit])
    if _empties(body, name, fixes):
        return None
    found = _beside(body, holder, field, fixes)
    if found is None:
        return None
    edit, others = found
    words = (
        f"empty `{name}` {BESIDE}{others}: the loop empties those to start each pass afresh, "
        f"and `{field}` is the `Vec` it leaves holding the previous pass's tensors"
    )
    return Help(words, [edit])


def clear_after_backward(name: str, meeting: Meeting, fixes: Fixes) -> Help | None:
    """`buf.clear();` at the end of the block of the loop that runs the backward, for a field
    (`buf.log_probs`) the holder's own emptying method empties (`clear` emptying
    `self.log_probs`) that the function calls outside the loop only (once per episode, around
    a loop of n-step updates): each backward's loss then holds only the tensors pushed since the
    one before. None otherwise."""
    holder, _, field = name.rpartition(".")
    loop = meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    if body is None or not _PATH.fullmatch(holder) or not is_name(field):
        return None
    if not _a_vec(field, fixes):
        return None
    function = fixes.parent(loop)
    while function is not None and function.type != "function_item":
        function = fixes.parent(function)
    outer = function.child_by_field_name("body") if function is not None else None
    if outer is None:
        return None
    inside = _called_on(holder, body, fixes)
    own = f"self.{field}"
    emptying = [
        method
        for method in _called_on(holder, outer, fixes)
        if method not in inside
        and any(
            _emptied(statement, fixes) == own
            for function_ in _methods(method, field, fixes)
            for statement in _statements(function_)
        )
    ]
    block = _block_of(meeting.earlier.span, body, fixes)
    if len(emptying) != 1 or block is None:
        return None
    method = emptying[0]
    edit = fixes.append_line(block, f"{holder}.{method}();")
    if edit is None:
        return None
    words = (
        f"call `{holder}.{method}();` once the backward has run, in the pass that runs it: "
        f"`{method}` empties `{name}`, but runs only outside this loop, so the next pass's loss "
        "still holds this pass's tensors"
    )
    return Help(words, [edit])


def empty_holder_each_pass(name: str, meeting: Meeting, fixes: Fixes) -> Help | None:
    """For a field (`buf.log_probs`) nothing in the program empties, of a struct whose other
    `Vec` fields the pass fills too (`record` pushing the log-prob, the value and the reward),
    not read by index (a replay buffer sampled):
    every `Vec` of the holder the pass pushes into emptied at the end of the pass, once its
    backward has run, as one edit (emptying one leaves the next pass's loss reading the others'
    consumed tensors, or the rewards out of step with the log-probs). None otherwise."""
    from pbpit.lint.rules.carried_state import breaks_within, continues, indexed

    holder, _, field = name.rpartition(".")
    loop = meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    if body is None or body.type != "block" or not _PATH.fullmatch(holder) or not is_name(field):
        return None
    owners = [owner for owner, fields in _structs(fixes).items() if field in fields]
    function = fixes.parent(loop)
    while function is not None and function.type != "function_item":
        function = fixes.parent(function)
    outer = function.child_by_field_name("body") if function is not None else None
    if len(owners) != 1 or outer is None or continues(body, fixes) or breaks_within(loop, body):
        return None
    fields = _structs(fixes)[owners[0]]
    if not _VEC.match(fields[field]) or _empties(outer, name, fixes):
        return None
    kept = {
        said.removeprefix("self.")
        for function_ in _methods_of(owners[0], fixes)
        for statement in _statements(function_)
        if (said := _emptied(statement, fixes)) is not None and said.startswith("self.")
    }
    if field in kept:
        return None  # a method empties it: `clear_beside`, `clear_after_backward`
    pushed = set(_pushed_fields(holder, body, fixes))
    for _method, function_, _ in _reached(holder, body, field, fixes):
        inner = function_.child_by_field_name("body")
        pushed |= {f for _, f, _ in _self_pushes(inner, fixes)} if inner is not None else set()
    emptied = [
        f
        for f in fields
        if f in pushed
        and f not in kept
        and _VEC.match(fields[f])
        and not _empties(outer, f"{holder}.{f}", fixes)
    ]
    if field not in emptied or len(emptied) < 2 or indexed(name, meeting, fixes):
        return None  # a rollout of `Vec`s in step, walked together; not a log, nor a replay
    said = "".join("".join(fixes.text(n).split()) for n in [body, *_methods_of(owners[0], fixes)])
    whole = any(f".{field}{read}" in said for read in (".iter()", ".clone()", ".drain("))
    if not whole or any(
        f".{f}{read}" in said and not _walked_by_index(f, holder, said)
        for f in emptied
        for read in ("[", ".get(")
    ):
        return None  # read by index somewhere (a memory sampled): emptying would change it
    edit = fixes.append_line(body, f"{holder}.{emptied[0]}.clear();")
    if edit is None:
        return None
    indent = edit.replacement[: len(edit.replacement) - len(edit.replacement.lstrip())]
    lines = "".join(f"{indent}{holder}.{f}.clear();{fixes.newline}" for f in emptied)
    said = ", ".join(f"`{holder}.{f}`" for f in emptied)
    words = (
        f"empty {said} at the end of each pass, once its backward has run: nothing empties "
        f"`{name}`, and the next pass's loss then holds none of this pass's tensors"
    )
    return Help(words, [replace(edit, replacement=lines)])


_VEC = re.compile(r"(?:std::collections::|std::vec::)?(?:Vec|VecDeque)<")


def _walked_by_index(field: str, holder: str, said: str) -> bool:
    """Whether the text `said` (spaces taken out) reads `field` by index only in a loop over all
    its indices (`for i in (0..self.rewards.len()).rev()`: the returns of an episode), not as a
    memory sampled at some of them."""
    owner = rf"(?:self|{re.escape(holder)})\.{re.escape(field)}"
    every = re.findall(rf"for(\w+)in\(?0\.\.{owner}\.len\(\)", said)
    reads = re.findall(rf"{owner}\[([^\]]*)\]", said)
    return bool(every) and all(index in every for index in reads)


def _structs(fixes: Fixes) -> dict[str, dict[str, str]]:
    """Each struct of the file: its fields and their types' text, in order."""
    found = {}
    for node in descendants(fixes.source.root):
        label = node.child_by_field_name("name") if node.type == "struct_item" else None
        if label is not None:
            found[fixes.text(label)] = _fields(fixes.text(label), fixes)
    return found


def _methods_of(owner: str, fixes: Fixes) -> list[Node]:
    """Every method of the file's `impl`s of `owner`."""
    found = []
    for node in descendants(fixes.source.root):
        kind = node.child_by_field_name("type") if node.type == "impl_item" else None
        block = node.child_by_field_name("body") if kind is not None else None
        if kind is None or block is None:
            continue
        if re.sub(r"<.*", "", fixes.text(kind), flags=re.S).strip() == owner:
            found += [f for f in block.named_children if f.type == "function_item"]
    return found


def _pushed_fields(holder: str, body: Node, fixes: Fixes) -> list[str]:
    """The fields `body` pushes into on `holder` (`log_probs` of `buf.log_probs.push(..)`)."""
    said = re.compile(rf"\b{re.escape(holder)}\s*\.\s*([A-Za-z_]\w*)\s*\.\s*push(?:_back)?\s*\(")
    return said.findall(fixes.text(body))


def _statements(function: Node) -> list[Node]:
    body = function.child_by_field_name("body")
    return list(body.named_children) if body is not None else []


def _block_of(span: tuple[int, int], body: Node, fixes: Fixes) -> Node | None:
    """The block of `body` (itself or one within it) whose own statement holds the file bytes
    `span` (the backward's)."""
    node = fixes.source.root.descendant_for_byte_range(*span)
    while node is not None:
        parent = fixes.parent(node)
        if parent is not None and parent.type == "block" and node.type != "block":
            if body.start_byte <= parent.start_byte and parent.end_byte <= body.end_byte:
                return parent
        if parent is None or parent.id == body.id and node.type == "block":
            return None
        node = parent
    return None


def _beside(block: Node, holder: str, field: str, fixes: Fixes):
    """The edit adding the statement that empties `holder.field` after the last statement of
    `block` emptying another field of `holder`, as that one is written, and those fields
    named (`` `self.values`, `self.rewards` ``); None when `block` empties none."""
    if block.type != "block":
        return None
    own = f"{holder}.{field}"
    clears = []
    for statement in block.named_children:
        said = _emptied(statement, fixes)
        if said is not None and said.rpartition(".")[0] == holder:
            clears.append((statement, said))
    if not clears:
        return None
    last, other = clears[-1]
    row = last.end_point[0] + 1  # 0-based row after the statement
    if not fixes.whole_lines(last):
        return None
    written = fixes.text(last).replace(other, own, 1)
    at = fixes.line_start(row)
    edit = fixes.edit(at, at, f"{fixes.indent_of(last)}{written}{fixes.newline}")
    return edit, ", ".join(f"`{said}`" for _, said in clears)


def _names(block: Node, own: str, fixes: Fixes) -> bool:
    """Whether `block` names the field `own` (`self.log_probs`)."""
    return any(
        n.type == "field_expression" and "".join(fixes.text(n).split()) == own
        for n in descendants(block)
    )


def _empties(block: Node, own: str, fixes: Fixes) -> bool:
    """Whether `block` empties (or sets) the field `own` anywhere: `own.clear()`, `own =`,
    `own.drain(..)`, `own.truncate(..)`, `take(&mut own)`."""
    said = "".join(fixes.text(block).split())
    forms = (".clear()", "=", ".drain(", ".truncate(", ".retain(")
    return any(f"{own}{form}" in said and f"{own}{form}=" not in said for form in forms) or (
        f"take(&mut{own})" in said or f"replace(&mut{own}," in said
    )


def _emptied(statement: Node, fixes: Fixes) -> str | None:
    """`x.f` of a statement emptying it (`_EMPTIES`), written on one line; None otherwise."""
    if statement.type != "expression_statement":
        return None
    if statement.start_point[0] != statement.end_point[0]:
        return None
    found = _EMPTIES.fullmatch("".join(fixes.text(statement).split()))
    return found[1] if found is not None else None


def _reached(holder: str, body: Node, field: str, fixes: Fixes):
    """Each method of a struct with `field` that `body` calls on `holder`, then each those call
    on `self`, and so on: its name, its `fn` and the method the loop called to reach it (""
    for that one itself)."""
    todo = [(method, "") for method in _called_on(holder, body, fixes)]
    seen = set()
    while todo:
        method, through = todo.pop(0)
        if method in seen:
            continue
        seen.add(method)
        for function in _methods(method, field, fixes):
            yield method, function, through
            inner = function.child_by_field_name("body")
            if inner is not None:
                todo += [(m, through or method) for m in _called_on("self", inner, fixes)]


def _called_on(holder: str, body: Node, fixes: Fixes) -> list[str]:
    """The methods `body` calls on `holder` (`buf.clear()`), in order."""
    found = []
    for call in descendants(body):
        function = call.child_by_field_name("function") if call.type == "call_expression" else None
        if function is None or function.type != "field_expression":
            continue
        receiver, method = (
            function.child_by_field_name("value"),
            function.child_by_field_name("field"),
        )
        if receiver is None or method is None:
            continue
        if "".join(fixes.text(receiver).split()) == holder and fixes.text(method) not in found:
            found.append(fixes.text(method))
    said = re.compile(rf"\b{re.escape(holder)}\s*\.\s*([A-Za-z_]\w*)\s*(?:::\s*<[^>]*>\s*)?\(")
    for method in _in_macros(body, said, fixes):
        if method not in found:
            found.append(method)
    return found


def _in_macros(body: Node, said: re.Pattern, fixes: Fixes) -> list[str]:
    """What `said`'s group matches in the arguments of the macros of `body` (`println!("{}",
    agent.update(&device))`), which tree-sitter leaves as tokens."""
    found = []
    for node in descendants(body):
        if node.type == "macro_invocation":
            found += said.findall(fixes.text(node))
    return found


def _methods(method: str, field: str, fixes: Fixes) -> list[Node]:
    """The file's methods named `method` taking `&mut self`, of an `impl` of a struct of the
    file with the field `field`."""
    found = []
    for node in descendants(fixes.source.root):
        kind = node.child_by_field_name("type") if node.type == "impl_item" else None
        block = node.child_by_field_name("body") if kind is not None else None
        if kind is None or block is None:
            continue
        owner = re.sub(r"<.*", "", fixes.text(kind), flags=re.S).strip()
        if field not in _fields(owner, fixes):
            continue
        for function in block.named_children:
            name = function.child_by_field_name("name")
            parameters = function.child_by_field_name("parameters")
            if function.type != "function_item" or name is None or parameters is None:
                continue
            if fixes.text(name) == method and _takes_mut_self(function, fixes):
                found.append(function)
    return found


def _fields(owner: str, fixes: Fixes) -> dict[str, str]:
    """The fields of the file's struct `owner` and their types' text."""
    found = {}
    for node in descendants(fixes.source.root):
        label = node.child_by_field_name("name") if node.type == "struct_item" else None
        body = node.child_by_field_name("body") if label is not None else None
        if label is None or body is None or fixes.text(label) != owner:
            continue
        for item in body.named_children:
            named = item.child_by_field_name("name") if item.type == "field_declaration" else None
            kind = item.child_by_field_name("type") if named is not None else None
            if named is not None and kind is not None:
                found[fixes.text(named)] = "".join(fixes.text(kind).split())
    return found


def _a_vec(field: str, fixes: Fixes) -> bool:
    """Whether a struct of the file declares `field` as a `Vec` (or `VecDeque`)."""
    for node in descendants(fixes.source.root):
        named = node.child_by_field_name("name") if node.type == "field_declaration" else None
        kind = node.child_by_field_name("type") if named is not None else None
        if named is not None and kind is not None and fixes.text(named) == field:
            if re.match(r"(?:std::collections::|std::vec::)?(?:Vec|VecDeque)<", fixes.text(kind)):
                return True
    return False
