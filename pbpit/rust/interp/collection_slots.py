"""A `&x` given to a std collection written to hold values: rustc's E0308.

pbpit erases references, so `q.push_back(&x)` of `q: VecDeque<i32>` would run; the written
type tells: where a variable or a struct's field is written `VecDeque<T>`, `HashMap<K, V>`,
`BTreeMap<K, V>`, `HashSet<T>` or `BTreeSet<T>` with the slot's type plainly a value
(`value_slots.plainly_value`: `i32`, `String`, a struct the file declares), the argument that
lands in that slot written `&x` is `mismatched types` (`m.insert(k, &v)` of `HashMap<&str,
i32>`; its key slot, `&str`, takes the `&`). `Vec`'s `push` and `insert` are judged in
std_methods (`value_slots.vec_of_values`).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import param_types
from pbpit.rust.interp.nodes import Field, Local, Method
from pbpit.rust.interp.references import certainly_reference
from pbpit.rust.interp.types import StructT, resolve
from pbpit.rust.interp.value_slots import field_types, plainly_value

_MAPS = {"insert": ((0, 0), (1, 1))}  # (argument, type argument)
_SETS = {"insert": ((0, 0),)}
_SLOTS = {
    "VecDeque": {"push_back": ((0, 0),), "push_front": ((0, 0),)},
    "HashMap": _MAPS,
    "BTreeMap": _MAPS,
    "HashSet": _SETS,
    "BTreeSet": _SETS,
}


def refuse_borrowed_items(checker: Any, e: Method) -> None:
    """Raise rustc's E0308 where `e` gives `&x` to a slot of its receiver written as a value."""
    written = _written(e.recv)
    if written is None or written.type != "generic_type" or e.recv.borrowed:
        return
    base = written.child_by_field_name("type")
    args = written.child_by_field_name("type_arguments")
    slots = _SLOTS.get(base.text.decode() if base is not None else "", {}).get(e.name)
    if slots is None or args is None:
        return
    types = [c for c in args.named_children if c.type not in ("lifetime", "line_comment")]
    for index, slot in slots:
        if index >= len(e.args) or slot >= len(types):
            continue
        arg = e.args[index]
        given = (arg.borrowed and not arg.mut_borrow) or certainly_reference(arg)  # `&x`, `x: &T`
        if given and plainly_value(types[slot]):
            shown = types[slot].text.decode()
            what = f"mismatched types: expected `{shown}`, found `&{shown}`"
            raise checker.fail(arg.borrow_pos or arg.pos, what)


def _written(place: Any) -> Any:
    """The type written for a variable (`let mut q: VecDeque<i32>`) or a struct's field."""
    if isinstance(place, Local):  # (a parameter `q: &mut VecDeque<i32>`: what it reaches)
        return getattr(place.binding, "written", None) or param_types.behind_mut(place.binding)
    if isinstance(place, Field) and type(base := resolve(place.base.ty)) is StructT:
        index = base.item.field_index(place.name)
        types = field_types(base.item)
        return types[index] if index is not None and index < len(types) else None
    return None
