"""`let w = held.as_ref().map(|b| b.clone()).unwrap();` of `let held = Some(value);`: `w` is a
clone of the `Option`'s content, a value, so `f(w)` for a parameter written `&T` is rustc's
E0308 (a type error, reported before the move check's E0382 of `w` moved in a loop). pbpit
erases references: only an `Option` a `let` makes of a value (`Some(Tn::from_floats(..))`,
`Some(x.clone())`) is known to hold one (`Some(&x)`, `Some(r)` of a reference do not)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.nodes import Closure, Local, Method, SomeLit

HOLDS_VALUE = "holds_value"
"""The attribute of a variable given `Some(v)` of a value `v` made here."""


def mark_let(checker: Any, binding: Any, init: Any) -> None:
    """Mark `binding`, given `init`, when `init` is `Some(v)` of a value (`checker.owned`)."""
    if binding is None or not isinstance(init, SomeLit) or init.value is None or init.borrowed:
        return
    if checker.owned(init.value):
        setattr(binding, HOLDS_VALUE, True)


def unwrapped_clone(e: Any) -> bool:
    """Whether `e` is `o.as_ref().map(|b| b.clone()).unwrap()` (or `.expect(..)`) of such a
    variable `o`: a value."""
    if not isinstance(e, Method) or e.name not in ("unwrap", "expect"):
        return False
    mapped = e.recv
    if not isinstance(mapped, Method) or mapped.name != "map" or len(mapped.args) != 1:
        return False
    closure = mapped.args[0]
    if not isinstance(closure, Closure) or len(closure.params) != 1 or mapped.borrowed:
        return False
    body = closure.body
    if not (isinstance(body, Method) and body.name == "clone" and not body.args):
        return False
    if not (isinstance(body.recv, Local) and body.recv.binding is closure.params[0]):
        return False
    as_ref = mapped.recv
    if not (isinstance(as_ref, Method) and as_ref.name == "as_ref" and not as_ref.args):
        return False
    held = as_ref.recv
    return (
        isinstance(held, Local)
        and not held.borrowed
        and getattr(held.binding, HOLDS_VALUE, False)
        and not held.binding.mut_ref
    )
