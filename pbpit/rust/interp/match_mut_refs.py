"""Names a pattern binds through a `&mut` scrutinee: `match self { Opt::Rms { s, .. } =>
s.iter_mut() }` in a `&mut self` method, `match o` of `o: &mut Opt`, `match &mut o`. By
rustc's default binding modes each such name is a `&mut` to its part of the place, so a
`&mut self` method of it (`s.push(x)`, `s.iter_mut()`) is allowed (no E0596).

pbpit erases references: the name holds the part itself. That is the place only for a value
changed where it lies (a `Vec`, a map, a set, a struct of the program's), so only there is the
name taken as a `&mut`; a `String`, a number or an `Option` changed through the name would
change a copy, and stays refused (a false error, never a wrong output).
"""

from __future__ import annotations

import re
from typing import Any

from pbpit.rust.interp.nodes import Field, Local
from pbpit.rust.interp.types import StructT, Wrap, resolve

MUT_SCRUTINEE = "mut_scrutinee"
"""The attribute of a binding a pattern made through a `&mut` scrutinee."""

_IN_PLACE = ("Vec", "VecDeque", "HashMap", "BTreeMap", "HashSet", "BTreeSet")


def mark(value: Any, bindings: list) -> None:
    """Marks the `bindings` of a pattern matched against `value` when `value` is a `&mut`
    (`&mut o`, or a variable holding one: `self` of `&mut self`, `o: &mut Opt`); a `ref`
    name is left alone (`by_ref`)."""
    from pbpit.rust.interp.iter_mut import is_element

    through = bool(getattr(value, "mut_borrow", False)) or (
        isinstance(value, Local) and not value.borrowed and value.binding.mut_ref
    )
    through = through or is_element(value)  # `match t` of `for t in v.iter_mut()`: `v[i]`
    if not (through or gives_mut_option(value)):
        return
    for binding in bindings:
        if not getattr(binding, "by_ref", False):
            setattr(binding, MUT_SCRUTINEE, True)


_MUT_ELEMENT = ("get_mut", "first_mut", "last_mut", "front_mut", "back_mut")
_PULLS = ("next", "next_back", "last", "nth", "find", "max_by", "min_by", "max_by_key")
_PULLS += ("min_by_key", "max", "min")
_KEEPS = ("rev", "skip", "take", "step_by", "filter", "skip_while", "take_while")


def gives_mut_option(value: Any) -> bool:
    """Whether `value` is certainly an `Option<&mut T>` of a place: `m.get_mut(k)`,
    `v.last_mut()`, `v.iter_mut().find(..)` (`if let Some(V::List(xs)) = env.get_mut("c")`:
    `xs` a `&mut` by match ergonomics)."""
    from pbpit.rust.interp.nodes import Method

    if not isinstance(value, Method) or value.borrowed:
        return False
    if value.name in _MUT_ELEMENT:
        return True
    if value.name not in _PULLS:
        return False
    source = value.recv
    while isinstance(source, Method) and source.name in _KEEPS:
        source = source.recv
    return isinstance(source, Method) and source.name in ("iter_mut", "values_mut")


_UNWRAPS = ("unwrap", "expect", "?", "ok_or", "ok_or_else")


def mark_let(binding: Any, init: Any) -> None:
    """`let p = v.iter_mut().find(..).unwrap();` (`.expect(..)`, `.ok_or(e)?`): `p` a `&mut`
    to the element, as a name a pattern binds through one (its fields written in place)."""
    from pbpit.rust.interp.nodes import Method

    if binding is None or not isinstance(init, Method) or init.name not in _UNWRAPS:
        return
    inner = init
    while isinstance(inner, Method) and inner.name in _UNWRAPS:
        inner = inner.recv
    if gives_mut_option(inner):
        setattr(binding, MUT_SCRUTINEE, True)
        init.lends = _lender(inner)  # (borrows.py: the place lent mutably while `p` lives)


def _lender(value: Any) -> Any:
    """The place `value` (a `gives_mut_option` call) holds borrowed: `v` of `v.last_mut()`,
    of `v.iter_mut().find(..)`."""
    from pbpit.rust.interp.nodes import Method

    if value.name in _MUT_ELEMENT:
        return value.recv
    source = value.recv
    while isinstance(source, Method) and source.name in _KEEPS:
        source = source.recv
    return source.recv


def lends_in_place(recv: Any) -> bool:
    """Whether `recv` is such a name whose value is changed where it lies (a `Vec`, a struct),
    so that a `&mut self` method of it changes the scrutinee's part."""
    if not isinstance(recv, Local) or not getattr(recv.binding, MUT_SCRUTINEE, False):
        return False
    ty = resolve(recv.binding.ty) if recv.binding.ty is not None else None
    if type(ty) is Wrap:
        return ty.kind in _IN_PLACE
    return type(ty) is StructT and ty.item.kind == "named" and "Copy" not in ty.item.derives


_VIEWS = (b"iter_mut", b"values_mut")  # lowered as loops by index (iter_mut.py, map_loops.py)


def lent_view(node: Any, value: Any) -> bool:
    """`s.iter_mut()`, `h.xs.iter_mut()` (`node`: the loop's iterable from it) of such a name
    (`value`: the place, the name or a field of it): rustc reborrows through the name, and
    pbpit's loop by index writes the elements where they lie (a `Vec`'s, a map's), so it
    needs no `let mut`."""
    root = value
    while isinstance(root, Field):
        root = root.base
    if not isinstance(root, Local) or not getattr(root.binding, MUT_SCRUTINEE, False):
        return False
    place = rb"\.".join([re.escape(root.binding.name.encode()), *[rb"\w+"] * _depth(value)])
    views = b"|".join(_VIEWS)
    return re.match(place + rb"\.(?:" + views + rb")(?:\(|$)", node.text) is not None


def _depth(value: Any) -> int:
    depth = 0
    while isinstance(value, Field):
        value, depth = value.base, depth + 1
    return depth


def lent_field(binding: Any, target: Any) -> bool:
    """`h.n += 1` (`target`) of such a name `binding`, through named fields only: the struct
    it names is changed where it lies (a tuple's `.0` is not followed: pbpit's tuple is a
    value of its own)."""
    if not getattr(binding, MUT_SCRUTINEE, False) or not isinstance(target, Field):
        return False
    part = target
    while isinstance(part, Field):
        if part.name.isdigit():
            return False
        part = part.base
    return isinstance(part, Local) and part.binding is binding


def held_bindings(match: Any) -> list[tuple[Any, Any]]:
    """(binding, the place it holds lent) of each name a `match` (`if let`) on a
    `gives_mut_option` call binds as a `&mut`: `g` of `if let Some(g) = v.iter_mut().max()`
    holds `v` borrowed mutably while it is used (borrows.py: a use of `v` then is rustc's
    E0499/E0502)."""
    value = match.value
    if not gives_mut_option(value):
        return []
    lender = _lender(value)
    found: list = []
    if hasattr(match, "arms"):
        for arm in match.arms:
            _names(arm.pat, found)
    elif match.binding is not None:  # an `IfLet` node: `if let Some(g) = ..`
        found.append(match.binding)
    return [(b, lender) for b in found if getattr(b, MUT_SCRUTINEE, False)]


def _names(pat: Any, found: list) -> None:
    if pat.kind == "bind" and pat.binding is not None:
        found.append(pat.binding)
    for sub in pat.subs:
        _names(sub, found)
