"""A std-bounded generic function called with a type that does not meet a bound (`show(P { x:
1.0 })` of `fn show<T: Display>(t: T)`, `P` without `impl Display`): rustc's E0277 in its words
("`P` doesn't implement `std::fmt::Display`"), found as the call's instance is made
(std_generics._instance_cell); a method of a generic impl so called is rustc's E0599."""

from __future__ import annotations

from pbpit.rust.interp.grammar import rejects

_WORDS = {
    "Display": "`{}` doesn't implement `std::fmt::Display`",
    "Debug": "`{}` doesn't implement `Debug`",
}


def refusal(fn_name: str, shown: str, missing: str, code: str) -> str:
    """The refusal of `fn_name` called with the type `shown` that is not `missing`."""
    if code != "E0277":
        what = f"`{fn_name}` called with `{shown}`, which is not `{missing}`"
        return rejects(what, code)
    words = _WORDS.get(missing, "the trait bound `{}: " + missing + "` is not satisfied")
    return rejects(words.format(shown), code)
