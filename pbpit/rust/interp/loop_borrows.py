"""`for x in v.iter() { v.push(..); }`: the loop's iterator borrows `v` for every turn, so a
mutable use of `v` in the body is rustc's E0502 (`v.push`, `v[i] = ..`, `&mut v`) or E0506
(`v = ..`), unless the statements after it in its block leave the loop (`break` of this loop,
`return`): then the iterator is not used again and NLL lets it be.

pbpit erases references, so such a loop would run (and, for `push`, never end) where rustc
refuses the program. `let r = &v[0]; v.push(..); use(r)` likewise (the `let`'s borrow lives
to the holder's last read in its block, or through a loop statement that reads it). The
iterable is read through lazy adapters (`v.iter().enumerate()`, `&v`) to the place it borrows;
a place is a variable and its fields (`self.items`), and a use conflicts when one place is a
prefix of the other. A method of the
program's own (`&mut self`) is not followed: only std's and Burn's rows that say they take
`&mut self` (`builtins.Builtin.mutates`).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.index_borrows import refuse_reads_under_mutable_borrow
from pbpit.rust.interp.nodes import (
    Assign,
    Block,
    Break,
    Closure,
    Crate,
    ExprStmt,
    Field,
    For,
    Index,
    Let,
    Local,
    Loop,
    Method,
    Return,
    StructLit,
    Unsupported,
    While,
    children,
)
from pbpit.rust.interp.returned_refs import returned_borrow
from pbpit.rust.interp.slices import RANGE_INDEX
from pbpit.rust.interp.turn_borrows import reads_beside
from pbpit.rust.interp.types import STR, resolve

# Methods that make an iterator borrowing their receiver, and lazy adapters the borrow goes
# through unchanged (a consumer such as `collect` or `sum` ends it before the loop starts).
_BORROWING = frozenset(
    (
        "iter",
        "chunks",
        "windows",
        "chars",
        "bytes",
        "lines",
        "split_whitespace",
        "keys",
        "values",
        "char_indices",
    )
)
_ADAPTERS = frozenset(
    (
        "map",
        "filter",
        "enumerate",
        "zip",
        "rev",
        "skip",
        "take",
        "step_by",
        "cloned",
        "copied",
        "chain",
        "filter_map",
        "flat_map",
        "take_while",
        "skip_while",
        "peekable",
        "inspect",
        "scan",
    )
)


# Methods of std returning a reference into their receiver (`v.last()`: `Option<&T>`), the same
# from an iterator borrowing it (`v.iter().max_by(..)`), the adapters whose items are still the
# receiver's references, and what unwraps such an `Option` keeping the reference. A `let` holding
# the result borrows the receiver as `let r = &v[0];` does; `*`, `.copied()`, `.cloned()` or
# `.clone()` on it makes a value and ends the borrow (no row takes them).
_INTO_RECEIVER = frozenset(
    ("first", "last", "get", "first_key_value", "last_key_value", "split_once", "rsplit_once")
)
_INTO_ITERATED = frozenset(
    ("max_by", "min_by", "max_by_key", "min_by_key", "max", "min", "next", "last", "nth", "find")
)
_KEEPING_ITEMS = frozenset(
    ("filter", "rev", "skip", "take", "step_by", "skip_while", "take_while", "peekable", "chain")
)
_UNWRAPPING = frozenset(("unwrap", "expect"))
# ... views of the receiver (a `&str`, a `&[T]`) and iterators over it, kept through the lazy
# adapters (`let it = v.iter().map(|x| x * 2);` borrows `v` until `it`'s last use)
_ITERATORS = frozenset(("iter", "chars", "bytes", "char_indices", "keys", "values", "lines"))
# A text's iterators of `&str`s into it, their pattern given (`line.split(',')`)
_SPLITS = frozenset(
    ("split", "rsplit", "splitn", "rsplitn", "split_terminator", "split_inclusive", "matches")
    + ("split_whitespace", "split_ascii_whitespace", "lines")
)
_ITERATORS = _ITERATORS | _SPLITS
_LAZY = frozenset(("map", "enumerate", "zip", "cloned", "copied", "inspect", "filter_map"))


def _ranged(e: Any) -> bool:
    """Whether `e` is `m.range(..)` of a `BTreeMap` or `BTreeSet`: an iterator borrowing `m`."""

    return (
        _std(e)
        and e.name == "range"
        and len(e.args) == 1
        and getattr(resolve(e.recv.ty), "kind", None) in ("BTreeMap", "BTreeSet")
    )


def borrowed_by_call(init: Any) -> Any:
    """The place a std method's reference result borrows (`losses` of `losses.last().unwrap()`,
    of `losses.iter().max_by(..).unwrap()`, `line` of `line.split(',').next().unwrap()`), or
    None. A `&str` variable's views (`s.trim()` of `let s = " x ";`) borrow the text it points
    to, not the variable: None."""
    found = _borrowed_by_call(init)
    if found is None and _std(init) and init.name in _VIEWS and not init.args:
        found = borrowed_by_call(init.recv)  # `line.split(',').next().unwrap().trim()`
    if found is not None and not found.borrowed and found.ty is not None:
        if resolve(found.ty) is STR:
            return None
    return found


def _borrowed_by_call(init: Any) -> Any:
    e = init
    while _std(e) and e.name in _UNWRAPPING:
        e = e.recv
    if _std(e) and e.name in _INTO_RECEIVER and _place(e.recv) is not None:
        return e.recv  # (`last` of an iterator, `line.split(',').last()`, is below)
    lazy = e  # `let it = v.iter().map(..);`: an iterator still borrowing `v` (as `s.as_str()`)
    while _std(lazy) and (lazy.name in _KEEPING_ITEMS or lazy.name in _LAZY):
        lazy = lazy.recv
    if _std(lazy) and (lazy.name in _ITERATORS or lazy is e and lazy.name in _VIEWS):
        if lazy.name not in _ITERATORS or not lazy.args or lazy.name in _SPLITS:
            return lazy.recv if _place(lazy.recv) is not None else None
    if _ranged(lazy):  # `let it = m.range(a..);`
        return lazy.recv if _place(lazy.recv) is not None else None
    if _std(e) and e.name == "fold" and e.args:
        start = e.args[0]  # `v.iter().fold(&v[0], ..)`: the result is `&v[0]` or another `&`
        if start.borrowed and not start.mut_borrow and _place(start) is not None:
            return start
    if not (_std(e) and e.name in _INTO_ITERATED):
        return None
    e = e.recv
    while _std(e) and e.name in _KEEPING_ITEMS:
        e = e.recv
    if _std(e) and (e.name == "iter" and not e.args or e.name in _SPLITS):
        return e.recv if _place(e.recv) is not None else None
    return None


def _field_borrow(init: Any) -> Any:
    """`&d` of `let v = View { xs: &d };` (or `view(&d)`, a function of the file returning a
    struct with a lifetime): the first field of a struct literal (argument) borrowing a place
    (shared), which the struct holds as long as it lives; None for another value."""
    from pbpit.rust.interp.struct_lifetimes import borrowing_call

    if isinstance(init, StructLit) and not init.borrowed:
        parts = init.values
    elif borrowing_call(init):
        parts = init.args
    else:
        return None
    found = (v for v in parts if v.borrowed and not v.mut_borrow and _place(v) is not None)
    return next(found, None)


def collected_borrow(part: Let) -> Any:
    """The place `let names: Vec<&str> = runs.iter().map(|r| r.name.as_str()).collect();`
    borrows (`runs`): a `Vec` written with reference elements, collected from `iter()` of a
    place through adapters that keep its items or a `map` whose closure returns a borrow of
    its item (the item itself, `&r.name`, `r.name.as_str()`); None otherwise."""
    written = getattr(part.binding, "written", None)
    text = "".join(written.text.decode().split()) if written is not None else ""
    e = part.init
    if not (text.startswith("Vec<&") and _std(e) and e.name == "collect" and not e.args):
        return None
    e = e.recv
    while _std(e) and (e.name in _KEEPING_ITEMS or e.name == "map" and _maps_to_item(e)):
        e = e.recv
    if _std(e) and e.name in ("iter", "keys", "values") and not e.args:  # (a map's too)
        return e.recv if _place(e.recv) is not None else None
    if _std(e) and e.name in _SPLITS and not e.recv.borrowed and e.recv.ty is not None:
        if resolve(e.recv.ty) is not STR:  # `line.split(',')` of a `String`, not of a `&str`
            return e.recv if _place(e.recv) is not None else None
    return None


def _maps_to_item(e: Method) -> bool:
    """Whether `map`'s closure returns its item or a borrow into it (`|r| &r.name`, `|r|
    r.name.as_str()`)."""
    closure = e.args[0] if len(e.args) == 1 else None
    if not isinstance(closure, Closure) or len(closure.params) != 1 or closure.params[0] is None:
        return False
    body = closure.body
    if isinstance(body, Method) and body.name in _VIEWS and not body.args:
        body = body.recv
    elif isinstance(body, Field | Index) and not body.borrowed:
        return False  # `|r| r.epochs`: a value (a `&T` field is not followed)
    while isinstance(body, Field | Index):
        body = body.base
    return isinstance(body, Local) and body.binding is closure.params[0]


def _std(e: Any) -> bool:
    return isinstance(e, Method) and isinstance(e.impl, Builtin)


def _place(e: Any) -> tuple | None:
    """`v` -> (v's binding,), `self.items` -> (self, "items"); an index stops the path there
    (`v[i]` is a use of `v`); None for what is not a place."""
    names: list[str] = []
    while isinstance(e, Field | Index) or isinstance(e, Method) and e.name == RANGE_INDEX:
        names = [e.name, *names] if isinstance(e, Field) else []  # `v[i]`, `v[a..b]`: `v`
        e = e.recv if isinstance(e, Method) else e.base
    if not isinstance(e, Local):
        return None
    return (id(e.binding), *names)


def _overlap(a: tuple, b: tuple) -> bool:
    n = min(len(a), len(b))
    return a[:n] == b[:n]


def _shown(e: Any) -> str:
    if isinstance(e, Local):
        return e.binding.name
    if isinstance(e, Field):
        return f"{_shown(e.base)}.{e.name}"
    if isinstance(e, Index):
        return _shown(e.base)
    if isinstance(e, Method) and e.name == RANGE_INDEX:
        return _shown(e.recv)
    return "_"


def _borrowed(iterable: Any) -> Any:
    """The place expression the loop's iterator borrows shared, or None."""
    e = iterable
    while isinstance(e, Method) and e.name in _ADAPTERS:
        e = e.recv
    if isinstance(e, Method) and (e.name in _BORROWING and not e.args or _ranged(e)):
        return e.recv if _place(e.recv) is not None else None
    if getattr(e, "borrowed", False) and not getattr(e, "mut_borrow", False):
        return e if _place(e) is not None else None
    return _field_borrow(e)  # `for b in (Batches { data: &data, pos: 0 })`: an `Iterator`


# std's methods whose result borrows their receiver (`s.as_str()`: a `&str` into `s`)
_VIEWS = frozenset(("as_str", "as_slice", "as_bytes", "trim", "trim_start", "trim_end"))


def _held_by_argument(arg: Any) -> Any:
    """The place an argument still borrows while the call runs: `&v`, `&mut v.w`, `v.iter()`
    through lazy adapters, `s.as_str()`; None for a value (`v.len()`, `v.clone()`)."""
    if getattr(arg, "borrowed", False):
        return arg if _place(arg) is not None else None
    held = _borrowed(arg)
    if held is None and _std(arg) and arg.name in _VIEWS and not arg.args:
        held = arg.recv if _place(arg.recv) is not None else None
    return held


def refuse_mutation_while_iterating(crate: Crate) -> None:
    """`Unsupported` (rustc's E0502/E0506) at the first mutable use of a place a `for` loop
    iterates over by shared reference, or a `let r = &place;` borrows while `r` is used later,
    in any function of `crate`."""
    for fn in crate.fns.values():
        if fn.body is not None:
            _Search(crate.path).walk(fn.body)


class _Search:
    def __init__(self, path: str) -> None:
        self.path = path

    def walk(self, node: Any) -> None:
        if isinstance(node, Method):
            self.receiver(node)  # `net.apply(&net.w)`
        refuse_reads_under_mutable_borrow(node, self.path)  # `v[v.len() - 1] = x`
        if isinstance(node, For) and node.iterable is not None and node.body is not None:
            borrowed = _borrowed(node.iterable)
            if borrowed is not None:
                found = self.conflict(node.body, node, _place(borrowed))
                if found is not None:
                    raise self.refusal(found, borrowed)
        if isinstance(node, Block):
            self.lets(node)
        for part in children(node):
            self.walk(part)

    def receiver(self, e: Method) -> None:
        """`net.apply(&net.w)`, `v.extend_from_slice(&v)`, `v.extend(v.iter())`,
        `s.push_str(s.as_str())`: a method taking `&mut self` (the program's own, or a std row
        that `mutates`) borrows its receiver mutably for the call while an argument still
        borrows it or a part of it: rustc's E0502 (E0499 for a `&mut` argument) at the receiver.
        A value read from it (`v.push(v.len())`, `v.extend(v.clone().iter())`) is no conflict
        (two-phase borrows), nor a disjoint field (`m.a.extend(m.b.iter())`)."""
        recv = e.recv
        takes_mut = getattr(e.impl, "mutates", False) or (
            e.user is not None and e.user.self_kind == "mut"
        )
        target = _place(recv)
        if not takes_mut or target is None or getattr(recv, "borrowed", False):
            return
        for arg in e.args:
            held = _held_by_argument(arg)
            if held is None or not _overlap(_place(held), target):
                continue
            if isinstance(recv, Local):
                name = recv.binding.name
                shown = f"*{name}" if name == "self" or recv.binding.mut_ref else name
            else:
                shown = _shown(recv)
            if arg.mut_borrow:
                what = f"cannot borrow `{shown}` as mutable more than once at a time"
                label, code = "second mutable borrow occurs here", "E0499"
            else:
                what = f"cannot borrow `{shown}` as mutable because it is also borrowed as "
                what += "immutable"
                label, code = "mutable borrow occurs here", "E0502"
            at = _start(recv)
            err = Unsupported(f"{self.path}:{at[0]}:{at[1]}", rejects(what, code))
            err.label = label
            raise err

    def lets(self, block: Block) -> None:
        """`let r = &v[0]; v.push(..); use(r)`: a mutable use of the place between the borrow
        and the holder's last use in the block (or anywhere in a loop statement that uses the
        holder: its next turn does) is rustc's E0502 (E0506 for `v = ..`)."""
        parts = [*block.stmts, *([block.tail] if block.tail is not None else [])]
        for i, part in enumerate(parts):
            if not isinstance(part, Let) or part.binding is None or part.init is None:
                continue
            init = part.init
            if not init.borrowed or init.mut_borrow or _place(init) is None:
                # `let last = v.last().unwrap();`, `let names: Vec<&str> = v.iter()..collect();`
                init = borrowed_by_call(init) or collected_borrow(part) or _field_borrow(init)
                init = init or returned_borrow(part.init)  # `m.weights()` of `(&self) -> &T`
                init = init or getattr(part.init, "shared_lender", None)  # `q.as_slices()`'s
                if init is None:
                    continue
            for holder in [part.binding, *_parts_of(part.binding, parts[i + 1 :])]:
                self.held(parts, i, holder, init)

    def held(self, parts: list, i: int, holder: Any, init: Any) -> None:
        """rustc's E0502/E0506 at the first mutable use of `init`'s place in `parts` after the
        `let` at `i` and before `holder`'s last use."""
        if any(_assigns(later, holder) for later in parts[i + 1 :]):
            return  # `w = m.weights();` ends the borrow (not followed: a miss at worst)
        uses = [j for j in range(i + 1, len(parts)) if _uses(parts[j], holder)]
        if not uses:
            return
        last = uses[-1]
        for j in range(i + 1, last + 1):
            found = self.conflict(parts[j], None, _place(init))
            if found is None:
                continue
            # a read of `r` inside the conflicting call's arguments or the assigned value
            # comes first (two-phase borrows): only a read outside it counts
            outside = reads_beside(parts[j], holder, found)  # (NLL: not another arm's)
            later = j < last or any(at > _start(found) for at in outside)
            # in a loop, the next turn reads it after the change, even where this turn's
            # read came first (`m.w[i] -= w[i]`), unless the loop gives it a new value
            again = _uses(found, holder) and self.turns_again(parts[j], _place(init))
            if later or (outside or again) and _loops(parts[j]):
                raise self.refusal(found, init)

    def turns_again(self, part: Any, place: Any) -> bool:
        """Whether the loop statement `part` changes `place` and goes on to another turn
        (no `break` of it or `return` after the change)."""
        e = part.expr if isinstance(part, ExprStmt) else part
        if not isinstance(e, For | Loop | While) or e.body is None:
            return False
        return self.conflict(e.body, e, place) is not None

    def conflict(self, node: Any, loop: For | None, place: Any) -> Any:
        """The first node in `node` that uses `place` mutably while the loop still iterates."""
        if isinstance(node, Block):
            parts = [*node.stmts, *([node.tail] if node.tail is not None else [])]
            for i, part in enumerate(parts):
                found = self.conflict(part, loop, place)
                if found is not None and not any(_leaves(p, loop) for p in parts[i + 1 :]):
                    return found
            return None
        if isinstance(node, Method) and _takes_mut_self(node):  # std's or the program's own
            target = _place(node.recv)
            if target is not None and _overlap(target, place):
                return node
        if isinstance(node, Assign):
            target = _place(node.target)
            if target is not None and _overlap(target, place):
                return node
        if getattr(node, "mut_borrow", False):
            target = _place(node)
            if target is not None and _overlap(target, place):
                return node
        for part in children(node):
            found = self.conflict(part, loop, place)
            if found is not None:
                return found
        return None

    def refusal(self, found: Any, borrowed: Any) -> Unsupported:
        shown = _shown(borrowed)
        if isinstance(found, Method) and found.user is not None:  # `self.bump()`: all of it
            recv = found.recv
            own = not (isinstance(recv, Local) and recv.binding.name == "self")
            shown = _shown(recv) if own or recv.binding.owned else "*self"
        if isinstance(found, Assign) and isinstance(found.target, Local | Field):
            what = rejects(
                f"cannot assign to `{_shown(found.target)}` because it is borrowed", "E0506"
            )
            label = f"`{_shown(found.target)}` is assigned to here but it was already borrowed"
        else:
            what = rejects(
                f"cannot borrow `{shown}` as mutable because it is also borrowed as immutable",
                "E0502",
            )
            label = "mutable borrow occurs here"
        at = _start(found)
        err = Unsupported(f"{self.path}:{at[0]}:{at[1]}", what)
        err.label = label
        return err


def _takes_mut_self(call: Method) -> bool:
    """`v.push(..)` (`Builtin.mutates`), `self.bump()` of `fn bump(&mut self)`."""
    if call.user is not None:
        return call.user.self_kind == "mut" and not call.recv.borrowed
    return bool(getattr(call.impl, "mutates", False))


def _start(e: Any) -> Any:
    """Where rustc points: the start of the expression (its receiver's, for a method call)."""
    while isinstance(e, Method | Field | Index):
        e = e.recv if isinstance(e, Method) else e.base
    if isinstance(e, Assign):
        return _start(e.target)
    return e.pos


def _leaves(part: Any, loop: For) -> bool:
    """Whether a statement ends the loop unconditionally: `break` of this loop, `return`."""
    e = part.expr if isinstance(part, ExprStmt) else None if isinstance(part, Let) else part
    return isinstance(e, Return) or (isinstance(e, Break) and e.target is loop)


def _parts_of(whole: Any, later: list) -> list:
    """The names a tuple pattern's `let` binds from its hidden whole (`k`, `v` of `let (k, v) =
    cfg.split_once('=').unwrap();`, lowered as `let k = (k, v).0;`): they hold its borrow."""
    if not whole.name.startswith("("):
        return []
    return [
        part.binding
        for part in later
        if isinstance(part, Let)
        and part.binding is not None
        and isinstance(part.init, Field)
        and isinstance(part.init.base, Local)
        and part.init.base.binding is whole
    ]


def _uses(node: Any, binding: Any) -> bool:
    if isinstance(node, Local) and node.binding is binding:
        return True
    return any(_uses(part, binding) for part in children(node))


def _assigns(node: Any, binding: Any) -> bool:
    if isinstance(node, Assign) and isinstance(node.target, Local):
        if node.target.binding is binding:
            return True
    return any(_assigns(part, binding) for part in children(node))


def _loops(part: Any) -> bool:
    e = part.expr if isinstance(part, ExprStmt) else part
    return isinstance(e, For | Loop | While)
