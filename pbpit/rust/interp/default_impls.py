"""`impl Default for Name { fn default() -> Self { .. } }`: std's `Default` implemented by the
program for its own struct or enum. Its `default` is the type's associated function, as an
inherent one is (`Name::default()`, `Default::default()` where the type is `Name`, a derived
`Default` of a struct holding one, a bound `T: Default`); std's rules on it are rustc's: no
other member (E0407), `default` itself required (E0046), not both derived and written (E0119)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects

_PATHS = ("Default", "std::default::Default", "core::default::Default")


def is_default_impl(lowerer: Any, node: Any, item: Any, trait_node: Any) -> bool:
    """Whether the `impl` `node` of `item` is of std's `Default` (its members then lowered as
    an inherent impl's); rustc's errors for a wrong one. `Default` marks the type as having it."""
    if lowerer.text(trait_node) not in _PATHS or lowerer.named_struct("Default") is not None:
        return False
    name = item.name
    if "Default" in item.derives:
        what = f"conflicting implementations of trait `Default` for type `{name}`"
        raise lowerer.fail(node, rejects(what, "E0119"))
    members = [m for m in lowerer.kids(node.child_by_field_name("body"))]
    names = []
    for member in members:
        if member.type == "function_item":
            found = lowerer.text(member.child_by_field_name("name"))
            if found != "default":
                what = f"method `{found}` is not a member of trait `Default`"
                raise lowerer.fail(member, rejects(what, "E0407"))
            names.append(found)
    if "default" not in names:
        what = "not all trait items implemented, missing: `default`"
        raise lowerer.fail(node, rejects(what, "E0046"))
    item.derives = item.derives | {"Default"}  # (what `Default` bounds and derives ask)
    return True
