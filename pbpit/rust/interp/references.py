"""Which values pbpit knows to be references. pbpit erases references (`&x` is `x`, marked
`borrowed`); `Checker.owned` knows the values certainly not references; this knows those
certainly one: a value written `&x`, a parameter whose written type is a reference, a `for`
variable over `.iter()` or `&v`, a `let` variable given `&x`. Where neither knows, the
checker's rule decides."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects

ITEMS_BY_REFERENCE = "by_reference"
"""The attribute of a `for` variable bound to the items of `v.iter()` or `&v`."""


BOUND_TO_BORROW = "bound_to_borrow"
"""The attribute of a `let` variable whose value is written `&x` (not `&mut x`)."""


def mark_let(binding: Any, init: Any) -> None:
    """Mark the variable of `let c = &p;` (or `let mut c = &p;`): a `&T` whatever `p` is."""
    if binding is not None and init is not None and init.borrowed and not init.mut_borrow:
        setattr(binding, BOUND_TO_BORROW, True)


def mark_for_binding(loop: Any) -> None:
    """Mark the variable of the `for` loop `loop` when its items are references."""
    from pbpit.rust.interp.nodes import Local, Method

    iterable, binding = loop.iterable, loop.binding
    if binding is None or iterable is None:
        return
    by_iter = isinstance(iterable, Method) and iterable.name == "iter" and not iterable.args
    # `for x in v` of a parameter written `v: &Vec<T>` (or `&[T]`): each `x` a `&T` too
    by_ref_param = isinstance(iterable, Local) and certainly_reference(iterable)
    by_ref_param = by_ref_param and not iterable.binding.mut_ref
    if by_iter or by_ref_param or (iterable.borrowed and not iterable.mut_borrow):
        setattr(binding, ITEMS_BY_REFERENCE, True)


def mark_enumerated(lowerer: Any, loop: Any, pattern: Any) -> None:
    """Mark `n` of `for (i, n) in v.iter().enumerate()`: each a `&T`."""
    from pbpit.rust.interp.nodes import Let, Method

    iterable = loop.iterable
    if not (
        isinstance(iterable, Method)
        and iterable.name == "enumerate"
        and isinstance(iterable.recv, Method)
        and iterable.recv.name == "iter"
        and not iterable.recv.args
        and pattern.type == "tuple_pattern"
    ):
        return
    parts = lowerer.kids(pattern)
    if len(parts) != 2 or parts[1].type != "identifier":
        return
    name = lowerer.text(parts[1])
    for stmt in loop.body.stmts:
        if isinstance(stmt, Let) and stmt.binding is not None and stmt.binding.name == name:
            setattr(stmt.binding, ITEMS_BY_REFERENCE, True)


def certainly_reference(e: Any) -> bool:
    from pbpit.rust.interp.nodes import Local

    if e.borrowed:
        return True
    if not isinstance(e, Local):
        return False
    binding = e.binding
    if getattr(binding, ITEMS_BY_REFERENCE, False) or getattr(binding, BOUND_TO_BORROW, False):
        return True
    # a function's parameter: its type is written, so not `owned` means a `&T`
    written = not getattr(binding, "ref_unknown", False)  # (an untyped closure parameter's is not)
    return getattr(binding, "argument", False) and written and not binding.owned


def assigned_behind(place: str, name: str) -> tuple[str, str]:
    """rustc's E0594 for an assignment to `place` (`c.x`) under the variable `name`, a `&`
    reference: the refusal's text and rustc's label."""
    what = rejects(f"cannot assign to `{place}`, which is behind a `&` reference", "E0594")
    return what, f"`{name}` is a `&` reference, so it cannot be written to"
