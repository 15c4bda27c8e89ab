"""`Chars::as_str()`: the text a `s.chars()` iterator has not yet given (`let mut cs =
w.chars(); cs.next(); cs.as_str()`), as std's `Chars` defines it; it borrows, so the iterator
goes on where it was. Only an iterator `chars()` made directly has it (another, `rev()`'s or
`skip(1)`'s, is rustc's E0599; pbpit refuses it)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code
from pbpit.rust.interp.types import STR, Ty

_OF_CHARS = "of_chars"
"""The attribute of a `let` variable given `x.chars()`."""


def _mark(crate: Any) -> None:
    from pbpit.rust.interp.nodes import Let, children

    stack = [fn.body for fn in crate.fns.values() if fn.body is not None]
    while stack:
        node = stack.pop()
        if isinstance(node, Let) and node.binding is not None and _made_by_chars(node.init):
            setattr(node.binding, _OF_CHARS, True)
        stack.extend(children(node))
    crate.chars_marked = True


def _made_by_chars(e: Any) -> bool:
    from pbpit.rust.interp.nodes import Method

    return isinstance(e, Method) and e.name == "chars" and not e.args


def _as_str_type(ck: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp.nodes import Local

    if not getattr(ck.crate, "chars_marked", False):
        _mark(ck.crate)
    ck.args(e)
    recv_node = e.recv
    if not (
        _made_by_chars(recv_node)
        or isinstance(recv_node, Local) and getattr(recv_node.binding, _OF_CHARS, False)
    ):
        raise ck.fail(e.pos, "the method `as_str` of an iterator pbpit cannot tell is `Chars`")
    return STR


def _as_str(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.iterators import Cursor, Lazy
    from pbpit.rust.interp.runtime import Unsupported  # (runtime imports the nodes)

    where = comp.where(e.pos)

    def as_str(frame: list) -> Any:
        items = recv(frame)
        if type(items) is list:
            return "".join(items)
        if type(items) is not Lazy or items.cursor is None:
            raise Unsupported(where, "`as_str` of this `Chars`")
        cursor = items.cursor
        rest = list(cursor.pulled)  # the chars left, put back to be pulled as before
        cursor.pulled = iter(rest)
        peeked = cursor.peeked
        head = [] if peeked is Cursor._EMPTY or peeked is None else [peeked.value]
        return "".join(head + rest)

    return as_str


ROWS = (Builtin("Iter", "as_str", None, "", _as_str, _as_str_type),)
"""Spread into `iter_methods.ITER`."""
