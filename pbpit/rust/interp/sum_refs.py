"""`v.iter().sum::<f64>()` of a `Vec` (or `VecDeque`) whose elements are themselves references
(`v.push(&x)`, `hist.push_back(&loss)`, `vec![&a, &b]`, `let v: Vec<&f64>`), `m.values().sum()`
of a map given `m.insert(k, &v)` (`keys()` of `insert(&k, v)`): the items are
`&&f64`, and std implements `Sum`/`Product` for `T` and `&T` only (`f64: Sum<&f64>`), so
rustc rejects the program with E0277. pbpit erases references, so the checker's types agree;
this follows the one reference `iter()` adds, through the adapters that keep the items
(`filter`, `rev`, `skip`, ...), to a collection variable certainly holding references.
`into_iter()`, `copied()`, `cloned()` and `map` take a reference off (or make new items):
not followed, as a program may then be run that rustc runs, never one it refuses."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import ArrayLit, Block, Let, Local, Method
from pbpit.rust.interp.references import certainly_reference
from pbpit.rust.interp.types import resolve, show

# Adapters whose items are their receiver's, as they are.
_KEEP = frozenset(
    ("filter", "rev", "skip", "take", "step_by", "skip_while", "take_while", "peekable", "inspect")
)
_PUSHES = frozenset(("push", "push_back", "push_front"))
# The iterators that add a reference to the items of a collection: `iter()` of a `Vec`, and of
# a map's keys (0) or values (1).
_PARTS: dict[str, int | None] = {"iter": None, "keys": 0, "values": 1}
_COLLECTIONS = ("Vec<", "VecDeque<", "[")


def refuse_sum_of_double_references(checker: Any, total: Any, item: Any, e: Method) -> None:
    """rustc's E0277 for `e` (a `sum()`/`product()`) whose items are `&&T`: `iter()` of a
    collection variable that holds references."""
    recv = e.recv
    while isinstance(recv, Method) and recv.name in _KEEP:
        recv = recv.recv
    if not (isinstance(recv, Method) and recv.name in _PARTS and not recv.args):
        return
    if not (isinstance(recv.recv, Local) and not recv.recv.borrowed):
        return
    if not holds_references(checker, recv.recv.binding, _PARTS[recv.name]):
        return
    shown, of = show(resolve(total)), "&&" + show(resolve(item))
    if e.name == "product":
        what = f"cannot be made by multiplying all elements of type `{of}` from an iterator"
    else:
        what = f"cannot be made by summing an iterator over elements of type `{of}`"
    err = checker.fail(e.pos, rejects(f"a value of type `{shown}` {what}", "E0277"))
    err.label = f"`{shown}` implements `Sum<{of[1:]}>` and `Sum<{of[2:]}>`, not `Sum<{of}>`"
    raise err


def holds_references(checker: Any, binding: Any, part: int | None = None) -> bool:
    """Whether the variable `binding` of the body `checker` types is a `Vec`/`VecDeque`/array
    certainly holding shared references: its written type says so, or a push into it, or the
    `vec![..]` it is given, holds one; `part` 0 or 1: a map's keys or values, an `insert(k, v)`
    into it holding one there."""
    written = getattr(binding, "written", None)
    if part is not None:
        return written is None and any(
            isinstance(node, Method)
            and node.name == "insert"
            and len(node.args) == 2
            and isinstance(node.recv, Local)
            and node.recv.binding is binding
            and not node.recv.borrowed
            and _shared_reference(node.args[part])
            for node in checker.nodes
        )
    if written is not None:  # `Vec<&f64>`, `&[&f64]`, `[&f64; 2]`
        text = "".join(written.text.decode().split()).removeprefix("&")
        if not text.startswith(_COLLECTIONS):
            return False
        element = text.split("<", 1)[1] if text[0] != "[" else text[1:]
        return element.startswith("&") and not element.startswith("&mut")
    for node in checker.nodes:
        if (
            isinstance(node, Method)
            and node.name in _PUSHES
            and len(node.args) == 1
            and isinstance(node.recv, Local)
            and node.recv.binding is binding
            and not node.recv.borrowed
            and _shared_reference(node.args[0])
        ):
            return True
        if isinstance(node, Block):
            for stmt in node.stmts:
                if isinstance(stmt, Let) and stmt.binding is binding:
                    init = stmt.init
                    if isinstance(init, ArrayLit) and any(map(_shared_reference, init.elems)):
                        return True
    return False


def _shared_reference(e: Any) -> bool:
    """Whether `e` is certainly a `&T` (`&x`, a `for` variable over `&v`, a `&T` parameter)."""
    if e.mut_borrow:
        return False
    return e.borrowed or (isinstance(e, Local) and certainly_reference(e) and not e.binding.mut_ref)
