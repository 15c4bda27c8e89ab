"""The closure parameters rustc gives a reference to an iterator's item (`|i|` of `filter`,
`find`, `take_while`, `skip_while`: `P: FnMut(&Self::Item) -> bool`), whatever the item is:
after `copied()` or over a range (`usize` items) the parameter is a `&usize`, so it may be
given where a reference is asked (`val.contains(i)`), as rustc accepts. References are erased
in pbpit; the lowering marks such a parameter (a plain name with no written type) here."""

from __future__ import annotations

from typing import Any

ITEM_REF = "item_ref"
"""The attribute of a binding that is certainly a reference (to an iterator's item)."""

_TAKING_REFS = frozenset(("filter", "find", "take_while", "skip_while"))


def mark_closure_params(method: str, args: list[Any]) -> None:
    """Mark the parameter of the closure given to `method` when rustc makes it a reference."""
    from pbpit.rust.interp.nodes import Binding, Closure

    if method not in _TAKING_REFS or len(args) != 1 or not isinstance(args[0], Closure):
        return
    closure = args[0]
    if len(closure.params) != 1 or closure.param_tys[0] is not None:
        return
    param = closure.params[0]
    if isinstance(param, Binding) and getattr(param, "ref_unknown", False):
        setattr(param, ITEM_REF, True)


def is_reference(e: Any) -> bool:
    """Whether `e` is certainly a reference: written `&x`, a variable marked here, or one
    `references.certainly_reference` knows (`x` of `for x in v.iter()`, `let r = &y;`, a
    parameter written `&T`)."""
    from pbpit.rust.interp.nodes import Local
    from pbpit.rust.interp.references import certainly_reference

    if e.borrowed or certainly_reference(e):
        return True
    return isinstance(e, Local) and getattr(e.binding, ITEM_REF, False)
