"""A closure lent to a parameter bounded by `Fn(..)` (`fn apply<F: Fn(f64) -> f64>(f: F)` given
`&scale`): std implements `Fn` for `&F` when `F: Fn`, so rustc accepts the reference where the
parameter takes the closure by value (pbpit erases the reference: the call runs the closure).
`&mut f` there is no `Fn` (rustc's E0277: pbpit keeps its E0308), and a closure that changes
what it captures is refused by `closure_calls` (E0525, as rustc)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.types import FnT, resolve


def lent_to_fn_bound(wanted: Any, arg: Any) -> bool:
    """Whether `arg`, written `&closure`, is given where `wanted` (a parameter's type bounded
    by `Fn(..)`) is taken: rustc's `&F: Fn`."""
    if not arg.borrowed or arg.mut_borrow:
        return False
    given = getattr(arg, "ty", None)
    wanted = resolve(wanted)
    if given is None or type(wanted) is not FnT or wanted.trait != "Fn":
        return False
    return type(resolve(given)) is FnT
