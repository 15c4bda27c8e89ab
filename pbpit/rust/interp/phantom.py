"""`std::marker::PhantomData<T>`: a field's type that holds no value (`_unit: PhantomData<U>` of
`struct Length<U>`, making `U` a type parameter of the struct's values), and its one value
`PhantomData` (after `use std::marker::PhantomData;`) or `std::marker::PhantomData` (also
`core::`), a `Lit` of `Wrap("PhantomData", T)`, `T` what the field says. Its value at run time
is `PHANTOM`; its `{:?}` names its type (`PhantomData<i32>`: format.py, type_names.py)."""

from __future__ import annotations

import re
from typing import Any

from pbpit.rust.interp import type_aliases
from pbpit.rust.interp.nodes import Lit
from pbpit.rust.interp.std_cmp import _brought
from pbpit.rust.interp.types import Named, Ty, Var, Wrap

NAME = "PhantomData"
_PATHS = (["std", "marker", NAME], ["core", "marker", NAME])


class Phantom:
    """The value `PhantomData`: nothing (every one the same)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return NAME


PHANTOM = Phantom()


def phantom(inner: Ty) -> Wrap:
    return Wrap(NAME, inner)


def _named(lowerer: Any, names: list[str]) -> bool:
    if names[:1] == ["::"]:
        names = names[1:]
    if names in _PATHS:
        return True
    return len(names) == 1 and names[0] in _brought(lowerer.src, "marker", NAME)


def lower_type(lowerer: Any, base: Any, prefix: str, args: list) -> Ty | None:
    """`PhantomData<T>` (a `use` of it, or its path written), else None."""
    names = [*(p for p in prefix.split("::") if p), lowerer.text(base)]
    if len(args) != 1 or not _named(lowerer, names):
        return None
    if names_backend(lowerer, args[0]):  # `_b: PhantomData<B>` of `B: Backend`: B stays a backend
        return phantom(BACKEND)
    return phantom(lowerer.type(args[0]))


BACKEND = Named("Backend")
"""The `T` of a `PhantomData<B>` naming Burn's backend (typed away as every backend is)."""


def names_backend(lowerer: Any, node: Any) -> bool:
    """Whether `node` names a backend: a parameter bounded by Burn's backend traits, an alias of
    one (`type B = Autodiff<NdArray>;`), its `B::InnerBackend`, or one written out (`NdArray`,
    `Autodiff<Wgpu>`)."""
    if node.type == "type_identifier" and _backend_name(lowerer, lowerer.text(node)):
        return True
    if node.type == "scoped_type_identifier":  # `B::InnerBackend` of `B: AutodiffBackend`
        path, name = node.child_by_field_name("path"), node.child_by_field_name("name")
        return (
            path is not None
            and path.type == "identifier"
            and lowerer.text(name) == "InnerBackend"
            and _backend_name(lowerer, lowerer.text(path))
        )
    return bool(lowerer.backend_type(node))


def _backend_name(lowerer: Any, name: str) -> bool:
    if name in lowerer.backends:  # (`U` of `struct Length<U>` is not: unbounded)
        bound = re.compile(rf"\b{re.escape(name)}\s*:\s*[\w:]*Backend\b")
        return bool(bound.search(lowerer.src.text))
    if name in lowerer.aliases:  # (not a plain type's: `type Pair = (i32, f64);`)
        return type_aliases.plain_target(lowerer, name) is None
    return False


def lower_value(lowerer: Any, node: Any, names: list[str]) -> Lit | None:
    """The value `PhantomData` / `std::marker::PhantomData`, else None."""
    if not _named(lowerer, names):
        return None
    return Lit(lowerer.pos(node), "value", PHANTOM, phantom(Var()))
