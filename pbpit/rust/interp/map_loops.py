"""`for` loops over a map's entries that change them, and over a `HashMap` at all:

- `for (k, v) in &mut m`, `for (k, v) in m.iter_mut()` (`(_, v)` too), `for v in
  m.values_mut()` of a `BTreeMap` or a `HashMap`: lowered (`lower_for`) as a loop over a
  snapshot of the keys (`Static` `map::keys`, a `Vec<K>`), with `v` the place `m[k]` where it
  is written (`*v += 1`, `v.field`, `v.method()`; in a macro's arguments, its value; any other
  use of `v` as a value is refused), as `iter_mut.py` runs `v.iter_mut()` by index; the body
  may not name `m` (rustc's E0499/E0502 there).
- `for (k, v) in &h`, `h.iter()`, `h.keys()`, `h.values()` of a `HashMap` (`for_items.py`).

A `HashMap` visits its entries in an order that changes from run to run in Rust (hashmap.py), so
such a loop runs only when its body gives the same result in any order (`order_free`): it
changes each entry from itself (`*v = ..`, `*v op= ..`, `v.count += 1`, `v.label.push(c)`; a
tensor's elementwise operators too), accumulates into an integer or `bool`
declared before the loop with `+=`, `-=`, `*=`, `|=`, `&=`, `^=` (or `x = x.max(..)`,
`.min(..)`), makes its own `let`s, `if`s and `continue`s, and reads values without changing
them (std's methods that take `&self`); anything else (printing, pushing, a float sum whose
rounding follows the order, `break`, a call of the program's functions) refuses the loop."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import btreemap, iter_mut
from pbpit.rust.interp.builtins import Builtin, Code, Function
from pbpit.rust.interp.field_paths import method_called, receiver
from pbpit.rust.interp.nodes import (
    Assign,
    Binary,
    Block,
    Cast,
    Continue,
    ExprStmt,
    Field,
    For,
    If,
    Index,
    Let,
    Lit,
    Local,
    Method,
    Static,
    TupleLit,
    Unary,
)
from pbpit.rust.interp.types import BOOL, Ty, Wrap, is_int, resolve, show, vec

KEYS = "map::keys"
_HIDDEN = "map loop key"  # a name no Rust code can write
_ACCUMULATING = ("+", "-", "*", "|", "&", "^")


# -- lowering -------------------------------------------------------------------------------------


def _entries_changed(lowerer: Any, value: Any, pattern: Any) -> tuple[Any, Any, Any] | None:
    """(`m`, the key's pattern node or None, `v`'s node) of `for (k, v) in &mut m` or
    `m.iter_mut()`; else None."""
    if method_called(lowerer, value) == "values_mut" and pattern.type == "identifier":
        arguments = value.child_by_field_name("arguments")
        if arguments is None or arguments.named_child_count:
            return None
        return receiver(value), None, pattern  # `for v in m.values_mut()`: `(_, v)` of `&mut m`
    if method_called(lowerer, value) == "iter_mut":
        recv = receiver(value)
    elif value.type == "reference_expression" and any(
        c.type == "mutable_specifier" for c in value.children
    ):
        recv = value.child_by_field_name("value")
    else:
        return None
    if pattern.type != "tuple_pattern":
        return None
    parts = [c for c in pattern.children if c.is_named or c.type == "_"]
    if len(parts) != 2 or parts[1].type != "identifier":
        return None
    if parts[0].type not in ("identifier", "_"):
        return None
    return recv, (parts[0] if parts[0].type == "identifier" else None), parts[1]


def lower_for(lowerer: Any, node: Any) -> Any | None:
    """The `For` of a loop changing a map's entries (above), or None for any other loop."""
    found = _entries_changed(
        lowerer, node.child_by_field_name("value"), node.child_by_field_name("pattern")
    )
    if found is None or not iter_mut.is_path(found[0]):
        return None
    recv, key_node, value_node = found
    body_node = node.child_by_field_name("body")
    conflict = iter_mut.conflict(lowerer, recv, body_node)
    if conflict is not None:
        raise lowerer.fail(
            conflict,
            f"`{lowerer.text(conflict)}` inside a loop changing the entries of "
            f"`{lowerer.text(recv)}` (rustc lends the map to the loop)",
        )
    loop = For(lowerer.pos(node), lowerer.label(node))
    pos = lowerer.pos(node.child_by_field_name("value"))
    whole = lowerer.expr(recv)
    lowerer.mutable_place(recv.parent, whole)  # rustc's E0596 for an `m` not declared `mut`
    whole.borrowed = True  # (lent to the loop, not moved: moves.py)
    keys = Static(pos, KEYS, [whole])
    keys.loop = loop  # type: ignore[attr-defined]
    loop.iterable = keys
    saved = lowerer.open_scope()
    key = lowerer.declare(lowerer.text(key_node) if key_node is not None else _HIDDEN, False)
    element = lowerer.declare(lowerer.text(value_node), False)
    iter_mut.mark_element(element, recv, key, lowerer.delta, readable=True)
    lowerer.close_scope(saved)
    loop.binding = key
    lowerer.scope.loops.append(loop)
    loop.body = lowerer.block(body_node, [key, element])
    lowerer.scope.loops.pop()
    return loop


# -- `map::keys`: a snapshot of the keys, in the order the loop may take ---------------------------


def _keys_type(ck: Any, e: Any) -> Ty:
    (table,) = e.args
    found = resolve(ck.expr(table))
    if type(found) is not Wrap or found.kind not in ("HashMap", "BTreeMap"):
        what = f"a `for` changing the items of `{show(found)}` through a pattern"
        raise ck.fail(table.pos, f"{what} (pbpit changes a map's entries this way)")
    e.hashed = found.kind == "HashMap"
    return vec(found.err)


def _keys(comp: Any, e: Any, args: list[Code]) -> Code:
    (table,) = args
    if e.hashed:
        refuse_ordered(comp, e.loop)
        return lambda frame: list(table(frame))
    return lambda frame: [k for k, _ in btreemap.entries(table(frame))]


FUNCTIONS = [Function("map", "keys", 1, _keys_type, _keys)]


# -- what a loop over a HashMap may do ------------------------------------------------------------


def in_random_order(found: Ty) -> bool:
    """Whether `for x in <found>` visits a `HashMap`'s entries (or its `keys()`..), or a
    `HashSet`'s items."""
    found = resolve(found)
    return type(found) is Wrap and found.kind in ("HashMap", "MapIter", "HashSet")


def refuse_ordered(comp: Any, loop: For) -> None:
    """The loop refused unless its body is `order_free`."""
    assert loop.body is not None
    found = order_free(loop.body, loop)
    if found is not None:
        raise comp.fail(
            getattr(found, "pos", loop.pos),
            "a `for` over a HashMap whose body depends on the order of the entries (the order "
            "is random in Rust, each run's differs; a `BTreeMap` visits its keys in order)",
        )


def order_free(body: Block, loop: For) -> Any | None:
    """The first statement or expression of `body` whose effect depends on the order the loop
    takes the entries in, or None."""
    inside: set[int] = {id(loop.binding)}
    _declared(body, inside)
    changed = _changed_outside(body, inside)
    for stmt in _statements(body):
        found = _stmt(stmt, inside)
        if found is not None:
            return found
    return _read_while_changed(body, changed)


def _declared(body: Block, inside: set[int]) -> None:
    """The bindings the body declares (its `let`s, at any depth), into `inside`."""
    from pbpit.rust.interp.nodes import children

    stack: list[Any] = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, Let) and node.binding is not None:
            inside.add(id(node.binding))
        stack.extend(children(node))


def _changed_outside(body: Block, inside: set[int]) -> set[int]:
    """The variables declared before the loop that its body assigns (its accumulators)."""
    from pbpit.rust.interp.nodes import children

    changed, stack = set(), [body]
    while stack:
        node = stack.pop()
        if isinstance(node, Assign) and isinstance(node.target, Local):
            if id(node.target.binding) not in inside:
                changed.add(id(node.target.binding))
        stack.extend(children(node))
    return changed


def _read_while_changed(body: Block, changed: set[int]) -> Any | None:
    """A read of an accumulator anywhere but as the target of its own accumulation (`total +=
    1; *v += total;` sees the order), or None."""
    from pbpit.rust.interp.nodes import children

    stack: list[Any] = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, Assign) and isinstance(node.target, Local):
            own = node.value
            if isinstance(own, Method) and own.name in ("max", "min"):  # `best = best.max(x)`
                own = own.args[0] if own.args else own
            stack.append(own)
            continue
        if isinstance(node, Local) and id(node.binding) in changed:
            return node
        stack.extend(children(node))
    return None


def _statements(block: Block) -> list:
    return [*block.stmts, *([block.tail] if block.tail is not None else [])]


def _stmt(stmt: Any, inside: set[int]) -> Any | None:
    if isinstance(stmt, Let):
        if stmt.binding is not None:
            inside.add(id(stmt.binding))
        for name in getattr(stmt, "bindings", ()):
            inside.add(id(name))
        return None if stmt.init is None or _pure(stmt.init) else stmt.init
    if isinstance(stmt, ExprStmt):
        return _effect(stmt.expr, inside)
    return _effect(stmt, inside)


def _effect(e: Any, inside: set[int]) -> Any | None:
    if isinstance(e, Assign):
        return _assignment(e, inside)
    if isinstance(e, If):
        if not _pure(e.cond):
            return e.cond
        for part in (e.then, e.els):
            if isinstance(part, Block):
                for stmt in _statements(part):
                    found = _stmt(stmt, inside)
                    if found is not None:
                        return found
            elif part is not None:
                found = _effect(part, inside)
                if found is not None:
                    return found
        return None
    if isinstance(e, Block):
        for stmt in _statements(e):
            found = _stmt(stmt, inside)
            if found is not None:
                return found
        return None
    if isinstance(e, Continue):
        return None
    if isinstance(e, Method) and _of_element(e.recv) and all(_pure(a) for a in e.args):
        return None  # `v.label.push('!')`: this entry changed alone
    return None if _pure(e) else e


def _of_element(place: Any) -> bool:
    """Whether `place` is the loop's entry or a field of it (`*v`, `v.count`, `v.a.b`)."""
    while isinstance(place, Field):
        place = place.base
    return iter_mut.is_element(place)


def _assignment(e: Assign, inside: set[int]) -> Any | None:
    if not _pure(e.value):
        return e.value
    if _of_element(e.target):  # `*v = ..`, `*v op= ..`, `v.count += 1`: this entry alone
        return None
    target = e.target
    if isinstance(target, Local) and id(target.binding) in inside:
        return None  # a variable of this turn
    if isinstance(target, Local):
        ty = resolve(target.ty)
        whole = is_int(ty) or ty is BOOL
        if e.op in _ACCUMULATING and whole and not _reads(e.value, target.binding):
            return None  # `total += x`: the same total in any order
        if e.op is None and is_int(ty) and _extremum(e.value, target.binding):
            return None  # `best = best.max(x)`
    return e


def _extremum(value: Any, binding: Any) -> bool:
    return (
        isinstance(value, Method)
        and value.name in ("max", "min")
        and isinstance(value.recv, Local)
        and value.recv.binding is binding
        and len(value.args) == 1
        and not _reads(value.args[0], binding)
    )


def _reads(e: Any, binding: Any) -> bool:
    from pbpit.rust.interp.nodes import children

    stack = [e]
    while stack:
        node = stack.pop()
        if isinstance(node, Local) and node.binding is binding:
            return True
        stack.extend(children(node))
    return False


_PURE_NODES = (Local, Lit, Field, Index, Unary, Cast, TupleLit)
_PURE_KINDS = ("num", "cmp", "eq", "logic", "order", "bits", "shift", "bool")
_PURE_KINDS += ("tensor", "tensor-scalar", "scalar-tensor")
"""Operators whose value no order changes: a tensor's, elementwise on the entry's own value
(`*c = c.clone() * 0.5`; the ids of the nodes they make follow the order the loop takes)."""


def _pure(e: Any) -> bool:
    """An expression that reads values and changes nothing, whose value no float rounding of
    an order can change (std's `&self` methods, operators, casts; not a call of the program's)."""
    from pbpit.rust.interp.nodes import children

    stack = [e]
    while stack:
        node = stack.pop()
        if isinstance(node, Method):
            if not isinstance(node.impl, Builtin) or node.impl.mutates:
                return False
        elif isinstance(node, Binary):
            if node.kind not in _PURE_KINDS:
                return False
        elif not isinstance(node, _PURE_NODES):
            return False
        stack.extend(children(node))
    return True
