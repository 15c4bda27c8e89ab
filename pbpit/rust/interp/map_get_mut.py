"""`match m.get_mut(&k) { Some(v) => { *v = ..; } None => { m.insert(k, x); } }` of a map (a
`HashMap`, a `BTreeMap`) or a `Vec` (`v.get_mut(i)`): the `Some(v)` arm run as the body of
`if let Some(v) = m.get_mut(&k)` is (`get_mut_place`, below): `v` the value, a `&mut` binding
written back to `m` at the arm's end; the other arms as written, which may use `m` again
(rustc's borrow of `m` ends with the `Some` arm: NLL). The `Some` arm may not name `m`
(rustc's E0499/E0502) nor leave early past the write-back (`written_back` refuses
both)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code
from pbpit.rust.interp.field_paths import method_called
from pbpit.rust.interp.types import UNIT, USIZE, Ty, Wrap, resolve
from pbpit.rust.interp.vec_ends_mut import ENDS
from pbpit.rust.interp.vec_ends_mut import key as end_key

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
    from pbpit.rust.interp.nodes import Block, ExprStmt, Pat

    binding = lowerer.declare(lowerer.text(name_node), False)
    place = get_mut_place(lowerer, _Scrutinee(match), value, binding)
    pos = lowerer.pos(arm)
    pat = Pat(pos, "some", subs=[Pat(lowerer.pos(name_node), "bind", binding=binding)])

    def body(made: Any) -> Any:
        if not isinstance(made, Block):  # `Some(v) => *v = x,`
            made = Block(
                pos, [ExprStmt(pos[0], made, True, lowerer.in_scope)], None, lowerer.in_scope
            )
        elif type(made.tail).__name__ in _STATEMENTS:
            made.stmts.append(ExprStmt(pos[0], made.tail, False, made.visible))
            made.tail = None
        return written_back(lowerer, _ArmBody(arm), place, binding, made)

    return pat, body


# -- `if let Some(v) = m.get_mut(&k) { *v += x; }` -----------------------------------------------

WRITE_BACK = "[map write back]"
"""The `Method` `m[k] = v` after the body of `if let Some(v) = m.get_mut(&k)` (args `k`, `v`)."""
_EARLY = ("return_expression", "break_expression", "continue_expression", "try_expression")
_PLACES = ("identifier", "field_expression", "self", "string_literal", "integer_literal")


def get_mut_place(lowerer: Any, cond: Any, value: Any, binding: Any) -> tuple[Any, Any] | None:
    """For `if let Some(v) = m.get_mut(&k)` (`value` the lowered scrutinee): the syntax of `m`
    and `k`, `v` made a `&mut` binding whose value is written back to the map after the body
    (pbpit's `v` is the value, not a reference into the map); None for another scrutinee."""
    from pbpit.rust.interp.field_paths import method_called, receiver
    from pbpit.rust.interp.if_let_mut import BY_VALUE, WRITTEN_BACK

    node = cond.child_by_field_name("value")
    end = method_called(lowerer, node)  # `= v.last_mut()`: a `Vec`'s `v[v.len() - 1]`
    if binding is None or (method_called(lowerer, node, 1) != "get_mut" and end not in ENDS):
        return None
    keys = lowerer.kids(node.child_by_field_name("arguments"))
    holder = receiver(node)
    if end in ENDS:
        keys = [holder if holder.type in _PLACES else None]
    key = keys[0] if len(keys) == 1 else None
    if key is not None and key.type == "reference_expression":
        key = key.child_by_field_name("value")
    if key is None or not _pure_key(key) or holder.type not in _PLACES:
        raise lowerer.fail(node, "`if let Some(..) = m.get_mut(k)` of other than a variable's key")
    value.written_back = True  # (the checker lets a map of numbers have it: `_map_type`)
    binding.mut_ref = binding.mutable = True
    setattr(binding, WRITTEN_BACK, True)  # `*v = x` assigns `v`
    setattr(binding, BY_VALUE, False)  # (a `&mut V`, not the value of an `Option<V>`)
    return holder, (end if end in ENDS else keys[0])


def _pure_key(key: Any) -> bool:
    """Whether the key `key` is a place or an expression of places and literals (`(i % 2)`,
    `*label`, `k + 1`): the write-back after the body computes it again."""
    stack = [key]
    while stack:
        part = stack.pop()
        if part.type not in _PLACES + _KEY_PARTS and part.is_named:
            return False
        if part.type not in ("field_expression", "string_literal"):  # (`"w"`: its content)
            stack.extend(part.children)
    return True


_KEY_PARTS = (
    "parenthesized_expression",
    "binary_expression",
    "unary_expression",
    "field_identifier",
    "tuple_expression",  # `&(0, 0)` of a map keyed by pairs
    "char_literal",
    "boolean_literal",
)


def _key_names(lowerer: Any, key: Any) -> set[str]:
    """The variables a key expression reads (`i` of `(i % 2)`, `self` of `self.k`)."""
    if key in ENDS or key is None:
        return set()
    found, stack = set(), [key]
    while stack:
        part = stack.pop()
        if part.type in ("identifier", "self"):
            found.add(lowerer.text(part))
        elif part.type == "field_expression":
            stack.append(part.child_by_field_name("value"))
        else:
            stack.extend(part.children)
    return found


def _assigned(lowerer: Any, part: Any) -> str | None:
    """The variable an assignment `part` (`i += 1`, `s.k = 2`) writes, else None."""
    if part.type not in ("assignment_expression", "compound_assignment_expr"):
        return None
    left = part.child_by_field_name("left")
    while left is not None and left.type == "field_expression":
        left = left.child_by_field_name("value")
    return lowerer.text(left) if left is not None else None


def _disjoint_field(lowerer: Any, part: Any, holder: Any) -> bool:
    """Whether `part`, the root variable of `holder` (`self` of `self.centroids`), is used
    there through another field (`self.momentum`, `self.n += 1`), which rustc borrows apart
    from the map: not a method of the variable (`self.len()`), nor the variable whole."""
    path = lowerer.text(holder).replace(" ", "").split(".")
    node, fields = part, []
    while len(fields) < len(path) - 1:
        parent = node.parent
        if parent is None or parent.type != "field_expression":
            return False
        if parent.child_by_field_name("value") != node:
            return False
        fields.append(lowerer.text(parent.child_by_field_name("field")))
        node = parent
        if fields[-1] != path[len(fields)]:
            above = node.parent
            called = above is not None and above.type == "call_expression"
            return not (called and above.child_by_field_name("function") == node)
    return False


def written_back(lowerer: Any, node: Any, place: tuple[Any, Any], binding: Any, then: Any) -> Any:
    """`then` followed by the write of `v` to the map (`WRITE_BACK`); refused when the body
    leaves early (the write would be skipped), names the map (rustc: E0499, E0502) or assigns
    a variable the key reads (the write-back computes the key again)."""
    from pbpit.rust.interp.nodes import Block, ExprStmt, Local, Method

    holder, key = place
    root = lowerer.text(holder).split(".")[0]
    body = node.child_by_field_name("consequence")
    keyed = _key_names(lowerer, key)
    stack = [body]
    while stack:
        part = stack.pop()
        stack.extend(part.children)
        if _assigned(lowerer, part) in keyed:
            what = f"`{lowerer.text(part)}` inside `if let Some(..) = m.get_mut(k)`, changing `k`"
            raise lowerer.fail(part, what + " (the value is written back at its end)")
        if part.type in _EARLY:
            what = f"`{lowerer.text(part).split()[0]}` inside `if let Some(..) = m.get_mut(..)`"
            raise lowerer.fail(part, what + " (the value is written back at its end)")
        if part.type in ("identifier", "self") and lowerer.text(part) == root:
            if _disjoint_field(lowerer, part, holder):
                continue  # `self.momentum` beside `self.centroids.get_mut(..)`
            called = f"{key}()" if key in ENDS else "get_mut(..)"
            what = f"`{root}` used while `if let Some(..) = {lowerer.text(holder)}.{called}` "
            raise lowerer.fail(part, what + "borrows it (rustc: E0499/E0502)")
    if then.tail is not None and type(then.tail).__name__ not in ("For", "While"):  # (`()`)
        raise lowerer.fail(body, "a value out of `if let Some(..) = m.get_mut(..)`'s block")
    pos = lowerer.pos(body)
    index = end_key(lowerer, key, holder, pos) if key in ENDS else lowerer.expr(key)
    args = [index, Local(pos, binding, lowerer.scope)]
    back = Method(pos, lowerer.expr(holder), WRITE_BACK, [], args)
    stmts = [
        ExprStmt(pos[0], then, True, then.visible),
        ExprStmt(pos[0], back, True, then.visible),
    ]
    return Block(pos, stmts, None, then.visible)


def check_write_back(ck: Any, e: Any) -> Ty:
    from pbpit.rust.interp.hashmap import _key_arg, _value

    recv = resolve(ck.expr(e.recv))
    e.impl = WRITE_BACK_ROW
    if type(recv) is Wrap and recv.kind == "Vec":  # `if let Some(x) = v.get_mut(i)`: `v[i] = x`
        ck.unify(USIZE, ck.expr(e.args[0]), e.args[0].pos)
        ck.unify(recv.inner, ck.expr(e.args[1]), e.args[1].pos)
        return UNIT
    _key_arg(ck, e, recv, e.args[0])
    ck.unify(_value(recv), ck.expr(e.args[1]), e.args[1].pos)
    return UNIT


def _write_back(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    key, value = args

    def write_back(frame: list) -> Any:
        recv(frame)[key(frame)] = value(frame)
        return UNIT

    return write_back


WRITE_BACK_ROW = Builtin("HashMap", WRITE_BACK, None, "", _write_back, lambda ck, e, r: UNIT)


# -- `*m.get_mut(&k).unwrap() = v` ---------------------------------------------------------------


def unwrapped_assignment(lowerer: Any, node: Any, call: Any, value: Any, op: Any) -> Any | None:
    """`*m.get_mut(&k).unwrap() = v` (`.expect(..)`) of a map: `{ let a = v; m.get_mut(&k)
    .unwrap(); m[k] = a; }`: the value first (an assignment's value is evaluated before its
    place), then the lookup, which panics at the `unwrap` where the key is missing, then the
    entry replaced (`WRITE_BACK`); None for any other `*x = v`. A compound `op=` is left."""
    from pbpit.rust.interp.nodes import Block, ExprStmt, Let, Local, Method

    if op is not None or call.type != "call_expression":
        return None
    outer = method_called(lowerer, call) or method_called(lowerer, call, 1)
    if outer not in ("unwrap", "expect"):
        return None
    from pbpit.rust.interp.field_paths import receiver

    lookup = receiver(call)
    if method_called(lowerer, lookup, 1) != "get_mut":
        return None
    holder = receiver(lookup)
    keys = lowerer.kids(lookup.child_by_field_name("arguments"))
    key = keys[0].child_by_field_name("value") if keys[0].type == "reference_expression" else None
    if key is None or not _pure_key(key) or holder.type not in _PLACES:
        return None
    pos, line = lowerer.pos(node), lowerer.pos(node)[0]
    saved = lowerer.open_scope()
    given = lowerer.declare("assigned value", False)  # (a name no Rust code can write)
    visible = lowerer.in_scope
    lowerer.close_scope(saved)
    found = lowerer.expr(lookup)
    found.written_back = True  # (the checker lets a map of tensors have it: `check_keyed`)
    field = call.child_by_field_name("function").child_by_field_name("field")
    args = [lowerer.expr(a) for a in lowerer.kids(call.child_by_field_name("arguments"))]
    unwrapped = Method(lowerer.pos(field), found, lowerer.text(field), [], args)
    back = Method(pos, lowerer.expr(holder), WRITE_BACK, [], [lowerer.expr(keys[0])])
    back.args.append(Local(value.pos, given, lowerer.scope))
    stmts = [
        Let(line, given, None, value, visible),
        ExprStmt(line, unwrapped, True, visible),
        ExprStmt(line, back, True, visible),
    ]
    return Block(pos, stmts, None, visible)


_LENDERS = ("get_mut", "last_mut", "first_mut")


def unwrapped_lender(recv: Any) -> bool:
    """Whether `recv` is `m.get_mut(&k).unwrap()` (`.expect(..)`; `v.last_mut()`, `first_mut`)
    reaching a value the interpreter shares (a `Vec`, a map, a struct: `types.shared`), so that
    a `&mut self` method called on it (`m.get_mut("loss").unwrap().push(0.5)`) changes the
    value held in place, as the `&mut V` Rust hands out does. The lookup's own receiver was
    checked mutable by its row."""
    from pbpit.rust.interp.nodes import Method
    from pbpit.rust.interp.types import shared

    if not (isinstance(recv, Method) and recv.name in ("unwrap", "expect")):
        return False
    lookup = recv.recv
    if not (isinstance(lookup, Method) and lookup.name in _LENDERS):
        return False
    return recv.ty is not None and shared(recv.ty)


def tuple_if_let(lowerer: Any, node: Any, cond: Any) -> Any | None:
    """`if let Some((q, _)) = m.get_mut(&k) { *q -= 1; }` (a map's or a `Vec`'s `get_mut` of
    tuple values): as `if let Some(v) = m.get_mut(&k)` with `v` written back after the body
    (`get_mut_place`), each name of the tuple a `ref mut` name of its part of `v` (`*q` is
    `v.0`: ref_patterns.py); None for another `if let`."""
    from pbpit.rust.interp import hashmap, ref_patterns
    from pbpit.rust.interp.nodes import Binding, ExprStmt, IfLet

    pattern = cond.child_by_field_name("pattern")
    value_node = cond.child_by_field_name("value")
    if pattern is None or pattern.type != "tuple_struct_pattern" or value_node is None:
        return None
    if lowerer.text(pattern.child_by_field_name("type")) != "Some":
        return None
    inner = [c for c in pattern.children[1:] if c.is_named and c.type not in _COMMENTS]
    if len(inner) != 1 or inner[0].type != "tuple_pattern":
        return None
    parts = [c for c in inner[0].children if c.is_named and c.type not in _COMMENTS]
    if not parts or any(p.type != "identifier" and lowerer.text(p) != "_" for p in parts):
        return None
    if method_called(lowerer, value_node, 1) != "get_mut":
        return None
    value = lowerer.expr(value_node)
    scope = lowerer.scope
    hidden = Binding(f"({lowerer.text(inner[0])})", False, scope, scope.nslots, True)
    scope.nslots += 1
    written = hashmap.get_mut_place(lowerer, cond, value, hidden)
    if written is None:
        return None
    names = []
    for at, part in enumerate(parts):
        if part.type != "identifier":
            continue
        name = Binding(lowerer.text(part), False, scope, scope.nslots, True)
        scope.nslots += 1
        name.mut_ref = True
        ref_patterns.alias(name, hidden, lowerer.delta, (str(at),))
        names.append(name)
    then = lowerer.block(node.child_by_field_name("consequence"), [hidden, *names])
    if type(then.tail).__name__ in _STATEMENTS:  # `{ if won { *w += 1 } else { *l += 1 } }`
        then.stmts.append(ExprStmt(then.pos[0], then.tail, False, then.visible))
        then.tail = None
    then = hashmap.written_back(lowerer, node, written, hidden, then)
    els = lowerer.else_clause(node.child_by_field_name("alternative"))
    return IfLet(lowerer.pos(node), hidden, value, then, els)
