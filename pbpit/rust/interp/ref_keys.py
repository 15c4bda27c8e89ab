"""A map whose key type rustc infers from a reference to a `&str`: `m.entry(&w)` (or
`m.insert(&w, ..)`) of `w: &str` (`for w in ["b", "a"]`) on `let mut m = BTreeMap::new();`
makes its keys `&&str`. pbpit erases references, so both are `str` to it; rustc then rejects a
later key written as a string literal, a `&str`:

    c.insert("z", 9);        // E0308: expected `&&str`, found `&str` (c: a clone of m)
    m.get("a");              // E0277: `&&str: Borrow<str>` is not satisfied

(the other way round, `&w` given to a map of `&str` keys, deref-coerces and runs).

Followed: the map's type (`Wrap`) as the checker resolves it, so a clone (`CLONE` returns the
receiver's type) shares it; only keys whose depth is certain: a string literal is a `&str`,
`&w` of a `w` pbpit types `str` is at least a `&&str` (`w` may itself be a `&&str`, an item of
`v.iter()`). Any other key leaves the map unjudged.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Lit
from pbpit.rust.interp.types import STR, Var, resolve

_DEPTHS = "_ref_key_depths"  # on the checker: id(the map's `Wrap`) -> 1 (`&str`) or 2 (`&&str`..)
_LOOKUPS = frozenset(("get", "get_mut", "remove", "contains_key"))


def _depth(ck: Any, arg: Any) -> int | None:
    """1: `arg` is certainly a `&str`; 2: certainly a reference to one (or deeper)."""
    if isinstance(arg, Lit) and arg.kind == "str" and not arg.borrowed:
        return 1
    if arg.borrowed and not arg.mut_borrow:  # `&w`, `&"a"`
        return 2 if arg.ty is not None and resolve(arg.ty) is STR else None
    return None


def open_key(recv: Any) -> bool:
    """Whether the map's key type is still open (its first key not met yet)."""
    return type(resolve(resolve(recv).err)) is Var


def note_key(ck: Any, recv: Any, was_open: bool, arg: Any) -> None:
    """Once `entry(arg)`/`insert(arg, ..)` checked the key: the depth the key type takes from
    `arg` if it `was_open` (the map's first key), or rustc's error if `arg` has another depth."""
    depths: dict[int, tuple[int, Any]] = ck.__dict__.setdefault(_DEPTHS, {})
    the_map = id(resolve(recv))
    depth = _depth(ck, arg)
    if was_open:
        if depth is not None:
            depths[the_map] = (depth, resolve(recv))  # (the map held: its id stays its own)
        return
    known = depths.get(the_map)  # (a deeper key coerces: `&w` to a `&str` key runs)
    if known is None or known[0] != 2 or depth != 1:
        return
    what = "mismatched types: expected `&&str`, found `&str`"
    raise ck.fail(arg.borrow_pos or arg.pos, rejects(what, "E0308"))


def refuse_lookup(ck: Any, e: Any, recv: Any, arg: Any) -> None:  # (after `arg` is checked)
    """`m.get("a")` of a map of `&&str` keys: `&&str: Borrow<str>` does not hold (E0277)."""
    if e.name not in _LOOKUPS:
        return
    known = ck.__dict__.get(_DEPTHS, {}).get(id(resolve(recv)))
    if known is None or known[0] != 2 or _depth(ck, arg) != 1:
        return
    what = "the trait bound `&&str: Borrow<str>` is not satisfied"
    raise ck.fail(arg.pos, rejects(what, "E0277"))
