"""std's `BinaryHeap<T>` (`std::collections::BinaryHeap`), a max-heap of `Ord` items (a
priority queue; `Reverse(x)` makes it a min-heap): `BinaryHeap::new()`, `with_capacity(n)`,
`from(vec)`; `push(x)`, `pop()` (the greatest, `Option<T>`), `peek()` (`Option<&T>`), `len`,
`is_empty`, `clear`, `into_sorted_vec()` (ascending). Its `iter()`, `into_vec()` and `{:?}`
show std's internal layout, so they are not rows (refused).

A `BinaryHeap<T>` is the type `Wrap("BinaryHeap", T)`, held as a Python list kept sorted
(greatest last): the items pbpit orders as Rust does (numbers, `bool`, `char`, texts, tuples,
`Reverse`). A float item (only `PartialOrd`) is rustc's E0277 (`f64: Ord`). Named without its
path, `BinaryHeap` needs its `use` (rustc's E0433)."""

from __future__ import annotations

from bisect import insort
from functools import cmp_to_key
from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp.builtins import Builtin, Code, Function, rows
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.ordering import partial_cmp
from pbpit.rust.interp.types import UNIT, USIZE, Ty, Var, Wrap, is_float, resolve, show, vec

KIND = "BinaryHeap"
_ORDER = cmp_to_key(partial_cmp)  # Rust's `Ord` (a struct's derived or own `impl Ord` too)


def heap(inner: Ty) -> Wrap:
    return Wrap(KIND, inner)


def imported(source: Any) -> bool:
    """Whether a `use` brings it into scope (`uses.collection_imported`: by name, in a
    `{..}` list, by a glob of `std::collections`)."""
    from pbpit.rust.interp.uses import collection_imported

    return collection_imported(source, KIND)


def _ord(ck: Any, at: Any, inner: Ty, later: bool = False) -> None:
    """A float item is rustc's E0277 (`f64: Ord`); an item type not known yet is judged at the
    body's end."""
    found = resolve(inner)
    if type(found) is Var and not later:
        ck.settle_later.append(lambda: _ord(ck, at, inner, later=True))
        return
    if is_float(found):
        what = f"the trait bound `{show(found)}: Ord` is not satisfied"
        raise ck.fail(at, rejects(what, "E0277"))


# -- BinaryHeap::new(), with_capacity(n), from(v) -------------------------------------------------


def _new_type(ck: Any, e: Any) -> Ty:
    for arg in e.args:
        ck.expr(arg)
    if e.name.endswith("with_capacity"):
        ck.unify(USIZE, e.args[0].ty, e.args[0].pos)
    made = heap(Var())
    _ord(ck, e.pos, made.inner)
    return made


def _from_type(ck: Any, e: Any) -> Ty:
    found = resolve(ck.expr(e.args[0]))
    if type(found) is not Wrap or found.kind not in ("Vec", "array") or found.size == "slice":
        raise ck.fail(e.args[0].pos, f"`BinaryHeap::from` of `{show(found)}`")
    _ord(ck, e.pos, found.inner)
    return heap(found.inner)


FUNCTIONS = [
    Function(KIND, "new", 0, _new_type, lambda comp, e, args: lambda frame: []),
    Function(KIND, "with_capacity", 1, _new_type, lambda comp, e, args: lambda frame: []),
    Function(
        KIND, "from", 1, _from_type,
        lambda comp, e, args: lambda frame: sorted(args[0](frame), key=_ORDER),
    ),
]


# -- methods --------------------------------------------------------------------------------------


def collected_type(ck: Any, e: Any, item: Ty, target: Wrap) -> Ty:
    """`it.collect::<BinaryHeap<T>>()`: the items `T` (rustc's E0277 for another item type or
    a float, `f64: Ord` unmet)."""
    from pbpit.rust.interp.types import Mismatch, unify

    try:
        unify(target.inner, item)
    except Mismatch:
        what = f"a value of type `{show(target)}` cannot be built from an iterator over "
        raise ck.fail(e.pos, rejects(what + f"elements of type `{show(item)}`", "E0277")) from None
    _ord(ck, e.pos, target.inner)
    return target


def heapified(items: Any) -> list:
    """The heap `collect` makes (std's `BinaryHeap::from(vec)`): pbpit's sorted list."""
    return sorted(items, key=_ORDER)


def _push_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.mutable_receiver(e)
    ck.args(e, resolve(recv).inner)  # type: ignore[attr-defined]
    _ord(ck, e.pos, resolve(recv).inner)  # type: ignore[attr-defined]
    return UNIT


def _push(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (item,) = args

    def push(frame: list) -> Any:
        insort(recv(frame), item(frame), key=_ORDER)  # (after the equal items: any is the max)
        return UNIT

    return push


def _pop(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    return lambda frame: Some(items.pop()) if (items := recv(frame)) else None


def _peek(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    return lambda frame: Some(items[-1]) if (items := recv(frame)) else None


def _clear(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    def clear(frame: list) -> Any:
        recv(frame).clear()
        return UNIT

    return clear


def _sorted_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.args(e)
    return vec(resolve(recv).inner)  # type: ignore[attr-defined]


BINARY_HEAP = rows(
    KIND,
    Builtin(KIND, "push", None, "()", _push, _push_type, mutates=True),
    Builtin(KIND, "pop", (), "option_inner", _pop, mutates=True),
    Builtin(KIND, "peek", (), "option_inner", _peek),
    Builtin(KIND, "len", (), "usize", lambda c, e, recv, a: lambda frame: len(recv(frame))),
    Builtin(KIND, "is_empty", (), "bool", lambda c, e, recv, a: lambda frame: not recv(frame)),
    Builtin(KIND, "clear", (), "()", _clear, mutates=True),
    Builtin(KIND, "into_sorted_vec", None, "", lambda c, e, recv, a: recv, _sorted_type),
)
