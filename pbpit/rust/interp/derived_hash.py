"""`#[derive(Hash, PartialEq, Eq)]` of a struct (or an enum) with fields, its values a
`HashMap`'s or `HashSet`'s key (`struct Pos(i32, i32);` of a grid, `Edge { from, to }`): equal
and hashed by their fields, as the derived `PartialEq` and `Hash` compare them (the variant
first, then each field in order); fieldless enums are `enum_keys.py`'s.

Taken when every field is a type whose `Hash` pbpit computes as a key: an integer, `bool`,
`char`, `String`, `&str`, a fieldless enum or another such struct, or a tuple of them; a float
field is rustc's E0277 (`f64: Hash` not satisfied, at the derive); another field stays refused.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import (
    BOOL,
    CHAR,
    STR,
    STRING,
    StructT,
    TupleT,
    is_float,
    is_int,
    resolve,
    show,
)

NEEDED = frozenset(("Hash", "PartialEq", "Eq"))


def _field_types(item: Any) -> list[Any]:
    if item.kind == "enum":
        return [ty for v in item.variants for _, ty in v.fields]
    return [ty for _, ty in item.fields]


def _hashable(ty: Any, seen: frozenset[int] = frozenset()) -> bool:
    ty = resolve(ty)
    if is_int(ty) or ty in (BOOL, CHAR, STR, STRING):
        return True
    if type(ty) is TupleT:
        return all(_hashable(part, seen) for part in ty.elems)
    if type(ty) is StructT and id(ty.item) not in seen:
        item = ty.item
        return "Hash" in item.derives and all(
            _hashable(part, seen | {id(item)}) for part in _field_types(item)
        )
    return False


def _float_field(item: Any) -> Any | None:
    for ty in _field_types(item):
        found = resolve(ty)
        if is_float(found):
            return found
    return None


def taken(lowerer: Any, item: Any, derive: Any) -> bool:
    """Whether `#[derive(Hash)]` (`derive`) of `item`, which has fields, is taken; a float
    field is rustc's E0277 at the derive."""
    floating = _float_field(item)
    if floating is not None:
        what = f"the trait bound `{show(floating)}: Hash` is not satisfied"
        raise lowerer.fail(derive, rejects(what, "E0277"))
    return all(_hashable(ty, frozenset({id(item)})) for ty in _field_types(item))


def key_part(ty: Any) -> bool:
    """Whether `ty` is a struct with fields deriving `Hash`, `PartialEq` and `Eq`, hashable."""
    ty = resolve(ty)
    return type(ty) is StructT and NEEDED <= ty.item.derives and _hashable(ty)


def by_fields(item: Any) -> bool:
    """Whether values of `item` are equal and hashed by their fields (a derived `Hash`)."""
    derives = getattr(item, "derives", ())
    return "Hash" in derives and "PartialEq" in derives
