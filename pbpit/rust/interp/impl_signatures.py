"""An `impl Trait for S` method whose signature is not the trait's: rustc's E0185/E0186 (a
`self` in one and not the other), E0050 (another count of parameters), E0053 (another
receiver, `&self` given as `&mut self`, or another parameter or result type: `-> f64` for the
trait's `-> f32`, `-> f64` where the impl's `type Out = f32;` makes the trait's `Self::Out`
`f32`, `k: &f32` for `k: f32`).

pbpit erases references, so the written types are read for them (a `&`, a `&mut`, at the top of
each parameter's and the result's type). The comparison is rustc's where it is sure to be: only
types that certainly differ are told (two primitives, two std wrappers of another kind, two of
the file's structs, tuples of another length); a type parameter, `Self`, a trait object, a
tensor, a closure is taken as agreeing."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import Named, ParamT, StructT, TupleT, Ty, Wrap


def _differ(want: Ty, have: Ty, assoc: dict[Any, Ty]) -> bool:
    """Whether the trait's `want` (its `Self::X` the impl's `assoc[X]`) and the impl's `have`
    certainly differ."""
    if type(want) is ParamT and want in assoc:
        want = assoc[want]
    if type(want) is not type(have):
        kinds = (Named, Wrap, TupleT, StructT)
        return type(want) in kinds and type(have) in kinds
    if type(want) is Named:
        return want.name != have.name and "!" not in (want.name, have.name)
    if type(want) is Wrap:
        if want.kind != have.kind or want.size != have.size:
            return True
        if want.err is not None and have.err is not None and _differ(want.err, have.err, assoc):
            return True
        return _differ(want.inner, have.inner, assoc)
    if type(want) is TupleT:
        return len(want.elems) != len(have.elems) or any(
            _differ(w, h, assoc) for w, h in zip(want.elems, have.elems, strict=True)
        )
    if type(want) is StructT:
        return want.item is not have.item
    return False


def _reference(lowerer: Any, type_node: Any) -> str:
    """`&mut`, `&` or `` for a written type (its outermost)."""
    if type_node is None or type_node.type != "reference_type":
        return ""
    mutable = any(c.type == "mutable_specifier" for c in type_node.children)
    return "&mut" if mutable else "&"


def _param_types(fn: Any) -> list[Any]:
    params = fn.node.child_by_field_name("parameters")
    return [
        p.child_by_field_name("type")
        for p in (params.named_children if params is not None else [])
        if p.type == "parameter"
    ]


def _fail(lowerer: Any, node: Any, what: str, code: str, label: str) -> Exception:
    err = lowerer.fail(node, rejects(what, code))
    err.label = label
    return err


def refuse_incompatible(lowerer: Any, item: Any, trait: Any) -> None:
    """Each method of `item`'s `impl trait` that the trait declares, against its signature."""
    found = getattr(lowerer, "assoc_types", {}) if trait.assoc else {}  # (assoc_types.read_impl)
    assoc = {trait.assoc[n]: t for n, t in found.items() if n in trait.assoc}
    for name, sig in trait.methods.items():
        fn = item.methods.get(name)
        if fn is None or fn.node is None or sig.node is None or fn.node is sig.node:
            continue  # (a default body read for the struct is the trait's own)
        _compare(lowerer, trait, name, sig, fn, assoc)


def _compare(lowerer: Any, trait: Any, name: str, sig: Any, fn: Any, assoc: dict) -> None:
    where = fn.node.child_by_field_name("parameters") or fn.node
    if bool(sig.self_kind) != bool(fn.self_kind):
        if sig.self_kind:
            shown = {"ref": "&self", "mut": "&mut self", "value": "self"}[sig.self_kind]
            what = f"method `{name}` has a `{shown}` declaration in the trait, but not in the impl"
            raise _fail(lowerer, fn.node, what, "E0186", f"expected `{shown}` in impl")
        what = f"method `{name}` has a `self` declaration in the impl, but not in the trait"
        raise _fail(lowerer, fn.node, what, "E0185", "`self` used in impl")
    if len(sig.param_tys) != len(fn.param_tys):
        what = (
            f"method `{name}` has {len(fn.param_tys)} parameter"
            f"{'' if len(fn.param_tys) == 1 else 's'} but the declaration in trait "
            f"`{trait.name}::{name}` has {len(sig.param_tys)}"
        )
        raise _fail(lowerer, where, what, "E0050", "expected a different count of parameters")
    what = f"method `{name}` has an incompatible type for trait"
    if sig.self_kind != fn.self_kind:
        raise _fail(lowerer, where, what, "E0053", "types differ in mutability")
    first = 1 if sig.self_kind else 0
    want_nodes, have_nodes = _param_types(sig), _param_types(fn)
    if len(want_nodes) != len(have_nodes):
        return
    pairs = zip(sig.param_tys[first:], fn.param_tys[first:], want_nodes, have_nodes, strict=False)
    for want, have, want_node, have_node in pairs:
        if _reference(lowerer, want_node) != _reference(lowerer, have_node) or _differ(
            want, have, assoc
        ):
            raise _fail(lowerer, have_node, what, "E0053", "incompatible type")
    want_ret = sig.node.child_by_field_name("return_type")
    have_ret = fn.node.child_by_field_name("return_type")
    if _reference(lowerer, want_ret) != _reference(lowerer, have_ret) or _differ(
        sig.ret, fn.ret, assoc
    ):
        raise _fail(lowerer, have_ret or fn.node, what, "E0053", "incompatible type")
