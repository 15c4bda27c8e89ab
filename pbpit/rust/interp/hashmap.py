"""`std::collections::HashMap<K, V>`: `HashMap::new()`, `with_capacity`, `insert`, `get`,
`get_mut`, `contains_key`, `remove`, `len`, `is_empty`, `entry(k).or_insert(v)` (and
`or_insert_with`, `or_default`), `*m.entry(k).or_insert(0) += 1` (lowered as one call,
`ENTRY_UPDATE`), and `keys()`, `values()`, `iter()` consumed where their order is not seen.

A map is a Python dict (`Wrap("HashMap", V, err=K)`: the key type in a `Wrap`'s second
parameter); every binding of it shares it, as `&mut` reaches it. Keys are numbers (not floats,
which are not `Hash`: rustc's E0599), `bool`, `String`/`&str` or tuples of them.

Rust's `HashMap` visits its entries in an order that changes from run to run (`RandomState`
seeds each map's hasher at random), so pbpit runs only what that order does not change: a
`keys()`/`values()`/`iter()` (a `MapIter`) may be counted, summed (integers only: a float sum's
rounding follows the order), and searched for its `max` or `min`, or collected into a `Vec` the
next statement sorts (`mark_sorted_collects`; the sort refuses a run where it finds two entries
equal that differ); a `for` over a map, `{:?}` of one, another `collect()` and the other
adapters are refused. `clone()` of a map is refused too.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp import borrowed_keys, enum_keys, map_entries, ref_keys, std_generics
from pbpit.rust.interp.builtins import Builtin, Code, Function, rows
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.map_get_mut import (  # noqa: F401 - read through this module
    WRITE_BACK,
    check_write_back,
    get_mut_place,
    unwrapped_assignment,
    written_back,
)
from pbpit.rust.interp.map_order import (  # noqa: F401 - read through this module
    _RANDOM_ORDER,
    MAP_ITER,
    check_order,
    mark_sorted_collects,
)
from pbpit.rust.interp.types import (
    BOOL,
    CHAR,
    INT_RANGES,
    STR,
    STRING,
    UNIT,
    USIZE,
    Named,
    StructT,
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

ENTRY_UPDATE = "[entry op=]"
"""The `Method` `*m.entry(k).or_insert(d) op= x` is lowered to (args `k`, `d`, `x`; `op`)."""
def hash_map(key: Ty, value: Ty) -> Wrap:
    return Wrap("HashMap", value, err=key)


def _key(recv: Ty) -> Ty:
    return resolve(recv).err  # type: ignore[attr-defined]


def _value(recv: Ty) -> Ty:
    return resolve(recv).inner  # type: ignore[attr-defined]


def _hashable(ck: Any, e: Any, recv: Ty) -> None:
    """A float key (not `Hash`, not `Eq`) is rustc's E0599 at the method; a key pbpit cannot
    hash as Rust does (a struct) is refused."""
    key = resolve(_key(recv))
    if is_float(key) and not hasattr(e, "name"):  # `m[&k]`: `Index` needs `K: Hash + Eq`
        what = f"the trait bound `{show(key)}: Hash` is not satisfied"
        raise ck.fail(e.pos, rejects(what, "E0277"))
    if is_float(key):
        what = f"the method `{e.name}` exists for struct `{show(recv)}`, but its trait bounds "
        raise ck.fail(e.pos, rejects(what + "were not satisfied", "E0599"))
    parts = key.elems if type(key) is TupleT else [key]
    for part in map(resolve, parts):
        if enum_keys.key_part(part, enum_keys.HASH):  # `Label` (enum_keys.py)
            continue
        if std_generics.hash_param(ck, e, part):  # `L` of `fn count<L: Eq + Hash>`
            continue
        if not (type(part) is Var or is_int(part) or part in (BOOL, CHAR, STR, STRING)):
            raise ck.fail(
                e.pos,
                f"a HashMap keyed by `{show(key)}` (pbpit's keys are numbers, "
                "`bool`s, texts, fieldless enums and tuples of them)",
            )


def _key_arg(ck: Any, e: Any, recv: Ty, arg: Any) -> None:
    """`m.get(&k)`: a `&K` (a `&str` for a `String` key: `String: Borrow<str>`)."""
    found = resolve(ck.expr(arg))
    if borrowed_keys.deferred(ck, _key(recv), lambda: _key_arg_known(ck, recv, arg, found)):
        return  # (`s.contains(&9)` types no `T`: `T: Borrow<Q>`; E0282 if nothing else does)
    _key_arg_known(ck, recv, arg, found)


def _key_arg_known(ck: Any, recv: Ty, arg: Any, found: Ty) -> None:
    found, key = resolve(found), resolve(_key(recv))
    borrowed_keys.refuse(ck, key, arg)  # `m.get_mut(&name)` of `name: &str`: E0277
    if key is STRING and found is STR:
        return
    ck.unify(key, found, arg.pos)
    if not arg.borrowed and found is not STR and ck.owned(arg):
        shown = show(found)
        raise ck.fail(
            arg.pos, rejects(f"mismatched types: expected `&{shown}`, found `{shown}`", "E0308")
        )


# -- checking -------------------------------------------------------------------------------------


_ITEMS = ("keys", "values", "iter", "into_iter", "into_keys", "into_values")
"""The methods giving a map's entries, keys or values, in its random order (a `MapIter`)."""


def collected_keys(ck: Any, e: Any, target: Ty) -> None:
    """`collect` into a `HashMap<K, V>` (std_collect.py): a float `K` is rustc's E0277 (`f32:
    Eq`); a key pbpit cannot hash as Rust does is refused."""
    key = resolve(_key(target))
    if is_float(key):
        what = f"the trait bound `{show(key)}: Eq` is not satisfied"
        raise ck.fail(e.pos, rejects(what, "E0277"))
    _hashable(ck, e, target)


def _map_type(ck: Any, e: Any, recv: Ty) -> Ty:
    name = e.name
    if name in ("len", "is_empty"):
        ck.args(e)
        return USIZE if name == "len" else BOOL
    if name in _ITEMS:  # (`into_iter` takes the map: `owned_values._BY_VALUE`)
        ck.args(e)
        item = {"keys": _key(recv), "values": _value(recv)}.get(name.replace("into_", ""))
        return Wrap("MapIter", item if item is not None else TupleT([_key(recv), _value(recv)]))
    if name == "clone":
        raise ck.fail(e.pos, "`clone` of a HashMap")
    if name == "retain":  # (btreemap.py: a test the map's random order cannot show in)
        from pbpit.rust.interp.btreemap import check_retain  # (it imports this module)

        return check_retain(ck, e, recv)
    if name == "clear":
        ck.mutable_receiver(e)
        ck.args(e)
        return UNIT
    _hashable(ck, e, recv)
    return check_keyed(ck, e, name, recv)


def check_keyed(ck: Any, e: Any, name: str, recv: Ty) -> Ty:
    """The type of a map's `insert`, `entry`, `get`, `get_mut`, `remove` or `contains_key`,
    looked up by key: HashMap's and BTreeMap's alike."""
    was_open = ref_keys.open_key(recv)
    if name == "insert":
        ck.mutable_receiver(e)
        ck.args(e, _key(recv), _value(recv))
        ref_keys.note_key(ck, recv, was_open, e.args[0])  # `&&str` keys given a `&str`: E0308
        for arg in e.args:  # `m.insert(&k, 1)`: both taken by value
            _refuse_borrowed_entry_key(ck, e.recv, arg)
        return option(_value(recv))
    ck.arity(e, 1)
    if name == "entry":
        ck.mutable_receiver(e)
        found = ck.expr(e.args[0])
        ref_keys.note_key(ck, recv, was_open, e.args[0])
        ck.unify(_key(recv), found, e.args[0].pos)
        _refuse_borrowed_entry_key(ck, e.recv, e.args[0])
        return Wrap("Entry", _value(recv), err=_key(recv))
    if name in ("get_mut", "remove"):
        ck.mutable_receiver(e)
    _key_arg(ck, e, recv, e.args[0])
    ref_keys.refuse_lookup(ck, e, recv, e.args[0])  # `m.get("a")` of `&&str` keys: E0277
    if name == "get_mut" and not _shared(_value(recv)) and not getattr(e, "written_back", False):
        what = f"`get_mut` of a map of `{show(_value(recv))}` (pbpit writes through `&mut` to "
        raise ck.fail(e.pos, what + "structs and `Vec`s; write `*m.entry(k).or_insert(..) += x`)")
    return BOOL if name == "contains_key" else option(_value(recv))


def _refuse_borrowed_entry_key(ck: Any, recv: Any, arg: Any) -> None:
    """`m.entry(&c)` (`m.insert(&k, v)`) of a map whose written type holds no reference
    (`HashMap<char, u32>`): `entry` takes the key by value, so `&c` is rustc's E0308."""
    from pbpit.rust.interp.nodes import Local

    if not arg.borrowed or arg.mut_borrow or not isinstance(recv, Local) or recv.borrowed:
        return
    written = getattr(recv.binding, "written", None)  # `let m: HashMap<char, u32> = ..`
    if written is None or b"&" in written.text:
        return
    shown = show(resolve(arg.ty))
    what = f"mismatched types: expected `{shown}`, found `&{shown}`"
    raise ck.fail(arg.borrow_pos or arg.pos, rejects(what, "E0308"))


def _shared(ty: Ty) -> bool:
    from pbpit.rust.interp.types import shared

    return shared(ty)


def _entry_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`or_insert(v)`, `or_insert_with(f)`, `or_default()`: the `&mut V` in the map."""
    value = _value(recv)
    if e.name == "or_default":
        ck.args(e)
        ck.settle_later.append(lambda: _has_default(ck, e, value))
    elif e.name == "or_insert":
        ck.args(e, value)
    else:
        ck.arity(e, 1)
        ck.unify(value, ck.closure_arg(e.args[0], []).ret, e.args[0].pos)
    return value


def _has_default(ck: Any, e: Any, ty: Ty) -> None:
    if _default_fn(ty) is not None:
        return  # a struct's `Default` (`#[derive(Default)]` or `impl Default`)
    found, entry = resolve(ty), getattr(e.recv, "recv", None)
    if type(found) is StructT and not getattr(found.item, "params", None) and entry is not None:
        kind = resolve(entry.ty)  # the map: `Entry<'_, K, V>` of its module
        module = "btree_map" if getattr(kind, "kind", "") == "BTreeMap" else "hash_map"
        key = "&str" if resolve(_key(kind)) is STR else show(_key(kind))  # (a key is sized)
        shown = f"std::collections::{module}::Entry<'_, {key}, {show(found)}>"
        what = f"the method `or_default` exists for enum `{shown}`, but its trait bounds were "
        err = ck.fail(e.pos, rejects(what + "not satisfied", "E0599"))
        err.label = f"method cannot be called on `{shown}` due to unsatisfied trait bounds"
        raise err
    try:
        _fresh(ty)
    except ValueError:
        raise ck.fail(e.pos, f"`or_default` of a map of `{show(ty)}`") from None


def no_default(e: Any) -> bool:
    """Whether `e` is the mark of `or_default()`'s missing value in an `ENTRY_UPDATE`."""
    return getattr(e, "no_default", False)


def check_update(ck: Any, e: Any) -> Ty:
    """`*m.entry(k).or_insert(d) op= x` (`ENTRY_UPDATE`): `op=` on the map's value."""
    recv = resolve(ck.expr(e.recv))
    if type(recv) is not Wrap or recv.kind not in ("HashMap", "BTreeMap"):
        raise ck.fail(e.pos, f"`entry` on `{show(recv)}`")
    ck.mutable_receiver(e)
    if recv.kind == "BTreeMap":
        from pbpit.rust.interp.btreemap import check_ordered  # (btreemap imports this module)

        check_ordered(ck, e, recv)
    else:
        _hashable(ck, e, recv)
    e.impl = UPDATE
    key, default, value = e.args
    was_open = ref_keys.open_key(recv)
    found_key = ck.expr(key)
    ref_keys.note_key(ck, recv, was_open, key)
    ck.unify(_key(recv), found_key, key.pos)
    _refuse_borrowed_entry_key(ck, e.recv, key)
    if no_default(default):
        default.ty = UNIT
        ck.settle_later.append(lambda: _has_default(ck, e, _value(recv)))
    else:
        ck.unify(_value(recv), ck.expr(default), default.pos)
    found = ck.expr(value)
    if e.op is None:  # `*m.entry(k).or_insert(d) = x`: any value
        ck.unify(_value(recv), found, value.pos)
        return UNIT
    target = resolve(_value(recv))
    if target is STRING and e.op == "+" and resolve(found) in (STR, STRING):
        return UNIT  # `String += &str`
    if not (is_int(target) or is_float(target) or type(target) is Var):
        raise ck.fail(e.pos, f"`{e.op}=` on a map's `{show(target)}`")
    given = resolve(found)
    if (is_int(target) and is_float(given)) or (is_float(target) and is_int(given)) or (
        type(target) is Named and type(given) is Named and target is not given
    ):
        names = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide"}
        what = f"cannot {names.get(e.op, e.op)}-assign `{show(given)}` to `{show(target)}`"
        raise ck.fail(value.pos, rejects(what, "E0277"))
    ck.unify(_value(recv), found, value.pos)
    return UNIT


# -- running --------------------------------------------------------------------------------------


def _default_of(ty: Ty) -> Any:
    ty = resolve(ty)
    if type(ty) is Named and ty.name in INT_RANGES:
        return 0
    if is_float(ty):
        return 0.0
    if ty is STRING:
        return ""
    if ty is BOOL:
        return False
    if type(ty) is Wrap and ty.kind in ("Vec", "BTreeMap"):
        return None  # a new list (map) each time (`_fresh`)
    raise ValueError(show(ty))


def _default_fn(ty: Ty) -> Any:
    """The `default()` of a struct type (not generic) `ty` that has one, else None."""
    ty = resolve(ty)
    if type(ty) is not StructT or getattr(ty.item, "params", None):
        return None
    fn = ty.item.methods.get("default")  # type: ignore[attr-defined]
    return fn if fn is not None and not fn.self_kind and not fn.param_tys else None


def _fresh(ty: Ty, comp: Any = None) -> Any:
    """A function making the value `or_default()` puts in the map: a new one each time."""
    fn = _default_fn(ty) if comp is not None else None
    if fn is not None:  # `Stats::default()`, run as a call of it runs
        cell = comp.fn_cells[fn.name]
        return lambda: cell[0]([])
    ty = resolve(ty)
    if type(ty) is Wrap and ty.kind == "Vec":
        return lambda: []
    if type(ty) is Wrap and ty.kind == "BTreeMap":
        return dict
    value = _default_of(ty)
    return lambda: value


def _map(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    name = e.name
    if name == "len":
        return lambda frame: len(recv(frame))
    if name == "is_empty":
        return lambda frame: not recv(frame)
    if name in ("keys", "into_keys"):
        return lambda frame: list(recv(frame).keys())
    if name in ("values", "into_values"):
        return lambda frame: list(recv(frame).values())
    if name in ("iter", "into_iter"):
        return lambda frame: list(recv(frame).items())
    if name == "retain":
        from pbpit.rust.interp.btreemap import retain  # (it imports this module)

        return retain(comp, e, recv, args)
    return keyed_code(name, recv, args)


def keyed_code(name: str, recv: Code, args: list[Code]) -> Code:
    """`clear`, `insert`, `entry`, `contains_key`, `remove` or `get` of a map held as a dict,
    HashMap's and BTreeMap's alike."""
    if name == "clear":

        def clear(frame: list) -> Any:
            recv(frame).clear()
            return UNIT

        return clear
    if name == "insert":
        key, value = args

        def insert(frame: list) -> Any:
            table, k, v = recv(frame), key(frame), value(frame)
            old = Some(table[k]) if k in table else None
            table[k] = v
            return old

        return insert
    if name == "entry":
        (key,) = args
        return lambda frame: (recv(frame), key(frame))
    (key,) = args
    if name == "contains_key":
        return lambda frame: key(frame) in recv(frame)
    if name == "remove":

        def remove(frame: list) -> Any:
            table, k = recv(frame), key(frame)
            return Some(table.pop(k)) if k in table else None

        return remove

    def get(frame: list) -> Any:
        table, k = recv(frame), key(frame)
        return Some(table[k]) if k in table else None

    return get


def _entry(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    name = e.name
    made = _fresh(resolve(e.recv.ty).inner, comp) if name == "or_default" else None
    given = args[0] if args else None

    def or_insert(frame: list) -> Any:
        table, k = recv(frame)
        value = given(frame) if given is not None else None  # `or_insert`'s, either way
        if k not in table:
            if name == "or_insert":
                table[k] = value
            elif name == "or_insert_with":
                table[k] = value()
            else:
                table[k] = made()  # type: ignore[misc]
        return table[k]

    return or_insert


def _update(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    key, default, value = args
    ty = resolve(e.recv.ty).inner  # type: ignore[attr-defined]
    made = _fresh(ty) if no_default(e.args[1]) else None
    default = None if made is not None else default  # type: ignore[assignment]
    if e.op is None:
        return _replace(recv, key, default, value)
    op = comp.compound(e.op, ty, e.pos)

    def update(frame: list) -> Any:
        new = value(frame)  # Rust evaluates the right side of `+=` first, for numbers
        table, k = recv(frame), key(frame)
        if k not in table:
            table[k] = default(frame) if default is not None else made()  # type: ignore[misc]
        table[k] = op(table[k], new)
        return UNIT

    return update


def _replace(recv: Code, key: Code, default: Code | None, value: Code) -> Code:
    """`*m.entry(k).or_insert(d) = x`: `x` first (an assignment's value is evaluated before its
    place), then `k` and `d` (`or_insert`'s argument, evaluated whether the key is there or
    not), then the entry replaced."""

    def replace(frame: list) -> Any:
        new = value(frame)
        table, k = recv(frame), key(frame)
        if default is not None:
            default(frame)
        table[k] = new
        return UNIT

    return replace


# The methods taking `&mut self`: a reference into the map (`m.get(&k).unwrap()`) held across
# one of them is rustc's E0502 (loop_borrows.py reads `Builtin.mutates`).
_CHANGING = frozenset(("insert", "remove", "get_mut", "entry", "clear", "retain"))

HASHMAP = rows(
    "HashMap",
    *(
        Builtin("HashMap", name, None, "", _map, _map_type, mutates=name in _CHANGING)
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
            "retain",
        )
    ),
)
ENTRY = rows(
    "Entry",
    *(
        Builtin("Entry", name, None, "", _entry, _entry_type)
        for name in ("or_insert", "or_insert_with", "or_default")
    ),
    Builtin("Entry", "and_modify", None, "", map_entries.and_modify, map_entries.and_modify_type),
)
UPDATE = Builtin("HashMap", ENTRY_UPDATE, None, "", _update, lambda ck, e, r: UNIT, mutates=True)
"""`*m.entry(k).or_insert(d) op= x`, typed by `check_update`."""

MUT_RESULTS = frozenset(("or_insert", "or_insert_with", "or_default"))
"""`Entry`'s methods whose result is a `&mut V` in the map (`.or_default().push(x)`)."""


# -- `HashMap::new()` -----------------------------------------------------------------------------


def _new_type(ck: Any, e: Any) -> Ty:
    for arg in e.args:
        ck.unify(USIZE, ck.expr(arg), arg.pos)
    return hash_map(Var(), Var())


FUNCTIONS = [
    Function("HashMap", "new", 0, _new_type, lambda comp, e, args: lambda frame: {}),
    Function("HashMap", "with_capacity", 1, _new_type, lambda comp, e, args: lambda frame: {}),
]


def imported(source: Any) -> bool:
    """Whether a `use` brings it into scope (`uses.collection_imported`: by name, in a
    `{..}` list, by a glob of `std::collections`)."""
    from pbpit.rust.interp.uses import collection_imported

    return collection_imported(source, "HashMap")


def for_refused() -> str:
    what = "a `for` over a HashMap (its order is random in Rust, each run's differs; a "
    return what + "`BTreeMap` visits its keys in order)"


def formatter_refused() -> str:
    return f"`{{:?}}` of a HashMap ({_RANDOM_ORDER})"


def lower_update(lowerer: Any, node: Any, left: Any, value: Any, op: str | None) -> Any:
    """`*m.entry(k).or_insert(d) op= x` (`or_insert_with(f)`: refused; `or_default()`) as one
    `Method` (`ENTRY_UPDATE`) on `m`; None for any other `*place op= x`."""
    from pbpit.rust.interp.nodes import Lit, Method

    call = lowerer.kids(left)[0] if lowerer.kids(left) else None
    if call is None or call.type != "call_expression":
        return None
    unwrapped = unwrapped_assignment(lowerer, node, call, value, op)  # `*m.get_mut(&k).unwrap()`
    if unwrapped is not None:
        return unwrapped
    function = call.child_by_field_name("function")
    if function.type != "field_expression":
        return None
    method = lowerer.text(function.child_by_field_name("field"))
    inner = function.child_by_field_name("value")
    if method not in ("or_insert", "or_default") or inner.type != "call_expression":
        return None
    entry = inner.child_by_field_name("function")
    if entry.type != "field_expression" or lowerer.text(entry.child_by_field_name("field")) != (
        "entry"
    ):
        return None
    keys = lowerer.kids(inner.child_by_field_name("arguments"))
    given = lowerer.kids(call.child_by_field_name("arguments"))
    if len(keys) != 1 or len(given) != (1 if method == "or_insert" else 0):
        return None
    recv = lowerer.expr(entry.child_by_field_name("value"))
    if given:
        default = lowerer.expr(given[0])
    else:
        default = Lit(lowerer.pos(call), "unit", ())
        default.no_default = True
    args = [lowerer.expr(keys[0]), default, value]
    update = Method(lowerer.pos(node), recv, ENTRY_UPDATE, [], args)
    update.op = op
    return update


# -- `m[&k]` ---------------------------------------------------------------------------------------


def check_index(ck: Any, e: Any, recv: Ty) -> Ty:
    """`m[&k]` (`m["a"]` of a `String` key): the value; an assignment to it is rustc's E0594
    (`HashMap` has no `IndexMut`)."""
    if getattr(e, "assigned", False):
        what = f"cannot assign to data in an index of `{show(recv)}`"
        raise ck.fail(e.pos, rejects(what, "E0594"))
    _hashable(ck, e, recv)
    _key_arg(ck, e, recv, e.index)
    return _value(recv)


def compile_index(comp: Any, e: Any) -> Code:
    """A missing key panics as std's `Index::index` does (`#[track_caller]`: at the `[`)."""
    table, key, site = comp.expr(e.base), comp.expr(e.index), comp.panic_site(e.bracket)

    def index(frame: list) -> Any:
        found, k = table(frame), key(frame)
        if k not in found:
            raise site.panic("no entry found for key")
        return found[k]

    return index
