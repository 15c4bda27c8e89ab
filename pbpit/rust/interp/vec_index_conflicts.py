"""`rows[r] = x` while `rows` is borrowed: for a `Vec` the assignment goes through `IndexMut`,
which borrows `rows` mutably, so rustc says E0502 ("cannot borrow `rows` as mutable because it
is also borrowed as immutable", at `rows`); for an array it writes the element in place, E0506
("cannot assign to `rows[_]` because it is borrowed"). The borrow passes run as a body is
lowered, before its types are known, and say E0506 (`shared_borrows.py`); once the checker has
typed the body, this makes such an E0506 at an element of a `Vec` rustc's E0502."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Assign, Field, Index, Local, Unsupported, children
from pbpit.rust.interp.slices import is_slice
from pbpit.rust.interp.types import Wrap, resolve


def _assignment_at(body: Any, line: int, column: int) -> Assign | None:
    stack = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, Assign) and tuple(node.pos) == (line, column):
            return node
        stack.extend(children(node))
    return None


def _borrowed_place(target: Index) -> Any | None:
    """The place `IndexMut` borrows for `target` (`rows` of `rows[r]`, of `rows[r][c]` when
    every index is of a `Vec`), or None when an array's or a slice's element is assigned."""
    place: Any = target
    while isinstance(place, Index):
        base = resolve(place.base.ty)
        if type(base) is not Wrap or base.kind != "Vec" or is_slice(base):
            return None
        place = place.base
    return place if isinstance(place, Local | Field) else None


def _shown(place: Any) -> str:
    if isinstance(place, Field):
        return f"{_shown(place.base)}.{place.name}"
    return place.binding.name


def as_vec_borrows(crate: Any) -> None:
    """Each function's deferred E0506 at `v[i] = ..` of a `Vec` made rustc's E0502."""
    for fn in crate.fns.values():
        conflict = getattr(fn, "borrow_conflict", None)
        if conflict is None or conflict.code != "E0506":
            continue
        _, line, column = conflict.place
        assign = _assignment_at(fn.body, line, column)
        element = assign.target if assign is not None else None
        while isinstance(element, Field):  # `v[1].x = ..`: the element's field
            element = element.base
        if not isinstance(element, Index):
            continue
        place = _borrowed_place(element)
        if place is None:
            continue
        shown = _shown(place)
        what = f"cannot borrow `{shown}` as mutable because it is also borrowed as immutable"
        path = conflict.where.rsplit(":", 2)[0]
        start = element.pos  # (the place borrowed starts where the element does)
        err = Unsupported(f"{path}:{start[0]}:{start[1]}", rejects(what, "E0502"))
        err.end = (start[0], start[1] + len(shown))
        err.label = "mutable borrow occurs here"
        fn.borrow_conflict = err
