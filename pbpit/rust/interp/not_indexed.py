"""`x[i]` of a value whose type has no `Index` impl in std, whatever the index: a number, a
`bool`, a `char`, a tuple, an `Option`, a `Result`, a range, an iterator, a set. rustc's E0608
("cannot index into a value of type `T`"); a `Vec`, an array, a slice, a `String` or `str`
(E0277 for a number index), a map and a struct of the file are judged where they are."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import BOOL, CHAR, TupleT, Ty, Wrap, is_number, resolve, show

_KINDS = frozenset(
    ("Option", "DynResult", "Range", "Iter", "MapIter", "HashSet", "BTreeSet", "BinaryHeap")
)
"""The kinds of `Wrap` std gives no `Index` impl."""


def refuse(checker: Any, e: Any, base: Ty) -> None:
    """rustc's E0608 at `e`, a `base[..]` of a type `Index` is never implemented for."""
    found = resolve(base)
    if (
        is_number(found)
        or found in (BOOL, CHAR)
        or type(found) is TupleT
        or (type(found) is Wrap and found.kind in _KINDS)
    ):
        what = f"cannot index into a value of type `{show(found)}`"
        raise checker.fail(e.pos, rejects(what, "E0608"))
