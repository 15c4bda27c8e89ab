"""rustc's E0277 for a value whose size is not known (`let a = v[..];`, `[good[..], ..]`),
reported where rustc reports it: the `Sized` obligation is registered as the expression is
typed and reported when rustc next selects obligations (the receiver of a method call being
resolved, the end of the body), so a type error found before that point (`[good[..],
&bad[..]]`: E0308 at the second element) is rustc's first error.

The checker keeps the refusals found (`start`, `slices.check_method` appends) and raises the
first at each such point (`flush`)."""

from __future__ import annotations

from typing import Any


def start(checker: Any) -> None:
    """A body's checking begins: nothing pending."""
    checker.pending_sized = []


def flush(checker: Any) -> None:
    """Raise the first `Sized` refusal pending, if any."""
    pending = getattr(checker, "pending_sized", None)
    if pending:
        first = pending[0]
        pending.clear()
        raise first
