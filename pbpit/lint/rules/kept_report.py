"""`double-backward` of a loss a loop keeps (`last = Some(loss);`) and gives after the loop to a
function of the program that backpropagates it to report on its gradients (`grad_norm(&model,
loss)`, whose body starts `let grads = loss.backward();`): the loop's own backward consumed that
graph already.

The fix uses the `Gradients` the loop's backward returns: the function is given them in place
of the loss (`grads: &burn::tensor::Gradients`, its own backward gone), called in the loop where
they are at hand, before they are handed to the optimizer, and what it returns is kept in place
of the loss and read back after the loop. Written as code where the function is called once,
binds its backward's result to a name first thing, prints nothing (called each pass, it would
print each pass) and returns a value; otherwise said in words."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Edit
from pbpit.lint.fixes import Fixes, identifiers, is_name
from pbpit.rust.syntax import Node, descendants

if TYPE_CHECKING:
    from pbpit.lint.rule import Meeting
    from pbpit.lint.rules.kept_loss import KeptLoss


def report_words(name: str, place: str, function: str) -> str:
    return (
        f"use the `Gradients` the first backward returned: give them to `{function}` in place "
        f"of `{name}` and call it in the loop, where `{name}` is backpropagated, keeping what "
        f"it returns in `{place}` in place of `{name}` (a graph is backpropagated once)"
    )


def report_edits(meeting: Meeting, kept: KeptLoss, fixes: Fixes) -> list[Edit]:
    """The edits of the module's fix, or none where they cannot be written."""
    from pbpit.lint.rules.kept_loss import _declared_before, _typed

    later, earlier, name = meeting.later, meeting.earlier, meeting.definition.name
    function = later.through.rsplit("::", 1)[-1] if later.through else None
    parameter = [p for p, itself, _ in later.parameters if itself]
    if function is None or len(parameter) != 1 or kept.pattern is None:
        return []
    item = _function(function, fixes)
    called = _call_text(later.span, function, fixes)
    if item is None or called is None or _calls_of(function, fixes) != 1:
        return []
    callee, given = called
    helper = _helper(item, parameter[0], fixes)
    if helper is None:
        return []
    param, first, grads, result = helper
    index = _parameter_index(item, param)
    if index is None or index >= len(given) or not is_name(given[index]):
        return []
    bound = given[index]  # the name the loss is read back into (`Some(l)`, `let l = ..`)
    loop = kept.loop
    receiver = callee.rsplit(".", 1)[0] if "." in callee else ""
    for i, argument in enumerate([receiver, *given]):
        for word in re.findall(r"(?<![\w.:])([a-z_]\w*)", argument):
            if i - 1 != index and _declared_before(word, loop, fixes) is None:
                return []
    backward = fixes.call_at(earlier.span)
    if backward is None or earlier.through is not None:
        return []
    statement = backward
    while statement.parent is not None and statement.parent.type != "block":
        statement = statement.parent
    if not fixes.whole_lines(statement) or not _inside(statement, loop):
        return []
    typed = _typed(kept.place, loop, fixes)
    put = [n for n in identifiers(kept.kept) if fixes.text(n) == name]
    if len(put) != 1:
        return []
    used = {fixes.text(n) for n in identifiers(_enclosing_function(loop) or loop)}
    raw = next(r for r in ("raw", "raw_grads", "loss_grads") if r not in used)
    report = next(r for r in ("report", "reported", "report_value") if r not in used)
    indent, nl = fixes.indent_of(statement), fixes.newline
    start = fixes.line_start(statement.start_point[0])
    gone = fixes.line_start(first.start_point[0])  # the function's own backward
    named = (
        statement.child_by_field_name("pattern") if statement.type == "let_declaration" else None
    )
    kept_grads = (
        named is not None
        and named.type == "identifier"
        and statement.child_by_field_name("value") == backward
    )
    held = fixes.text(named) if kept_grads and named is not None else raw
    args = [f"&{held}" if i == index else a for i, a in enumerate(given)]
    again = f"{indent}let {report} = {callee}({', '.join(args)});{nl}"
    if kept_grads:
        # `let grads = loss.backward();`: the report made from `grads` right after it
        after = fixes.line_start(statement.end_point[0] + 1)
        loop_edits = [fixes.edit(after, after, again)]
    else:
        loop_edits = [
            fixes.edit(start, start, f"{indent}let {raw} = {fixes.text(backward)};{nl}{again}"),
            fixes.edit(backward.start_byte, backward.end_byte, raw),
        ]
    edits = [
        *loop_edits,
        fixes.edit(put[0].start_byte, put[0].end_byte, report),
        fixes.edit(later.span[0], later.span[1], bound),
        fixes.edit(param.start_byte, param.end_byte, f"{grads}: &{_gradients_type(param, fixes)}"),
        fixes.edit(gone, fixes.line_start(first.end_point[0] + 1), ""),
    ]
    if typed is not None:
        edits.append(fixes.edit(typed.start_byte, typed.end_byte, result))
        holder = typed.parent
        if holder is not None and holder.type == "let_declaration":
            # The tensor itself kept, not in an `Option` (`let mut last: Tensor<1> = ..`): its
            # starting value becomes the report's.
            start = holder.child_by_field_name("value")
            if start is None or result not in ("f32", "f64"):
                return []
            edits.append(fixes.edit(start.start_byte, start.end_byte, "0.0"))
    return sorted(edits, key=lambda e: (e.line, e.column))


def _function(name: str, fixes: Fixes) -> Node | None:
    found = [
        n
        for n in descendants(fixes.source.root)
        if n.type == "function_item"
        and (named := n.child_by_field_name("name")) is not None
        and fixes.text(named) == name
    ]
    return found[0] if len(found) == 1 else None


def _calls_of(name: str, fixes: Fixes) -> int:
    """How many times the file names `name` followed by `(` (in macros' arguments too), its
    declaration not counted."""
    text = fixes.data.decode("utf-8", "replace")
    return len(re.findall(rf"(?<![\w]){re.escape(name)}\s*\(", text)) - 1


def _call_text(span: tuple[int, int], name: str, fixes: Fixes) -> tuple[str, list[str]] | None:
    """The callee (`grad_norm`, `stats.grad_norm`) and arguments of the call at file bytes
    `span` (read from its text: a call in `println!`'s arguments is no node of the tree)."""
    text = fixes.data[span[0] : span[1]].decode("utf-8", "replace")
    found = re.fullmatch(rf"(\s*[\w.]*?\b{re.escape(name)})\s*\((.*)\)\s*", text, re.S)
    if found is None:
        return None
    arguments, depth, current = [], 0, ""
    for char in found.group(2):
        if char == "," and depth == 0:
            arguments.append(current.strip())
            current = ""
            continue
        depth += char in "([{<"
        depth -= char in ")]}>"
        current += char
    if current.strip():
        arguments.append(current.strip())
    if any("\n" in a for a in arguments) or depth != 0:
        return None
    return found.group(1).strip(), arguments


def _helper(item: Node, name: str, fixes: Fixes) -> tuple[Node, Node, str, str] | None:
    """The parameter `name` of function `item`, the first statement of its body binding
    `name.backward()` (`let grads = loss.backward();`), that binding's name and the function's
    written result type; None where the body does more with `name`, prints, or returns
    nothing."""
    parameters = item.child_by_field_name("parameters")
    body = item.child_by_field_name("body")
    result = item.child_by_field_name("return_type")
    if parameters is None or body is None or result is None or not body.named_children:
        return None
    param = next(
        (
            p
            for p in parameters.named_children
            if p.type == "parameter"
            and (pattern := p.child_by_field_name("pattern")) is not None
            and fixes.text(pattern) == name
        ),
        None,
    )
    if param is None:
        return None
    written = param.child_by_field_name("type")
    if written is None or not fixes.text(written).replace(" ", "").startswith("Tensor<"):
        return None
    first = body.named_children[0]
    if first.type != "let_declaration" or not fixes.whole_lines(first):
        return None
    pattern, value = first.child_by_field_name("pattern"), first.child_by_field_name("value")
    if pattern is None or pattern.type != "identifier" or value is None:
        return None
    backward = "".join(fixes.text(value).split())
    if backward not in (f"{name}.backward()", f"{name}.clone().backward()"):
        return None
    rest = [n for s in body.named_children[1:] for n in identifiers(s)]
    if any(fixes.text(n) == name for n in rest):
        return None
    if any(
        n.type == "macro_invocation" and fixes.text(n).startswith(("print", "eprint"))
        for n in descendants(body)
    ):
        return None
    return param, first, fixes.text(pattern), fixes.text(result)


def _parameter_index(item: Node, param: Node) -> int | None:
    parameters = item.child_by_field_name("parameters")
    if parameters is None:
        return None
    plain = [p for p in parameters.named_children if p.type == "parameter"]
    return plain.index(param) if param in plain else None


def _gradients_type(param: Node, fixes: Fixes) -> str:
    """Burn's `Gradients` in the dialect of the parameter's `Tensor` type: `Tensor<1>`'s
    `burn::tensor::Gradients`, `Tensor<B, 1>`'s `<B as AutodiffBackend>::Gradients`."""
    written = fixes.text(param.child_by_field_name("type") or param)
    inside = written[written.find("<") + 1 : written.rfind(">")]
    parts = [p.strip() for p in inside.split(",")]
    if len(parts) >= 2 and not parts[0].isdigit():
        return f"<{parts[0]} as burn::tensor::backend::AutodiffBackend>::Gradients"
    return "burn::tensor::Gradients"


def _inside(node: Node, loop: Node) -> bool:
    return loop.start_byte <= node.start_byte and node.end_byte <= loop.end_byte


def _enclosing_function(node: Node) -> Node | None:
    current = node.parent
    while current is not None and current.type != "function_item":
        current = current.parent
    return current
