"""`double-backward`'s "use the `Gradients` the first backward returned" written as code where
the two backwards are two calls of one helper that backpropagates what it is given (a closure
`let backprop = |loss: Tensor<1>| loss.backward();` called as `backprop(loss.clone())` then
`backprop(loss)`), or where the first backward runs in a branch only (`if step % 2 == 0 { let
g = backprop(loss.clone()); .. }`) and the second after it, every pass: the first call's `let`
moved before the branch (it then runs every pass, where the second ran anyway), its reads in
the branch left reading it, and the second call replaced by its binding. The gradients are
those the second backward would have computed: the same loss, the same graph."""

from __future__ import annotations

from pbpit.diagnostics.model import Edit
from pbpit.lint.fixes import Fixes, ancestors, identifiers, is_name
from pbpit.lint.values import Backward
from pbpit.rust.syntax import Node, descendants

# Where a statement moved out of runs other than once where the statement around it runs.
_RUNS_AGAIN = frozenset(
    {"for_expression", "while_expression", "loop_expression", "closure_expression"}
)


def helper_calls(earlier: Backward, later: Backward, loss: str, fixes: Fixes) -> list[Node]:
    """The two calls of the closure whose body is the backward of `earlier` and `later` (both
    the one `.backward()` of a closure `let name = |p| p.backward();`, on its parameter), given
    `loss` (or its clone), in file order; none for another shape."""
    if earlier.span != later.span:
        return []
    call = fixes.call_at(earlier.span)
    if call is None:
        return []
    path = ancestors(fixes.source.root, call)
    closure = next((n for n in reversed(path) if n.type == "closure_expression"), None)
    holder = fixes.parent(closure) if closure is not None else None
    if closure is None or holder is None or holder.type != "let_declaration":
        return []
    pattern = holder.child_by_field_name("pattern")
    parameters = closure.child_by_field_name("parameters")
    body = closure.child_by_field_name("body")
    if pattern is None or parameters is None or body is None or not is_name(fixes.text(pattern)):
        return []
    given = [fixes.text(n) for n in identifiers(parameters)]
    receiver = call.child_by_field_name("function")
    value = receiver.child_by_field_name("value") if receiver is not None else None
    if value is None or fixes.text(value) not in given or not _gives(body, call):
        return []
    name = fixes.text(pattern)
    block = fixes.parent(holder)
    if block is None:
        return []
    calls = [
        n
        for n in descendants(block)
        if n.type == "call_expression"
        and n.start_byte >= holder.end_byte
        and (function := n.child_by_field_name("function")) is not None
        and fixes.text(function) == name
        and _argument(n, fixes) in (loss, f"{loss}.clone()", f"&{loss}")
    ]
    return sorted(calls, key=lambda n: n.start_byte) if len(calls) == 2 else []


def _gives(body: Node, call: Node) -> bool:
    """Whether the closure's `body` is `call` or a block ending with it (its value)."""
    if body.id == call.id:
        return True
    if body.type != "block":
        return False
    children = [c for c in body.named_children if not c.type.endswith("comment")]
    return bool(children) and children[-1].id == call.id


def _argument(call: Node, fixes: Fixes) -> str | None:
    arguments = call.child_by_field_name("arguments")
    given = list(arguments.named_children) if arguments is not None else []
    return "".join(fixes.text(given[0]).split()) if len(given) == 1 else None


def hoisted(first: Node, second: Node, fixes: Fixes) -> list[Edit]:
    """The second call replaced by the binding of the first's `let g = first;`, that `let`
    moved out of the branches (`if` blocks) around it to just before the statement of the
    block that holds the second call; none where the calls differ in more than `.clone()`s,
    the first is not a `let`'s whole value, a loop or closure lies between, or a statement
    between changes what the first call reads or the binding (`_keeps`)."""
    if " ".join(fixes.text(first).replace(".clone()", "").split()) != " ".join(
        fixes.text(second).replace(".clone()", "").split()
    ):
        return []
    statement = fixes.parent(first)
    if statement is None or statement.type != "let_declaration":
        return []
    pattern = statement.child_by_field_name("pattern")
    if pattern is None or pattern.type != "identifier" or not fixes.whole_lines(statement):
        return []
    name = fixes.text(pattern)
    second_statement = _statement_in_block(second, fixes)
    if second_statement is None:
        return []
    block = fixes.parent(second_statement)
    assert block is not None
    # The statement of `block` the first call's `let` is in (itself, or a branch holding it).
    outer = statement
    between_blocks: list[Node] = []
    while outer is not None and fixes.parent(outer) is not block:
        outer = fixes.parent(outer)
        if outer is not None and outer.type in _RUNS_AGAIN:
            return []
        if outer is not None and outer.type == "block":
            between_blocks.append(outer)
    if outer is None or outer.start_byte >= second_statement.start_byte:
        return []
    if outer is not statement and outer.type not in ("expression_statement", "if_expression"):
        return []
    read = {fixes.text(n) for n in identifiers(first)} - {name}
    from pbpit.lint.rules.double_backward import _keeps

    # Within the branches: what runs before the `let` there keeps what it reads.
    for inner in between_blocks:
        for s in inner.named_children:
            if s.end_byte <= statement.start_byte and s.start_byte >= outer.start_byte:
                if not s.start_byte <= statement.start_byte < s.end_byte and not _keeps(
                    s, read | {name}, fixes
                ):
                    return []
    siblings = list(block.named_children)
    later = [s for s in siblings if outer.end_byte <= s.start_byte < second_statement.start_byte]
    if any(not _keeps(s, {name}, fixes) for s in later):
        return []
    if outer is not statement and any(
        fixes.text(n) == name
        for s in siblings
        if s.end_byte <= outer.start_byte and s.type == "let_declaration"
        for n in identifiers(s.child_by_field_name("pattern") or s)
    ):
        return []  # another `g` before the branch: its readers between would read this one
    if _inside_again(second, second_statement) or _named_after(name, second, block, fixes):
        return []
    edits = [fixes.edit(second.start_byte, second.end_byte, name)]
    if outer is statement:
        return edits
    start = fixes.line_start(outer.start_point[0])
    moved = fixes.copy_lines(statement, (), fixes.indent_of(outer))
    gone_start = fixes.line_start(statement.start_point[0])
    gone_end = fixes.line_start(statement.end_point[0] + 1)
    return [fixes.edit(start, start, moved), fixes.edit(gone_start, gone_end, ""), *edits]


def _statement_in_block(node: Node, fixes: Fixes) -> Node | None:
    """The statement of a block that holds `node`, with its lines to itself."""
    statement = node
    while (up := fixes.parent(statement)) is not None and up.type != "block":
        statement = up
    if up is None or statement.type not in ("let_declaration", "expression_statement"):
        return None
    return statement if fixes.whole_lines(statement) else None


def _inside_again(node: Node, statement: Node) -> bool:
    """Whether a loop or closure within `statement` holds `node` (it would move the binding
    more than once)."""
    current = node.parent
    while current is not None and current.id != statement.id:
        if current.type in _RUNS_AGAIN:
            return True
        current = current.parent
    return False


def _named_after(name: str, call: Node, block: Node, fixes: Fixes) -> bool:
    """Whether `block` names `name` after `call`, where `call` takes it by value (not `&`)."""
    parent = call.parent
    if parent is not None and parent.type == "reference_expression":
        return False
    return any(start >= call.end_byte for start, _ in fixes.reads(block).get(name, []))


def only_backpropagates(function: str | None, fixes: Fixes) -> bool:
    """Whether the file's function `function` (`grads_of`, `Type::grads_of`) does nothing but
    backpropagate its one parameter and give back the `Gradients` (`fn grads_of(loss: ..) ->
    .. { loss.backward() }`): a call of it computes those gradients alone."""
    if not function:
        return False
    name = function.rsplit("::", 1)[-1]
    for item in descendants(fixes.source.root):
        if item.type != "function_item":
            continue
        named = item.child_by_field_name("name")
        parameters = item.child_by_field_name("parameters")
        body = item.child_by_field_name("body")
        if named is None or fixes.text(named) != name or parameters is None or body is None:
            continue
        given = [p for p in parameters.named_children if p.type == "parameter"]
        if len(given) != 1 or len(parameters.named_children) != 1:
            return False
        pattern = given[0].child_by_field_name("pattern")
        children = [c for c in body.named_children if not c.type.endswith("comment")]
        return (
            pattern is not None
            and len(children) == 1
            and " ".join(fixes.text(children[0]).split())
            == f"{fixes.text(pattern).removeprefix('mut ')}.backward()"
        )
    return False

