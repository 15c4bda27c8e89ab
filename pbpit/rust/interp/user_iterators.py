"""`impl Iterator for Counter { type Item = u32; fn next(&mut self) -> Option<u32> { .. } }`:
the program's own iterator, as std defines one. Its `next` is a method of the struct (`c.next()`
calls it); `for x in counter` and every adapter and consumer of std's `Iterator`
(`counter.take(3).map(f).sum()`, `collect`, `zip`..) run it through `next`, one call an item,
lazily as Rust pulls (`iterators.Lazy`), the struct changed in place by each call.

The struct's item type is kept on its `StructItem` (`ITEM`); a method call on the struct that
is not one of its own methods is typed as a call on `Iter<Item>` (`as_iterator`), its receiver
marked (`AS_ITER`) to be turned into a `Lazy` when compiled (`lazy_code`). A missing `next` or
`type Item` is rustc's E0046. std's iterator methods needing more than `Iterator` (`rev`,
`len`) are rustc's E0277/E0599 and refused here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import StructT, Ty, Wrap, resolve

ITEM = "iterator_item"
"""The attribute of a `StructItem` implementing `Iterator`: its `type Item`."""
AS_ITER = "as_iterator"
"""The mark of a receiver whose struct is used as its `Iterator` (`counter.take(3)`)."""
_DOUBLE_ENDED = ("rev", "next_back", "rposition", "rfind", "rfold")
_BY_MUT = ("nth", "find", "find_map", "position", "any", "all", "try_fold", "try_for_each")
"""std's `Iterator` methods taking `&mut self` (the others but `by_ref` take `self`)."""


def is_impl(lowerer: Any, trait_node: Any) -> bool:
    """Whether `impl <trait_node> for ..` is std's `Iterator`."""
    return lowerer.text(trait_node) in ("Iterator", "std::iter::Iterator", "core::iter::Iterator")


def read_item(lowerer: Any, item: Any, node: Any) -> None:
    """`type Item = T;` inside the impl (wherever it is written): recorded on the struct, and
    `Self::Item` in the impl's signatures made `T`."""
    for member in lowerer.kids(node.child_by_field_name("body")):
        if member.type != "type_item":
            continue
        name = lowerer.text(member.child_by_field_name("name"))
        if name != "Item":
            what = f"type `{name}` is not a member of trait `Iterator`"
            raise lowerer.fail(member, rejects(what, "E0437"))
        setattr(item, ITEM, lowerer.type(member.child_by_field_name("type")))
        lowerer.assoc_types = {"Item": getattr(item, ITEM)}


def item_type(member: Any) -> bool:
    """Whether an impl's member is its `type Item` (read by `read_item`)."""
    return member.type == "type_item"


def refuse_missing(lowerer: Any, node: Any, item: Any, defined: set[str]) -> None:
    """rustc's E0046 for an `impl Iterator` without `type Item` or `next`."""
    lowerer.assoc_types = {}
    missing = [] if getattr(item, ITEM, None) is not None else ["`Item`"]
    missing += [] if "next" in defined else ["`next`"]
    if missing:
        what = f"not all trait items implemented, missing: {', '.join(missing)}"
        raise lowerer.fail(node, rejects(what, "E0046"))
    refuse_signature(lowerer, item)


# -- checking -------------------------------------------------------------------------------------


def item_of(ty: Ty) -> Ty | None:
    """The `Item` of a struct type implementing `Iterator`, None for another type."""
    ty = resolve(ty)
    if type(ty) is not StructT:
        return None
    return getattr(ty.item, ITEM, None)


def as_iterator(ck: Any, e: Any, recv: Ty) -> Ty:
    """`counter.take(3)`: the receiver typed as `Iter<Item>` when the struct implements
    `Iterator` and has no method of the name; else `recv` itself."""
    item = item_of(recv)
    if item is None or e.name in recv.item.methods:  # type: ignore[attr-defined]
        return recv
    name = recv.item.name  # type: ignore[attr-defined]
    if e.name in _DOUBLE_ENDED:
        what = f"the trait bound `{name}: DoubleEndedIterator` is not satisfied"
        raise ck.fail(e.pos, rejects(what, "E0277"))
    if e.name == "len":  # (`ExactSizeIterator`)
        what = f"the method `len` exists for struct `{name}`, but its trait bounds were not "
        raise ck.fail(e.pos, rejects(what + "satisfied", "E0599"))
    from pbpit.rust.interp.nodes import Local

    if e.name in _BY_MUT and isinstance(e.recv, Local):
        ck.mutable_receiver(e)  # `c.find(p)` of a `let c`: rustc's E0596
    setattr(e.recv, AS_ITER, next_of(recv))
    return Wrap("Iter", item)


def next_of(recv: Ty) -> Any:
    return resolve(recv).item.methods["next"]  # type: ignore[attr-defined]


def mark_for(ck: Any, iterable: Any, found: Ty) -> Ty | None:
    """`for x in counter`: the item type, the iterable marked; None for another type
    (`for x in &counter` is rustc's E0277: a `&C` is no iterator)."""
    item = item_of(found)
    if item is not None and iterable.borrowed:
        shown = ("&mut " if iterable.mut_borrow else "&") + found.item.name  # type: ignore[attr-defined]
        raise ck.fail(
            iterable.borrow_pos or iterable.pos, rejects(f"`{shown}` is not an iterator", "E0277")
        )
    if item is not None:
        setattr(iterable, AS_ITER, next_of(found))
    return item


def takes_self(e: Any) -> bool:
    """Whether std's `Iterator` method `e` on a struct takes it by value (moves.py)."""
    return e.name not in (*_BY_MUT, "by_ref", "next")


def refuse_signature(lowerer: Any, item: Any) -> None:
    """rustc's E0053 for a `next` not `fn next(&mut self) -> Option<Self::Item>`."""
    from pbpit.rust.interp.types import option, show

    fn = item.methods.get("next")
    wanted = getattr(item, ITEM, None)
    if fn is None or wanted is None:
        return
    if fn.self_kind != "mut" or show(fn.ret) != show(option(wanted)) or len(fn.param_tys) != 1:
        what = "method `next` has an incompatible type for trait"
        raise lowerer.fail(fn.node, rejects(what, "E0053"))


# -- running --------------------------------------------------------------------------------------


def lazy_code(comp: Any, e: Any, code: Any) -> Any:
    """The code of a marked receiver: the struct it makes, pulled by its `next`."""
    from pbpit.rust.interp.iterators import Lazy

    cell = comp.fn_cells[getattr(e, AS_ITER).name]

    def pulled(state: Any) -> Iterator[Any]:
        while True:
            found = cell[0]([state])
            if found is None:
                return
            yield found.value

    def lazy(frame: list) -> Any:
        state = code(frame)
        items = pulled(state)  # one generator: every pull goes on where the last stopped
        return Lazy(lambda: items)

    return lazy
