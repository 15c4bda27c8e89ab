"""`let r = &x;`, `v.push(&x)` or `f(&x)` of a closure `let f = |p| ..` whose parameter's type
is not written: while the borrow is live, `x` is not assigned to, as rustc's borrow checker
says (E0506; NLL: the borrow lasts to the holder's last use, and, made in a loop whose next
turn uses the holder again, to the end of that loop).

pbpit erases references, so an assignment to `x` inside such a borrow would run where rustc
refuses the program. This finds the first such assignment in a function body. A holder given
a new value (`r = &y;`) is not followed: its later uses are taken as the old borrow's, which
may refuse what rustc runs, never run what it refuses.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import chain_borrows
from pbpit.rust.interp.arm_values import pattern_bindings
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.hashmap import ENTRY_UPDATE
from pbpit.rust.interp.mut_borrow_uses import place_path
from pbpit.rust.interp.nodes import (
    ArrayLit,
    ArrayRepeat,
    Assign,
    Block,
    Call,
    Closure,
    Expr,
    Field,
    For,
    Format,
    Index,
    Let,
    Lit,
    Local,
    Loop,
    Match,
    Method,
    Pos,
    SomeLit,
    Static,
    StructLit,
    TupleLit,
    Unsupported,
    While,
    children,
    place_root,
)
from pbpit.rust.interp.references import BOUND_TO_BORROW, ITEMS_BY_REFERENCE
from pbpit.rust.interp.returned_refs import returned_borrow
from pbpit.rust.interp.turn_borrows import apart, branch_paths, stays_in_turn
from pbpit.rust.interp.types import STR, STRING, resolve

_PUSHES = frozenset(("push", "push_back", "push_front"))  # `Vec`'s, `VecDeque`'s
_STORES = frozenset(("insert", "entry", ENTRY_UPDATE))  # keeping a key, a value (an element)


class _Walk:
    def __init__(self, typed: bool = False, views: bool = False) -> None:
        self.typed = typed  # the checker's types known: `w.as_str()` stored borrows `w`
        # a `let` of a std method's view of a value (`s.split('=').next().unwrap()`) borrows it
        self.views = views
        self.uses: list[tuple[Local, tuple]] = []  # every `Local`, with the loops around it
        self.borrows: list[tuple[Any, Local, tuple]] = []  # (holder binding, `&x`'s x, loops)
        self.assigns: list[tuple[Assign, Any, tuple]] = []  # (assignment, x's binding, loops)
        self.spans: dict[int, tuple[Pos, Pos]] = {}  # a loop's first and last position
        self.inside: dict[int, set[int]] = {}  # an assignment's own `Local`s
        self.declared: dict[int, tuple] = {}  # a variable's binding -> the loops around its `let`
        self.untyped: dict[int, list[int]] = {}  # a closure's binding -> its untyped parameters
        self.blocks: list[Block] = []  # the blocks around the node walked, innermost last
        self.block_of: dict[int, Block] = {}  # a variable's binding -> the block of its `let`
        self.outer: dict[int, Block | None] = {}  # a block -> the block around it
        self.stored: list[tuple[Any, Local, Assign]] = []  # `first = &batch[0];`: (first, batch)
        self.values: set[int] = set()  # the variables certainly given a value, no reference
        # the fields from a borrowed variable to the place borrowed, by the borrow's `Local`
        # (`("buf",)` of `&self.buf[0]`), and from an assigned one to the place assigned:
        # rustc's borrows are of places, so `self.rng += 1` keeps `&self.buf[0]` (disjoint)
        self.paths: dict[int, tuple[str, ...]] = {}
        # `&k` stored where the holder's written type takes a `&T`: coerced (no borrow of `k`)
        # if `k` is itself a reference, which only the types tell (`refuse_dropped_views`)
        self.unsure: set[int] = set()

    def borrow(self, holder: Any, place: Expr, loops: tuple) -> None:
        """`holder` keeps a shared borrow of `place` (`&x.a[0]`, `x` of `x.getter()`)."""
        x = place_root(place)
        if x is not None:
            self.borrows.append((holder, x, loops))
            self.paths[id(x)] = place_path(place)

    def walk(self, node: Any, loops: tuple) -> Pos:
        last: Pos = getattr(node, "pos", None) or (0, 0)
        if isinstance(node, Local):
            self.uses.append((node, loops))
        if isinstance(node, Let) and node.binding is not None:
            self.declared[id(node.binding)] = loops
            if self.blocks:
                self.block_of[id(node.binding)] = self.blocks[-1]
            if node.binding.owned or _made_here(node.init) or chain_borrows.made(node.init):
                self.values.add(id(node.binding))  # (a value: `&x[0]` is no reborrow)
        if isinstance(node, Block):
            self.outer[id(node)] = self.blocks[-1] if self.blocks else None
            self.blocks.append(node)
        if isinstance(node, Assign) and node.op is None and isinstance(node.target, Local):
            for value in _held(node.value):  # `first = &batch[0];`, `best = Some(&loss);`
                if value.borrowed and (x := place_root(value)) is not None:
                    if not _coerced(node.target, value):  # `&k` of a `&String` as a `&str`
                        self.stored.append((node.target.binding, x, node))
                elif (x := chain_borrows.lent_root(value)) is not None:  # `v.iter().next()..`
                    self.stored.append((node.target.binding, x, node))
                elif (lent := returned_borrow(value)) is not None and (
                    x := place_root(lent)
                ) is not None:  # `w = first_word(&line);`: elision lends `line`
                    self.stored.append((node.target.binding, x, node))
        if isinstance(node, Match):  # `while let Some(x) = q.pop()`: `x` lives for one arm
            for arm in node.arms:
                for bound in pattern_bindings(arm.pat):
                    self.declared.setdefault(id(bound), loops)
        if isinstance(node, For) and node.binding is not None:
            self.declared[id(node.binding)] = (*loops, node)
            if node.body is not None:  # a `for` variable lives for one turn of the body
                self.block_of[id(node.binding)] = node.body
        if isinstance(node, Let) and node.binding is not None and node.init is not None:
            init = node.init
            if init.borrowed and not init.mut_borrow:
                self.borrow(node.binding, init, loops)
            elif (lent := returned_borrow(init)) is not None:  # `let w = m.weights();`
                self.borrow(node.binding, lent, loops)
            elif self.views and (lent := _viewed_value(node)) is not None:
                self.borrow(node.binding, lent, loops)  # `let k = cfg.split('=').next()..`
            elif self.views and isinstance(init, Field) and isinstance(init.base, Local):
                whole = init.base.binding  # `let (k, v) = cfg.split_once('=').unwrap();`'s parts
                if whole.name.startswith("("):
                    for holder, x, _ in list(self.borrows):
                        if holder is whole:
                            self.borrows.append((node.binding, x, loops))
        if isinstance(node, Let) and isinstance(node.init, Closure) and node.binding is not None:
            untyped = [i for i, ty in enumerate(node.init.param_tys) if ty is None]
            self.untyped[id(node.binding)] = untyped
        if isinstance(node, Call) and isinstance(node.callee, Local):
            # `add(&s, 0.1)` of `let add = |p, q| ..`: an untyped parameter's reference has one
            # lifetime for every call (it is no `for<'a>`), so the closure holds the borrow
            for index in self.untyped.get(id(node.callee.binding), ()):
                arg = node.args[index] if index < len(node.args) else None
                if arg is not None and arg.borrowed and not arg.mut_borrow:
                    self.borrow(node.callee.binding, arg, loops)
        for holder, arg in _stored_args(node):  # `v.push(&x)`, `m.insert(&k, &x)`
            if holder is not None and arg.borrowed and not arg.mut_borrow:
                if not _coerced(holder, arg):
                    self.borrow(holder.binding, arg, loops)
                    if not self.typed and _maybe_coerced(holder, arg):
                        self.unsure.add(id(arg))  # `m.entry(&k)`: the types tell
            view = _str_view(arg, self.values) if self.typed and holder is not None else None
            if view is not None:  # `m.entry(w.as_str())` of a `String` `w`
                self.borrows.append((holder.binding, view, loops))
        if isinstance(node, Assign) and (x := place_root(node.target)) is not None:
            self.assigns.append((node, x.binding, loops))
            self.paths[id(node)] = place_path(node.target)
            self.inside[id(node)] = {id(local) for local in _locals(node)}
        inner = (*loops, node) if isinstance(node, Loop | While | For) else loops
        for part in children(node):
            last = max(last, self.walk(part, inner))
        if isinstance(node, Loop | While | For | Block):
            self.spans[id(node)] = (node.pos, last)
        if isinstance(node, Block):
            self.blocks.pop()
        return last

    def outlived(self) -> Local | None:
        """`first = &batch[0];` with `first` declared outside the block that declares `batch`,
        and read after that block ends (no new value given it first): the `batch` borrowed."""
        for holder, x, store in self.stored:
            inner = self.block_of.get(id(x.binding))
            around = self.block_of.get(id(holder))
            whole = any(v is x for v in _held(store.value))  # `&loss` itself, no reborrow
            if None in (inner, around) or inner is around:
                continue
            if id(x.binding) not in self.values and not whole:
                continue
            block = self.outer.get(id(inner))
            while block is not None and block is not around:
                block = self.outer.get(id(block))
            if block is None:  # `holder` is not declared in a block around `inner`'s
                continue
            end = self.spans[id(inner)][1]
            later = sorted(u.pos for u, _ in self.uses if u.binding is holder and u.pos > end)
            renewed = [a.pos for a, b, _ in self.assigns if b is holder and a.pos > store.pos]
            if later and not any(at <= later[0] for at in renewed):
                return x
        return None


def _stored_args(node: Any) -> list[tuple[Local | None, Expr]]:
    """The arguments a method stores in its receiver: a `Vec`'s pushed value, a map's key
    and value (`m.insert(k, v)`, `m.entry(k)`, `*m.entry(k).or_insert(d) += 1`: `k`, `d`)."""
    if not isinstance(node, Method):
        return []
    if node.name in _PUSHES and len(node.args) == 1:  # (`v.push((i, &x))`, `Reverse(&x)`)
        return [(place_root(node.recv), part) for part in _held(node.args[0])]
    if node.name not in _STORES or not node.args:
        return []
    # (before the types are known: `insert` of a `Vec` (`v.insert(0, &x)`) or a set stores its
    # borrowed arguments too; the update's third argument is the operand of `+=`, not kept)
    stored = node.args[:2]
    return [(place_root(node.recv), arg) for arg in stored]


def _str_view(arg: Expr, values: set[int]) -> Local | None:
    """The `String` variable `w` that `w.as_str()` (any method of a `String` value whose
    result is a `&str`: pbpit's `str`) borrows; None for a `&String` (an item of `&words`,
    whose `&str` borrows `words`)."""
    if not isinstance(arg, Method) or arg.borrowed or not isinstance(arg.recv, Local):
        return None
    recv = arg.recv
    if recv.borrowed or arg.ty is None or recv.ty is None:
        return None
    if resolve(arg.ty) is not STR or resolve(recv.ty) is not STRING:
        return None
    if getattr(recv.binding, ITEMS_BY_REFERENCE, False):
        return None
    return recv if recv.binding.owned or id(recv.binding) in values else None


def refuse_dropped_views(body: Block, path: str) -> None:
    """rustc's E0597 for a `&str` view of a `String` made in a loop's turn stored by what
    lives on (`for i in 0..2 { let w = format!(..); m.entry(w.as_str()); }` of a map made
    before the loop): the types tell the view (`refuse_assign_while_borrowed` runs before)."""
    w = _Walk(typed=True)
    w.walk(body, ())
    for holder, x, loops in w.borrows:
        if not isinstance(x, Local):
            continue
        declared = w.declared.get(id(x.binding), ())
        for loop in loops:
            if loop in declared and loop not in w.declared.get(id(holder), ()):
                raise _dies(x, path)
    dropped = w.outlived()  # `ws = m.weights();` in a block: the method known once typed
    if dropped is not None:
        raise _dies(dropped, path)


def _held(value: Expr) -> list[Expr]:
    """The parts of a value stored that may be borrows: the value itself, the value of a
    `Some(..)` or a `Reverse(..)`, the elements of a tuple, a struct's fields, each
    taken apart in turn (`(1, Some(&x))`)."""
    parts: list[Expr] | None = None
    if isinstance(value, SomeLit) and value.value is not None and not value.borrowed:
        parts = [value.value]
    elif isinstance(value, TupleLit) and not value.borrowed:
        parts = list(value.elems)
    elif isinstance(value, StructLit) and not value.borrowed:  # `View { xs: &v }`
        parts = list(value.values)
    elif isinstance(value, Static) and not value.borrowed and len(value.args) == 1:
        if value.name.rpartition("::")[2] == "Reverse":  # `Reverse(&x)`
            parts = list(value.args)
    if parts is None:
        return [value]
    return [held for part in parts for held in _held(part)]


def _coerced(holder: Local, x: Expr) -> bool:
    """`seen.push(&k)` of `k`, a `&String` (an item of `&v`, `v.iter()`), into `seen: Vec<&str>`:
    the `&&String` deref-coerces to a `&str` that borrows the `String`, not `k` (no E0597). A
    holder whose written type is a reference to a reference (or not written) keeps `&k`."""
    written = getattr(holder.binding, "written", None)
    if written is None or b"&&" in written.text.replace(b" ", b"") or not isinstance(x, Local):
        return False
    by_reference = getattr(x.binding, ITEMS_BY_REFERENCE, False)
    if x.binding.ty is not None and resolve(x.binding.ty) is STR:  # `k: &str`: `&k` is `k`
        return True
    return by_reference or getattr(x.binding, BOUND_TO_BORROW, False)


def _maybe_coerced(holder: Local, x: Expr) -> bool:
    """`&k` stored into a holder written with a `&T` (no `&&`), `k` a variable whose type is
    not known yet: `_coerced` once the types are known, if `k` is a `&str`."""
    written = getattr(holder.binding, "written", None)
    return written is not None and isinstance(x, Local) and x.binding.ty is None


def _viewed_value(let: Let) -> Expr | None:
    """The place of values a `let`'s value views through std's methods (`line` of
    `line.trim()`, `cfg.split('=').next().unwrap()`, `v.first().unwrap()`, `v.iter().max()
    .unwrap()`, `let parts: Vec<&str> = line.split(',').collect();`): a variable certainly
    holding a value (not a reference: its views borrow what it points to), or a field written
    without `&` of one."""
    from pbpit.rust.interp.loop_borrows import borrowed_by_call, collected_borrow
    from pbpit.rust.interp.place_moves import place_root_of_values

    lent = borrowed_by_call(let.init) or collected_borrow(let)
    if lent is None or lent.borrowed:
        return None
    root = place_root_of_values(lent)
    if root is None or not root.binding.owned:
        return None
    if isinstance(lent, Index) and not _elements_valued(lent, root):
        return None  # (`v[0].trim()` of a `Vec<&str>` views the `str`, not `v`)
    return lent


def _elements_valued(element: Index, root: Local) -> bool:
    """Whether `v[i]` (of the variable `root`) is certainly a value of `v`'s own: `v` given a
    `vec![..]` of items made in place (`made_items`), or written with plain values."""
    from pbpit.rust.interp.check_rules import _written_type
    from pbpit.rust.interp.made_items import MADE_ITEMS
    from pbpit.rust.interp.value_slots import plainly_value

    if not isinstance(element.base, Local):
        return False
    if getattr(root.binding, MADE_ITEMS, False):
        return True
    written = _written_type(element)
    return written is not None and plainly_value(written)


def _made_here(e: Any) -> bool:
    """A value the expression certainly makes, no reference (`vec![..]`, a struct, a number)."""
    if e is None or e.borrowed:
        return False
    if isinstance(e, Lit):
        return e.kind in ("int", "float", "bool")
    return isinstance(e, ArrayLit | ArrayRepeat | StructLit | TupleLit | SomeLit | Format)


def _locals(node: Any) -> list[Local]:
    found = [node] if isinstance(node, Local) else []
    for part in children(node):
        found.extend(_locals(part))
    return found


def _live(w: _Walk) -> Any:
    """Each shared borrow that lives past where it is made: (holder, x, start, end, the
    holder's uses, the loops around the borrow whose next turn uses the holder)."""
    for holder, x, loops in w.borrows:
        start, end = x.pos, x.pos
        uses = [(u, ls) for u, ls in w.uses if u.binding is holder and u is not x]
        for use, use_loops in uses:
            if use.pos > start:
                end = max(end, use.pos)
            for loop in use_loops:  # a loop begun after the borrow uses the holder next turn
                if loop.pos > x.pos:
                    end = max(end, w.spans[id(loop)][1])
        wrapped: list[Any] = []  # loops around the borrow whose next turn uses the holder
        for loop in loops:
            first, last = w.spans[id(loop)]
            declared = w.declared.get(id(x.binding), ())
            if any(first <= use.pos <= last for use, _ in uses) and loop not in declared:
                if loop in w.declared.get(id(holder), ()) and stays_in_turn(loop, holder):
                    continue  # a new holder each turn, its borrow ended there (turn_borrows)
                wrapped.append(loop)
                start, end = min(start, first), max(end, last)
        if end <= x.pos and not wrapped:
            continue
        yield holder, x, start, end, uses, wrapped


def refuse_assign_while_borrowed(body: Block, path: str) -> Unsupported | None:
    """The first assignment to a variable while a shared borrow of it is live, as rustc's
    E0506, or None."""
    w = _Walk()
    w.walk(body, ())
    for holder, x, loops in w.borrows:
        declared = w.declared.get(id(x.binding), ())
        if id(x) in w.unsure:
            continue  # (judged with the types: `refuse_dropped_views`)
        for loop in loops:  # `filled.push(&row)`, `row` made each turn, `filled` before the loop
            if loop in declared and loop not in w.declared.get(id(holder), ()):
                return _dies(x, path)
    dropped = w.outlived()  # `let first; { let batch = ..; first = &batch[0]; } first`
    if dropped is not None:
        return _dies(dropped, path)
    arms = branch_paths(body)  # (turn_borrows.py)
    for _, x, start, end, uses, wrapped in _live(w):
        for assign, binding, _ in w.assigns:
            if binding is not x.binding or not start <= assign.pos <= end:
                continue
            if not _overlap(w.paths.get(id(x), ()), w.paths.get(id(assign), ())):
                continue  # `self.rng += 1` while `&self.buf[0]` lives: another place
            own = w.inside[id(assign)]
            later = any(
                use.pos > assign.pos and id(use) not in own and not apart(arms, use, assign)
                for use, _ in uses
            ) or any(_within(assign.pos, w.spans[id(loop)]) for loop in wrapped)
            if later and (assign.pos > x.pos or wrapped):
                return _conflict(assign, x, path)
    return None


def refuse_move_while_borrowed(body: Block, moves: list[Local | Field], path: str) -> None:
    """rustc's E0505 at the first move of a variable (`moves`: the uses that move one, or a
    field of one, from `moves.py`) while a shared borrow of it is live: `let r = &m;
    consume(m); r.w` (not `let n = &job.name; let a = job.args;`: another place)."""
    w = _Walk(views=True)
    w.walk(body, ())
    for _, x, start, end, uses, wrapped in _live(w):
        for place in moves:
            moved = place_root(place)
            if moved is None or moved.binding is not x.binding or not start <= moved.pos <= end:
                continue
            if not _overlap(w.paths.get(id(x), ()), place_path(place)):
                continue
            later = any(use.pos > moved.pos for use, _ in uses) or any(
                _within(moved.pos, w.spans[id(loop)]) for loop in wrapped
            )
            if later and (moved.pos > x.pos or wrapped):
                name = _place(place)  # (`p.name` of a field moved out)
                what = rejects(f"cannot move out of `{name}` because it is borrowed", "E0505")
                err = Unsupported(f"{path}:{moved.pos[0]}:{moved.pos[1]}", what)
                err.label = f"move out of `{name}` occurs here"
                raise err


def _dies(x: Local, path: str) -> Unsupported:
    """rustc's E0597: `x`, dropped at the end of its loop's turn, borrowed by what lives on."""
    name = x.binding.name
    where = x.borrow_pos or x.pos
    err = Unsupported(
        f"{path}:{where[0]}:{where[1]}", rejects(f"`{name}` does not live long enough", "E0597")
    )
    err.label = "borrowed value does not live long enough"
    return err


def _overlap(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Whether two places of one variable share memory: one is within the other."""
    return a[: len(b)] == b[: len(a)]


def _within(pos: Pos, span: tuple[Pos, Pos]) -> bool:
    return span[0] <= pos <= span[1]


def _conflict(assign: Assign, x: Local, path: str) -> Unsupported:
    place = _place(assign.target)
    what = rejects(f"cannot assign to `{place}` because it is borrowed", "E0506")
    where = assign.pos
    err = Unsupported(f"{path}:{where[0]}:{where[1]}", what)
    err.label = f"`{place}` is assigned to here but it was already borrowed"
    return err


def _place(e: Expr) -> str:
    if isinstance(e, Local):
        return e.binding.name
    if isinstance(e, Field):
        return f"{_place(e.base)}.{e.name}"
    if isinstance(e, Index):
        return f"{_place(e.base)}[_]"
    return "_"
