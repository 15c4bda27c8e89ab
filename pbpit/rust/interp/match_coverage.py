"""rustc's E0004 where a `match` certainly misses a value: its scrutinee is an enum of the file
and one of its variants is named by no arm, while no arm is a catch-all (`_`, a name). No
arm can then match that variant, whatever the guards and the fields, so rustc rejects the
`match` (`check_tables.covers` decides the matches pbpit shows complete; any other is
refused as one pbpit cannot show covers every value)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import StructT, resolve


def missing_variant(pats: list, ty: Any) -> str | None:
    """The name of a variant of the enum `ty` that none of `pats` (every arm's pattern,
    guarded or not) can match, or None when there is none or pbpit cannot tell."""
    ty = resolve(ty)
    if type(ty) is not StructT or ty.item.kind != "enum":
        return None
    flat = [q for p in pats for q in (p.subs if p.kind == "or" else [p])]
    if any(p.kind != "variant" or p.item is None for p in flat):
        return None  # a catch-all, a binding `x @ ..`, a pattern pbpit cannot place
    named = {p.item.variant for p in flat}
    missing = [v for v in ty.item.variants if v.variant not in named]
    return missing[0].name.split("::")[-1] if missing else None


def refuse(checker: Any, e: Any, ty: Any) -> None:
    """rustc's E0004 for the `match` `e` over `ty` when it certainly misses a variant."""
    missing = missing_variant([arm.pat for arm in e.arms], ty)
    if missing is not None:
        what = f"non-exhaustive patterns: `{missing}` not covered"
        raise checker.fail(e.value.pos, rejects(what, "E0004"))
