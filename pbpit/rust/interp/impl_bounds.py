"""A struct's type parameter left unbounded where the struct is declared (`struct Trainer<O> {
optim: O }`) and bounded by Burn's `Optimizer` in the file's `impl` of it (`impl<O:
Optimizer<Model<B>, B>> Trainer<O>`): rustc lets that impl's methods step the field
(`self.optim.step(..)`), so the parameter is read as the impl bounds it."""

from __future__ import annotations

from typing import Any

from pbpit.rust.syntax import Node, descendants


def add_impl_bounds(lowerer: Any, node: Node, bounds: dict[str, list[Node]]) -> None:
    """Give each parameter of the struct `node` that `bounds` has unbounded the `Optimizer`
    bound an impl of the struct writes at its place (the impl's own parameter there)."""
    label = node.child_by_field_name("name")
    if label is None:
        return
    struct, order = lowerer.text(label), list(bounds)
    for item in descendants(lowerer.src.root):
        written = item.child_by_field_name("type") if item.type == "impl_item" else None
        if written is None or written.type != "generic_type" or item.child_by_field_name("trait"):
            continue
        name = written.child_by_field_name("type")
        arguments = written.child_by_field_name("type_arguments")
        if name is None or arguments is None or lowerer.text(name) != struct:
            continue
        own = written_bounds(lowerer, item)
        for at, argument in enumerate(lowerer.kids(arguments)):
            if at >= len(order) or bounds[order[at]]:
                continue
            stepped = [
                b
                for b in own.get(lowerer.text(argument), [])
                if lowerer.burn_trait(b) == "Optimizer"
            ]
            if stepped:
                bounds[order[at]] = stepped


def written_bounds(lowerer: Any, item: Node) -> dict[str, list[Node]]:
    """The type parameters of an item (a function, a struct, an impl) in the order written,
    each with its bounds, written in `<..>` or in the item's `where` clause."""
    found: dict[str, list[Node]] = {}
    generics = item.child_by_field_name("type_parameters")
    for param in lowerer.kids(generics) if generics is not None else []:
        if param.type == "type_parameter":
            written = param.child_by_field_name("bounds")
            found[lowerer.text(param.child_by_field_name("name"))] = (
                lowerer.kids(written) if written is not None else []
            )
    for clause in (c for c in item.children if c.type == "where_clause"):
        for predicate in lowerer.kids(clause):
            left = predicate.child_by_field_name("left")
            written = predicate.child_by_field_name("bounds")
            if left is not None and written is not None and lowerer.text(left) in found:
                found[lowerer.text(left)].extend(lowerer.kids(written))
    return found
