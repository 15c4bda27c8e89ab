"""`v.split_first()` / `v.split_last()` of a `Vec`, an array or a slice (`builtins.Builtin`,
spread into each family by `std_more.slice_more`): `Some((&first, &rest))` (`Some((&last,
&rest))`), `None` when empty; the first (last) element and a slice of the others (a sequence's
head token and its context, a loss list's latest value and its history)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp.builtins import Builtin, Code, _inner
from pbpit.rust.interp.types import TupleT, Ty, option


def _split_type(ck: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp.slices import slice_of

    ck.args(e)
    return option(TupleT([_inner(recv), slice_of(_inner(recv))]))


def _split(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    first = e.name == "split_first"

    def split(frame: list) -> Any:
        items = recv(frame)
        if not items:
            return None
        return Some((items[0], items[1:]) if first else (items[-1], items[:-1]))

    return split


def rows(family: str) -> list[Builtin]:
    names = ("split_first", "split_last")
    return [Builtin(family, n, None, "", _split, _split_type) for n in names]
