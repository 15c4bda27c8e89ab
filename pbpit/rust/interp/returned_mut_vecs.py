"""An element assigned through a method of the file returning `&mut Vec<T>` (`e.row(1)[0] +=
1.5` of `fn row(&mut self, i: usize) -> &mut Vec<f32> { &mut self.t[i] }`): the `Vec` the
method hands out is the one object the interpreter shares with its owner, so the element is
changed in place, as through Rust's `&mut`. The method's own `&mut self` makes its receiver
checked mutable (rustc's E0596). Taken only where every method of the file so named is written
to return `&mut Vec<..>` (or `&mut VecDeque<..>`): another result (a `&Vec`, a `&mut [T; N]`
held by value) stays refused."""

from __future__ import annotations

from typing import Any

_KINDS = ("Vec", "VecDeque")


def lends_vec(lowerer: Any, root: Any) -> bool:
    """Whether `root` (the base an element assignment reaches) is a call of such a method."""
    from pbpit.rust.interp.nodes import Method

    if not isinstance(root, Method):
        return False
    found = [
        item.methods[root.name]
        for item in lowerer.structs.values()
        if root.name in getattr(item, "methods", {})
    ]
    return bool(found) and all(_returns_mut_vec(lowerer, fn) for fn in found)


def _returns_mut_vec(lowerer: Any, fn: Any) -> bool:
    node = getattr(fn, "node", None)
    written = node.child_by_field_name("return_type") if node is not None else None
    if written is None or written.type != "reference_type":
        return False
    if not any(c.type == "mutable_specifier" for c in written.children):
        return False
    target = written.child_by_field_name("type")
    if target is None or target.type != "generic_type":
        return False
    return lowerer.text(target.child_by_field_name("type")) in _KINDS
