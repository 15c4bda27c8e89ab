"""`vs[i].clone()` of a slice, array or `Vec` whose written element type is a value
(`vs: &[Version]`, `let rows: Vec<Row> = ..`): a value, not a reference, so `best` of `let mut
best = vs[0].clone();` given for a parameter written `&T` (`v.cmp(best)`) is rustc's E0308, a
type error rustc reports before the E0382 of `best` moved in a loop. pbpit erases references:
only the type written for the variable (a parameter's, a `let`'s) tells that its elements are
values (`Vec<&Row>`'s are not)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.made_items import MADE_ITEMS
from pbpit.rust.interp.nodes import Index, Local, Method

ELEMENTS_WRITTEN = "elements_written"
"""The attribute of a parameter: its written type (a `let`'s is `binding.written`)."""


def mark_param(binding: Any, written: Any) -> None:
    if binding is not None and written is not None:
        setattr(binding, ELEMENTS_WRITTEN, written)


def cloned_element(e: Any) -> bool:
    """Whether `e` is `v[i].clone()` (an index, not a range) of a variable whose written type's
    elements are values."""
    if not (isinstance(e, Method) and e.name == "clone" and not e.args and not e.borrowed):
        return False
    return indexed_value(e.recv)


def indexed_value(place: Any) -> bool:
    """Whether `place` is `v[i]` (an index, not a range) of a variable whose written type's
    elements are values (`xs: &[i64]`, `let v: Vec<String>`) or whose literal made them."""
    from pbpit.rust.interp.types import Wrap, resolve
    from pbpit.rust.interp.value_slots import plainly_value

    if not isinstance(place, Index) or not isinstance(place.base, Local) or place.borrowed:
        return False
    index = getattr(place.index, "ty", None)
    if index is None or type(resolve(index)) is Wrap:
        return False  # (`v[a..b]`: a slice)
    binding = place.base.binding
    if getattr(binding, MADE_ITEMS, False) and not binding.mutable:  # `vs = vec![V { .. }]`
        return True
    written = getattr(binding, "written", None) or getattr(binding, ELEMENTS_WRITTEN, None)
    element = element_written(written)
    return element is not None and plainly_value(element)


def element_written(written: Any) -> Any:
    """The element type written in `&[X]`, `[X; N]`, `Vec<X>`, `VecDeque<X>`, `&Vec<X>`, `&mut
    Vec<X>` (a tree-sitter type node), None for another type."""
    while written is not None and written.type == "reference_type":
        written = written.child_by_field_name("type")
    if written is None:
        return None
    if written.type == "array_type":
        return written.child_by_field_name("element")
    if written.type != "generic_type":
        return None
    base = written.child_by_field_name("type")
    args = written.child_by_field_name("type_arguments")
    if base is None or base.text not in (b"Vec", b"VecDeque") or args is None:
        return None
    inner = [c for c in args.named_children if c.type not in ("line_comment", "block_comment")]
    return inner[0] if len(inner) == 1 else None
