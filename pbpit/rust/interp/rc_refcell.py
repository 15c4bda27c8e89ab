"""std's `Rc<T>` and `RefCell<T>` as shared mutable state is written: `Rc::new(RefCell::new(s))`,
`Rc::clone(&rc)` / `rc.clone()` (the same cell), `rc.borrow()`, `rc.borrow_mut()` (through the
`Rc`), `let mut st = rc.borrow_mut(); st.seen += 1;`, `drop(st)`, `{:?}` (`RefCell { value: .. }`,
`RefCell { value: <borrowed> }` while mutably borrowed).

Types: `Rc<T>` is `Wrap("Rc", T)`, `RefCell<T>` `Wrap("RefCell", T)`. Values: an `Rc<T>` is its
`T`'s value itself (a clone is the same object: what every clone reaches), a `RefCell<T>` a
`Cell` holding the value and its borrow state. `borrow_mut()` hands out the value itself, so a
`RefCell` of a struct or a `Vec` (one object every binding shares) is written in place; of a
number, a `String`, .. (held by value) it is refused, as is `*c.borrow_mut() += 1`.

The borrow state is std's: `borrow()` while a mutable borrow lives panics "RefCell already
mutably borrowed", `borrow_mut()` while any borrow lives "RefCell already borrowed", at the
call's method name (`#[track_caller]`; measured with rustc 1.95, tests/test_interp_traits21.py).
A guard bound by `let` (`let st = rc.borrow_mut();`) lives to the end of its block, as its
`Drop` makes it, or to `drop(st)`; a guard used in its statement only (`rc.borrow().n`) is
checked against the living ones but not kept (a second borrow in that same statement is not
seen). `Rc::strong_count` is refused (pbpit does not follow when each clone is dropped).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code, Function, rows
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import Ty, Var, Wrap, resolve, shared, show

RC, REFCELL = "Rc", "RefCell"
_PATHS = {RC: ("std", "rc"), REFCELL: ("std", "cell")}


class Cell:
    """A `RefCell`'s value and borrow state: `shared` borrows living, or `mutable`."""

    __slots__ = ("value", "shared", "mutable")

    def __init__(self, value: Any) -> None:
        self.value = value
        self.shared = 0
        self.mutable = False


_GUARDS: list[tuple[Cell, bool, Any, Any]] = []
"""The guards bound by `let` and living: (cell, mutable, frame, binding), innermost last."""


def imported(source: Any, name: str) -> bool:
    """Whether the file brings `Rc` (`use std::rc::Rc;`) or `RefCell` into scope."""
    module = _PATHS[name][1]
    return any(
        line.lstrip().startswith("use ") and module in line and name in line
        for line in source.text.splitlines()
    )


def lower_type(lowerer: Any, name: str, prefix: str, args: list) -> Ty | None:
    """`Rc<T>`, `RefCell<T>` (brought in by a `use`, or their paths written), else None."""
    if name not in _PATHS or len(args) != 1:
        return None
    if prefix != "::".join(_PATHS[name]) and not imported(lowerer.src, name):
        return None
    return Wrap(name, lowerer.type(args[0]))


# -- Rc::new(x), Rc::clone(&rc), RefCell::new(x) -----------------------------------------------


def _new_type(kind: str) -> Any:
    def check(ck: Any, e: Any) -> Ty:
        if not imported(ck.crate.source, kind):  # (rustc: E0433 without it, a path runs)
            what = f"`{e.name}` without `use {'::'.join(_PATHS[kind])}::{kind};` (write the `use`)"
            raise ck.fail(e.pos, what)
        return Wrap(kind, ck.expr(e.args[0]))

    return check


def _clone_type(ck: Any, e: Any) -> Ty:
    found = ck.expr(e.args[0])
    if type(resolve(found)) is not Wrap or resolve(found).kind != RC:
        raise ck.fail(e.args[0].pos, f"`Rc::clone` of `{show(found)}`")
    if not e.args[0].borrowed and ck.owned(e.args[0]):
        shown = show(found)
        raise ck.fail(
            e.args[0].pos,
            rejects(f"mismatched types: expected `&{shown}`, found `{shown}`", "E0308"),
        )
    return found


def _strong_count_type(ck: Any, e: Any) -> Ty:
    raise ck.fail(e.pos, "`Rc::strong_count` (pbpit does not follow when each `Rc` is dropped)")


FUNCTIONS = [
    Function(RC, "new", 1, _new_type(RC), lambda comp, e, args: args[0]),
    Function(RC, "clone", 1, _clone_type, lambda comp, e, args: args[0]),
    Function(RC, "strong_count", 1, _strong_count_type, lambda comp, e, args: args[0]),
    Function(REFCELL, "new", 1, _new_type(REFCELL), lambda comp, e, args: _made(args[0])),
]


def _made(value: Code) -> Code:
    return lambda frame: Cell(value(frame))


# -- borrow(), borrow_mut() -----------------------------------------------------------------------


def _cell_type(recv: Ty) -> Wrap | None:
    found = resolve(recv)
    if type(found) is Wrap and found.kind == RC:
        found = resolve(found.inner)
    return found if type(found) is Wrap and found.kind == REFCELL else None


def _borrow_type(ck: Any, e: Any, recv: Ty) -> Ty:
    cell = _cell_type(recv)
    if cell is None:
        raise ck.fail(e.pos, f"the method `{e.name}` on `{show(recv)}`")
    ck.args(e)
    if e.name == "borrow_mut" and not shared(cell.inner) and type(resolve(cell.inner)) is not Var:
        what = f"`borrow_mut` of a `{show(cell)}` (pbpit's `RefCell` holds structs and `Vec`s)"
        raise ck.fail(e.pos, what)
    return cell.inner


def _borrow(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    site, mutable = comp.panic_site(e.pos), e.name == "borrow_mut"
    kept = getattr(e, "guard", None)  # the binding of `let g = rc.borrow_mut();`

    def borrow(frame: list) -> Any:
        cell = recv(frame)
        if cell.mutable:
            raise site.panic("RefCell already mutably borrowed" if not mutable else _BORROWED)
        if mutable and cell.shared:
            raise site.panic(_BORROWED)
        if kept is not None:
            if mutable:
                cell.mutable = True
            else:
                cell.shared += 1
            _GUARDS.append((cell, mutable, frame, kept))
        return cell.value

    return borrow


_BORROWED = "RefCell already borrowed"
MUT_RESULTS = frozenset(("borrow_mut",))
"""Methods whose result is a `&mut`-like place (`rc.borrow_mut().push(x)`: check_methods.py)."""

RC_METHODS = rows(
    RC,
    Builtin(RC, "borrow", None, "", _borrow, _borrow_type),
    Builtin(RC, "borrow_mut", None, "", _borrow, _borrow_type),
)
REFCELL_METHODS = rows(
    REFCELL,
    Builtin(REFCELL, "borrow", None, "", _borrow, _borrow_type),
    Builtin(REFCELL, "borrow_mut", None, "", _borrow, _borrow_type),
)


# -- the guards' lives ----------------------------------------------------------------------------


def mark_guards(block: Any) -> bool:
    """Mark each `let g = x.borrow();` / `.borrow_mut()` of `block` (before it is compiled):
    its guard lives to the block's end. Whether there is one."""
    from pbpit.rust.interp.nodes import Let, Method

    found = False
    for stmt in block.stmts:
        init = stmt.init if isinstance(stmt, Let) else None
        if (
            isinstance(init, Method)
            and init.name in ("borrow", "borrow_mut")
            and _cell_type(init.recv.ty) is not None
            and stmt.binding is not None
        ):
            init.guard = stmt.binding
            stmt.binding.refcell_guard = True
            found = True
    return found


def releasing(run: Code) -> Code:
    """`run`, the guards its block's `let`s made released when it ends (however it ends)."""

    def scoped(frame: list) -> Any:
        mark = len(_GUARDS)
        try:
            return run(frame)
        finally:
            while len(_GUARDS) > mark:
                _release(_GUARDS.pop())

    return scoped


def _release(guard: tuple[Cell, bool, Any, Any]) -> None:
    cell, mutable = guard[0], guard[1]
    if mutable:
        cell.mutable = False
    else:
        cell.shared -= 1


def is_guard(e: Any) -> bool:
    """Whether the method call `e` is a `RefCell`'s `borrow()`/`borrow_mut()` (a guard)."""
    recv = getattr(e.recv, "ty", None)
    return e.name in ("borrow", "borrow_mut") and recv is not None and _cell_type(recv) is not None


def dropped(arg: Any) -> Code | None:
    """`drop(g)` of a guard bound by `let`: the code releasing it (None for any other value,
    `drop(&g)` too: a reference dropped, the guard lives on)."""
    binding = getattr(arg, "binding", None)
    if binding is None or not getattr(binding, "refcell_guard", False) or arg.borrowed:
        return None

    def release(frame: list) -> None:
        for i in range(len(_GUARDS) - 1, -1, -1):
            if _GUARDS[i][3] is binding and _GUARDS[i][2] is frame:
                _release(_GUARDS.pop(i))
                return

    return release


# -- {:?} -----------------------------------------------------------------------------------------


def debug(ty: Wrap, inner: Any) -> Any:
    """`{:?}` of an `Rc<T>` (its `T`'s) or a `RefCell<T>`, `inner` the printer of `T`."""
    if ty.kind == RC:
        return inner

    def cell(c: Cell) -> str:
        shown = "<borrowed>" if c.mutable else inner(c.value)
        return f"RefCell {{ value: {shown} }}"

    return cell
