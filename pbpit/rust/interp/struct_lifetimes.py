"""Structs holding references: `struct View<'a> { xs: &'a [f32] }`, `impl<'a> Iterator for
Batches<'a>`, `fn view<'a>(xs: &'a [f32]) -> View<'a>`. pbpit erases references and lifetimes
(`View<'a>` is `View`); what rustc rejects of them is checked here:
- a field's reference without a lifetime (`struct View { xs: &[f32] }`): E0106;
- an `impl` naming a struct with lifetime parameters without them (`impl Iterator for
  Batches`): E0726;
- a struct literal returned holding a borrow of the function's own variable (`View { xs: &v }`
  of its `let v`): E0515 (`lifetimes.refuse_returned_local` judges each field's value)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects


def refuse_unnamed_field(lowerer: Any, decl_type: Any) -> None:
    """rustc's E0106 for a reference in a field's type (`decl_type`) written without a
    lifetime (a `Fn(&str) -> &str` bound has its own elision)."""
    from pbpit.rust.interp.lifetimes import _lifetimes

    elided, _ = _lifetimes(decl_type, lowerer.text)
    if elided:
        first = elided[0]
        err = lowerer.fail(first, rejects("missing lifetime specifier", "E0106"))
        err.end = lowerer.columns.position(first.start_byte + 1 + lowerer.delta)  # the `&`
        err.label = "expected named lifetime parameter"
        raise err


def has_lifetimes(struct_node: Any) -> bool:
    """Whether the struct item `struct_node` declares lifetime parameters (`View<'a>`)."""
    params = struct_node.child_by_field_name("type_parameters")
    return params is not None and any(p.type == "lifetime_parameter" for p in params.children)


def refuse_elided_impl(lowerer: Any, item: Any, type_node: Any) -> None:
    """rustc's E0726 for `impl Iterator for Batches` (`type_node`) of a struct `item` with
    lifetime parameters written without them (`impl<'a> .. for Batches<'a>`, `Batches<'_>`)."""
    if item.node is None or item.node.type not in ("struct_item", "enum_item"):
        return
    if not has_lifetimes(item.node):
        return
    written = type_node.child_by_field_name("type_arguments")
    if written is not None and any(a.type == "lifetime" for a in written.children):
        return
    err = lowerer.fail(type_node, rejects("implicit elided lifetime not allowed here", "E0726"))
    err.label = "expected lifetime parameter"
    raise err


def returned_literals(value: Any) -> list[Any]:
    """The field values of `value` when it is a struct literal (a function returns it whose
    fields may borrow its variables), else `[value]`."""
    from pbpit.rust.interp.nodes import StructLit

    if isinstance(value, StructLit) and not value.borrowed:
        return list(value.values)
    return [value]


def refuse_returned_struct(checker: Any, fn: Any) -> None:
    """rustc's E0515 for a function written to return a struct with a lifetime (`-> View<'a>`,
    `-> Batches<'_>`) returning a literal of it one of whose fields borrows a variable of its
    own body certainly holding a value (`View { xs: &v }`, `let v = vec![..]`)."""
    from pbpit.rust.interp.lifetimes import _borrowed_root
    from pbpit.rust.interp.nodes import Block, returned_values

    written = fn.node.child_by_field_name("return_type") if fn.node is not None else None
    if written is None or written.type != "generic_type" or not isinstance(fn.body, Block):
        return
    if not any(
        a.type == "lifetime" for a in written.child_by_field_name("type_arguments").children
    ):
        return
    for value in returned_values(fn.body):
        for part in returned_literals(value):
            root = _borrowed_root(part) if part.borrowed else None
            if root is None or root is not part and root.borrowed:
                continue
            binding = root.binding
            if getattr(binding, "argument", False) or binding.name == "self" or not binding.owned:
                continue
            what = f"cannot return value referencing local variable `{binding.name}`"
            err = checker.fail(value.pos, rejects(what, "E0515"))
            err.label = "returns a value referencing data owned by the current function"
            raise err


def borrowing_call(e: Any) -> bool:
    """Whether `e` calls a function of the file whose result is a struct with lifetime
    parameters (`view(&d)` of `fn view(xs: &[f64]) -> View<'_>`): it holds what its reference
    arguments borrow."""
    from pbpit.rust.interp.nodes import Call, FnItem
    from pbpit.rust.interp.types import StructT, resolve

    if not isinstance(e, Call) or not isinstance(e.callee, FnItem) or e.borrowed:
        return False
    ret = resolve(e.callee.ret) if e.callee.ret is not None else None
    item = ret.item if type(ret) is StructT else None
    node = getattr(item, "node", None)
    return node is not None and node.type in ("struct_item", "enum_item") and has_lifetimes(node)


def refuse_value_for_reference_field(checker: Any, item: Any, index: int, value: Any) -> None:
    """rustc's E0308 for a value certainly not a reference (`vec![..]`, a variable given one)
    put in a field written as a reference (`Batches { data: v, .. }` of `data: &'a [f32]`):
    pbpit erases the `&`, so the struct would be made."""
    from pbpit.rust.interp.types import resolve, show
    from pbpit.rust.interp.value_slots import field_types

    written = field_types(item)
    if index >= len(written) or written[index] is None:
        return
    if written[index].type != "reference_type" or value.borrowed or not checker.owned(value):
        return
    found = show(resolve(value.ty)) if value.ty is not None else "a value"
    shown = written[index].text.decode()
    err = checker.fail(value.pos, f"mismatched types: expected `{shown}`, found `{found}`")
    err.label = f"expected `{shown}`, found `{found}`"
    raise err
