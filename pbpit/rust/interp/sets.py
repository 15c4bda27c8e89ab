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
from pbpit.rust.interp import btreeset_ends, btreeset_range
from pbpit.rust.interp.builtins import Builtin, Code, Function, rows
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.growth import pulled
from pbpit.rust.interp.map_order import order_free, settle
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
    """Whether a `use` brings it into scope (`uses.collection_imported`: by name, in a
    `{..}` list, by a glob of `std::collections`)."""
    from pbpit.rust.interp.uses import collection_imported

    return collection_imported(source, kind)


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
    if name in _BETWEEN or name in _TESTS:  # `a.intersection(&b)`, `a.is_subset(&b)`
        (other,) = ck.args(e, Var())
        if not e.args[0].borrowed:
            raise ck.fail(e.args[0].pos, f"mismatched types: expected `&{show(found)}`")
        ck.unify(found, other, e.args[0].pos)
        if name in _TESTS:
            return BOOL
        return Wrap("MapIter" if found.kind == HASH else "Iter", item)  # type: ignore[attr-defined]
    if name == "extend":
        ck.mutable_receiver(e)
        (other,) = ck.args(e, Var())
        given = iterated(ck, e.args[0], other)
        try:  # `HashSet<usize>` given `u32`s: `Extend<u32>` is not met (E0277)
            unify(item, given.inner)  # type: ignore[attr-defined]
        except Mismatch:
            elem = show(resolve(given.inner))  # type: ignore[attr-defined]
            what = f"the trait bound `{show(resolve(recv))}: Extend<{elem}>` is not satisfied"
            raise ck.fail(e.pos, rejects(what, "E0277")) from None
        _keys(ck, e, recv)
        return UNIT
    if name == "retain":
        return _retain_type(ck, e, recv)
    _keys(ck, e, recv)
    if name == "insert":
        ck.mutable_receiver(e)
        ck.args(e, item)
        return BOOL
    if name == "remove":
        ck.mutable_receiver(e)
    _item_arg(ck, e, recv)
    return BOOL


def iterated(ck: Any, arg: Any, found: Ty) -> Ty:
    """What `extend(arg)` takes items from, as an `Iter` of its items (a `Vec`, an array, a
    range, an iterator, another set)."""
    found = resolve(found)
    if type(found) is Wrap and found.kind in ("Vec", "array", "Range", "Iter", "MapIter", *KINDS):
        return Wrap("Iter", found.inner)
    raise ck.fail(arg.pos, f"`extend` with `{show(found)}`")


def _order_free_test(closure: Any) -> bool:
    """Whether a typed closure `retain` calls in a `HashSet`'s or `HashMap`'s random order
    (btreemap.py's too) can neither fail nor change anything (map_order.py's `order_free`, its
    arithmetic a float's, its methods std's)."""
    parts: list = []
    return order_free(closure, parts) and settle(parts) is None


def _retain_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`s.retain(|x| ..)`: the closure takes `&T`; a `HashSet`'s is called in its random order,
    so it must neither fail nor change anything (map_order.py's `order_free`)."""
    ck.mutable_receiver(e)
    ck.arity(e, 1)
    fn = ck.closure_arg(e.args[0], [resolve(recv).inner])  # type: ignore[attr-defined]
    ck.unify(BOOL, fn.ret, e.args[0].pos)
    if resolve(recv).kind == HASH and not _order_free_test(e.args[0]):  # type: ignore[attr-defined]
        what = "`retain` of a HashSet with a closure that may fail or change something (it is "
        raise ck.fail(e.args[0].pos, what + "called in the set's random order in Rust)")
    return UNIT


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
    if name in _BETWEEN or name in _TESTS:
        op, (other,) = _OPS[name], args
        ordered = resolve(e.recv.ty).kind == BTREE  # type: ignore[attr-defined]
        if name in _TESTS:
            return lambda frame: op(recv(frame), other(frame))
        return lambda frame: (sorted if ordered else list)(op(recv(frame), other(frame)))
    if name == "extend":
        (items,) = args
        where, what = comp.where(e.pos), f"a `{resolve(e.recv.ty).kind}` extended"  # type: ignore[attr-defined]

        def extend(frame: list) -> Any:
            held = recv(frame)
            held.update(pulled(items(frame), where, what, len(held)))
            return UNIT

        return extend
    if name == "retain":
        (test,) = args

        def retain(frame: list) -> Any:
            items, keep = recv(frame), test(frame)
            for x in list(items):  # (a `BTreeSet`'s in order)
                if not keep(x):
                    items.discard(x)
            return UNIT

        return retain
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


_BETWEEN = ("intersection", "union", "difference", "symmetric_difference")
_TESTS = ("is_subset", "is_superset", "is_disjoint")
_OPS = {
    "intersection": lambda a, b: a & b,
    "union": lambda a, b: a | b,
    "difference": lambda a, b: a - b,
    "symmetric_difference": lambda a, b: a ^ b,
    "is_subset": lambda a, b: a <= b,
    "is_superset": lambda a, b: a >= b,
    "is_disjoint": lambda a, b: not (a & b),
}
_CHANGING = frozenset(("insert", "remove", "clear", "extend", "retain"))
_NAMES = (
    *("insert", "contains", "remove", "len", "is_empty", "clear", "iter", "into_iter"),
    *("extend", "retain", *_BETWEEN, *_TESTS),
)

HASHSET = rows(
    HASH, *(Builtin(HASH, n, None, "", _set, _set_type, mutates=n in _CHANGING) for n in _NAMES)
)
BTREESET = rows(
    BTREE,
    *(
        Builtin(BTREE, n, None, "", _set, _set_type, mutates=n in _CHANGING)
        for n in (*_NAMES, "first", "last")
    ),
    *btreeset_range.ROWS,  # `s.range(a..b)` (btreeset_range.py)
    *btreeset_ends.ROWS,  # `s.pop_first()`, `s.pop_last()` (btreeset_ends.py)
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
