"""`let r: &mut i32 = &mut x;` of a variable `x` not declared `mut`: rustc's E0596 ("cannot
borrow `x` as mutable"), and `let r: &mut String = &x;` (E0308), told although pbpit refuses
a `&mut` to a number, a `bool` or a `String` (`types.MUT_REFERENCES`): the borrow is wrong
whatever the type the `let` writes (without a written type the checker says E0596 itself,
`check_rules`)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects


def refuse_immutable(low: Any, value: Any) -> None:
    """rustc's E0596 at `value` when it is `&mut x` of a variable in scope not declared `mut`
    (a `let`'s or a parameter's); rustc's E0308 when it is `&x` where the `let` writes `&mut T`
    (`let r: &mut String = &text;`: types differ in mutability); nothing otherwise."""
    if value is None or value.type != "reference_expression":
        return
    if not any(child.type == "mutable_specifier" for child in value.children):
        refuse_shared_for_mut(low, value)
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


def refuse_shared_for_mut(low: Any, value: Any) -> None:
    """rustc's E0308 at `value` when it is `&x` where its `let` writes `&mut T` (`let r: &mut
    Vec<i32> = &v;`, `let r: &mut String = &text;`: "types differ in mutability"), whatever
    `T` is; and rustc's borrow error for a `&mut` view it holds used beside its place
    (`let it = ws.iter_mut();`, `mut_ref_returns.refuse_held_mut_view`); nothing otherwise."""
    from pbpit.rust.interp.mut_ref_returns import refuse_held_mut_view

    if value is not None and value.parent is not None and value.parent.type == "let_declaration":
        refuse_held_mut_view(low, value.parent)
    if value is None or value.type != "reference_expression" or value.parent is None:
        return
    if any(child.type == "mutable_specifier" for child in value.children):
        return
    written = value.parent.child_by_field_name("type")
    if written is None or written.type != "reference_type":
        return
    if any(child.type == "mutable_specifier" for child in written.children):
        err = low.fail(value, rejects("mismatched types", "E0308"))
        err.label = "types differ in mutability"
        raise err


def refuse_shared_assigned(low: Any, node: Any) -> None:
    """rustc's E0308 at `&v` of `r = &v;` where `r` is a `let r: &mut Vec<i32>;` declared
    without a value (types differ in mutability), as for the `let` given `&v`."""
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if left is None or right is None or left.type != "identifier":
        return
    if right.type != "reference_expression" or any(
        child.type == "mutable_specifier" for child in right.children
    ):
        return
    name, scope, found = low.text(left), node.parent, None
    while scope is not None and found is None and scope.type != "function_item":
        for child in scope.named_children:
            if child.start_byte >= node.start_byte:
                break
            pattern = child.child_by_field_name("pattern")
            if child.type != "let_declaration" or pattern is None:
                continue
            if low.text(pattern).removeprefix("mut ").strip() == name:
                found = child  # the latest `let` of the name before the assignment
        scope = scope.parent
    written = found.child_by_field_name("type") if found is not None else None
    if found is None or found.child_by_field_name("value") is not None or written is None:
        return
    if written.type == "reference_type" and any(
        child.type == "mutable_specifier" for child in written.children
    ):
        err = low.fail(right, rejects("mismatched types", "E0308"))
        err.label = "types differ in mutability"
        raise err
