"""A `Vec` (or an array) made here of values: `let data = vec![(vec![1.0, 0.0], vec![2.0]), ..];`.

Its items are values, so `for (x, t) in data` (by value) binds values: `x` given where a
parameter takes `&[f32]` (`layer.forward(x)`) is rustc's E0308, a type error it reports before
the E0382 of `data` read again after the loop. pbpit erases references, so only an item the
literal itself makes is known to be a value: a tuple of number (`-1.0` too), `bool` and `char`
literals, `vec![..]`s and arrays of them, structs built in place, `format!(..)`s. The `let`
marks its binding (`MADE_ITEMS`); `references.items_are_values` asks.
"""

from __future__ import annotations

from typing import Any

MADE_ITEMS = "made_items"
"""The attribute of a variable given a `vec![..]` whose every item is made in place."""


def mark(binding: Any, init: Any) -> None:
    from pbpit.rust.interp.nodes import ArrayLit

    if binding is None or not isinstance(init, ArrayLit) or init.borrowed or not init.elems:
        return
    if all(_made(item) for item in init.elems):  # (`vec![..]` or an array `[..]`)
        setattr(binding, MADE_ITEMS, True)


def _made(e: Any) -> bool:
    from pbpit.rust.interp.nodes import (
        ArrayLit,
        ArrayRepeat,
        Format,
        Lit,
        Static,
        StructLit,
        TupleLit,
        Unary,
    )

    if e.borrowed:
        return False
    if isinstance(e, Lit):
        return e.kind in ("int", "float", "bool", "char")
    if isinstance(e, TupleLit | ArrayLit):
        return all(_made(part) for part in e.elems)
    if isinstance(e, Unary) and e.op == "-":  # `-1.0`
        return _made(e.operand)
    if isinstance(e, ArrayRepeat):
        return _made(e.elem)
    if isinstance(e, Static):  # `String::from("a")`, `String::new()`
        return e.name in ("String::from", "String::new")
    return isinstance(e, StructLit | Format)


def items_made(iterable: Any) -> bool:
    """Whether `iterable` (the `v` of `for x in v`) is such a variable, taken by value."""
    from pbpit.rust.interp.nodes import Local

    return (
        isinstance(iterable, Local)
        and not iterable.borrowed
        and getattr(iterable.binding, MADE_ITEMS, False)
        and not iterable.binding.mut_ref
    )
