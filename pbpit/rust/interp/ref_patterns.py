"""`ref mut` and `ref` in a `let` pattern: `let (ref mut a, ref mut b) = pair;`, `let P { ref mut
x, ref v, .. } = p;` (or `= *p` of `iter_mut`): each name a reference into its part of the place,
which stays where it is (nothing is moved). pbpit erases references, so each name is the place
itself (`pair.0`), made where the name is written (as `iter_mut.element` makes `v[i]`): `*a +=
1` changes `pair.0`, `v.push(x)` pushes to `p.v`.

Taken when a name of the pattern is bound `ref` or `ref mut`, the others `_` or bound by value
(`let (ref s, n) = t;`: `n` is `t.1`, moved or copied out as a `let` of it) and the value is a
variable or its field; `ref mut` needs a `let mut` variable (rustc's E0596). rustc's
borrow checker forbids using the variable while such a name is still used: a statement naming
the variable before the last one naming such a name is refused (not run)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.iter_mut import PLACE, is_element

_ALIAS = "ref_place"
"""The attribute of a `ref`/`ref mut` name's binding: (the value's node, the delta it is read
at, the field path into it, whether `mut`)."""
_COMMENTS = ("line_comment", "block_comment")


def _leaves(lowerer: Any, node: Any, path: tuple[str, ...], out: list) -> bool:
    """The names of the pattern `node` with their field paths (`out`: (name node, path, mut)),
    False when a part is not `ref`, `ref mut`, `_`, a tuple or a struct of them."""
    kind = node.type
    if kind == "_" or lowerer.text(node) == "_":
        return True
    if kind == "ref_pattern":
        inner = [c for c in node.children if c.is_named and c.type not in _COMMENTS]
        if len(inner) != 1:
            return False
        target, mutable = inner[0], False
        if target.type == "mut_pattern":
            names = [c for c in target.children if c.type == "identifier"]
            target, mutable = (names[0] if len(names) == 1 else target), True
        if target.type != "identifier":
            return False
        out.append((target, path, mutable))
        return True
    if kind == "identifier" or kind == "mut_pattern":  # `n` of `let (ref s, n) = t;`: a value
        names = (
            [c for c in node.children if c.type == "identifier"] if kind != "identifier" else [node]
        )
        if len(names) != 1:
            return False
        out.append((names[0], path, _VALUE_MUT if kind == "mut_pattern" else _VALUE))
        return True
    if kind == "tuple_pattern":
        elems = [c for c in node.children if c.is_named and c.type not in _COMMENTS]
        return all(_leaves(lowerer, e, (*path, str(i)), out) for i, e in enumerate(elems))
    if kind == "struct_pattern":
        item = lowerer.pattern_item(node.child_by_field_name("type"))
        if item is None or item.kind != "named" or item.enum is not None:
            return False
        for field in lowerer.kids(node)[1:]:
            if field.type == "remaining_field_pattern":
                continue
            name_node = field.child_by_field_name("name")
            if name_node is None or item.field_index(lowerer.text(name_node)) is None:
                return False
            inner = field.child_by_field_name("pattern")
            written = [c.type for c in field.children]
            if inner is None and written[:1] == ["ref"]:  # `P { ref mut x }`
                out.append(
                    (name_node, (*path, lowerer.text(name_node)), "mutable_specifier" in written)
                )
                continue
            if inner is None:  # `P { steps, .. }`: `steps` by value (`mut steps` too)
                moved = _VALUE_MUT if "mutable_specifier" in written else _VALUE
                out.append((name_node, (*path, lowerer.text(name_node)), moved))
                continue
            if inner is None or not _leaves(lowerer, inner, (*path, lowerer.text(name_node)), out):
                return False
        return True
    return False


# -- `if let Some(ref mut b) = opt`: as `if let Some(b) = &mut opt` (if_let_mut.py) -------------


def ref_mut_name(node: Any) -> Any | None:
    """The name of the pattern `ref mut name`, else None."""
    if node.type != "ref_pattern":
        return None
    inner = [c for c in node.children if c.is_named and c.type not in _COMMENTS]
    if len(inner) != 1 or inner[0].type != "mut_pattern":
        return None
    names = [c for c in inner[0].children if c.type == "identifier"]
    return names[0] if len(names) == 1 else None


def some_ref_mut(cond: Any) -> bool:
    """Whether the `let` condition's pattern is `Some(ref mut name)`."""
    pattern = cond.child_by_field_name("pattern")
    if pattern is None or pattern.type != "tuple_struct_pattern":
        return False
    inner = [c for c in pattern.children[1:] if c.is_named and c.type not in _COMMENTS]
    return len(inner) == 1 and ref_mut_name(inner[0]) is not None


_STATEMENTS = ("If", "IfLet", "Match", "For", "While", "Loop", "Assign", "Print")
"""The expressions a block may end in that are `()` statements (an arm's body written back)."""


class _ArmBody:
    """A `match` arm seen as `if_let_mut.written_back` reads an `if let`: its `consequence`."""

    def __init__(self, arm: Any) -> None:
        self.arm = arm

    def child_by_field_name(self, name: str) -> Any:
        return self.arm.child_by_field_name("value") if name == "consequence" else None


def some_ref_mut_arm(lowerer: Any, pattern: Any) -> Any | None:
    """The name of a `match` arm's pattern `Some(ref mut name)`, else None."""
    if pattern.type != "tuple_struct_pattern" or lowerer.lookup("Some") is not None:
        return None
    if lowerer.text(pattern.child_by_field_name("type")) != "Some":
        return None
    inner = [c for c in pattern.children[1:] if c.is_named and c.type not in _COMMENTS]
    return ref_mut_name(inner[0]) if len(inner) == 1 else None


def ref_mut_arm(lowerer: Any, match: Any, arm: Any, name_node: Any, value: Any) -> tuple:
    """`Some(ref mut b) => body` of `match opt`: (its pattern, a function making its body):
    as `if let Some(b) = &mut opt`, `b` the value, `opt = Some(b)` after the body."""
    from pbpit.rust.interp import if_let_mut
    from pbpit.rust.interp.nodes import Block, ExprStmt, Pat

    target = match.child_by_field_name("value")
    mutable_place(lowerer, target, value)
    value.borrowed, value.mut_borrow = True, False  # (no `&mut` held: `b` is written back)
    binding = lowerer.declare(lowerer.text(name_node), False)
    binding.mut_ref = binding.mutable = True
    setattr(binding, if_let_mut.WRITTEN_BACK, True)
    pos = lowerer.pos(arm)
    pat = Pat(pos, "some", subs=[Pat(lowerer.pos(name_node), "bind", binding=binding)])

    def body(made: Any) -> Any:
        if not isinstance(made, Block):  # `Some(ref mut n) => *n *= 2,`
            made = Block(
                pos, [ExprStmt(pos[0], made, True, lowerer.in_scope)], None, lowerer.in_scope
            )
        elif type(made.tail).__name__ in _STATEMENTS:  # `=> { if x < *b { *b = x; } }`
            made.stmts.append(ExprStmt(pos[0], made.tail, False, made.visible))
            made.tail = None
        return if_let_mut.written_back(lowerer, _ArmBody(arm), target, binding, made)

    return pat, body


def mutable_place(lowerer: Any, node: Any, value: Any) -> None:
    """The scrutinee of `Some(ref mut b)`: a `let mut` variable or its field (rustc's E0596)."""
    root = _root(value)
    if root is None:
        raise lowerer.fail(node, "`Some(ref mut ..)` of anything but a variable or its field")
    binding = root.binding
    if not (binding.mutable or binding.mut_ref):
        place = lowerer.text(node)
        what = f"cannot borrow `{place}` as mutable, as "
        what += (
            "it is not declared as mutable"
            if root is value
            else (f"`{binding.name}` is not declared as mutable")
        )
        raise lowerer.fail(node, rejects(what, "E0596"))


def _root(value: Any) -> Any:
    from pbpit.rust.interp.nodes import Field, Index, Local

    while isinstance(value, Field | Index) or is_element(value):
        value = value.base
    return value if isinstance(value, Local) else None


def indexed_root(lowerer: Any, target: Any, body: Any) -> Any:
    """The variable of the place `v[i]` (`self.slots[i]`, `m[r][c]`) a `Some(ref mut b)` arm
    writes back to, its indexes' variables not assigned in the arm's `body` (the write-back
    reads them again: the same element, as rustc's borrow holds it)."""
    from pbpit.rust.interp.field_paths import VARIABLES, field_chain

    indexes: set[str] = set()
    node = target
    while node.type in ("index_expression", "field_expression"):
        if node.type == "field_expression":
            node = field_chain(node)[0]
            continue
        base, index = node.named_children[0], node.named_children[1]
        indexes |= _names(lowerer, index)
        node = base
    if node.type not in VARIABLES:
        raise lowerer.fail(target, "`Some(ref mut ..)` of an element of this expression")
    todo = [body]
    while todo:
        part = todo.pop()
        todo.extend(part.children)
        if part.type in ("assignment_expression", "compound_assignment_expr"):
            left = part.child_by_field_name("left")
            if left is not None and _names(lowerer, left) & indexes:
                what = f"`{lowerer.text(left)}` changed while `{lowerer.text(target)}` is borrowed"
                raise lowerer.fail(left, what + " by `ref mut`")
    return node


def destructure(lowerer: Any, node: Any, pattern: Any, init: Any) -> list | None:
    """The `let` `node` read as this module says (a statement that runs nothing: its names are
    places), or None when it is not one of its forms."""
    value_node = node.child_by_field_name("value")
    found: list = []
    if not _leaves(lowerer, pattern, (), found) or not found:
        return None
    values = [leaf for leaf in found if leaf[2] in (_VALUE, _VALUE_MUT)]
    found = [leaf for leaf in found if leaf[2] not in (_VALUE, _VALUE_MUT)]
    if not found:  # (no `ref` name: the pattern moves or copies, read as any `let`)
        return None
    if value_node is None:
        return None
    borrows_mut = any(m for _, _, m in found)
    if init.borrowed and not init.mut_borrow and borrows_mut:  # `= &p`: a `&` reference
        what = "cannot borrow data in a `&` reference as mutable"
        raise lowerer.fail(found[0][0], rejects(what, "E0596"))
    if value_node.type == "reference_expression":  # `= &mut p`, `= &p`: the place `p` itself
        value_node = value_node.child_by_field_name("value")
    root = _root(init)
    if root is None and not borrows_mut:  # `let (ref a, ref b) = (x.clone(), y);`: a temporary
        return _of_temporary(lowerer, node, pattern, init, values, found)
    if root is None:
        raise lowerer.fail(value_node, "`ref mut` of anything but a variable or its field")
    binding = root.binding
    if borrows_mut and not (
        binding.mutable or binding.mut_ref or is_element(init) or _under_element(init)
    ):
        place = lowerer.text(value_node).lstrip("*")
        what = f"cannot borrow `{place}` as mutable, as `{binding.name}` is not declared as mutable"
        raise lowerer.fail(found[0][0], rejects(what, "E0596"))
    from pbpit.rust.interp.nodes import Binding, Let, Lit

    pos = lowerer.pos(node)
    scope = lowerer.scope  # a statement that runs nothing: `let _ = ();`, as the block wants one
    nothing = Binding(f"({lowerer.text(pattern)})", False, scope, scope.nslots, True)
    scope.nslots += 1
    made_let = Let(pos[0], nothing, None, Lit(pos, "unit", ()), lowerer.in_scope)
    lets = [made_let]
    parts = [(leaf, _part(lowerer, value_node, leaf[1])) for leaf in values]  # (before naming)
    for (name_node, _, by_value), part in parts:  # `n` of `let (ref s, n) = t;`: `t.1`
        made = lowerer.declare(lowerer.text(name_node), by_value == _VALUE_MUT)
        lets.append(Let(pos[0], made, None, part, lowerer.in_scope))
    for name_node, path, mutable in found:
        made = lowerer.declare(lowerer.text(name_node), False)
        made.mut_ref = mutable
        setattr(made, _ALIAS, (value_node, lowerer.delta, path, mutable))
    names = [lowerer.text(n) for n, _, _ in found]
    _refuse_uses_while_borrowed(lowerer, node, binding.name, names, borrows_mut)
    return lets


def _of_temporary(lowerer: Any, node: Any, pattern: Any, init: Any, values: list, found: list):
    """`ref` names of a value no variable holds (a tuple made there, a call's result): the
    value kept in a hidden binding (Rust extends the temporary's life to the block's), each
    `ref` name its part, each other name a `let` of its part."""
    from pbpit.rust.interp.nodes import Binding, Let

    pos, scope = lowerer.pos(node), lowerer.scope
    hidden = Binding(f"({lowerer.text(pattern)})", False, scope, scope.nslots, True)
    scope.nslots += 1
    lets = [Let(pos[0], hidden, None, init, lowerer.in_scope)]
    for name_node, path, by_value in values:
        made = lowerer.declare(lowerer.text(name_node), by_value == _VALUE_MUT)
        lets.append(Let(pos[0], made, None, _part(lowerer, hidden, path, pos), lowerer.in_scope))
    for name_node, path, _ in found:
        made = lowerer.declare(lowerer.text(name_node), False)
        setattr(made, _ALIAS, (hidden, lowerer.delta, path, False))
    return lets


def alias(binding: Any, source: Any, delta: int, path: tuple[str, ...]) -> None:
    """Make `binding` a `ref mut` name of the part `path` of `source` (a hidden binding):
    `if let Some((q, _)) = m.get_mut(k)` (map_get_mut.tuple_if_let)."""
    setattr(binding, _ALIAS, (source, delta, path, True))


_VALUE, _VALUE_MUT = "value", "value mut"
"""A name of such a pattern bound by value (`n`, `mut n`): its part moved or copied out."""


def _read(lowerer: Any, source: Any, pos: Any) -> Any:
    """The value a pattern's names are parts of: its node lowered again, or a hidden binding."""
    from pbpit.rust.interp.nodes import Binding, Local

    if isinstance(source, Binding):
        return Local(pos, source, lowerer.scope)
    return lowerer.expr(source)


def _part(lowerer: Any, value_node: Any, path: tuple[str, ...], pos: Any = None) -> Any:
    from pbpit.rust.interp.nodes import Field

    pos = pos if pos is not None else lowerer.pos(value_node)
    made = _read(lowerer, value_node, pos)
    for name in path:
        made = Field(pos, made, name)
    return made


def _under_element(value: Any) -> bool:
    from pbpit.rust.interp.nodes import Field

    while isinstance(value, Field):
        value = value.base
    return is_element(value)


def _refuse_uses_while_borrowed(
    lowerer: Any, node: Any, root: str, names: list[str], borrows_mut: bool
) -> None:
    """The statements after the `let`: one naming `root` before the last naming one of `names`
    (rustc's E0499/E0502 while the borrow lives) is refused; when every name is `ref`, one
    naming it outside a macro's arguments (which only read it)."""
    block = node.parent
    if block is None:
        return
    after = list(block.named_children)
    after = after[after.index(node) + 1 :] if node in after else []
    last = -1
    for i, stmt in enumerate(after):
        if _binds(lowerer, stmt) & set(names):  # a name bound again (shadowed): the end
            break
        if _names(lowerer, stmt) & set(names):
            last = i
    for stmt in after[: last + 1]:
        if root in _names(lowerer, stmt, in_macros=borrows_mut):
            what = f"`{root}` used while `ref` or `ref mut` names of it are still used"
            raise lowerer.fail(stmt, what + " (rustc's borrow checker rejects it)")


def _binds(lowerer: Any, node: Any) -> set[str]:
    """The names a statement binds anywhere inside (a `let`'s, a `for`'s, a closure's)."""
    found: set[str] = set()
    todo = [node]
    while todo:
        part = todo.pop()
        if part.type in ("let_declaration", "for_expression", "closure_parameters"):
            pattern = part.child_by_field_name("pattern") or part
            found |= _names(lowerer, pattern)
        if part.type in ("shorthand_field_identifier",):
            found.add(lowerer.text(part))
        todo.extend(part.children)
    return found


def _names(lowerer: Any, node: Any, in_macros: bool = True) -> set[str]:
    found: set[str] = set()
    todo = [node]
    while todo:
        part = todo.pop()
        if part.type == "token_tree" and not in_macros:
            continue
        after = part.next_sibling
        field = after is not None and after.type == ":"  # `x: 1` in a macro's struct literal
        if part.type in ("identifier", "self") and not field:
            found.add(lowerer.text(part))
        todo.extend(part.children)
    return found


def _refuse_change_behind_ref(
    lowerer: Any, node: Any, name: str, deref: bool, member: bool
) -> None:
    """`*a = x` (E0594) or `v.push(x)` (a `&mut self` method of std: E0596) through a `ref`
    name, which is a `&` reference."""
    parent = node.parent
    outer = parent.parent if parent is not None else None
    assigned = outer is not None and outer.type in (
        "assignment_expression",
        "compound_assignment_expr",
    )
    if deref and assigned and outer.child_by_field_name("left") == parent:
        what = f"cannot assign to `*{name}`, which is behind a `&` reference"
        raise lowerer.fail(outer, rejects(what, "E0594"))
    called = outer is not None and outer.type == "call_expression"
    if member and called and lowerer.text(parent.child_by_field_name("field")) in _mutating():
        what = f"cannot borrow `*{name}` as mutable, as it is behind a `&` reference"
        raise lowerer.fail(node, rejects(what, "E0596"))


def _mutating() -> frozenset[str]:
    """The names of std's `&mut self` methods (their rows' `mutates`)."""
    from pbpit.rust.interp import std_methods
    from pbpit.rust.interp.builtins import Family

    return frozenset(
        row.name
        for family in vars(std_methods).values()
        if isinstance(family, Family) and family.rows
        for row in family.rows.values()
        if row.mutates
    )


def place(lowerer: Any, node: Any, binding: Any) -> Any | None:
    """The place a `ref`/`ref mut` name stands for where it is written (`pair.0`), None for any
    other binding. A `ref mut` name is used through `*a`, `a.field` or `a.method()` only."""
    from pbpit.rust.interp.nodes import Field

    source = getattr(binding, _ALIAS, None)
    if source is None:
        return None
    value_node, delta, path, mutable = source
    parent = node.parent
    deref = parent is not None and parent.type == "unary_expression"
    deref = deref and lowerer.text(parent).startswith("*")
    member = parent is not None and parent.type == "field_expression"
    member = member and parent.child_by_field_name("value") == node
    if mutable and not (deref or member):
        name = binding.name
        what = f"`{name}` of `ref mut` used as a value (pbpit runs `*{name}`, `{name}.field` "
        raise lowerer.fail(node, what + f"and `{name}.method()`)")
    if not mutable:
        _refuse_change_behind_ref(lowerer, node, binding.name, deref, member)
    pos = lowerer.pos(node)
    here, lowerer.delta = lowerer.delta, delta
    try:
        made = _read(lowerer, value_node, pos)
    finally:
        lowerer.delta = here
    for name in path:
        made = Field(pos, made, name)
    setattr(made, PLACE, True)
    return made
