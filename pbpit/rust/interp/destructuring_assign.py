"""Destructuring assignment: `(h, c) = model.cell(x, h, c);` (stable Rust since 1.59).

rustc lowers it as `{ let (lhs0, lhs1) = value; h = lhs0; c = lhs1; }`: the value first, in a
hidden binding, then each place on the left given its part, left to right, each assignment
judged as if written alone and pointed at (`E0384` at `h` not declared `mut`), a field or an
index as a place, `_` skipped. A tuple nested on the left is taken apart the same way. The value
moves whole into the hidden binding: where rustc moves only the parts named (`(h, _) = t;` of a
`t` holding `String`s), a later use of `t` is E0382 as rustc says, but a later use of `t.1` alone
is one too, which rustc accepts (rare; no program rustc rejects runs).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.lower_tables import Node
from pbpit.rust.interp.nodes import Binding, Block, Expr, ExprStmt, Field, Let, Local, Stmt


def is_destructuring(left: Node) -> bool:
    return left.type == "tuple_expression"


def lower(lowerer: Any, node: Node, left: Node, value: Expr) -> Block:
    """The block rustc makes of `left = value;` when `left` is a tuple of places."""
    line = lowerer.pos(node)[0]
    saved = lowerer.open_scope()
    stmts: list[Stmt] = []
    hidden = Binding(f"({lowerer.text(left)})", False, lowerer.scope, lowerer.scope.nslots, True)
    lowerer.scope.nslots += 1
    stmts.append(Let(line, hidden, None, value, lowerer.in_scope))
    value = Local(lowerer.pos(left), hidden, lowerer.scope)
    _parts(lowerer, left, value, stmts, line)
    visible = lowerer.in_scope
    lowerer.close_scope(saved)
    return Block(lowerer.pos(node), stmts, None, visible)


def _parts(lowerer: Any, left: Node, value: Expr, stmts: list[Stmt], line: int) -> None:
    for i, place in enumerate(lowerer.kids(left)):
        part = Field(value.pos, value, str(i))
        if place.type == "identifier" and lowerer.text(place) == "_":
            continue
        if is_destructuring(place):
            _parts(lowerer, place, part, stmts, line)
            continue
        assign = lowerer.assign_value(place, place, part, None)  # rustc's errors point at it
        stmts.append(ExprStmt(line, assign, True, lowerer.in_scope))
