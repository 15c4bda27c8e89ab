"""`let got = best.get_or_insert((1, 0.5)); got.1 += 1.0;` (`get_or_insert_with`): `got` is a
`&mut T` into `best`, so a write through it changes `best` (was a false E0594: `got` seen as a
value not declared `mut`).

pbpit erases references: `got` holds the value itself (a `Vec` or a struct is shared, a tuple
or a number is not), so its writes are to `got`, as `if let Some(b) = &mut opt` writes `b`
(if_let_mut.WRITTEN_BACK), and `best = Some(got);` follows the statement of `got`'s last use in
its block. That is the same program: rustc lets nothing else reach `best` while `got` lives."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import (
    Assign,
    ExprStmt,
    Field,
    For,
    If,
    Let,
    Local,
    Method,
    SomeLit,
    Unsupported,
    While,
    children,
)

BACK = "option_ref_of"
"""The attribute of `got`'s binding: the binding of the `Option` it is a `&mut` into."""
_METHODS = ("get_or_insert", "get_or_insert_with")


def mark(binding: Any, init: Any) -> None:
    """Mark `got` of `let got = best.get_or_insert(..)` (`best` a variable)."""
    from pbpit.rust.interp.if_let_mut import WRITTEN_BACK

    if binding is None or not isinstance(init, Method) or init.name not in _METHODS:
        return
    if init.borrowed or _root(init.recv) is None:
        return
    binding.mut_ref = binding.mutable = True  # (`*got = x` assigns `got`: WRITTEN_BACK)
    setattr(binding, WRITTEN_BACK, True)
    setattr(binding, BACK, init.recv)


def _root(place: Any) -> Local | None:
    """The variable of `best` or `t.best` (fields all the way, nothing borrowed), else None."""
    while isinstance(place, Field) and not place.borrowed:
        place = place.base
    return place if isinstance(place, Local) and not place.borrowed else None


def _again(place: Any, pos: Any) -> Any:
    """A new node of the place `best`, `t.best` (the write back's target), at `pos`."""
    if isinstance(place, Field):
        return Field(pos, _again(place.base, pos), place.name)
    return Local(pos, place.binding, place.scope)


def _names(place: Any) -> list[str]:
    names: list[str] = []
    while isinstance(place, Field):
        names.append(place.name)
        place = place.base
    return names[::-1]


def _uses(node: Any, binding: Any) -> bool:
    if isinstance(node, Local) and node.binding is binding:
        return True
    return any(_uses(part, binding) for part in children(node))


def write_back(lowerer: Any, stmts: list[Any], tail: Any) -> Any:
    """After the last statement using each marked `got` of `stmts`: `best = Some(got);`; the
    block's tail, made a statement when it uses `got` and gives `()` (`if c { *got = x }`)."""
    for i in range(len(stmts) - 1, -1, -1):
        stmt = stmts[i]
        if not isinstance(stmt, Let) or getattr(stmt.binding, BACK, None) is None:
            continue
        got = stmt.binding
        owner = getattr(got, BACK)
        if tail is not None and _uses(tail, got):
            if not _unit(tail):
                into = ".".join([_root(owner).binding.name, *_names(owner)])
                what = f"`{got.name}`, a `&mut` into `{into}`, in a block's value"
                raise Unsupported(f"{lowerer.path}:{owner.pos[0]}:{owner.pos[1]}", what)
            stmts.append(ExprStmt(tail.pos[0], tail, True, stmts[-1].visible))
            tail = None
        last = max((j for j in range(i + 1, len(stmts)) if _uses(stmts[j], got)), default=None)
        if last is None:
            continue
        root = _root(owner)
        assert root is not None
        _refuse_owner_used(lowerer, stmts[i + 1 : last + 1], root.binding, _names(owner))
        pos, seen = owner.pos, stmts[last].visible
        back = SomeLit(pos, Local(pos, got, root.scope))
        assign = Assign(pos, _again(owner, pos), back, None)
        stmts.insert(last + 1, ExprStmt(pos[0], assign, True, seen))
    return tail


def _unit(tail: Any) -> bool:
    """Whether the block's tail certainly gives `()` (an `if` without `else`, a loop, `x = ..`)."""
    return (isinstance(tail, If) and tail.els is None) or isinstance(tail, For | While | Assign)


def _refuse_owner_used(lowerer: Any, stmts: list[Any], owner: Any, fields: list[str]) -> None:
    """rustc's E0502 (E0506 for `best = ..`) for `best` used while `got` still borrows it
    (`t.best` borrowed: `t` or `t.best`, not another field `t.steps`)."""
    stack: list[tuple[Any, Any]] = [(s.expr if isinstance(s, ExprStmt) else s, None) for s in stmts]
    while stack:
        node, parent = stack.pop()
        if isinstance(node, Local) and node.binding is owner:
            if fields and isinstance(parent, Field) and parent.base is node:
                if parent.name != fields[0]:
                    continue  # `t.steps` beside `t.best`: another place
            name = owner.name
            if isinstance(parent, Assign) and parent.target is node and parent.op is None:
                what, code = f"cannot assign to `{name}` because it is borrowed", "E0506"
            else:
                what = f"cannot borrow `{name}` as immutable because it is also borrowed as mutable"
                code = "E0502"
            raise Unsupported(f"{lowerer.path}:{node.pos[0]}:{node.pos[1]}", rejects(what, code))
        stack.extend((part, node) for part in children(node))
