"""`m.entry(k).and_modify(|v| ..)` of a `HashMap` or `BTreeMap` (a row of `hashmap.ENTRY`):
the closure's `&mut V` is run as `scan`'s state is, a variable of the closure's own frame
(`*n += 1`, `e.1 += 1`, `s.best = x` write it: `lower_exprs.e_closure_expression`), put back in
the map when the closure returns, as rustc runs it; a body naming the map is refused."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Code
from pbpit.rust.interp.types import UNIT, Ty, resolve


def and_modify_closure(lowerer: Any, node: Any) -> bool:
    """Whether the closure `node` is the argument of `m.entry(k).and_modify(..)` with one
    parameter: its `&mut V` is run as `scan`'s state is (`*n += 1`, `e.1 += 1` write the
    closure's variable, which `and_modify` puts back in the map). A body naming the map's
    variable (borrowed mutably by `entry`: rustc's E0499/E0502) is refused."""
    arguments = node.parent
    call = arguments.parent if arguments is not None else None
    if call is None or call.type != "call_expression" or arguments.type != "arguments":
        return False
    function = call.child_by_field_name("function")
    if function.type != "field_expression":
        return False
    if lowerer.text(function.child_by_field_name("field")) != "and_modify":
        return False
    params = lowerer.kids(node.child_by_field_name("parameters"))
    if len(params) != 1 or len(lowerer.kids(arguments)) != 1:
        return False
    entry = function.child_by_field_name("value")  # `m.entry(k)`
    root = entry
    while root is not None and root.type in ("call_expression", "field_expression"):
        root = root.child_by_field_name("function" if root.type == "call_expression" else "value")
    if root is not None and root.type in ("identifier", "self"):
        name, stack = lowerer.text(root), [node.child_by_field_name("body")]
        while stack:
            part = stack.pop()
            if part.type in ("identifier", "self") and lowerer.text(part) == name:
                what = f"`{name}` named in `and_modify`'s closure while `entry` borrows it"
                raise lowerer.fail(part, what + " (rustc: E0499/E0502)")
            stack.extend(part.children)
    return True


def and_modify_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`and_modify(|v| ..)`: the closure takes the `&mut V` if the key is there; the entry."""
    from pbpit.rust.interp.nodes import Closure

    ck.arity(e, 1)
    closure = e.args[0]
    if not isinstance(closure, Closure) or len(closure.params) != 1:
        raise ck.fail(e.args[0].pos, "`and_modify` with other than a closure `|v| ..` written")
    ck.unify(UNIT, ck.closure_arg(closure, [resolve(recv).inner]).ret, closure.pos)
    return recv


def and_modify(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """The closure runs on the value in a variable of its own frame; what the variable holds
    when it returns is put back in the map (`iter_methods._scan`'s way with its state)."""
    from pbpit.rust.interp.runtime import ReturnSignal

    closure = e.args[0]
    slot = closure.params[0].slot
    body = comp.expr(closure.body)

    def run(frame: list) -> Any:
        try:
            body(frame)
        except ReturnSignal:  # `return` in the closure
            pass
        return frame[slot]

    call = comp.frame_call(closure.scope, closure.params, run, closure.visible, closure.body.pos[0])

    def and_modify(frame: list) -> Any:
        table, k = recv(frame)
        if k in table:
            table[k] = call([table[k]], frame)
        return table, k

    return and_modify
