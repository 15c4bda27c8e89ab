"""What a closure bound by `let` holds until its last call, besides the `&mut` borrow of an
`FnMut` closure (`closure_borrows`):

- A closure (not `move`) that only reads a captured variable borrows it shared from its `let`
  to its last call: writing it between is rustc's error (`let f = |g| g * lr; lr = 0.05;
  f(2.0)`: E0506 for `x = ..` and `x op= ..`; `drop(s)` or another move of a non-`Copy`
  capture: E0505; `v.push(..)`, a `&mut self` method or `&mut v`: E0502). Reads between are
  fine, and so is anything after the last call.
- A closure that moves a captured value out (`move || drop(v)`, `|| consume(s)`) is `FnOnce`:
  its first call moves it, so a second call is E0382 ("use of moved value: `f`").

Read in one block's statements, straight line, as `closure_borrows`: the uses strictly between
the `let` and the statement of the last call by name. A variable the closure reads only
through a field (`c.lr`) is captured as that place only (Rust 2021): an assignment to the place,
to a place within it or around it (`c.lr = 0.05`), is E0506, a `&mut self` method of it E0502;
other fields are free. Calls behind an
`if`, a `match` or a loop are not counted for `FnOnce`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pbpit.rust.interp.closure_calls import change, moved_capture
from pbpit.rust.interp.copy_types import copy_type
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import (
    Assign,
    Break,
    Call,
    Closure,
    Field,
    For,
    If,
    IfLet,
    Let,
    Local,
    Loop,
    Match,
    Method,
    Return,
    Static,
    Unsupported,
    While,
    children,
)


def refuse_in_block(stmts: list[Any], path: str) -> None:
    """Rustc's error for the first conflict with a reading or `FnOnce` closure of `stmts`."""
    for i, stmt in enumerate(stmts):
        if not (isinstance(stmt, Let) and isinstance(stmt.init, Closure)) or stmt.binding is None:
            continue
        closure = stmt.init
        if closure.borrowed:
            continue
        moved = moved_capture(closure)
        if moved is not None:
            _refuse_second_call(stmts[i + 1 :], stmt.binding, moved, path)
            continue
        if closure.is_move or change(closure) is not None:
            continue  # `move`: nothing borrowed; `FnMut`: closure_borrows
        last = max(
            (j for j in range(i + 1, len(stmts)) if _calls(stmts[j], stmt.binding)), default=None
        )
        if last is None:
            continue
        read = _read_whole(closure)
        fields = _read_fields(closure)
        if not read and not fields:
            continue
        scanned = list(stmts[i + 1 : last])  # and each loop calling it (a later pass calls it)
        scanned += [
            loop for s in stmts[i + 1 : last + 1] for loop in loops_calling(s, stmt.binding)
        ]
        for between in scanned:
            for parent, node in _walk(between):
                err = _moved_by(node, read, path) if isinstance(node, Closure) else None
                err = err or _conflict(parent, node, read, path)
                err = err or _field_conflict(node, read, fields, path)
                if err is not None:
                    raise err


def loops_calling(stmt: Any, closure: Any, moving: bool = False) -> list[Any]:
    """The outermost loops under `stmt` that call `closure` and have no `break` or `return`
    (after which the closure may be called no more)."""
    found: list[Any] = []
    stack: list[Any] = [stmt]
    while stack:
        node = stack.pop()
        if isinstance(node, Closure):
            continue
        if isinstance(node, Loop | While | For):
            inside = [n for _, n in _walk(node)]
            parts = [p for p in (node.body, getattr(node, "cond", None)) if p is not None]
            again = [n for part in parts for _, n in _walk(part)]
            # (`moving`: a pass may call the closure again after a call, rustc's E0382 for
            # one moving a capture out; else no `break` nor `return` at all, a pass calling it
            # after the body's other statements)
            leaves = (
                _leaves_after_call(node, closure, inside)
                if moving
                else any(isinstance(n, Break | Return) for n in inside)
            )
            if any(_is_call(n, closure) for n in again) and not leaves:
                found.append(node)
            continue
        stack.extend(children(node))
    return found


def _leaves_after_call(loop: Any, closure: Any, inside: list[Any]) -> bool:
    """Whether each pass of `loop` that calls `closure` then leaves the loop: a `break` or a
    `return` after the call on every way on (a `break` behind an `if` lets a pass go on: `if
    step == 2 { break; }`; `if i == 1 { take(); break; }` leaves). A loop whose calls are in
    its condition only is judged by any `break` or `return` in it."""
    from pbpit.rust.interp.nodes import Block

    if not isinstance(loop.body, Block) or not _calls(loop.body, closure):
        return any(isinstance(n, Break | Return) for n in inside)
    return _block_leaves(loop.body, closure)


def _block_leaves(block: Any, closure: Any) -> bool:
    from pbpit.rust.interp.nodes import Block, ExprStmt

    stmts = [*block.stmts, *([block.tail] if block.tail is not None else [])]
    calling = next((i for i, stmt in enumerate(stmts) if _calls(stmt, closure)), None)
    if calling is None:
        return True
    for at, stmt in enumerate(stmts[calling:]):
        part = stmt.expr if isinstance(stmt, ExprStmt) else stmt
        if isinstance(part, Break | Return):
            return True
        if at:
            continue
        if isinstance(part, If | IfLet | Match):  # the calling branches, each leaving
            branches = (
                [arm.body for arm in part.arms]
                if isinstance(part, Match)
                else [part.then, *([part.els] if part.els is not None else [])]
            )
            called = [b for b in branches if _calls(b, closure)]
            if called and all(isinstance(b, Block) and _block_leaves(b, closure) for b in called):
                return True
        elif any(isinstance(n, Break | Return) for _, n in _walk(part)):
            return True  # (a `break` inside another construct: not followed, taken as leaving)
    return False


def _walk(node: Any, parent: Any = None) -> Iterator[tuple[Any, Any]]:
    """Every node under `node` with its parent, in source order (a closure's body not entered)."""
    stack: list[tuple[Any, Any]] = [(node, parent)]
    while stack:
        item, above = stack.pop()
        yield above, item
        if isinstance(item, Closure) and item is not node:
            continue
        stack.extend((child, item) for child in reversed(list(children(item))))


def _calls(stmt: Any, closure: Any) -> bool:
    return any(_is_call(n, closure) for _, n in _walk(stmt))


def _is_call(node: Any, closure: Any) -> bool:
    return (
        isinstance(node, Call) and isinstance(node.callee, Local) and node.callee.binding is closure
    )


def _read_whole(closure: Closure) -> dict[int, Any]:
    """The captured variables the closure's body names whole (not only as a field's base)."""
    whole: dict[int, Any] = {}
    stack: list[tuple[Any, Any]] = [(closure.body, None)]
    while stack:
        node, parent = stack.pop()
        stack.extend((child, node) for child in children(node))
        if not isinstance(node, Local) or node.binding.declared_in(closure.scope):
            continue
        if not (isinstance(parent, Field) and parent.base is node and not node.borrowed):
            whole[id(node.binding)] = node.binding
    return whole


def place_of(e: Any) -> tuple[Any, tuple[str, ...]] | None:
    """`c.opt.lr` as (the binding `c`, ("opt", "lr")); a variable as (it, ()); else None."""
    names: list[str] = []
    while isinstance(e, Field) and not e.borrowed:
        names.append(e.name)
        e = e.base
    if not isinstance(e, Local):
        return None
    return e.binding, tuple(reversed(names))


def _read_fields(closure: Closure) -> list[tuple[Any, tuple[str, ...]]]:
    """The places a closure reads through a field of a captured variable (`c.lr` of `|g| g *
    c.lr`): Rust 2021 captures each such place, not the variable."""
    found: list[tuple[Any, tuple[str, ...]]] = []
    stack: list[tuple[Any, Any]] = [(closure.body, None)]
    while stack:
        node, parent = stack.pop()
        stack.extend((child, node) for child in children(node))
        if not isinstance(node, Field) or (isinstance(parent, Field) and parent.base is node):
            continue  # (the longest place only: `c.opt.lr`, not `c.opt`)
        place = place_of(node)
        if place is not None and not place[0].declared_in(closure.scope):
            found.append(place)
    return found


def _field_conflict(
    node: Any, read: dict[int, Any], fields: list[tuple[Any, tuple[str, ...]]], path: str
) -> Unsupported | None:
    """`c.lr = ..` (or a `&mut self` method of `c.xs`) while the closure reads `c.lr`, a place
    within it or around it, or `c` whole: E0506 (E0502)."""
    if isinstance(node, Assign):
        place, at, code = place_of(node.target), node.target, "E0506"
    elif isinstance(node, Method) and _mutates(node):  # (`t.opt.decay()` of `&mut self`)
        place, at, code = place_of(node.recv), node.recv, "E0502"
    else:
        return None
    if place is None:
        return None
    binding, names = place
    if not names and id(binding) in read:
        return None  # (a variable read whole, changed whole: `_conflict`)
    overlaps = id(binding) in read or any(
        b is binding and (n[: len(names)] == names or names[: len(n)] == n) for b, n in fields
    )
    if not overlaps:
        return None
    shown = ".".join((binding.name, *names))
    while isinstance(at, Field):
        at = at.base
    if code == "E0506":
        what = f"cannot assign to `{shown}` because it is borrowed"
    else:
        what = f"cannot borrow `{shown}` as mutable because it is also borrowed as immutable"
    err = Unsupported(f"{path}:{at.pos[0]}:{at.pos[1]}", rejects(what, code))
    err.end = (at.pos[0], at.pos[1] + len(shown))
    return err


def _conflict(parent: Any, node: Any, read: dict[int, Any], path: str) -> Unsupported | None:
    if isinstance(node, Assign) and isinstance(node.target, Local):
        binding = read.get(id(node.target.binding))
        if binding is None:
            return None
        name = binding.name
        at = node.target.pos
        return _error(path, at, at, f"cannot assign to `{name}` because it is borrowed", "E0506")
    if isinstance(node, Method) and isinstance(node.recv, Local) and not node.recv.borrowed:
        binding = read.get(id(node.recv.binding))
        if binding is None or not _mutates(node):
            return None
        what = f"cannot borrow `{binding.name}` as mutable because it is also borrowed as immutable"
        return _error(path, node.recv.pos, node.recv.pos, what, "E0502")
    if not isinstance(node, Local) or id(node.binding) not in read:
        return None
    name = node.binding.name
    if node.mut_borrow:
        what = f"cannot borrow `{name}` as mutable because it is also borrowed as immutable"
        return _error(path, node.borrow_pos or node.pos, node.pos, what, "E0502")
    if node.borrowed or copy_type(node.ty):
        return None
    moving = (
        isinstance(parent, Call | Method | Static) and any(a is node for a in parent.args)
    ) or (isinstance(parent, Let) and parent.init is node)
    if not moving:
        return None
    return _error(
        path, node.pos, node.pos, f"cannot move out of `{name}` because it is borrowed", "E0505"
    )


def _mutates(call: Method) -> bool:
    """Whether the method takes `&mut self` (std's row says so, or the program's `impl`)."""
    user = call.user
    return getattr(call.impl, "mutates", False) or (
        user is not None and getattr(user, "self_kind", "") == "mut"
    )


def _moved_by(closure: Closure, read: dict[int, Any], path: str) -> Unsupported | None:
    """A `move` closure naming a captured variable, not `Copy`, moves it: E0505."""
    if not closure.is_move:
        return None
    for _, node in _walk(closure.body):
        if isinstance(node, Local) and id(node.binding) in read and not copy_type(node.ty):
            what = f"cannot move out of `{node.binding.name}` because it is borrowed"
            return _error(path, closure.pos, node.pos, what, "E0505")
    return None


def _error(path: str, at: Any, name_at: Any, what: str, code: str) -> Unsupported:
    err = Unsupported(f"{path}:{at[0]}:{at[1]}", rejects(what, code))
    name = what.split("`")[1]
    err.end = (name_at[0], name_at[1] + len(name))
    return err


def _straight_calls(node: Any, closure: Any) -> Iterator[Call]:
    """Calls of `closure` under `node` reached every time it runs (not behind a branch, a loop or
    another closure), in source order."""
    stack: list[Any] = [node]
    while stack:
        item = stack.pop()
        if _is_call(item, closure):
            yield item
        if isinstance(item, If | IfLet | Match | Loop | While | For | Closure):
            continue
        stack.extend(reversed(list(children(item))))


def _refuse_second_call(stmts: list[Any], closure: Any, moved: Local, path: str) -> None:
    calls = [c for stmt in stmts for c in _straight_calls(stmt, closure)]
    for loop in (loop for stmt in stmts for loop in loops_calling(stmt, closure, True)):
        body = loop.body
        # called in a pass, behind a branch too: a later pass may call it moved (the loop has no
        # `break` nor `return`)
        again = next((n for _, n in _walk(body) if _is_call(n, closure)), None) if body else None
        if again is not None:
            calls = [again, again]
            break
    if len(calls) < 2:
        return
    first, second = calls[0].callee, calls[1].callee
    name = closure.name
    err = Unsupported(
        f"{path}:{second.pos[0]}:{second.pos[1]}", rejects(f"use of moved value: `{name}`", "E0382")
    )
    err.end = (second.pos[0], second.pos[1] + len(name))
    err.label = "value used here after move"
    err.notes = [
        "closure cannot be invoked more than once because it moves the variable "
        f"`{moved.binding.name}` out of its environment",
        f"`{name}` moved due to the call at {path}:{first.pos[0]}:{first.pos[1]}",
    ]
    raise err
