"""A struct's private fields, read or written outside the module that defines the struct
(`s.secret` of `mod model { pub struct S { secret: f32 } }` in `main`): rustc's E0616 ("field
`secret` of struct `S` is private"). A field without `pub` is seen in its struct's module and
the modules inside it (as rustc's privacy: the module, not a function body, is the boundary);
an enum's variants have no private fields. A method of an inherent `impl` without `pub` is
likewise private to the module of its `impl` (E0624)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects

SEEN_FROM = "_seen_from"
"""The attribute of a `Field` read in a file with inline modules: the module it is written in."""


def mark(lowerer: Any, e: Any) -> Any:
    """`e`, a `Field` being lowered, with the module it is written in (when the file has
    modules: a file without has no private field to reach)."""
    if len(lowerer.modules) > 1:
        from pbpit.rust.interp.inline_mods import outside_blocks

        setattr(e, SEEN_FROM, outside_blocks(lowerer.module))
    return e


def _text(node: Any) -> str:
    return node.text.decode() if node is not None and node.text is not None else ""


def _module_of(node: Any) -> tuple[str, ...]:
    names: list[str] = []
    current = node.parent
    while current is not None:
        if current.type == "mod_item":
            names.append(_text(current.child_by_field_name("name")))
        current = current.parent
    return tuple(reversed(names))


def _is_public(item: Any, index: int) -> bool:
    body = item.node.child_by_field_name("body") if item.node is not None else None
    if body is None:
        return True
    if body.type == "field_declaration_list":
        fields = [c for c in body.named_children if c.type == "field_declaration"]
        if index >= len(fields):
            return True
        return any(c.type == "visibility_modifier" for c in fields[index].children)
    if body.type == "ordered_field_declaration_list":  # `struct W(pub f32, f32);`
        public, k = False, 0
        for child in body.named_children:
            if child.type == "visibility_modifier":
                public = True
            elif child.type not in ("attribute_item", "line_comment", "block_comment"):
                if k == index:
                    return public
                public, k = False, k + 1
    return True


def refuse_private(checker: Any, e: Any, item: Any, index: int) -> None:
    """rustc's E0616 for `e` (`base.name`, field `index` of the struct `item`) written outside
    the struct's module when the field is not `pub`."""
    seen_from = getattr(e, SEEN_FROM, None)
    if seen_from is None or item.kind == "enum" or item.enum is not None:
        return
    if item.node is None:  # Burn's own structs (`Linear`): their fields pbpit reads are `pub`
        return
    home = _module_of(item.node)
    if seen_from[: len(home)] == home or _is_public(item, index):
        return
    what = f"field `{e.name}` of struct `{item.name}` is private"
    raise checker.fail(e.pos, rejects(what, "E0616"))


def refuse_private_method(checker: Any, e: Any, fn: Any) -> None:
    """rustc's E0624 for `e` (`s.name(..)`) calling a method of an inherent `impl` that is not
    `pub`, written outside the module of that `impl` (a trait's methods are the trait's)."""
    seen_from = getattr(e, SEEN_FROM, None)
    node = fn.node
    if seen_from is None or node is None or node.type != "function_item":
        return
    if any(c.type == "visibility_modifier" for c in node.children):
        return
    impl = node.parent.parent if node.parent is not None else None
    if impl is None or impl.type != "impl_item" or impl.child_by_field_name("trait") is not None:
        return
    home = _module_of(node)
    if seen_from[: len(home)] == home:
        return
    raise checker.fail(e.pos, rejects(f"method `{e.name}` is private", "E0624"))


def refuse_private_literal(lowerer: Any, node: Any, item: Any, name: str) -> None:
    """rustc's E0451 at `node`, the field `name` written in a literal of the struct `item`
    (`net::L { w: 1.0, b: 0.0 }` in `main`) outside the struct's module when the field is not
    `pub`."""
    if len(lowerer.modules) <= 1 or item.kind == "enum" or item.enum is not None:
        return
    index = item.field_index(name)
    if item.node is None or index is None:
        return
    from pbpit.rust.interp.inline_mods import outside_blocks

    home = _module_of(item.node)
    if outside_blocks(lowerer.module)[: len(home)] == home or _is_public(item, index):
        return
    what = f"field `{name}` of struct `{item.name}` is private"
    raise lowerer.fail(node, rejects(what, "E0451"))
