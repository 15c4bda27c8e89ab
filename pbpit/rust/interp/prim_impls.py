"""`impl Describe for f64 { fn describe(&self) -> String { .. } }`: a trait of the file
implemented for a primitive type (a number, `bool`, `char`), as rustc allows it (the trait is
local). Its methods are the program's functions named `f64::describe` (`Crate.fns`), their
`self` and `Self` the primitive type; `x.describe()` on a value of that type (and
`Describe::describe(&x)`) calls them as a struct's method is called (`Method.user`).

The impl is held by a stand-in `StructItem` of kind `"primitive"` (`PRIMITIVE`: its type),
seen only by the lowering of the impl's functions. What rustc rejects: an inherent `impl f64`
(E0390), a trait method missing (E0046), a method the type does not have (E0599). The trait
used as a bound or `dyn` of such a type (`fn show<T: Describe>(x: T)` given an `f64`) is
refused.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import StructItem
from pbpit.rust.interp.types import NAMED, Named, Ty, Var, resolve

PRIMITIVE = "primitive"
"""The attribute of the stand-in item of a primitive type: the type (`NAMED["f64"]`)."""
_TYPES = frozenset(("f32", "f64", "bool", "char", "i8", "i16", "i32", "i64", "i128", "isize",
                    "u8", "u16", "u32", "u64", "u128", "usize"))  # fmt: skip


def lower_impl(lowerer: Any, node: Any, type_node: Any) -> bool:
    """`impl Trait for f64 { .. }`: its functions lowered as the primitive's methods; False
    when `type_node` is no primitive type pbpit knows."""
    name = lowerer.text(type_node)
    if type_node.type != "primitive_type" or name not in _TYPES:
        return False
    trait_node = node.child_by_field_name("trait")
    if trait_node is None:
        what = "cannot define inherent `impl` for primitive types"
        raise lowerer.fail(node, rejects(what, "E0390"))
    dispatch = lowerer.trait_of(trait_node)
    if dispatch is None:
        what = f"`impl {lowerer.text(trait_node)} for {name}` (a trait the file does not define)"
        raise lowerer.fail(trait_node, what)
    item = StructItem(name, lowerer.pos(type_node), type_node, "primitive")
    setattr(item, PRIMITIVE, NAMED[name])
    lowerer.self_type = item
    defined: set[str] = set()
    for member in lowerer.kids(node.child_by_field_name("body")):
        if member.type == "attribute_item" or member.type.endswith("comment"):
            continue
        if member.type != "function_item":
            raise lowerer.fail(member, f"`{member.type.replace('_', ' ')}` in an `impl` block")
        defined.add(lowerer.text(member.child_by_field_name("name")))
        lowerer.method(item, member)
        if item.methods[defined_name(lowerer, member)].self_kind == "mut":
            what = f"`&mut self` of a method of `{name}` (pbpit holds a number by value)"
            raise lowerer.fail(member, what)
    for member in lowerer.kids(dispatch.node.child_by_field_name("body")):
        method = member.child_by_field_name("name")
        if method is None or lowerer.text(method) in defined:
            continue
        if member.type == "function_item":  # the trait's default method
            lowerer.method(item, member)
        elif member.type == "function_signature_item":
            what = f"not all trait items implemented, missing: `{lowerer.text(method)}`"
            raise lowerer.fail(node, rejects(what, "E0046"))
    for fn in item.methods.values():
        fn.primitive_trait = dispatch  # type: ignore[attr-defined]
    setattr(dispatch, PRIMITIVE, True)  # (`refuse_as_bound`)
    lowerer.self_type = None
    return True


def defined_name(lowerer: Any, member: Any) -> str:
    return lowerer.text(member.child_by_field_name("name"))


def self_type(item: Any) -> Ty | None:
    """`Self` inside the impl of a primitive type: the type; None for a struct's impl."""
    return getattr(item, PRIMITIVE, None)


def refuse_as_bound(ck: Any, ty: Ty, trait: Any, pos: Any) -> None:
    """A primitive type given where a trait implemented for a primitive is a bound or a `dyn`
    (`show::<f64>` of `fn show<T: Scale>`, `Box<dyn Scale>` of an `f64`): refused (pbpit
    dispatches on structs only), never called rustc's E0277."""
    if type(resolve(ty)) is Named and getattr(trait, PRIMITIVE, False):
        what = f"`{resolve(ty).name}` as a `{trait.name}` value (a bound or `dyn`; pbpit calls "  # type: ignore[attr-defined]
        raise ck.fail(pos, what + "the methods of an `impl` for a primitive type by `x.method()`)")


def refuse_as_dyn(ck: Any, expected: Ty, found: Ty, pos: Any) -> None:
    """`Box<dyn Scale>` of an `f64` (`refuse_as_bound`); nothing for another coercion."""
    from pbpit.rust.interp.types import DynT

    if type(resolve(expected)) is DynT:
        refuse_as_bound(ck, found, resolve(expected).trait, pos)  # type: ignore[attr-defined]


_STD_TRAITS = frozenset(
    ("to_string", "clone", "into", "eq", "ne", "cmp", "partial_cmp", "fmt", "default", "hash")
)


def _inherent(recv: Named, name: str) -> bool:
    """Whether std's type `recv` has a method `name` of its own (`f64::abs`, `i32::pow`)."""
    from pbpit.rust.interp.std_methods import CHAR_METHODS, FLOAT, INT
    from pbpit.rust.interp.types import BOOL, CHAR, is_float, is_int

    if name in _STD_TRAITS:  # (std's traits' methods every primitive has: E0034 or std's)
        return True
    family = FLOAT if is_float(recv) else INT if is_int(recv) else None
    family = CHAR_METHODS if recv is CHAR else family
    if recv is BOOL:
        return name in ("then", "then_some")
    return family is not None and name in family


def check_method(ck: Any, e: Any, recv: Ty) -> Ty | None:
    """`x.describe()` of `impl Describe for f64`: the call typed as a struct method's is; None
    when the program defines no such method for the receiver's type."""
    from pbpit.rust.interp.builtins import USER
    from pbpit.rust.interp.check_rules import refuse_borrow_for_value

    recv = resolve(recv)
    if type(recv) is Var and recv.kind in ("int", "float"):  # `2.0.scale(3.0)`: the one impl
        floats = recv.kind == "float"
        found = [
            NAMED[t]
            for t in _TYPES
            if t.startswith("f") == floats
            and t not in ("bool", "char")
            and getattr(ck.crate.fns.get(f"{t}::{e.name}"), "primitive_trait", None)
        ]
        if len(found) != 1:
            return None
        ck.unify(found[0], recv, e.recv.pos)
        recv = found[0]
    if type(recv) is not Named:
        return None
    fn = ck.crate.fns.get(f"{recv.name}::{e.name}")
    if _inherent(recv, e.name):  # `x.abs()`: std's own or the trait's, by `x`'s reference
        if fn is not None and getattr(fn, "primitive_trait", None):
            what = f"`{e.name}` of `{recv.name}`, a method of std's and of the file's `impl` "
            raise ck.fail(e.pos, what + "for it (Rust picks by the receiver's reference)")
        return None
    if fn is None or not getattr(fn, "primitive_trait", None) or not fn.self_kind:
        return None
    if e.targs:
        raise ck.fail(e.pos, f"type arguments on `{e.name}`")
    e.impl, e.user = USER, fn
    ck.args(e, *fn.param_tys[1:])
    for i, arg in enumerate(e.args, start=1):
        refuse_borrow_for_value(ck, fn, i, arg)
    return fn.ret


def lower_call(lowerer: Any, node: Any, names: list[str], args: list) -> Any | None:
    """`f64::unit()` (`f64::half(3.0)`): a function of the file's `impl Trait for f64` called by
    the type's path, the function itself (its receiver, if any, the first argument); None for
    any other path."""
    from pbpit.rust.interp.nodes import Call

    if len(names) != 2 or names[0] not in _TYPES:
        return None
    fn = lowerer.fns.get(f"{names[0]}::{names[1]}")
    elsewhere = (lowerer.fns.get(f"{other}::{names[1]}") for other in _TYPES)
    if fn is None and any(getattr(f, "primitive_trait", None) for f in elsewhere):
        # `f32::unit()` where only `f64` implements the trait: rustc's E0599
        what = f"no function or associated item named `{names[1]}` found for type `{names[0]}`"
        raise lowerer.fail(node, rejects(what + " in the current scope", "E0599"))
    if fn is None or getattr(fn, "primitive_trait", None) is None:
        return None
    return Call(lowerer.pos(node), fn, args)


def fn_value(lowerer: Any, node: Any, names: list[str]) -> Any | None:
    """`f32::squash` named as a value (`map(f32::squash)`) of the file's `impl Trait for f32`:
    the function, when it takes `self` by value or no `self` (a `&self` one given values is
    rustc's E0631: left to the caller); None for another path."""
    from pbpit.rust.interp.traits import FnRef  # (traits imports the nodes)

    if len(names) != 2 or names[0] not in _TYPES:
        return None
    fn = lowerer.fns.get(f"{names[0]}::{names[1]}")
    if fn is None or getattr(fn, "primitive_trait", None) is None or fn.type_params:
        return None
    if fn.self_kind not in ("", "value"):
        return None
    return FnRef(lowerer.pos(node), fn)
