"""The items of `xs.iter().copied()` (`.cloned()`) of numbers, bools or chars: values, never
references (std's `Copied` yields `T` of an iterator of `&T`), filtered or not, as are those
of `.map(|v| v * 2.0)`; so `for x in xs.iter().copied() { t += *x; }` is rustc's E0614 ("type
`f32` cannot be dereferenced"). pbpit erases references: the items are known values only when
the collection iterated is a variable whose written type (if any) holds no reference."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.types import BOOL, CHAR, Wrap, is_number, resolve

# Adapters that pass the items on as they are (`xs.iter().copied().filter(..)`).
_KEEP = frozenset(("filter", "skip", "take", "rev", "step_by", "skip_while", "take_while"))


def values(iterable: Any) -> bool:
    """Whether the items `iterable` (a `for`'s) gives are certainly primitive values."""
    from pbpit.rust.interp.nodes import Binary, Cast, Closure, Local, Method

    found = resolve(getattr(iterable, "ty", None)) if getattr(iterable, "ty", None) else None
    while isinstance(iterable, Method) and iterable.name in _KEEP:  # `.copied().filter(..)`
        iterable = iterable.recv
    if isinstance(iterable, Method) and iterable.name == "map" and len(iterable.args) == 1:
        made = iterable.args[0]  # `.map(|v| v * 2.0)`: each item the closure's value
        body = getattr(made, "body", None)
        if isinstance(made, Closure) and isinstance(body, Binary | Cast) and not body.borrowed:
            item = resolve(found.inner) if type(found) is Wrap else None
            return item is not None and (is_number(item) or item in (BOOL, CHAR))
        return False
    if not (isinstance(iterable, Method) and iterable.name in ("copied", "cloned")):
        return False
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
