"""`collect` into an `Option<Vec<T>>` or a `Result<Vec<T>, E>` (`iter.collect::<Option<Vec<_>>>()`,
`let v: Result<Vec<f64>, _> = it.map(|s| s.parse()).collect();`), as std's `FromIterator` for
`Option` and `Result` does: the items are `Option<T>` (`Result<T, E>`), pulled until the first
`None` (`Err`), which is the result (no item after it is pulled); else `Some` (`Ok`) of them all.

`collect` into a map (`HashMap<K, V>`, `BTreeMap<K, V>`) of `(K, V)` items, each inserted in turn
(a later value of a key replaces the earlier, as `insert` does), and into a set (`HashSet<T>`,
`BTreeSet<T>`: sets.py) of `T` items."""

from __future__ import annotations

from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp import binary_heap, iterators
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.runtime import Ok
from pbpit.rust.interp.types import (
    Mismatch,
    TupleT,
    Ty,
    Var,
    Wrap,
    dyn_result,
    option,
    resolve,
    show,
    unify,
    vec,
)

_SHORT = ("Option", "Result", "DynResult")


_MAPS = ("HashMap", "BTreeMap")


def _into_map(ck: Any, e: Any, item: Ty, target: Wrap) -> Ty:
    """`collect` into a map: its items `(K, V)`, its keys ones pbpit hashes or orders as Rust
    does (hashmap.py, btreemap.py)."""
    from pbpit.rust.interp import btreemap, hashmap  # (they import the iterators' tables)

    pair = TupleT([target.err if target.err is not None else Var(), target.inner])
    try:
        unify(pair, item)
    except Mismatch:  # rustc: `HashMap<K, V>: FromIterator<T>` is not implemented
        what = (
            f"a value of type `{show(target)}` cannot be built from an iterator over elements "
            f"of type `{show(item)}`"
        )
        raise ck.fail(e.pos, rejects(what, "E0277")) from None
    if target.kind == "HashMap":
        ck.settle_later.append(lambda: hashmap.collected_keys(ck, e, target))
    else:
        btreemap.check_ordered(ck, e, target)
    return target


def collected_type(ck: Any, e: Any, item: Ty, target: Ty) -> Ty | None:
    """The type of `collect` into `target` when it is an `Option` or a `Result` of a `Vec`, the
    items unified with `Option<T>` (`Result<T, E>`), or a map or a set; None for another
    target."""
    from pbpit.rust.interp import sets

    target = resolve(target)
    if type(target) is Wrap and target.kind in _MAPS:
        return _into_map(ck, e, item, target)
    if type(target) is Wrap and target.kind == binary_heap.KIND:  # `FromIterator<T>`: heapified
        return binary_heap.collected_type(ck, e, item, target)
    if type(target) is Wrap and target.kind in sets.KINDS:
        return sets.collected_type(ck, e, item, target)
    if not (type(target) is Wrap and target.kind in _SHORT):
        return None
    inner = resolve(target.inner)
    if not (type(inner) is Wrap and inner.kind == "Vec") and type(inner) is not Var:
        return None
    value: Ty = Var()
    if target.kind == "Option":
        each, made = option(value), option(vec(value))
    else:
        err = target.err if target.err is not None else Var()
        each, made = dyn_result(value, err), dyn_result(vec(value), err)
    ck.unify(target, made, e.pos)
    try:
        unify(each, item)
    except Mismatch:  # rustc: `Option<Vec<i32>>: FromIterator<i32>` is not implemented
        what = (
            f"a value of type `{show(target)}` cannot be built from an iterator over elements "
            f"of type `{show(item)}`"
        )
        raise ck.fail(e.pos, rejects(what, "E0277")) from None
    return made


def collector(ty: Ty) -> Any:
    """The behaviour of `collect` into `ty` when it is an `Option` or `Result`, else None."""
    ty = resolve(ty)
    if type(ty) is Wrap and ty.kind in _MAPS:
        return lambda items: dict(iterators.lazy(items).front())
    if type(ty) is Wrap and ty.kind == binary_heap.KIND:
        return binary_heap.heapified
    if type(ty) is Wrap and ty.kind in ("HashSet", "BTreeSet"):
        from pbpit.rust.interp import sets

        made = sets.made(ty.kind)
        return lambda items: made(iterators.lazy(items).front())
    if not (type(ty) is Wrap and ty.kind in _SHORT):
        return None
    some = Some if ty.kind == "Option" else Ok

    def collect(items: Any) -> Any:
        values = []
        for item in iterators.lazy(items).front():
            if type(item) is not some:
                return item  # the first `None` or `Err`
            values.append(item.value)
        return some(values)

    return collect
