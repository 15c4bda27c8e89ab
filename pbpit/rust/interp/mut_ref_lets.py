"""`let r: &mut i32 = &mut x;` of a variable `x` not declared `mut`: rustc's E0596 ("cannot
borrow `x` as mutable"), told although pbpit refuses a `&mut` to a number, a `bool` or a
`String` (`types.MUT_REFERENCES`): the borrow is wrong whatever the type the `let` writes
(without a written type the checker says E0596 itself, `check_rules`)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects


def refuse_immutable(low: Any, value: Any) -> None:
    """rustc's E0596 at `value` when it is `&mut x` of a variable in scope not declared `mut`
    (a `let`'s or a parameter's); nothing otherwise."""
    if value is None or value.type != "reference_expression":
        return
    if not any(child.type == "mutable_specifier" for child in value.children):
        return
    target = value.child_by_field_name("value")
    if target is None or target.type != "identifier":
        return
    name = low.text(target)
    binding = low.lookup(name)
    if binding is None or binding.mutable:
        return
    what = f"cannot borrow `{name}` as mutable, as it is not declared as mutable"
    err = low.fail(value, rejects(what, "E0596"))
    err.label = "cannot borrow as mutable"
    raise err
