"""A reference a function or a method of the file returns borrows its argument, by rustc's
lifetime elision: `fn weights(&self) -> &Vec<f32>` lends its receiver (`let w = m.weights();`
borrows `m`), `fn first(v: &Vec<String>) -> &String` its only reference parameter
(`let f = first(&names);` borrows `names`). The `let` holding the result keeps that borrow to
its last use, so `m.update()` or `names.push(..)` before it is rustc's E0502, as after
`let w = &m.w;` (`loop_borrows.py` judges the uses).

Followed only where elision decides (no lifetime written in the result: `-> &'a [f32]` of a
struct's own borrow lends something else), the result is written as a reference or a type of
references (`&[f32]`, `Option<&String>`, `Vec<&str>`), and the borrowed argument is a place
(`m`, `self.log`, `&names`). Elsewhere nothing is followed: pbpit then misses the conflict,
never invents one.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import place_moves
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import (
    Binding,
    Call,
    Field,
    FnItem,
    Index,
    Method,
    Unsupported,
    place_root,
    returned_values,
)
from pbpit.rust.interp.types import resolve, show
from pbpit.rust.interp.value_slots import written_params


def returned_borrow(init: Any) -> Any:
    """The expression whose place `init`'s result borrows shared (`m` of `m.weights()`, `&names`
    of `first(&names)`), or None."""
    if isinstance(init, Method) and init.user is not None and not init.borrowed:
        fn = init.user
        if fn.self_kind == "ref" and _lends(fn) and not init.recv.borrowed:
            return init.recv
        return None
    if not isinstance(init, Call) or not isinstance(init.callee, FnItem) or init.borrowed:
        return None
    fn = init.callee
    if not _lends(fn):
        return None
    written = written_params(fn)
    lending = [i for i, w in enumerate(written) if w is not None and _has_reference(w)]
    if len(written) != len(init.args) or len(lending) != 1:
        return None  # (two reference parameters: rustc asks for a lifetime, E0106)
    arg = init.args[lending[0]]
    if written[lending[0]].type != "reference_type" or not arg.borrowed or arg.mut_borrow:
        return None
    return arg


def _lends(fn: FnItem) -> bool:
    """Whether `fn`'s written result is a reference, or a type of references, with its lifetime
    elided (`&[f32]`, `Option<&T>`), not a value (`Box<dyn Fn(&f32) -> f32>`)."""
    ret = fn.node.child_by_field_name("return_type") if fn.node is not None else None
    if ret is None or fn.ret_owned and ret.type != "generic_type":
        return False
    if b"'" in ret.text.replace(b"'_", b""):
        return False  # `-> &'a [f32]`: the lifetime written says what it lends
    if ret.type == "reference_type":
        return not any(c.type == "mutable_specifier" for c in ret.children)
    args = ret.child_by_field_name("type_arguments") if ret.type == "generic_type" else None
    name = ret.child_by_field_name("type")
    if args is None or name is None or name.text not in (b"Option", b"Vec"):
        return False
    return any(
        a.type == "reference_type" and b"mut" not in a.text.split(b" ")[0]
        for a in args.named_children
    )


def _has_reference(written: Any) -> bool:
    return b"&" in written.text or b"'" in written.text


def refuse_value_for_reference(fn: FnItem, behind: dict[Binding, str], path: str) -> None:
    """rustc's E0308 for a place of values returned where the written result is a reference
    (`fn params_mut(&mut self) -> &mut Vec<f32> { self.p }`: `&mut self.p` meant). pbpit
    erases references, so it would hand out the value (or say E0507, a move out of `self`,
    where rustc's type check speaks first). Followed for a field or an element of a
    reference parameter (`self`, `p: &P`) holding values all through (`place_moves`)."""
    ret = fn.node.child_by_field_name("return_type") if fn.node is not None else None
    if ret is None or ret.type != "reference_type" or fn.body is None:
        return
    for value in returned_values(fn.body):
        if value.borrowed or not isinstance(value, Field | Index):
            continue
        root = place_moves.place_root_of_values(value)
        if isinstance(value, Index) and _element_of_reference_field(value):
            root = place_root(value)  # `self.xs[0]` of `xs: &'a [f32]`: an `f32`
        elif root is None or root.binding not in behind:
            continue
        if root is None or value.ty is None:
            continue
        found = show(resolve(value.ty))
        expected = ret.text.decode()
        at = root.pos  # (rustc points at the whole place, from its variable)
        err = Unsupported(f"{path}:{at[0]}:{at[1]}", rejects("mismatched types", "E0308"))
        err.label = f"expected `{expected}`, found `{found}`"
        raise err


def _element_of_reference_field(e: Index) -> bool:
    """Whether `e` is an element of a struct's field written as a reference to elements with
    no `&` (`self.xs[0]` of `xs: &'a [f32]`): a value, whatever the struct holds."""
    from pbpit.rust.interp.types import StructT
    from pbpit.rust.interp.value_slots import field_types

    base = e.base
    if not isinstance(base, Field) or base.base.ty is None:
        return False
    owner = resolve(base.base.ty)
    if type(owner) is not StructT:
        return False
    index = owner.item.field_index(base.name)
    written = field_types(owner.item)
    if index is None or index >= len(written) or written[index] is None:
        return False
    inner = written[index].child_by_field_name("type")
    return written[index].type == "reference_type" and inner is not None and b"&" not in inner.text
