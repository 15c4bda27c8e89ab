"""The names of `let (loss, g) = loss_and_grad(&p);`: values where the function's written
result says so (`-> (f64, Vec<f64>)`).

A tuple `let` is lowered as a hidden binding given the whole value, then one `let` per name of
its field (`lower_pats.destructure`). pbpit erases references, so `g` given where a parameter
takes `&[f64]` (`opt.step(&mut p, g)`) would run; rustc's E0308 needs `g` known as a value.
The hidden binding keeps the call it was given (`DESTRUCTURED`); `owned` asks `part_is_value`:
the callee's written result a tuple whose element is a value type all through
(`match_values.values_only`: no reference, alias or type parameter).
"""

from __future__ import annotations

from typing import Any

DESTRUCTURED = "destructured_from"
"""The attribute of a tuple `let`'s hidden binding: the expression it was given."""


def part_is_value(base: Any, index: int) -> bool:
    """Whether element `index` of the hidden binding `base` (a `Local`) is certainly a value."""
    from pbpit.rust.interp.match_values import values_only
    from pbpit.rust.interp.nodes import Call, FnItem

    init = getattr(base.binding, DESTRUCTURED, None)
    if base.borrowed or not isinstance(init, Call) or init.borrowed:
        return False
    if not isinstance(init.callee, FnItem) or init.callee.node is None:
        return False
    ret = init.callee.node.child_by_field_name("return_type")
    if ret is None or ret.type != "tuple_type":
        return False
    elems = [c for c in ret.named_children if c.type not in ("line_comment", "block_comment")]
    return index < len(elems) and values_only(elems[index])
