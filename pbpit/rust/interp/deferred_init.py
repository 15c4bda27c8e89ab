"""A `let x;` (no `mut`) given its value twice: rustc's E0384 from its borrow checker.

A binding declared without a value and without `mut` may be assigned once on each path:
`let y; if c { y = 1; } else { y = 2; }` runs, and so does `let z; loop { z = 5; break; }`.
rustc refuses an assignment the binding may already have had on some path that reaches it
(its "ever initialised" places): after `y = 1;` (`let again = y;` moving it out between
changes nothing), after an `if` that assigns it in one arm only, or in a loop's body, which the
next iteration reaches with the value the previous one gave.

`moves.py` walks each body with the bindings not yet given a value (a `let x;` is marked as a
move that says `uninit`); an assignment to an immutable binding that is not certainly
unassigned there is the error. Its words and place are rustc's: `cannot assign twice to
immutable variable `x``, at the assignment.
"""

from __future__ import annotations

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Assign, Local, Unsupported


def refuse_assigned_twice(path: str, e: Assign, move: object) -> None:
    """Raise rustc's E0384 if `e` (`x = ..` of a local) gives an immutable `let x;` a value
    it may already have: `move` is what the walk knows of `x` there (None: whole)."""
    target = e.target
    if e.op is not None or not isinstance(target, Local):
        return
    binding = target.binding
    if binding.mutable or getattr(binding, "argument", False):
        return
    if binding.initialized:  # `let x = 1; x = 2;`: lowering refuses it already
        return
    if move is not None and getattr(move, "uninit", False) and not getattr(move, "possibly", True):
        return  # certainly no value yet on every path: its first assignment
    what = f"cannot assign twice to immutable variable `{binding.name}`"
    err = Unsupported(f"{path}:{e.pos[0]}:{e.pos[1]}", rejects(what, "E0384"))
    err.label = "cannot assign twice to immutable variable"
    raise err
