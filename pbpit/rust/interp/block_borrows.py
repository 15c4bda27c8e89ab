"""A block whose value borrows a variable of its own: `match mode { 0 => { let t = vec![9]; &t }
_ => &v }`, `let r = { let t = 5; &t };`, `if f { let d = String::from("x"); d.as_str() } else
{ .. }`. The block's variables are dropped as it ends, while its value lives on in what takes
it (a `let`, an argument, a method's receiver): rustc's E0597, "`t` does not live long
enough". pbpit erases references, so it would hand out the value.

A block whose value is thrown away (`{ let t = 1; &t };`, a statement) is only warned about by
rustc, and a function's body returning such a borrow is E0515 (`lifetimes.py`). Judged where
the borrowed variable certainly holds a value of its own (the checker's `owned`, or made by
`to_vec()`, `clone()`..: `lifetimes._made`), through `&t`, `&t[..]`, `&t.field` and std's
views of it (`t.as_str()`, `t.split(' ').next().unwrap()`: `lifetimes._viewed_root`); a
closure's body is its own function (not followed).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.lifetimes import _borrowed_root, _made, _results, _viewed_root
from pbpit.rust.interp.nodes import (
    Block,
    Closure,
    ExprStmt,
    If,
    IfLet,
    Let,
    Match,
    Unsupported,
    children,
)


def refuse(path: str, fn: Any) -> None:
    """rustc's E0597 for the first block of `fn`'s body whose value borrows its own variable."""
    if isinstance(fn.body, Block):
        for stmt in fn.body.stmts:  # (the body's own tail is the function's result: E0515)
            _walk(path, stmt, used=False)


def _walk(path: str, node: Any, used: bool) -> None:
    if isinstance(node, Closure):
        return
    if isinstance(node, ExprStmt):
        _walk(path, node.expr, used=False)  # (a statement's value is dropped there)
        return
    if isinstance(node, Block):
        if used:
            _judge(path, node)
        for stmt in node.stmts:
            _walk(path, stmt, used=False)
        if node.tail is not None:
            _walk(path, node.tail, used)
        return
    if isinstance(node, If | IfLet):
        _walk(path, node.cond if isinstance(node, If) else node.value, used=True)
        _walk(path, node.then, used)
        if node.els is not None:
            _walk(path, node.els, used)
        return
    if isinstance(node, Match):
        _walk(path, node.value, used=True)
        for arm in node.arms:
            if arm.guard is not None:
                _walk(path, arm.guard, used=True)
            _walk(path, arm.body, used)
        return
    for part in children(node):
        _walk(path, part, used=True)


def _judge(path: str, block: Block) -> None:
    own = {id(s.binding): s.init for s in block.stmts if isinstance(s, Let) and s.binding}
    if not own or block.tail is None:
        return
    made = {key: init for key, init in own.items() if _made(init)}
    for value in _results(block.tail):
        if value is None:
            continue
        root = _borrowed_root(value) if value.borrowed and not value.mut_borrow else None
        if not value.borrowed:
            root = _viewed_root(value, made)
        if root is None or root is not value and root.borrowed or id(root.binding) not in own:
            continue
        if not root.binding.owned and id(root.binding) not in made:
            continue
        what = f"`{root.binding.name}` does not live long enough"
        err = Unsupported(f"{path}:{root.pos[0]}:{root.pos[1]}", rejects(what, "E0597"))
        err.label = "borrowed value does not live long enough"
        raise err
