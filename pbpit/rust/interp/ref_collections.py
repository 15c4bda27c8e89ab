"""A collection filled with references, returned where the function's type says it holds values:
rustc's E0308, found from the syntax.

`let mut m = HashMap::new(); for l in labels { *m.entry(l).or_insert(0) += 1; } m` of
`fn count(labels: &[u32]) -> HashMap<u32, usize>`: each `l` is a `&u32`, so `m` is a
`HashMap<&u32, usize>`, and the function's result is `mismatched types`. pbpit erases references
(`references.certainly_reference` knows the values certainly one), so its types agree; this
follows, for a variable made by `Vec::new()` (`HashMap::new()`, ..) without a written type,
which of its slots a certain reference lands in (`push`, `insert`, `entry`), and refuses the
variable given back as the function's value where the written result type puts a plain value
(`value_slots.plainly_value`) in that slot.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import references
from pbpit.rust.interp.hashmap import ENTRY_UPDATE
from pbpit.rust.interp.nodes import (
    Block,
    FnItem,
    Let,
    Local,
    Method,
    Return,
    Static,
    TupleLit,
    children,
)
from pbpit.rust.interp.types import resolve, show
from pbpit.rust.interp.value_slots import plainly_value

_ONE = {"push": ((0, 0),), "push_back": ((0, 0),), "push_front": ((0, 0),)}
_SET = {"insert": ((0, 0),)}
_MAP = {"insert": ((0, 0), (1, 1)), "entry": ((0, 0),), ENTRY_UPDATE: ((0, 0), (1, 1))}
_SLOTS = {
    "Vec": {**_ONE, "insert": ((1, 0),)},
    "VecDeque": _ONE,
    "HashSet": _SET,
    "BTreeSet": _SET,
    "HashMap": _MAP,
    "BTreeMap": _MAP,
}


def _made(init: Any) -> str | None:
    """The collection `init` makes empty (`Vec::new()`, `HashMap::with_capacity(n)`), or None."""
    if not isinstance(init, Static) or init.borrowed:
        return None
    kind, _, made = init.name.rpartition("::")
    kind = kind.rpartition("::")[2]
    return kind if kind in _SLOTS and made in ("new", "with_capacity") else None


def refuse_mixed(checker: Any, fn: FnItem) -> None:
    """rustc's E0308 where a collection made empty without a written type (`let mut out =
    vec![];`) is given a certain reference in a slot (`out.push(&num)`) and a certain value in
    the same slot elsewhere (`out.push(c.to_string())`), or the other way round: the first
    fixes the slot's type (`Vec<&String>`), the other is a mismatch."""
    if fn.body is None:
        return
    nodes, kinds = _unwritten(fn, lambda init: _made(init) or _empty_vec(init))
    if not kinds:
        return
    first: dict[tuple[int, int], bool] = {}  # (variable, slot) -> given a reference first
    calls = [n for n in nodes if isinstance(n, Method) and isinstance(n.recv, Local)]
    for n in sorted(calls, key=lambda m: m.pos):
        kind = kinds.get(id(n.recv.binding))
        if kind is None or n.recv.borrowed:
            continue
        for index, slot in _SLOTS[kind].get(n.name, ()):
            if index >= len(n.args):
                continue
            arg = n.args[index]
            ref = references.certainly_reference(arg)
            if not ref and not checker.owned(arg):
                continue
            key = (id(n.recv.binding), slot)
            if key not in first:
                first[key] = ref
            elif first[key] != ref:
                shown = show(resolve(arg.ty))
                expected, found = (f"&{shown}", shown) if first[key] else (shown, f"&{shown}")
                from pbpit.rust.interp.check_rules import expr_start

                where = expr_start(arg)  # (`c.to_string()`: at `c`, `&num`: at `&`)
                raise checker.fail(
                    where, f"mismatched types: expected `{expected}`, found `{found}`"
                )


def _empty_vec(init: Any) -> str | None:
    """`vec![]` (an empty literal of a `Vec`): "Vec"."""
    from pbpit.rust.interp.nodes import ArrayLit

    if isinstance(init, ArrayLit) and init.is_vec and not init.elems and not init.borrowed:
        return "Vec"
    return None


def _unwritten(fn: FnItem, kind_of: Any) -> tuple[list, dict[int, str]]:
    """Every node of `fn`'s body, and the kind (`kind_of` its value) of each `let` binding
    given no written type, by the binding's id."""
    nodes: list = []
    _walk(fn.body, nodes)
    kinds: dict[int, str] = {}
    for n in nodes:
        if isinstance(n, Let) and n.binding is not None and n.declared is None:
            kind = kind_of(n.init)
            if kind is not None and getattr(n.binding, "written", None) is None:
                kinds[id(n.binding)] = kind
    return nodes, kinds


def _walk(node: Any, found: list) -> None:
    found.append(node)
    for part in children(node):
        _walk(part, found)


def refuse_returned(checker: Any, fn: FnItem) -> None:
    """rustc's E0308 at the value `fn` gives back: a variable holding references where its
    written result type holds values."""
    node = getattr(fn, "node", None)
    written = node.child_by_field_name("return_type") if node is not None else None
    if written is None or written.type not in ("generic_type", "tuple_type") or fn.body is None:
        return
    nodes, kinds = _unwritten(fn, _made)
    if not kinds:
        return
    aliases: set[int] = set()  # `let row = s;` of `s` a reference: `row` is one too
    for n in nodes:
        if isinstance(n, Let) and n.binding is not None and n.declared is None and n.init:
            if _reference(n.init, aliases):
                aliases.add(id(n.binding))
    refs: dict[int, set[int]] = {}  # a variable -> its slots given a certain reference
    for n in nodes:
        if not (isinstance(n, Method) and isinstance(n.recv, Local) and not n.recv.borrowed):
            continue
        kind = kinds.get(id(n.recv.binding))
        for index, slot in _SLOTS.get(kind or "", {}).get(n.name, ()):
            if index < len(n.args) and _reference(n.args[index], aliases):
                refs.setdefault(id(n.recv.binding), set()).add(slot)
    if not refs:
        return
    given = [n.value for n in nodes if isinstance(n, Return) and n.value is not None]
    if isinstance(fn.body, Block) and fn.body.tail is not None:
        given.append(fn.body.tail)
    for value in given:
        _given(checker, written, value, kinds, refs)


def _reference(e: Any, aliases: set[int]) -> bool:
    """Whether `e` is certainly a reference (`references`), or a variable given one."""
    if isinstance(e, Local) and not e.borrowed and id(e.binding) in aliases:
        return True
    return references.certainly_reference(e)


def _given(checker: Any, written: Any, value: Any, kinds: dict, refs: dict) -> None:
    """`value` given back where `written` is the type: a variable, or a tuple of them
    (`(out, masks)` of `-> (Vec<Vec<u32>>, Vec<Vec<bool>>)`)."""
    if isinstance(value, TupleLit) and not value.borrowed and written.type == "tuple_type":
        types = [c for c in written.named_children if c.type not in ("line_comment",)]
        if len(types) == len(value.elems):
            for ty, elem in zip(types, value.elems, strict=True):
                _given(checker, ty, elem, kinds, refs)
        return
    if written.type != "generic_type":
        return
    if isinstance(value, Local) and not value.borrowed and id(value.binding) in refs:
        _against(checker, written, kinds[id(value.binding)], refs[id(value.binding)], value)


def _type_params(written: Any) -> set[str]:
    """The names of the type parameters of the function whose result type is `written`."""
    item = written.parent
    while item is not None and item.type != "function_item":
        item = item.parent
    params = item.child_by_field_name("type_parameters") if item is not None else None
    names = set()
    for param in params.named_children if params is not None else []:
        name = param.child_by_field_name("name") or (
            param.named_children[0] if param.named_children else None
        )
        if name is not None and name.type == "type_identifier":
            names.add(name.text.decode())
    return names


def _value(ty: Any, own: set[str]) -> bool:
    """A plain value, or a type parameter of the function itself (in its body `L` is no `&L`)."""
    return plainly_value(ty) or (ty.type == "type_identifier" and ty.text.decode() in own)


def _against(checker: Any, written: Any, kind: str, slots: set[int], value: Local) -> None:
    base = written.child_by_field_name("type")
    args = written.child_by_field_name("type_arguments")
    if base is None or base.text.decode() != kind or args is None:
        return
    types = [c for c in args.named_children if c.type not in ("lifetime", "line_comment")]
    own = _type_params(written)
    if any(slot < len(types) and _value(types[slot], own) for slot in slots):
        shown = written.text.decode()
        parts = [("&" if i in slots else "") + t.text.decode() for i, t in enumerate(types)]
        found = f"{kind}<{', '.join(parts)}>"
        raise checker.fail(value.pos, f"mismatched types: expected `{shown}`, found `{found}`")
