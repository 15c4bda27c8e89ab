"""rustc's deref coercion at a coercion site: a `&String` given where a `&str` is taken (a
`let` with a written type, a function's argument, what a function returns, a struct's field)
becomes the `&str` of its text, as `String: Deref<Target = str>` makes it (`&Vec<T>` to `&[T]`
and `&Box<T>` to `&T` need nothing here: pbpit's types of them unify already).

pbpit erases references, so the `&String` is told from a `String` by the expression: written
`&x` (or `&v[0]`), or a variable certainly holding a reference (`references`). A value
certainly owned is no reference and no coercion makes it one (rustc's E0308, by unifying); one
pbpit cannot tell is refused rather than called either."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import references
from pbpit.rust.interp.types import STR, STRING, Ty, resolve


def at_site(checker: Any, e: Any, expected: Ty, found: Ty) -> Ty:
    """The type `e` (of type `found`) has at a coercion site where `expected` is taken: a
    `&String` made a `&str` (`coerced`), a range an iterator parameter's type
    (`iterator_params`), a `Box::new(x)` judged as a `Box<dyn Error>` (`results_types`)."""
    from pbpit.rust.interp import iterator_params, results_types

    results_types.boxed_at_site(checker, e, expected, found)
    return iterator_params.given(checker, e, expected, coerced(checker, e, expected, found))


def coerced(checker: Any, e: Any, expected: Ty, found: Ty) -> Ty:
    """The type `e` (of type `found`) has where `expected` is taken: `expected` for a
    `&String` where a `&str` is, else `found` (the caller unifies)."""
    if resolve(expected) is not STR or resolve(found) is not STRING:
        return found
    if references.certainly_reference(e):
        return expected
    if checker.owned(e):
        return found  # `let s: &str = owned;`: a value, rustc's E0308
    what = "a `String` where a `&str` is taken, which pbpit cannot tell from a `&String`"
    raise checker.fail(e.pos, f"{what} (write `&x` or `x.as_str()`)")
