"""A fieldless enum as a map's key, alone or in a tuple (`BTreeMap<(Label, Label), u32>` of a
confusion matrix, `HashMap<Label, usize>` of counts): its value is equal, hashed and ordered by
its variant (`runtime.StructValue`), as the derived `PartialEq`, `Hash` and `Ord` compare it
(`Ord` in the variants' order). Taken when the enum derives what the map needs of its key
(`Ord` for a `BTreeMap`, `Hash` and `Eq` for a `HashMap`), else refused as before."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import derived_hash
from pbpit.rust.interp.enum_casts import fieldless
from pbpit.rust.interp.types import resolve

BTREE = frozenset(("Ord", "PartialOrd", "Eq", "PartialEq"))
HASH = frozenset(("Hash", "Eq", "PartialEq"))


def key_part(ty: Any, needed: frozenset[str]) -> bool:
    """Whether `ty` (a key or a part of a tuple key) is a fieldless enum deriving `needed`."""
    ty = resolve(ty)
    if needed is HASH and derived_hash.key_part(ty):  # `Pos(i32, i32)` (derived_hash.py)
        return True
    return fieldless(ty) and needed <= ty.item.derives  # type: ignore[attr-defined]


def refuse_hash(lowerer: Any, item: Any, derive: Any) -> None:
    """`#[derive(Hash)]` (`derive`, None when not written) of `item` once its fields are read:
    taken for a fieldless enum, refused for another item (a float field is rustc's E0277)."""
    if derive is None:
        return
    if item.kind == "enum" and all(v.kind == "unit" for v in item.variants):
        return
    if derived_hash.taken(lowerer, item, derive):  # a struct of hashable fields
        return
    what = "`#[derive(Hash)]` of a struct or an enum with fields (pbpit hashes fieldless enums)"
    raise lowerer.fail(derive, what)
