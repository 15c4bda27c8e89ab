"""How large a collection pbpit makes, in one place: `MAX_ELEMENTS`, and each way a program
grows one (`vec![x; n]`, `Vec::with_capacity(n)`, `resize`, `repeat`, `extend`, `collect`)
checked against it before the items are made, so that `e.extend(0..2147483647)` is one
refusal, never a `MemoryError` or the machine's memory taken.

Whether Rust's own allocation of so many items succeeds, fails (`memory allocation of N bytes
failed`) or panics (`capacity overflow`) depends on the machine and the element type: pbpit
refuses it, as a machine's limit (the words `more than pbpit holds`, which
tools/rustc_differential.py counts as such)."""

from __future__ import annotations

from itertools import islice
from typing import Any

from pbpit.rust.interp.nodes import Unsupported

MAX_ELEMENTS = 1 << 26
"""The longest `Vec` or array pbpit makes (a Python list of 64 Mi items, half a GiB)."""

HUGE = 1 << 64
"""The size of a range Python cannot tell the length of (`len` past `sys.maxsize`)."""


def _refuse(n: int | str, where: str, what: str) -> Unsupported:
    return Unsupported(
        where,
        f"{what} of {n} elements, more than pbpit holds ({MAX_ELEMENTS}); whether Rust can "
        "allocate it depends on the machine",
    )


def check_allocation(n: int, where: str, what: str) -> None:
    """Refuse, at `where`, a collection of `n` items pbpit cannot hold."""
    if n > MAX_ELEMENTS:
        raise _refuse(n, where, what)


def size_of(items: Any) -> int | None:
    """How many items `items` gives, known without pulling one: a `Vec`'s, an array's, a
    range's, a map's or a set's length, an exact-size iterator's (`(0..n).map(f)`,
    `v.iter().enumerate()`); None for one whose length only its pulls tell (`filter`)."""
    from pbpit.rust.interp.iterators import Lazy  # (iterators imports the rows)

    try:
        if type(items) is Lazy:
            return None if items.size is None or items.cursor is not None else items.size()
        return len(items)
    except OverflowError:  # `0..u64::MAX`: longer than Python's lengths
        return HUGE
    except TypeError:  # an iterator without a length
        return None


def pulled(items: Any, where: str, what: str, held: int = 0) -> list:
    """The items of `items` as a list, for a collection already holding `held` items: refused
    before any is pulled when their count is known to make it too long, else as soon as one
    too many is pulled (the list never longer than `MAX_ELEMENTS` + 1)."""
    n = size_of(items)
    if n is not None:
        check_allocation(held + n, where, what)
        return list(items)
    room = MAX_ELEMENTS - held
    made = list(islice(iter(items), room + 1))
    if len(made) > room:
        raise _refuse(f"more than {MAX_ELEMENTS}", where, what)
    return made


def footprint(value: Any) -> int:
    """How many items a clone of `value` makes in pbpit: 1, and a `Vec`'s or an array's own
    items' (`vec![vec![0u8; 1000]; 1_000_000]` makes a thousand million, as Rust does)."""
    if not isinstance(value, list):
        return 1
    return 1 + sum(footprint(x) for x in value)
