"""More of std's `Vec` methods training code calls, a row each (`builtins.Builtin`), spread into
`std_methods.VEC` (`VEC_MORE`) and each slice family (`slice_more`): `insert`, `remove`,
`reverse`, `truncate`, `swap`, `contains`, `extend`, `extend_from_slice`, `retain`, `drain(..)`,
`get_mut`, `split_at`, `binary_search`, `rotate_left`, `dedup`. `Option`'s, `Result`'s and
`bool`'s are in `std_option_more.py`.

A `Vec` is a Python list the `&mut self` methods change in place. The panics are std's
(alloc/src/vec/mod.rs, core's slice index), at the call.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp import (
    item_refs,
    slice_affixes,
    slice_split_ends,
    slice_split_mut,
    vec_ends_mut,
    vec_fill,
    vec_swap_remove,
)
from pbpit.rust.interp.builtins import Builtin, Code, _inner
from pbpit.rust.interp.field_paths import field_chain
from pbpit.rust.interp.growth import pulled
from pbpit.rust.interp.references import refuse_borrowed_value
from pbpit.rust.interp.slice_rows import slice_rows
from pbpit.rust.interp.types import (
    BOOL,
    UNIT,
    USIZE,
    Ty,
    Var,
    Wrap,
    option,
    resolve,
    shared,
    show,
)
from pbpit.rust.interp.vec_dedup import DEDUPS

# -- Vec ------------------------------------------------------------------------------------------


def _insert(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    site, (index, value) = comp.panic_site(e.pos), args

    def insert(frame: list) -> Any:
        items, at, item = recv(frame), index(frame), value(frame)
        if at > len(items):
            raise site.panic(f"insertion index (is {at}) should be <= len (is {len(items)})")
        items.insert(at, item)
        return UNIT

    return insert


def _insert_type(ck: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp.value_slots import vec_of_values

    ck.mutable_receiver(e)
    ck.args(e, USIZE, _inner(recv))
    refuse_borrowed_value(ck, e.args[0], USIZE)  # `insert(&i, x)`: rustc's E0308
    item = e.args[1]
    if item.borrowed and vec_of_values(e.recv):  # `returns.insert(0, &ret)`, `Vec<f32>`
        shown, where = show(item.ty), item.borrow_pos or item.pos
        raise ck.fail(where, f"mismatched types: expected `{shown}`, found `&{shown}`")
    return UNIT


def _remove(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    site, (index,) = comp.panic_site(e.pos), args

    def remove(frame: list) -> Any:
        items, at = recv(frame), index(frame)
        if at >= len(items):
            raise site.panic(f"removal index (is {at}) should be < len (is {len(items)})")
        return items.pop(at)

    return remove


def _get_mut_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`v.get_mut(i)`: `Option<&mut T>`, as `if let Some(x) = v.get_mut(i) { .. }` only: pbpit
    erases references, so `x` is the element, written back to `v[i]` after the body as a
    `HashMap`'s `get_mut` is (`hashmap.get_mut_place`)."""
    ck.mutable_receiver(e)
    ck.value_args(e, USIZE)  # `&i` is rustc's E0308
    # (an element the interpreter shares, a `Vec` or a struct, is lent as Rust's `&mut T`:
    # `v.get_mut(0).unwrap().push(x)` changes it in place)
    if not getattr(e, "written_back", False) and not shared(ck.known(_inner(recv))):
        what = f"`get_mut` of a `{show(recv)}` but as `if let Some(x) = v.get_mut(i) {{ .. }}` "
        raise ck.fail(e.pos, what + "(pbpit erases references; write `v[i] = x`)")
    return option(_inner(recv))


def _get_mut(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (index,) = args

    def get_mut(frame: list) -> Any:
        items, i = recv(frame), index(frame)
        return Some(items[i]) if i < len(items) else None

    return get_mut


def _reverse(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    def reverse(frame: list) -> Any:
        recv(frame).reverse()
        return UNIT

    return reverse


def _truncate(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (length,) = args

    def truncate(frame: list) -> Any:
        items, n = recv(frame), length(frame)
        del items[n:]
        return UNIT

    return truncate


def _swap(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    site, (first, second) = comp.panic_site(e.pos), args

    def swap(frame: list) -> Any:
        items, a, b = recv(frame), first(frame), second(frame)
        for at in (a, b):
            if at >= len(items):
                what = f"the len is {len(items)} but the index is {at}"
                raise site.panic(f"index out of bounds: {what}")
        items[a], items[b] = items[b], items[a]
        return UNIT

    return swap


def _contains_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.args(e, _inner(recv))
    if not item_refs.is_reference(e.args[0]):  # rustc: `contains(&self, x: &T)`
        found = show(e.args[0].ty)
        raise ck.fail(e.args[0].pos, f"mismatched types: expected `&{found}`, found `{found}`")
    return BOOL


def _contains(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """`v.contains(&x)`: `PartialEq`'s `==` against each element (a struct's derived one, NaN
    equal to nothing), not Python's `in`, whose identity test finds an element only when it is
    the same object."""
    from pbpit.rust.interp.runtime import rust_eq

    (value,) = args
    return lambda frame: any(rust_eq(x, v) for v in [value(frame)] for x in recv(frame))


def _extend_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`extend(iter)`: any `IntoIterator` of the element (a `Vec`, an array, an iterator, a
    range); `extend_from_slice(&s)`: a `&Vec<T>` or `&[T; N]` (its elements cloned)."""
    ck.mutable_receiver(e)
    ck.arity(e, 1)
    arg = e.args[0]
    given = resolve(ck.expr(arg))
    kinds = ("Vec", "array") if e.name == "extend_from_slice" else ("Vec", "array", "Iter", "Range")
    if getattr(given, "kind", None) not in kinds:
        raise ck.fail(arg.pos, f"`{e.name}` of `{show(given)}`")
    if e.name == "extend":  # `Vec<i32>` given `u8`s: `Vec<i32>: Extend<u8>` fails (E0277)
        from pbpit.rust.interp import types
        from pbpit.rust.interp.grammar import rejects

        try:
            types.unify(_inner(recv), given.inner)  # type: ignore[attr-defined]
        except types.Mismatch:
            elem = show(resolve(given.inner))  # type: ignore[attr-defined]
            what = f"the trait bound `{show(resolve(recv))}: Extend<{elem}>` is not satisfied"
            raise ck.fail(e.pos, rejects(what, "E0277")) from None
    ck.unify(_inner(recv), given.inner, arg.pos)  # type: ignore[attr-defined]
    # rustc: `other: &[T]`, given a value (a reference, `r` of `for r in &rows`, derefs to it)
    if e.name == "extend_from_slice" and ck.owned(arg):
        found = show(given)
        raise ck.fail(arg.pos, f"mismatched types: expected `&[_]`, found `{found}`")
    return UNIT


def _extend(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import clone_value  # (runtime imports the nodes)

    (given,) = args
    copy = clone_value if e.name == "extend_from_slice" else (lambda item: item)
    where, what = comp.where(e.pos), f"a `Vec` grown by `{e.name}`"

    def extend(frame: list) -> Any:
        items = recv(frame)
        items.extend([copy(item) for item in pulled(given(frame), where, what, len(items))])
        return UNIT

    return extend


def _retain_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.mutable_receiver(e)
    ck.arity(e, 1)
    fn = ck.closure_arg(e.args[0], [_inner(recv)])  # `|x: &T| ..`
    ck.unify(BOOL, fn.ret, e.args[0].pos)
    return UNIT


def _retain(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (function,) = args

    def retain(frame: list) -> Any:
        items, keep = recv(frame), function(frame)
        items[:] = [item for item in items if keep(item)]
        return UNIT

    return retain


def drain_range(lowerer: Any, node: Any) -> Any:
    """`v.drain(a..b)`'s argument (`a..=b`, `..b`, `a..` too): a `RangeLit`, a missing start
    `0`, a missing end a marked `()` (`to_end`: the `Vec`'s length when it runs)."""
    from pbpit.rust.interp.nodes import Lit, RangeLit

    ends = lowerer.kids(node)
    op = next((c for c in node.children if not c.is_named), None)
    inclusive = op is not None and op.type == "..="
    if len(ends) == 2:
        lo, hi = (lowerer.expr(end) for end in ends)
    elif op is not None and op.start_byte < ends[0].start_byte:  # `..b`
        lo, hi = Lit(lowerer.pos(node), "value", 0, USIZE), lowerer.expr(ends[0])
        lo.from_start = True
    else:  # `a..`
        lo, hi = lowerer.expr(ends[0]), Lit(lowerer.pos(node), "unit", ())
        hi.to_end = True
    return RangeLit(lowerer.pos(node), lo, hi, inclusive)


def _drain_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`v.drain(..)` (the argument lowered as a marked `()`): every element, in order;
    `v.drain(a..b)` (`drain_range`): those of the range, the rest closing up."""
    from pbpit.rust.interp.grammar import rejects
    from pbpit.rust.interp.nodes import RangeLit
    from pbpit.rust.interp.types import range_of

    ck.mutable_receiver(e)
    ck.arity(e, 1)
    arg = e.args[0]
    if getattr(arg, "full_range", False):
        arg.ty = UNIT
    elif isinstance(arg, RangeLit):
        to_end, from_start = getattr(arg.hi, "to_end", False), getattr(arg.lo, "from_start", False)
        ends = [arg.lo] if to_end else [arg.hi] if from_start else [arg.lo, arg.hi]
        found = [ck.expr(end) for end in ends]
        if len(ends) == 2:  # rustc types `a..b` first: its ends alike (E0308)
            ck.unify(found[0], found[1], arg.hi.pos)
        end_ty = resolve(found[0])
        if not (end_ty is USIZE or type(end_ty) is Var and end_ty.kind != "float"):
            kind = "RangeFrom" if to_end else "RangeTo" if from_start else "Range"
            if arg.inclusive:
                kind = "RangeToInclusive" if from_start else "RangeInclusive"
            what = f"the trait bound `{kind}<{show(end_ty)}>: RangeBounds<usize>` is not "
            raise ck.fail(arg.pos, rejects(what + "satisfied", "E0277"))
        for end in ends:
            ck.unify(USIZE, end.ty, end.pos)
        for end in (arg.lo, arg.hi):
            if end not in ends:
                end.ty = USIZE
        arg.ty = range_of(USIZE)
    else:
        raise ck.fail(arg.pos, f"`drain` of `{show(ck.expr(arg))}` (write a range: `a..b`)")
    return Wrap("Iter", _inner(recv))


def _drain(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.core_panics import drain_panic

    arg = e.args[0]
    if getattr(arg, "full_range", False):

        def drain(frame: list) -> Any:
            items = recv(frame)
            taken = items[:]
            items.clear()
            return taken

        return drain
    lo = comp.expr(arg.lo)
    hi = None if getattr(arg.hi, "to_end", False) else comp.expr(arg.hi)
    extra = 1 if arg.inclusive else 0

    def drain_range(frame: list) -> Any:
        items = recv(frame)
        start = lo(frame)
        end = len(items) if hi is None else hi(frame) + extra
        if start > end or end > len(items):
            raise drain_panic(start, end, len(items), arg.inclusive)  # type: ignore[misc]
        taken = items[start:end]
        del items[start:end]
        return taken

    return drain_range


def refuse_drain_loop(lowerer: Any, node: Any) -> None:
    """`for x in v.drain(..) { .. v .. }`: `v` stays borrowed mutably for the whole loop, so
    rustc rejects any use of it in the body (E0499, E0502); pbpit's `drain` takes the elements
    first, so it would run: refused (`e_for_expression` asks)."""
    value = node.child_by_field_name("value")
    function = value.child_by_field_name("function") if value.type == "call_expression" else None
    if function is None or function.type != "field_expression":
        return
    if lowerer.text(function.child_by_field_name("field")) != "drain":
        return
    root = field_chain(function.child_by_field_name("value"))[0]
    name, stack = lowerer.text(root), [node.child_by_field_name("body")]
    while stack:
        part = stack.pop()
        stack.extend(part.children)
        if part.type in ("identifier", "self") and lowerer.text(part) == name:
            what = f"`{name}` used in a loop over `{lowerer.text(value)}`, which borrows it"
            raise lowerer.fail(part, what + " mutably (rustc: E0499/E0502)")


def _split_at_type(ck: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp.slices import slice_of
    from pbpit.rust.interp.types import TupleT

    ck.value_args(e, USIZE)  # `&i` is rustc's E0308
    return TupleT([slice_of(_inner(recv)), slice_of(_inner(recv))])


def _split_at(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    site, (middle,) = comp.panic_site(e.pos), args  # core's `#[track_caller]` panic

    def split_at(frame: list) -> Any:
        items, mid = recv(frame), middle(frame)
        if mid > len(items):
            raise site.panic("mid > len")
        return (items[:mid], items[mid:])

    return split_at


def _binary_search_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`binary_search(&x)`: `Result<usize, usize>` (where `x` is, or where it would go) of
    `Ord` elements (rustc's E0277 for floats)."""
    from pbpit.rust.interp.std_sort import _not_ord  # (std_sort imports the rows)
    from pbpit.rust.interp.types import dyn_result

    _contains_type(ck, e, recv)  # `&T`, as `contains` takes it
    _not_ord(ck, e, _inner(recv), "write `binary_search_by(|p| p.total_cmp(&x))` for floats")
    return dyn_result(USIZE, USIZE)


def _binary_search(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """core's `binary_search_by` (rustc 1.95): halve `size` with no early exit on `Equal`,
    `base` moving to `mid` unless `mid`'s element is greater; the index it ends at is the one
    found among equal elements (`[1, 2, 2, 2]` gives `Ok(2)`... as Rust's loop gives it)."""
    from pbpit.rust.interp.ordering import partial_cmp
    from pbpit.rust.interp.results import Err
    from pbpit.rust.interp.runtime import Ok  # (runtime imports the nodes)

    (value,) = args

    def binary_search(frame: list) -> Any:
        items, wanted = recv(frame), value(frame)
        size = len(items)
        if size == 0:
            return Err(0)
        base = 0
        while size > 1:
            half = size // 2
            mid = base + half
            if partial_cmp(items[mid], wanted) != 1:
                base = mid
            size -= half
        order = partial_cmp(items[base], wanted)
        return Ok(base) if order == 0 else Err(base + (order == -1))

    return binary_search


def slice_more(family: str) -> list[Builtin]:
    """What a `Vec`, an array and a slice share beyond `std_methods`' rows: `split_at`,
    `binary_search`, `partition_point`, `contains`, `rotate_left`, `rotate_right`."""
    return [
        Builtin(family, "split_at", None, "", _split_at, _split_at_type),
        *slice_split_mut.rows(family),  # `split_at_mut` (slice_split_mut.py)
        *slice_split_ends.rows(family),  # `split_first`, `split_last` (slice_split_ends.py)
        *slice_rows(family),  # `partition_point`, `concat` (slice_rows.py)
        *slice_affixes.rows(family),  # `starts_with`, `ends_with` (slice_affixes.py)
        Builtin(family, "binary_search", None, "", _binary_search, _binary_search_type),
        Builtin(family, "contains", None, "bool", _contains, _contains_type),
        *(
            Builtin(family, n, None, "", _rotate, _rotate_type)
            for n in ("rotate_left", "rotate_right")
        ),
    ]


def _rotate_type(ck: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp.std_sort import mutable_slice  # (std_sort imports the rows)

    mutable_slice(ck, e)  # `&mut self`
    ck.value_args(e, USIZE)  # `&i` is rustc's E0308
    return UNIT


def _rotate(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """`rotate_left(mid)` / `rotate_right(k)` in place; past the length core's `assert!`
    panics inside core (`core_panics`)."""
    from pbpit.rust.interp.core_panics import core_panic

    (count,), name = args, e.name

    def rotate(frame: list) -> Any:
        items, n = recv(frame), count(frame)
        if n > len(items):
            raise core_panic(f"slice::{name}")
        at = n if name == "rotate_left" else len(items) - n
        items[:] = items[at:] + items[:at]
        return UNIT

    return rotate


def _dedup(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """`dedup()`: each run of equal elements (`==`, `PartialEq`) kept as its first."""
    from pbpit.rust.interp.runtime import rust_eq  # (runtime imports the nodes)

    def dedup(frame: list) -> Any:
        items = recv(frame)
        kept = [x for i, x in enumerate(items) if i == 0 or not rust_eq(items[i - 1], x)]
        items[:] = kept
        return UNIT

    return dedup


VEC_MORE = (
    Builtin("Vec", "drain", None, "", _drain, _drain_type, mutates=True),
    Builtin("Vec", "extend", None, "()", _extend, _extend_type, mutates=True),
    Builtin("Vec", "extend_from_slice", None, "()", _extend, _extend_type, mutates=True),
    Builtin("Vec", "retain", None, "()", _retain, _retain_type, mutates=True),
    Builtin("Vec", "insert", ("usize", "inner"), "()", _insert, _insert_type, mutates=True),
    Builtin("Vec", "remove", ("usize",), "inner", _remove, mutates=True),
    Builtin("Vec", "get_mut", None, "", _get_mut, _get_mut_type, mutates=True),
    *vec_ends_mut.ROWS,  # `if let Some(x) = v.last_mut()`, `first_mut`
    *vec_swap_remove.ROWS,
    Builtin("Vec", "reverse", (), "()", _reverse, mutates=True),
    Builtin("Vec", "dedup", (), "()", _dedup, mutates=True),
    *DEDUPS,  # `dedup_by_key`, `dedup_by` (vec_dedup.py)
    Builtin("Vec", "truncate", ("usize",), "()", _truncate, mutates=True),
    Builtin("Vec", "swap", ("usize", "usize"), "()", _swap, mutates=True),
    *vec_fill.ROWS,  # `v.fill(0)`
)
