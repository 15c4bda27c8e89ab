"""`&mut` to a number, `bool`, `char` or `String`: a parameter `n: &mut usize` (`*n += 1`), a local
`let r = &mut x;` (`*r += 1`, `r.push('!')`), and the arguments that make them (`bump(&mut c)`,
`bump(&mut self.count)`, `bump(&mut v[i])`, `bump(n)` of another such `n`, `&mut *n`).

pbpit erases references: a struct or a `Vec` is one Python object every binding shares, so
`&mut` reaches it by itself (`types.shared`). A number is held by value, so a `&mut` to one is a
`Cell` made where the borrow is written: the place it reaches (a frame's slot, a struct's
field, a `Vec`'s element), read and written through by every use of the binding holding it
(`n` and `*n` read the number, `*n = x`, `*n += x` write the place). The binding holding a
cell (`holds_cell`): a parameter whose written type is `&mut` of a number (`param`), or a `let`
whose value is `&mut place` of one (`let_init`, decided with the types). A `&mut` argument is
made a cell where the checker matches it with such a parameter (`mark_argument`).

Moving the reference to another variable (`let s = r;`) is refused; assigning the variable
itself (`n += 1`, `n = 5` without `*`) is rustc's E0368/E0308.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.lower_tables import is_mut_reference
from pbpit.rust.interp.types import FLOAT_NAMES, INT_RANGES, shared

_CELL_TYPES = frozenset((*INT_RANGES, *FLOAT_NAMES, "bool", "char", "String"))
SITE = "num_ref_site"
"""The mark of a `&mut place` (or a reborrowed cell) a cell is made of, where it is written."""


class Cell:
    """A `&mut` to the number at `holder[key]` (a frame and a slot, a struct's fields and an
    index, a `Vec` and an index)."""

    __slots__ = ("holder", "key")

    def __init__(self, holder: list, key: int) -> None:
        self.holder = holder
        self.key = key


# -- lowering -------------------------------------------------------------------------------------


def param(lowerer: Any, type_node: Any) -> Any:
    """The type of a parameter written `&mut T`, T a number, `bool` or `char` (T: references
    erased), or None for another parameter."""
    if not is_mut_reference(type_node):
        return None
    target = type_node.child_by_field_name("type")
    if target is None or target.type not in ("primitive_type", "type_identifier"):
        return None
    name = lowerer.text(target)  # (`String`: held by value, a Python `str`, as a number is)
    return lowerer.type(target) if name in _CELL_TYPES else None


def mark_param(lowerer: Any, binding: Any, type_node: Any) -> None:
    if binding is not None and param(lowerer, type_node) is not None:
        binding.num_ref = True
        binding.written_ref = " ".join(lowerer.text(type_node).split())  # `&mut String`


def mark_let(binding: Any, init: Any) -> None:
    """`let r = &mut x;`: `r` holds a cell if `x` turns out a number (`holds_cell`)."""
    if binding is not None and init is not None and init.mut_borrow:
        binding.ref_init = init
        setattr(init, SITE, True)


ENTRY_RESULTS = frozenset(("or_insert", "or_insert_with", "or_default"))
ENTRY_CELL = "entry_cell"
"""The mark of `m.entry(k).or_insert(d)` bound by a `let`: its `&mut V` a cell of the map's
value (a number, a `String`, a tuple: held by value), `table[k]`."""


def mark_entry_let(binding: Any, init: Any) -> bool:
    """`let e = m.entry(k).or_insert(0);` (`*e += 1`, `e.1 += 1`): `e` a `&mut` to the map's
    value, a cell if the value is held by value (`holds_cell`, decided with the types)."""
    from pbpit.rust.interp.nodes import Method

    if binding is None or not isinstance(init, Method) or init.name not in ENTRY_RESULTS:
        return False
    if not isinstance(init.recv, Method) or init.recv.name != "entry" or init.borrowed:
        return False
    binding.mut_ref = True
    binding.ref_init = init
    setattr(init, SITE, True)
    setattr(init, ENTRY_CELL, True)
    init.mut_borrow = True  # (the borrow passes: `m` lent mutably while `e` lives)
    return True


def refuse_assigned(lowerer: Any, node: Any, binding: Any, value: Any, op: str | None) -> None:
    """`n += 1` / `n = 5` of `n: &mut usize` (or `let r = &mut x;`): the reference itself
    assigned, rustc's E0368 / E0308 (pbpit would lose the reference)."""
    held = getattr(binding, "num_ref", False) or getattr(binding, "ref_init", None) is not None
    if not held or value.mut_borrow:
        return
    if op is not None:
        written = getattr(binding, "written_ref", "&mut _")  # (a parameter's, as written)
        what = f"binary assignment operation `{op}=` cannot be applied to type `{written}`"
        raise lowerer.fail(node, rejects(what, "E0368"))
    raise lowerer.fail(node, rejects("mismatched types: expected `&mut _`, found a value", "E0308"))


# -- checking -------------------------------------------------------------------------------------


def mark_calls(nodes: list) -> None:
    """Each argument of a call of the program's own function or method given to a parameter
    `&mut` of a number (`bump(&mut c)`, `bump(n)`): made a cell (`mark_argument`)."""
    from pbpit.rust.interp.nodes import Call, FnItem, Method

    for node in nodes:
        if isinstance(node, Call) and isinstance(node.callee, FnItem):  # (generic too: `fit<O>`)
            pairs = zip(node.callee.params, node.args, strict=False)
        elif isinstance(node, Method) and node.user is not None:
            pairs = zip(node.user.params[1:], node.args, strict=False)
        else:
            continue
        for param_binding, arg in pairs:
            mark_argument(param_binding, arg)


def mark_argument(param_binding: Any, arg: Any) -> None:
    """`bump(&mut c)` / `bump(n)` for `fn bump(n: &mut usize)`: the argument made a cell."""
    from pbpit.rust.interp.nodes import Local, Unary

    if not getattr(param_binding, "num_ref", False):
        return
    reborrow = isinstance(arg, Local) and holds_cell(arg.binding) and not arg.borrowed
    if arg.mut_borrow or reborrow:
        setattr(arg, SITE, True)
        if isinstance(arg, Unary) and arg.op == "*":  # `&mut *n`: `n`'s cell itself
            setattr(arg.operand, SITE, True)


def refused_borrow(node: Any) -> bool:
    """Whether `&mut node` reaches a value pbpit holds by value and makes no cell of."""
    if not node.mut_borrow or shared(node.ty) or getattr(node, "in_place", False):
        return False
    return not at_site(node)


def at_site(node: Any) -> bool:
    """Whether a `&mut` to a value no binding shares is one pbpit makes a cell of."""
    if getattr(node, ENTRY_CELL, False):  # `let e = m.entry(k).or_insert(d);`
        return getattr(node, SITE, False) and not shared(node.ty)
    return getattr(node, SITE, False) and cellable(node.ty)


def cellable(ty: Any) -> bool:
    """Whether `ty` is a number, `bool` or `char` (an integer or float not settled yet too)."""
    from pbpit.rust.interp.types import Var, resolve

    ty = resolve(ty)
    if type(ty) is Var:
        return ty.kind in ("int", "float")
    return getattr(ty, "name", None) in _CELL_TYPES


def holds_cell(binding: Any) -> bool:
    """Whether the binding holds a `Cell` at run time (its uses read and write through it)."""
    if getattr(binding, "num_ref", False):
        return True
    init = getattr(binding, "ref_init", None)
    return init is not None and init.ty is not None and at_site(init)


def through(target: Any) -> bool:
    """Whether an assignment's target `*n` is through a binding holding a cell."""
    from pbpit.rust.interp.nodes import Local

    operand = getattr(target, "operand", None)
    return isinstance(operand, Local) and holds_cell(operand.binding)


def refuse_moved(ck: Any, stmt: Any) -> None:
    """`let s = r;` of `r` holding a cell: refused (pbpit would copy the number)."""
    from pbpit.rust.interp.nodes import Local

    init = stmt.init
    if isinstance(init, Local) and not init.borrowed and holds_cell(init.binding):
        raise ck.fail(init.pos, f"a `&mut` to a number moved out of `{init.binding.name}`")


# -- compiling ------------------------------------------------------------------------------------


def cell_code(comp: Any, e: Any, plain: Any) -> Any:
    """The code of a marked `&mut place` (`plain`: how it compiles without a cell, used where
    the place is shared: a struct, a `Vec`)."""
    from pbpit.rust.interp.nodes import Field, Index, Local, Unary
    from pbpit.rust.interp.types import TupleT, resolve

    if getattr(e, ENTRY_CELL, False) and e.ty is not None and not shared(e.ty):
        return _entry_cell(comp, e)
    if e.ty is None or not cellable(e.ty):
        return plain(e)
    if isinstance(e, Local) and holds_cell(e.binding):  # `bump(n)`: the cell itself
        return comp.read(e.binding.slot, comp.depth(e))
    if isinstance(e, Unary) and e.op == "*":  # `&mut *n`
        return cell_code(comp, e.operand, plain)
    if isinstance(e, Local):
        slot, depth = e.binding.slot, comp.depth(e)

        def of_local(frame: list) -> Cell:
            for _ in range(depth):
                frame = frame[0]
            return Cell(frame, slot)

        return of_local
    if isinstance(e, Field) and type(resolve(e.base.ty)) is not TupleT:
        base, index = comp.expr(e.base), e.index
        return lambda frame: Cell(base(frame).fields, index)
    if isinstance(e, Index) and getattr(resolve(e.base.ty), "kind", None) == "Vec":
        items, at = comp.expr(e.base), comp.expr(e.index)
        site = comp.panic_site(e.bracket)

        def of_element(frame: list) -> Cell:
            held, i = items(frame), at(frame)
            if i >= len(held):
                raise site.panic(
                    f"index out of bounds: the len is {len(held)} but the index is {i}"
                )
            return Cell(held, i)

        return of_element
    raise comp.fail(
        e.pos, "`&mut` to a number in this place (pbpit's: a variable, a field, `v[i]`)"
    )


def read(cell_read: Any) -> Any:
    """A use of a binding holding a cell: the number it reaches."""

    def through(frame: list) -> Any:
        cell = cell_read(frame)
        return cell.holder[cell.key]

    return through


def updater(cell_read: Any) -> Any:
    """`*n = ..`, `*n op= ..`: the place the cell reaches changed."""

    def update(frame: list, change: Any) -> None:
        cell = cell_read(frame)
        cell.holder[cell.key] = change(cell.holder[cell.key])

    return update


def _entry_cell(comp: Any, e: Any) -> Any:
    """`m.entry(k).or_insert(d)` (`or_insert_with(f)`, `or_default()`) bound by a `let`: the
    value put in if the key is missing (`d` evaluated either way, as Rust's argument), then a
    cell of `table[k]`."""
    from pbpit.rust.interp.hashmap import _fresh

    entry, name = comp.expr(e.recv), e.name
    given = comp.expr(e.args[0]) if e.args else None
    made = _fresh(e.ty) if name == "or_default" else None

    def of_entry(frame: list) -> Cell:
        table, key = entry(frame)
        value = given(frame) if given is not None else None
        if key not in table:
            table[key] = value if name == "or_insert" else value() if made is None else made()
        return Cell(table, key)

    return of_entry
