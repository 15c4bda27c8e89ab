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
    from pbpit.rust.interp.check_tables import unbound  # (check_tables imports the nodes)

    flat = [unbound(q) for p in pats for q in (p.subs if p.kind == "or" else [p])]
    if any(p.kind != "variant" or p.item is None for p in flat):
        return None  # a catch-all, a pattern pbpit cannot place
    named = {p.item.variant for p in flat}
    missing = [v for v in ty.item.variants if v.variant not in named]
    return missing[0].name.split("::")[-1] if missing else None


def refuse(checker: Any, e: Any, ty: Any) -> None:
    """rustc's E0004 for the `match` `e` over `ty` when it certainly misses a variant."""
    refuse_tuple(checker, e, ty)  # `(true, true) =>` .. without `(false, false)`
    # (rustc counts no guarded arm: `S::Run(n) if n > 2 =>` alone leaves `Run` uncovered)
    missing = missing_variant([arm.pat for arm in e.arms if arm.guard is None], ty)
    if missing is not None:
        what = f"non-exhaustive patterns: `{missing}` not covered"
        raise checker.fail(e.value.pos, rejects(what, "E0004"))


# -- tuples: `match (a > 0.5, label) { (true, true) => .., (true, false) => .., .. }` -----------


def refuse_tuple(checker: Any, e: Any, ty: Any) -> None:
    """rustc's E0004 for the `match` `e` over the tuple type `ty` when a value of it certainly
    matches no arm: every column the search split was one of the types split above (a column
    of numbers with a literal pattern may be covered by ranges pbpit does not count)."""
    from pbpit.rust.interp.types import TupleT

    if type(resolve(ty)) is not TupleT:
        return
    pats = [arm.pat for arm in e.arms if arm.guard is None]
    missing = _missing([[p] for p in pats], [ty])
    if missing is not None and missing != _UNKNOWN:
        what = f"non-exhaustive patterns: `{missing[0]}` not covered"
        raise checker.fail(e.value.pos, rejects(what, "E0004"))


_UNKNOWN = "unknown"


def _missing(rows: list[list], types: list) -> list[str] | None:
    """A list of values (as rustc writes them) that no row matches, certainly; None when the
    rows cover every value; `_UNKNOWN` when pbpit cannot tell (a column it does not split
    holding a refutable pattern: a number's literal, which ranges may complete)."""
    from pbpit.rust.interp.nodes import Pat

    if not types:
        return None if rows else []
    expanded = [[alt, *row[1:]] for row in rows for alt in _alternatives(row[0])]
    ctors = _constructors(types[0]) if types[0] is not None else None
    if ctors is None:
        rest = _missing([row[1:] for row in expanded if _wild(row[0])], types[1:])
        if rest is None or rest == _UNKNOWN:
            return rest
        return _UNKNOWN if any(not _wild(row[0]) for row in expanded) else ["_", *rest]
    unknown = False
    for key, fields in ctors:
        split = []
        for row in expanded:
            first = row[0]
            if _wild(first):
                split.append([Pat(first.pos, "wild") for _ in fields] + row[1:])
            elif _key(first) == key:
                if len(first.subs) != len(fields):
                    return _UNKNOWN  # (a shape pbpit cannot read)
                split.append(list(first.subs) + row[1:])
        found = _missing(split, fields + types[1:])
        if found == _UNKNOWN:
            unknown = True
        elif found is not None:
            parts, rest = found[: len(fields)], found[len(fields) :]
            return [_written(key, parts, types[0]), *rest]
    return _UNKNOWN if unknown else None


def _written(key: tuple, parts: list[str], ty: Any) -> str:
    """A value of constructor `key` with its fields `parts`, as rustc's E0004 writes it."""
    if key[0] == "lit" and isinstance(key[1], bool):
        return "true" if key[1] else "false"
    if key[0] == "lit":
        return {-1: "Less", 0: "Equal", 1: "Greater"}[key[1]]
    if key[0] == "tuple":
        return f"({', '.join(parts)})"
    if key[0] == "none":
        return "None"
    names = {"some": "Some", "ok": "Ok", "err": "Err"}
    if key[0] in names:
        return f"{names[key[0]]}({parts[0]})"
    variant = next(v for v in resolve(ty).item.variants if v.variant == key[1])
    name = f"{variant.enum.name}::{variant.name}"
    if variant.kind == "tuple":
        return f"{name}({', '.join(parts)})"
    return f"{name} {{ .. }}" if variant.kind == "named" else name


def tuple_covers(pats: list, ty: Any) -> bool:
    """Whether the patterns (no catch-all among them) together match every value of the tuple
    type `ty`, each column split by the values its type has (`true`/`false`, `Some`/`None`,
    `Ok`/`Err`, an enum's variants, `Ordering`'s three), as rustc's exhaustiveness check
    splits a pattern matrix. A column of another type (a number, a `String`) is covered only
    by catch-alls there: pbpit does not count ranges of integers, so such a `match` is still
    refused (never run), as before."""
    return _missing([[p] for p in pats], [ty]) is None


def _alternatives(p: Any) -> list:
    """`p` as the patterns it is one of: an `a | b`'s alternatives, `x @ q`'s `q`."""
    if p.kind == "or":
        return [q for sub in p.subs for q in _alternatives(sub)]
    if p.kind == "bind" and p.subs:
        return _alternatives(p.subs[0])
    return [p]


def _wild(p: Any) -> bool:
    return p.kind == "wild" or (p.kind == "bind" and not p.subs)


def _constructors(ty: Any) -> list[tuple[Any, list]] | None:
    """The values a column of type `ty` splits into, each (its key, the types of its fields),
    or None for a type pbpit does not split (only catch-alls cover it)."""
    from pbpit.rust.interp.types import BOOL, TupleT, Wrap

    ty = resolve(ty)
    if ty is BOOL:
        return [(("lit", True), []), (("lit", False), [])]
    if type(ty) is TupleT:
        return [(("tuple", len(ty.elems)), list(ty.elems))]
    if type(ty) is Wrap and ty.kind == "Option":
        return [(("some",), [ty.inner]), (("none",), [])]
    if type(ty) is Wrap and ty.kind in ("Result", "DynResult"):
        return [(("ok",), [ty.inner]), (("err",), [ty.err])]
    if type(ty) is StructT and ty.item.kind == "enum":
        # a variant's fields are covered by catch-alls only (their types are not split)
        return [(("variant", v.variant), [None] * len(v.fields)) for v in ty.item.variants]
    if getattr(ty, "name", None) == "Ordering":
        return [(("lit", value), []) for value in (-1, 0, 1)]
    return None


def _key(p: Any) -> tuple | None:
    """The constructor `p` matches (as `_constructors` names it), or None (a constant, a
    range: refutable values pbpit does not count)."""
    from pbpit.rust.interp.nodes import Lit

    if p.kind == "lit":
        return ("lit", p.value.value) if isinstance(p.value, Lit) else None
    if p.kind == "tuple":
        return ("tuple", len(p.subs))
    if p.kind in ("some", "none", "ok", "err"):
        return (p.kind,)
    if p.kind == "variant" and p.item is not None and p.item.enum is not None:
        return ("variant", p.item.variant)
    return None
