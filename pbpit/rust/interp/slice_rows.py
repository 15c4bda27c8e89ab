"""Methods a `Vec`, an array and a slice share, as core defines them, beyond `std_more`'s
`slice_more` (which spreads these in): `partition_point` and `binary_search_by` (core's
binary search, so the predicate or comparator sees the elements core's loop visits) and
`concat` of a slice of `Vec`s or arrays."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code, _inner
from pbpit.rust.interp.types import BOOL, STR, STRING, USIZE, Ty, Wrap, resolve, show, vec


def _partition_point_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.arity(e, 1)
    fn = ck.closure_arg(e.args[0], [_inner(recv)])  # `|x: &T| ..`
    ck.unify(BOOL, fn.ret, e.args[0].pos)
    return USIZE


def _partition_point(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """core's `partition_point`: `binary_search_by` with `Less` where the predicate holds,
    `Greater` where not (never `Equal`), so the predicate is called on the elements core's
    loop visits, in its order; the index of the first element it does not hold for."""
    (function,) = args

    def partition_point(frame: list) -> Any:
        items, pred = recv(frame), function(frame)
        size = len(items)
        if size == 0:
            return 0
        base = 0
        while size > 1:
            half = size // 2
            mid = base + half
            if pred(items[mid]):
                base = mid
            size -= half
        return base + (1 if pred(items[base]) else 0)

    return partition_point


def _search_by_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`binary_search_by(|x| x.partial_cmp(&t).unwrap())`: an `Ordering` of each element the
    search visits; `Result<usize, usize>` (where it is, or where it would go)."""
    from pbpit.rust.interp.iterators import ORDERING  # (iterators imports the rows)
    from pbpit.rust.interp.types import dyn_result

    ck.arity(e, 1)
    fn = ck.closure_arg(e.args[0], [_inner(recv)])  # `|x: &T| ..`
    ck.unify(ORDERING, fn.ret, e.args[0].pos)
    return dyn_result(USIZE, USIZE)


def _search_by(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """core's `binary_search_by` (rustc 1.95), as `std_more._binary_search` runs it: `size`
    halved with no early exit on `Equal`, the comparator called on the elements core's loop
    visits, in its order (`Ordering` is -1, 0, 1)."""
    from pbpit.rust.interp.results import Err
    from pbpit.rust.interp.runtime import Ok  # (runtime imports the nodes)

    (function,) = args

    def binary_search_by(frame: list) -> Any:
        items, order_of = recv(frame), function(frame)
        size = len(items)
        if size == 0:
            return Err(0)
        base = 0
        while size > 1:
            half = size // 2
            mid = base + half
            if order_of(items[mid]) != 1:
                base = mid
            size -= half
        order = order_of(items[base])
        return Ok(base) if order == 0 else Err(base + (order == -1))

    return binary_search_by


def _concat_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`[V]::concat()` of `V: Borrow<[T]>` (a `Vec<Vec<T>>`, an array of arrays): a `Vec<T>`;
    of texts (`S: Borrow<str>`): a `String`."""
    ck.args(e)
    inner = resolve(_inner(recv))
    if inner in (STR, STRING):  # `[S]::concat()` of `S: Borrow<str>`: a `String`
        return STRING
    if type(inner) is not Wrap or inner.kind not in ("Vec", "array"):
        raise ck.fail(e.pos, f"the method `concat` on `{show(recv)}`")
    return vec(inner.inner)


def _concat(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import clone_value  # (runtime imports the nodes)

    if resolve(e.ty) is STRING:
        return lambda frame: "".join(recv(frame))
    return lambda frame: [clone_value(x) for part in recv(frame) for x in part]


def _array_map_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`[T; N]::map(f)`: `[U; N]`, `f` given each element by value."""
    from pbpit.rust.interp.types import array

    ck.arity(e, 1)
    fn = ck.closure_arg(e.args[0], [_inner(recv)])
    return array(fn.ret, resolve(recv).size)  # type: ignore[attr-defined]


def _array_map(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (function,) = args

    def array_map(frame: list) -> Any:
        items, f = recv(frame), function(frame)
        return [f(x) for x in list(items)]

    return array_map


def slice_rows(family: str) -> list[Builtin]:
    """The rows, of `family` (`Vec`, `array` or a slice's); an array's `map` too."""
    made = [
        Builtin(family, "partition_point", None, "", _partition_point, _partition_point_type),
        Builtin(family, "binary_search_by", None, "", _search_by, _search_by_type),
        Builtin(family, "concat", None, "", _concat, _concat_type),
    ]
    if family == "array":
        made.append(Builtin(family, "map", None, "", _array_map, _array_map_type))
    return made
