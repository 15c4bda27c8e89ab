"""A closure passed to a method of an iterator that borrows a place (`xs.iter().for_each(|x|
xs.push(*x))`, `t.xs.iter().for_each(|_| t.bump())`) or to a method that changes the place
itself (`v.retain(|x| *x < v.len())`): the place stays borrowed while the closure runs, so a
closure that changes an overlapping place is rustc's E0502 (the place borrowed shared) or
E0499 (borrowed mutably), and one that reads a place borrowed mutably is E0502.

pbpit would run them on the live `Vec`: pushing to the one it iterates never ends. A field
of another place (`t.xs.iter().for_each(|x| t.n += x)`) is apart, as Rust 2021 captures
that place only. Changes followed: an assignment, std's `&mut self` methods, the program's
own `&mut self` methods, `&mut place`.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import (
    Assign,
    Closure,
    Field,
    Index,
    Local,
    Method,
    Unsupported,
    children,
)

# methods making an iterator (or a view) that borrows the receiver until it is used up
_SHARED_VIEWS = frozenset(
    {"iter", "chunks", "windows", "chunks_exact", "keys", "values", "chars", "bytes", "lines"}
)
_MUT_VIEWS = frozenset({"iter_mut", "values_mut", "chunks_mut", "chunks_exact_mut"})


def refuse_closure_arg(call: Method, path: str) -> None:
    """Rustc's error when a closure argument of `call` changes (or reads) a place the call's
    receiver chain holds borrowed."""
    closures = [a for a in call.args if isinstance(a, Closure)]
    if not closures:
        return
    held = _held(call)
    if held is None:
        return
    place, mutable = held
    for closure in closures:
        for _node, touched, changes in _touches(closure):
            if not _overlap(place, touched) or not (changes or mutable):
                continue
            name = ".".join(touched)
            if changes and mutable:
                code, what = "E0499", f"cannot borrow `{name}` as mutable more than once at a time"
            elif changes:
                code = "E0502"
                what = f"cannot borrow `{name}` as mutable because it is also borrowed as immutable"
            else:
                code = "E0502"
                what = f"cannot borrow `{name}` as immutable because it is also borrowed as mutable"
            err = Unsupported(f"{path}:{closure.pos[0]}:{closure.pos[1]}", rejects(what, code))
            err.end = getattr(closure, "head_end", None) or closure.pos
            err.label = f"second borrow occurs due to use of `{name}` in closure"
            raise err


def _held(call: Method) -> tuple[list[str], bool] | None:
    """The place the receiver chain of `call` borrows while it runs, and whether mutably."""
    if getattr(call.impl, "mutates", False):  # `v.retain(|x| ..)`, `v.sort_by(|a, b| ..)`
        place = _place(call.recv)
        return (place, True) if place is not None else None
    recv = call.recv
    while isinstance(recv, Method):
        inner = recv.recv
        place = _place(inner) if not isinstance(inner, Method) else None
        if place is not None and recv.user is None:
            if recv.name in _SHARED_VIEWS:
                return place, False
            if recv.name in _MUT_VIEWS:
                return place, True
            return None
        recv = inner
    return None


def _place(e: Any) -> list[str] | None:
    """`t.xs` as ["t", "xs"]; an element is its whole `Vec` (`v[i].w`: ["v"])."""
    names: list[str] = []
    while isinstance(e, Field | Index):
        if isinstance(e, Index):
            names.clear()
        else:
            names.insert(0, e.name)
        e = e.base
    if not isinstance(e, Local) or e.borrowed:
        return None
    return [e.binding.name, *names] if e.binding is not None else None


def _touches(closure: Closure) -> list[tuple[Any, list[str], bool]]:
    """Each place of an enclosing body the closure's body names (the widest written: `t.xs.len()`
    touches `t.xs`), and whether it changes it."""
    found: list[tuple[Any, list[str], bool]] = []
    parents = _parents(closure.body)
    stack: list[tuple[Any, Any]] = [(closure.body, None)]
    while stack:
        node, parent = stack.pop()
        stack.extend((child, node) for child in reversed(list(children(node))))
        if not isinstance(node, Local) or node.binding.declared_in(closure.scope):
            continue
        top, above = _widest(node, parents, parent)
        place = _place(top)
        if place is None:
            if isinstance(top, Local) and top.borrowed:
                place = [top.binding.name]
            else:
                continue
        found.append((top, place, _changes(top, above)))
    return found


def _widest(local: Local, parents: dict[int, Any], parent: Any) -> tuple[Any, Any]:
    """The widest place expression built on `local` (up through fields and indexes), and the
    node above it."""
    node, above = local, parent
    while isinstance(above, Field | Index) and above.base is node:
        node, above = above, parents.get(id(above))
    return node, above


def _parents(body: Any) -> dict[int, Any]:
    found: dict[int, Any] = {}
    stack = [body]
    while stack:
        node = stack.pop()
        for child in children(node):
            found[id(child)] = node
            stack.append(child)
    return found


def _changes(place: Any, above: Any) -> bool:
    if place.mut_borrow:
        return True
    if isinstance(above, Assign) and above.target is place:
        return True
    if isinstance(above, Method) and above.recv is place:
        user = above.user
        return getattr(above.impl, "mutates", False) or (
            user is not None and getattr(user, "self_kind", "") == "mut"
        )
    return False


def _overlap(a: list[str], b: list[str]) -> bool:
    n = min(len(a), len(b))
    return a[:n] == b[:n]
