"""`let r = &mut x;`: while `r` is used, `x` is not, as rustc's borrow checker says (NLL: the
borrow lasts to `r`'s last use, to the end of a loop that uses `r` again on its next turn).

pbpit erases references, so `r` and `x` hold one value: a use of `x` inside the borrow would run
where rustc refuses the program. This finds the first such use in a function body.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import slices
from pbpit.rust.interp.method_results import takes_mut_self
from pbpit.rust.interp.mut_borrow_uses import conflict, place_path, used_place
from pbpit.rust.interp.nodes import (
    AssertEq,
    Assign,
    Binary,
    Binding,
    Block,
    Field,
    For,
    Format,
    IfLet,
    Index,
    Let,
    Lit,
    Local,
    Loop,
    Match,
    Method,
    Pos,
    Unsupported,
    While,
    children,
)
from pbpit.rust.interp.types import Wrap, resolve


def _walk(node: Any, loops: tuple, found: list, lets: list, spans: dict, how: dict) -> Pos:
    """Record each `Local` with the loops around it, each `let r = &mut x;`, how each place's
    variable is used (`how`: see `_mark`); the greatest position inside `node` (where a loop
    ends, as far as uses go)."""
    last: Pos = getattr(node, "pos", None) or (0, 0)
    if isinstance(node, Local):
        found.append((node, loops))
    _mark(node, how)
    if isinstance(node, Let) and node.binding is not None and node.init is not None:
        root = slices.range_base(node.init)  # `let s = &mut v[a..];`: a borrow of `v`
        entry = getattr(node.init, "entry_cell", False)  # `let e = m.entry(k).or_insert(0);`
        if entry:
            root = node.init.recv.recv  # (num_refs.mark_entry_let: `m` lent mutably)
        if getattr(node.init, "lent_receiver", False):  # `let ps = m.params_mut();`
            root = node.init.recv  # (references.mark_let: `m` lent while `ps` lives)
        view = _mut_view(node.init)  # `let e = m.entry(k);`: `m` lent mutably while `e` lives
        if view:
            root = node.init.recv
        lender = getattr(node.init, "lends", None)  # `let (a, b) = v.split_at_mut(m);`: `v`
        if lender is not None:
            root = lender
        while isinstance(root, Field | Index):
            root = slices.range_base(root.base)
        if (node.init.mut_borrow or view or lender is not None) and isinstance(root, Local):
            lent = node.init.recv.recv if entry else node.init.recv if view else node.init
            lent = lender if lender is not None else lent
            lets.append((node.binding, root, place_path(lent)))
    if isinstance(node, Match | IfLet):  # `if let Some(g) = v.iter_mut().max()`: `v` lent
        from pbpit.rust.interp.match_mut_refs import held_bindings

        for binding, lender in held_bindings(node):
            root = _root(lender)
            if root is not None:
                lets.append((binding, root, place_path(lender)))
    inner = (*loops, node) if isinstance(node, Loop | While | For) else loops
    for part in children(node):
        last = max(last, _walk(part, inner, found, lets, spans, how))
    if isinstance(node, Loop | While | For):
        spans[id(node)] = last
    return last


def _mut_view(e: Any) -> bool:
    """Whether `e`, once typed, is a view a `&mut self` method of std gives into its receiver,
    holding it borrowed mutably as long as the view lives: a map's `Entry` (`m.entry(k)`), an
    iterator (`v.drain(..)`)."""
    if not isinstance(e, Method) or e.borrowed or e.ty is None or e.user is not None:
        return False
    ty = resolve(e.ty)
    return type(ty) is Wrap and ty.kind in ("Entry", "Iter") and takes_mut_self(e)


def _root(e: Any) -> Local | None:
    """The variable under a place (`s` of `s.w[i]`, `v` of `v[a..b]`), or None."""
    e = slices.range_base(e)
    while isinstance(e, Field | Index):
        e = slices.range_base(e.base)
    return e if isinstance(e, Local) else None


def _mark(node: Any, how: dict) -> None:
    """How the place `node` uses its variable, as rustc's borrow checker tells the uses apart
    (the outermost place decides: `&mut s.w` borrows `s.w`, not a read of `s`): ("mut", e) a
    `&mut` borrow, ("shared", e) a `&` borrow or a format argument (the macros take
    references), ("method", call) a receiver, ("assign", assignment) an assignment's target,
    ("compare", operand) an operand of `==`/`<`.., ("read", place) a place read."""
    root = _root(node) if getattr(node, "borrowed", False) else None
    if root is not None:
        how.setdefault(id(root), ("mut" if node.mut_borrow else "shared", node))
    if isinstance(node, Method) and node.name != slices.RANGE_INDEX:
        root = _root(node.recv)
        if root is not None and not node.recv.borrowed:
            how.setdefault(id(root), ("method", node))
    if isinstance(node, Let) and node.binding is not None and isinstance(node.init, Lit):
        if node.init.kind in ("int", "float") and node.declared is None:
            how[("number", id(node.binding))] = ("", None)  # `let mut x = 1;`: a `Copy` number
    if isinstance(node, Assign):
        root = _root(node.target)
        number = isinstance(node.target, Local) and ("number", id(root.binding)) in how
        if root is not None:
            how.setdefault(id(root), ("assign-number" if number and node.op else "assign", node))
    if isinstance(node, Format):
        for arg in node.args:
            root = _root(arg)
            if root is not None and not arg.borrowed:
                how.setdefault(id(root), ("shared", arg))
    if isinstance(node, AssertEq):  # `assert_eq!` compares references
        for operand in (node.left, node.right):
            root = _root(operand)
            if root is not None and not operand.borrowed:
                how.setdefault(id(root), ("shared", operand))
    if isinstance(node, Match | IfLet):  # a scrutinee: read, borrowed or moved by its patterns
        root = _root(node.value)
        if root is not None:
            how.setdefault(id(root), ("unknown", node.value))
    if isinstance(node, Binary) and node.op in ("==", "!=", "<", "<=", ">", ">="):
        for operand in (node.left, node.right):
            root = _root(operand)
            if root is not None and not operand.borrowed:
                how.setdefault(id(root), ("compare", operand))
    if isinstance(node, Field | Index) or getattr(node, "name", None) == slices.RANGE_INDEX:
        root = _root(node)  # a read of the place (outermost first)
        if root is not None:
            how.setdefault(id(root), ("read", node))


def refuse_use_while_borrowed(body: Block, path: str, typed: bool = False) -> Unsupported | None:
    """The first use of a variable while a `let r = &mut x;` borrow of it is live, refused with
    rustc's error, or None. Before the types are known (`typed` False) only the uses whose
    error the syntax tells (a `&mut`/`&` borrow, an assignment `x = ..`) are refused: the
    others wait for the second call, after the checker (a read of `x` is E0503 for a `Copy`
    value, a move, E0505, for another)."""
    found: list[tuple[Local, tuple]] = []
    lets: list[tuple[Binding, Local, tuple[str, ...]]] = []
    spans: dict[int, Pos] = {}
    how: dict[int, tuple[str, Any]] = {}
    _walk(body, (), found, lets, spans, how)
    for ref, borrowed, place in lets:
        start = borrowed.pos
        uses = [(local, loops) for local, loops in found if local.binding is ref]
        if not uses:
            continue
        end = max(local.pos for local, _ in uses)
        for _, loops in uses:  # a loop begun after the borrow uses `r` again next turn
            for loop in loops:
                if loop.pos > start:
                    end = max(end, spans[id(loop)])
        for local, _ in found:
            same = local.binding is borrowed.binding and local is not borrowed
            used = used_place(how.get(id(local)))
            n = min(len(used), len(place))
            if same and start < local.pos < end and used[:n] == place[:n]:  # (`s.w`, `s.n`)
                err = conflict(local, how.get(id(local)), ref, path, typed)
                if err is not None:
                    return err
    return None
