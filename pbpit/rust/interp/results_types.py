"""std's `Box<dyn Error>` where a value's type is written (`let e: Box<dyn Error> = ..`,
`Vec<Box<dyn Error>>`, a parameter), and at a coercion site: `Box::new(x)` of a type with no
`impl Error` is rustc's E0277 (results.py boxes one that has it)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import DYN_ERROR, StructT, Ty, Var, resolve, show


def dyn_error_type(lowerer: Any, node: Any) -> Ty:
    """The type `Box<dyn Error>` (`node`): `Error` named by its path or brought in by a `use`
    (else rustc's E0405)."""
    from pbpit.rust.interp.std_cmp import _brought  # (std_cmp imports the lowering's tables)

    if "error::Error" not in lowerer.text(node) and "Error" not in _brought(
        lowerer.src, "error", "Error"
    ):
        raise lowerer.fail(node, rejects("cannot find trait `Error` in this scope", "E0405"))
    return DYN_ERROR


def boxed_at_site(checker: Any, e: Any, expected: Ty, found: Ty) -> None:
    """rustc's E0277 for `Box::new(x)` where a `Box<dyn Error>` is taken and `x`'s type is no
    struct (a struct's is judged once the function's types are: `results.boxed_error`)."""
    from pbpit.rust.interp.traits import BoxNew

    if resolve(expected) is not DYN_ERROR or not isinstance(e, BoxNew):
        return
    inner = resolve(e.value.ty)
    if type(inner) is StructT or type(inner) is Var and inner.kind is None:
        return
    shown = {"int": "{integer}", "float": "{float}"}.get(getattr(inner, "kind", None) or "", "")
    what = f"the trait bound `{shown or show(inner)}: std::error::Error` is not satisfied"
    raise checker.fail(e.pos, rejects(what, "E0277"))
