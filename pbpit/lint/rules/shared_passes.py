"""`shared-intermediate`'s "add the losses" written as code for one backward statement run by
each pass of a loop, each pass on another loss of a tensor made before the loop (per-step
predictions of a recurrence walked by `zip` with their targets, one backward each): each pass
puts its loss in a `Vec` where it was backpropagated, and after the loop the losses are added
(`losses.into_iter().reduce(|a, b| a + b).unwrap()`) and backpropagated once, the statements
that read the backward's gradients (the optimizer's step) moved after it with the backward.

Written only where that moves nothing a pass needs: the statements moved read no binding of
the loop's body but the loss and the gradients, what reads the gradients is an optimizer's
step (gradients logged each pass would be the sum's, once), and the loss's name is free after
the loop."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, ancestors, identifiers, indent, is_name
from pbpit.lint.loss_walks import popped_name
from pbpit.lint.rule import Meeting
from pbpit.rust.syntax import Node, RustReadError, descendants, read_rust

if TYPE_CHECKING:
    from pbpit.diagnose.from_trace import TraceFinding

OVER_PASSES = (
    "add the losses of the loop's passes and run one backward on their sum, after the loop"
)
"""The fix's words (explain's case fix says them too, `diagnose/losses_added.py`)."""

_STEPPED = re.compile(r"\.(?:step|accumulate)\(")
"""What may read the gradients moved after the loop: an optimizer's step, a
`GradientsAccumulator`'s `accumulate` (the sum's gradients once are the passes' added)."""

LOOPS = ("for_expression", "while_expression", "loop_expression")
ACCUMULATORS = ("losses", "pass_losses", "step_losses", "losses_of_passes")


def add_over_passes_help(loss: str, losses: str, edits: list[Edit]) -> Help:
    message = (
        f"{OVER_PASSES}: each pass puts its `{loss}` in `{losses}`, and the backward and what "
        "reads its gradients run once on their sum"
    )
    return Help(message, edits)


def add_over_passes(meeting: Meeting, fixes: Fixes, walked_only: bool = False) -> Help | None:
    """The help for `meeting` (one backward statement, each pass on another loss), written as
    code; None where it cannot be. `walked_only`: only for losses the loop walks, all made
    before it (`for loss in losses`), where a fix that makes each loss's tensor anew still makes
    them all before the first step (each later loss of the model before the optimizer's step)."""
    later, definition = meeting.later, meeting.definition
    loss = later.receiver
    if later.through is not None:  # handed to a helper that backpropagates it: `apply(.., loss)`
        loss = _handed(later.span, fixes)
    if meeting.in_macro or not loss or not is_name(loss):
        return None
    found = _written(loss, later.span, definition.statement, fixes, walked_only)
    if found is None:
        return None
    losses, edits = found
    added = add_over_passes_help(loss, losses, edits)
    walked = hash_map_walked(later.span, fixes)
    if walked is not None:
        added = Help(added.message, added.edits, note=unordered_note(walked))
    return added


def _handed(span: tuple[int, int], fixes: Fixes) -> str | None:
    """The loss a call of a helper that backpropagates it is given (`loss` of `model =
    apply(model, &mut optim, loss, 0.05);` in `for loss in [rec, aux]`): its one argument that
    is a name the loop around binds; None otherwise. The call is moved after the loop with the
    sum, as a backward and its step are."""
    call = fixes.call_at(span)
    arguments = call.child_by_field_name("arguments") if call is not None else None
    if call is None or arguments is None:
        return None
    path = ancestors(fixes.source.root, call)
    loops = [n for n in path if n.type == "for_expression"]
    pattern = loops[-1].child_by_field_name("pattern") if loops else None
    if pattern is None:
        return None
    bound = {fixes.text(n) for n in identifiers(pattern)} | (
        {fixes.text(pattern)} if pattern.type == "identifier" else set()
    )
    given = [a for a in arguments.named_children if a.type == "identifier"]
    names = [fixes.text(a) for a in given if fixes.text(a) in bound]
    return names[0] if len(names) == 1 else None


def hash_map_walked(span: tuple[int, int], fixes: Fixes) -> str | None:
    """The `HashMap` the loop around the backward at `span` walks (`for (name, loss) in
    losses.iter()` of `let mut losses = HashMap::new();`, or a field or parameter typed so),
    by name; None for another walk."""
    call = fixes.call_at(span)
    if call is None:
        return None
    path = ancestors(fixes.source.root, call)
    loops = [n for n in path if n.type == "for_expression"]
    function = next((n for n in reversed(path) if n.type == "function_item"), None)
    if not loops or function is None:
        return None
    value = loops[-1].child_by_field_name("value")
    whole = fixes.text(fixes.source.root)
    while value is not None and value.type in ("reference_expression", "call_expression"):
        if value.type == "reference_expression":
            value = value.named_children[-1] if value.named_child_count else None
            continue
        inner = value.child_by_field_name("function")
        called = inner
        if inner is not None and inner.type == "field_expression":
            called = inner.child_by_field_name("field")
        if called is not None and called.type in ("identifier", "field_identifier"):
            # A function or method of the file returning a `HashMap` (`model.loss_map(x)`).
            returns = rf"\bfn\s+{re.escape(fixes.text(called))}\b[^{{;]*->[^{{;]*\bHashMap\b"
            if re.search(returns, whole):
                return fixes.text(value)
        value = inner.child_by_field_name("value") if inner is not None else None
    if value is None or value.type not in ("identifier", "field_expression"):
        return None
    name = fixes.text(value)
    last = re.escape(name.rsplit(".", 1)[-1])
    typed = rf"\b{last}\s*:\s*(?:&(?:mut\s+)?)?(?:std::collections::)?HashMap\b"
    made = rf"\b{last}\s*(?::[^=;]*)?=\s*(?:std::collections::)?HashMap::"
    body = fixes.text(function)
    if re.search(typed, body) or re.search(made, body):
        return name
    if "." in name and re.search(typed, whole):  # a field of a struct of the file typed so
        return name
    return None


def unordered_note(walked: str) -> str:
    """Why the sum of a `HashMap`'s losses is not run: pbpit does not choose an order Rust
    draws at random."""
    return (
        f"pbpit did not run this edit: the loop walks `{walked}`, a `HashMap`, whose order Rust "
        "draws anew in each run, and pbpit runs such a walk only where the order cannot change "
        "what the program prints; the sum holds the same losses in any order (a `BTreeMap` "
        "walks them by key, the same in every run)"
    )


def trace_add_over_passes(trace: TraceFinding, walked_only: bool = False) -> Help | None:
    """For a hazard a run found and lint did not (`shared-intermediate`'s `from_trace`): one
    backward statement run by two passes of a loop, each on its own loss, the losses added
    after the loop as `add_over_passes` writes them (`walked_only` as there); None where that
    cannot be written."""
    first, second = trace.backwards
    result = trace.result
    if first is None or second is None or first.line is None or first.line != second.line:
        return None
    if result.crate is not None:
        return None
    found = passes_written(result.source, first.line, walked_only)
    return add_over_passes_help(*found) if found is not None else None


def passes_written(
    path: str, line: int, walked_only: bool = False
) -> tuple[str, str, list[Edit]] | None:
    """The loss, the `Vec` its passes are pushed to and the edits of `add_over_passes` for the
    one `loss.backward()` on `line` of the Rust file `path` (a run's backward, which lint did
    not see: `trace_add_over_passes`, explain's corrected lines); None where it cannot be
    written."""
    try:
        source = read_rust(path)
    except RustReadError:
        return None
    fixes = Fixes(source)
    calls = [
        n
        for n in descendants(source.root)
        if n.type == "call_expression"
        and n.start_point[0] + 1 == line
        and fixes.text(n).endswith(".backward()")
    ]
    function = calls[0].child_by_field_name("function") if len(calls) == 1 else None
    name = function.child_by_field_name("field") if function is not None else None
    receiver = function.child_by_field_name("value") if function is not None else None
    if name is None or receiver is None or not is_name(fixes.text(receiver)):
        return None
    loss = fixes.text(receiver)
    found = _written(loss, (name.start_byte, calls[0].end_byte), None, fixes, walked_only)
    return (loss, *found) if found is not None else None


def _written(
    loss: str, span: tuple[int, int], made: Node | None, fixes: Fixes, walked_only: bool = False
) -> tuple[str, list[Edit]] | None:
    call = fixes.call_at(span)
    if call is None or fixes.text(call) != f"{loss}.backward()" and _handed(span, fixes) != loss:
        return None
    path = ancestors(fixes.source.root, call)
    blocks = [i for i, n in enumerate(path) if n.type == "block"]
    if not blocks:
        return None
    body = path[blocks[-1]]
    statement = path[blocks[-1] + 1]
    loop = path[blocks[-1] - 1] if blocks[-1] > 0 else None
    if loop is None or loop.type not in LOOPS or loop.child_by_field_name("body") != body:
        return None
    if made is not None and loop.start_byte <= made.start_byte < loop.end_byte:
        return None  # the tensor is made in each pass: not one made before the loop
    if statement.type not in ("let_declaration", "expression_statement"):
        return None
    inner = [c for c in body.named_children if not c.type.endswith("comment")]
    at = next((i for i, s in enumerate(inner) if s.id == statement.id), None)
    if at is None:
        return None
    outer = _statement(loop, fixes)
    if outer is None:
        return None
    block = fixes.parent(outer)
    # The loss made by a `let` of the body, before the backward, or given by the loop itself
    # (`for (k, loss) in losses.into_iter().enumerate()`: each a value of its own).
    pattern = loop.child_by_field_name("pattern")
    made_in_pass = any(s.type == "let_declaration" and _binds(s, loss, fixes) for s in inner[:at])
    if made_in_pass and walked_only:
        return None
    owned = made_in_pass or _walks_values(loop, loss, fixes) or _popped(loop, loss, fixes)
    if not owned and not _walks_refs(loop, loss, fixes):
        return None
    grads = _bound(statement, fixes)
    moved = [statement]
    if grads is not None:
        moved += [s for s in inner[at + 1 :] if _names(s, grads, fixes)]
    if not all(fixes.whole_lines(s) for s in moved):
        return None
    if not all(_STEPPED.search(fixes.text(s)) for s in moved[1:]):
        return None  # the gradients read otherwise (logged each pass): the sum is not that
    local = {fixes.text(n) for s in inner if s.type == "let_declaration" for n in _pattern(s)}
    if pattern is not None:
        local |= {fixes.text(n) for n in identifiers(pattern)}
    local -= {loss, grads}
    if any(_names(s, name, fixes) for s in moved for name in local):
        return None
    after = [s for s in block.named_children if s.start_byte >= outer.end_byte]
    if any(_names(s, loss, fixes) for s in after):
        return None
    function = next(
        (n for n in reversed(ancestors(fixes.source.root, loop)) if n.type == "function_item"),
        None,
    )
    taken = {fixes.text(n) for n in identifiers(function if function is not None else block)}
    losses = next((name for name in ACCUMULATORS if name not in taken), None)
    if losses is None:
        return None
    newline = fixes.newline
    outer_indent = indent(fixes.lines[outer.start_point[0]])
    first = fixes.line_start(outer.start_point[0])
    edits = [fixes.edit(first, first, f"{outer_indent}let mut {losses} = Vec::new();{newline}")]
    # A loss the walk lends (`losses.iter()`, a map's `values()`), or read again later in the
    # pass: its clone kept (a handle to the same tensor, as the backward read it).
    later = any(_names(s, loss, fixes) for s in inner[at + 1 :] if s not in moved)
    kept = loss if owned and not later else f"{loss}.clone()"
    pushed = f"{fixes.indent_of(statement)}{losses}.push({kept});{newline}"
    for i, s in enumerate(moved):
        start, end = fixes.line_start(s.start_point[0]), fixes.line_start(s.end_point[0] + 1)
        edits.append(fixes.edit(start, end, pushed if i == 0 else ""))
    text = f"{outer_indent}let {loss} = {losses}.into_iter().reduce(|a, b| a + b).unwrap();"
    text += newline + "".join(fixes.copy_lines(s, (), outer_indent) for s in moved)
    end = fixes.line_start(outer.end_point[0] + 1)
    edits.append(fixes.edit(end, end, text))
    return losses, edits


def _walks_values(loop: Node, loss: str, fixes: Fixes) -> bool:
    """Whether `loop` is a `for` whose pattern binds `loss` to values the loop owns (a `Vec`
    walked by `into_iter()` or by itself, `enumerate`d, or zipped by value), not references
    (`&v`, `v.iter()`, `&loss`: a `Vec` of them would not add up)."""
    pattern = loop.child_by_field_name("pattern")
    value = loop.child_by_field_name("value")
    if loop.type != "for_expression" or pattern is None or value is None:
        return False
    return _owned(pattern, value, loss, fixes)


def _walks_refs(loop: Node, loss: str, fixes: Fixes) -> bool:
    """Whether `loop` is a `for` whose pattern binds `loss` to what the walk gives (a reference
    of `losses.iter()`, `&losses`, a map's `values()`, a part of an entry `(name, loss)`)."""
    pattern = loop.child_by_field_name("pattern")
    if loop.type != "for_expression" or pattern is None:
        return False
    if pattern.type == "identifier":
        return fixes.text(pattern) == loss
    if pattern.type != "tuple_pattern":
        return False
    return any(p.type == "identifier" and fixes.text(p) == loss for p in identifiers(pattern))


def _popped(loop: Node, loss: str, fixes: Fixes) -> bool:
    """Whether `loop` is `while let Some(loss) = losses.pop()` (`pop_front`, `pop_back`):
    each pass owns the loss it takes out."""
    if loop.type != "while_expression":
        return False
    found = popped_name(loop.child_by_field_name("condition"), fixes.text)
    return found is not None and fixes.text(found[0]) == loss


def _owned(pattern: Node, value: Node, loss: str, fixes: Fixes) -> bool:
    """Whether `pattern`, matched against the items of `value`, binds `loss` to an owned item:
    through `enumerate()` (its second part) and `zip(..)` (the part of the side it names) down
    to a collection given by value (a name, a call, `into_iter()` of one)."""
    if pattern.type == "identifier":
        if fixes.text(pattern) != loss:
            return False
        return _by_value(value, fixes)
    if pattern.type != "tuple_pattern":
        return False  # `&loss`, a struct's pattern: not read here
    parts = list(pattern.named_children)
    at = next((i for i, p in enumerate(parts) if loss in map(fixes.text, identifiers(p))), None)
    method, receiver, arguments = _method_call(value, fixes)
    if at is None:
        return False
    if method in ("enumerate", "zip") and (len(parts) != 2 or receiver is None):
        return False
    if method == "enumerate" and at == 1:
        return _owned(parts[1], receiver, loss, fixes)
    if method == "zip" and arguments is not None and len(arguments.named_children) == 1:
        side = receiver if at == 0 else arguments.named_children[0]
        return _owned(parts[at], side, loss, fixes)
    if method in ("enumerate", "zip"):
        return False
    # A collection of tuples walked by value (`for (name, loss) in named_losses`): the part.
    return parts[at].type == "identifier" and _by_value(value, fixes)


def _by_value(value: Node, fixes: Fixes) -> bool:
    """Whether iterating `value` gives owned items: not `&v`, not `v.iter()` (nor an adapter
    of it); a name, a call, or `into_iter()` of one."""
    if value.type == "reference_expression":
        return False
    method, receiver, _ = _method_call(value, fixes)
    if method is None:
        if value.type == "macro_invocation":
            return fixes.text(value).startswith("vec!")  # `for l in vec![a, b]`
        # A name, a call, a field, or an array literal (walked by value since Rust 2021).
        return value.type in _OWNED
    if method in ("iter", "iter_mut", "windows", "chunks", "drain"):
        return False
    if method in ("into_iter", "rev", "skip", "take") and receiver is not None:
        return _by_value(receiver, fixes)
    return receiver is not None and fixes.text(receiver) != "self" and method not in _ADAPTERS


# Expressions walked by value: a name, a call, a field, an array literal (Rust 2021).
_OWNED = frozenset({"identifier", "call_expression", "field_expression", "array_expression"})

# Iterator adapters whose items are not the collection's own: not read here.
_ADAPTERS = frozenset({"map", "filter", "zip", "enumerate", "chain", "cloned", "copied"})


def _method_call(value: Node, fixes: Fixes) -> tuple[str | None, Node | None, Node | None]:
    """`receiver.method(arguments)`'s method name, receiver and arguments; Nones otherwise."""
    function = value.child_by_field_name("function") if value.type == "call_expression" else None
    if function is None or function.type != "field_expression":
        return None, None, None
    field_ = function.child_by_field_name("field")
    receiver = function.child_by_field_name("value")
    name = fixes.text(field_) if field_ is not None else None
    return name, receiver, value.child_by_field_name("arguments")


def _statement(loop: Node, fixes: Fixes) -> Node | None:
    """The statement of a block that `loop` is (itself, or its expression statement), when it
    has its lines to itself."""
    parent = fixes.parent(loop)
    if parent is not None and parent.type == "expression_statement":
        loop, parent = parent, fixes.parent(parent)
    if parent is None or parent.type != "block" or not fixes.whole_lines(loop):
        return None
    return loop


def _bound(statement: Node, fixes: Fixes) -> str | None:
    pattern = statement.child_by_field_name("pattern")
    if statement.type != "let_declaration" or pattern is None:
        return None
    text = fixes.text(pattern).removeprefix("mut ").strip()
    return text if is_name(text) and text != "_" else None


def _pattern(statement: Node) -> list[Node]:
    pattern = statement.child_by_field_name("pattern")
    return identifiers(pattern) if pattern is not None else []


def _binds(statement: Node, name: str, fixes: Fixes) -> bool:
    return any(fixes.text(n) == name for n in _pattern(statement))


def _names(statement: Node, name: str | None, fixes: Fixes) -> bool:
    """Whether `statement` names `name`: an identifier, or a format string's `{name}`."""
    if name is None:
        return False
    if any(fixes.text(n) == name for n in identifiers(statement)):
        return True
    return re.search(r"\{" + re.escape(name) + r"[:}]", fixes.text(statement)) is not None
