"""`#[derive(Default)]` on a struct: `Name::default()`, each field its type's default (`0`,
`0.0`, `false`, `String::new()`, an empty `Vec`, `None`, a tuple or array of defaults, another
struct's derived `default()`), as std's derive writes it. A field of any other type (a tensor,
a struct without `Default`) is refused, where rustc would ask for `Default` (E0277)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import (
    BOOL,
    STRING,
    Named,
    StructT,
    TupleT,
    Ty,
    Wrap,
    is_float,
    is_int,
    resolve,
    show,
)

_NAME = "default"


def declare(low: Any, item: Any) -> None:
    """`Name::default()`, a function of the struct's impl (its body written by `body`)."""
    from pbpit.rust.interp.nodes import FnItem

    if item.kind == "enum":
        raise low.fail(item.node, "`#[derive(Default)]` on an enum (write a `fn default()`)")
    if _NAME in item.methods:
        what = f"duplicate definitions with name `{_NAME}`"
        raise low.fail(item.node, rejects(what, "E0592"))
    fn = FnItem(f"{item.name}::{_NAME}", item.pos, item.node)
    fn.ret, fn.self_kind, fn.owner = StructT(item), "", item
    fn.backends, fn.dims = item.backends, item.dims
    fn.derived_default = True  # type: ignore[attr-defined]
    item.methods[_NAME] = fn
    low.fns[fn.name] = fn


def is_default(fn: Any) -> bool:
    """Whether `fn` is a `default()` `#[derive(Default)]` wrote."""
    return getattr(fn, "derived_default", False)


def body(low: Any, fn: Any) -> None:
    """`Self { field: <its type's default>, .. }`."""
    from pbpit.rust.interp.nodes import Block, FnScope, StructLit

    item, pos = fn.owner, fn.pos
    low.backends, low.dims, low.self_type = fn.backends, fn.dims, item
    low.scope = fn.scope = FnScope(None)
    saved = low.open_scope(new_frame=True)
    values = [_default(low, item, ty, pos) for _, ty in item.fields]
    fn.body = Block(pos, [], StructLit(pos, item, values), low.in_scope)
    low.close_scope(saved)
    low.backends, low.dims, low.self_type = frozenset(), frozenset(), None


def _default(low: Any, item: Any, ty: Ty, pos: Any) -> Any:
    from pbpit.rust.interp.nodes import ArrayLit, ArrayRepeat, Call, Lit, SomeLit, TupleLit

    ty = resolve(ty)
    if type(ty) is Named and is_int(ty):
        return Lit(pos, "int", 0, ty)
    if type(ty) is Named and is_float(ty):
        return Lit(pos, "float", "0.0", ty)
    if ty is BOOL:
        return Lit(pos, "bool", False)
    if ty is STRING:
        return Lit(pos, "value", "", STRING)
    if type(ty) is TupleT:
        return TupleLit(pos, [_default(low, item, t, pos) for t in ty.elems])
    if type(ty) is Wrap and ty.kind == "Option":
        return SomeLit(pos, None)
    if type(ty) is Wrap and ty.kind == "Vec" and ty.size is None:
        return ArrayLit(pos, [], True)
    if type(ty) is Wrap and ty.kind == "array" and ty.size is not None and ty.size <= 32:
        # (std implements `Default` for arrays of up to 32 elements only: `[u8; 33]` is E0277)
        from pbpit.rust.interp.types import USIZE

        count = Lit(pos, "int", ty.size, USIZE)
        return ArrayRepeat(pos, _default(low, item, ty.inner, pos), count, False)
    if type(ty) is StructT and "Default" in ty.item.derives and _NAME in ty.item.methods:
        return Call(pos, ty.item.methods[_NAME], [])
    what = f"the trait bound `{show(ty)}: Default` is not satisfied"
    too_long = type(ty) is Wrap and ty.kind == "array" and ty.size is not None
    if too_long or (type(ty) is StructT and "Default" not in ty.item.derives):
        raise low.fail(item.node, rejects(what, "E0277"))
    raise low.fail(item.node, f"`#[derive(Default)]` with a field of type `{show(ty)}`")
