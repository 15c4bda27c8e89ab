"""Which error rustc's borrow checker gives a use of `x` while `let r = &mut x;` still lives
(`borrows.py` finds the use): it tells the uses apart by what they do with the place.

- a second `&mut` borrow (`&mut x`, `&mut s.w`, `&mut v[1]`, a `&mut self` method such as
  `v.push(..)`, `v[0] += 1` through `IndexMut`, `s += ".."` through `AddAssign`): E0499;
- a shared borrow (`&x`, a format argument, a `&self` method such as `v.len()`, `v[0]` read
  through `Index`, `a == b` of non-`Copy` values): E0502;
- a read or compound assignment of a `Copy` value (`let y = p.x;`, `x += 1`): E0503;
- a move (`let w = v;`, `for x in v`, a method taking `self`): E0505;
- an assignment `x = ..`: E0506.

Before the types are known only the first two and the last can be told (from the syntax);
the others wait for the call after the checker (`typed`), and a use still not told apart is
refused without a code (never run).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import slices
from pbpit.rust.interp.builtins import Builtin
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Assign, Binding, Field, Index, Local, Method, Unsupported
from pbpit.rust.interp.types import BOOL, CHAR, STRING, Wrap, is_number, resolve

# std methods of a number taking `&self` (the others pbpit runs take `self`, a copy)
_NUMBER_BY_REF = frozenset(("to_string", "clone", "partial_cmp", "cmp", "total_cmp"))
# std methods of a non-`Copy` value taking `self` (a move) or unknown here: no code is given
_BY_VALUE = frozenset(
    ("into_iter", "unwrap", "expect", "unwrap_or", "unwrap_or_else", "unwrap_or_default")
    + ("map", "and_then", "ok_or", "into_boxed_slice", "into_bytes")
)
_COMPARISONS = frozenset(("==", "!=", "<", "<=", ">", ">="))


def conflict(
    local: Local, how: tuple[str, Any] | None, ref: Binding, path: str, typed: bool
) -> Unsupported | None:
    """rustc's error at `local`, a use of the variable `ref` borrows mutably; `how`: its use
    (`borrows._mark`). None before the types are known when the syntax cannot tell."""
    kind, e = how if how is not None else ("read", local)
    syntactic = kind in ("mut", "shared", "assign-number") or kind == "assign" and e.op is None
    told = _told(kind, e, local) if typed or syntactic else None
    if told is None and not typed:
        return None
    if told is None:
        name = local.binding.name
        err = Unsupported(
            f"{path}:{local.pos[0]}:{local.pos[1]}",
            rejects(f"a use of `{name}` while `{ref.name}` borrows it mutably"),
        )
        return err
    code, place, at = told
    if code == "E0499":
        what = f"cannot borrow `{place}` as mutable more than once at a time"
        label = "second mutable borrow occurs here"
    elif code == "E0502":
        what = f"cannot borrow `{place}` as immutable because it is also borrowed as mutable"
        label = "immutable borrow occurs here"
    elif code == "E0503":
        what = f"cannot use `{place}` because it was mutably borrowed"
        label = f"use of borrowed `{local.binding.name}`"
    elif code == "E0505":
        what = f"cannot move out of `{place}` because it is borrowed"
        label = f"move out of `{place}` occurs here"
    else:
        what = f"cannot assign to `{place}` because it is borrowed"
        label = f"`{place}` is assigned to here but it was already borrowed"
    err = Unsupported(f"{path}:{at[0]}:{at[1]}", rejects(what, code))
    err.label = label
    return err


def place_path(e: Any) -> tuple[str, ...]:
    """The fields from the variable to the place (`("w",)` of `s.w`, `s.w[0]` too: an index
    stops the path, its place being the whole `Vec`); `()` for the variable itself."""
    names: list[str] = []
    while True:
        if isinstance(e, Field):
            names.insert(0, e.name)
            e = e.base
        elif isinstance(e, Index) or isinstance(e, Method) and e.name == slices.RANGE_INDEX:
            names = []
            e = e.base if isinstance(e, Index) else e.recv
        else:
            return tuple(names)


def used_place(how: tuple[str, Any] | None) -> tuple[str, ...]:
    """The place a use (`borrows._mark`) reaches: a receiver's, an assignment's target..."""
    if how is None:
        return ()
    kind, e = how
    if kind == "method":
        return place_path(e.recv)
    if kind in ("assign", "assign-number"):
        return place_path(e.target)
    return place_path(e)


def _told(kind: str, e: Any, local: Local) -> tuple[str, str, Any] | None:
    """(code, the place rustc names, where it points), or None."""
    indexed = _indexed(e.target if isinstance(e, Assign) else e)
    if kind in ("mut", "shared"):
        code = "E0499" if kind == "mut" else "E0502"
        if indexed is not None:  # `&mut v[1]`: `IndexMut` borrows `v` (at `v`)
            return code, _shown(indexed), local.pos
        at = e.borrow_pos if getattr(e, "borrowed", False) and e.borrow_pos else e.pos
        return code, _shown(e), at
    if kind in ("assign", "assign-number"):
        assert isinstance(e, Assign)
        if indexed is None and e.op is None:
            return "E0506", _shown(e.target), e.pos
        if indexed is not None:
            base = _kind(indexed.ty)
            if base in ("Vec", "String", "HashMap"):
                return "E0499", _shown(indexed), local.pos  # `IndexMut`
            return None
        if kind == "assign-number":  # `x += 1` of `let mut x = 1;`, before the types are known
            return "E0503", _shown(e.target), e.pos
        target = resolve(e.target.ty) if e.target.ty is not None else None
        if target is None:
            return None
        if is_number(target) or target in (BOOL, CHAR):
            return "E0503", _shown(e.target), e.pos
        if target is STRING:
            return "E0499", _shown(e.target), e.pos  # `AddAssign::add_assign(&mut s, ..)`
        return None
    if kind == "method":
        return _receiver(e, local)
    if kind == "unknown":
        return None
    if kind == "compare":
        ty = getattr(e, "ty", None)
        if ty is None:
            return None
        return ("E0503" if _copy(ty) else "E0502"), _shown(e), local.pos
    # a read of the place (`e`: the outermost place, or the variable itself)
    if indexed is not None:
        base = _kind(indexed.ty)
        if base in ("Vec", "String", "HashMap"):
            return "E0502", _shown(indexed), local.pos  # `Index::index(&v, ..)`
        return None
    ty = getattr(e, "ty", None)
    if ty is None:
        return None
    if _copy(ty):
        return "E0503", _shown(e), local.pos
    return "E0505", _shown(e), local.pos


def _receiver(call: Method, local: Local) -> tuple[str, str, Any] | None:
    recv = call.recv
    place = _shown(_indexed(recv) or recv)
    if call.user is not None:
        self_kind = call.user.self_kind
        if self_kind == "mut":
            return "E0499", place, local.pos
        if self_kind == "ref":
            return "E0502", place, local.pos
        return None
    if not isinstance(call.impl, Builtin):
        return None
    if call.impl.mutates:
        return "E0499", place, local.pos
    ty = getattr(recv, "ty", None)
    if ty is None:
        return None
    if is_number(ty) or resolve(ty) in (BOOL, CHAR):
        if call.name in _NUMBER_BY_REF:
            return "E0502", place, local.pos
        return "E0503", place, local.pos
    if _kind(ty) in ("Vec", "String", "HashMap") and call.name not in _BY_VALUE:
        return "E0502", place, local.pos
    return None


def _copy(ty: Any) -> bool:
    from pbpit.rust.interp.check_tables import not_copy

    try:
        return not_copy(ty) is None
    except Exception:  # a type the checker left open
        return False


def _kind(ty: Any) -> str:
    """`Vec` (a slice too), `String`, `HashMap` or ""."""
    if ty is None:
        return ""
    ty = resolve(ty)
    if ty is STRING:
        return "String"
    if type(ty) is Wrap and ty.kind in ("Vec", "HashMap"):
        return ty.kind
    return ""


def _indexed(e: Any) -> Any:
    """The place an index in `e` reads through (`s.w` of `s.w[0].x`), or None."""
    found = None
    while True:
        if isinstance(e, Method) and e.name == slices.RANGE_INDEX:
            found = found or e.recv
            e = e.recv
        elif isinstance(e, Index):
            found = found or e.base
            e = e.base
        elif isinstance(e, Field):
            e = e.base
        else:
            return found


def _shown(e: Any) -> str:
    if isinstance(e, Local):
        name = e.binding.name
        return f"*{name}" if name == "self" and not e.binding.owned else name
    if isinstance(e, Field):
        return f"{_shown(e.base)}.{e.name}"
    if isinstance(e, Index):
        return f"{_shown(e.base)}[_]"
    if isinstance(e, Method) and e.name == slices.RANGE_INDEX:
        return f"{_shown(e.recv)}[..]"
    return "_"
