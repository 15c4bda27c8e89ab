"""For state a loop carries from one pass into the next, the binding or collection that carries
a run's tensor, read from the case's lines: the binding assigned it in the loop (`h = h_new;`,
`state = Some(h_new);`), the collection it is pushed into in the loop
(`buffer.push(Transition { state: s, target })`), or the field a method called from the loop
puts it in (`self.slots[key] = Some(f.clone())` in `cache.get_or_compute(..)`: `cache.slots`),
with the line that puts it there written again with the tensor detached.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pbpit.diagnose.loops import Loop
from pbpit.source import Language, source_line, source_lines
from pbpit.trace import NodeRecord, RunResult

NAME = r"[A-Za-z_]\w*"
PUSHES = ("push", "push_back", "push_front", "insert")


@dataclass(frozen=True)
class Carrier:
    """What carries the tensor `tensor` into the next pass (`name`), the line that puts it
    there, and that line with the tensor detached (None when it cannot be written)."""

    name: str
    line: int
    tensor: str
    detached: str | None
    put: bool
    """Put into a collection or a field (not assigned to a binding of its own)."""


def find_carrier(result: RunResult, node: NodeRecord, loop: Loop | None) -> Carrier | None:
    """The carrier of `node` (see the module), or None when the tensor is carried by its own
    name or nothing that carries it is found."""
    label = node.label
    if loop is None or not label:
        return None
    element = re.fullmatch(r"(" + NAME + r")\[\d+\]", label)
    if element is not None:
        return _element(result, node, label, element[1], loop)
    field = re.fullmatch(r"self\.(" + NAME + r")", label)
    if field is not None:
        return _replaced_by_method(result, node, field[1], loop)
    if not re.fullmatch(NAME, label):
        return None
    return (
        _assigned(result, label, loop)
        or _through_slot(result, label, loop)
        or _tupled(result, label, loop)
        or _gathered(result, label, loop)
        or _pushed(result, label, loop)
        or _put_by_method(result, node, label)
        or _handed_to_method(result, label, loop, _making_call(node))
    )


def _making_call(node: NodeRecord) -> str | None:
    """The method that made `node` and returned it, called at `node.line` (`loss` of
    `log.record(model.loss(x, y))`): the argument that hands the tensor to another method is that
    call, not a binding."""
    if len(node.made_in) != 1 or not node.made_in[0][0] or "::" not in node.made_in[0][0]:
        return None
    return node.made_in[0][0].rsplit("::", 1)[-1]


def _assigned(result: RunResult, label: str, loop: Loop) -> Carrier | None:
    """`h = h_new;` / `state = Some(h_new.clone());` in the loop's body."""
    rust = result.language is Language.RUST
    end = ";" if rust else ""
    pattern = re.compile(
        r"\s*(?P<name>[A-Za-z_][\w.]*)\s*=\s*(?:Some\()?"
        + re.escape(label)
        + r"(?:\.clone\(\))?\)?\s*"
        + re.escape(end)
        + r"\s*(?://.*|#.*)?"
    )
    for line in range(loop.body_line, loop.end_line + 1):
        text = source_line(result.source, line)
        found = pattern.fullmatch(text)
        if found is None or found["name"] == label or found["name"].startswith("let"):
            continue
        at = re.search(r"=\s*(?:Some\()?" + re.escape(label) + r"\b", text)
        new = None
        if at is not None:
            new = text[: at.end()] + ".detach()" + text[at.end() :]
            new = new.replace(".detach().clone()", ".detach()", 1)
        return Carrier(found["name"], line, label, new, put=False)
    return None


def _through_slot(result: RunResult, label: str, loop: Loop) -> Carrier | None:
    """`*slot = h;` in the loop's body (Rust), `slot` bound in it to a place of a map or a
    collection (`let slot = states.entry(k).or_insert_with(..);`, `states.get_mut(&k)`): the
    collection carries it (`states`), written again with the tensor detached where it is put
    (`*slot = h.detach();`)."""
    if result.language is not Language.RUST:
        return None
    put = re.compile(
        r"(?P<head>\s*\*(?P<slot>"
        + NAME
        + r")\s*=\s*)"
        + re.escape(label)
        + r"(?P<clone>\.clone\(\))?(?P<tail>;\s*(?://.*)?)"
    )
    for line in range(loop.body_line, loop.end_line + 1):
        text = source_line(result.source, line)
        found = put.fullmatch(text)
        if found is None:
            continue
        bound = re.compile(
            r"\s*let\s+(?:mut\s+)?" + re.escape(found["slot"]) + r"\s*=\s*(?:&mut\s+)?"
            r"(?P<name>[A-Za-z_][\w.]*)\.(?:entry|get_mut|last_mut|first_mut|iter_mut)\("
        )
        for earlier in range(loop.body_line, line):
            holder = bound.match(source_line(result.source, earlier))
            if holder is not None:
                new = f"{found['head']}{label}.detach(){found['tail']}"
                return Carrier(holder["name"], line, label, new, put=True)
    return None


def _tupled(result: RunResult, label: str, loop: Loop) -> Carrier | None:
    """`state = (h, c);` (`state = Some((h, c));` of an `Option` of a pair) in the loop's body
    (Rust), `label` one of the tuple's names: the tuple
    carries it (taken apart by `let (h_prev, c_prev) = state;` in the next pass), written again
    with each name detached (`.detach()` is a tensor's, and each carries its own graph): put in
    the tuple, as in a collection."""
    if result.language is not Language.RUST:
        return None
    pattern = re.compile(
        r"\s*(?P<name>[A-Za-z_][\w.]*)(?:\[[^\]]*\])?\s*=\s*(?P<some>Some\()?\((?P<parts>[^()]*)\)"
        r"(?(some)\));\s*(?://.*)?"
    )
    for line in range(loop.body_line, loop.end_line + 1):
        text = source_line(result.source, line)
        found = pattern.fullmatch(text)
        if found is None:
            continue
        parts = [p.strip() for p in found["parts"].split(",") if p.strip()]
        if label not in parts or not all(re.fullmatch(NAME, p) for p in parts):
            continue
        detached = ", ".join(f"{p}.detach()" for p in parts)
        new = text[: found.start("parts")] + detached + text[found.end("parts") :]
        return Carrier(found["name"], line, label, new, put=True)
    return None


def _gathered(result: RunResult, label: str, loop: Loop) -> Carrier | None:
    """`let next = [s0, s1.clone()];` (`vec![..]`) or `new_hs.push(h.clone());` in the loop's
    body (Rust), then `states = next;`: the state the next pass reads is `states`, a collection
    of the pass's new states (per-layer states), each tensor of it detached where it is given
    them (lint's fix)."""
    if result.language is not Language.RUST:
        return None
    element = re.escape(label) + r"(?:\.clone\(\))?"
    made = re.compile(
        r"\s*let\s+(?:mut\s+)?(?P<name>" + NAME + r")\s*(?::[^=]*)?=\s*(?:vec!\s*)?\["
        r"(?P<parts>[^\[\]]*)\]\s*;\s*(?://.*)?"
    )
    pushed = re.compile(
        r"\s*(?P<name>" + NAME + r")\.(?:push|push_back)\(\s*" + element + r"\s*\);\s*(?://.*)?"
    )
    lines = range(loop.body_line, loop.end_line + 1)
    for line in lines:
        text = source_line(result.source, line)
        found = made.fullmatch(text)
        if found is not None:
            # (`vec![(h0n, c0n), (h1n, c1n)]`: a pair's names too)
            parts = [p.strip() for p in re.split(r"[,()]", found["parts"])]
            if not any(re.fullmatch(element, p) for p in parts):
                continue
        else:
            found = pushed.fullmatch(text)
        if found is None:
            continue
        given = re.compile(
            r"\s*(?P<name>[A-Za-z_][\w.]*)\s*=\s*" + re.escape(found["name"]) + r"\s*;\s*(?://.*)?"
        )
        for later in range(line + 1, loop.end_line + 1):
            carried = given.fullmatch(source_line(result.source, later))
            if carried is not None and carried["name"] != found["name"]:
                return Carrier(carried["name"], later, label, None, put=True)
    return None


def _pushed(result: RunResult, label: str, loop: Loop) -> Carrier | None:
    """`buffer.push(Transition { state: s, target })` in the loop's body (Rust)."""
    if result.language is not Language.RUST:
        return None
    pattern = re.compile(
        r"\s*(?P<name>[A-Za-z_][\w.]*)\.(?:" + "|".join(PUSHES) + r")\((?P<args>.*)\);\s*"
    )
    for line in range(loop.body_line, loop.end_line + 1):
        text = source_line(result.source, line)
        found = pattern.fullmatch(text)
        if found is None or found["name"] == label:
            continue
        new = _detached_in(text, found.start("args"), found.end("args"), label)
        if new is not None:
            return Carrier(found["name"], line, label, new, put=True)
    return None


def _element(
    result: RunResult, node: NodeRecord, label: str, name: str, loop: Loop
) -> Carrier | None:
    """`queue[1]`, an element of the collection `queue` the loop pushes into at the line
    that made it (`queue.push(w.clone().sin().sum());`): `queue` carries it."""
    if result.language is not Language.RUST or node.line is None:
        return None
    if not loop.body_line <= node.line <= loop.end_line:
        return None
    pattern = re.compile(
        r"\s*" + re.escape(name) + r"\.(?:" + "|".join(PUSHES) + r")\((?P<args>.*)\);\s*(?://.*)?"
    )
    found = pattern.fullmatch(source_line(result.source, node.line))
    if found is None or _read_whole(result, name, loop):
        return None  # past keys every pass reads whole: detached at the pass's end (lint's)
    return Carrier(name, node.line, label, None, put=True)


def _read_whole(result: RunResult, name: str, loop: Loop) -> bool:
    """Whether the loop's body reads the collection `name` whole into one tensor
    (`Tensor::cat(name.clone(), 0)`): its elements are context every pass reads, not tensors
    to detach where they are put (lint's `kept_elements`)."""
    read = re.compile(
        r"Tensor\s*::\s*(?:cat|stack)\s*\(\s*" + re.escape(name) + r"\s*\.\s*(?:clone|to_vec)\s*\("
    )
    lines = range(loop.body_line, loop.end_line + 1)
    return any(read.search(source_line(result.source, n)) for n in lines)


def _put_by_method(result: RunResult, node: NodeRecord, label: str) -> Carrier | None:
    """`self.slots[key] = Some(f.clone())` (or `self.memory = Some(f)`, `self.acts.push(f)`) in
    the method that made the tensor, called from the loop as `cache.get_or_compute(..)`:
    `cache.slots` carries it."""
    if result.language is not Language.RUST or node.line is None:
        return None
    if len(node.made_in) == 1:
        (function, made_at), calling = node.made_in[0], node.line
    elif not node.made_in and len(node.stack) >= 2 and node.functions:
        # Made in the method that also runs the backward, called from the loop.
        function, made_at, calling = node.functions[0], node.line, node.stack[1]
    else:
        return None
    if not function or "::" not in function:
        return None
    method = function.rsplit("::", 1)[-1]
    call = re.search(
        r"(?P<receiver>[A-Za-z_][\w.]*)\s*\.\s*" + re.escape(method) + r"\s*\(",
        source_line(result.source, calling),
    )
    if call is None or call["receiver"] == "self":
        return None
    assigned = re.compile(
        r"\s*self\.(?P<field>" + NAME + r")(?:\[[^\]]*\])?\s*=\s*(?P<value>.*);\s*(?://.*)?"
    )
    pushed = re.compile(
        r"\s*self\.(?P<field>" + NAME + r")\.(?:" + "|".join(PUSHES) + r")\((?P<value>.*)\);\s*"
    )
    end = _function_end(result.source, made_at)
    for line in range(made_at, end + 1):
        text = source_line(result.source, line)
        found = assigned.fullmatch(text) or pushed.fullmatch(text)
        if found is None:
            continue
        value = found["value"]
        held = re.fullmatch(r"(?:Some\()?(" + NAME + r")(?:\.clone\(\))?\)?", value)
        if held is None:
            continue
        tensor = held[1]
        if tensor != label and not _made_from(result.source, tensor, label, made_at, line):
            continue
        new = _detached_in(text, found.start("value"), found.end("value"), tensor)
        name = f"{call['receiver']}.{found['field']}"
        return Carrier(name, line, tensor, new, put=True)
    return None


def _replaced_by_method(
    result: RunResult, node: NodeRecord, field: str, loop: Loop
) -> Carrier | None:
    """`self.memory = self.memory.clone() * 0.9 + x;` in the method that made the tensor, called
    from the loop as `tracker.observe(..)`, where the loop never names `tracker.memory` (a
    value behind a trait or a type parameter: it cannot): `tracker.memory` carries it, and the
    line is written with the previous pass's value detached where it is read
    (`self.memory.clone().detach()`): this pass's gradient is kept (Rust). A loop that names
    the field detaches it itself, at the end of the pass."""
    if result.language is not Language.RUST or node.line is None or len(node.made_in) != 1:
        return None
    (function, made_at), calling = node.made_in[0], node.line
    if not function or "::" not in function:
        return None
    method = function.rsplit("::", 1)[-1]
    call = re.search(
        r"(?P<receiver>" + NAME + r")\s*\.\s*" + re.escape(method) + r"\s*\(",
        source_line(result.source, calling),
    )
    if call is None or call["receiver"] == "self":
        return None
    named = re.compile(r"\b" + re.escape(f"{call['receiver']}.{field}") + r"\b(?!\s*\()")
    if any(
        named.search(source_line(result.source, n)) for n in range(loop.line, loop.end_line + 1)
    ):
        return None
    text = source_line(result.source, made_at)
    place = re.escape(f"self.{field}")
    found = re.fullmatch(r"\s*" + place + r"\s*=\s*(?P<value>.*);\s*(?://.*)?", text)
    read = place + r"\.clone\(\)"
    if found is None or not re.search(read, found["value"]):
        return None
    held = rf"{place}(?:\.clone\(\))?"
    if re.fullmatch(rf"\s*{held}\s*\+.*|.*\+\s*{held}\s*", found["value"]):
        return None  # an accumulator (`self.total = self.total.clone() + loss`): reset, not cut
    value = re.sub(read + r"(?!\.detach\(\))", lambda m: m[0] + ".detach()", found["value"])
    new = text[: found.start("value")] + value + text[found.end("value") :]
    return Carrier(f"{call['receiver']}.{field}", made_at, f"self.{field}", new, put=True)


def _handed_to_method(
    result: RunResult, label: str, loop: Loop, made_by: str | None = None
) -> Carrier | None:
    """`protos.prototype(*label, &emb)` in the loop's body, whose method puts its parameter in a
    field of `self` (`self.by_label.entry(label).or_insert(emb.clone())`, `self.items.push(
    keys)`, `self.memory = Some(x)`): `protos.by_label` carries it (Rust). `made_by`: the
    method whose call made the tensor, handed as it is (`log.record(model.loss(x, y))`)."""
    if result.language is not Language.RUST:
        return None
    call = re.compile(r"\b(?P<receiver>" + NAME + r")\s*\.\s*(?P<method>" + NAME + r")\s*\(")
    for line in range(loop.body_line, loop.end_line + 1):
        text = source_line(result.source, line)
        for found in call.finditer(text):
            if found["receiver"] == "self":
                continue
            arguments = _arguments(text, found.end())
            handed = [re.sub(r"\s+", "", a).lstrip("&").removesuffix(".clone()") for a in arguments]
            if made_by is not None and label not in handed:
                making = re.compile(r"[A-Za-z_][\w.]*\." + re.escape(made_by) + r"\(.*\)")
                handed = [label if making.fullmatch(a) else a for a in handed]
            if label not in handed:
                continue
            kept = _kept_by_method(result.source, found["method"], handed.index(label))
            if kept is not None:
                field, put_line, parameter, detached = kept
                name = f"{found['receiver']}.{field}"
                return Carrier(name, put_line, parameter, detached, put=True)
    return None


def _arguments(text: str, start: int) -> list[str]:
    """The arguments of the call whose `(` ends at `start` of `text`, split at its top-level
    commas (none when the call does not close on the line)."""
    depth, current, found = 0, "", []
    for char in text[start:]:
        if char in "([{":
            depth += 1
        elif char in ")]}":
            if depth == 0:
                found.append(current)
                return [a for a in found if a.strip()]
            depth -= 1
        elif char == "," and depth == 0:
            found.append(current)
            current = ""
            continue
        current += char
    return []


def _kept_by_method(path: str, method: str, index: int) -> tuple[str, int, str, str | None] | None:
    """The one method `fn method(&mut self, ..)` of the file `path` that puts its parameter
    `index` (after `self`) in a field of `self` on a line of its own: the field, that line,
    the parameter, and the line with it detached."""
    lines = source_lines(path)
    header = re.compile(r"\s*(?:pub\s+)?fn\s+" + re.escape(method) + r"\s*(?:<[^>]*>)?\s*\((.*)")
    kept = []
    for number, text in enumerate(lines, start=1):
        found = header.match(text)
        if found is None or "self" not in found[1].split(",")[0]:
            continue
        parameters = [p.split(":")[0].strip() for p in found[1].split(",")[1:]]
        parameters = [p.removeprefix("mut ").strip() for p in parameters if ":" in p or p]
        if index >= len(parameters) or not re.fullmatch(NAME, parameters[index]):
            return None
        parameter = parameters[index]
        held = r"(?:Some\()?" + re.escape(parameter) + r"(?:\.clone\(\))?\)?"
        puts = [
            re.compile(
                r"\s*self\.(?P<field>"
                + NAME
                + r")(?:\[[^\]]*\])?\s*=\s*(?P<value>"
                + held
                + r");\s*(?://.*)?"
            ),
            re.compile(
                r"\s*self\.(?P<field>"
                + NAME
                + r")\.(?:"
                + "|".join(PUSHES)
                + r")\((?:[^,()]*,\s*)?(?P<value>"
                + held
                + r")\);\s*(?://.*)?"
            ),
            re.compile(
                r"(?P<head>.*\bself\.(?P<field>"
                + NAME
                + r")\.entry\(.*\)\.or_insert\()"
                + r"(?P<value>"
                + held
                + r")\).*"
            ),
        ]
        for line in range(number + 1, _function_end(path, number + 1) + 1):
            text = lines[line - 1]
            put = next((m for p in puts if (m := p.fullmatch(text)) is not None), None)
            if put is not None:
                new = _detached_in(text, put.start("value"), put.end("value"), parameter)
                kept.append((put["field"], line, parameter, new))
    return kept[0] if len({k[0] for k in kept}) == 1 and len(kept) == 1 else None


def _made_from(path: str, name: str, label: str, start: int, end: int) -> bool:
    """Whether a `let name = ..;` between lines `start` and `end` of the file `path` names
    `label` (`let s = match .. { None => loss }`): what `name` holds may be that tensor."""
    lines = source_lines(path)
    for number in range(start, min(end, len(lines))):
        if not re.match(r"\s*let\s+(?:mut\s+)?" + re.escape(name) + r"\b", lines[number - 1]):
            continue
        own = len(lines[number - 1]) - len(lines[number - 1].lstrip())
        statement = [lines[number - 1]]
        for more in lines[number:end]:
            if statement[-1].rstrip().endswith(";"):
                break
            statement.append(more)
            if more.strip() and len(more) - len(more.lstrip()) <= own and more.rstrip()[-1] == ";":
                break
        return re.search(r"\b" + re.escape(label) + r"\b", "\n".join(statement)) is not None
    return False


def _function_end(path: str, line: int) -> int:
    """The last line of the function (a `}` less indented than `line`) around `line` of the
    file `path`."""
    lines = source_lines(path)
    if not 1 <= line <= len(lines):
        return line - 1
    own = len(lines[line - 1]) - len(lines[line - 1].lstrip())
    for number in range(line + 1, len(lines) + 1):
        text = lines[number - 1]
        if text.strip().startswith("}") and len(text) - len(text.lstrip()) < own:
            return number - 1
    return len(lines)


def _detached_in(text: str, start: int, end: int, label: str) -> str | None:
    """`text` with the one use of `label` between `start` and `end` detached (`target` of a
    struct literal's shorthand made `target: target.detach()`, `f.clone()` made
    `f.clone().detach()`); None when `label` is used there other than once, or other than as
    the value put."""
    uses = [
        m
        for m in re.finditer(r"(?<![\w.])" + re.escape(label) + r"\b", text[start:end])
        if not re.match(r"\s*:(?!:)", text[start + m.end() : end])  # a field's name
    ]
    if len(uses) != 1:
        return None
    at, after = start + uses[0].start(), start + uses[0].end()
    rest = text[after:end]
    if rest.startswith(".clone()"):
        after += len(".clone()")
        rest = text[after:end]
    if rest and not re.match(r"\s*[,)}\]]", rest):
        return None  # `t.sum()`: not the tensor itself
    before = text[start:at].rstrip()
    if before.endswith(("{", ",")) and _innermost_open(text[start:at]) == "{":
        # A struct literal's shorthand (`Transition { state: s, target }`).
        return text[:at] + f"{label}: {text[at:after]}.detach()" + text[after:]
    return text[:after] + ".detach()" + text[after:]


def _innermost_open(text: str) -> str | None:
    """The innermost bracket `text` leaves open."""
    stack: list[str] = []
    for char in text:
        if char in "({[":
            stack.append(char)
        elif char in ")}]" and stack:
            stack.pop()
    return stack[-1] if stack else None


def trains_only_through(result: RunResult, node: NodeRecord, root: int) -> bool:
    """Whether every path from the backward's root `root` to a leaf that requires grad passes
    through a tensor made as `node` was (the same op of the same statement, in any pass:
    `q = net.forward(state)` of each transition replayed): detached where it is put, the loss
    would have nothing left to train."""
    made = (node.op, tuple(node.stack))
    seen: set[int] = set()
    todo = [root]
    while todo:
        current = result.node(todo.pop())
        if current is None or current.id in seen:
            continue
        seen.add(current.id)
        if (current.op, tuple(current.stack)) == made:
            continue
        if current.requires_grad:
            return False
        todo.extend(current.inputs)
    return True
