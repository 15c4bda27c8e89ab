"""`f(&mut a)` of a `let mut` array `a` where `f` takes `&mut [T]` (`fn clip<T: PartialOrd +
Copy>(xs: &mut [T], ..)` given `&mut [3, 1, 2]`'s variable; a fixed-size gradient buffer
zeroed by a helper): the callee writes the elements in place, and `a` sees them after the call.

An array is a value here, replaced by a changed copy on each write (`compile_places`), so a
list held by `a` may be another binding's too (`let b = a;`): the call is given a copy of its
own, which `a` holds from then on (`lent_code`), and the callee's in-place writes reach `a`
alone, as rustc's `&mut` does. Marked where the call is lowered (`mark`: the argument `&mut a`
of a parameter written `&mut [T]`), run by `Compiler.expr` for an argument typed an array."""

from __future__ import annotations

from typing import Any

LENT = "array_lent"
"""The attribute of an argument `&mut a` given to a parameter `&mut [T]`."""


def _slice_param(node: Any) -> bool:
    """Whether the parameter's written type is `&mut [T]` (a slice: an array type without a
    length)."""
    ty = node.child_by_field_name("type") if node.type == "parameter" else None
    if ty is None or ty.type != "reference_type":
        return False
    if not any(c.type == "mutable_specifier" for c in ty.children):
        return False
    inner = ty.child_by_field_name("type")
    return inner is not None and inner.type == "array_type" and (
        inner.child_by_field_name("length") is None
    )


def mark(lowerer: Any, call: Any) -> None:
    """Each argument `&mut a` (`a` a variable of its own, not a reference) of the user
    function `call.callee` whose parameter is written `&mut [T]`."""
    from pbpit.rust.interp.nodes import Local

    params = [
        p
        for p in lowerer.kids(call.callee.node.child_by_field_name("parameters"))
        if p.type in ("parameter", "self_parameter")
    ]
    for param, arg in zip(params, call.args, strict=False):
        if not (isinstance(arg, Local) and arg.mut_borrow and _slice_param(param)):
            continue
        if arg.binding.mut_ref or not arg.binding.mutable:  # (a `&mut` one: the caller's)
            continue
        setattr(arg, LENT, True)
        arg.in_place = True  # (num_refs.refused_borrow: written in its place)


def lent(e: Any) -> bool:
    """Whether `e` is such an argument, typed an array (a `Vec` is shared as it is)."""
    from pbpit.rust.interp.types import Wrap, resolve

    if not getattr(e, LENT, False):
        return False
    ty = resolve(e.ty)
    return type(ty) is Wrap and ty.kind == "array"


def lent_code(comp: Any, e: Any, read: Any) -> Any:
    """The code of `&mut a`: a copy of `a`'s elements, which `a` holds from now on."""
    store = comp.setter(e)

    def lend(frame: list) -> Any:
        own = list(read(frame))
        store(frame, own)
        return own

    return lend
