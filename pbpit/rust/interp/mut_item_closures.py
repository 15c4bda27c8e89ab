"""The parameter of a closure given the items of `v.iter_mut()` (`gs.iter_mut().map(|g| ..)`):
each item is a `&mut T`, so the closure may change `g`'s fields and call its `&mut self`
methods (`for p in g.params.iter_mut()`, `g.wd = 0.5`), as rustc lets it (they were false
E0596/E0594: an untyped closure parameter is taken as not `mut`).

Found from the syntax, before the body is lowered: the closure is the argument of an adapter
that hands it the items themselves (`map`, `filter_map`, `flat_map`, `find_map`, `map_while`,
`any`, `all`, `position`; not `filter`/`find`/`inspect`, whose parameter is a `& &mut T`)
on a chain that starts at `.iter_mut()` through adapters keeping the items (`rev`, `skip`,
`take`, `step_by`, and `filter`/`skip_while`/`take_while`/`peekable`/`inspect`).
"""

from __future__ import annotations

from typing import Any

_TAKING = frozenset(
    ("map", "filter_map", "flat_map", "find_map", "map_while", "any", "all", "position")
)
_KEEPING = frozenset(
    ("rev", "skip", "take", "step_by", "filter", "skip_while", "take_while", "peekable")
    + ("inspect", "by_ref")
)


def _method(call: Any) -> tuple[str, Any] | None:
    """The method name and receiver of `recv.name(..)`, else None."""
    if call is None or call.type != "call_expression":
        return None
    function = call.child_by_field_name("function")
    if function is None or function.type != "field_expression":
        return None
    field = function.child_by_field_name("field")
    return (field.text.decode(), function.child_by_field_name("value")) if field else None


def takes_mut_items(closure: Any) -> bool:
    """Whether the closure expression `closure` (a tree-sitter node) is given `&mut` items."""
    arguments = closure.parent
    if arguments is None or arguments.type != "arguments" or len(arguments.named_children) != 1:
        return False
    found = _method(arguments.parent)
    if found is None or found[0] not in _TAKING:
        return False
    recv = found[1]
    while (inner := _method(recv)) is not None and inner[0] in _KEEPING:
        recv = inner[1]
    inner = _method(recv)
    if inner is None or inner[0] != "iter_mut":
        return False
    args = recv.child_by_field_name("arguments")
    return args is not None and not args.named_children
