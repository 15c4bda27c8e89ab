"""std's error values taken out of a `Result`: `s.parse::<u32>().unwrap_err()` is a
`ParseIntError`, a value (no reference: std's error types borrow nothing), and not `Copy`, so
`let e = ..unwrap_err(); let moved = e;` then `e.to_string()` is rustc's E0382. pbpit erases
references, so the checker's `owned` asks here for the methods that unwrap an error."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.types import Named, resolve

_UNWRAPPING_ERRORS = frozenset(("unwrap_err", "expect_err"))
_STD_ERRORS = frozenset(("ParseIntError", "ParseFloatError"))


def is_value(e: Any) -> bool:
    """Whether `e` (a method call) unwraps one of std's error types out of a `Result`."""
    if e.name not in _UNWRAPPING_ERRORS or getattr(e, "ty", None) is None:
        return False
    ty = resolve(e.ty)
    return type(ty) is Named and ty.name in _STD_ERRORS
