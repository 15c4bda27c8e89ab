"""`shared-intermediate`'s "add the losses": the losses that share the tensor, each
backpropagated one after the other, named (two, or more: the copies of the statement that
backpropagates the first, each with another loss: three heads' losses each handed to one
`GradientsAccumulator`), and the edits that backpropagate their sum once where the first was,
the others' statements gone. Written only where the sum of all of them can be: a sum of two of
three losses leaves the third backward to panic."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, ancestors, identifiers, is_name
from pbpit.lint.rules.shared_helper_sum import closure_sum, helper_sum
from pbpit.lint.rules.shared_rates import (
    plain_sgd,
    rated_help,
    rates_of_steps,
    scaled_sum,
    step_rates,
)
from pbpit.lint.values import Backward
from pbpit.rust.syntax import Node


def add_the_losses_help(losses: list[str | None], edits: list[Edit]) -> Help:
    """Add the losses, said with the losses' names (all of them: `(a + b + c)`) when each has
    one and they differ."""
    named = [n for n in losses if n]
    if len(named) == len(losses) >= 2 and len(set(named)) == len(named):
        message = f"add the losses and run one backward: `({' + '.join(named)}).backward()`"
        return Help(message, edits)
    if len(losses) > 2:
        return Help("add the losses and run one backward on their sum")
    return Help("add the two losses and run one backward on their sum")


def the_losses(
    earlier: Backward, later: Backward, fixes: Fixes, shared: str = ""
) -> list[str | None]:
    """The losses that share `shared`, by name: the two backwards' (`earlier`'s first), or the
    loss of each copy of the statements that backpropagate them (`repeated_copies`), then
    those later backwards of the block backpropagate that are made from `shared`
    (`later_losses`)."""
    a, b = earlier.receiver, later.receiver
    if earlier.through is not None or later.through is not None or not (a and b and a != b):
        return [a, b]
    copies = repeated_copies(a, b, earlier.span, later.span, fixes) or []
    losses: list[str] = [loss for loss, _ in copies] or [a, b]
    return [*losses, *(later_losses(shared, losses, later.span, fixes) if shared else [])]


def add_the_losses(
    earlier: Backward,
    later: Backward,
    fixes: Fixes,
    in_macro: bool,
    shared: str = "",
    made: int | None = None,
) -> Help:
    """Add the losses: one backward on the sum of all the losses that share `shared`
    (`the_losses`), said with their names when they have some, written as code where the
    backwards are statements of one block (`sum_backwards` for two, `sum_copies` for a
    statement written again for each loss); in words alone where a later backward of another
    loss made from `shared` is not one of those copies (the sum of two of them would leave it
    to panic). One backward that each pass of a loop runs: the losses of every pass."""
    a, b = earlier.receiver, later.receiver
    if earlier.span == later.span and earlier.context != later.context:
        return each_pass_help(b)
    if earlier.span == later.span and not in_macro and made is not None:
        # Both backwards in a closure's body, each call of it handed its loss: the sum handed
        # to its first call.
        handed = closure_sum(earlier, later, made, fixes)
        if handed is not None:
            return handed
    if in_macro or earlier.through is not None or later.through is not None:
        # Each loss handed to one helper that backpropagates it: the sum handed to it once.
        handed = None if in_macro else helper_sum(earlier, later, fixes)
        return handed if handed is not None else add_the_losses_help([a, b], [])
    if not (a and b and a != b):
        return add_the_losses_help([a, b], [])
    losses = the_losses(earlier, later, fixes, shared)
    rated = rated_sum(a, b, earlier.span, later.span, fixes) if len(losses) == 2 else None
    if rated is not None:
        return rated  # each loss stepped at a rate of its own: the sum keeps both rates
    copies = repeated_copies(a, b, earlier.span, later.span, fixes) or []
    if len(losses) > max(len(copies), 2):
        return add_the_losses_help(losses, [])  # a later loss no copy holds: in words
    # Copies of more than one statement (a backward and the step of its gradients): all of
    # each later copy goes, its step too (one backward, one step); else the two statements
    # of `sum_backwards`, which knows what each binding's later reads need.
    whole = len(copies) > 2 or (copies and len(copies[0][1]) > 1)
    edits = sum_copies(copies, fixes) if whole else []
    if not edits and len(copies) <= 2:
        edits = sum_backwards(a, b, earlier.span, later.span, fixes)
    if not edits and copies:
        edits = sum_copies(copies, fixes)
    return add_the_losses_help(losses, edits)


def each_pass_help(loss: str | None) -> Help:
    """Add the losses of one backward that each pass of a loop runs: the sum of every pass's,
    backpropagated once after the loop."""
    which = f"the `{loss}` of every pass" if loss else "the loss of every pass"
    return Help(f"add up {which} of the loop and run one backward on the sum, after the loop")


def repeated_copies(
    a: str, b: str, first: tuple[int, int], second: tuple[int, int], fixes: Fixes
) -> list[tuple[str, list[Node]]] | None:
    """The statements from the first backward's (of `a`) up to the second's (of `b`), and
    each copy of them that follows, the loss and the names their `let`s bind alone other
    (`acc.accumulate(&m, GradientsParams::from_grads(a.backward(), &m));` then the same of
    `b`, of `c`; `let g_a = ..a.backward()..; acc.accumulate(&m, g_a);` of each): each copy's
    loss and statements, the first's first. None for another shape (at most three statements
    a copy, each its lines to itself, in one block)."""
    one, two = statement_of(a, first, fixes), statement_of(b, second, fixes)
    if one is None or two is None:
        return None
    block = fixes.parent(one[0])
    if block is None or fixes.parent(two[0]) is not block:
        return None
    siblings = [c for c in block.named_children if not c.type.endswith("comment")]
    start = next((i for i, s in enumerate(siblings) if s.id == one[0].id), None)
    end = next((i for i, s in enumerate(siblings) if s.id == two[0].id), None)
    if start is None or end is None or not 0 < end - start <= 3:
        return None
    period = end - start
    model = siblings[start:end]
    model_bound = [bound_name(s, fixes) for s in model]
    copies = [(a, model)]
    at = end
    while at + period <= len(siblings):
        copy = siblings[at : at + period]
        loss = _backward_receiver(copy, fixes)
        if loss is None or any(loss == known for known, _ in copies):
            break
        if len(copies) == 1 and loss != b:
            return None
        bound = [bound_name(s, fixes) for s in copy]
        if [n is None for n in bound] != [n is None for n in model_bound]:
            break
        expected = [fixes.text(s).replace(f"{a}.backward()", f"{loss}.backward()") for s in model]
        for old, new in zip(model_bound, bound, strict=True):
            if old is not None and new is not None:
                expected = [re.sub(rf"\b{re.escape(old)}\b", new, t) for t in expected]
        if expected != [fixes.text(s) for s in copy] or not all(map(fixes.whole_lines, copy)):
            break
        copies.append((loss, copy))
        at += period
    return copies if len(copies) >= 2 else None


def _backward_receiver(statements: list[Node], fixes: Fixes) -> str | None:
    """The loss of the one `name.backward()` the statements hold."""
    found = re.findall(
        r"(?<![\w.])([A-Za-z_]\w*)\.backward\(\)", "".join(map(fixes.text, statements))
    )
    return found[0] if len(found) == 1 else None


def sum_copies(copies: list[tuple[str, list[Node]]], fixes: Fixes) -> list[Edit]:
    """`repeated_copies`' edits: the first copy backpropagates the sum of every copy's loss,
    the other copies go. None when a name the other copies bind, or a loss, is read after them
    (it would be gone, or moved into the sum)."""
    (first, model), rest = copies[0], copies[1:]
    block = fixes.parent(model[0])
    if block is None:
        return []
    last = rest[-1][1][-1]
    after = [s for s in block.named_children if s.start_byte > last.end_byte]
    gone = {n for _, copy in rest for s in copy if (n := bound_name(s, fixes)) is not None}
    losses = [loss for loss, _ in copies]
    if any(names(s, n, fixes) for s in after for n in [*gone, *losses]):
        return []
    call = next(
        (c for s in model for c in _calls(s) if fixes.text(c) == f"{first}.backward()"),
        None,
    )
    if call is None:
        return []
    summed = f"({' + '.join(losses)}).backward()"
    edits = [fixes.edit(call.start_byte, call.end_byte, summed)]
    for _, copy in rest:
        edits += [delete_lines(s, fixes) for s in copy]
    return edits


def _calls(node: Node) -> list[Node]:
    found = [node] if node.type == "call_expression" else []
    for child in node.named_children:
        found += _calls(child)
    return found


def later_losses(
    shared: str, losses: list[str], second: tuple[int, int], fixes: Fixes
) -> list[str]:
    """The losses, other than `losses`, that statements of the block after the one holding the
    backward at `second` backpropagate (`let g3 = l3.backward();`), each made by `let`s of that
    block from `shared`: their backwards would panic too, after a sum of `losses`."""
    call = fixes.call_at(second)
    statement = call
    while statement is not None and (up := fixes.parent(statement)) is not None:
        if up.type == "block":
            break
        statement = up
    block = fixes.parent(statement) if statement is not None else None
    if statement is None or block is None:
        return []
    lets: dict[str, Node] = {}
    found: list[str] = []
    for s in block.named_children:
        if s.type == "let_declaration":
            pattern = s.child_by_field_name("pattern")
            for n in identifiers(pattern) if pattern is not None else []:
                lets[fixes.text(n)] = s
        if s.start_byte <= statement.start_byte:
            continue
        loss = _backward_receiver([s], fixes)
        if loss is None or loss in losses or loss in found:
            continue
        if _made_from(loss, shared, lets, fixes):
            found.append(loss)
    return found


def _made_from(name: str, shared: str, lets: dict[str, Node], fixes: Fixes) -> bool:
    """Whether the `let`s `lets` make `name` from `shared`."""
    todo, seen = [name], set()
    while todo:
        current = todo.pop()
        if current == shared:
            return True
        if current in seen or current not in lets:
            continue
        seen.add(current)
        value = lets[current].child_by_field_name("value")
        todo += [fixes.text(n) for n in identifiers(value)] if value is not None else []
    return False


def sum_backwards(
    a: str, b: str, first: tuple[int, int], second: tuple[int, int], fixes: Fixes
) -> list[Edit]:
    """`(a + b).backward()` where one of the backwards was, the other statement gone: at the
    first backward when `b` is made before it (the second's gradients, if its binding is read
    later, are the first's binding moved into it), else at the second (the first's binding
    read by nothing). Each backward must be the statement `[let g =] loss.backward();` of one
    block; none when a loss is named between them otherwise than where `b` is made (a use of
    it, once moved into the sum, would not compile) or a binding read later would be lost."""
    stepped = one_step(a, b, first, second, fixes) or both_then_steps(a, b, first, second, fixes)
    if stepped is not None:
        return stepped
    one, two = backward_statement(a, first, fixes), backward_statement(b, second, fixes)
    if one is None or two is None or fixes.parent(one[0]) is not fixes.parent(two[0]):
        return []
    (first_statement, first_call), (second_statement, second_call) = one, two
    block = fixes.parent(first_statement)
    assert block is not None
    siblings = list(block.named_children)
    start, end = siblings.index(first_statement), siblings.index(second_statement)
    if start >= end:
        return []
    between = siblings[start + 1 : end]
    after = siblings[end + 1 :]
    first_bound = bound_name(first_statement, fixes)
    second_bound = bound_name(second_statement, fixes)
    made = [s for s in between if s.type == "let_declaration" and binds(s, b, fixes)]
    summed = f"({a} + {b}).backward()"
    if any(binds(s, a, fixes) for s in between if s.type == "let_declaration"):
        return []  # `a` made anew: the sum would read another tensor
    if not made:
        # Both losses exist at the first backward: the sum goes there.
        if any(names(s, b, fixes) for s in between):
            return []
        # Whose gradients the program reads: `let grads = ..` twice, the later reads are the
        # second's. Both read (an optimizer stepped with each, two logs), the one sum would be
        # used twice: how to merge those uses is the user's call (said in words).
        shadowed = second_bound is not None and second_bound == first_bound
        reads_first = first_bound is not None and (
            any(names(s, first_bound, fixes) for s in between)
            or (not shadowed and any(names(s, first_bound, fixes) for s in after))
        )
        reads_second = second_bound is not None and any(
            names(s, second_bound, fixes) for s in after
        )
        if (
            reads_first
            and reads_second
            and not (shadowed and borrowed_only([*between, *after], first_bound, fixes))
        ):
            # Read by a look only (`w.grad(&grads)` to log it), the one sum can be read twice:
            # the second backward's statement goes, its reads then the sum's.
            return []
        edits = [fixes.edit(first_call.start_byte, first_call.end_byte, summed)]
        if not reads_second or shadowed:
            return edits + [delete_lines(second_statement, fixes)]
        # The second's gradients are read later, the first's by nothing: the first backward
        # gives them the second's name, else its binding is moved into the second's.
        assert second_bound is not None
        first_pattern = first_statement.child_by_field_name("pattern")
        second_pattern = second_statement.child_by_field_name("pattern")
        if (
            first_pattern is not None
            and second_pattern is not None
            and not any(names(s, second_bound, fixes) for s in between)
        ):
            renamed = fixes.edit(
                first_pattern.start_byte, first_pattern.end_byte, fixes.text(second_pattern)
            )
            return [renamed, *edits, delete_lines(second_statement, fixes)]
        if first_bound is None:
            return []
        edits.append(fixes.edit(second_call.start_byte, second_call.end_byte, first_bound))
        return edits
    # `b` is made after the first backward: the sum goes where the second was, the first goes.
    if first_bound is not None and any(names(s, first_bound, fixes) for s in [*between, *after]):
        return []
    return [
        delete_lines(first_statement, fixes),
        fixes.edit(second_call.start_byte, second_call.end_byte, summed),
    ]


def one_step(
    a: str, b: str, first: tuple[int, int], second: tuple[int, int], fixes: Fixes
) -> list[Edit] | None:
    """Two backwards, each followed by the same optimizer step (`let grads =
    GradientsParams::from_grads(a.backward(), &model); model = optim.step(lr, model, grads);`
    twice): one backward of the sum where the first was, and one step; the second backward's
    statement and its step go. None for any other shape."""
    found = _in_one_block(a, b, first, second, fixes)
    if found is None:
        return None
    siblings, start, first_statement, first_call, second_statement = found
    end = next((i for i, s in enumerate(siblings) if s.id == second_statement.id), None)
    if end is None or end != start + 2 or end + 1 >= len(siblings):
        return None
    step, again = siblings[start + 1], siblings[end + 1]
    bound = bound_name(first_statement, fixes)
    if (
        bound is None
        or bound != bound_name(second_statement, fixes)
        or fixes.text(step) != fixes.text(again)
        or step.type != "expression_statement"
        or ".step(" not in fixes.text(step)
        or not names(step, bound, fixes)
        or names(step, b, fixes)
        or not fixes.whole_lines(again)
        or any(names(s, bound, fixes) for s in siblings[end + 2 :])
    ):
        return None
    return [
        fixes.edit(first_call.start_byte, first_call.end_byte, f"({a} + {b}).backward()"),
        delete_lines(second_statement, fixes),
        delete_lines(again, fixes),
    ]


def both_then_steps(
    a: str, b: str, first: tuple[int, int], second: tuple[int, int], fixes: Fixes
) -> list[Edit] | None:
    """Both backwards taken first, then a step with each (multi-task: `let grads_a =
    GradientsParams::from_grads(a.backward(), &model);`, the same for `b`, then `model =
    optim.step(lr, model, grads_a);` and the same step with `grads_b`): one backward of the
    sum where the first was, its gradients stepped once; the second backward and its step go.
    None for any other shape."""
    found = _in_one_block(a, b, first, second, fixes)
    if found is None:
        return None
    siblings, start, first_statement, first_call, second_statement = found
    if start + 3 >= len(siblings) or siblings[start + 1].id != second_statement.id:
        return None
    step_a, step_b = siblings[start + 2], siblings[start + 3]
    bound_a, bound_b = bound_name(first_statement, fixes), bound_name(second_statement, fixes)
    if bound_a is None or bound_b is None or bound_a == bound_b:
        return None
    pattern = r"\b{}\b"
    text_b = re.sub(pattern.format(re.escape(bound_b)), bound_a, fixes.text(step_b))
    if (
        fixes.text(step_a) != text_b
        or step_a.type != "expression_statement"
        or ".step(" not in fixes.text(step_a)
        or not names(step_a, bound_a, fixes)
        or names(step_a, bound_b, fixes)
        or names(step_a, b, fixes)
        or not fixes.whole_lines(step_b)
        or any(names(s, bound_a, fixes) or names(s, bound_b, fixes) for s in siblings[start + 4 :])
    ):
        return None
    return [
        fixes.edit(first_call.start_byte, first_call.end_byte, f"({a} + {b}).backward()"),
        delete_lines(second_statement, fixes),
        delete_lines(step_b, fixes),
    ]


def rated_sum(
    a: str, b: str, first: tuple[int, int], second: tuple[int, int], fixes: Fixes
) -> Help | None:
    """Two backwards whose gradients are stepped at rates of their own (both backwards then a
    step each, or each backward followed by its step: the steps alike but for the rate and the
    gradients): one backward of the sum with `b` scaled by the rates' ratio where the first
    was, stepped once at `a`'s rate, where the optimizer is plain SGD (`shared_rates`); in
    words otherwise. None for any other shape, or for equal rates."""
    found = _in_one_block(a, b, first, second, fixes)
    if found is None:
        return None
    siblings, start, first_statement, first_call, second_statement = found
    end = next((i for i, s in enumerate(siblings) if s.id == second_statement.id), None)
    bound_a, bound_b = bound_name(first_statement, fixes), bound_name(second_statement, fixes)
    if bound_a is None or bound_b is None:
        return None
    if end == start + 1 and start + 3 < len(siblings):
        step_a, step_b = siblings[start + 2], siblings[start + 3]  # both backwards first
    elif end == start + 2 and end + 1 < len(siblings):
        step_a, step_b = siblings[start + 1], siblings[end + 1]  # each followed by its step
    else:
        step_a = step_b = None
    rates = None
    if step_a is not None and step_b is not None:
        rates = step_rates(step_a, step_b, bound_a, bound_b, fixes)
    if rates is None or step_a is None or step_b is None:
        # The steps elsewhere in the block (a log between them): the rates said in words.
        apart = rates_of_steps(siblings[start + 1 :], bound_a, bound_b, fixes)
        if apart is None:
            return None
        optimizers, rate_a, rate_b = apart
        sgd = all(plain_sgd(o, fixes) for o in optimizers)
        return rated_help(a, b, (rate_a, rate_b), [], sgd)
    if names(step_a, b, fixes) or not names(step_a, bound_a, fixes):
        return None
    after = siblings[siblings.index(step_b) + 1 :]
    if any(names(s, bound_a, fixes) or names(s, bound_b, fixes) for s in after):
        return None
    optimizers, rate_a, rate_b = rates
    sgd = all(plain_sgd(o, fixes) for o in optimizers) and fixes.whole_lines(step_b)
    # A second optimizer that only the second step uses goes with it (left, rustc could not
    # infer its type); one used elsewhere keeps the rates in words.
    unused = [] if optimizers[0] == optimizers[1] else _only_for(optimizers[1], step_b, fixes)
    edits = []
    if sgd and unused is not None:
        summed = scaled_sum(a, b, rate_a, rate_b)
        edits = [
            fixes.edit(first_call.start_byte, first_call.end_byte, summed),
            delete_lines(second_statement, fixes),
            delete_lines(step_b, fixes),
            *[delete_lines(s, fixes) for s in unused],
        ]
    sgd = sgd and unused is not None
    return rated_help(a, b, (rate_a, rate_b), edits, sgd)


def _only_for(name: str, step: Node, fixes: Fixes) -> list[Node] | None:
    """The `let [mut] name = ..;` of the block around `step` when nothing but it and `step`
    names `name` in the function; None otherwise."""
    function = next(
        (n for n in reversed(ancestors(fixes.source.root, step)) if n.type == "function_item"),
        None,
    )
    if function is None:
        return None
    named = [n for n in identifiers(function) if fixes.text(n) == name]
    lets = [
        s
        for n in named
        if (s := fixes.parent(fixes.parent(n) or n)) is not None and s.type == "let_declaration"
    ]
    lets += [s for n in named if (s := fixes.parent(n)) is not None and s.type == "let_declaration"]
    lets = list({s.id: s for s in lets}.values())
    inside = [n for n in named if step.start_byte <= n.start_byte < step.end_byte]
    if len(lets) != 1 or len(named) != len(inside) + 1 or not fixes.whole_lines(lets[0]):
        return None
    return lets


def _in_one_block(
    a: str, b: str, first: tuple[int, int], second: tuple[int, int], fixes: Fixes
) -> tuple[list[Node], int, Node, Node, Node] | None:
    """The two backwards' statements when one block holds both: the block's statements (no
    comments), the first statement's index there, the first statement, its call, and the
    second statement. None otherwise."""
    one, two = statement_of(a, first, fixes), statement_of(b, second, fixes)
    if one is None or two is None:
        return None
    (first_statement, first_call), (second_statement, _) = one, two
    block = fixes.parent(first_statement)
    if block is None or fixes.parent(second_statement) is not block:
        return None
    siblings = [c for c in block.named_children if not c.type.endswith("comment")]
    start = next((i for i, s in enumerate(siblings) if s.id == first_statement.id), None)
    if start is None:
        return None
    return siblings, start, first_statement, first_call, second_statement


def statement_of(loss: str, span: tuple[int, int], fixes: Fixes) -> tuple[Node, Node] | None:
    """The statement of a block (whole lines) holding the backward `loss.backward()` at `span`,
    perhaps within its value (`let g = GradientsParams::from_grads(loss.backward(), &m);`),
    and the call."""
    call = fixes.call_at(span)
    if call is None or fixes.text(call) != f"{loss}.backward()":
        return None
    statement = fixes.parent(call)
    while statement is not None and fixes.parent(statement) is not None:
        if fixes.parent(statement).type == "block":
            break
        statement = fixes.parent(statement)
    if statement is None or statement.type not in ("let_declaration", "expression_statement"):
        return None
    return (statement, call) if fixes.whole_lines(statement) else None


def backward_statement(loss: str, span: tuple[int, int], fixes: Fixes) -> tuple[Node, Node] | None:
    """The statement `[let g =] loss.backward();` whose backward is at `span`, and its call;
    None when the backward is part of another statement, or the statement shares its lines."""
    call = fixes.call_at(span)
    if call is None or fixes.text(call) != f"{loss}.backward()":
        return None
    statement = fixes.parent(call)
    if statement is None:
        return None
    if statement.type == "let_declaration":
        if statement.child_by_field_name("value") != call:
            return None
    elif statement.type != "expression_statement":
        return None
    parent = fixes.parent(statement)
    if parent is None or parent.type != "block" or not fixes.whole_lines(statement):
        return None
    return statement, call


def bound_name(statement: Node, fixes: Fixes) -> str | None:
    """The name a `let` binds its value to (None for none: an expression statement, `let _`,
    a pattern)."""
    pattern = statement.child_by_field_name("pattern")
    if statement.type != "let_declaration" or pattern is None:
        return None
    text = fixes.text(pattern).removeprefix("mut ").strip()
    return text if is_name(text) and text != "_" else None


def binds(statement: Node, name: str, fixes: Fixes) -> bool:
    pattern = statement.child_by_field_name("pattern")
    return pattern is not None and any(fixes.text(n) == name for n in identifiers(pattern))


def borrowed_only(statements: list[Node], name: str | None, fixes: Fixes) -> bool:
    """Whether every read of `name` in `statements` is a shared borrow (`&grads`, in a macro's
    tokens too): a look, which the one sum of the losses allows twice (a move would not)."""
    if name is None:
        return False
    reads = [n for s in statements for n in identifiers(s) if fixes.text(n) == name]
    return all(n.prev_sibling is not None and n.prev_sibling.type == "&" for n in reads)


def names(statement: Node, name: str, fixes: Fixes) -> bool:
    return any(fixes.text(n) == name for n in identifiers(statement))


def delete_lines(statement: Node, fixes: Fixes) -> Edit:
    """The lines of `statement` removed (it has them to itself)."""
    start = fixes.line_start(statement.start_point[0])
    return fixes.edit(start, fixes.line_start(statement.end_point[0] + 1), "")
