"""`#[derive(Clone, Copy)]` on a struct or an enum: its values are copied, not moved, where
they are used by value (`let b = a;`, `f(a)`, `v.push(a)`, `self.p` returned), as Rust copies
them.

A struct's value is one Python object that every binding it was moved to shares (`&mut`
reaches it: `runtime.StructValue`); a move leaves the old binding unusable, so sharing is never
seen. A `Copy` value stays usable after it is used, so each use by value of a place holding one
(a variable, a field, an element, `*r`) is marked `copied` here (`mark_copies`, before
compiling) and the compiler copies it (`copied`): a change made through the new binding
(`b.x = 1.0`, a `&mut self` method of `b`) leaves `a` as it was; so is a tuple, an array or
an `Option` holding one (`let b = arr;`, `for mut p in arr`). A place borrowed (`&a`,
`&mut a`), the receiver of a method taking `&self` or `&mut self`, the base of a field or an
element, and the target of an assignment are the place itself, not copied.

What rustc rejects of it: `Copy` without `Clone` (E0277), `Copy` on a type with a field that is
not `Copy` (a `String`, a `Vec`, a tensor: E0204), checked when the file's items are read
(`check_derives`); the use of a moved value of a type that is not `Copy` stays E0382
(moves.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Assign, Field, Index, Local, Method, Unary, children
from pbpit.rust.interp.types import ParamT, StructT, TupleT, Ty, Wrap, resolve


def is_copy(ty: Ty) -> bool:
    """Whether `ty` is a struct or an enum of the program's that derives `Copy`."""
    ty = resolve(ty)
    return type(ty) is StructT and "Copy" in ty.item.derives  # type: ignore[attr-defined]


def holds_copy(ty: Ty) -> bool:
    """Whether a value of `ty` is, or holds as a value (a tuple's, an array's, an `Option`'s
    element), a `Copy` struct's value: copied where used by value."""
    ty = resolve(ty)
    if type(ty) is TupleT:
        return any(map(holds_copy, ty.elems))
    if type(ty) is Wrap and ty.kind in ("array", "Option"):
        return holds_copy(ty.inner)
    return is_copy(ty)


# -- reading the derive ----------------------------------------------------------------------------


def check_derives(lowerer: Any) -> None:
    """rustc's errors for `#[derive(Copy)]` (every item's fields read): `Copy` without `Clone`
    (E0277), a field whose type is not `Copy` (E0204), each refused as the item."""
    from pbpit.rust.interp.check_tables import not_copy  # (check_tables imports the nodes)

    for item in lowerer.structs.values():
        at = getattr(item, "copy_derive", None)
        if at is None:
            continue
        if "Clone" not in item.derives:
            what = f"the trait bound `{item.name}: Clone` is not satisfied"
            lowerer.refuse_item(item.node, lowerer.fail(at, rejects(what, "E0277")))
            continue
        for case in item.variants or [item]:
            if any(not_copy(ty) is not None for _, ty in case.fields):
                what = "the trait `Copy` cannot be implemented for this type"
                lowerer.refuse_item(item.node, lowerer.fail(at, rejects(what, "E0204")))
                break


# -- marking the uses by value ---------------------------------------------------------------------


def _places_within(node: Any) -> list[Any]:
    """The children of `node` that are the place itself, not a value read from it."""
    if isinstance(node, Field | Index):
        return [node.base]
    if isinstance(node, Assign):
        return [node.target]
    if isinstance(node, Unary) and node.op == "*":
        return [node.operand]
    if isinstance(node, Method):
        user = node.user
        if user is None or user.self_kind != "value":  # a `&self`/`&mut self` method, std's
            return [node.recv]
    return []


def mark_copies(crate: Any) -> None:
    """Mark `copied` every use by value of a place holding a `Copy` struct's value."""
    if not any("Copy" in item.derives for item in crate.structs.values()):
        return
    todo = [fn.body for fn in crate.fns.values() if fn.body is not None]
    todo += [const.value for const in crate.consts.values() if const.value is not None]
    while todo:
        node = todo.pop()
        kept = _places_within(node)
        for child in children(node):
            todo.append(child)
            if any(child is place for place in kept):
                continue
            if (
                isinstance(child, Local | Field | Index | Unary)
                and (not isinstance(child, Unary) or child.op == "*")
                and not child.borrowed
                and child.ty is not None
                and holds_copy(child.ty)
            ):
                child.copied = True


def copied(e: Any, code: Callable[[list], Any]) -> Callable[[list], Any]:
    """The code of `e`, its value copied when `mark_copies` marked it."""
    if not getattr(e, "copied", False):
        return code
    from pbpit.rust.interp.runtime import clone_value  # (runtime imports the nodes)

    return lambda frame: clone_value(code(frame))


def captured_copies(closure: Any) -> list[tuple[int, int]]:
    """The (depth, slot) in a `move` closure's parent frames of each variable it captures that
    holds a `Copy` struct's value (not a `&mut` to one): copied into the closure when it is
    made (`copy_captured`), as Rust copies it."""
    found: set[tuple[int, int]] = set()
    todo = [closure.body]
    while todo:
        node = todo.pop()
        todo.extend(children(node))
        if not isinstance(node, Local) or node.binding.mut_ref or node.binding.ty is None:
            continue
        depth, scope = 0, closure.scope
        while scope is not None and scope is not node.binding.scope:
            scope, depth = scope.parent, depth + 1
        if scope is not None and depth > 0 and holds_copy(node.binding.ty):
            found.add((depth - 1, node.binding.slot))
    return sorted(found)


def copy_captured(frame: list, places: list[tuple[int, int]]) -> list:
    """`frame` (a `move` closure's copy of its parents) with the `Copy` values at `places`
    copied."""
    from pbpit.rust.interp.runtime import clone_value  # (runtime imports the nodes)

    for depth, slot in places:
        at = frame
        for _ in range(depth):
            at = at[0]
        at[slot] = clone_value(at[slot])
    return frame


def copy_type(ty: Ty) -> bool:
    """Whether a value of the (checked) type `ty` is `Copy`: a number, `bool`, `char`, a
    `&str`, `()`, a `Copy` struct, a tuple, an array or an `Option` of them."""
    from pbpit.rust.interp.types import BOOL, CHAR, NEVER, STR, UNIT, is_number

    ty = resolve(ty)
    if ty in (BOOL, CHAR, STR, UNIT, NEVER) or is_number(ty):
        return True
    if type(ty) is ParamT:  # `T: Copy` (std_generics.py)
        return "Copy" in (ty.std or {})
    if type(ty) is TupleT:
        return all(map(copy_type, ty.elems))
    if type(ty) is Wrap and ty.kind in ("array", "Option"):
        return copy_type(ty.inner)
    return is_copy(ty)


def refuse_moves_out_of_references(crate: Any, fail: Callable[[Any, str], Exception]) -> None:
    """A name bound by a `&p` pattern (`|&x|`, `Some(&x)`, `for &(a, b) in ..`) takes a copy of
    the value behind the reference: of a type that is not `Copy` it is rustc's E0507, unless
    that value is itself a reference, which pbpit (references erased) cannot tell: refused."""
    from pbpit.rust.interp.types import show

    for binding, pos, written in getattr(crate, "deref_binds", []):
        ty = getattr(binding, "ty", None)
        if ty is not None and not copy_type(ty) and not getattr(binding, "by_ref", False):
            what = (
                f"`{binding.name}` of `{written}` bound to a `{show(ty)}`, not `Copy` (rustc's "
                "E0507 unless it is a reference: write `x` and `x.clone()`, or `ref x`)"
            )
            raise fail(pos, what)
