"""A closure that changes what it captures holds a `&mut` borrow of it from its `let` to its last
call: a use of the captured variable between the two is rustc's borrow error (`let mut record =
|x| log.push(x); record(1.0); println!("{}", log.len()); record(2.0);`, E0502).

Read in one block's statements, straight line: a use in a statement strictly between the `let`
and the statement of the closure's last call by name, or anywhere in a loop that calls it (its
next pass calls it again: `for x in xs { add(x); println!("{}", total); }`, E0502). The code
follows the use: read by a macro (`println!`) or a `&self` method of a collection or `String`,
E0502; a `&mut self` method, E0499; a number read in an operation or a `let` (a copy) or
`x op= ..`, E0503; `x = ..`, E0506. Any other use (a move, a use in the statement of the last
call) is not judged here. A closure that changes a field (`|| s.n += 1`) is not either: Rust
2021 captures that place only.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pbpit.rust.interp.closure_args import refuse_closure_arg
from pbpit.rust.interp.closure_calls import change, moved_capture
from pbpit.rust.interp.closure_pairs import second_changer
from pbpit.rust.interp.closure_reads import _read_whole, loops_calling, refuse_in_block
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import (
    Assign,
    Binary,
    Block,
    Call,
    Closure,
    Format,
    Let,
    Local,
    Method,
    Unsupported,
    children,
)
from pbpit.rust.interp.types import STRING, Wrap, is_number, resolve


def refuse_uses_while_captured(body: Any, path: str, moved: list | None = None) -> None:
    """Rustc's error at the first use of a captured variable while a changing closure holds it
    (`moved`: the uses that move a variable, `moves.py`'s)."""
    stack: list[Any] = [body]
    moving = {id(use) for use in moved or ()}
    while stack:
        node = stack.pop()
        if isinstance(node, Block):  # (its value last: `for .. { f(x) }` ending `main`)
            _block([*node.stmts, *([node.tail] if node.tail is not None else [])], path)
            _moved_into_call([*node.stmts, *([node.tail] if node.tail is not None else [])],
                             moving, path)
        if isinstance(node, Method):
            refuse_closure_arg(node, path)  # `xs.iter().for_each(|x| xs.push(*x))`
        stack.extend(children(node))


def _block(stmts: list[Any], path: str) -> None:
    refuse_in_block(stmts, path)  # a reading closure's shared borrow, an `FnOnce` called twice
    for i, stmt in enumerate(stmts):
        if not (isinstance(stmt, Let) and isinstance(stmt.init, Closure)) or stmt.binding is None:
            continue
        if stmt.init.is_move or stmt.init.borrowed:
            continue
        found = change(stmt.init)
        place = found and (found[1].target if isinstance(found[1], Assign) else found[1].recv)
        if not isinstance(place, Local):
            continue  # a field (`s.n += 1`): Rust 2021 captures that place only, not judged
        captured = found[0]
        last = max(
            (j for j in range(i + 1, len(stmts)) if _calls(stmts[j], stmt.binding)), default=None
        )
        if last is None:
            continue
        scanned = list(stmts[i + 1 : last])  # and each loop calling it (a later pass calls it)
        scanned += [
            loop for s in stmts[i + 1 : last + 1] for loop in loops_calling(s, stmt.binding)
        ]
        for between in scanned:
            twice = second_changer(between, captured.binding, path)  # `|| count -= 1`: E0499
            if twice is not None:
                raise twice
            for parent, use in _uses(between, captured.binding):
                found = _error(parent, use, captured.binding.name, path)
                if found is not None:
                    raise found


def _moved_into_call(stmts: list[Any], moving: set[int], path: str) -> None:
    """`f((t * w).sum())` (`f(take(w))`, or `let l = t * w;` before `f(l)`) of `let f = |l|
    w.grad(&l)..;`: a closure reading a variable holds a borrow of it until its last call, whose
    arguments run before it, so a move of the variable there (any move `moves.py` found: a
    tensor operator's too) is rustc's E0505."""
    for i, stmt in enumerate(stmts):
        if not (isinstance(stmt, Let) and isinstance(stmt.init, Closure)) or stmt.binding is None:
            continue
        closure = stmt.init
        if closure.borrowed or closure.is_move or change(closure) or moved_capture(closure):
            continue  # (`move`, or moving a capture: the closure holds the value, no borrow)
        last = max(
            (j for j in range(i + 1, len(stmts)) if _calls(stmts[j], stmt.binding)), default=None
        )
        if last is None:
            continue
        read = _read_whole(closure)
        scanned = list(stmts[i + 1 : last]) + [
            arg
            for _, call in _walk(stmts[last])
            if isinstance(call, Call)
            and isinstance(call.callee, Local)
            and call.callee.binding is stmt.binding
            for arg in call.args
        ]
        for part in scanned:
            for _, use in _walk(part):
                if isinstance(use, Local) and id(use) in moving and id(use.binding) in read:
                    name = use.binding.name
                    what = f"cannot move out of `{name}` because it is borrowed"
                    err = Unsupported(f"{path}:{use.pos[0]}:{use.pos[1]}", rejects(what, "E0505"))
                    err.label = f"move out of `{name}` occurs here"
                    raise err


def _walk(node: Any, parent: Any = None) -> Iterator[tuple[Any, Any]]:
    stack: list[tuple[Any, Any]] = [(node, parent)]
    while stack:
        item, above = stack.pop()
        yield above, item
        stack.extend((child, item) for child in reversed(list(children(item))))


def _calls(stmt: Any, closure: Any) -> bool:
    return any(
        isinstance(n, Call) and isinstance(n.callee, Local) and n.callee.binding is closure
        for _, n in _walk(stmt)
    )


def _uses(stmt: Any, binding: Any) -> Iterator[tuple[Any, Local]]:
    for parent, node in _walk(stmt):
        if isinstance(node, Local) and node.binding is binding:
            yield parent, node


def _error(parent: Any, use: Local, name: str, path: str) -> Unsupported | None:
    if isinstance(parent, Format):
        code, what = "E0502", f"cannot borrow `{name}` as immutable because it is also borrowed as "
        what += "mutable"
    elif isinstance(parent, Method) and parent.recv is use:
        if getattr(parent.impl, "mutates", False):
            code, what = "E0499", f"cannot borrow `{name}` as mutable more than once at a time"
        elif isinstance(resolve(use.ty), Wrap) or resolve(use.ty) == STRING:
            code = "E0502"
            what = f"cannot borrow `{name}` as immutable because it is also borrowed as mutable"
        else:
            return None
    elif isinstance(parent, Binary | Let) and is_number(resolve(use.ty)):  # `count + 1`, a copy
        code, what = "E0503", f"cannot use `{name}` because it was mutably borrowed"
    elif isinstance(parent, Assign) and parent.target is use:
        if parent.op is None:
            code, what = "E0506", f"cannot assign to `{name}` because it is borrowed"
        else:
            code, what = "E0503", f"cannot use `{name}` because it was mutably borrowed"
    else:
        return None
    err = Unsupported(f"{path}:{use.pos[0]}:{use.pos[1]}", rejects(what, code))
    err.end = (use.pos[0], use.pos[1] + len(name))
    return err
