"""A std function named as the comparator of `max_by`/`min_by` (`max_by(f32::total_cmp)`) where
the iterator's items are references.

`f32::total_cmp` is `fn(&f32, &f32) -> Ordering`; `max_by(compare)` hands `compare` a `&Item`
of each side. Over `v.iter().copied()` the items are `f32`, so the comparator is given `&f32`:
it fits. Over `v.iter()` the items are `&f32` and it is given `&&f32`: rustc rejects the
function (error[E0631], "type mismatch in function arguments"), and asks for a closure
(`|a, b| a.total_cmp(b)`, auto-deref doing the rest). pbpit erases references, so the types
alone cannot tell the two apart; the chain can: items are references from `.iter()` on, through
the adapters that hand their items on unchanged, until `copied()`, `cloned()` or a `map`.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects

_KEEP_ITEMS = frozenset(
    (
        "filter", "skip", "take", "rev", "step_by", "skip_while", "take_while", "peekable",
        "chain", "cycle", "fuse", "inspect", "by_ref",
    )
)  # fmt: skip
"""Adapters whose items are their receiver's items, unchanged."""


def items_are_references(recv: Any) -> bool:
    """Whether the iterator chain `recv` certainly yields references: `.iter()` of a
    collection, then only adapters of `_KEEP_ITEMS`."""
    from pbpit.rust.interp.nodes import Method

    while isinstance(recv, Method) and recv.name in _KEEP_ITEMS:
        recv = recv.recv
    return isinstance(recv, Method) and recv.name == "iter" and not recv.args


def refuse_reference_items(ck: Any, e: Any) -> None:
    """`it.max_by(f32::total_cmp)` (or `min_by`) of an `it` yielding `&f32`: rustc's E0631."""
    from pbpit.rust.interp.traits import FloatFn

    if len(e.args) != 1:
        return
    arg = e.args[0]
    if not isinstance(arg, FloatFn) or arg.name != "total_cmp":
        return
    if not items_are_references(e.recv):
        return
    err = ck.fail(arg.pos, rejects("type mismatch in function arguments", "E0631"))
    err.label = "expected due to this"
    raise err
