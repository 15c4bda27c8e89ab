"""A value moved out of a variable a closure captures, inside a closure given to an iterator's
adapter that calls it again and again (`map`, `filter`, `for_each`..: an `FnMut`, or `Fn`):
rustc's E0507, "cannot move out of `h`, a captured variable in an `FnMut` closure"
(`(0..2).map(|k| h * w.clone())` of `h` not `Copy`: each call would move `h` again).

`moves.MoveCheck` walks each closure's body and keeps here what it moved of the variables it
captures (`note`); at the adapter's call, `refuse` raises rustc's error at the first such move.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Closure, Method, Unsupported
from pbpit.rust.interp.types import Wrap, resolve

_ATTR = "fnmut_moves"  # on the move check: closure id -> [(binding, its move)]
# `Iterator`'s methods calling their closure once an item (`FnMut`): not `FnOnce`
_CALLED_AGAIN = frozenset(
    (
        *("map", "filter", "filter_map", "flat_map", "for_each", "inspect", "take_while"),
        *("skip_while", "map_while", "scan", "any", "all", "find", "find_map", "position"),
        *("max_by_key", "min_by_key", "max_by", "min_by", "fold", "reduce", "try_for_each"),
    )
)


def note(check: Any, closure: Closure, before: dict, after: dict | None) -> None:
    """What `closure`'s body moved (`after`, from `before`) of the variables it captures."""
    moved = []
    for binding, move in (after or {}).items():
        whole = not (move.uninit or move.partly or move.possibly or move.field is not None)
        outer = binding not in before and not binding.declared_in(closure.scope)
        if whole and outer and check.tracked(binding):
            moved.append((binding, move))
    if moved:
        vars(check).setdefault(_ATTR, {}).setdefault(id(closure), moved)


def refuse(check: Any, e: Method) -> None:
    """`it.map(|k| h * w)` moving the captured `h`: rustc's E0507 at the move."""
    recv = resolve(e.recv.ty) if e.recv.ty is not None else None
    if e.name not in _CALLED_AGAIN or type(recv) is not Wrap or recv.kind not in ("Iter", "Range"):
        return
    found = getattr(check, _ATTR, {})
    for arg in e.args:
        moved = found.get(id(arg)) if isinstance(arg, Closure) and not arg.borrowed else None
        if moved:
            binding, move = moved[0]
            what = f"cannot move out of `{binding.name}`, a captured variable in an `FnMut` closure"
            err = Unsupported(f"{check.path}:{move.pos[0]}:{move.pos[1]}", rejects(what, "E0507"))
            err.label = f"`{binding.name}` is moved here"
            raise err
