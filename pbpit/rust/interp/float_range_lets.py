"""`let mut ids = 100.0..;`: a `RangeFrom` of floats bound by a `let` is a type rustc accepts;
its use is what fails, as rustc meets it first: a method called on it (`ids.next()`) is E0599
("the method `next` exists for struct `RangeFrom<{float}>`, but its trait bounds were not
satisfied"), any other use (a `for` over it, an argument) E0277 (`{float}: Step`), as
`iter_sources` says of the range used in place. Unused, it is no error."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Let, Local, Method, Static, children
from pbpit.rust.interp.types import is_float, resolve, show

LET_BOUND = "let_bound"
"""The attribute of a `start..` node a `let` binds: its float start judged at its first use."""


def note(stmt: Let) -> None:
    """Mark `stmt`'s value, before it is checked, when it is `start..`."""
    init = stmt.init
    if isinstance(init, Static) and init.name.endswith("RangeFrom") and not init.borrowed:
        setattr(init, LET_BOUND, True)


def judge(ck: Any, stmt: Let, rest: list) -> None:
    """Once `stmt` is checked: rustc's error at the first use of a float `start..` it binds."""
    init = stmt.init
    if not getattr(init, LET_BOUND, False) or stmt.binding is None or init.args[0].ty is None:
        return
    found = resolve(init.args[0].ty)
    if not is_float(found):
        return
    use = _first_use(stmt.binding, rest)
    if use is None:
        return
    local, method = use
    if method is not None:
        what = (
            f"the method `{method.name}` exists for struct `std::ops::RangeFrom<{show(found)}>`, "
        )
        what += "but its trait bounds were not satisfied"
        raise ck.fail(method.pos, rejects(what, "E0599"))
    what = f"the trait bound `{show(found)}: Step` is not satisfied"
    raise ck.fail(local.pos, rejects(what, "E0277"))


def _first_use(binding: Any, nodes: list) -> tuple[Local, Method | None] | None:
    """The first `Local` of `binding` in `nodes` (in source order), with the method it is the
    receiver of."""
    found: list[tuple[tuple, Local, Method | None]] = []

    def walk(node: Any, parent: Any) -> None:
        if isinstance(node, Local) and node.binding is binding:
            receiver = isinstance(parent, Method) and parent.recv is node
            found.append((node.pos, node, parent if receiver else None))
        for part in children(node):
            walk(part, node)

    for node in nodes:
        if node is not None:  # (a block without a tail)
            walk(node, None)
    if not found:
        return None
    _, local, method = min(found, key=lambda f: f[0])
    return local, method
