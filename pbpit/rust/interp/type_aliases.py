"""`type Pair = (i32, f64);`: a type alias of a type the interpreter has (a tuple, a number,
an array, a `Vec`, an `Option`, `String`, a struct of the file), at the top level or in a
function body, read as that type. Other aliases name a backend (`type B = Autodiff<NdArray>;`,
`lower.py`'s `aliases`) and stay types only Burn's calls take."""

from __future__ import annotations

from typing import Any

_PLAIN = ("tuple_type", "primitive_type", "array_type", "unit_type")
_WRAPPERS = ("Vec", "Option", "String")


def plain_target(lowerer: Any, name: str) -> Any | None:
    """The written type the alias `name` stands for, when it is a plain (non-backend) type of
    the file's one `type name = ..;` item; else None."""
    if lowerer.delta:  # inside a macro's arguments: the alias's tree is the file's
        return None
    found = []
    stack = [lowerer.src.root]
    while stack:
        node = stack.pop()
        if node.type == "type_item":
            alias = node.child_by_field_name("name")
            if alias is not None and lowerer.text(alias) == name:
                found.append(node.child_by_field_name("type"))
            continue
        stack.extend(node.named_children)
    if len(found) != 1 or found[0] is None:
        return None
    target = found[0]
    if target.type in _PLAIN:
        return target
    base = target.child_by_field_name("type") if target.type == "generic_type" else target
    if base is not None and base.type == "type_identifier":
        written = lowerer.text(base)
        if written in _WRAPPERS or lowerer.named_struct(written) is not None:
            return target
    return None
