"""`for p in ps.iter_mut().filter(|p| p.v > 0.0) { p.v -= 0.5; }`: the elements that pass
the filter written in place (was a false E0594: `p` seen as a value not declared `mut`).

`iter_mut.lower_for` runs `for x in v.iter_mut()` by index (each `x` the place `v[i]`); the
filter makes that loop's body `if pred { body }`, the closure's parameter one more name of the
place `v[i]` (a `&&mut T`: its fields and methods read the element). A closure that could
leave it (`return`, `?`, `break`, `continue`, a closure of its own) or names `v` is not taken
(the loop is then lowered as any `for`)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.field_paths import method_called, receiver
from pbpit.rust.interp.grammar import rejects

_LEAVES = ("return_expression", "try_expression", "break_expression", "continue_expression")


def parts(lowerer: Any, value: Any) -> tuple[Any, Any, Any, str] | None:
    """(the `v.iter_mut()` call, the closure's parameter, its body, `filter` or `find`) of
    `v.iter_mut().filter(|p| ..)` (`.find(|p| ..)`), or None."""
    name = method_called(lowerer, value, 1)
    if name not in ("filter", "find"):
        return None
    inner = receiver(value)
    if method_called(lowerer, inner) != "iter_mut":
        return None
    closure = lowerer.kids(value.child_by_field_name("arguments"))[0]
    if closure.type != "closure_expression" or any(c.type == "move" for c in closure.children):
        return None
    params = lowerer.kids(closure.child_by_field_name("parameters"))
    body = closure.child_by_field_name("body")
    if len(params) != 1 or params[0].type != "identifier" or body is None:
        return None
    stack = [body]
    while stack:
        part = stack.pop()
        if part.type in (*_LEAVES, "closure_expression"):
            return None
        stack.extend(part.children)
    return inner, params[0], body, str(name)


def guard(lowerer: Any, body: Any, found: tuple, recv: Any, index: Any, loop: Any) -> Any:
    """The loop's body `body` run only for the elements the filter passes (`find`: for the
    first, the loop left after it)."""
    from pbpit.rust.interp import iter_mut
    from pbpit.rust.interp.nodes import Block, Break, ExprStmt, If

    _, param, pred, name = found
    clash = iter_mut.conflict(lowerer, recv, pred)
    if clash is not None and clash.type == "identifier":  # `filter(|p| p.v < v.len() as f32)`
        name = lowerer.text(clash)  # (the closure borrows `v` while `iter_mut` holds it)
        what = f"cannot borrow `{name}` as immutable because it is also borrowed as mutable"
        raise lowerer.fail(clash, rejects(what, "E0502"))
    if clash is not None:
        raise lowerer.fail(
            clash,
            f"`{lowerer.text(clash)}` in the filter of a loop over `{lowerer.text(recv)}"
            ".iter_mut()` (pbpit runs the loop by index only when nothing else reaches the "
            "elements)",
        )
    saved = lowerer.open_scope()
    seen = lowerer.declare(lowerer.text(param), False)
    setattr(seen, iter_mut._SOURCE, (recv, index, lowerer.delta))
    lowerer.close_scope(saved)
    saved = lowerer.open_scope([index, seen])
    try:
        cond = lowerer.expr(pred)
    finally:
        lowerer.close_scope(saved)
    pos = lowerer.pos(pred)
    if name == "find" and _continues(body, loop):  # (a `for` over an `Option`: one turn)
        raise lowerer.fail(pred, "`continue` in a `for` over `iter_mut().find(..)`")
    if name == "find":  # the first element found, then no more
        loop.breaks = True
        seen = body.visible
        left = ExprStmt(pos[0], Break(pos, loop), True, seen)
        body = Block(body.pos, [ExprStmt(pos[0], body, True, seen), left], None, seen)
    picked = If(pos, cond, body, None)
    return Block(body.pos, [ExprStmt(pos[0], picked, False)], None, body.visible)


def _continues(node: Any, loop: Any) -> bool:
    from pbpit.rust.interp.nodes import Continue, children

    if isinstance(node, Continue) and node.target is loop:
        return True
    return any(_continues(part, loop) for part in children(node))


def lower_if_let_find(lowerer: Any, node: Any) -> Any | None:
    """`if let Some(h) = ps.iter_mut().find(|p| ..) { h.v = 9.0; }` (no `else`): the loop over
    `ps` by index whose first element found runs the block, `h` its place; None for another
    `if` (or a block that `break`s or `continue`s an outer loop, which the loop would take)."""
    from pbpit.rust.interp import iter_mut

    cond = node.child_by_field_name("condition")
    if cond is None or cond.type != "let_condition" or node.child_by_field_name("alternative"):
        return None
    pattern, value = cond.child_by_field_name("pattern"), cond.child_by_field_name("value")
    if pattern is None or value is None or pattern.type != "tuple_struct_pattern":
        return None
    inner = lowerer.kids(pattern)
    if len(inner) != 2 or lowerer.text(inner[0]) != "Some" or inner[1].type != "identifier":
        return None
    found = parts(lowerer, value)
    body = node.child_by_field_name("consequence")
    if found is None and body is not None and method_called(lowerer, value) in _BEST:
        return _lower_if_let_best(lowerer, node, value, inner[1], body)
    if found is None or found[3] != "find" or body is None:
        return None
    stack = [body]
    while stack:
        part = stack.pop()
        if part.type in ("break_expression", "continue_expression"):
            return None
        if part.type not in ("closure_expression", "for_expression", "while_expression"):
            stack.extend(part.children)
    return iter_mut.lower_for(lowerer, node, (value, inner[1], body))


_BEST = ("max", "min")


def _lower_if_let_best(lowerer: Any, node: Any, value: Any, name: Any, body: Any) -> Any | None:
    """`if let Some(m) = v.iter_mut().max() { *m = 0; }` (`min()`): the loop over `v` by index
    whose element at the index `max()` picks (the last greatest, `min()`'s the first least:
    `v.iter().enumerate().max_by_key(|p| p.1)`) runs the block, `m` its place, then leaves;
    None for another `if` (a receiver other than `v.iter_mut()`, a block that `break`s or
    `continue`s an outer loop)."""
    from pbpit.rust.interp import iter_mut
    from pbpit.rust.interp.fn_refs import _receiver_closure
    from pbpit.rust.interp.nodes import Binary, Block, Break, ExprStmt, Field, If, Local, Method

    inner = receiver(value)
    if method_called(lowerer, inner) != "iter_mut":
        return None
    stack = [body]
    while stack:
        part = stack.pop()
        if part.type in ("break_expression", "continue_expression"):
            return None
        if part.type not in ("closure_expression", "for_expression", "while_expression"):
            stack.extend(part.children)
    loop = iter_mut.lower_for(lowerer, node, (inner, name, body))
    if loop is None:
        return None
    pos = lowerer.pos(value)
    best = "max_by_key" if method_called(lowerer, value) == "max" else "min_by_key"
    whole = lowerer.expr(receiver(inner))
    pairs = Method(pos, Method(pos, whole, "iter", [], []), "enumerate", [], [])
    key = _receiver_closure(lowerer, pos, f"{best} key", None, lambda p: Field(pos, p, "1"))
    picked = Method(pos, Method(pos, pairs, best, [], [key]), "unwrap", [], [])
    cond = Binary(pos, "==", Local(pos, loop.binding, lowerer.scope), Field(pos, picked, "0"))
    seen = loop.body.visible
    left = ExprStmt(pos[0], Break(pos, loop), True, seen)
    loop.breaks = True
    then = Block(loop.body.pos, [ExprStmt(pos[0], loop.body, True, seen), left], None, seen)
    picks = ExprStmt(pos[0], If(pos, cond, then, None), False)
    loop.body = Block(loop.body.pos, [picks], None, seen)
    return loop
