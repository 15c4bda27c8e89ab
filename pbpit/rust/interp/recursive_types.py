"""A struct or enum holding itself by value (`enum List { Nil, Cons(i32, List) }`, a field
`next: Option<Node>`): rustc's E0072, "recursive type `List` has infinite size" (it asks for a
`Box`, a `Vec` or a reference in between). pbpit erases `Box<T>` to `T`, so the written field
types are read: a type is held by value through a tuple, an array or an `Option`, and not
through `Box`, `Vec`, `Rc`, a reference or any other generic type of std."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pbpit.rust.interp.grammar import rejects

_BY_VALUE = frozenset(("Option",))
"""Generic std types holding their argument by value (no pointer in between)."""


def _held(lowerer: Any, node: Any) -> Iterator[str]:
    """The names of the types the written type `node` holds by value."""
    kind = node.type
    if kind == "type_identifier":
        yield lowerer.text(node)
    elif kind == "generic_type":
        base = node.child_by_field_name("type")
        name = lowerer.text(base) if base is not None else ""
        if name in _BY_VALUE:
            args = node.child_by_field_name("type_arguments")
            for arg in args.named_children if args is not None else []:
                yield from _held(lowerer, arg)
    elif kind == "tuple_type":
        for part in node.named_children:
            yield from _held(lowerer, part)
    elif kind == "array_type":
        element = node.child_by_field_name("element")
        if element is not None:
            yield from _held(lowerer, element)


def _field_types(node: Any) -> Iterator[Any]:
    """The written types of the fields of a struct or of each variant of an enum."""
    for child in node.named_children:
        if child.type == "field_declaration":
            found = child.child_by_field_name("type")
            if found is not None:
                yield found
        elif child.type == "ordered_field_declaration_list":
            yield from child.named_children  # (`_held` reads only types)
        elif child.type in ("field_declaration_list", "enum_variant_list", "enum_variant"):
            yield from _field_types(child)


def refuse_infinite(lowerer: Any) -> None:
    """rustc's E0072 for the first of the file's structs and enums that holds itself."""
    items = {
        name: item
        for name, item in lowerer.structs.items()
        if getattr(item, "node", None) is not None
        and item.node.type in ("struct_item", "enum_item")
        and item.enum is None
    }
    edges = {
        name: {
            held for ty in _field_types(item.node) for held in _held(lowerer, ty) if held in items
        }
        for name, item in items.items()
    }
    for name, item in sorted(items.items(), key=lambda kv: kv[1].pos):
        seen, todo = set(), list(edges[name])
        while todo:
            found = todo.pop()
            if found == name:
                what = f"recursive type `{name}` has infinite size"
                err = lowerer.fail(item.node, rejects(what, "E0072"))
                err.label = "recursive type has infinite size"
                raise err
            if found not in seen:
                seen.add(found)
                todo.extend(edges[found])
