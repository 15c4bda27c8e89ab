"""A method `Option` does not have (`o.sqrt()` of `o: Option<f32>`): rustc's E0599, "no method
named `sqrt` found for enum `Option<T>` in the current scope" (was refused as outside the
subset); `o.len()` names `Option`'s private `len`: E0624. `_HAS` is every method std 1.95 gives
`Option` (inherent, of its traits, unstable ones too: those are E0658, not judged here)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import Wrap, resolve

_HAS = frozenset(
    "is_some is_some_and is_none is_none_or as_ref as_mut as_pin_ref as_pin_mut as_slice "
    "as_mut_slice expect unwrap unwrap_or unwrap_or_else unwrap_or_default unwrap_unchecked map "
    "inspect map_or map_or_else map_or_default ok_or ok_or_else as_deref as_deref_mut iter "
    "iter_mut and and_then filter or or_else xor insert get_or_insert get_or_insert_default "
    "get_or_insert_with take take_if replace zip zip_with unzip copied cloned transpose flatten "
    "contains expect_none unwrap_none reduce is_some_with is_none_and get_or_try_insert_with "
    "clone clone_from clone_into eq ne cmp partial_cmp lt le gt ge max min clamp hash fmt "
    "into_iter sum product from_iter from default into try_into try_from to_owned borrow "
    "borrow_mut type_id to_string extend branch from_output from_residual as_deref_slice "
    "into_ok into_err".split()
)


def refuse(ck: Any, e: Any, recv: Any) -> None:
    """E0599 (E0624 for `len`) for `o.name(..)` of an `Option` that has no method `name`."""
    found = resolve(recv)
    if type(found) is not Wrap or found.kind != "Option" or e.name in _HAS:
        return
    if e.name == "len":
        raise ck.fail(e.pos, rejects("method `len` is private", "E0624"))
    what = f"no method named `{e.name}` found for enum `Option<T>` in the current scope"
    raise ck.fail(e.pos, rejects(what, "E0599"))


# -- an `Option` as an iterator: `o.iter()`, `o.into_iter()` (`a.into_iter().chain(b)`) ---------


def _items(comp: Any, e: Any, recv: Any, args: list) -> Any:
    """The items of an `Option`: none, or its one value."""

    def items(frame: list) -> list:
        held = recv(frame)
        return [] if held is None else [held.value]

    return items


ITERATION = (
    Builtin("Option", "iter", (), "iter", _items),
    Builtin("Option", "into_iter", (), "iter", _items),
)
"""`Option`'s iterators (its `iter_mut` is not run: the item would be a `&mut` pbpit erases)."""
