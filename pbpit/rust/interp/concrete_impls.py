"""`impl Ring<f32> { fn mean(&self) -> f32 { .. } }` beside `impl<T> Ring<T>`: an inherent
`impl` of a generic struct for some of its types. Inside it `Self` is `Ring<f32>` (the
lowering's `impl_args`, as `generic_impls` has them); its methods are the struct's, each marked
with the types it is for (`CONCRETE`). A call on a receiver of other types (`Ring<i32>`) is
rustc's E0599; two `impl`s defining one name for different types (rustc accepts them) are
refused, as pbpit keeps one method per name."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import NAMED, STRING, Mismatch, StructT, Ty, resolve, show, unify

CONCRETE = "concrete_impl"
"""The attribute of a method of such an `impl`: the struct's arguments it is for."""


def written_type(lowerer: Any, arg: Any) -> Ty | None:
    """The type an `impl`'s argument `arg` writes (`f32` of `impl Ring<f32>`) when it is a
    number, `bool`, `char` or `String`; None for another (refused by the caller)."""
    text = lowerer.text(arg)
    if arg.type == "primitive_type" and text in NAMED:
        return NAMED[text]
    if text == "String":
        return STRING
    return None


def refuse_duplicate(lowerer: Any, node: Any, old: Any, new: Any) -> None:
    """Two methods of one name in `impl`s of a struct, one for some of its types: refused."""
    if getattr(old, CONCRETE, None) is not None or getattr(new, CONCRETE, None) is not None:
        what = f"`{new.name}` defined in `impl`s of a generic struct for different types"
        raise lowerer.fail(node, what)


def refuse_other_args(checker: Any, e: Any, fn: Any, recv: StructT) -> None:
    """rustc's E0599 for `r.mean()` where `mean` is of `impl Ring<f32>` and `r` a `Ring<i32>`."""
    wanted = getattr(fn, CONCRETE, None)
    if wanted is None:
        return
    try:
        for want, have in zip(wanted, recv.args, strict=False):
            unify(want, have)
    except Mismatch:
        shown = show(resolve(recv))
        what = f"no method named `{e.name}` found for struct `{shown}` in the current scope"
        err = checker.fail(e.pos, rejects(what, "E0599"))
        err.label = f"method not found in `{shown}`"
        raise err from None
