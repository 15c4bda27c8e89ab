"""std's `HashSet<T>` and `BTreeSet<T>` (`std::collections`): `new()`, `with_capacity(n)`
(`HashSet`'s), `insert(x)` (whether it was new), `contains(&x)`, `remove(&x)` (whether it was
there), `len`, `is_empty`, `clear`, `iter()`, `into_iter()`, `for x in &s`, `collect()` into a
set (std_collect.py); a `BTreeSet`'s `first()`, `last()` and `{:?}` (`{a, b}`), in order.

A set is `Wrap("HashSet", T)` (`Wrap("BTreeSet", T)`), held as a Python set that every binding
shares, as `&mut` reaches it; a `BTreeSet` iterates in its items' `Ord` order (`Ordered`, sorted
when read, as btreemap.py orders a map's keys). Its items are those a map's keys may be: numbers
(not floats: rustc's E0599 for a `HashSet`'s, E0277 for a `BTreeSet`'s), `bool`, `char`,
texts, fieldless enums and tuples of them.

A `HashSet` visits its items in an order that changes from run to run in Rust, as a `HashMap`
does: its `iter()` and `into_iter()` are a `MapIter` (map_order.py: counted, summed, `max`,
collected into a `Vec` sorted at once), a `for` over it runs when its body's effect is the same
in any order (map_loops.py), `{:?}` of it is refused.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp.builtins import Builtin, Code, Function, rows
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import (
    BOOL,
    UNIT,
    USIZE,
    Mismatch,
    Ty,
    Var,
    Wrap,
    is_float,
    option,
    resolve,
    show,
    unify,
)

HASH, BTREE = "HashSet", "BTreeSet"
KINDS = (HASH, BTREE)


class Ordered(set):  # noqa: FURB189 - a set read in its items' order
    """A `BTreeSet`'s items: a Python set that iterates them sorted (Rust's `Ord` on the keys
    pbpit allows is Python's order, as for a `BTreeMap`'s keys)."""

    def __iter__(self) -> Any:
        return iter(sorted(set.__iter__(self)))


def is_set(ty: Ty) -> bool:
    ty = resolve(ty)
    return type(ty) is Wrap and ty.kind in KINDS


def imported(source: Any, kind: str) -> bool:
    """Whether the file brings `kind` into scope (`use std::collections::HashSet;`, or in a
    `use std::collections::{..}` list)."""
    text: str = source.text
    return kind in text and any(
        "collections" in line and kind in line
        for line in text.splitlines()
        if line.lstrip().startswith("use ")
    )


def _as_map(recv: Ty) -> Wrap:
    """The map whose keys the set's items are, for the key checks hashmap.py and btreemap.py
    make."""
    found = resolve(recv)
    return Wrap("HashMap" if found.kind == HASH else "BTreeMap", UNIT, err=found.inner)  # type: ignore[attr-defined]


def _keys(ck: Any, e: Any, recv: Ty, later: bool = False) -> None:
    """The items must be `Hash + Eq` (`HashSet`) or `Ord` (`BTreeSet`), as a map's keys: a
    float item is rustc's E0599 at a `HashSet`'s method, or E0277 (`f32: Eq`) when the item's
    type was not known there (`HashSet::new()` then `s.insert(1.5f32)`)."""
    from pbpit.rust.interp import btreemap, hashmap  # (they import this module's callers)

    found = resolve(recv)
    if found.kind != HASH:  # type: ignore[attr-defined]
        btreemap.check_ordered(ck, e, _as_map(recv))
        return
    item = resolve(found.inner)  # type: ignore[attr-defined]
    if type(item) is Var and not later:
        ck.settle_later.append(lambda: _keys(ck, e, recv, later=True))
        return
    if is_float(item) and later:
        what = f"the trait bound `{show(item)}: Eq` is not satisfied"
        raise ck.fail(e.pos, rejects(what, "E0277"))
    if is_float(item):
        what = f"the method `{e.name}` exists for struct `{show(found)}`, but its trait bounds "
        raise ck.fail(e.pos, rejects(what + "were not satisfied", "E0599"))
    hashmap._hashable(ck, e, _as_map(recv))


def collected_type(ck: Any, e: Any, item: Ty, target: Wrap) -> Ty:
    """`collect` into a set: its items are `T` (std_collect.py)."""
    from pbpit.rust.interp import hashmap

    try:
        unify(target.inner, item)
    except Mismatch:
        what = (
            f"a value of type `{show(target)}` cannot be built from an iterator over elements "
            f"of type `{show(item)}`"
        )
        raise ck.fail(e.pos, rejects(what, "E0277")) from None
    if target.kind == HASH:
        ck.settle_later.append(lambda: hashmap.collected_keys(ck, e, _as_map(target)))
    else:
        _keys(ck, e, target)
    return target


def made(kind: str) -> Any:
    """A new empty set of `kind`, to collect into or to start with."""
    return Ordered if kind == BTREE else set


# -- checking -------------------------------------------------------------------------------------


def _item_arg(ck: Any, e: Any, recv: Ty) -> None:
    """`s.contains(&x)`, `s.remove(&x)`: a `&T` (a `&str` for a `String` item)."""
    from pbpit.rust.interp import hashmap

    ck.arity(e, 1)
    hashmap._key_arg(ck, e, _as_map(recv), e.args[0])


def _set_type(ck: Any, e: Any, recv: Ty) -> Ty:
    name, found = e.name, resolve(recv)
    item = found.inner  # type: ignore[attr-defined]
    if name in ("len", "is_empty"):
        ck.args(e)
        return USIZE if name == "len" else BOOL
    if name == "clear":
        ck.mutable_receiver(e)
        ck.args(e)
        return UNIT
    if name in ("iter", "into_iter"):  # (`into_iter` takes the set: `owned_values._BY_VALUE`)
        ck.args(e)
        return Wrap("MapIter" if found.kind == HASH else "Iter", item)  # type: ignore[attr-defined]
    if name in ("first", "last"):
        ck.args(e)
        return option(item)
    _keys(ck, e, recv)
    if name == "insert":
        ck.mutable_receiver(e)
        ck.args(e, item)
        return BOOL
    if name == "remove":
        ck.mutable_receiver(e)
    _item_arg(ck, e, recv)
    return BOOL


# -- running --------------------------------------------------------------------------------------


def _set(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:  # noqa: C901 - a row each
    name = e.name
    if name == "len":
        return lambda frame: len(recv(frame))
    if name == "is_empty":
        return lambda frame: not recv(frame)
    if name in ("iter", "into_iter"):
        return lambda frame: list(recv(frame))
    if name in ("first", "last"):
        pick = min if name == "first" else max
        return lambda frame: Some(pick(recv(frame))) if recv(frame) else None
    if name == "clear":

        def clear(frame: list) -> Any:
            recv(frame).clear()
            return UNIT

        return clear
    (value,) = args
    if name == "contains":
        return lambda frame: value(frame) in recv(frame)
    if name == "insert":

        def insert(frame: list) -> Any:
            items, x = recv(frame), value(frame)
            if x in items:
                return False
            items.add(x)
            return True

        return insert

    def remove(frame: list) -> Any:
        items, x = recv(frame), value(frame)
        if x not in items:
            return False
        items.discard(x)
        return True

    return remove


_CHANGING = frozenset(("insert", "remove", "clear"))
_NAMES = ("insert", "contains", "remove", "len", "is_empty", "clear", "iter", "into_iter")

HASHSET = rows(
    HASH, *(Builtin(HASH, n, None, "", _set, _set_type, mutates=n in _CHANGING) for n in _NAMES)
)
BTREESET = rows(
    BTREE,
    *(
        Builtin(BTREE, n, None, "", _set, _set_type, mutates=n in _CHANGING)
        for n in (*_NAMES, "first", "last")
    ),
)


# -- `HashSet::new()`, `BTreeSet::new()` ----------------------------------------------------------


def _new_type(kind: str) -> Any:
    def check(ck: Any, e: Any) -> Ty:
        for arg in e.args:
            ck.unify(USIZE, ck.expr(arg), arg.pos)
        return Wrap(kind, Var())

    return check


FUNCTIONS = [
    Function(HASH, "new", 0, _new_type(HASH), lambda comp, e, args: lambda frame: set()),
    Function(HASH, "with_capacity", 1, _new_type(HASH), lambda comp, e, args: lambda frame: set()),
    Function(BTREE, "new", 0, _new_type(BTREE), lambda comp, e, args: lambda frame: Ordered()),
]

