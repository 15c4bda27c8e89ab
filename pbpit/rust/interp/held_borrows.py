"""A borrow held by one operand while a later operand of the same expression borrows the place
again: mutably while shared, or shared while mutably, rustc's E0502; mutably twice, E0499.

The operands of a formatting macro (`format_args!` takes a reference of each, and holds them all
until it formats), of a call, of a tuple, an array or a struct literal are all evaluated before
any is used, so a borrow one of them makes lives until the last is evaluated:

    println!("{:?} {:?}", v.first(), v.pop());   // `v.first()` is an `Option<&i32>` into `v`
    println!("{:?} {:?}", v, v.pop());           // `format_args!` borrows `v` itself
    show(v.last(), v.pop());  let t = (v.first(), v.pop());

and `f(&mut v, v.len())`, `std::mem::swap(&mut v[0], &mut v[1])` (an index borrows the whole
`Vec`; two fields are apart). rustc rejects each at the later operand. pbpit erases
references, so it would run them (and print the value as it is after the `pop`). Judged only
where pbpit is sure: the earlier operand is the place itself (in a formatting macro), `&place`,
or a std method whose result borrows its receiver (`first`, `iter`, `as_str`, ...), possibly
unwrapped (`v.first().unwrap()` is a `&i32`); the later one calls a `&mut self` method of the
same place (or a part of it), or writes `&mut place`. A closure in the later operand is not
looked into.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pbpit.rust.interp.builtins import Builtin
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.mut_borrow_uses import place_path
from pbpit.rust.interp.nodes import (
    ArrayLit,
    AssertEq,
    Call,
    Closure,
    Field,
    Format,
    Index,
    Local,
    Method,
    Static,
    StructLit,
    TupleLit,
    Unsupported,
    children,
)

# std's methods whose result holds a shared borrow of the receiver (`Option<&T>`, `&str`,
# `&[T]`, an iterator over it)
_BORROWING = frozenset(
    ("first", "last", "get", "iter", "keys", "values", "as_str", "as_slice", "as_bytes")
    + ("trim", "trim_start", "trim_end", "chars", "bytes", "char_indices", "lines")
    + ("split_whitespace", "windows", "chunks", "front", "back", "peek")
)
# ... and those keeping the borrow of what they are called on (`v.first().unwrap()`: `&i32`)
_KEEPING = frozenset(("unwrap", "expect"))
# std's methods whose result holds a mutable borrow of the receiver
_MUT_BORROWING = frozenset(("iter_mut", "get_mut", "first_mut", "last_mut", "values_mut"))
# std's methods taking `&self` that an operand may call on a place lent mutably before it
_BY_REF = _BORROWING | {"len", "is_empty", "contains", "contains_key", "capacity"}


def refuse_held_borrows(body: Any, path: str) -> None:
    """`Unsupported` at the first operand that borrows a place an earlier operand of the same
    expression still borrows: mutably while shared (E0502), again while mutably (E0499),
    shared while mutably (E0502)."""
    for node in _walk(body):
        operands = _operands(node)
        if len(operands) < 2:
            continue
        held: list[tuple[Any, tuple[str, ...], bool]] = []  # (binding, place, mutably)
        for operand in operands:
            for binding, place, at in _mutable_uses(operand):
                for b, p, mutably in held:
                    if b is binding and _overlap(p, place):
                        raise _conflict(path, binding.name, at, "E0499" if mutably else "E0502")
            for binding, place, at in _shared_uses(operand):
                for b, p, mutably in held:
                    if mutably and b is binding and _overlap(p, place):
                        raise _conflict(path, binding.name, at, "E0502", shared=True)
            shared = _shared(operand, isinstance(node, Format | AssertEq))
            if shared is not None:
                held.append((*shared, False))
            lent = _lent_mutably(operand)
            if lent is not None:
                held.append((*lent, True))


def _overlap(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    return a[: len(b)] == b or b[: len(a)] == a


def _walk(node: Any) -> Iterator[Any]:
    stack = [node]
    while stack:
        e = stack.pop()
        if e is None:
            continue
        yield e
        stack.extend(children(e))


def _operands(node: Any) -> list[Any]:
    if isinstance(node, Format | Call | Static):
        return list(node.args)
    if isinstance(node, TupleLit | ArrayLit):
        return list(node.elems)
    if isinstance(node, StructLit):
        return list(node.values)
    if isinstance(node, AssertEq):
        return [node.left, node.right]
    return []


def _root(e: Any) -> Local | None:
    """The variable of a place (`v` of `&mut v[0]`, `s` of `s.w.x`), or None."""
    while isinstance(e, Field | Index):
        e = e.base
    return e if isinstance(e, Local) else None


def _shared(e: Any, implicit: bool) -> tuple[Any, tuple[str, ...]] | None:
    """(binding, place) an operand keeps borrowed; `implicit`: the macro borrows the operand."""
    if e.borrowed and e.mut_borrow:
        return None
    if isinstance(e, Local | Field) and (e.borrowed or implicit):
        local = _root(e) if not isinstance(e, Local) else e
        if local is not None and not isinstance(local, Field):
            return local.binding, place_path(e)
        return None
    while isinstance(e, Method) and e.name in _KEEPING and isinstance(e.impl, Builtin):
        e = e.recv
    if isinstance(e, Method) and e.name in _BORROWING and isinstance(e.impl, Builtin):
        if e.user is None and not e.recv.borrowed:
            local = _root(e.recv)
            if local is not None:
                return local.binding, place_path(e.recv)
    if isinstance(e, Method) and e.user is not None:  # `a.name()` of `fn name(&self) -> &str`
        from pbpit.rust.interp.returned_refs import returned_borrow

        lent = returned_borrow(e)  # (the receiver, lent by lifetime elision)
        local = _root(lent) if lent is not None else None
        if local is not None:
            return local.binding, place_path(lent)
    return None


def _mutable_uses(e: Any) -> Iterator[tuple[Any, tuple[str, ...], Any]]:
    """(binding, place, where) of each mutable borrow in `e` (closures not looked into)."""
    stack = [e]
    while stack:
        node = stack.pop()
        if node is None or isinstance(node, Closure):
            continue
        if getattr(node, "mut_borrow", False):
            local = _root(node)
            if local is not None:
                yield local.binding, place_path(node), node.borrow_pos or node.pos
        if isinstance(node, Method) and _mutates(node) and not node.recv.borrowed:
            local = _root(node.recv)
            if local is not None:
                yield local.binding, place_path(node.recv), local.pos
        stack.extend(children(node))


def _lent_mutably(e: Any) -> tuple[Any, tuple[str, ...]] | None:
    """(binding, place) an operand keeps borrowed mutably: `&mut place`, `v.iter_mut()`."""
    if getattr(e, "mut_borrow", False):
        local = _root(e)
        return (local.binding, place_path(e)) if local is not None else None
    while isinstance(e, Method) and e.name in _KEEPING and isinstance(e.impl, Builtin):
        e = e.recv
    if isinstance(e, Method) and e.name in _MUT_BORROWING and isinstance(e.impl, Builtin):
        local = _root(e.recv) if not e.recv.borrowed else None
        return (local.binding, place_path(e.recv)) if local is not None else None
    return None


def _shared_uses(e: Any) -> Iterator[tuple[Any, tuple[str, ...], Any]]:
    """(binding, place, where) of each shared borrow in `e`: `&place`, a `&self` method's
    receiver (`v.len()`); closures are not looked into."""
    stack = [e]
    while stack:
        node = stack.pop()
        if node is None or isinstance(node, Closure):
            continue
        if getattr(node, "borrowed", False) and not node.mut_borrow:
            local = _root(node)
            if local is not None:
                yield local.binding, place_path(node), node.borrow_pos or node.pos
        if isinstance(node, Method) and not node.recv.borrowed and _by_shared_ref(node):
            local = _root(node.recv)
            if local is not None:
                yield local.binding, place_path(node.recv), local.pos
        stack.extend(children(node))


def _by_shared_ref(call: Method) -> bool:
    """A method taking `&self` (the program's own, or std's on a `Vec`, `String`, map: `len`,
    `first`, `iter`...), as far as pbpit knows."""
    if call.user is not None:
        return call.user.self_kind == "ref"
    return isinstance(call.impl, Builtin) and not call.impl.mutates and call.name in _BY_REF


def _mutates(call: Method) -> bool:
    if call.user is not None:
        return call.user.self_kind == "mut"
    return isinstance(call.impl, Builtin) and bool(call.impl.mutates)


def _conflict(path: str, name: str, at: Any, code: str, shared: bool = False) -> Unsupported:
    if code == "E0499":
        what = f"cannot borrow `{name}` as mutable more than once at a time"
        label = "second mutable borrow occurs here"
    elif shared:
        what = f"cannot borrow `{name}` as immutable because it is also borrowed as mutable"
        label = "immutable borrow occurs here"
    else:
        what = f"cannot borrow `{name}` as mutable because it is also borrowed as immutable"
        label = "mutable borrow occurs here"
    err = Unsupported(f"{path}:{at[0]}:{at[1]}", rejects(what, code))
    err.label = label
    return err
