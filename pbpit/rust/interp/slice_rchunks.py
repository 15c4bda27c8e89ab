"""`v.rchunks(n)` of a slice (a `Vec`, an array): its chunks of `n` from the end, the first
chunk shorter when `n` does not divide the length (k-fold's last fold, a sequence's final
window); double-ended and exact-size, as core's `RChunks` is. `n == 0` panics as core's
`#[track_caller]` assert does, at the call. A row of `iterators.ITERATORS`, typed as
`chunks` is."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code


def rchunks(items: list, n: int) -> Any:
    from pbpit.rust.interp.iterators import Lazy  # (iterators imports this)

    ends = range(len(items), 0, -n)
    return Lazy(
        lambda: (items[max(0, end - n) : end] for end in ends),
        lambda: (items[max(0, end - n) : end] for end in reversed(ends)),
        lambda: len(ends),
    )


def _rchunks(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (size,), site = args, comp.panic_site(e.pos)

    def made(frame: list) -> Any:
        items, n = recv(frame), size(frame)
        if n == 0:
            raise site.panic("chunk size must be non-zero")
        return rchunks(items, n)

    return made


def rows(check: Any) -> list[Builtin]:
    """The row, typed by `check` (`chunks`' type: `Iter<&[T]>` of a `usize`)."""
    return [Builtin("iterators", "rchunks", None, "", _rchunks, check)]
