"""`use m::Score;` of `mod m { pub type Score = f32; }`: a type alias a module declares, named by
a `use` (was a false E0432, "unresolved import": aliases are not among inline_mods' items,
which would refuse one name in two modules, `type B = ..;` in each). The file's aliases are
one table already (type_aliases.py); the `use` only needs to resolve."""

from __future__ import annotations

from typing import Any

ALIASES = "alias_modules"
"""The lowerer's attribute: an alias's name -> each module declaring one -> whether `pub`."""


def record(low: Any, node: Any, module: tuple[str, ...]) -> None:
    """Note `node` (an item of `module`) when it is `type Name = ..;`."""
    if node.type != "type_item":
        return
    name = node.child_by_field_name("name")
    if name is None:
        return
    table = getattr(low, ALIASES, None)
    if table is None:
        table = {}
        setattr(low, ALIASES, table)
    public = any(c.type == "visibility_modifier" for c in node.children)
    table.setdefault(low.text(name), {})[module] = public


def public(low: Any, name: str, module: tuple[str, ...]) -> bool | None:
    """Whether the type alias `name` that `module` declares is `pub`; None when it declares
    none."""
    return getattr(low, ALIASES, {}).get(name, {}).get(module)
