"""std's `VecDeque<T>` (`std::collections::VecDeque`), its common methods a row each
(`builtins.Builtin`): `VecDeque::new()`, `with_capacity(n)`, `from(vec)`; `push_back`,
`push_front`, `pop_back`, `pop_front` (`Option<T>`), `front`, `back`, `get(i)` (`Option<&T>`),
`len`, `is_empty`, `clear`, `contains(&x)`, `rotate_left(n)`, `rotate_right(n)`, `iter()`
and `into_iter()` (front to back), `as_slices()` and `make_contiguous()` (where its ring
buffer puts the elements: vecdeque_layout.py); `{:?}` prints `[a, b, ..]` as a `Vec`'s; `q[i]`,
`q[i] = x`, `q[i] += x` (an index past the end panics "Out of bounds access" at the `[`, as
std's `Index` of a `VecDeque` does, `#[track_caller]`). A `VecDeque<T>` is the type
`Wrap("VecDeque", T)`, held as a Python list, front first.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp import vec_capacity, vecdeque_layout
from pbpit.rust.interp.builtins import Builtin, Code, Function, rows
from pbpit.rust.interp.types import UNIT, USIZE, Ty, Var, Wrap, resolve, show

KIND = "VecDeque"


def deque(inner: Ty) -> Wrap:
    return Wrap(KIND, inner)


def imported(source: Any) -> bool:
    """Whether a `use` brings it into scope (`uses.collection_imported`: by name, in a
    `{..}` list, by a glob of `std::collections`)."""
    from pbpit.rust.interp.uses import collection_imported

    return collection_imported(source, "VecDeque")


# -- VecDeque::new(), with_capacity(n), from(v) ---------------------------------------------------


def _new_type(ck: Any, e: Any) -> Ty:
    for arg in e.args:
        ck.expr(arg)
    if e.name.endswith("with_capacity"):
        ck.unify(USIZE, e.args[0].ty, e.args[0].pos)
    return deque(Var())


def _from_type(ck: Any, e: Any) -> Ty:
    found = resolve(ck.expr(e.args[0]))
    if type(found) is not Wrap or found.kind not in ("Vec", "array") or found.size == "slice":
        raise ck.fail(e.args[0].pos, f"`VecDeque::from` of `{show(found)}`")
    return deque(found.inner)


def _from(comp: Any, e: Any, args: list[Code]) -> Code:
    """`VecDeque::from(v)`: `v`'s elements, in `v`'s buffer (its capacity, where followed)."""
    (vector,) = args
    least = _least(e)

    def from_(frame: list) -> Any:
        items = vector(frame)
        made = list(items)
        capacity = vec_capacity.followed(items, least) if least is not None else None
        if capacity is not None:
            vecdeque_layout.made(made, capacity)
        return made

    return from_


def _least(e: Any) -> int | None:
    """`RawVec`'s least capacity for the deque's elements (None: zero-sized)."""
    return vec_capacity._least(resolve(e.ty).inner)  # type: ignore[attr-defined]


def _with_capacity(comp: Any, e: Any, args: list[Code]) -> Code:
    (size,), least = args, _least(e)
    return lambda frame: vecdeque_layout.made([], size(frame)) if least is not None else []


FUNCTIONS = [
    Function(KIND, "new", 0, _new_type, lambda comp, e, args: lambda frame: (
        vecdeque_layout.made([], 0)
    )),
    Function(KIND, "with_capacity", 1, _new_type, _with_capacity),
    Function(KIND, "from", 1, _from_type, _from),
]


# -- methods --------------------------------------------------------------------------------------


def _push(front: bool) -> Any:
    def compile_(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
        (arg,) = args

        least = _element_least(e)

        def push(frame: list) -> Any:
            items, value = recv(frame), arg(frame)
            vecdeque_layout.before_push(items, least, front)
            if front:
                items.insert(0, value)
            else:
                items.append(value)
            return UNIT

        return push

    return compile_


def _pop(front: bool) -> Any:
    def compile_(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
        def pop(frame: list) -> Any:
            items = recv(frame)
            if not items:
                return None
            vecdeque_layout.after_pop(items, front)
            return Some(items.pop(0 if front else -1))

        return pop

    return compile_


def _end(front: bool) -> Any:
    def compile_(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
        def end(frame: list) -> Any:
            items = recv(frame)
            return Some(items[0 if front else -1]) if items else None

        return end

    return compile_


def _get(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (index,) = args

    def get(frame: list) -> Any:
        items, i = recv(frame), index(frame)
        return Some(items[i]) if i < len(items) else None

    return get


def _contains_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.args(e, resolve(recv).inner)  # type: ignore[attr-defined]
    if not e.args[0].borrowed:  # `contains(x)`: it takes `&T`
        raise ck.fail(e.args[0].pos, "mismatched types: `VecDeque::contains` takes a reference")
    from pbpit.rust.interp.types import BOOL

    return BOOL


def _contains(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import rust_eq

    (value,) = args
    return lambda frame: any(rust_eq(x, v) for v in [value(frame)] for x in recv(frame))


def _clear(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    def clear(frame: list) -> Any:
        items = recv(frame)
        items.clear()
        vecdeque_layout.cleared(items)
        return UNIT

    return clear


def _rotate(left: bool) -> Any:
    """`q.rotate_left(n)` (`rotate_right`): `n` past the length panics inside alloc where rustc
    1.95's binaries say (`core_panics`)."""
    from pbpit.rust.interp.core_panics import core_panic

    def compile_(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
        (count,) = args

        def rotate(frame: list) -> Any:
            items, n = recv(frame), count(frame)
            if n > len(items):
                raise core_panic(f"VecDeque::rotate_{'left' if left else 'right'}")
            vecdeque_layout.rotated(items, n, left)
            cut = n if left else len(items) - n
            items[:] = items[cut:] + items[:cut]
            return UNIT

        return rotate

    return compile_


def _element_least(e: Any) -> int:
    return vec_capacity._least(resolve(e.recv.ty).inner) or 1  # type: ignore[attr-defined]


def _as_slices_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`q.as_slices()`: `(&[T], &[T])`, the ring buffer's two parts (vecdeque_layout.py)."""
    from pbpit.rust.interp.slices import slice_of
    from pbpit.rust.interp.types import TupleT

    ck.args(e)
    inner = resolve(recv).inner  # type: ignore[attr-defined]
    return TupleT([slice_of(inner), slice_of(inner)])


def _as_slices(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    where = comp.where(e.pos)
    return lambda frame: vecdeque_layout.slices(recv(frame), where)


def _contiguous_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`q.make_contiguous()`: `&mut [T]`, the elements in one slice (sorted in place by
    `q.make_contiguous().sort()`)."""
    from pbpit.rust.interp.slices import slice_of

    ck.mutable_receiver(e)
    ck.args(e)
    return slice_of(resolve(recv).inner)  # type: ignore[attr-defined]


def mark_let(binding: Any, init: Any) -> None:
    """`let s = q.make_contiguous();`: `s` a `&mut [T]` binding, lending `q` while it lives
    (borrows.py's `lends`)."""
    from pbpit.rust.interp.nodes import Method

    if binding is None or not isinstance(init, Method) or init.name != "make_contiguous":
        return
    if init.args or init.borrowed:
        return
    binding.mut_ref = True
    init.lends = init.recv


def _make_contiguous(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    def contiguous(frame: list) -> Any:
        items = recv(frame)
        vecdeque_layout.made_contiguous(items)
        return items  # (the deque's own list: a slice of it changes the deque)

    return contiguous


VECDEQUE = rows(
    KIND,
    Builtin(KIND, "push_back", ("inner",), "()", _push(False), mutates=True),
    Builtin(KIND, "push_front", ("inner",), "()", _push(True), mutates=True),
    Builtin(KIND, "pop_back", (), "option_inner", _pop(False), mutates=True),
    Builtin(KIND, "pop_front", (), "option_inner", _pop(True), mutates=True),
    Builtin(KIND, "front", (), "option_inner", _end(True)),
    Builtin(KIND, "back", (), "option_inner", _end(False)),
    Builtin(KIND, "get", ("usize",), "option_inner", _get),
    Builtin(KIND, "len", (), "usize", lambda c, e, recv, a: lambda frame: len(recv(frame))),
    Builtin(KIND, "is_empty", (), "bool", lambda c, e, recv, a: lambda frame: not recv(frame)),
    Builtin(KIND, "clear", (), "()", _clear, mutates=True),
    Builtin(KIND, "rotate_left", ("usize",), "()", _rotate(True), mutates=True),
    Builtin(KIND, "rotate_right", ("usize",), "()", _rotate(False), mutates=True),
    Builtin(KIND, "contains", None, "", _contains, _contains_type),
    Builtin(KIND, "iter", (), "iter", lambda c, e, recv, a: recv),
    Builtin(KIND, "into_iter", (), "iter", lambda c, e, recv, a: recv),  # (takes `self`)
    Builtin(KIND, "as_slices", None, "", _as_slices, _as_slices_type),
    Builtin(KIND, "make_contiguous", None, "", _make_contiguous, _contiguous_type, mutates=True),
)


# -- `q[i]`, `q[i] = x` ----------------------------------------------------------------------------

_OUT_OF_BOUNDS = "Out of bounds access"  # std's `Index`/`IndexMut` of a `VecDeque` (rustc 1.95)


def check_index(ck: Any, e: Any, base: Wrap) -> Ty:
    """`q[i]`: the element; `i` a `usize` (rustc's E0308 else: `Index<usize>` is its only)."""
    ck.unify(USIZE, ck.expr(e.index), e.index.pos)
    return base.inner


def compile_index(comp: Any, e: Any) -> Code:
    base, index, site = comp.expr(e.base), comp.expr(e.index), comp.panic_site(e.bracket)

    def get(frame: list) -> Any:
        items, i = base(frame), index(frame)
        if i >= len(items):
            raise site.panic(_OUT_OF_BOUNDS)
        return items[i]

    return get


def index_updater(comp: Any, e: Any) -> Any:
    """How `q[i] = x` (`q[i] op= x`) replaces the element by a function of it."""
    base, index, site = comp.expr(e.base), comp.expr(e.index), comp.panic_site(e.bracket)

    def element(frame: list, change: Any) -> None:
        items, i = base(frame), index(frame)
        if i >= len(items):
            raise site.panic(_OUT_OF_BOUNDS)
        items[i] = change(items[i])

    return element
