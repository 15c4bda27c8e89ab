"""std's `VecDeque<T>` (`std::collections::VecDeque`), its common methods a row each
(`builtins.Builtin`): `VecDeque::new()`, `with_capacity(n)`, `from(vec)`; `push_back`,
`push_front`, `pop_back`, `pop_front` (`Option<T>`), `front`, `back`, `get(i)` (`Option<&T>`),
`len`, `is_empty`, `clear`, `contains(&x)`, `rotate_left(n)`, `rotate_right(n)`, `iter()`
(front to back); `{:?}` prints `[a, b, ..]` as a `Vec`'s; `q[i]`, `q[i] = x`, `q[i] += x` (an
index past the end panics "Out of bounds access" at the `[`, as std's `Index` of a `VecDeque`
does, `#[track_caller]`). A `VecDeque<T>` is the type `Wrap("VecDeque", T)`, held as a Python
list, front first.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp.builtins import Builtin, Code, Function, rows
from pbpit.rust.interp.types import UNIT, USIZE, Ty, Var, Wrap, resolve, show

KIND = "VecDeque"


def deque(inner: Ty) -> Wrap:
    return Wrap(KIND, inner)


def imported(source: Any) -> bool:
    """Whether the file brings `VecDeque` into scope (`use std::collections::VecDeque;` or in a
    `use std::collections::{..}` list)."""
    text: str = source.text
    return "VecDeque" in text and any(
        "collections" in line and "VecDeque" in line
        for line in text.splitlines()
        if line.lstrip().startswith("use ")
    )


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


FUNCTIONS = [
    Function(KIND, "new", 0, _new_type, lambda comp, e, args: lambda frame: []),
    Function(KIND, "with_capacity", 1, _new_type, lambda comp, e, args: lambda frame: []),
    Function(KIND, "from", 1, _from_type, lambda comp, e, args: lambda frame: list(args[0](frame))),
]


# -- methods --------------------------------------------------------------------------------------


def _push(front: bool) -> Any:
    def compile_(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
        (arg,) = args

        def push(frame: list) -> Any:
            items, value = recv(frame), arg(frame)
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
            return Some(items.pop(0 if front else -1)) if items else None

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
        recv(frame).clear()
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
            cut = n if left else len(items) - n
            items[:] = items[cut:] + items[:cut]
            return UNIT

        return rotate

    return compile_


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
