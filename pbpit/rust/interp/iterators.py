"""Rust's iterator chains at run time: `v.iter().map(f).filter(p).enumerate().zip(..)`, lazy
as Rust's are, so a closure runs when the consumer pulls its item (a tensor a `map` makes gets
its NodeId in the order Rust's pulls give, not all at once), and consumers (`collect`, `sum`,
`fold`, `for_each`...).

A `Vec`, an array or a range is held as a Python sequence; an adapter wraps it in a `Lazy`.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable, Iterator
from itertools import chain, islice
from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp import slice_rchunks
from pbpit.rust.interp.builtins import Builtin, rows
from pbpit.rust.interp.fn_comparators import refuse_reference_items
from pbpit.rust.interp.iter_back import NEXT_BACK
from pbpit.rust.interp.iter_by_ref import BY_REF
from pbpit.rust.interp.nodes import Local, Unsupported
from pbpit.rust.interp.ordering import partial_cmp
from pbpit.rust.interp.slices import _to_vec, slice_of
from pbpit.rust.interp.types import (
    BOOL,
    CHAR,
    FLOAT_NAMES,
    INT_RANGES,
    STR,
    STRING,
    USIZE,
    Named,
    StructT,
    TupleT,
    Ty,
    Var,
    Wrap,
    option,
    resolve,
    show,
    vec,
)


class Lazy:
    """An iterator adapter not run yet: how to pull its items from the front, from the back
    (a `DoubleEndedIterator`, else None) and its length (an `ExactSizeIterator`, else None).
    `cursor` is set on an iterator already stepped by hand (`it.next()`, `peekable()`): its
    front is that cursor, so every later pull goes on where the last one stopped."""

    __slots__ = ("front", "back", "size", "cursor")

    def __init__(
        self,
        front: Callable[[], Iterator[Any]],
        back: Callable[[], Iterator[Any]] | None = None,
        size: Callable[[], int] | None = None,
        cursor: Cursor | None = None,
    ) -> None:
        self.front = front
        self.back = back
        self.size = size
        self.cursor = cursor

    def __iter__(self) -> Iterator[Any]:
        return self.front()


def lazy(items: Lazy | Iterable[Any]) -> Lazy:
    """`items` as a `Lazy` (a sequence is double-ended and exact-size)."""
    if type(items) is Lazy:
        return items
    seq: Any = items
    return Lazy(lambda: iter(seq), lambda: reversed(seq), lambda: len(seq))


def mapped(items: Any, f: Callable[[Any], Any]) -> Lazy:
    src = lazy(items)
    back = src.back
    return Lazy(
        lambda: map(f, src.front()), (lambda: map(f, back())) if back else None, src.size
    )


def filtered(items: Any, keep: Callable[[Any], bool]) -> Lazy:
    src = lazy(items)
    back = src.back
    return Lazy(lambda: filter(keep, src.front()), (lambda: filter(keep, back())) if back else None)


def enumerated(items: Any) -> Lazy:
    src = lazy(items)
    back, size = src.back, src.size

    def from_back() -> Iterator[Any]:
        assert back is not None and size is not None
        return zip(range(size() - 1, -1, -1), back(), strict=False)

    return Lazy(lambda: enumerate(src.front()), from_back if back and size else None, size)


def zipped(items: Any, other: Any) -> Lazy:
    # Rust's `Zip` pulls the left item first and stops there when it is `None`: Python's too.
    a, b = lazy(items), lazy(other)
    if not (a.size and b.size):
        return Lazy(lambda: zip(a.front(), b.front(), strict=False))
    size_a, size_b = a.size, b.size

    def from_back() -> Iterator[Any]:
        # Rust's `Zip::next_back` first drops the longer side's extra items from its back.
        assert a.back is not None and b.back is not None
        n = min(size_a(), size_b())
        back_a = islice(a.back(), size_a() - n, None)
        return zip(back_a, islice(b.back(), size_b() - n, None), strict=False)

    def from_front() -> Iterator[Any]:
        # Both sides exact-size (slices, ranges, their maps): Rust's `Zip` takes the
        # TrustedRandomAccess path, which stops at the shorter length without pulling the
        # longer side's next item (rustc 1.95: `a.iter().map(print).zip(b.iter())` with a
        # 3-long `a` and 2-long `b` prints two lines).
        return islice(zip(a.front(), b.front(), strict=False), min(size_a(), size_b()))

    back = from_back if a.back and b.back else None
    return Lazy(from_front, back, lambda: min(size_a(), size_b()))


def reversed_(items: Any, where: str) -> Any:
    if type(items) is not Lazy:
        return items[::-1]
    if items.back is None:
        raise Unsupported(where, "`rev` of this iterator (it is not double-ended)")
    return Lazy(items.back, items.front, items.size)


def stepped(items: Any, n: int) -> Any:
    if type(items) is not Lazy:
        return items[::n]
    return Lazy(lambda: islice(items.front(), 0, None, n))


def sliced(items: Any, name: str, n: int) -> Lazy:
    """`skip(n)` / `take(n)`; from the back only over an exact-size source, as Rust's."""
    src = lazy(items)
    whole, back = src.size, src.back
    if whole is None:
        if name == "skip":
            return Lazy(lambda: islice(src.front(), n, None))
        return Lazy(lambda: islice(src.front(), n))
    if name == "skip":
        size = lambda: max(0, whole() - n)  # noqa: E731
        from_back = (lambda: islice(back(), size())) if back else None
        return Lazy(lambda: islice(src.front(), n, None), from_back, size)
    size = lambda: min(n, whole())  # noqa: E731
    from_back = (lambda: islice(back(), whole() - size(), None)) if back else None
    return Lazy(lambda: islice(src.front(), n), from_back, size)


def count(items: Any) -> int:
    if type(items) is not Lazy:
        return len(items)
    return sum(1 for _ in items.front())


def length(items: Any) -> int:
    """`ExactSizeIterator::len`: takes `&self`, so nothing is pulled (a stepped iterator keeps
    its items)."""
    if type(items) is Lazy and items.size is not None:
        return items.size()
    return count(items)


def last(items: Any) -> Any:
    found = None
    for item in lazy(items).front():
        found = Some(item)
    return found


def position(items: Any, test: Callable[[Any], bool]) -> Any:
    for i, item in enumerate(lazy(items).front()):
        if test(item):
            return Some(i)
    return None


def rposition(items: Any, test: Callable[[Any], bool]) -> Any:
    """`rposition`: the front index of the last item passing `test`, tried from the back."""
    it = lazy(items)
    assert it.back is not None and it.size is not None  # (the checker's: a slice's `iter()`)
    last = it.size() - 1
    for k, item in enumerate(it.back()):
        if test(item):
            return Some(last - k)
    return None


def reduce(items: Any, f: Callable[[Any, Any], Any]) -> Any:
    pulled = lazy(items).front()
    for first in pulled:
        acc = first
        for item in pulled:
            acc = f(acc, item)
        return Some(acc)
    return None


# -- iterators stepped by hand: `let mut it = v.iter(); while let Some(x) = it.next()`, `peekable` -


class Cursor:
    """A started iterator: `next()` pulls one item, `peek()` looks at it without taking it (the
    item is pulled from the source then, once, as `Peekable::peek` does)."""

    __slots__ = ("pulled", "peeked", "left")

    _EMPTY = object()

    def __init__(self, pulled: Iterator[Any], left: int | None) -> None:
        self.pulled = pulled
        self.peeked: Any = Cursor._EMPTY
        self.left = left

    def __iter__(self) -> Iterator[Any]:
        return self

    def __next__(self) -> Any:
        if self.peeked is not Cursor._EMPTY:
            item, self.peeked = self.peeked, Cursor._EMPTY
            if item is None:
                raise StopIteration
            self.left = None if self.left is None else self.left - 1
            return item.value
        item = next(self.pulled)
        self.left = None if self.left is None else self.left - 1
        return item

    def next(self) -> Any:
        """`Iterator::next`: `Some(item)` or None."""
        for item in self:
            return Some(item)
        return None

    def peek(self) -> Any:
        if self.peeked is Cursor._EMPTY:
            self.peeked = self.next()
            if self.peeked is not None and self.left is not None:
                self.left += 1  # peeked, not taken yet
        return self.peeked


def started(items: Any) -> Lazy:
    """`items` as an iterator stepped by hand (itself if it already is one)."""
    if type(items) is Lazy and items.cursor is not None:
        return items
    src = lazy(items)
    cursor = Cursor(src.front(), src.size() if src.size else None)
    size = (lambda: cursor.left) if cursor.left is not None else None  # type: ignore[return-value]
    return Lazy(lambda: cursor, None, size, cursor)  # type: ignore[arg-type]


def chained(items: Any, other: Any) -> Lazy:
    a, b = lazy(items), lazy(other)
    back = (lambda: chain(b.back(), a.back())) if a.back and b.back else None  # type: ignore[misc]
    size_a, size_b = a.size, b.size
    size = (lambda: size_a() + size_b()) if size_a and size_b else None
    return Lazy(lambda: chain(a.front(), b.front()), back, size)


def flat_mapped(items: Any, f: Callable[[Any], Any], where: str) -> Lazy:
    """`flat_map(f)` (`flatten()` with `f` the identity): each item's iterator pulled whole
    before the next item is made, from the front or, reversed, from the back."""
    src = lazy(items)

    def inner_back(item: Any) -> Iterator[Any]:
        inner = lazy(_as_items(f(item)))
        if inner.back is None:
            raise Unsupported(where, "`rev` of this iterator (its items are not double-ended)")
        return inner.back()

    src_back = src.back
    back = (lambda: (y for x in src_back() for y in inner_back(x))) if src_back else None
    return Lazy(lambda: (y for x in src.front() for y in lazy(_as_items(f(x))).front()), back)


def windows(items: list[Any], n: int, chunks: bool, exact: bool = False) -> Lazy:
    """`windows(n)` / `chunks(n)` / `chunks_exact(n)` (`exact`: the last chunk left out when
    shorter than `n`) of a slice: its sub-slices, double-ended and exact-size."""
    size = len(items)
    if chunks:
        starts = range(0, size - size % n if exact else size, n)
        return Lazy(
            lambda: (items[i : i + n] for i in starts),
            lambda: (items[i : i + n] for i in reversed(starts)),
            lambda: len(starts),
        )
    starts = range(max(0, size - n + 1))
    return Lazy(
        lambda: (items[i : i + n] for i in starts),
        lambda: (items[i : i + n] for i in reversed(starts)),
        lambda: len(starts),
    )


def best(items: Any, compare: Callable[[Any, Any], int], greatest: bool) -> Any:
    """`max_by` / `min_by`, as core folds them: `compare(kept, next)`; on a tie `max` keeps the
    later item and `min` the earlier one."""
    pulled = lazy(items).front()
    for kept in pulled:
        for item in pulled:
            order = compare(kept, item)
            if greatest:
                if order != 1:
                    kept = item
            elif order == 1:
                kept = item
        return Some(kept)
    return None


def best_by_key(items: Any, key: Callable[[Any], Any], greatest: bool) -> Any:
    """`max_by_key` / `min_by_key`: each key made once, in order, then compared as `Ord` does."""
    keyed = ((key(x), x) for x in lazy(items).front())
    found = best(keyed, lambda a, b: partial_cmp(a[0], b[0]) or 0, greatest)
    return None if found is None else Some(found.value[1])


def total_cmp(a: float, b: float) -> int:
    """`f32::total_cmp` / `f64::total_cmp`: IEEE 754's total order (-NaN < -inf < .. < -0 < +0
    < .. < inf < NaN), read from the bits as core does."""
    x, y = (struct.unpack("<q", struct.pack("<d", v))[0] for v in (a, b))
    x ^= (x >> 63) & 0x7FFF_FFFF_FFFF_FFFF
    y ^= (y >> 63) & 0x7FFF_FFFF_FFFF_FFFF
    return (x > y) - (x < y)


# -- typing and compiling these methods (hooks in check.py's and compile.py's method dispatch) ----

PEEKABLE = 1
"""The `size` of a `Wrap("Iter", item)` that is a `Peekable` (only it has `peek`)."""

ORDERING = Named("Ordering")
"""`std::cmp::Ordering`, held as -1, 0, 1 (`Less`, `Equal`, `Greater`)."""

_ON_ITERATORS = frozenset(
    "next peekable peek chain flat_map flatten find nth max min max_by min_by max_by_key "
    "min_by_key next_back by_ref".split()
)
_ON_SLICES = frozenset(("windows", "chunks", "chunks_exact", "rchunks", "to_vec"))
_COMPARES = frozenset(("partial_cmp", "cmp", "total_cmp"))
_JOINS = frozenset(("join",))  # (`concat` of texts or of `Vec`s: slice_rows.py)


def _not_ord(ty: Ty) -> str | None:
    """The type that keeps `ty` from being `Ord` (floats are only `PartialOrd`; a struct or
    enum of the program's without `#[derive(Ord)]`), or None."""
    ty = resolve(ty)
    if type(ty) is StructT:
        return None if "Ord" in ty.item.derives else show(ty)  # type: ignore[attr-defined]
    if type(ty) is Var:
        return "{float}" if ty.kind == "float" else None
    if type(ty) is Named and ty.name in FLOAT_NAMES:
        return ty.name
    if type(ty) is Wrap:
        return _not_ord(ty.inner)
    if type(ty) is TupleT:
        return next((n for n in map(_not_ord, ty.elems) if n is not None), None)
    return None


def _compared_option(ty: Ty, total: bool) -> bool:
    """Whether `ty` is an `Option` of what `_compared_tuple` compares (core's `Option` order:
    `None` before any `Some`, then the values')."""
    ty = resolve(ty)
    return type(ty) is Wrap and ty.kind == "Option" and _compared_tuple(TupleT([ty.inner]), total)


def _compared_tuple(ty: Ty, total: bool) -> bool:
    """Whether `ty` is a tuple whose elements pbpit compares as core's tuple `Ord` (`total`)
    or `PartialOrd` does: numbers (no float for `Ord`), texts, `bool`s, `char`s, tuples of
    them, structs and enums deriving the trait."""
    ty = resolve(ty)
    if type(ty) is not TupleT:
        return False
    for elem in map(resolve, ty.elems):
        if type(elem) is TupleT:
            ok = _compared_tuple(elem, total)
        elif type(elem) is StructT:
            ok = ("Ord" if total else "PartialOrd") in elem.item.derives  # type: ignore[attr-defined]
        elif type(elem) is Named and elem.name in FLOAT_NAMES:
            ok = not total
        elif type(elem) is Var:  # `{integer}`, `{float}`
            ok = elem.kind == "int" or (elem.kind == "float" and not total)
        else:
            ok = elem in (STR, STRING, BOOL, CHAR)
            ok = ok or type(elem) is Named and elem.name in INT_RANGES
        if not ok:
            return False
    return True


def check_open_compare(ck: Any, e: Any, recv: Var) -> Ty | None:
    """`a.partial_cmp(b)` / `3.cmp(&n)` on an `{integer}` or `{float}`: trait methods every such
    type has, found while the type is open, as rustc finds them."""
    if e.name == "partial_cmp" or (e.name == "cmp" and recv.kind == "int"):
        return check_method(ck, e, recv)
    return None


def check_method(ck: Any, e: Any, recv: Ty) -> Ty | None:
    """The type of one of this module's methods (`e`, on a receiver of type `recv`), or None
    when `e` is not one of them: which receivers have the method is decided here, its types by
    its row (`ITERATORS`). `ck` is check.py's `Checker`."""
    from pbpit.rust.interp.check_tables import iterator  # (check imports this module)

    name = e.name
    number = type(recv) is Var or (
        type(recv) is Named and (recv.name in FLOAT_NAMES or recv.name in INT_RANGES)
    )
    if name in _COMPARES and (number or recv in (STR, STRING, BOOL, CHAR)):
        return ITERATORS[name].types(ck, e, recv)
    if name in ("cmp", "partial_cmp") and _compared_tuple(recv, name == "cmp"):
        return ITERATORS[name].types(ck, e, recv)  # `(String, String)`: lexicographic
    if name in ("cmp", "partial_cmp") and _compared_option(recv, name == "cmp"):
        return ITERATORS[name].types(ck, e, recv)  # `Option<f32>`: `None` first
    if recv is ORDERING:  # `a.cmp(&b).then(..)` (std_cmp.py)
        from pbpit.rust.interp import std_cmp  # (it imports this module)

        return std_cmp.check_method(ck, e, recv)
    if type(recv) is not Wrap:
        return None
    joined = name in _JOINS and resolve(recv.inner) in (STR, STRING)
    if (joined or name in _ON_SLICES) and recv.kind in ("Vec", "array"):
        return ITERATORS[name].types(ck, e, recv)  # `[S]::join(&str)` for `S: Borrow<str>`
    if name == "remainder" and _of_chunks_exact(e):  # `v.chunks_exact(n).remainder()`
        return ITERATORS[name].types(ck, e, recv)
    if name not in _ON_ITERATORS or not iterator(recv):
        return None
    return ITERATORS[name].types(ck, e, recv)


def _of_chunks_exact(e: Any) -> bool:
    return _chunks_exact_call(e.recv) is not None


def _chunks_exact_call(recv: Any) -> Any:
    """The `v.chunks_exact(n)` call a `remainder()` is of: the receiver itself, or the value
    of `let it = v.chunks_exact(n);` (`v` a variable, `n` a literal or an immutable variable:
    both the same when `it.remainder()` reads them again); else None."""
    from pbpit.rust.interp.nodes import Lit, Local, Method

    if isinstance(recv, Method) and recv.name == "chunks_exact":
        return recv
    made = getattr(recv.binding, "chunks_exact", None) if isinstance(recv, Local) else None
    if made is None or not isinstance(made.recv, Local) or len(made.args) != 1:
        return None
    size = made.args[0]
    if isinstance(size, Lit) or (isinstance(size, Local) and not size.binding.mutable):
        return made
    return None


def _remainder_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.args(e)
    return _item(recv)  # the slice `chunks_exact` left out: `&[T]`, held as an array


def _remainder(comp: Any, e: Any, recv: Any, args: list[Any]) -> Any:
    """The last `len % n` elements: read from the slice and `n` (the chunks are not made;
    `n == 0` panics as `chunks_exact(0)` does)."""
    made = _chunks_exact_call(e.recv)
    items, size = comp.expr(made.recv), comp.expr(made.args[0])
    chunks = _sub_slices(comp, made, items, [size])

    def remainder(frame: list) -> Any:
        whole, n = items(frame), size(frame)
        if n == 0:
            chunks(frame)  # (panics)
        return whole[len(whole) - len(whole) % n :]

    return remainder


def _item(recv: Ty) -> Ty:
    return recv.inner  # type: ignore[attr-defined]


def _windows_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.value_args(e, USIZE)
    return Wrap("Iter", slice_of(_item(recv)))  # `&[T]`s: `Vec<&[f32]>` collects them


def _to_vec_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.args(e)  # a slice's (a window's, a chunk's) items as a `Vec`, each cloned
    return vec(_item(recv))


def _pull_type(ck: Any, e: Any, recv: Ty) -> Ty | None:
    """`next`, `peek`, `nth`: `&mut self`, on a variable (a temporary needs no `mut`)."""
    if e.name == "peek" and recv.size != PEEKABLE:  # type: ignore[attr-defined]
        return None  # rustc's E0599: only a `Peekable` has `peek`
    if isinstance(e.recv, Local):
        ck.mutable_receiver(e)
    ck.value_args(e, *([USIZE] if e.name == "nth" else []))  # `nth(&n)`: rustc's E0308
    return option(_item(recv))


def _peekable_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.args(e)
    return Wrap("Iter", _item(recv), PEEKABLE)


def _chain_type(ck: Any, e: Any, recv: Ty) -> Ty:
    (other,) = ck.args(e, Var())
    found = resolve(other)
    if not (type(found) is Wrap and found.kind in ("Vec", "array", "Range", "Iter", "Option")):
        raise ck.fail(e.args[0].pos, f"`{show(other)}` is not an iterator")  # (`Option`: 0 or 1)
    if found.kind == "Option" and e.args[0].borrowed:  # `chain(&o)`: `&T` items
        from pbpit.rust.interp.lower_pats import reference_items

        if not reference_items(e.recv):  # (after values: rustc's E0271)
            raise ck.fail(e.args[0].pos, "`chain(&o)` of an `Option` after items not `&T`")
    from pbpit.rust.interp.check_tables import start_of
    from pbpit.rust.interp.grammar import rejects
    from pbpit.rust.interp.types import Mismatch, unify

    try:
        unify(_item(recv), found.inner)
    except Mismatch:  # `once(7.0).chain(vec![1, 2])`: the bound `IntoIter<Item = ..>` fails
        want, have = show(resolve(_item(recv))), show(resolve(found.inner))
        what = f"type mismatch resolving `<{show(found)} as IntoIterator>::Item == {want}`"
        err = ck.fail(start_of(e.args[0]), rejects(what, "E0271"))
        err.label = f"expected `{want}`, found `{have}`"
        raise err from None
    return Wrap("Iter", _item(recv))


def _flat_type(ck: Any, e: Any, recv: Ty) -> Ty:
    name, item = e.name, _item(recv)
    if name == "flatten":
        ck.args(e)
        inner = resolve(item)
    else:
        ck.arity(e, 1)
        inner = resolve(ck.closure_arg(e.args[0], [item]).ret)
    if not (type(inner) is Wrap and inner.kind in ("Vec", "array", "Range", "Iter", "Option")):
        raise ck.fail(e.pos, f"`{name}` of `{show(inner)}` items (pbpit flattens iterators)")
    return Wrap("Iter", inner.inner)


def _find_type(ck: Any, e: Any, recv: Ty) -> Ty:
    if isinstance(e.recv, Local):
        ck.mutable_receiver(e)
    ck.arity(e, 1)
    ck.unify(BOOL, ck.closure_arg(e.args[0], [_item(recv)]).ret, e.args[0].pos)
    return option(_item(recv))


def _best_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`max`, `min` (of `Ord` items), `max_by`/`min_by` (an `Ordering` of two items),
    `max_by_key`/`min_by_key` (an `Ord` key of an item)."""
    name, item = e.name, _item(recv)
    if name in ("max", "min"):
        ck.args(e)
        _require_ord(ck, e, item)
    elif name in ("max_by", "min_by"):
        ck.arity(e, 1)
        refuse_reference_items(ck, e)  # `v.iter().max_by(f32::total_cmp)`: E0631
        ck.unify(ORDERING, ck.closure_arg(e.args[0], [item, item]).ret, e.args[0].pos)
    else:
        ck.arity(e, 1)
        _require_ord(ck, e, ck.closure_arg(e.args[0], [item]).ret)
    return option(item)


def _require_ord(ck: Any, e: Any, ty: Ty) -> None:
    found = _not_ord(ty)
    if found is not None:
        what = f"the trait bound `{found}: Ord` is not satisfied (rustc rejects it: error[E0277]"
        if found in ("{float}", *FLOAT_NAMES):
            what += "; floats are only `PartialOrd`: write `max_by(|a, b| a.total_cmp(b))`"
        raise ck.fail(e.pos, what + ")")


def _check_compare(ck: Any, e: Any, recv: Ty) -> Ty | None:
    name = e.name
    is_float = (type(recv) is Var and recv.kind == "float") or (
        type(recv) is Named and recv.name in FLOAT_NAMES
    )
    if name == "total_cmp" and not is_float:
        return None
    if name == "cmp" and is_float:
        raise ck.fail(
            e.pos,
            f"`{show(recv)}` is not an iterator (rustc rejects `cmp` of a float: error[E0599]; "
            "write `partial_cmp` or `total_cmp`)",
        )
    (other,) = ck.args(e, Var())
    if not e.args[0].borrowed and ck.owned(e.args[0]):  # `a.partial_cmp(b.loss)`: `&Self` taken
        shown = show(other)
        raise ck.fail(e.args[0].pos, f"mismatched types: expected `&{shown}`, found `{shown}`")
    if resolve(recv) in (STR, STRING) and resolve(other) in (STR, STRING):
        pass  # `String::cmp(&str)` is not std's, but `s.as_str().cmp(t)` is: one text order
    else:
        ck.unify(recv, other, e.args[0].pos)
    return option(ORDERING) if name == "partial_cmp" else ORDERING


def advancing(comp: Any, e: Any, recv: Any) -> Any:
    """The code of the receiver of a method that takes `&mut self` and pulls items (`next`,
    `any`, `position`, `find`...): on a variable, the variable comes to hold the iterator, stepped,
    so the items pulled are gone from it, as in Rust; a temporary is pulled where it is."""
    if not isinstance(e.recv, Local):
        return recv
    store = comp.setter(e.recv)

    def stepped_in_place(frame: list) -> Any:
        items = recv(frame)
        it = started(items)
        if it is not items:
            store(frame, it)
        return it

    return stepped_in_place


# -- behaviour ------------------------------------------------------------------------------------


def _compare(comp: Any, e: Any, recv: Any, args: list[Any]) -> Any:
    (other,) = args
    if e.name == "total_cmp":
        return lambda frame: total_cmp(recv(frame), other(frame))
    if e.name == "cmp":
        return lambda frame: partial_cmp(recv(frame), other(frame))

    def partial(frame: list) -> Any:
        order = partial_cmp(recv(frame), other(frame))
        return None if order is None else Some(order)

    return partial


def _join(comp: Any, e: Any, recv: Any, args: list[Any]) -> Any:
    (separator,) = args
    return lambda frame: separator(frame).join(recv(frame))


def _sub_slices(comp: Any, e: Any, recv: Any, args: list[Any]) -> Any:
    """`windows(n)`, `chunks(n)`, `chunks_exact(n)`; `n == 0` panics as core's `#[track_caller]`
    assert does, at the call (`window size must be non-zero`; rustc 1.95)."""
    (size,), name, site = args, e.name, comp.panic_site(e.pos)
    what = "window size" if name == "windows" else "chunk size"

    def sub_slices(frame: list) -> Any:
        items, n = recv(frame), size(frame)
        if n == 0:
            raise site.panic(f"{what} must be non-zero")
        return windows(items, n, name != "windows", name == "chunks_exact")

    return sub_slices


def _pull(comp: Any, e: Any, recv: Any, args: list[Any]) -> Any:
    source, name = advancing(comp, e, recv), e.name
    step = args[0] if args else None

    def pull(frame: list) -> Any:
        it = started(source(frame))
        assert it.cursor is not None
        if name == "peek":
            return it.cursor.peek()
        for _ in range(step(frame) if step is not None else 0):
            if it.cursor.next() is None:
                return None
        return it.cursor.next()

    return pull


def _flat_map(comp: Any, e: Any, recv: Any, args: list[Any]) -> Any:
    where = comp.where(e.pos)
    if e.name == "flatten":
        return lambda frame: flat_mapped(recv(frame), lambda item: item, where)
    (function,) = args
    return lambda frame: flat_mapped(recv(frame), function(frame), where)


def _find(comp: Any, e: Any, recv: Any, args: list[Any]) -> Any:
    (test,) = args
    source = advancing(comp, e, recv)

    def find(frame: list) -> Any:
        keep = test(frame)
        for item in lazy(source(frame)).front():
            if keep(item):
                return Some(item)
        return None

    return find


def _best(comp: Any, e: Any, recv: Any, args: list[Any]) -> Any:
    name = e.name
    greatest = name.startswith("max")
    if name in ("max", "min"):
        return lambda frame: best(recv(frame), lambda a, b: partial_cmp(a, b) or 0, greatest)
    (function,) = args
    if name in ("max_by", "min_by"):
        return lambda frame: best(recv(frame), function(frame), greatest)
    return lambda frame: best_by_key(recv(frame), function(frame), greatest)


ITERATORS = rows(
    "iterators",
    *(Builtin("iterators", n, None, "", _compare, _check_compare) for n in _COMPARES),
    Builtin("iterators", "join", ("str",), "String", _join),
    Builtin("iterators", "to_vec", None, "", _to_vec, _to_vec_type),
    *(
        Builtin("iterators", n, None, "", _sub_slices, _windows_type)
        for n in ("windows", "chunks", "chunks_exact")
    ),
    *(Builtin("iterators", n, None, "", _pull, _pull_type) for n in ("next", "peek", "nth")),
    Builtin(
        "iterators", "peekable", None, "",
        lambda comp, e, recv, args: lambda frame: started(recv(frame)), _peekable_type,
    ),
    Builtin(
        "iterators", "chain", None, "",
        lambda comp, e, recv, args: lambda frame: chained(recv(frame), _as_items(args[0](frame))),
        _chain_type,
    ),
    *(Builtin("iterators", n, None, "", _flat_map, _flat_type) for n in ("flat_map", "flatten")),
    Builtin("iterators", "find", None, "", _find, _find_type),
    Builtin("iterators", "remainder", None, "", _remainder, _remainder_type),
    *(
        Builtin("iterators", n, None, "", _best, _best_type)
        for n in ("max", "min", "max_by", "min_by", "max_by_key", "min_by_key")
    ),
    NEXT_BACK,  # `m.iter().next_back()` (iter_back.py)
    BY_REF,  # `it.by_ref()` (iter_by_ref.py)
    *slice_rchunks.rows(_windows_type),  # `v.rchunks(n)` (slice_rchunks.py)
)
"""Methods of iterators (`next`, `peekable`, `chain`, `find`, `max_by`..), of slices
(`windows`, `chunks`, `to_vec`, `join`, `concat`) and comparisons (`partial_cmp`, `cmp`,
`total_cmp`): the receivers that have each are `check_method`'s to say."""


def _as_items(item: Any) -> Any:
    """An `Option` flattened is its value or nothing; any other item is its own iterator."""
    if item is None:
        return ()
    return (item.value,) if type(item) is Some else item
