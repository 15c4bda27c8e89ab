"""`use E::*;` and `use E::{Var, Lit};` of the file's own enum (`use self::E::*`,
`use crate::m::E::Var`): the variants named bare after it, `Var`, `Lit(c)`, in expressions
and patterns, as rustc resolves them (was E0425 and "unsupported pattern"). A module sees the
variants its own `use` brings (a function body's `use` is read with its module's, as
inline_mods reads every `use`); `Lowerer.named_struct` gives the variant for its bare name."""

from __future__ import annotations

from typing import Any

ENUM_USES = "enum_uses"
"""The lowerer's attribute: module -> [(enum name, variant name or "*")]."""


def record(low: Any, full: list[str], module: tuple[str, ...]) -> bool:
    """Whether the `use` path `full` (its leaf a variant or `*`) names variants of one of the
    file's enums: recorded for `module`."""
    if len(full) < 2:
        return False
    enum = full[-2]
    home = low.homes.get(enum)
    if home is None or home[2] != "enum":
        return False
    if len(full) > 2:
        target = low.module_prefix(full[:-2], module)
        if target is None or target != home[0]:
            return False
    elif home[0] != module:
        from pbpit.rust.interp.inline_mods import outside_blocks

        if outside_blocks(module) != home[0] and enum not in low.imports.get(module, ()):
            return False
    uses = getattr(low, ENUM_USES, None)
    if uses is None:
        uses = {}
        setattr(low, ENUM_USES, uses)
    uses.setdefault(module, []).append((enum, full[-1]))
    return True


def variant(low: Any, name: str) -> Any:
    """The variant the bare `name` names by such a `use` in the module being read, or None."""
    uses = getattr(low, ENUM_USES, None)
    if not uses:
        return None
    from pbpit.rust.interp.inline_mods import outside_blocks

    for enum, leaf in uses.get(outside_blocks(low.module), ()):
        if leaf not in ("*", name):
            continue
        item = low.structs.get(enum)
        for case in item.variants if item is not None and item.kind == "enum" else ():
            if case.name == name:
                return case
    return None
