"""`let r = &mut x;`: while `r` is used, `x` is not, as rustc's borrow checker says (NLL: the
borrow lasts to `r`'s last use, to the end of a loop that uses `r` again on its next turn).

pbpit erases references, so `r` and `x` hold one value: a use of `x` inside the borrow would run
where rustc refuses the program. This finds the first such use in a function body.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import slices
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import (
    Binding,
    Block,
    Field,
    For,
    Index,
    Let,
    Local,
    Loop,
    Pos,
    Unsupported,
    While,
    children,
)


def _walk(node: Any, loops: tuple, found: list, lets: list, spans: dict) -> Pos:
    """Record each `Local` with the loops around it, each `let r = &mut x;`; the greatest
    position inside `node` (where a loop ends, as far as uses go)."""
    last: Pos = getattr(node, "pos", None) or (0, 0)
    if isinstance(node, Local):
        found.append((node, loops))
    if isinstance(node, Let) and node.binding is not None and node.init is not None:
        root = slices.range_base(node.init)  # `let s = &mut v[a..];`: a borrow of `v`
        while isinstance(root, Field | Index):
            root = slices.range_base(root.base)
        if node.init.mut_borrow and isinstance(root, Local):
            lets.append((node.binding, root))
    inner = (*loops, node) if isinstance(node, Loop | While | For) else loops
    for part in children(node):
        last = max(last, _walk(part, inner, found, lets, spans))
    if isinstance(node, Loop | While | For):
        spans[id(node)] = last
    return last


def refuse_use_while_borrowed(body: Block, path: str) -> Unsupported | None:
    """The first use of a variable while a `let r = &mut x;` borrow of it is live, refused with
    rustc's error, or None."""
    found: list[tuple[Local, tuple]] = []
    lets: list[tuple[Binding, Local]] = []
    spans: dict[int, Pos] = {}
    _walk(body, (), found, lets, spans)
    for ref, borrowed in lets:
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
            if same and start < local.pos < end:
                return _conflict(local, ref, path)
    return None


def _conflict(local: Local, ref: Binding, path: str) -> Unsupported:
    name = local.binding.name
    where = local.borrow_pos if local.borrowed and local.borrow_pos else local.pos
    if local.mut_borrow:
        what = rejects(f"cannot borrow `{name}` as mutable more than once at a time", "E0499")
        label = "second mutable borrow occurs here"
    elif local.borrowed:
        what = rejects(
            f"cannot borrow `{name}` as immutable because it is also borrowed as mutable", "E0502"
        )
        label = "immutable borrow occurs here"
    else:
        what = rejects(f"a use of `{name}` while `{ref.name}` borrows it mutably")
        label = ""
    err = Unsupported(f"{path}:{where[0]}:{where[1]}", what)
    err.label = label
    return err
