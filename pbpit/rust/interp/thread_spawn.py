"""`std::thread::spawn(|| ..)` (`thread::spawn` after `use std::thread;`): pbpit runs no
threads, and refuses it; but a closure without `move` that borrows a variable of the function
is rustc's E0373 (`spawn` needs a closure that may outlive the function: `F: 'static`), told
instead. A variable is borrowed, not moved, when every mention of it in the closure borrows it:
an argument of a printing or `format!` macro, `&x`, the receiver of a method that reads
(`v.len()`, `v.iter()`); a closure that may move it (`drop(v)`) is left refused."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Closure, Format, Local, Method, children

_READS = frozenset(
    (
        *("len", "is_empty", "iter", "get", "contains", "contains_key", "first", "last"),
        *("clone", "to_string", "as_str", "keys", "values", "starts_with", "ends_with"),
    )
)
"""Methods that take `&self` whatever their receiver: a variable they are called on is borrowed."""


def refuse_borrowing_closure(low: Any, node: Any, names: list[str], args: list[Any]) -> None:
    """rustc's E0373 at the closure given to `thread::spawn` (`node`: the call, `names`: its
    path) when it is not `move` and borrows a variable of the function; nothing otherwise."""
    if names[-2:] != ["thread", "spawn"] or names[:-2] not in ([], ["std"]):
        return
    if names == ["thread", "spawn"] and not _thread_used(low.src):  # (else rustc's E0433)
        return
    closure = args[0] if len(args) == 1 else None
    if not isinstance(closure, Closure) or closure.is_move:
        return
    borrowed = _borrowed(closure)
    if borrowed is None:
        return
    name = borrowed.binding.name
    what = (
        f"closure may outlive the current function, but it borrows `{name}`, which is owned "
        "by the current function"
    )
    written = low.kids(node.child_by_field_name("arguments"))[0]
    err = low.fail(written, rejects(what, "E0373"))
    err.label = f"may outlive borrowed value `{name}`"
    raise err


def _borrowed(closure: Closure) -> Local | None:
    """The first variable of an enclosing body (in source order) every mention of which in
    the closure's body borrows it; None if there is none."""
    borrows: dict[int, list[Local]] = {}
    others: set[int] = set()
    todo: list[tuple[Any, Any]] = [(closure.body, None)]
    while todo:
        node, parent = todo.pop()
        todo.extend((child, node) for child in children(node))
        if not isinstance(node, Local) or not _outside(closure, node):
            continue
        if _may_hold_a_borrow(node.binding):  # (then rustc's first error is the borrowed
            return None  # variable's, E0597 or E0521: left refused)
        key = id(node.binding)
        reads = isinstance(parent, Method) and parent.recv is node and parent.name in _READS
        if node.borrowed or isinstance(parent, Format) or reads:
            borrows.setdefault(key, []).append(node)
        else:
            others.add(key)
    kept = [found for key, mentions in borrows.items() if key not in others for found in mentions]
    return min(kept, key=lambda local: local.pos, default=None)


def _thread_used(source: Any) -> bool:
    """Whether `use std::thread;` (or `core`'s, in a list) brings the module `thread`."""
    from pbpit.rust.interp.uses import file_items

    return any(
        item.path[-2:] in (("std", "thread"), ("core", "thread")) and item.bound == "thread"
        for item in file_items(source)
    )


def _may_hold_a_borrow(binding: Any) -> bool:
    """A parameter, or a variable given `&x` or `Some(&x)`: it may hold a reference."""
    from pbpit.rust.interp.references import BOUND_TO_BORROW, SOME_BORROW

    return (
        getattr(binding, "argument", False)
        or getattr(binding, BOUND_TO_BORROW, False)
        or getattr(binding, SOME_BORROW, False)
        or getattr(binding, "mut_ref", False)
    )


def _outside(closure: Closure, local: Local) -> bool:
    scope = closure.scope.parent
    while scope is not None and scope is not local.binding.scope:
        scope = scope.parent
    return scope is not None
