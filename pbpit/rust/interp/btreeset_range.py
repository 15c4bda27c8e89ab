"""`s.range(a..b)` of a `BTreeSet` (`a..=b`, `a..`, `..b`, `..=b`; `builtins.Builtin`, spread
into `sets.BTREESET`): the items the range holds, in order (the sequence-length bucket a
length falls in: `bounds.range(n..).next()`). Typed as a `BTreeMap`'s `range` is (btreemap.py):
the bounds of the set's item type, integers; a start past the end panics in alloc as std's
does (`BTreeSet::range`, its own message and line), for a set holding any item."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import borrowed_keys, open_ranges, types
from pbpit.rust.interp.builtins import Builtin, Code, _inner
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import Ty, Var, Wrap, is_int, resolve, show


def _range_type(ck: Any, e: Any, recv: Ty) -> Ty:
    item = _inner(recv)
    ck.arity(e, 1)
    found = resolve(ck.expr(e.args[0]))
    if open_ranges.is_open(e.args[0]):  # `s.range(..=k)`, `..k`, `k..` (open_ranges.py)
        open_ranges.check_range(ck, e, item)
        found = Wrap("Range", item)
    if type(found) is not Wrap or found.kind != "Range" or e.args[0].borrowed:
        raise ck.fail(e.args[0].pos, f"`range` of `{show(found)}` (pbpit's: `a..b`, `a..=b`)")
    # (`T: Borrow<K>`: a range does not type the items, `borrowed_keys.deferred`)
    if not borrowed_keys.deferred(ck, item, lambda: _bounds(ck, e, item, found)):
        _bounds(ck, e, item, found)
    return Wrap("Iter", item)


def _bounds(ck: Any, e: Any, item: Ty, found: Any) -> None:
    try:  # `s.range(a..3)`, `a: i64`, of `i32` items: `Range<i64>: RangeBounds<i32>` fails
        types.unify(item, found.inner)
    except types.Mismatch:
        what = f"the trait bound `std::ops::Range<{show(resolve(found.inner))}>: "
        what += f"RangeBounds<{show(resolve(item))}>` is not satisfied"
        raise ck.fail(e.args[0].pos, rejects(what, "E0277")) from None
    if not is_int(resolve(item)) and type(resolve(item)) is not Var:
        raise ck.fail(e.pos, f"`range` of a BTreeSet of `{show(item)}`")


def _range(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp import btreemap

    if open_ranges.is_open(e.args[0]):  # (its items as a map's keys, each with no value)
        pairs = open_ranges.compile_range(comp, e, recv, lambda s: [(x, None) for x in s])
        return lambda frame: [x for x, _ in pairs(frame)]
    (bounds,) = args
    inclusive = getattr(e.args[0], "inclusive", False)

    def range_(frame: list) -> Any:
        items, keys = recv(frame), bounds(frame)
        if not items:  # std's tree with no root searches nothing, so checks nothing either
            return []
        btreemap.check_range(keys, inclusive, "BTreeSet::range")
        return [x for x in items if keys.start <= x < keys.stop]  # (in order)

    return range_


ROWS = (Builtin("BTreeSet", "range", None, "", _range, _range_type),)
