"""The parameter of a closure given the items of `v.iter_mut()` (`gs.iter_mut().map(|g| ..)`):
each item is a `&mut T`, so the closure may change `g`'s fields and call its `&mut self`
methods (`for p in g.params.iter_mut()`, `g.wd = 0.5`), as rustc lets it (they were false
E0596/E0594: an untyped closure parameter is taken as not `mut`).

Found from the syntax, before the body is lowered: the closure is the argument of an adapter
that hands it the items themselves (`map`, `filter_map`, `flat_map`, `find_map`, `map_while`,
`any`, `all`, `position`, `for_each`; not `filter`/`find`/`inspect`, whose parameter is a
`& &mut T`) on a chain that starts at `.iter_mut()` through adapters keeping the items (`rev`,
`skip`, `take`, `step_by`, and `filter`/`skip_while`/`take_while`/`peekable`/`inspect`), or
of the one item `.next()` gives (`Option::map`); a pair's element that is such an item
(`|(i, l)|` of `.iter_mut().enumerate()`, `|(r, k)|` of `.iter_mut().zip(..)`: `mark_pair`).
"""

from __future__ import annotations

from typing import Any

_TAKING = frozenset(
    ("map", "filter_map", "flat_map", "find_map", "map_while", "any", "all", "position")
    + ("for_each",)
)
_KEEPING = frozenset(
    ("rev", "skip", "take", "step_by", "filter", "skip_while", "take_while", "peekable")
    + ("inspect", "by_ref")
)


_PULLED = frozenset(("next", "last", "next_back"))  # an `Option<&mut T>` of one item


def _method(call: Any) -> tuple[str, Any] | None:
    """The method name and receiver of `recv.name(..)`, else None."""
    if call is None or call.type != "call_expression":
        return None
    function = call.child_by_field_name("function")
    if function is None or function.type != "field_expression":
        return None
    field = function.child_by_field_name("field")
    return (field.text.decode(), function.child_by_field_name("value")) if field else None


def _items_source(closure: Any) -> Any | None:
    """The iterator expression whose items the closure is given (the receiver of its adapter,
    through `.next()` and the adapters keeping the items), or None."""
    arguments = closure.parent
    if arguments is None or arguments.type != "arguments" or len(arguments.named_children) != 1:
        return None
    found = _method(arguments.parent)
    if found is None or found[0] not in _TAKING:
        return None
    recv = found[1]
    if (inner := _method(recv)) is not None and inner[0] in _PULLED:  # `.next().map(|g| ..)`
        recv = inner[1]
    return _kept(recv)


def _kept(recv: Any) -> Any:
    while (inner := _method(recv)) is not None and inner[0] in _KEEPING:
        recv = inner[1]
    return recv


def _iter_mut(recv: Any) -> bool:
    inner = _method(recv)
    if inner is None or inner[0] != "iter_mut":
        return False
    args = recv.child_by_field_name("arguments")
    return args is not None and not args.named_children


def takes_mut_items(closure: Any) -> bool:
    """Whether the closure expression `closure` (a tree-sitter node) is given `&mut` items."""
    recv = _items_source(closure)
    return recv is not None and _iter_mut(recv)


def mut_positions(closure: Any) -> frozenset[int]:
    """The elements of the pairs the closure is given that are `&mut` items:
    `v.iter_mut().zip(..)` 0, `a.iter().zip(v.iter_mut())` 1, `v.iter_mut().enumerate()` 1."""
    recv = _items_source(closure)
    found = _method(recv) if recv is not None else None
    if found is None:
        return frozenset()
    if found[0] == "enumerate":
        return frozenset({1}) if _iter_mut(_kept(found[1])) else frozenset()
    if found[0] != "zip":
        return frozenset()
    args = recv.child_by_field_name("arguments")
    other = args.named_children if args is not None else []
    made = {0} if _iter_mut(_kept(found[1])) else set()
    if len(other) == 1 and _iter_mut(_kept(other[0])):
        made.add(1)
    return frozenset(made)


def mark_pair(lowerer: Any, closure: Any, pattern: Any, lets: list) -> None:
    """`|(l, g)|` given `v.iter_mut().zip(..)`'s pairs (`enumerate()`'s, ..): the names of the
    elements that are `&mut` items are `&mut` bindings."""
    if pattern.type != "tuple_pattern":
        return
    positions = mut_positions(closure)
    elems = [c for c in pattern.named_children if c.type not in ("line_comment", "block_comment")]
    names = {lowerer.text(elems[i]) for i in positions if i < len(elems)}
    for made in lets:
        binding = getattr(made, "binding", None)
        if binding is not None and binding.name in names:
            binding.mut_ref = True
