"""A type parameter bounded by `Iterator<Item = X>` (`fn summarize<I: Iterator<Item = f64>>(it:
I)`), and `impl Iterator<Item = X>` as a parameter's type: used only through `Iterator`'s
methods, so pbpit types it as the iterator of `X` its caller gives (`Wrap("Iter", X)`), as a
parameter bounded by `Fn(..)` is typed as the closure (`traits.dispatch_params`)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.types import Ty, Wrap

_NAMES = ("Iterator", "std::iter::Iterator", "core::iter::Iterator")
_VALUE_ITEMS: dict[int, Wrap] = {}
"""The iterator types made here whose `Item` is written as no reference, by id."""
_KEEPING = frozenset(("rev", "skip", "take", "filter", "step_by", "peekable", "skip_while"))
_KEEPING |= {"take_while", "chain", "cycle"}


def iterator_item(lowerer: Any, bound: Any) -> Ty | None:
    """The type `Iterator<Item = X>` (the bound `bound`) stands for, or None for any other."""
    if bound is None or bound.type != "generic_type":
        return None
    if lowerer.text(bound.child_by_field_name("type")) not in _NAMES:
        return None
    args = lowerer.kids(bound.child_by_field_name("type_arguments"))
    if len(args) != 1 or args[0].type != "type_binding":
        return None
    name, item = args[0].child_by_field_name("name"), args[0].child_by_field_name("type")
    if name is None or item is None or lowerer.text(name) != "Item":
        return None
    made = Wrap("Iter", lowerer.type(item))
    if item.type != "reference_type":  # `Item = f64`: no reference (pbpit erases them)
        _VALUE_ITEMS[id(made)] = made
    return made


def argument_type(lowerer: Any, node: Any) -> Ty | None:
    """`iterator_item` of `impl Iterator<Item = X>` as a parameter's type (`node`), or as a
    function's result (`returned_iterators.result_type`); None elsewhere."""
    from pbpit.rust.interp import returned_iterators

    parent = node.parent
    if node.type == "abstract_type" and parent is not None and parent.type == "parameter":
        return iterator_item(lowerer, node.child_by_field_name("trait"))
    return returned_iterators.result_type(lowerer, node)


def iterator_bound(lowerer: Any, written: list[Any]) -> Ty | None:
    """`iterator_item` of a parameter's bounds (`I: Iterator<Item = f64>`, and nothing else)."""
    return iterator_item(lowerer, written[0]) if len(written) == 1 else None


def given(checker: Any, e: Any, expected: Ty, found: Ty) -> Ty:
    """The type of `e` (of type `found`) given where `expected`, an iterator parameter's type,
    is taken: a range is that iterator (`Range<T>` is an `Iterator<Item = T>`), its items
    unified; a type no iterator is rustc's E0277, an iterator of other items (`v.iter()`'s
    references where `Item = f64`) E0271; else `found` (the caller unifies)."""
    from pbpit.rust.interp import user_iterators
    from pbpit.rust.interp.grammar import rejects
    from pbpit.rust.interp.types import NEVER, Mismatch, StructT, Var, resolve, show, unify

    want, have = resolve(expected), resolve(found)
    if type(want) is not Wrap or want.kind != "Iter" or have is NEVER or type(have) is Var:
        return found
    if type(have) is StructT and user_iterators.item_of(have) is not None:
        what = f"`{show(have)}`, an `impl Iterator` struct, given as an iterator type"
        raise checker.fail(e.pos, what)  # (pbpit types it as the struct it is)
    if type(have) is not Wrap or have.kind not in ("Iter", "Range"):
        what = f"`{show(have)}` is not an iterator"
        err = checker.fail(e.pos, rejects(what, "E0277"))
        err.label = f"`{show(have)}` is not an iterator"
        raise err
    try:
        unify(want.inner, have.inner)
        if id(want) in _VALUE_ITEMS and _by_reference(e):
            raise Mismatch(want.inner, have.inner)
    except Mismatch:
        what = f"type mismatch resolving `<.. as Iterator>::Item == {show(want.inner)}`"
        raise checker.fail(e.pos, rejects(what, "E0271")) from None
    return expected


def _by_reference(e: Any) -> bool:
    """Whether the iterator `e` certainly gives references: `v.iter()` through adapters that
    keep its items (`skip`, `filter`, `rev`..)."""
    from pbpit.rust.interp.nodes import Method

    while isinstance(e, Method) and e.name in _KEEPING:
        e = e.recv
    return isinstance(e, Method) and e.name == "iter" and not e.args
