"""A temporary dropped while a variable still borrows it: rustc's E0716.

A value made in an expression and not stored in a variable (`vec![1, 2]`, `format!(..)`,
`String::from(..)`, `v.clone()`, a call returning a `String`) is dropped at the end of its
statement, unless the Reference's "temporary lifetime extension" keeps it: in
`let r = &vec![1, 2];` (and `&temp[..]`, `&temp.field`) the `let` extends it to the end of
the block. Nothing else does:

- an assignment `r = &vec![1, 2];` (no `let`): the vector is dropped at the `;`;
- a method whose result borrows its receiver (`String::from("a").as_str()`,
  `vec![1].iter()`, `format!(..).trim()`, `v.clone().first()`), in a `let` or an
  assignment: a method's receiver is never extended; so too the items of such an iterator
  collected as they are (`let parts: Vec<&str> = name().split('-').collect();`; a `String`
  collected from them, or `Vec<String>` of `.map(|s| s.to_string())`, borrows nothing).

A later read of the variable is then rustc's E0716 ("temporary value dropped while borrowed").
pbpit erases references, so such a program would run. Only temporaries certainly not promoted
to `'static` are judged (`r = &5;` and `r = &[1, 2];` are constants, promoted, and run), and
only a read that certainly comes after on a path from the statement: the first use of the
variable after it in the source, not in another arm of an `if`/`match` around it, with no
`return`/`break`/`continue` after the statement in a block around it (where pbpit cannot
follow the paths it stays silent: a miss, never a false error).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import (
    ArrayLit,
    ArrayRepeat,
    Assign,
    Block,
    Break,
    Call,
    Closure,
    Continue,
    ExprStmt,
    Field,
    FnItem,
    Format,
    If,
    IfLet,
    Index,
    Let,
    Local,
    Match,
    Method,
    Return,
    Static,
    Unsupported,
    children,
)
from pbpit.rust.interp.types import Named, TensorT, Wrap, resolve

# std's methods whose result borrows the receiver itself (`&str`, `&[T]`, `Option<&T>`)
_VIEWS = frozenset(
    ("as_str", "as_slice", "as_bytes", "trim", "trim_start", "trim_end", "first", "last", "get")
)
# ... an iterator borrowing the receiver, and those whose items are references into it
# (`split` and its kin: of a `str`, items `&str`; of a slice, items `&[T]`)
_SPLITS = ("split", "rsplit", "splitn", "rsplitn", "split_terminator", "split_inclusive")
_ITERATORS = frozenset(
    ("iter", "chars", "bytes", "char_indices", "lines", "split_whitespace", "keys", "values")
    + ("windows", "chunks", "split_ascii_whitespace", *_SPLITS)
)
_REFERENCE_ITEMS = frozenset(
    ("iter", "keys", "values", "lines", "split_whitespace", "windows", "chunks")
    + ("split_ascii_whitespace", *_SPLITS)
)
# collections `collect` can make of an iterator's items, keeping them as they are (a `String`
# collected from `&str` items copies them: it borrows nothing)
_KEEPING_COLLECTIONS = frozenset(("Vec", "VecDeque", "HashSet", "BTreeSet", "BinaryHeap"))
# the iterators whose items are `&str` (pbpit's types erase references: a `Vec<&str>` is a
# `Vec<str>`, while a `Vec<&i32>` and a `Vec<i32>`, rustc's E0277 of `.iter()`, are one type)
_STR_ITEMS = frozenset(("lines", "split_whitespace", "split_ascii_whitespace", *_SPLITS))
# lazy adapters: their result is an iterator still holding the borrow
_ADAPTERS = frozenset(
    ("map", "filter", "enumerate", "zip", "rev", "skip", "take", "step_by", "cloned", "copied")
    + ("chain", "filter_map", "flat_map", "take_while", "skip_while", "peekable", "inspect")
)
# an iterator's methods returning one of its items, and the adapters keeping the items as they are
_ITEM = frozenset(("max", "min", "max_by", "min_by", "max_by_key", "min_by_key", "next", "last"))
_KEEPING_ITEMS = frozenset(("filter", "rev", "skip", "take", "step_by", "peekable", "chain"))
_UNWRAPPING = frozenset(("unwrap", "expect"))
# std's methods and functions that make a new value (never promoted to `'static`)
_MAKING = frozenset(
    ("to_string", "to_vec", "collect", "to_uppercase", "to_lowercase", "replace", "join")
    + ("concat", "repeat")
)
_CONSTRUCTORS = frozenset(
    ("String::from", "String::new", "String::with_capacity", "Vec::new", "Vec::with_capacity")
    + ("Vec::from",)
)


def _std(e: Any) -> bool:
    """A method of std's (a tensor's `split`, `chunk`.. own their pieces: Burn's, not str's)."""
    if not (isinstance(e, Method) and isinstance(e.impl, Builtin)):
        return False
    return type(resolve(getattr(e.recv, "ty", None))) is not TensorT


def _temporary(e: Any, under_borrow: bool = False) -> bool:
    """Whether `e` certainly makes a new value that is no constant (so not promoted); with
    `under_borrow`, the value under the `&` of `e`."""
    if e is None or e.borrowed and not under_borrow:
        return False
    if isinstance(e, Format):
        return True
    if isinstance(e, ArrayLit | ArrayRepeat):
        return e.is_vec  # `vec![..]` (an array of constants is promoted)
    if isinstance(e, Static):
        return e.name in _CONSTRUCTORS
    if isinstance(e, Call):
        return isinstance(e.callee, FnItem) and e.callee.ret_owned and e.callee.ret is not None
    if _std(e) and e.name in _MAKING:
        return True
    if _std(e) and e.name == "clone" and not e.args:  # `v.clone()` of a value `v`
        recv = e.recv
        return isinstance(recv, Local) and not recv.borrowed and recv.binding.owned
    return False


def borrowed_temporary(e: Any) -> Any:
    """The temporary whose borrow the value of `e` holds past its statement
    (`String::from("a")` of `String::from("a").as_str()`, `vec![1]` of `vec![1].iter()`),
    or None."""
    if e is None or e.borrowed:
        return None
    if _std(e) and e.name in _UNWRAPPING and not e.args or _std(e) and e.name == "expect":
        e = e.recv  # `.unwrap()` of an `Option<&T>` keeps the reference
        if not (_std(e) and e.name in _VIEWS | _ITEM):
            return None
    if _std(e) and e.name == "collect" and _keeping_collection(e.ty):
        e = e.recv  # `let parts: Vec<&str> = name().split('-').collect();`: the items borrow
        while _std(e) and (e.name in _KEEPING_ITEMS or _viewing_map(e)):
            e = e.recv
        if not (_std(e) and e.name in _STR_ITEMS):
            return None
    elif _std(e) and e.name in _ITEM:
        e = e.recv
        while _std(e) and e.name in _KEEPING_ITEMS:
            e = e.recv
        if not (_std(e) and e.name in _REFERENCE_ITEMS):
            return None
    else:
        adapted = False
        while _std(e) and e.name in _ADAPTERS:
            e, adapted = e.recv, True
        if not (_std(e) and e.name in (_ITERATORS if adapted else _ITERATORS | _VIEWS)):
            return None
    base = e.recv  # (not through a field or an element: `v_of_str()[0].trim()` borrows the
    # `&str` the element holds, not the temporary `Vec`)
    if _temporary(base):
        return base
    return borrowed_temporary(base)  # `format!(..).as_str().trim()`


def _viewing_map(e: Method) -> bool:
    """`.map(|s| s.trim())`: each item mapped to a view of itself (`s`, `s.trim()`,
    `s.trim().trim_end()`), still borrowing what the item borrows."""
    if e.name != "map" or len(e.args) != 1 or not isinstance(e.args[0], Closure):
        return False
    closure = e.args[0]
    if len(closure.params) != 1 or closure.params[0] is None:
        return False
    body = closure.body
    while isinstance(body, Block) and not body.stmts and body.tail is not None:
        body = body.tail
    while _std(body) and body.name in _VIEWS - {"first", "last", "get"} and not body.args:
        body = body.recv
    return isinstance(body, Local) and body.binding is closure.params[0] and not body.borrowed


def _keeping_collection(ty: Any) -> bool:
    """Whether `ty`, a `collect`'s type, is a collection of `&str` items as they are."""
    inner = getattr(ty, "inner", None)
    return (
        isinstance(ty, Wrap)
        and ty.kind in _KEEPING_COLLECTIONS
        and isinstance(inner, Named)
        and inner.name == "str"
    )


def _taken_temporary(e: Any) -> Any:
    """`&vec![1, 2]` (an assignment's value, not extended): the temporary, or None."""
    if e is None:
        return None
    if e.borrowed:
        base = e
        while isinstance(base, Field | Index) or isinstance(base, Method) and base.name == "[..]":
            base = base.recv if isinstance(base, Method) else base.base
        if base is e:
            return e if _temporary(e, under_borrow=True) else None
        return base if _temporary(base) else None
    return borrowed_temporary(e)


class _Walk:
    """Each read and assignment of a variable, in source order, with the arms of the
    `if`s/`match`es around it, and the statements a later `return`/`break`/`continue` follows."""

    def __init__(self) -> None:
        self.events: list[tuple[Any, Any, bool, tuple]] = []  # (pos, binding, is_read, arms)
        self.candidates: list[tuple[Any, Any, Any, tuple]] = []  # (binding, after, temp, arms)
        self.skipped: set[int] = set()  # an assignment's target: no read

    def walk(self, node: Any, arms: tuple, diverges: bool) -> None:
        if isinstance(node, Local) and id(node) not in self.skipped:
            self.events.append((node.pos, node.binding, True, arms))
        if isinstance(node, Let) and node.binding is not None and node.init is not None:
            temp = borrowed_temporary(node.init)
            if temp is not None and not diverges:
                self.candidates.append((node.binding, _last(node.init), temp, arms))
        if isinstance(node, Assign) and node.op is None and isinstance(node.target, Local):
            self.skipped.add(id(node.target))
            self.events.append((node.target.pos, node.target.binding, False, arms))
            temp = _taken_temporary(node.value)
            if temp is not None and not diverges:
                self.candidates.append((node.target.binding, _last(node.value), temp, arms))
        if isinstance(node, Block):
            parts = [*node.stmts, *([node.tail] if node.tail is not None else [])]
            for i, part in enumerate(parts):
                later = diverges or any(_diverging(p) for p in parts[i + 1 :])
                self.walk(part, arms, later)
            return
        if isinstance(node, If | IfLet):
            first = node.cond if isinstance(node, If) else node.value
            self.walk(first, arms, diverges)
            self.walk(node.then, (*arms, (id(node), 0)), diverges)
            if node.els is not None:
                self.walk(node.els, (*arms, (id(node), 1)), diverges)
            return
        if isinstance(node, Match):
            parts = list(children(node))
            for part in parts:
                index = node.arms.index(part) if part in node.arms else -1
                inner = arms if index < 0 else (*arms, (id(node), index))
                self.walk(part, inner, diverges)
            return
        for part in children(node):
            self.walk(part, arms, diverges)


def _diverging(part: Any) -> bool:
    e = part.expr if isinstance(part, ExprStmt) else part
    return isinstance(e, Return | Break | Continue)


def _last(node: Any) -> Any:
    """The greatest position inside `node` (its statement's reads come before)."""
    last = getattr(node, "pos", None) or (0, 0)
    for part in children(node):
        last = max(last, _last(part))
    return last


def _apart(a: tuple, b: tuple) -> bool:
    """Whether two places sit in different arms of one `if`/`match` (no path runs both)."""
    mine = dict(a)
    return any(key in mine and mine[key] != arm for key, arm in b)


def refuse_dropped_temporaries(body: Block, path: str) -> None:
    """rustc's E0716 at the first temporary a variable borrows past its statement and reads
    later (see the module's docstring)."""
    w = _Walk()
    w.walk(body, (), False)
    events = sorted(w.events, key=lambda event: event[0])
    for binding, after, temp, arms in w.candidates:
        following = [
            (pos, is_read)
            for pos, b, is_read, at in events
            if b is binding and pos > after and not _apart(arms, at)
        ]
        if following and following[0][1]:
            raise _refusal(temp, path)


def _refusal(temp: Any, path: str) -> Unsupported:
    at = temp.pos
    if temp.borrowed and temp.borrow_pos is not None:  # `&vec![1, 2]`: just past the `&`
        at = (temp.borrow_pos[0], temp.borrow_pos[1] + 1)
    e = temp
    while isinstance(e, Method):  # `v.clone()`: where its receiver starts
        e = e.recv
        at = min(at, e.pos)
    err = Unsupported(
        f"{path}:{at[0]}:{at[1]}", rejects("temporary value dropped while borrowed", "E0716")
    )
    err.label = "creates a temporary value which is freed while still in use"
    return err
