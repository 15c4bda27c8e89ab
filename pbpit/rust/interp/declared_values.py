"""Struct and enum types the file declares: values, never references.

`value_slots.plainly_value` judges a written type from the syntax alone (pbpit erases
references, so only the written types tell `Vec<Checkpoint>` from `Vec<&Checkpoint>`). A name
the file declares with `struct` or `enum` is a value type just as `String` is: `&cp` pushed
onto a `Vec<Checkpoint>`, or `other.status` (a field written `status: Status`) given where
`&Status` is taken, is rustc's E0308. A name that may stand for a reference is not judged: one
the file also declares as a `type` alias or uses as a generic parameter anywhere.
"""

from __future__ import annotations

from typing import Any

_DECLARING = ("struct_item", "enum_item", "union_item")

_CACHE: dict[bytes, frozenset[str]] = {}


def declares_value(ty: Any) -> bool:
    """Whether `ty` (a `type_identifier` node) names a struct or enum of its file that no
    alias or type parameter of the file shares the name of."""
    if ty is None or ty.type != "type_identifier":
        return False
    root = ty
    while root.parent is not None:
        root = root.parent
    return ty.text.decode() in _value_names(root)


def _value_names(root: Any) -> frozenset[str]:
    text = root.text
    names = _CACHE.get(text)
    if names is None:
        declared: set[str] = set()
        hidden: set[str] = set()
        stack = [root]
        while stack:
            node = stack.pop()
            if node.type in _DECLARING:
                name = node.child_by_field_name("name")
                if name is not None:
                    declared.add(name.text.decode())
            elif node.type == "type_item":
                name = node.child_by_field_name("name")
                if name is not None:
                    hidden.add(name.text.decode())
            elif node.type == "type_parameters":
                for param in node.named_children:
                    first = param if param.type == "type_identifier" else None
                    if first is None and param.named_children:
                        first = param.named_children[0]
                    if first is not None and first.type == "type_identifier":
                        hidden.add(first.text.decode())
            stack.extend(node.named_children)
        names = frozenset(declared - hidden)
        if len(_CACHE) > 64:
            _CACHE.clear()
        _CACHE[text] = names
    return names
