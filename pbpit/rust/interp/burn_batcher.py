"""`impl Batcher<I, O> for MyBatcher { fn batch(..) -> O { .. } }`: Burn's `Batcher` trait
(burn-core `data/dataloader/batcher.rs`: `pub trait Batcher<I, O>: Send + Sync { fn batch(&self,
items: Vec<I>, device: &Device) -> O; }`; the older dialect's `Batcher<B, I, O>` takes `&B::Device`)
implemented by the program for its own struct. pbpit runs no `DataLoader`; the program calls
`batcher.batch(items, &device)` itself, so `batch` is lowered as the struct's own method (as
`default_impls.py` lowers `impl Default`). The trait's rules are rustc's: no other member
(E0407), `batch` itself required (E0046); the trait must be imported (`use
burn::data::dataloader::batcher::Batcher;`, or a glob of its module), else rustc's E0405."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects

NAME = "Batcher"
_MODULE = ("burn", "data", "dataloader", "batcher")
_PATH = "burn::data::dataloader::batcher::Batcher"


def is_impl(lowerer: Any, node: Any, trait_node: Any) -> bool:
    """Whether the `impl` `node` is of Burn's `Batcher` (2 or 3 type arguments), its members
    then lowered as an inherent impl's; rustc's errors for a wrong one."""
    from pbpit.rust.interp.uses import trait_in_scope

    if trait_node.type != "generic_type" or lowerer.named_struct(NAME) is not None:
        return False
    base = trait_node.child_by_field_name("type")
    written = lowerer.text(base).replace(" ", "")
    if written not in (NAME, _PATH) or NAME in getattr(lowerer, "trait_items", {}):
        return False
    args = lowerer.kids(trait_node.child_by_field_name("type_arguments"))
    if len(args) not in (2, 3):
        return False
    if written == NAME and not trait_in_scope(lowerer.src, NAME, _MODULE):
        what = f"cannot find trait `{NAME}` in this scope"
        raise lowerer.fail(base, rejects(what, "E0405"))
    names = []
    for member in lowerer.kids(node.child_by_field_name("body")):
        if member.type == "function_item":
            found = lowerer.text(member.child_by_field_name("name"))
            if found != "batch":
                what = f"method `{found}` is not a member of trait `{NAME}`"
                raise lowerer.fail(member, rejects(what, "E0407"))
            names.append(found)
    if "batch" not in names:
        what = "not all trait items implemented, missing: `batch`"
        raise lowerer.fail(node, rejects(what, "E0046"))
    return True
