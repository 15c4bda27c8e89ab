"""The closure parameters rustc gives a reference to an iterator's item (`|i|` of `filter`,
`find`, `take_while`, `skip_while`: `P: FnMut(&Self::Item) -> bool`), whatever the item is:
after `copied()` or over a range (`usize` items) the parameter is a `&usize`, so it may be
given where a reference is asked (`val.contains(i)`), as rustc accepts. References are erased
in pbpit; the lowering marks such a parameter (a plain name with no written type) here."""

from __future__ import annotations

from typing import Any

ITEM_REF = "item_ref"
"""The attribute of a binding that is certainly a reference (to an iterator's item)."""
ITEM_REF_REF = "item_ref_ref"
"""...and whose item is a reference too (`|i|` of `v.iter().filter(..)` is a `&&T`): `*i` is
still a reference, `val.contains(*i)` as rustc accepts it."""
_SAME_ITEMS = frozenset(
    ("filter", "skip", "take", "rev", "step_by", "skip_while", "take_while", "inspect", "peekable")
)  # adapters that hand on their receiver's items

_TAKING_REFS = frozenset(("filter", "find", "take_while", "skip_while"))


def _items_are_references(recv: Any) -> bool:
    """Whether `recv` is `v.iter()` (through adapters that keep the items): `&T` items."""
    from pbpit.rust.interp.nodes import Method

    while isinstance(recv, Method) and recv.name in _SAME_ITEMS:
        recv = recv.recv
    return isinstance(recv, Method) and recv.name == "iter" and not recv.args


def mark_closure_params(method: str, args: list[Any], recv: Any = None) -> None:
    """Mark the parameter of the closure given to `method` when rustc makes it a reference
    (a reference to a reference when `recv`'s items are references)."""
    from pbpit.rust.interp.nodes import Binding, Closure

    if method not in _TAKING_REFS or len(args) != 1 or not isinstance(args[0], Closure):
        return
    closure = args[0]
    if len(closure.params) != 1 or closure.param_tys[0] is not None:
        return
    param = closure.params[0]
    if isinstance(param, Binding) and param.name.startswith("(("):  # `|(i, x)|`: each name a
        for part in _pattern_parts(closure, param):  # `&` (binding modes through the `&`)
            setattr(part, ITEM_REF, True)
        return
    if isinstance(param, Binding) and getattr(param, "ref_unknown", False):
        setattr(param, ITEM_REF, True)
        if _items_are_references(recv):
            setattr(param, ITEM_REF_REF, True)


def _pattern_parts(closure: Any, hidden: Any) -> list[Any]:
    """The names a closure's tuple parameter binds (the `let`s the lowering puts before its
    body, each of a part of the hidden parameter), when the pattern is a tuple's (not `&(a,
    b)`, which takes the value apart)."""
    from pbpit.rust.interp.nodes import Block, Let

    body = closure.body
    if not isinstance(body, Block):
        return []
    return [s.binding for s in body.stmts if isinstance(s, Let) and s.binding is not None]


def is_reference(e: Any) -> bool:
    """Whether `e` is certainly a reference: written `&x`, a variable marked here, or one
    `references.certainly_reference` knows (`x` of `for x in v.iter()`, `let r = &y;`, a
    parameter written `&T`)."""
    from pbpit.rust.interp.nodes import Local, Unary
    from pbpit.rust.interp.references import certainly_reference

    if e.borrowed or certainly_reference(e):
        return True
    if isinstance(e, Unary) and e.op == "*" and isinstance(e.operand, Local):  # `*i` of a `&&T`
        return getattr(e.operand.binding, ITEM_REF_REF, False)
    return isinstance(e, Local) and getattr(e.binding, ITEM_REF, False)
