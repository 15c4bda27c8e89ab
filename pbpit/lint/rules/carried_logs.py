"""Fixes of `loop-external-tracked` for a collection a method fills and the loss is read from:
a log of losses emptied after the backward of the loss read from it (`log.losses.clear();`), and
Q-values a replay buffer keeps, said as keeping what they are computed from (detached where they
are put, the loss would train nothing); and whether a statement assigning a carried binding can
be written at all (`bound`: not of a method's name)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Edit, Help
from pbpit.engine.graph import Requirement
from pbpit.lint.fixes import Fixes, is_name
from pbpit.lint.rule import Meeting
from pbpit.lint.values import Definition
from pbpit.rust.syntax import Node, descendants

if TYPE_CHECKING:
    from pbpit.diagnose.explain import CaseFixes
    from pbpit.diagnose.explain import Fix as CaseFix
    from pbpit.diagnose.from_trace import TraceFinding


def empty_after_backward_help(name: str, edits: list[Edit]) -> Help:
    """For a collection a method fills and another reads into the loss (`log.record(loss)`,
    `log.flush()`): empty it once the backward of what it read has run."""
    message = (
        f"empty `{name}` after the backward of the loss read from it: the next backward's loss "
        "then holds none of the tensors this one consumed (detaching them would leave that loss "
        "nothing to train)"
    )
    if not edits:
        return Help(f"{message} (`{name}.clear();`)")
    return Help(message, edits)


EMPTY_AFTER_BACKWARD = "empty `{name}` after the backward of the loss read from it"


def emptied_fix(case: CaseFixes, key: str) -> CaseFix | None:
    """Explain's fix of a log a method fills and another reads into the loss (see
    `emptied_after_backward`): emptied after that backward, as the run's help says (the
    fix `key`)."""
    from pbpit.diagnose.explain import Fix as CaseFix
    from pbpit.diagnose.from_trace import carried_by
    from pbpit.source import source_line

    carrier = carried_by(case.result, case.node, case.entry)
    if carrier is None or not carrier.put:
        return None
    edits = emptied_after_backward(case, carrier.name)
    if not edits:
        return None
    (edit,) = edits
    source = case.result.source
    lines: list[tuple[str, int | None, str]] = [
        (" ", edit.line - 1, source_line(source, edit.line - 1)),
        ("+", None, edit.replacement.rstrip("\n")),
        (" ", edit.line, source_line(source, edit.line)),
    ]
    return CaseFix(key, EMPTY_AFTER_BACKWARD.format(name=carrier.name), True, lines)


def read_by_a_function(meeting: Meeting, fixes: Fixes) -> bool:
    """Whether the loss is what a function of the file returns (`td_loss(recent, &device)`)
    that runs no module's forward and reads no parameter's value, and the loss's call names
    no leaf: tracked, it is tracked through the tensors it is handed only."""
    origin = meeting.loss.origin
    value = origin.value if origin is not None else None
    value = value if value is not None else _let_of_backwarded(meeting, fixes)
    if value is None or value.type != "call_expression":
        return False
    function = value.child_by_field_name("function")
    if function is None or function.type != "identifier":
        return False
    entry = meeting.entry or {}
    leaves = {name for name, held in entry.items() if held.requirement == Requirement.GRAD}
    if fixes._names_a_leaf(value, leaves | fixes.leaf_names(value)):
        return False
    called = fixes.text(function)
    bodies = [
        node.child_by_field_name("body")
        for node in descendants(fixes.source.root)
        if node.type == "function_item"
        and (name := node.child_by_field_name("name")) is not None
        and fixes.text(name) == called
    ]
    if len(bodies) != 1 or bodies[0] is None:
        return False
    text = fixes.text(bodies[0])
    return not fixes._names_a_leaf(bodies[0], set()) and "require_grad" not in text


def _let_of_backwarded(meeting: Meeting, fixes: Fixes) -> Node | None:
    """The value of the loop body's one `let` of the binding the later backward is called on
    (`loss` of `loss.backward()`), or None."""
    call = fixes.call_at(meeting.later.span)
    function = call.child_by_field_name("function") if call is not None else None
    receiver = function.child_by_field_name("value") if function is not None else None
    body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    if receiver is None or receiver.type != "identifier" or body is None:
        return None
    name = fixes.text(receiver)
    values = [
        node.child_by_field_name("value")
        for node in descendants(body)
        if node.type == "let_declaration"
        and (pattern := node.child_by_field_name("pattern")) is not None
        and fixes.text(pattern) == name
    ]
    return values[0] if len(values) == 1 else None


def store_inputs_help(tensor: str, carrier: str) -> Help:
    """For a tensor put in `carrier` that the loss trains through only (Q-values kept in a
    replay buffer): keep what it is computed from, and compute it again where it is read."""
    return Help(
        f"keep in `{carrier}` what `{tensor}` is computed from (its input, as data) instead of "
        f"`{tensor}`, and compute `{tensor}` again from it with the current model where the "
        "loss reads it: each backward then walks a graph of its own (detached where it is put, "
        f"`{tensor}` would leave the loss nothing to train)"
    )


def bound(path: str, name: str, loop_line: int | None) -> bool:
    """Whether a statement assigning `name` can be written in the function of the loop at
    `loop_line` of the file `path`, as rustc accepts it: `name` is bound mutable there (`let mut
    h`, `let (mut h, ..)`, a parameter `mut h: ..`, `for mut h in`) or declared without a value
    (`let h;`); for a field (`state.c`, `self.memory`), its owner is `self` or bound mutable
    (also a parameter `m: &mut T`). An immutable `let feats = ..` is not (rustc's E0384), nor a
    method's name (`model.loss(..)`). True when the function is not found (nothing known)."""
    from pbpit.rust.syntax import RustReadError, read_rust

    try:
        source = read_rust(path)
    except (OSError, RustReadError):
        return True
    row = (loop_line or 0) - 1
    around = [
        n
        for n in descendants(source.root)
        if n.type == "function_item" and n.start_point[0] <= row <= n.end_point[0]
    ]
    if loop_line is None or not around:
        return True
    function = around[-1]  # the innermost

    def text(node: Node) -> str:
        return source.node_text(node)

    owner = name.split(".", 1)[0]
    if "." in name and owner == "self":
        return True
    for node in descendants(function):
        if node.type == "parameter":
            pattern, kind = node.child_by_field_name("pattern"), node.child_by_field_name("type")
            if pattern is None or text(pattern) != owner:
                continue
            if _mutable(node) or ("." in name and kind is not None and _mutable(kind)):
                return True
        elif node.type in ("let_declaration", "for_expression"):
            pattern = node.child_by_field_name("pattern")
            if pattern is None:
                continue
            if pattern.type == "identifier" and text(pattern) == owner:
                if _mutable(node) or (
                    node.type == "let_declaration" and node.child_by_field_name("value") is None
                ):
                    return True
            for inner in descendants(pattern):
                if inner.type == "mut_pattern" and any(
                    c.type == "identifier" and text(c) == owner for c in inner.named_children
                ):
                    return True
    return False


def _mutable(node: Node) -> bool:
    """Whether `node` (a `let`, a parameter, a `&mut` type) has its own `mut`."""
    return any(c.type == "mutable_specifier" for c in node.children)


def emptied_after_backward(trace: TraceFinding | CaseFixes, name: str) -> list[Edit] | None:
    """`name.clear();` (`log.losses`) on the line after the statement of the backward that
    consumed the tensor, when the loss it backpropagated was read from `name`'s owner by a
    method (`let mean = log.flush();`) in the run's loop; None when it is not such a case, no
    edit when the statement cannot take one (a one-file Rust program, the statement on one
    line)."""
    from pbpit.diagnose.audit import find_loops
    from pbpit.source import Language, source_line

    result, node = trace.result, trace.node
    backward = next((b for b in result.backwards if node.id in b.consumed), None)
    receiver = name.split(".", 1)[0]
    if result.language is not Language.RUST or "." not in name or backward is None:
        return None
    root = result.node(backward.root)
    if root is None or root.line is None or not root.made_in or backward.line is None:
        return None
    read = re.compile(r"\b" + re.escape(receiver) + r"\s*\.\s*[A-Za-z_]\w*\s*\(")
    if read.search(source_line(result.source, root.line)) is None:
        return None
    loops = find_loops(result.source, result.language)
    loop = next((loop for loop in loops if loop.line == trace.entry.loop_line), None)
    text = source_line(result.source, backward.line)
    if result.crate is not None or loop is None or not text.rstrip().endswith(";"):
        return []
    if not loop.body_line <= backward.line < loop.end_line:
        return []
    indent = text[: len(text) - len(text.lstrip())]
    line = backward.line + 1
    return [Edit(line, 1, line, 1, f"{indent}{name}.clear();\n")]


def kept_whole(meeting: Meeting, fixes: Fixes) -> bool:
    """Whether the second backward's receiver is a loss kept whole and read back from an
    `Option` (`if let Some(best) = stopper.best.clone()` of a method's `self.best =
    Some(loss.clone())`, early stopping's best loss): the consumed loss itself, backpropagated
    again, not a loss that holds it (`total = loss + penalty`). Read from the analysis'
    bindings: each tracked binding between the two (a field, an `if let`'s) holds what the one
    before it held as it is (a clone, a `Some`, a read), none computes with it."""
    later = meeting.later.receiver
    origin = meeting.loss.origin
    if not later or later == meeting.definition.name or not is_name(later) or origin is None:
        return False
    made = meeting.definition.span
    between = [d for d in origin.sources if d.span != made]
    if len(between) == len(origin.sources) or not any(d.name == later for d in between):
        return False
    return all(_held_as_it_is(d, fixes) for d in between)


def _held_as_it_is(definition: Definition, fixes: Fixes) -> bool:
    """Whether `definition` binds a tensor another binding held, as it is: a pattern's binding
    (`Some(best)`), or a value that is a place, a clone of one, a `Some` or a reference of
    one (`Some(loss.clone())`, `stopper.best.clone()`)."""
    value = definition.value
    if value is None:
        statement = definition.statement
        return statement is not None and statement.type.endswith("pattern")
    while True:
        if value.type in ("reference_expression", "parenthesized_expression"):
            inner = value.named_children[-1] if value.named_children else None
        elif value.type == "call_expression":
            function = value.child_by_field_name("function")
            arguments = value.child_by_field_name("arguments")
            listed = arguments.named_children if arguments is not None else []
            inner = None
            if function is not None and fixes.text(function) == "Some" and len(listed) == 1:
                inner = listed[0]
            elif function is not None and function.type == "field_expression" and not listed:
                field_ = function.child_by_field_name("field")
                if field_ is not None and fixes.text(field_) == "clone":
                    inner = function.child_by_field_name("value")
        else:
            return value.type in ("identifier", "field_expression", "self")
        if inner is None:
            return False
        value = inner


def kept_whole_help(name: str, kept: str) -> Help:
    """For a loss kept whole from an earlier pass and backpropagated again (`kept_whole`)."""
    return Help(
        f"`{kept}` is `{name}` as an earlier pass made it, and that pass's backward consumed its "
        f"graph: keep what makes it instead (the model's state at that pass, a clone of the "
        f"model where `{name}` is kept), and build the loss again from it before this backward"
    )
