"""How many generic arguments a function's turbofish gives (`scale::<f32, f32>(..)` of
`fn scale<T>`): rustc's E0107 when they are not as many as its type and const parameters
(lifetimes may be left out: they are not counted, nor `impl Trait` parameters, which a
turbofish cannot name)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects


def _plural(n: int) -> str:
    return f"{n} generic argument" + ("" if n == 1 else "s")


def refuse(low: Any, fn: Any, targs: Any) -> None:
    """E0107 for the turbofish `targs` of a call of the file's function `fn`."""
    generics = fn.node.child_by_field_name("type_parameters") if fn.node is not None else None
    taken = [
        p
        for p in (low.kids(generics) if generics is not None else [])
        if p.type in ("type_parameter", "const_parameter")
    ]
    given = [a for a in low.kids(targs) if a.type != "lifetime"]
    if given and len(given) != len(taken):
        were = "was" if len(given) == 1 else "were"
        what = f"function takes {_plural(len(taken))} but {_plural(len(given))} {were} supplied"
        raise low.fail(targs, rejects(what, "E0107"))
