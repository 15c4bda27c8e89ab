"""Sorting a slice in place, a row each (`builtins.Builtin`), spread into the `Vec`'s and the
array's families (`std_methods.VEC`, `ARRAY`): `sort`, `sort_unstable` (of `Ord` elements),
`sort_by`, `sort_unstable_by` (a closure giving an `Ordering` of two elements),
`sort_by_key`, `sort_unstable_by_key` (an `Ord` key of an element).

Every element is a Python value of the interpreter; the closure's `Ordering` is -1, 0 or 1
(`ordering.py`), so `sort_by` is Python's stable sort keyed by the closure (`cmp_to_key`):
the order std's stable sort gives. The unstable sorts may order equal elements otherwise in
Rust; that is seen only when elements the closure finds equal differ (`sort_unstable_by_key`
of pairs by one part): such a run is refused when it meets them (`_unstable_tie`), any other
is sorted as Rust sorts it, the order being the one there is. A float is only `PartialOrd`:
`sort()` of floats, and a float key, are rustc's E0277; `a.partial_cmp(b).unwrap()` panics at
the `unwrap` on a NaN as std's sort does when it compares it (one element compares nothing).
"""

from __future__ import annotations

from functools import cmp_to_key
from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code, _inner
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.ordering import partial_cmp
from pbpit.rust.interp.types import UNIT, Ty

_BY = ("sort_by", "sort_unstable_by")
_BY_KEY = ("sort_by_key", "sort_unstable_by_key")


def mutable_slice(ck: Any, e: Any) -> None:
    """The receiver of a `&mut self` method of a slice: a `let mut` variable (or a `&mut`
    one), or a range of one (`v[1..].sort()`, made a view by `slices.check_method`)."""
    if getattr(e.recv, "name", None) == "make_contiguous":  # (a `&mut [T]` of its deque,
        return  # whose `mut` its own check asked)
    if not getattr(e.recv, "view", False):
        ck.mutable_receiver(e)


def _not_ord(ck: Any, e: Any, ty: Ty, what: str) -> None:
    from pbpit.rust.interp.iterators import _not_ord as floats  # (iterators imports the rows)

    found = floats(ty)
    # (a struct without `#[derive(Ord)]` too; a derived `Ord` compares as `partial_cmp` does)
    if found is not None:
        text = f"the trait bound `{found}: Ord` is not satisfied"
        err = ck.fail(e.pos, rejects(text, "E0277"))
        err.label = f"the trait `Ord` is not implemented for `{found}`"
        if found in ("{float}", "f32", "f64"):
            err.label += f" ({what})"
        raise err


def _sort_type(ck: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp.iterators import ORDERING  # (iterators imports the rows)

    mutable_slice(ck, e)
    item = _inner(recv)
    if e.name in ("sort", "sort_unstable"):
        ck.args(e)
        _not_ord(ck, e, item, "write `sort_by(|a, b| a.total_cmp(b))` for floats")
        return UNIT
    ck.arity(e, 1)
    if e.name in _BY:
        fn = ck.closure_arg(e.args[0], [item, item])
        ck.unify(ORDERING, fn.ret, e.args[0].pos)
    else:
        fn = ck.closure_arg(e.args[0], [item])
        _not_ord(ck, e, fn.ret, "a float key is only `PartialOrd`")
    return UNIT


def _unstable_tie(where: str, name: str, items: list, key: Any, map_order: bool = False) -> None:
    """An unstable sort's elements, sorted stably: refused if two the order finds equal
    differ (Rust's unstable sort may put them either way); so are a stable sort's of a `Vec`
    collected from a `HashMap` (`map_order`: equal ones stay in the map's random order)."""
    from pbpit.rust.interp.runtime import Unsupported  # (runtime imports the nodes)

    keys = [key(item) for item in items]
    for i in range(1, len(items)):
        if keys[i - 1] == keys[i] and not _same(items[i - 1], items[i]):
            what = f"`{name}` of elements that compare equal but differ ("
            if map_order:
                what += "collected from a HashMap, they stay in its order, random in Rust)"
            else:
                what += "Rust's unstable sort may order them either way; write the stable sort)"
            raise Unsupported(where, what)


def _same(a: Any, b: Any) -> bool:
    try:
        return type(a) is type(b) and bool(a == b) and repr(a) == repr(b)
    except Exception:  # a value with no equality of its own
        return a is b


def _sort(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    code = _stable(comp, e, recv, args)
    map_order = getattr(e, "map_order", False)  # of a HashMap's entries (hashmap.py)
    if "unstable" not in e.name and not map_order:
        return code
    where, name = comp.where(e.pos), e.name
    function = args[0] if args else None

    def unstable(frame: list) -> Any:
        code(frame)
        items = recv(frame)
        if function is None:
            key: Any = cmp_to_key(lambda a, b: partial_cmp(a, b) or 0)
        elif name.endswith("by_key"):
            key_of, ordered = function(frame), cmp_to_key(lambda a, b: partial_cmp(a, b) or 0)
            key = lambda item: ordered(key_of(item))  # noqa: E731
        else:
            key = cmp_to_key(function(frame))
        _unstable_tie(where, name, items, key, map_order)
        return UNIT

    return unstable


def _stable(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    name = e.name
    if name in ("sort", "sort_unstable"):
        key: Any = cmp_to_key(lambda a, b: partial_cmp(a, b) or 0)

        def sort(frame: list) -> Any:
            recv(frame).sort(key=key)
            return UNIT

        return sort
    (function,) = args
    if name in _BY:

        def sort_by(frame: list) -> Any:
            items, order = recv(frame), function(frame)
            if len(items) > 1:
                items.sort(key=cmp_to_key(order))
            return UNIT

        return sort_by

    def sort_by_key(frame: list) -> Any:
        items, key_of = recv(frame), function(frame)
        if len(items) > 1:
            ordered = cmp_to_key(lambda a, b: partial_cmp(a, b) or 0)
            items.sort(key=lambda item: ordered(key_of(item)))
        return UNIT

    return sort_by_key


SORTS = ("sort", "sort_unstable", *_BY, *_BY_KEY)


def sort_rows(family: str) -> list[Builtin]:
    """The sorting methods of a slice, as rows of `family` (`Vec`, `array`)."""
    return [Builtin(family, name, None, "()", _sort, _sort_type, mutates=True) for name in SORTS]
