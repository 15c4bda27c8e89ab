"""A map the loop inserts into at its counter and reads at an earlier pass's key too
(`cache.get(&(step - 1))`): the earlier pass's entry read detached, as data (`cache.get(&(step -
1)).unwrap().clone().detach()`), the gradient no longer flowing into the tensor that pass's
backward consumed; or, said in words beside it, the pass's entry put back detached once its
backward has run (`cache.insert(step, cache[&step].clone().detach());`). `loop-external-tracked`'s
words for it (`carried_state.keep_detached`) are written as this edit where each read at another
key is cloned out of the map."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Help
from pbpit.lint.fixes import Fixes
from pbpit.lint.rule import Meeting
from pbpit.rust.syntax import Node, descendants


def detach_earlier_reads(help_: Help, name: str, meeting: Meeting, fixes: Fixes) -> Help:
    """`help_` (keep the map's entry detached, in words) written as code: each read of the
    map `name` at another key than the one the pass inserts at, detached where it is cloned
    out; `help_` as it is when it has edits already, or a read is not cloned out of the map
    (`cache.get(&k).unwrap().clone()`, `cache[&k].clone()`)."""
    body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    if help_.edits or body is None or body.type != "block" or meeting.in_macro:
        return help_
    if not help_.message.startswith(f"keep `{name}`'s entry"):
        return help_
    found = re.search(re.escape(name) + r"\.insert\(\s*([A-Za-z_]\w*)\s*,", fixes.text(body))
    if found is None:
        return help_
    key = found[1]
    edits = []
    for node in descendants(body):
        at = _read_key(node, name, fixes)
        if at is None or at == key:
            continue
        clone = _cloned_out(node, fixes)
        if clone is None:
            return help_
        edits.append(fixes.edit(clone.end_byte, clone.end_byte, ".detach()"))
    if not edits:
        return help_
    message = (
        f"read the entries of `{name}` that earlier passes put detached, as data: the gradient "
        "no longer flows into a tensor an earlier pass's backward consumed (or, after the "
        f"backward, put the pass's entry back detached: `{name}.insert({key}, "
        f"{name}[&{key}].clone().detach());`)"
    )
    return Help(message, edits)


def _read_key(node: Node, name: str, fixes: Fixes) -> str | None:
    """The key `node` reads the map `name` at (`name.get(&K)`, `name[&K]`), as written
    (`(step - 1)` without its parentheses); None when it is no such read."""
    if node.type == "index_expression" and node.named_child_count == 2:
        target, index = node.named_children
    elif node.type == "call_expression":
        function = node.child_by_field_name("function")
        arguments = node.child_by_field_name("arguments")
        method = function.child_by_field_name("field") if function is not None else None
        target = function.child_by_field_name("value") if function is not None else None
        if method is None or fixes.text(method) != "get" or arguments is None:
            return None
        if arguments.named_child_count != 1:
            return None
        index = arguments.named_children[0]
    else:
        return None
    if target is None or fixes.text(target) != name:
        return None
    text = fixes.text(index).strip()
    if not text.startswith("&"):
        return None
    text = text[1:].strip()
    while text.startswith("(") and text.endswith(")"):
        text = text[1:-1].strip()
    return text


def _cloned_out(read: Node, fixes: Fixes) -> Node | None:
    """The `.clone()` call that takes the tensor out of the map's read (`read.unwrap().clone()`,
    `read.expect("..").clone()`, `read[..].clone()`); None otherwise."""
    current = read
    for _ in range(2):
        field_ = current.parent
        call = field_.parent if field_ is not None else None
        if field_ is None or call is None or field_.type != "field_expression":
            return None
        if call.type != "call_expression" or call.child_by_field_name("function") != field_:
            return None
        method = fixes.text(field_.child_by_field_name("field") or field_)
        if method == "clone":
            return call
        if method not in ("unwrap", "expect") or read.type != "call_expression":
            return None
        current = call
    return None
