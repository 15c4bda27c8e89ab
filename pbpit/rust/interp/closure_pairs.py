"""Two closures that both change one captured variable (`let mut inc = || count += 1; let mut
dec = || count -= 1; inc(); dec();`): the second `let` borrows `count` mutably while the first
closure still holds it, rustc's E0499 ("cannot borrow `count` as mutable more than once at a
time", at the second closure), not an error at the use inside it (closure_borrows.py)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.closure_calls import change
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Assign, Closure, Let, Local, Unsupported


def second_changer(stmt: Any, captured: Any, path: str) -> Unsupported | None:
    """E0499 when `stmt` is `let .. = || ..` whose closure changes `captured` too."""
    if not (isinstance(stmt, Let) and isinstance(stmt.init, Closure)) or stmt.init.borrowed:
        return None
    found = change(stmt.init)
    place = found and (found[1].target if isinstance(found[1], Assign) else found[1].recv)
    if not isinstance(place, Local) or found[0].binding is not captured:
        return None
    name = captured.name
    what = f"cannot borrow `{name}` as mutable more than once at a time"
    pos = stmt.init.pos
    err = Unsupported(f"{path}:{pos[0]}:{pos[1]}", rejects(what, "E0499"))
    err.end = (pos[0], pos[1] + 2)
    return err
