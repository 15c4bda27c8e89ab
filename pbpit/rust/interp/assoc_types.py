"""Associated types of the file's own traits: `trait Dataset { type Item; fn get(&self, i:
usize) -> Self::Item; }` and `impl Dataset for Squares { type Item = u64; .. }`.

In the trait, `Self::Item` is a type of its own (a `ParamT` named `Self::Item`, equal only to
itself); in each `impl`, `Self::Item` is the type the impl writes, so its methods (and the
trait's default methods read for it) are typed with it, and a call on the struct gets it.
What rustc rejects of it: an `impl` leaving a type out (E0046), or writing one the trait does
not declare (E0437). pbpit refuses what would need the projection `T::Item` of another type:
a type parameter bounded by such a trait, and `dyn` of it (rustc asks for `dyn
Dataset<Item = u64>`), and bounds or defaults on the declaration (`type Item: Clone;`)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import ParamT


def declare(lowerer: Any, trait: Any) -> dict[str, Any]:
    """The associated types `trait` declares (its `type Item;` members), recorded as
    `trait.assoc`; `lowerer.assoc_types` names them for the trait's signatures. Returns what
    `lowerer.assoc_types` was, for `restore`."""
    for member in lowerer.kids(trait.node.child_by_field_name("body")):
        if member.type != "associated_type":
            continue
        name = lowerer.text(member.child_by_field_name("name"))
        if any(c.type in ("trait_bounds", "=", "type_parameters") for c in member.children):
            what = f"`{lowerer.text(member)}` (pbpit's associated types are written `type Name;`)"
            raise lowerer.fail(member, what)
        trait.assoc[name] = ParamT(f"Self::{name}", [])
    saved = getattr(lowerer, "assoc_types", {})
    lowerer.assoc_types = dict(trait.assoc)
    return saved


def restore(lowerer: Any, saved: dict[str, Any]) -> None:
    lowerer.assoc_types = saved


def read_impl(lowerer: Any, trait: Any, node: Any) -> dict[str, Any] | None:
    """`type Item = u64;` in `impl Dataset for Squares` (the `impl_item` `node`): each made the
    type `Self::Item` names in the impl (`lowerer.assoc_types`); rustc's E0437 for a type the
    trait does not declare, E0046 for one left out. None when `trait` declares none (nothing
    is done), else what `lowerer.assoc_types` was."""
    if not trait.assoc:
        return None
    found: dict[str, Any] = {}
    for member in lowerer.kids(node.child_by_field_name("body")):
        if member.type != "type_item":
            continue
        name = lowerer.text(member.child_by_field_name("name"))
        if name not in trait.assoc:
            what = f"type `{name}` is not a member of trait `{trait.name}`"
            err = lowerer.fail(member, rejects(what, "E0437"))
            err.label = f"not a member of trait `{trait.name}`"
            raise err
        found[name] = lowerer.type(member.child_by_field_name("type"))
    missing = [name for name in trait.assoc if name not in found]
    if missing:
        names = ", ".join(f"`{name}`" for name in missing)
        what = f"not all trait items implemented, missing: {names}"
        err = lowerer.fail(node, rejects(what, "E0046"))
        body = node.child_by_field_name("body")  # rustc points at `impl Dataset for Squares`
        err.end = lowerer.columns.position(body.prev_sibling.end_byte + lowerer.delta)
        err.label = f"missing {names} in implementation"
        raise err
    saved = getattr(lowerer, "assoc_types", {})
    lowerer.assoc_types = found
    return saved


def is_member(member: Any) -> bool:
    """Whether an impl's member is a `type Name = T;` (read by `read_impl`)."""
    return member.type == "type_item"


def refuse_bound(lowerer: Any, node: Any, traits: list[Any]) -> None:
    """A type parameter bounded by a trait with associated types (`D: Dataset`): its
    `D::Item` is a projection pbpit does not compute, so it is refused."""
    for trait in traits:
        if trait.assoc:
            what = f"a type parameter bounded by `{trait.name}`, a trait with associated types"
            raise lowerer.fail(node, what)


def refuse_dyn(lowerer: Any, node: Any, trait: Any) -> None:
    """`dyn Dataset` of a trait with associated types (rustc needs `dyn Dataset<Item = T>`,
    E0191 without): refused."""
    if trait.assoc:
        raise lowerer.fail(node, f"`{lowerer.text(node)}`, a trait with associated types")
