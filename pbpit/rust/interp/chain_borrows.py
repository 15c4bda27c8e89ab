"""The variable a std method chain's result borrows: `losses.iter().next().unwrap()`,
`v.iter().max_by(..).unwrap()`, `v.first().unwrap()`, `v.get(1).expect(..)` are `&T` into `v`
(std's `Iter` yields `&T`; `first`, `last`, `get` give `Option<&T>`), `s.trim()`, `v.as_slice()`
views of `s` and `v` (a `String` made by `format!`, a `vec!`), so `best = ..;` stored
in a variable declared outside `v`'s block and read after it ends is rustc's E0597 as
`best = &v[1];` is (shared_borrows.outlived). Only chains that certainly keep the reference
count: an adapter that makes values (`copied`, `map`, `sum`, `enumerate`) ends the search."""

from __future__ import annotations

from typing import Any

# Adapters whose items are the iterator's own (`&T` of `v.iter()`).
_KEEP = frozenset(("filter", "skip", "take", "rev", "step_by", "skip_while", "take_while"))
# What gives one item of such an iterator, as an `Option<&T>`.
_PICK = frozenset(
    ("next", "last", "nth", "next_back", "find", "min_by", "max_by", "min_by_key", "max_by_key")
)
# A `String`'s or `Vec`'s methods giving a view of it (`&str`, `&[T]`).
_VIEWS = frozenset(("as_str", "as_slice", "as_bytes", "trim", "trim_start", "trim_end"))
# A `Vec`'s or slice's methods giving `Option<&T>` of an element.
_ELEMENT = frozenset(("first", "last", "get"))


def _is(e: Any, names: frozenset[str] | tuple[str, ...]) -> bool:
    from pbpit.rust.interp.nodes import Method

    return isinstance(e, Method) and e.name in names and e.user is None and not e.borrowed


def lent_root(value: Any) -> Any:
    """The `Local` whose elements `value` (an `Option<&T>` unwrapped) borrows, or None."""
    from pbpit.rust.interp.nodes import Local

    if _is(value, _VIEWS) and not value.args:  # `r = s.as_str();` of a `String` `s`
        root = value.recv
        return root if isinstance(root, Local) and not root.borrowed else None
    if not _is(value, ("unwrap", "expect")):
        return None
    option = value.recv
    if _is(option, _ELEMENT):
        root = option.recv
    elif _is(option, _PICK):
        it = option.recv
        while _is(it, _KEEP):
            it = it.recv
        if not (_is(it, ("iter",)) and not it.args):
            return None
        root = it.recv
    else:
        return None
    if isinstance(root, Local) and not root.borrowed:
        return root
    return None


_MADE = frozenset(("String::from", "String::new", "Vec::new", "Vec::with_capacity"))


def made(init: Any) -> bool:
    """Whether a `let`'s value is certainly a new `String` or `Vec` (`String::from("abc")`,
    `x.to_string()`), no reference: its views die with it (`r = s.as_str();`)."""
    from pbpit.rust.interp.nodes import Method, Static

    if init is None or init.borrowed:
        return False
    if isinstance(init, Static):
        return init.name in _MADE
    return isinstance(init, Method) and init.name == "to_string" and not init.args
