"""The items of `xs.iter().copied()` (`.cloned()`) of numbers, bools or chars: values, never
references (std's `Copied` yields `T` of an iterator of `&T`), so `for x in xs.iter().copied()
{ t += *x; }` is rustc's E0614 ("type `f32` cannot be dereferenced"). pbpit erases references:
the items are known values only when the collection iterated is a variable whose written type
(if any) holds no reference."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.types import BOOL, CHAR, Wrap, is_number, resolve


def values(iterable: Any) -> bool:
    """Whether the items `iterable` (a `for`'s) gives are certainly primitive values."""
    from pbpit.rust.interp.nodes import Local, Method

    if not (isinstance(iterable, Method) and iterable.name in ("copied", "cloned")):
        return False
    found = resolve(getattr(iterable, "ty", None)) if getattr(iterable, "ty", None) else None
    item = resolve(found.inner) if type(found) is Wrap else None
    if item is None or not (is_number(item) or item in (BOOL, CHAR)):
        return False
    source = iterable.recv
    if not (isinstance(source, Method) and source.name == "iter" and not source.args):
        return False
    root = source.recv
    if not isinstance(root, Local):
        return False
    written = getattr(root.binding, "written", None)
    return written is None or b"&" not in written.text
