"""std's `BTreeMap<K, V>` (`std::collections::BTreeMap`): `BTreeMap::new()`, `insert`, `get`,
`get_mut` (as `HashMap`'s: `if let Some(v) = m.get_mut(&k)`), `contains_key`, `remove`, `len`,
`is_empty`, `clear`, `entry(k).or_insert(v)` (`or_insert_with`, `or_default`, and
`*m.entry(k).or_insert(0) += 1`: hashmap.py's `ENTRY`, `ENTRY_UPDATE`), `m[&k]`, and what its
order gives: `keys()`, `values()`, `iter()`, `for (k, v) in &m` (and `in m`), `range(a..b)` of an
integer key, `first_key_value()`, `last_key_value()`, `pop_first()`, `pop_last()`, `{:?}`
(`{k: v, ..}`), `clone()`.

A map is a Python dict (`Wrap("BTreeMap", V, err=K)`: the key type in a `Wrap`'s second
parameter, as a `HashMap`'s), shared by every binding of it; the key order Rust's `Ord` gives is
made when it is read, by sorting the keys: integers, `bool`, `char`, `String`/`&str` (by bytes,
which is the order of their code points) and tuples of them order in Python as in Rust.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp import enum_keys, open_ranges, types
from pbpit.rust.interp.builtins import Builtin, Code, Function, rows
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.hashmap import _key, _key_arg, _value, check_keyed, keyed_code
from pbpit.rust.interp.types import (
    BOOL,
    CHAR,
    STR,
    STRING,
    UNIT,
    USIZE,
    TupleT,
    Ty,
    Var,
    Wrap,
    is_float,
    is_int,
    option,
    resolve,
    show,
)

KIND = "BTreeMap"
_FIRST = itemgetter(0)


def btree_map(key: Ty, value: Ty) -> Wrap:
    return Wrap(KIND, value, err=key)


def is_btree_map(ty: Ty) -> bool:
    ty = resolve(ty)
    return type(ty) is Wrap and ty.kind == KIND


def imported(source: Any) -> bool:
    """Whether a `use` brings it into scope (`uses.collection_imported`: by name, in a
    `{..}` list, by a glob of `std::collections`)."""
    from pbpit.rust.interp.uses import collection_imported

    return collection_imported(source, "BTreeMap")


def entries(table: dict) -> list:
    """The map's `(key, value)`s in its keys' order (Rust's `Ord`)."""
    return sorted(table.items(), key=_FIRST)


def _ordered(ck: Any, e: Any, recv: Ty) -> None:
    """A float key (not `Ord`) is rustc's E0277 at the call; a key pbpit cannot order as Rust
    does (a struct) is refused."""
    key = resolve(_key(recv))
    if type(key) is Var and not getattr(e, "ord_later", False):  # `BTreeMap::new()`: known later
        e.ord_later = True
        ck.settle_later.append(lambda: _ordered(ck, e, recv))
        return
    if is_float(key):
        what = f"the trait bound `{show(key)}: Ord` is not satisfied"
        raise ck.fail(e.pos, rejects(what, "E0277"))
    parts = key.elems if type(key) is TupleT else [key]
    for part in map(resolve, parts):
        if enum_keys.key_part(part, enum_keys.BTREE):  # `(Label, Label)` (enum_keys.py)
            continue
        if not (type(part) is Var or is_int(part) or part in (BOOL, CHAR, STR, STRING)):
            what = f"a BTreeMap keyed by `{show(key)}` (pbpit's keys are numbers, `bool`s, "
            raise ck.fail(e.pos, what + "`char`s, texts, fieldless enums and tuples of them)")


# -- checking -------------------------------------------------------------------------------------

_ITEMS = ("keys", "values", "iter", "into_iter", "into_keys", "into_values")


def _map_type(ck: Any, e: Any, recv: Ty) -> Ty:
    name = e.name
    if name in ("len", "is_empty"):
        ck.args(e)
        return USIZE if name == "len" else BOOL
    if name in _ITEMS:
        ck.args(e)
        item = {"keys": _key(recv), "values": _value(recv)}.get(name.replace("into_", ""))
        return Wrap("Iter", item if item is not None else TupleT([_key(recv), _value(recv)]))
    if name == "clear":
        ck.mutable_receiver(e)
        ck.args(e)
        return UNIT
    if name == "retain":
        return check_retain(ck, e, recv)
    _ordered(ck, e, recv)
    pair = TupleT([_key(recv), _value(recv)])
    if name in ("first_key_value", "last_key_value", "pop_first", "pop_last"):
        if name.startswith("pop"):
            ck.mutable_receiver(e)
        ck.args(e)
        return option(pair)
    if name == "range":
        ck.arity(e, 1)
        found = resolve(ck.expr(e.args[0]))
        if open_ranges.is_open(e.args[0]):  # `m.range(..=step)`, `..k`, `k..` (open_ranges.py)
            open_ranges.check_range(ck, e, _key(recv))
            found = Wrap("Range", _key(recv))
        if type(found) is not Wrap or found.kind != "Range":
            raise ck.fail(e.args[0].pos, f"`range` of `{show(found)}` (pbpit's: `a..b`, `a..=b`)")
        try:  # `m.range(a..3)`, `a: i64`, of `i32` keys: `Range<i64>: RangeBounds<i32>` fails
            types.unify(_key(recv), found.inner)
        except types.Mismatch:
            what = f"the trait bound `std::ops::Range<{show(resolve(found.inner))}>: "
            what += f"RangeBounds<{show(resolve(_key(recv)))}>` is not satisfied"
            raise ck.fail(e.args[0].pos, rejects(what, "E0277")) from None
        if not is_int(resolve(_key(recv))) and type(resolve(_key(recv))) is not Var:
            raise ck.fail(e.pos, f"`range` of a BTreeMap keyed by `{show(_key(recv))}`")
        return Wrap("Iter", pair)
    return check_keyed(ck, e, name, recv)


def check_retain(ck: Any, e: Any, recv: Ty) -> Ty:
    """`m.retain(|k, v| ..)`: the closure takes `&K` and `&mut V` (read here: a write through
    `v` is refused where the closure is lowered); a `HashMap`'s is called in its random order,
    so its test must be one that order cannot show in (sets.py's `_order_free_test`)."""
    from pbpit.rust.interp.sets import _order_free_test

    ck.mutable_receiver(e)
    ck.arity(e, 1)
    fn = ck.closure_arg(e.args[0], [_key(recv), _value(recv)])
    ck.unify(BOOL, fn.ret, e.args[0].pos)
    if resolve(recv).kind == "HashMap" and not _order_free_test(e.args[0]):  # type: ignore[attr-defined]
        what = "`retain` of a HashMap with a closure that may fail or change something (it is "
        raise ck.fail(e.args[0].pos, what + "called in the map's random order in Rust)")
    return UNIT


def retain(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """`m.retain(f)`: the entries `f` keeps, tried in the keys' order (a `HashMap`'s test
    cannot tell the order)."""
    (test,) = args

    def retain_(frame: list) -> Any:
        table, keep = recv(frame), test(frame)
        for k, v in entries(table):
            if not keep(k, v):
                del table[k]
        return UNIT

    return retain_


def check_ordered(ck: Any, e: Any, recv: Ty) -> None:
    """`*m.entry(k).or_insert(d) op= x` of a BTreeMap: its key must be `Ord`."""
    _ordered(ck, e, recv)


# -- running --------------------------------------------------------------------------------------


def values_mut_loop(lowerer: Any, node: Any, loop: Any) -> bool:
    """`for v in m.values_mut()`: `v` holds a `num_refs.Cell` of each value in key order (so
    `*v += 1`, `v.push(x)` reach the map); the call marked (`CELLS`), the only place pbpit
    runs `values_mut`. A body naming the map's variable is refused (rustc: E0499/E0502)."""
    from pbpit.rust.interp.field_paths import receiver
    from pbpit.rust.interp.nodes import Method

    e = loop.iterable
    if loop.binding is None or not (isinstance(e, Method) and e.name == "values_mut"):
        return False
    if e.args:
        return False
    root = lowerer.text(receiver(node.child_by_field_name("value"))).split(".")[0]
    stack = [node.child_by_field_name("body")]
    while stack:
        part = stack.pop()
        stack.extend(part.children)
        if part.type in ("identifier", "self") and lowerer.text(part) == root:
            what = f"`{root}` used while `{root}.values_mut()` borrows it (rustc: E0499/E0502)"
            raise lowerer.fail(part, what)
    setattr(e, CELLS, True)
    loop.binding.num_ref = loop.binding.mut_ref = True
    return True


CELLS = "values_as_cells"


def _values_mut_type(ck: Any, e: Any, recv: Ty) -> Ty:
    if not getattr(e, CELLS, False):
        raise ck.fail(e.pos, "`values_mut()` but as `for v in m.values_mut()`")
    ck.mutable_receiver(e)
    ck.args(e)
    return Wrap("Iter", _value(recv))


def _values_mut(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.num_refs import Cell

    def cells(frame: list) -> list:
        table = recv(frame)
        return [Cell(table, k) for k in sorted(table)]  # (a `Cell` takes a list's `[i]` too)

    return cells


def _pair(found: tuple | None) -> Any:
    return None if found is None else Some(found)


def _map(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:  # noqa: C901 - a row each
    name = e.name
    if name == "len":
        return lambda frame: len(recv(frame))
    if name == "is_empty":
        return lambda frame: not recv(frame)
    if name in ("keys", "into_keys"):
        return lambda frame: sorted(recv(frame))
    if name in ("values", "into_values"):
        return lambda frame: [v for _, v in entries(recv(frame))]
    if name in ("iter", "into_iter"):
        return lambda frame: entries(recv(frame))
    if name == "first_key_value":
        return lambda frame: _pair(min(recv(frame).items(), key=_FIRST, default=None))
    if name == "last_key_value":
        return lambda frame: _pair(max(recv(frame).items(), key=_FIRST, default=None))
    if name in ("pop_first", "pop_last"):
        pick = min if name == "pop_first" else max

        def pop(frame: list) -> Any:
            table = recv(frame)
            if not table:
                return None
            k = pick(table)
            return Some((k, table.pop(k)))

        return pop
    if name == "range" and open_ranges.is_open(e.args[0]):
        return open_ranges.compile_range(comp, e, recv, entries)
    if name == "range":
        return _range(comp, e, recv, args[0])
    if name == "retain":
        return retain(comp, e, recv, args)
    return keyed_code(name, recv, args)


def _range(comp: Any, e: Any, recv: Code, bounds: Code) -> Code:
    """`m.range(a..b)`: the entries whose key is in the range, in order; std panics when the
    range's start is past its end (`a..b` with a > b) at the call, of a map holding any entry
    (an empty one has no tree to search)."""
    inclusive = getattr(e.args[0], "inclusive", False)

    def range_(frame: list) -> Any:
        table, keys = recv(frame), bounds(frame)
        if not table:  # std's map with no root searches nothing, so checks nothing either
            return []
        check_range(keys, inclusive, "BTreeMap::range")
        return [(k, v) for k, v in entries(table) if keys.start <= k < keys.stop]

    return range_


def check_range(keys: range, inclusive: bool, panic: str) -> None:
    """std's panic of a BTreeMap's or BTreeSet's `range(a..b)` (`panic`, a row of
    core_panics) whose start is past its end (`a..=b` is held as `range(a, b + 1)`)."""
    from pbpit.rust.interp.core_panics import core_panic  # (core_panics imports numbers)

    if keys.start > keys.stop or (keys.start > keys.stop - 1 and inclusive):
        raise core_panic(panic)


_CHANGING = frozenset(
    ("insert", "remove", "get_mut", "entry", "clear", "pop_first", "pop_last", "retain")
)

BTREEMAP = rows(
    KIND,
    Builtin(KIND, "values_mut", None, "", _values_mut, _values_mut_type, mutates=True),
    *(
        Builtin(KIND, name, None, "", _map, _map_type, mutates=name in _CHANGING)
        for name in (
            "insert",
            "get",
            "get_mut",
            "contains_key",
            "remove",
            "len",
            "is_empty",
            "entry",
            "clear",
            "keys",
            "values",
            "iter",
            "into_iter",
            "into_keys",
            "into_values",
            "range",
            "first_key_value",
            "last_key_value",
            "pop_first",
            "pop_last",
            "retain",
        )
    ),
)


# -- `BTreeMap::new()` ----------------------------------------------------------------------------


def _new_type(ck: Any, e: Any) -> Ty:
    return btree_map(Var(), Var())


FUNCTIONS = [Function(KIND, "new", 0, _new_type, lambda comp, e, args: lambda frame: {})]


# -- `for (k, v) in &m`, `m[&k]`, `{:?}` -----------------------------------------------------------


def for_item(recv: Ty) -> Ty:
    """The item of `for x in &m` (and `in m`): `(K, V)` (references erased)."""
    return TupleT([_key(recv), _value(recv)])


def check_index(ck: Any, e: Any, recv: Ty) -> Ty:
    """`m[&k]`: the value; an assignment to it is rustc's E0594 (no `IndexMut`)."""
    if getattr(e, "assigned", False):
        what = f"cannot assign to data in an index of `{show(recv)}`"
        raise ck.fail(e.pos, rejects(what, "E0594"))
    _ordered(ck, e, recv)
    _key_arg(ck, e, recv, e.index)
    return _value(recv)


def debug(key: Any, value: Any) -> Any:
    """`{:?}` of a map: `{k: v, ..}` in key order (`key`, `value`: each's `{:?}`)."""

    def text(table: dict) -> str:
        return "{" + ", ".join(f"{key(k)}: {value(v)}" for k, v in entries(table)) + "}"

    return text


def pretty_parts(key: Any, value: Any) -> Any:
    """`{:#?}` of a map: one `k: v` a line (the caller lays them out as `DebugMap` does)."""
    return lambda table: [f"{key(k)}: {value(v)}" for k, v in entries(table)]
