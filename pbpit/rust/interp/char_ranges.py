"""Ranges of `char` (`('a'..='e').collect::<String>()`, `for c in 'a'..='c'`), as std's
`Step for char` defines them: each scalar value from the start up to the end (the surrogates
`'\\u{D800}'..='\\u{DFFF}'` skipped). An integer range is Python's `range`; a char range is held
as the list of its chars, which iterating, `rev`, `count` and `contains` read as they read a
`range`."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.types import CHAR, Ty, Var, resolve


def is_char(ty: Ty | None) -> bool:
    """Whether a range's element type is `char` (its `for` takes chars, not integers)."""
    return ty is not None and resolve(ty) is CHAR


def unify_item(ck: Any, inner: Ty, pos: Any) -> None:
    """A `for` over a range takes integers, or chars (`for c in 'a'..='e'`); a float range is
    no iterator (rustc: E0277, here the unification's error)."""
    if not is_char(inner):
        ck.unify(Var("int"), inner, pos)


def _chars(lo: str, hi: str, inclusive: bool) -> list[str]:
    end = ord(hi) + (1 if inclusive else 0)
    return [chr(c) for c in range(ord(lo), end) if not 0xD800 <= c <= 0xDFFF]


def compile_range(lo: Any, hi: Any, inclusive: bool) -> Any:
    """The code of `lo..hi` (`lo..=hi`) of chars: the list of the chars it steps through."""
    return lambda frame: _chars(lo(frame), hi(frame), inclusive)
