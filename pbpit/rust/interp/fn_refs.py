"""A closure lent to a parameter bounded by a closure trait (`fn apply<F: Fn(f64) -> f64>(f: F)`
given `&scale`, `fn each<F: FnMut(i32)>(f: F)` given `&mut add`): std implements `Fn` for `&F`
when `F: Fn`, and `FnMut` for `&mut F` when `F: FnMut`, so rustc accepts the reference where
the parameter takes the closure by value (pbpit erases the reference: the call runs the
closure). `&mut f` where `Fn` is asked is rustc's E0277; a closure that changes what it
captures (or moves them out) lent as `&f` is refused by `closure_calls` (E0525, as rustc), for
any of the three bounds: `&F` implements them only when `F: Fn`."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import FnT, resolve, show


def lent_to_fn_bound(wanted: Any, arg: Any, checker: Any = None) -> bool:
    """Whether `arg`, written `&closure` (`&mut closure`), is given where `wanted` (a
    parameter's type bounded by `Fn(..)`, `FnMut(..)`) is taken and rustc accepts it; with
    `checker`, rustc's E0277 for `&mut closure` where `Fn` is asked."""
    given = getattr(arg, "ty", None)
    wanted = resolve(wanted)
    if not arg.borrowed or given is None or type(wanted) is not FnT:
        return False
    if type(resolve(given)) is not FnT:
        return False
    if not arg.mut_borrow:  # `&f` is `Fn`, `FnMut`, `FnOnce` when `f: Fn` (closure_calls)
        return True
    if wanted.trait == "Fn" and checker is not None:
        shown = ", ".join(show(p) for p in wanted.params)
        what = f"expected a `Fn({shown})` closure, found `&mut {{closure}}`"
        err = checker.fail(arg.borrow_pos or arg.pos, rejects(what, "E0277"))
        err.label = what
        raise err
    return wanted.trait in ("FnMut", "FnOnce")
