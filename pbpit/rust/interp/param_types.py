"""The type written for a parameter, read where a place's written type decides rustc's verdict.

A variable's written type (`let q: VecDeque<f32>`) is kept on its binding as `written` by the
lowering; a parameter's is marked here as its function is checked (`mark`). Only the type
behind a `&mut` is handed out (`behind_mut`): the collection a `&mut VecDeque<f32>` parameter
reaches holds values, so `window.push_back(&x)` is rustc's E0308 as for a local `VecDeque<f32>`
(`collection_slots`, `value_slots.vec_of_values`).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.nodes import FnItem, Node

PARAM_WRITTEN = "param_written"
"""The attribute of a parameter's binding: its written type (a tree-sitter node)."""


def mark(fn: FnItem) -> None:
    """Mark each parameter of `fn` bound by a name with its written type."""
    node = getattr(fn, "node", None)
    params = node.child_by_field_name("parameters") if node is not None else None
    if params is None:
        return
    written = [
        p.child_by_field_name("type")
        for p in params.named_children
        if p.type in ("parameter", "self_parameter")
    ]
    if len(written) != len(fn.params):
        return
    for binding, ty in zip(fn.params, written, strict=True):
        if binding is not None and ty is not None:
            setattr(binding, PARAM_WRITTEN, ty)


def behind_mut(binding: Any) -> Node | None:
    """The type behind a parameter written `&mut T` (`T`), else None."""
    ty = getattr(binding, PARAM_WRITTEN, None)
    if ty is None or ty.type != "reference_type":
        return None
    if not any(c.type == "mutable_specifier" for c in ty.children):
        return None
    return ty.child_by_field_name("type")
