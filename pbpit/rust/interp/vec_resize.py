"""`v.resize(n, value)` of a `let mut` `Vec` (`builtins.Builtin`, spread into
`std_methods.VEC`): cut to `n` elements, or grown to `n` with clones of `value` (a batch's rows
padded to its longest, a buffer zeroed to a new width). Typed as `insert` is (`usize`, then a
`T` by value: `resize(n, &x)` of a `Vec<f32>` is rustc's E0308)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code
from pbpit.rust.interp.growth import check_allocation
from pbpit.rust.interp.types import UNIT


def _resize(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import clone_value  # (runtime imports the nodes)

    length, value = args
    where = comp.where(e.pos)

    def resize(frame: list) -> Any:
        items, n, fill = recv(frame), length(frame), value(frame)
        if n <= len(items):
            del items[n:]
        else:
            check_allocation(n, where, "a `Vec` resized")
            items.extend(clone_value(fill) for _ in range(n - len(items)))
        return UNIT

    return resize


def _resize_type(ck: Any, e: Any, recv: Any) -> Any:
    from pbpit.rust.interp.std_more import _insert_type  # (std_more imports the rows)

    made = _insert_type(ck, e, recv)  # `resize(n, &x)` of a `Vec<f32>` written so: E0308
    if e.args[1].borrowed:  # (a `Vec<&T>` pbpit cannot tell from a `Vec<T>`)
        raise ck.fail(e.args[1].pos, "`resize` with a borrowed value")
    return made


VEC_RESIZE = (
    Builtin("Vec", "resize", ("usize", "inner"), "()", _resize, _resize_type, mutates=True),
)
