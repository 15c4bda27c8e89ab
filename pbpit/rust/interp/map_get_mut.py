"""`match m.get_mut(&k) { Some(v) => { *v = ..; } None => { m.insert(k, x); } }` of a map (a
`HashMap`, a `BTreeMap`) or a `Vec` (`v.get_mut(i)`): the `Some(v)` arm run as the body of
`if let Some(v) = m.get_mut(&k)` is (`hashmap.get_mut_place`): `v` the value, a `&mut` binding
written back to `m` at the arm's end; the other arms as written, which may use `m` again
(rustc's borrow of `m` ends with the `Some` arm: NLL). The `Some` arm may not name `m`
(rustc's E0499/E0502) nor leave early past the write-back (`hashmap.written_back` refuses
both)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.field_paths import method_called

_COMMENTS = ("line_comment", "block_comment")
_STATEMENTS = ("Assign", "If", "IfLet", "For", "While", "Loop", "Match")
"""Kinds a block's tail may be that give `()` (`=> { if x < *v { *v = x; } }`)."""


class _Scrutinee:
    """A `match` seen as `hashmap.get_mut_place` reads an `if let` condition: its `value`."""

    def __init__(self, match: Any) -> None:
        self.match = match

    def child_by_field_name(self, name: str) -> Any:
        return self.match.child_by_field_name("value") if name == "value" else None


class _ArmBody:
    """A `match` arm seen as `hashmap.written_back` reads an `if let`: its `consequence`."""

    def __init__(self, arm: Any) -> None:
        self.arm = arm

    def child_by_field_name(self, name: str) -> Any:
        return self.arm.child_by_field_name("value") if name == "consequence" else None


def some_name(lowerer: Any, match: Any, pattern: Any) -> Any | None:
    """The name node of the arm pattern `Some(name)` of a `match` on `x.get_mut(k)`; None for
    another pattern or scrutinee."""
    if method_called(lowerer, match.child_by_field_name("value"), 1) != "get_mut":
        return None
    if pattern.type != "tuple_struct_pattern" or lowerer.lookup("Some") is not None:
        return None
    if lowerer.text(pattern.child_by_field_name("type")) != "Some":
        return None
    inner = [c for c in pattern.children[1:] if c.is_named and c.type not in _COMMENTS]
    return inner[0] if len(inner) == 1 and inner[0].type == "identifier" else None


def some_arm(lowerer: Any, match: Any, arm: Any, name_node: Any, value: Any) -> tuple:
    """`Some(v) => body` of `match m.get_mut(&k)`: (its pattern, a function making its body
    from the lowered arm: the arm, then `m[k] = v`)."""
    from pbpit.rust.interp import hashmap
    from pbpit.rust.interp.nodes import Block, ExprStmt, Pat

    binding = lowerer.declare(lowerer.text(name_node), False)
    place = hashmap.get_mut_place(lowerer, _Scrutinee(match), value, binding)
    pos = lowerer.pos(arm)
    pat = Pat(pos, "some", subs=[Pat(lowerer.pos(name_node), "bind", binding=binding)])

    def body(made: Any) -> Any:
        if not isinstance(made, Block):  # `Some(v) => *v = x,`
            made = Block(pos, [ExprStmt(pos[0], made, True, lowerer.in_scope)], None,
                         lowerer.in_scope)
        elif type(made.tail).__name__ in _STATEMENTS:
            made.stmts.append(ExprStmt(pos[0], made.tail, False, made.visible))
            made.tail = None
        return hashmap.written_back(lowerer, _ArmBody(arm), place, binding, made)

    return pat, body
