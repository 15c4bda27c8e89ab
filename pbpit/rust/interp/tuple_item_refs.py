"""The names of `for (x, t) in &data` (or `data.iter()`): each a reference.

Iterating `&v` or `v.iter()` yields `&(A, B)` items; a tuple pattern of plain names matches
through the reference (default binding modes), so each name is a `&A`, a `&B`, as `row` of
`for row in &rows` is (`references.ITEMS_BY_REFERENCE`). Marked, `t` zipped as `&t` is
`&&Vec<f32>`, no iterator (rustc's E0277), and `t` given where a value is taken is E0308.
`for (i, x) in v.iter().enumerate()` is not marked here (`i` is a value: `mark_enumerated`).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.nodes import For, Let, Method


def mark(lowerer: Any, loop: For, pattern: Any, lets: list[Let]) -> None:
    """Mark the bindings of `pattern` (a tuple of plain names) that `lets` gives the parts of
    `loop`'s items, when those items are references."""
    from pbpit.rust.interp.references import ITEMS_BY_REFERENCE

    iterable = loop.iterable
    if iterable is None or pattern.type != "tuple_pattern":
        return
    by_iter = isinstance(iterable, Method) and iterable.name == "iter" and not iterable.args
    if not (by_iter or (iterable.borrowed and not iterable.mut_borrow)):
        return
    names = {lowerer.text(part) for part in lowerer.kids(pattern) if part.type == "identifier"}
    for let in lets:
        if let.binding is not None and let.binding.name in names:
            setattr(let.binding, ITEMS_BY_REFERENCE, True)
