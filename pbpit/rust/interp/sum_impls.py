"""`impl std::iter::Sum for M` (and `Product`) of a struct or enum of the file: `fn sum<I:
Iterator<Item = M>>(iter: I) -> M` read as the struct's associated function, and an iterator's
`.sum()` (`.product()`) whose total is `M` calls it with the iterator, as std's `Iterator::sum`
calls `S::sum(self)`.

Only the impl of values (`Sum` with no type argument, `Sum<M>`): its items must be `M`s
(`v.iter().copied().sum()`, `into_iter()`); items certainly references (`v.iter().sum()`) need
`impl<'a> Sum<&'a M> for M`, which is not read: rustc's E0277 then.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import StructT, Ty, resolve, show

_TRAITS = {"Sum": "sum", "Product": "product"}
_PATHS = ("", "std::iter::", "core::iter::", "iter::")
TOTALS = "std_totals"
"""The attribute of a struct item: {"sum": its `Sum::sum` fn, "product": ..}."""


def trait_of(lowerer: Any, item: Any, trait_node: Any) -> str | None:
    """The method (`sum`, `product`) of `impl Sum for M` / `impl std::iter::Product for M`
    (or `Sum<M>`, the struct itself), or None for another trait."""
    text = lowerer.text(trait_node)
    for path in _PATHS:
        for trait, method in _TRAITS.items():
            if text in (path + trait, f"{path}{trait}<{item.name}>", f"{path}{trait}<Self>"):
                return method
    return None


def read(item: Any, method: str) -> None:
    """After the impl's members are read: its `sum` (`product`) kept as the struct's total."""
    fn = item.methods.get(method)
    if fn is not None:
        getattr(item, TOTALS, None) or setattr(item, TOTALS, {})
        getattr(item, TOTALS)[method] = fn


def settle(ck: Any, total: Ty, item: Ty, e: Any) -> bool:
    """`it.sum()` whose total is a struct with such an impl: its items must be that struct's
    values (rustc's E0277 otherwise); the call marked to run the impl. False for another
    total."""
    from pbpit.rust.interp.lower_pats import reference_items
    from pbpit.rust.interp.types import Mismatch, unify

    found = resolve(total)
    if type(found) is not StructT:
        return False
    fn = (getattr(found.item, TOTALS, None) or {}).get(e.name)
    if fn is None:
        return False
    try:
        unify(total, item)
    except Mismatch:
        fn = None
    if fn is None or reference_items(e.recv):  # (`v.iter().sum()`: `Sum<&M>` not implemented)
        shown = show(found)
        of = ("&" if fn is not None else "") + show(resolve(item))
        verb = "summing" if e.name == "sum" else "multiplying"
        what = f"a value of type `{shown}` cannot be made by {verb} an iterator over elements "
        raise ck.fail(e.pos, rejects(what + f"of type `{of}`", "E0277"))
    e.user_total = fn
    return True


def total_code(comp: Any, e: Any, recv: Any) -> Any:
    """The code of `it.sum()` that `settle` marked: the impl's function called with `it`, or
    None for another `sum()`."""
    fn = getattr(e, "user_total", None)
    if fn is None:
        return None
    cell = comp.fn_cells[fn.name]
    return lambda frame: cell[0]([recv(frame)])
