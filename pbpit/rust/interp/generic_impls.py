"""An `impl` of a generic struct bounded by std's traits: `impl<T: Copy + Add<Output = T> +
Default> Acc<T> { fn push(&mut self, x: T) { self.total = self.total + x; } }`.

As rustc does, a bound written on the `impl` holds in each of its methods, and in them only:
inside the `impl` its `T` is a type parameter of its own (a `ParamT` with the `impl`'s std
bounds, `std_generics.py`), `Self` and `self` are `Acc<T>` of that `T`. Its methods are
checked once against those bounds (`a + b` needs `Add`, `T::default()` `Default`, `{}`
`Display`..) and run as the free generic functions of `std_generics.py` run, monomorphized:
each call's receiver (`Acc<i64>`) or, for an associated function (`Acc::new()`), the types the
call gives `T`, make an instance of the method, lowered and checked again with those types.
An `impl` of a trait with std bounds keeps the struct's own parameter (its methods are found
at run time by the value's struct).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.types import ParamT, StructT, resolve

Node = Any


def written_bounds(lowerer: Any, node: Node, name: str) -> list[Node]:
    """The bounds an `impl` item `node` writes for its type parameter `name` (`impl<T: A + B>`
    and `where T: C`)."""
    found: list[Node] = []
    generics = node.child_by_field_name("type_parameters")
    for param in lowerer.kids(generics) if generics is not None else []:
        named = lowerer.text(param.child_by_field_name("name")) if param.type else ""
        if param.type == "type_parameter" and named == name:
            bounds = param.child_by_field_name("bounds")
            found.extend(lowerer.kids(bounds) if bounds is not None else [])
    for clause in (c for c in node.children if c.type == "where_clause"):
        for predicate in lowerer.kids(clause):
            left = predicate.child_by_field_name("left")
            bounds = predicate.child_by_field_name("bounds")
            if left is not None and bounds is not None and lowerer.text(left) == name:
                found.extend(lowerer.kids(bounds))
    return found


def own_param(lowerer: Any, node: Node, name: str, param: ParamT) -> ParamT | None:
    """The `impl`'s own `T` for the struct's value parameter `param`, when the `impl` (not of a
    trait) bounds it by std's traits only; None otherwise (the struct's `T` is used)."""
    from pbpit.rust.interp.std_generics import read_bounds

    if node.child_by_field_name("trait") is not None:
        return None
    written = written_bounds(lowerer, node, name)
    std = read_bounds(lowerer, written) if written else None
    if std is None:
        return None
    own = ParamT(name, list(param.bounds))
    own.std = std
    own.owner = param.owner
    return own


def self_type(lowerer: Any, item: Any) -> StructT:
    """`Self` (and `self`'s type) inside an `impl` of `item`: `Acc<T>` of the `impl`'s `T`
    (`f64` of `impl Trait for f64`: prim_impls.py)."""
    primitive = getattr(item, "primitive", None)
    if primitive is not None:
        return primitive
    scoped = getattr(lowerer, "impl_args", None)
    if scoped is not None and scoped[0] is item:
        return StructT(item, scoped[1])
    return StructT(item)


def receiver_mapping(fn: Any, recv: StructT) -> dict:
    """The types a call on `recv` (`Acc<i64>`) gives the `impl`'s own parameters of `fn`."""
    if not fn.param_tys or not fn.self_kind:
        return {}
    written = resolve(fn.param_tys[0])
    if type(written) is not StructT or written.item is not recv.item:
        return {}
    return {p: a for p, a in zip(written.args, recv.args, strict=False) if type(p) is ParamT}
