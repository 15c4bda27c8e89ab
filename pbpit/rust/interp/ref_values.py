"""A reference and a value where rustc needs one type: its E0308, found from the syntax.

pbpit erases references (`&x` is `x`, marked `borrowed`), so its types cannot tell `&usize` from
`usize`. Where two expressions must have one type, the branches of an `if`, the arms of a
`match`, the values a `loop` (or a labelled block, `'a: { .. }`) breaks with and its tail, the
default of `map_or` and the closure's result, one written `&x` (a shared reference, certainly)
and the other certainly a value (`Checker.owned`: a literal, an operator's result, a
constructor..) are rustc's `mismatched types`. Looked for in the values themselves and in the
parts a tuple, `Some(..)` or an array literal holds at the same place.

A `for` whose pattern is `&x` (or `&(a, b)`) over items certainly values (a range, a `Vec` made
here taken by value, `.iter().copied()`) is rustc's E0308 too: the pattern expects a reference.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import made_items, references
from pbpit.rust.interp.nodes import (
    ArrayLit,
    Block,
    Expr,
    For,
    Index,
    Local,
    Method,
    SomeLit,
    TupleLit,
)
from pbpit.rust.interp.types import NEVER, Wrap, resolve, show


def _shared_ref(e: Expr) -> bool:
    """Whether `e` is certainly a shared reference: written `&e` (not `&mut`), or what
    `references.certainly_reference` knows (a `&T` parameter, `v.iter().max().unwrap()`)."""
    if e.borrowed:
        return not e.mut_borrow
    if isinstance(e, Local | Method) and references.certainly_reference(e):
        return not getattr(getattr(e, "binding", None), "mut_ref", False)
    if isinstance(e, Block) and not e.stmts and e.tail is not None:
        return _shared_ref(e.tail)
    return False


def _value(checker: Any, e: Expr) -> bool:
    """Whether `e` is certainly a value: `Checker.owned`, or a slice taken by value (`v[..]`,
    unsized: rustc's E0277 later, `sized.py`)."""
    if isinstance(e, Block) and not e.stmts and e.tail is not None and not e.borrowed:
        return _value(checker, e.tail)
    if isinstance(e, Index) and not e.borrowed and isinstance(e.base, Local):  # `losses[0]` of
        return getattr(e.base.binding, made_items.MADE_ITEMS, False)  # `[0.9f32, 0.4]`
    return checker.owned(e) or (not e.borrowed and getattr(e, "unsized", False))


def _parts(e: Expr) -> list[Expr] | None:
    """The values a tuple, `Some(..)` or an array literal (not borrowed) holds, in order."""
    if e.borrowed:
        return None
    if isinstance(e, Block) and e.tail is not None:
        return _parts(e.tail)
    if isinstance(e, TupleLit | ArrayLit):
        return list(e.elems)
    if isinstance(e, SomeLit) and e.value is not None:
        return [e.value]
    return None


def _kind(e: Expr) -> str:
    return type(e.tail if isinstance(e, Block) and e.tail is not None else e).__name__


def _ty(e: Expr) -> str:
    ty = getattr(e, "ty", None)
    return show(resolve(ty)) if ty is not None else "_"


def mixed(checker: Any, first: Expr, second: Expr) -> tuple[Expr, str, str] | None:
    """Where `first` and `second` (of one type) are a reference and a value: the part of
    `second` to refuse, with the expected and found types as rustc shows them."""
    if getattr(first, "ty", None) is not None and resolve(first.ty) is NEVER:
        return None
    if getattr(second, "ty", None) is not None and resolve(second.ty) is NEVER:
        return None
    if _shared_ref(first) and _value(checker, second):
        return second, "&" + _ty(first), _ty(second)
    if _value(checker, first) and _shared_ref(second):
        return second, _ty(first), "&" + _ty(second)
    a, b = _parts(first), _parts(second)
    if a is None or b is None or len(a) != len(b) or _kind(first) != _kind(second):
        return None
    for x, y in zip(a, b, strict=True):
        found = mixed(checker, x, y)
        if found is not None:
            return found
    return None


def refuse_mixed(checker: Any, values: list[Expr]) -> None:
    """rustc's E0308 where one of `values` (that must have one type, in the order rustc reads
    them) is a reference and another a value: at the later one."""
    values = [v for v in values if v is not None]
    for i, later in enumerate(values):
        for earlier in values[:i]:
            found = mixed(checker, earlier, later)
            if found is not None:
                at, expected, got = found
                where = at.borrow_pos if at.borrowed and at.borrow_pos else at.pos
                raise checker.fail(where, f"mismatched types: expected `{expected}`, found `{got}`")


def _items_values(checker: Any, loop: For) -> bool:
    """Whether the items of `loop`'s iterable are certainly values."""
    return _values_of(loop.iterable)


def _values_of(iterable: Any) -> bool:
    """Whether the items of the iterator (or collection taken by value) `iterable` are
    certainly values: a range, what `references.items_are_values` knows."""
    ty = resolve(getattr(iterable, "ty", None)) if iterable is not None else None
    if type(ty) is Wrap and ty.kind == "Range" and not iterable.borrowed:
        return True
    from pbpit.rust.interp.nodes import Index

    if isinstance(iterable, Index) and not iterable.borrowed:  # `for &(v, w) in adj[u]`
        from pbpit.rust.interp.check_rules import _written_type
        from pbpit.rust.interp.element_values import element_written
        from pbpit.rust.interp.value_slots import plainly_value

        items = element_written(_written_type(iterable))  # (a `Vec<Vec<(usize, u32)>>`'s row)
        return items is not None and plainly_value(items)
    return references.items_are_values(iterable)


def refuse_ref_pattern(checker: Any, loop: For) -> None:
    """`for &x in 0..3`, `for &x in v` of a `Vec` of values: rustc's E0308 at the pattern."""
    binding = loop.binding
    if binding is None or not binding.name.startswith("(&") or not _items_values(checker, loop):
        return
    assert loop.body is not None
    first = loop.body.stmts[0] if loop.body.stmts else None
    pos = getattr(getattr(first, "init", None), "pos", None) or loop.pos
    item = _ty(binding) if getattr(binding, "ty", None) is not None else "_"
    raise checker.fail(pos, f"mismatched types: expected `{item}`, found `&_`")


# The methods of `Iterator` whose closure takes an item by value: (argument, parameter).
_ITEM_TAKERS = {
    "map": (0, 0),
    "for_each": (0, 0),
    "any": (0, 0),
    "all": (0, 0),
    "position": (0, 0),
    "filter_map": (0, 0),
    "flat_map": (0, 0),
    "find_map": (0, 0),
    "map_while": (0, 0),
    "fold": (1, 1),
    "try_for_each": (0, 0),
}


def refuse_ref_params(checker: Any, body: Any) -> None:
    """`(0..3).map(|&x| ..)`, `v.into_iter().for_each(|&x| ..)` of values, `fold(0, |a, &x| ..)`:
    a closure's `&x` pattern given an item that is certainly a value is rustc's E0308, as
    `refuse_ref_pattern` for a `for`."""
    from pbpit.rust.interp.nodes import Closure, children

    stack = [body]
    while stack:
        part = stack.pop()
        stack.extend(children(part))
        if not isinstance(part, Method) or part.name not in _ITEM_TAKERS or part.recv is None:
            continue
        arg, param = _ITEM_TAKERS[part.name]
        closure = part.args[arg] if arg < len(part.args) else None
        if not isinstance(closure, Closure) or param >= len(closure.params):
            continue
        binding = closure.params[param]
        if binding is None or not binding.name.startswith("(&") or not _values_of(part.recv):
            continue
        first = closure.body.stmts[0] if isinstance(closure.body, Block) else None
        pos = getattr(getattr(first, "init", None), "pos", None) or closure.pos
        item = _ty(binding) if getattr(binding, "ty", None) is not None else "_"
        raise checker.fail(pos, f"mismatched types: expected `{item}`, found `&_`")
