"""A closure a function returns (`Box::new(|i| table[i])` as `Box<dyn Fn(usize) -> f32>`, or
`impl Fn`) without `move`: it borrows each local of the function it names (an `Fn`/`FnMut`
closure cannot move one out), and those borrows end with the function: rustc's E0373 at the
closure, naming the first local it borrows."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Closure, Local, children
from pbpit.rust.interp.traits import BoxNew
from pbpit.rust.interp.types import FnT, Ty, resolve


def refuse_returned_borrow(checker: Any, value: Any, ret: Ty) -> None:
    """E0373 for `value`, returned from a function of result type `ret`, when it is a closure
    (boxed or not) without `move`, returned as a written `Fn`/`FnMut` type, that names a local
    of the function certainly holding a value (one holding a reference is another error of
    rustc's, a lifetime's, and is left alone)."""
    closure = value.value if isinstance(value, BoxNew) else value
    written = resolve(ret)
    if not isinstance(closure, Closure) or closure.is_move:
        return
    if type(written) is not FnT or written.trait not in ("Fn", "FnMut"):
        return
    captured = _first_capture(closure)
    if captured is None or not captured.binding.owned:
        return
    name = captured.binding.name
    what = (
        f"closure may outlive the current function, but it borrows `{name}`, which is owned "
        "by the current function"
    )
    err = checker.fail(closure.pos, rejects(what, "E0373"))
    err.label = f"may outlive borrowed value `{name}`"
    raise err


def _first_capture(closure: Closure) -> Local | None:
    """The first local (in source order) the closure's body names from an enclosing body."""
    found: list[Local] = []
    todo: list[Any] = [closure.body]
    while todo:
        node = todo.pop()
        todo.extend(children(node))
        if not isinstance(node, Local):
            continue
        scope = closure.scope.parent
        while scope is not None and scope is not node.binding.scope:
            scope = scope.parent
        if scope is not None:
            found.append(node)
    return min(found, key=lambda local: local.pos, default=None)
