"""Slices: `&[T]` and `&mut [T]` (parameters, locals, results), `&Vec<T>` and `&[T; N]`
coerced to them, `v[a..b]` (`a..`, `..b`, `..`, `a..=b`, `..=b`) of a `Vec`, an array, a slice
or a `str`, and `to_vec`, run as a debug build of rustc 1.95 does.

pbpit erases references: a slice is held as the list it views. Its type is a `Vec`'s `Wrap`
marked `SLICE` (`Wrap("Vec", T, SLICE)`), so it has what a `Vec` and a slice share (`len`,
`iter`, `iter_mut`, indexing, `for`, `{:?}`) and writes through `&mut [T]` reach the caller's
`Vec`; what only a `Vec` has (`push`, `pop`, `clear`) is rustc's E0599 on it, and a slice where
a `&Vec<T>` is taken is E0308. `v[a..b]` (a `Method` named `[..]`) is a copy of the elements
where it is only read, and a `SliceView` writing through to `v` under `&mut` (of a `Vec` or a
slice; an array's `&mut a[a..b]` is refused, its elements being copied on write).

The range's panics are core's (`core::slice::index`), at the indexing expression; recorded from
rustc 1.95 in `tests/rust/std/slice_*.rs`."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import (
    NEVER,
    STR,
    STRING,
    USIZE,
    Mismatch,
    Ty,
    Var,
    Wrap,
    resolve,
    show,
    unify,
    vec,
)

SLICE = "slice"
"""The `size` mark of a `Vec` wrap that is a slice `[T]` (a `Vec`'s is None)."""

RANGE_INDEX = "[..]"
"""The name of the `Method` node `v[a..b]` is lowered to (no method can be written so)."""

_VEC_ONLY = (
    "push", "pop", "clear", "insert", "remove", "truncate", "extend", "append", "capacity"
)  # fmt: skip
# Methods that read a slice only: what `v[a..b]` (a copy) may be the receiver of.
_READS = frozenset(
    "len is_empty iter into_iter first last to_vec clone contains windows chunks get starts_with "
    "ends_with concat join to_string to_owned split_at split_first split_last".split()
)


def slice_of(inner: Ty) -> Wrap:
    return Wrap("Vec", inner, SLICE)


def is_slice(ty: Ty) -> bool:
    ty = resolve(ty)
    return type(ty) is Wrap and ty.kind == "Vec" and ty.size == SLICE


def _listlike(ty: Ty) -> bool:
    ty = resolve(ty)
    return type(ty) is Wrap and ty.kind in ("Vec", "array")


# -- types: the coercions rustc makes to `&[T]` ---------------------------------------------------


def coerce(expected: Ty, found: Ty) -> bool:
    """Unify `found` into `expected` where one is a slice: `&[T; N]` coerces to `&[T]` (a
    `&Vec<T>` does by unifying, a `Vec` wrap); a slice where a `Vec` is taken is a mismatch.
    False when neither is a slice (the caller unifies)."""
    a, b = resolve(expected), resolve(found)
    if type(a) is not Wrap or type(b) is not Wrap:
        return False
    if is_slice(a) and b.kind == "array":
        try:
            unify(a.inner, b.inner)
        except Mismatch:
            raise Mismatch(expected, found) from None
        return True
    if a.kind == "Vec" and a.size is None and is_slice(b):
        raise Mismatch(expected, found)
    return False


# -- lowering: `v[a..b]` --------------------------------------------------------------------------


_SIZED_USES = ("reference_expression", "field_expression", "index_expression")


def is_range(lowerer: Any, index: Any) -> bool:
    """Whether the index of `v[..]` is a range (`..=b` is read by tree-sitter as `.. = b`)."""
    if index.type == "assignment_expression":
        return lowerer.text(index).startswith("..=")
    return index.type == "range_expression"


def lower_range_index(lowerer: Any, node: Any, base: Any, index: Any) -> Any:
    """`base[a..b]` (any range form) as a `Method` named `[..]` whose arguments are the ends
    written; `e.range_ends` says which (start, end) and whether the end is inclusive. It is
    placed at the `[`, where core's `Index::index` (`#[track_caller]`) panics."""
    from pbpit.rust.interp.nodes import Method

    bracket = next(c for c in node.children if c.type == "[")
    # `[T]` and `str` are unsized: `v[a..b]` only behind `&`, as a receiver or indexed again
    unsized = node.parent is None or node.parent.type not in _SIZED_USES
    if index.type == "assignment_expression":  # `..=b`
        end = index.child_by_field_name("right")
        recv = lowerer.expr(base)
        method = Method(lowerer.pos(bracket), recv, RANGE_INDEX, [], [lowerer.expr(end)])
        method.range_ends = (False, True, True)  # type: ignore[attr-defined]
        method.unsized = unsized  # type: ignore[attr-defined]
        return method
    ends = lowerer.kids(index)
    op = next((c for c in index.children if not c.is_named), None)
    inclusive = op is not None and op.type == "..="
    if op is None or op.type not in ("..", "..="):
        raise lowerer.fail(index, f"the range `{lowerer.text(index)}`")
    if len(ends) == 2:
        has = (True, True)
    elif len(ends) == 1:
        has = (True, False) if ends[0].start_byte < op.start_byte else (False, True)
    else:
        has = (False, False)
    recv = lowerer.expr(base)
    args = [lowerer.expr(end) for end in ends]
    method = Method(lowerer.pos(bracket), recv, RANGE_INDEX, [], args)
    method.range_ends = (*has, inclusive)  # type: ignore[attr-defined]
    method.unsized = unsized  # type: ignore[attr-defined]
    return method


# -- checking -------------------------------------------------------------------------------------


def check_method(ck: Any, e: Any, recv: Ty) -> Ty | None:
    """The type of `v[a..b]`, `to_vec`, or rustc's E0599 for a `Vec`'s method on a slice; None
    for any other call (the checker's other rules type it)."""
    recv = resolve(recv)
    if e.name == RANGE_INDEX:
        if e.mut_borrow:  # `&mut v[a..b]`: a view writing through to `v`
            _mutable_root(ck, e)
            e.view = True
        found = [ck.expr(arg) for arg in e.args]
        if len(found) == 2:  # `a..b` is one `Range<Idx>`: rustc types the ends alike first
            ck.unify(found[0], found[1], e.args[1].pos)  # (E0308 at the end: `s[0..5.0]`)
        for arg, ty in zip(e.args, found, strict=True):
            _usize_end(ck, e, recv, arg, ty)
        if recv in (STR, STRING):
            e.impl, made = _STR_RANGE, STR
        elif _listlike(recv):
            e.impl, made = _RANGE, slice_of(recv.inner)  # type: ignore[attr-defined]
        else:
            what = f"the type `{show(recv)}` cannot be indexed by a range"
            raise ck.fail(e.pos, rejects(what, "E0608"))
        if e.unsized:
            what = f"the size for values of type `{show(made)}` cannot be known"
            what += " at compilation time"
            unsized = ck.fail(e.pos, rejects(what, "E0277"))
            pending = getattr(ck, "pending_sized", None)  # (rustc's `Sized` obligation: at its
            if pending is None:  # next selection, after a type error before it: sized.py)
                raise unsized
            pending.append(unsized)
        return made
    # `v[a..].sort()`: through a view (a `str`'s methods all read: `s[3..].parse()`)
    if _copied_range(e.recv) and e.name not in _READS and recv not in (STR, STRING):
        _mutable_root(ck, e.recv)
        e.recv.view = True
    if e.name == "to_vec" and _listlike(recv):
        ck.args(e)
        e.impl = _TO_VEC
        return vec(recv.inner)  # type: ignore[attr-defined]
    if e.name in CHUNKS_MUT and _listlike(recv):  # `for row in v.chunks_mut(n)` (iter_mut.py)
        if not getattr(e, CHUNKS_MUT_LOOP, False):
            raise ck.fail(e.pos, f"`{e.name}` but as `for row in v.{e.name}(n)`")
        ck.value_args(e, USIZE)
        _mutable_root(ck, e)
        e.impl = _CHUNKS_MUT
        return Wrap("Iter", slice_of(recv.inner))  # type: ignore[attr-defined]
    if is_slice(recv) and e.name in _VEC_ONLY:
        what = f"no method named `{e.name}` found for reference `&{show(recv)}`"
        what += " in the current scope"
        raise ck.fail(e.pos, rejects(what, "E0599"))
    return None


def _usize_end(ck: Any, e: Any, recv: Ty, arg: Any, found: Ty) -> None:
    """An end of `v[a..b]`: a `usize`, else rustc's E0277 (`SliceIndex` is implemented for
    ranges of `usize` only)."""
    ty = resolve(found)
    if type(ty) is Var and ty.kind != "float" or ty is USIZE or ty is NEVER:
        ck.unify(USIZE, found, arg.pos)
        return
    has_start, has_end, inclusive = e.range_ends
    kind = {(True, True): "Range", (True, False): "RangeFrom", (False, True): "RangeTo"}
    name = kind[(has_start, has_end)]
    if inclusive:
        name = "RangeInclusive" if has_start else "RangeToInclusive"
    elem = getattr(recv, "inner", None)
    indexed = "str" if elem is None else f"[{show(elem)}]"
    what = f"the type `{indexed}` cannot be indexed by `std::ops::{name}<{show(ty)}>`"
    err = ck.fail(arg.pos, rejects(what, "E0277"))
    err.label = "slice indices are of type `usize` or ranges of `usize`"
    raise err


def refuse_write_behind_ref(ck: Any, e: Any, root: Any, depth: int) -> None:
    """`xs[i] = x` with `xs: &[T]` (not `&mut`): rustc's E0594 (a slice's elements are built-in
    places, no `IndexMut` borrow)."""
    if depth == 1 and is_slice(root.ty) and not root.binding.owned:
        what = f"cannot assign to `{root.binding.name}[_]`, which is behind a `&` reference"
        err = ck.fail(e.pos, rejects(what, "E0594"))
        err.label = f"`{root.binding.name}` is a `&` reference, so it cannot be written to"
        raise err


def _mutable_root(ck: Any, e: Any) -> None:
    """`&mut v[a..b]`: `v` declared `mut` (or a `&mut`), else rustc's E0596; `v` a `Vec` or a
    slice (an array's elements are copied on write, so a view could not reach them)."""
    from pbpit.rust.interp.nodes import Field, Index, Local

    whole = resolve(e.recv.ty)
    if type(whole) is Wrap and whole.kind == "array":
        raise ck.fail(e.pos, "`&mut a[a..b]` of an array (make it a `Vec`)")

    root = e.recv
    while isinstance(root, Field | Index) or _copied_range(root):
        root = root.base if isinstance(root, Field | Index) else root.recv
    if not isinstance(root, Local) or root.binding.mutable or root.binding.mut_ref:
        return
    name = root.binding.name
    if root.binding.owned or getattr(root.binding, "argument", False) is False:
        what = f"cannot borrow `{name}` as mutable, as it is not declared as mutable"
    else:
        what = f"cannot borrow `*{name}` as mutable, as it is behind a `&` reference"
    raise ck.fail(root.pos, rejects(what, "E0596"))


def range_base(e: Any) -> Any:
    """The `v` of `v[a..b]` (of `v[a..][..b]` too); any other expression itself."""
    while _copied_range(e):
        e = e.recv
    return e


def _copied_range(e: Any) -> bool:
    return getattr(e, "name", None) == RANGE_INDEX and hasattr(e, "range_ends")


# -- running --------------------------------------------------------------------------------------


def _bounds(comp: Any, e: Any, args: list[Code], what: str) -> Any:
    """A function of (frame, length) to the range's (start, end), or core's panic at `e`."""
    has_start, has_end, inclusive = e.range_ends
    site = comp.panic_site(e.pos)
    start = args[0] if has_start else None
    end = args[-1] if has_end else None

    def bounds(frame: list, length: int) -> tuple[int, int]:
        lo = start(frame) if start is not None else 0
        written = end(frame) if end is not None else length
        hi = written + 1 if inclusive else written
        if lo > length:
            raise site.panic(f"range start index {lo} out of range for {what} of length {length}")
        if hi > length:
            raise site.panic(
                f"range end index {written} out of range for {what} of length {length}"
            )
        if lo > hi:
            raise site.panic(f"{what} index starts at {lo} but ends at {hi}")
        return lo, hi

    return bounds


def _range(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    bounds = _bounds(comp, e, args, "slice")

    view = getattr(e, "view", False)

    def sliced(frame: list) -> Any:
        items = recv(frame)
        lo, hi = bounds(frame, len(items))
        return SliceView(items, lo, hi) if view else items[lo:hi]

    return sliced


def _str_range(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """`s[a..b]` of a `str`: byte offsets, in bounds, in order, each on a char boundary (core's
    `slice_error_fail`: its words, the string cut at 256 bytes)."""
    has_start, has_end, inclusive = e.range_ends
    site = comp.panic_site(e.pos)
    start = args[0] if has_start else None
    end = args[-1] if has_end else None

    def sliced(frame: list) -> Any:
        text = recv(frame)
        data = text.encode()
        lo = start(frame) if start is not None else 0
        written = end(frame) if end is not None else len(data)
        hi = written + 1 if inclusive else written
        of = f"of `{_str_shown(data)}`{'[...]' if len(data) > 256 else ''}"
        if lo > len(data):
            raise site.panic(f"start byte index {lo} is out of bounds {of}")
        if hi > len(data):
            raise site.panic(f"end byte index {written} is out of bounds {of}")
        if lo > hi:
            raise site.panic(f"begin > end ({lo} > {hi}) when slicing `{_str_shown(data)}`")
        for which, at in (("start", lo), ("end", hi)):
            if at < len(data) and (data[at] & 0xC0) == 0x80:
                first = at
                while (data[first] & 0xC0) == 0x80:
                    first -= 1
                char = data[first:].decode(errors="ignore")[0]
                bytes_ = f"bytes {first}..{first + len(char.encode())}"
                raise site.panic(
                    f"{which} byte index {at} is not a char boundary; it is inside "
                    f"'{char}' ({bytes_}) {of}"
                )
        return data[lo:hi].decode()

    return sliced


def _str_shown(data: bytes) -> str:
    """The string as core's message writes it: its first 256 bytes, cut at a char boundary."""
    if len(data) <= 256:
        return data.decode()
    cut = 256
    while (data[cut] & 0xC0) == 0x80:
        cut -= 1
    return data[:cut].decode()


def _to_vec(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import clone_value  # (runtime imports the nodes)

    return lambda frame: [clone_value(item) for item in recv(frame)]


class SliceView(list):
    """`&mut v[a..b]`: the elements, each write written to `v` too (the borrow checker keeps
    anything else from changing `v` while the view lives). Its length is fixed."""

    __slots__ = ("base", "start")

    def __init__(self, base: list, start: int, end: int) -> None:
        super().__init__(base[start:end])
        self.base, self.start = base, start

    def __setitem__(self, key: Any, value: Any) -> None:
        list.__setitem__(self, key, value)
        if isinstance(key, slice):
            for i in range(*key.indices(len(self))):
                self.base[self.start + i] = list.__getitem__(self, i)
        else:
            self.base[self.start + (key + len(self) if key < 0 else key)] = value

    def sort(self, *args: Any, **kwargs: Any) -> None:
        list.sort(self, *args, **kwargs)
        self[:] = list(self)

    def reverse(self) -> None:
        list.reverse(self)
        self[:] = list(self)

    def _resized(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a slice's length is fixed")

    append = extend = insert = pop = remove = clear = _resized
    __delitem__ = __iadd__ = __imul__ = _resized


CHUNKS_MUT = ("chunks_mut", "chunks_exact_mut")
CHUNKS_MUT_LOOP = "chunks_mut_loop"
"""The attribute marking `v.chunks_mut(n)` as the iterable of a `for` (its rows `&mut [T]`)."""


def _chunks_mut(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """`v.chunks_mut(n)`: views of `v`'s rows (`SliceView`s writing through to `v`), the last
    shorter (`chunks_exact_mut`: left out); `n == 0` panics as core's `#[track_caller]` assert
    does, at the call (`chunk size must be non-zero`)."""
    (size,), exact, site = args, e.name == "chunks_exact_mut", comp.panic_site(e.pos)

    def chunks(frame: list) -> list:
        items, n = recv(frame), size(frame)
        if n == 0:
            raise site.panic("chunk size must be non-zero")
        end = len(items) - len(items) % n if exact else len(items)
        return [SliceView(items, i, min(i + n, len(items))) for i in range(0, end, n)]

    return chunks


_CHUNKS_MUT = Builtin("Vec", "chunks_mut", None, "", _chunks_mut)
_RANGE = Builtin("Vec", RANGE_INDEX, None, "", _range)
_STR_RANGE = Builtin("str", RANGE_INDEX, None, "", _str_range)
_TO_VEC = Builtin("Vec", "to_vec", (), "", _to_vec)
