"""`let (a, b) = (&mut s.total, &s.items);`: a tuple of names given a tuple literal holding a
`&mut`, lowered as one `let` per name (`let a = &mut s.total; let b = &s.items;`), so `*a /=
n` writes through `a` as a `&mut` of its own `let` does (num_refs.py). It is the same program:
the elements are evaluated in order, each lowered before the names are declared (so `let (a,
b) = (&mut b, ..)` still reads the old `b`), and each borrow is as long."""

from __future__ import annotations

from typing import Any


def split(low: Any, pattern: Any, init: Any, type_node: Any, value: Any) -> list | None:
    """(name pattern, element, element's node) for each name of `pattern`, or None when the
    `let` is not such a tuple (a type written, a nested pattern, no `&mut` element)."""
    from pbpit.rust.interp.nodes import TupleLit

    if pattern.type != "tuple_pattern" or type_node is not None or value is None:
        return None
    if not isinstance(init, TupleLit) or init.borrowed or value.type != "tuple_expression":
        return None
    names = low.kids(pattern)
    nodes = low.kids(value)
    if not (len(names) == len(init.elems) == len(nodes)):
        return None
    for name in names:
        inner = low.kids(name)[-1] if name.type == "mut_pattern" else name
        if inner.type != "identifier":
            return None
    if not any(e.mut_borrow for e in init.elems):
        return None
    return list(zip(names, init.elems, nodes, strict=True))
