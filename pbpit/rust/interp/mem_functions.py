"""`std::mem::take`, `std::mem::replace`, `std::mem::swap` and `drop` (the prelude's, or
`std::mem::drop`), a `builtins.Function` each (owner `mem`): `let batch = std::mem::take(&mut
self.buffer);` empties a `Vec` of tensors and hands its old contents on. Each argument of
`take`, `replace`, `swap` is a place written `&mut place` (a variable, a struct's field, an
element); `take` leaves the type's `Default` (`Vec`, `Option`, `String`, numbers, `bool`) in
it. Called as `mem::take` only where a `use` brings `std::mem` in (else rustc's E0433).
`drop(x)` moves `x` (a use after it is rustc's E0382, a borrow living past it E0505)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import rc_refcell
from pbpit.rust.interp.builtins import Code, Function
from pbpit.rust.interp.types import UNIT, Ty

_PLACES = ("Local", "Field", "Index")


def _place(ck: Any, arg: Any, name: str) -> Ty:
    """The type of `&mut place`, the argument of `mem::name`, refused for anything else."""
    found = ck.expr(arg)
    if not arg.mut_borrow or type(arg).__name__ not in _PLACES:
        raise ck.fail(arg.pos, f"`mem::{name}` of anything but `&mut` a variable, field or element")
    arg.in_place = True  # written in its place (`element_updater`), any type: not shared
    return found


def _take_type(ck: Any, e: Any) -> Ty:
    return _place(ck, e.args[0], "take")


def _replace_type(ck: Any, e: Any) -> Ty:
    from pbpit.rust.interp.check_rules import refuse_borrow_assigned

    found = _place(ck, e.args[0], "replace")
    ck.unify(found, ck.expr(e.args[1]), e.args[1].pos)
    refuse_borrow_assigned(ck, e.args[0], e.args[1])  # `mem::replace(&mut t.best, Some(&x))`
    return found


def _swap_type(ck: Any, e: Any) -> Ty:
    first = _place(ck, e.args[0], "swap")
    ck.unify(first, _place(ck, e.args[1], "swap"), e.args[1].pos)
    return UNIT


def _take(comp: Any, e: Any, args: list[Code]) -> Code:
    from pbpit.rust.interp.nodes import Static

    # the place's type's `Default`, as `Default::default()` of that type makes it
    made = Static(e.pos, "Default::default", [])
    made.ty = e.args[0].ty
    default = comp.default(made)
    return _replacing(comp, e.args[0], default)


def _replace(comp: Any, e: Any, args: list[Code]) -> Code:
    return _replacing(comp, e.args[0], args[1])


def _replacing(comp: Any, place: Any, new: Code) -> Code:
    """The place's value, `new`'s taking its place (`new` run first, as its argument is)."""
    update = comp.element_updater(place)

    def replace(frame: list) -> Any:
        value, old = new(frame), []
        update(frame, lambda was: old.append(was) or value)
        return old[0]

    return replace


def _swap(comp: Any, e: Any, args: list[Code]) -> Code:
    first, second = (comp.element_updater(a) for a in e.args)

    def swap(frame: list) -> Any:
        held: list = []
        first(frame, lambda was: held.append(was) or args[1](frame))
        second(frame, lambda was: held[0])
        return UNIT

    return swap


def _drop_type(ck: Any, e: Any) -> Ty:
    ck.expr(e.args[0])  # moved into the call (moves.py): a use after it is rustc's E0382
    return UNIT


def _drop(comp: Any, e: Any, args: list[Code]) -> Code:
    value = args[0]
    guard = rc_refcell.dropped(e.args[0])  # `drop(st)` of `let st = rc.borrow_mut();`
    if guard is not None:
        return lambda frame: guard(frame) or UNIT

    def drop(frame: list) -> Any:
        value(frame)  # no `Drop` impl runs (the file cannot write one)
        return UNIT

    return drop


FUNCTIONS = [
    Function("mem", "take", 1, _take_type, _take),
    Function("mem", "drop", 1, _drop_type, _drop),  # also the prelude's `drop(x)`
    Function("mem", "replace", 2, _replace_type, _replace),
    Function("mem", "swap", 2, _swap_type, _swap),
]


def in_scope(source: Any) -> bool:
    """Whether a `use` brings the module `std::mem` in by that name (`use std::mem;`,
    `use std::{mem, fmt};`, `use core::mem;`), so that `mem::take(..)` names it."""
    from pbpit.rust.interp.uses import file_items

    for item in file_items(source):
        path = item.path[1:] if item.path[0] == "::" else item.path
        if path in (("std", "mem"), ("core", "mem")) and item.bound == "mem":
            return True
    return False
