"""`shared-intermediate`'s "add the losses" where each loss is handed to a function of the
program that backpropagates it (and steps: `model = apply(model, &mut optim, rec_loss, 0.05);`
then the same with `cls_loss`; a `&mut self` method `trainer.update(loss_a)`; a closure
`step(loss_b)`): the sum given to the first call, in the helper's own form (`apply(model, &mut
optim, rec_loss + cls_loss, 0.05)`), the second call's statement gone. One backward and one
step of the sum, as `(a + b).backward()` is for a backward written in place. Written only where
the two statements are the same but for that one argument, in one block, and the second loss
exists at the first call and is not read between them (moved into the sum there)."""

from __future__ import annotations

from pbpit.diagnostics.model import Help
from pbpit.lint.fixes import Fixes, ancestors, identifiers
from pbpit.lint.values import Backward
from pbpit.rust.syntax import Node

_PLAIN = frozenset(
    {
        "identifier",
        "field_expression",
        "call_expression",
        "index_expression",
        "parenthesized_expression",
        "scoped_identifier",
    }
)
"""Arguments the sum reads as written (`a + b` is `a + b` whatever they are); another (`x - y`)
is put in parentheses when it is the second term, so the sum is the two losses' own."""


def helper_sum(earlier: Backward, later: Backward, fixes: Fixes) -> Help | None:
    """Add the losses handed to one helper by two calls (`earlier.through`): the first call given
    their sum, the second's statement deleted; None for another shape."""
    if earlier.through is None or earlier.through != later.through or earlier.span == later.span:
        return None
    first, second = fixes.call_at(earlier.span), fixes.call_at(later.span)
    if first is None or second is None:
        return None
    return _sum_of_calls(first, second, fixes)


def closure_sum(earlier: Backward, later: Backward, made: int, fixes: Fixes) -> Help | None:
    """Add the losses handed to a closure bound by `let` that backpropagates its parameter
    (`let mut apply = |m: Net, loss: Tensor<1>| { ..loss.backward().. };`, lint reading each call
    inline, so both backwards are at that `.backward()`): the first two calls of it after byte
    `made` (where the shared tensor is made), one statement each in one block, as
    `helper_sum`'s; None for another shape."""
    if earlier.span != later.span or earlier.context != later.context:
        return None
    call = fixes.call_at(earlier.span)
    path = ancestors(fixes.source.root, call) if call is not None else []
    closures = [n for n in path if n.type == "closure_expression"]
    if not closures:
        return None
    bound = fixes.parent(closures[-1])
    pattern = bound.child_by_field_name("pattern") if bound is not None else None
    if bound is None or bound.type != "let_declaration" or pattern is None:
        return None
    name = fixes.text(pattern).removeprefix("mut ").strip()
    function = next((n for n in reversed(path) if n.type == "function_item"), None)
    if function is None:
        return None
    calls = [
        n
        for n in _calls(function)
        if n.start_byte > made
        and (f := n.child_by_field_name("function")) is not None
        and f.type == "identifier"
        and fixes.text(f) == name
    ]
    if len(calls) < 2:
        return None
    return _sum_of_calls(calls[0], calls[1], fixes)


def _calls(node: Node) -> list[Node]:
    found = [node] if node.type == "call_expression" else []
    for child in node.named_children:
        found += _calls(child)
    return found


def _sum_of_calls(first: Node, second: Node, fixes: Fixes) -> Help | None:
    """The first call given the sum of the two calls' one differing argument, the second call's
    statement deleted (see the module's words); None where that cannot be written."""
    one, two = _statement(first, fixes), _statement(second, fixes)
    if one is None or two is None or fixes.parent(one) is not fixes.parent(two):
        return None
    block = fixes.parent(one)
    assert block is not None
    siblings = [c for c in block.named_children if not c.type.endswith("comment")]
    if one not in siblings or two not in siblings or siblings.index(one) >= siblings.index(two):
        return None
    between = siblings[siblings.index(one) + 1 : siblings.index(two)]
    found = _one_argument_apart(first, second, fixes)
    if found is None:
        return _rated_calls(first, second, fixes)
    a, b = found
    text = fixes.text
    # The statements alike but for the call's argument (`model = apply(..)` twice).
    call_one, call_two = text(first), text(second)
    if text(one).replace(call_one, "") != text(two).replace(call_two, ""):
        return None
    # `b` read at the first call: made before it, not named between the two (moved there).
    read = {text(n) for n in identifiers(b)} | ({text(b)} if b.type == "identifier" else set())
    if any(text(n) in read for s in between for n in identifiers(s)):
        return None
    # What the first statement sets (`model`), read between: it would see the one step of
    # the sum, not the first loss's step.
    target = _assigned(one, fixes)
    if target is not None and any(text(n) == target for s in between for n in identifiers(s)):
        return None
    second_term = text(b) if b.type in _PLAIN else f"({text(b)})"
    summed = f"{text(a)} + {second_term}"
    edits = [fixes.edit(a.start_byte, a.end_byte, summed), _delete_lines(two, fixes)]
    callee = first.child_by_field_name("function")
    called = text(callee) if callee is not None else "the helper"
    written = call_one[: a.start_byte - first.start_byte] + summed
    written += call_one[a.end_byte - first.start_byte :]
    message = (
        f"add the losses and hand their sum to `{called}` once, one backward and one step: "
        f"`{written}`"
    )
    return Help(message, edits)


def _statement(call: Node, fixes: Fixes) -> Node | None:
    """The statement of a block holding `call` (its lines to itself)."""
    node: Node | None = call
    while node is not None:
        up = fixes.parent(node)
        if up is None:
            return None
        if up.type == "block":
            break
        node = up
    if node is None or node.type not in ("expression_statement", "let_declaration"):
        return None
    return node if fixes.whole_lines(node) else None


def _one_argument_apart(first: Node, second: Node, fixes: Fixes) -> tuple[Node, Node] | None:
    """The one argument where two calls of the same function differ (`rec_loss`,
    `cls_loss`), the others the same text; None otherwise."""
    apart = _apart(first, second, fixes)
    return apart[0] if apart is not None and len(apart) == 1 else None


def _apart(first: Node, second: Node, fixes: Fixes) -> list[tuple[Node, Node]] | None:
    """The arguments, pair by pair, where two calls of the same function (as many arguments
    each) differ; None for calls of two functions or of two arities."""
    text = fixes.text
    f1, f2 = first.child_by_field_name("function"), second.child_by_field_name("function")
    g1, g2 = first.child_by_field_name("arguments"), second.child_by_field_name("arguments")
    if f1 is None or f2 is None or g1 is None or g2 is None or text(f1) != text(f2):
        return None
    one, two = list(g1.named_children), list(g2.named_children)
    if len(one) != len(two):
        return None
    return [(x, y) for x, y in zip(one, two, strict=True) if text(x) != text(y)]


def _rated_calls(first: Node, second: Node, fixes: Fixes) -> Help | None:
    """Two calls apart in two arguments, one of them a number in each (`apply(.., rec, 0.05)`,
    `apply(.., aux, 0.01)`: a learning rate, it seems): the sum said in words, keeping each
    rate where the helper steps plain SGD with it; None for another shape."""
    text = fixes.text
    apart = _apart(first, second, fixes)
    f1 = first.child_by_field_name("function")
    if apart is None or f1 is None:
        return None
    numbers = [(x, y) for x, y in apart if x.type == y.type == "float_literal"]
    losses = [(x, y) for x, y in apart if (x, y) not in numbers]
    if len(apart) != 2 or len(numbers) != 1 or len(losses) != 1:
        return None
    (rate_a, rate_b), (a, b) = map(text, numbers[0]), map(text, losses[0])
    return Help(
        f"add the losses and hand their sum to `{text(f1)}` once only where one learning rate "
        f"will do: the calls also differ in `{rate_a}` and `{rate_b}`; if that is the rate of a "
        f"plain SGD step (which steps `rate * gradient`), hand it `{a} + {b} * ({rate_b} / "
        f"{rate_a})` with `{rate_a}`; with another optimizer, keep both calls and make `{b}` "
        "again from a forward of its own after the first"
    )


def _assigned(statement: Node, fixes: Fixes) -> str | None:
    """`model` of `model = apply(..);` or `let model = apply(..);`."""
    if statement.type == "let_declaration":
        pattern = statement.child_by_field_name("pattern")
        return fixes.text(pattern).removeprefix("mut ").strip() if pattern is not None else None
    inner = statement.named_children[0] if statement.named_child_count else None
    if inner is not None and inner.type == "assignment_expression":
        left = inner.child_by_field_name("left")
        return fixes.text(left) if left is not None else None
    return None


def _delete_lines(statement: Node, fixes: Fixes):
    start = fixes.line_start(statement.start_point[0])
    return fixes.edit(start, fixes.line_start(statement.end_point[0] + 1), "")
