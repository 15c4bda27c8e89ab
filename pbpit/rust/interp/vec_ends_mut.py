"""`if let Some(x) = v.last_mut() { *x += 1.0; }` (and `v.first_mut()`): the end element of a
`Vec` written in place, as rustc runs it.

pbpit erases references, so `x` cannot hold a `&mut T` into `v`; as for `v.get_mut(i)`
(`hashmap.get_mut_place`), `x` is the element's value, a `&mut` binding the body writes
(`*x = ..`, `*x += ..`, `x.push(..)`), written back to `v[0]` (`v[v.len() - 1]`) after the
body. That is the same program when nothing else reaches `v` while `x` borrows it, which rustc
checks: the body may not name `v` nor leave early (both refused, not run). Anywhere else (`let
l = v.last_mut().unwrap();`) the method is refused: pbpit cannot hold the reference."""

from __future__ import annotations

from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp.builtins import Builtin, Code, _inner
from pbpit.rust.interp.types import Ty, option, show

ENDS = ("first_mut", "last_mut")


def key(lowerer: Any, name: str, holder: Any, pos: Any) -> Any:
    """The index written back for `x` of `holder.name()`: `0`, or `holder.len() - 1`."""
    from pbpit.rust.interp.nodes import Binary, Lit, Method

    if name == "first_mut":
        return Lit(pos, "int", 0, None)
    length = Method(pos, lowerer.expr(holder), "len", [], [])
    return Binary(pos, "-", length, Lit(pos, "int", 1, None))


def _type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.mutable_receiver(e)
    if not getattr(e, "written_back", False):
        what = f"`{e.name}` of a `{show(recv)}` but as `if let Some(x) = v.{e.name}() {{ .. }}` "
        raise ck.fail(e.pos, what + "(pbpit erases references; write `v[i] = x`)")
    return option(_inner(recv))


def _compile(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    at = 0 if e.name == "first_mut" else -1

    def end_mut(frame: list) -> Any:
        items = recv(frame)
        return Some(items[at]) if items else None

    return end_mut


ROWS = tuple(Builtin("Vec", name, (), "", _compile, _type, mutates=True) for name in ENDS)
