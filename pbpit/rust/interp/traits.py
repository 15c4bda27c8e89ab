"""Traits the program defines, used for dispatch: lowering of trait items, bounds, trait objects
and functions as values (a part of `lower.Lowerer`), and the expressions only they make.

A type parameter bounded by one of the file's traits (`fn f<T: Shape>(t: &T)`, `where T:
Shape`) is a `ParamT`; a bound `Fn(f32) -> f32` makes the parameter that closure type (`FnT`:
closures are typed by their signature); `dyn Shape` and `impl Shape` are `DynT`, `Box<T>` is
`T`. Methods on a `ParamT` or `DynT` value run the method of the value's own struct, found at
run time; `T::NAME` and `T::new(..)` run those of the type the call gave `T`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pbpit.rust.interp import (
    assoc_types,
    burn_nn,
    impl_bounds,
    impl_signatures,
    iterator_params,
    num_refs,
    results_types,
    returned_iterators,
    std_generics,
    turbofish_arity,
)
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.lower_tables import _DYN_ERROR
from pbpit.rust.interp.nodes import (
    Call,
    ConstItem,
    ConstRef,
    Expr,
    FnItem,
    Pos,
    StructItem,
)
from pbpit.rust.interp.types import FLOAT_NAMES, UNIT, DynT, FnT, ParamT, StructT, Ty
from pbpit.rust.interp.value_slots import ValueSlots

Node = Any

FN_TRAITS = ("Fn", "FnMut", "FnOnce")
FLOAT_FUNCTIONS = ("max", "min", "abs", "sqrt", "exp", "ln", "tanh", "powf", "total_cmp")
"""`f32::max` and the like, usable as values (`fold(0.0, f32::max)`, `sort_by(f32::total_cmp)`)."""


@dataclass(eq=False)
class TraitItem:
    """`trait Name { .. }`: its methods' signatures (`Self` is `self_param`), its associated
    consts' types, and the structs with an `impl` of it."""

    name: str
    pos: Pos
    node: Node
    self_param: ParamT
    methods: dict[str, FnItem] = field(default_factory=dict)
    consts: dict[str, Ty] = field(default_factory=dict)
    impls: set[StructItem] = field(default_factory=set)
    supertraits: list[TraitItem] = field(default_factory=list)
    assoc: dict[str, ParamT] = field(default_factory=dict)  # `type Item;` (assoc_types.py)


# -- the expressions ------------------------------------------------------------------------------


@dataclass(eq=False)
class FnRef(Expr):
    """A function named as a value: `apply(double, 3.0)`."""

    pos: Pos
    fn: FnItem


@dataclass(eq=False)
class FloatFn(Expr):
    """`f32::max` (`owner` "f32") as a value."""

    pos: Pos
    owner: str
    name: str


@dataclass(eq=False)
class BoxNew(Expr):
    """`Box::new(value)`: the value itself (pbpit erases the box), coerced where a `dyn` is
    expected."""

    pos: Pos
    value: Expr


@dataclass(eq=False)
class AssocConst(Expr):
    """`T::NAME` for a type parameter `T`."""

    pos: Pos
    param: ParamT
    trait: TraitItem
    name: str


@dataclass(eq=False)
class AssocCall(Expr):
    """`T::new(..)` for a type parameter `T`: the function of the type the call gave `T`."""

    pos: Pos
    param: ParamT
    trait: TraitItem
    name: str
    args: list[Expr]


REFUSED_IMPL = "refused_impl"
"""The attribute of a `TraitItem` one of whose `impl`s was refused (`impl AsF64 for i32`): a
type's missing impl of it follows from that refusal, no error of rustc's (E0277)."""


def subst(ty: Ty, mapping: dict[ParamT, Ty]) -> Ty:
    """`ty` with each type parameter of `mapping` replaced."""
    from pbpit.rust.interp.types import TupleT, Wrap, resolve

    if not mapping:
        return ty
    ty = resolve(ty)
    if type(ty) is ParamT:
        return mapping.get(ty, ty)
    if type(ty) is Wrap:
        err = None if ty.err is None else subst(ty.err, mapping)
        return Wrap(ty.kind, subst(ty.inner, mapping), ty.size, err)
    if type(ty) is TupleT:
        return TupleT([subst(t, mapping) for t in ty.elems])
    if type(ty) is FnT:
        return FnT([subst(t, mapping) for t in ty.params], subst(ty.ret, mapping), ty.values)
    if type(ty) is StructT and ty.args:  # `Stack<T>`
        return StructT(ty.item, tuple(subst(t, mapping) for t in ty.args))
    return ty


def type_params(fn: FnItem) -> list[ParamT]:
    """The type parameters bounded by the file's traits of a function (`T` of `f<T: Shape>`)."""
    return [t for t in fn.type_params.values() if type(t) is ParamT]


class TraitLowering:
    """The lowerer's rules for traits used for dispatch (a part of `lower.Lowerer`)."""

    def init_traits(self: Any) -> None:
        self.trait_items: dict[str, TraitItem] = {}
        self.type_params: dict[str, Ty] = {}  # the generic parameters in scope that are types
        self.generic_order: list[str] = []  # the last item's generic parameters, as written

    def note_refused_impl(self: Any, node: Node) -> None:
        """Mark the trait of the refused item `node` when it is an `impl Trait for T`."""
        trait = node.child_by_field_name("trait") if node.type == "impl_item" else None
        item = self.trait_items.get(self.text(trait)) if trait is not None else None
        if item is not None:
            setattr(item, REFUSED_IMPL, True)

    def declare_trait(self: Any, node: Node) -> None:
        name = self.text(node.child_by_field_name("name"))
        self.trait_items[name] = TraitItem(name, self.pos(node), node, ParamT("Self", []))
        self.trait_items[name].self_param.bounds.append(self.trait_items[name])

    def trait_of(self: Any, node: Node | None) -> TraitItem | None:
        """The file's trait a bound names (`Shape`, `Loss<B>`, `crate::Shape`), or None."""
        if node is None:
            return None
        if node.type == "generic_type":
            node = node.child_by_field_name("type")
        if node.type == "scoped_type_identifier":
            node = node.child_by_field_name("name")
        if node.type != "type_identifier":
            return None
        return self.trait_items.get(self.text(node))

    # -- generic parameters and their bounds -------------------------------------------------------

    def dispatch_params(self: Any, node: Node, backends: set[str]) -> None:
        """The type parameters of `node` bounded by the file's traits or by `Fn(..)`: in
        `type_params` from now on, and no longer backends."""
        bounds = impl_bounds.written_bounds(self, node)  # in the order written
        self.generic_order = list(bounds)
        if node.type == "struct_item":  # `struct Trainer<O>` of `impl<O: Optimizer<..>> ..`
            impl_bounds.add_impl_bounds(self, node, bounds)
        instance = getattr(self, "instance_types", {})
        free_fn = node.type == "function_item" and self.self_type is None
        for name, written in bounds.items():
            if free_fn and name in instance:  # an instance of a std-generic fn: its type
                self.type_params[name] = instance[name]
                backends.discard(name)
                continue
            std = std_generics.read_bounds(self, written) if free_fn else None
            if node.type == "function_item" and not written:  # `fn f<T>(v: &mut Vec<T>)`
                std = {}  # (a method's too): a type parameter, as rustc reads it (a Burn
                # backend has a bound: `B: Backend`)
            if std is not None:  # `T: PartialOrd + Copy` (std_generics.py)
                self.type_params[name] = ParamT(name, [])
                self.type_params[name].std = std
                backends.discard(name)
                continue
            closure = next((b for b in written if self.fn_trait(b)), None)
            if closure is not None:
                self.type_params[name] = self.closure_type(closure)
                backends.discard(name)
                continue
            iterator = iterator_params.iterator_bound(self, written)  # `I: Iterator<Item = X>`
            if iterator is not None:
                self.type_params[name] = iterator
                backends.discard(name)
                continue
            traits = [t for t in map(self.trait_of, written) if t is not None]
            assoc_types.refuse_bound(self, written[0] if written else node, traits)
            burn = {self.burn_trait(b) for b in written} & {"AutodiffModule", "Module"}
            if traits:  # `M: AutodiffModule + Forward`: a Burn module with the file's traits
                module = min(burn) if burn else ""  # (`AutodiffModule` when both are named)
                self.type_params[name] = ParamT(name, traits, module=module)
                backends.discard(name)
            elif any(self.burn_trait(b) == "Optimizer" for b in written):
                self.type_params[name] = burn_nn.NAMED_TYPES["Optimizer"]  # `O: Optimizer<M, B>`
                backends.discard(name)
            elif any(self.burn_trait(b) in ("AutodiffModule", "Module") for b in written):
                autodiff = any(self.burn_trait(b) == "AutodiffModule" for b in written)
                module = "AutodiffModule" if autodiff else "Module"  # `M: AutodiffModule<B>`
                self.type_params[name] = ParamT(name, [], module=module)
                backends.discard(name)

    def burn_trait(self: Any, node: Node) -> str:
        """The name of a bound that is not the file's own trait (`Optimizer` of
        `Optimizer<M, B>`, `burn::optim::Optimizer<..>`)."""
        if node.type == "generic_type":
            node = node.child_by_field_name("type")
        if node.type == "scoped_type_identifier":
            node = node.child_by_field_name("name")
        name = self.text(node) if node.type == "type_identifier" else ""
        return "" if name in self.trait_items else self.unalias(name)

    def fn_trait(self: Any, node: Node) -> bool:
        if node.type != "function_type":
            return False
        trait = node.child_by_field_name("trait")
        return trait is None or self.text(trait) in FN_TRAITS

    def closure_type(self: Any, node: Node) -> FnT:
        """`Fn(f32) -> f32`, `fn(f32) -> f32`: the type of the closures and functions it takes."""
        written = self.kids(node.child_by_field_name("parameters"))
        params = [self.type(p) for p in written]
        ret = node.child_by_field_name("return_type")
        values = tuple(ValueSlots(self).is_value(p) for p in written)
        trait = node.child_by_field_name("trait")  # `Fn` of `Fn(f32)`; none in `fn(f32)`
        named = self.text(trait) if trait is not None else ""
        return FnT(params, self.type(ret) if ret is not None else UNIT, values, named)

    def dispatch_type(self: Any, node: Node) -> Ty | None:
        """`dyn Shape`, `impl Shape`, `dyn Fn(..)`, `fn(..) -> T`, `Box<T>`; None for other
        types."""
        kind = node.type
        if kind == "function_type" and self.fn_trait(node):
            return self.closure_type(node)
        if kind == "bounded_type":  # `-> impl Iterator<Item = f32> + '_`
            return returned_iterators.result_type(self, node)
        if kind in ("dynamic_type", "abstract_type"):
            trait_node = node.child_by_field_name("trait")
            if trait_node is not None and self.fn_trait(trait_node):
                return self.closure_type(trait_node)
            iterator = iterator_params.argument_type(self, node)  # `impl Iterator<Item = X>`
            if iterator is not None:
                return iterator
            trait = self.trait_of(trait_node)
            if trait is not None:
                assoc_types.refuse_dyn(self, node, trait)  # `dyn Dataset`: E0191 in rustc
                return DynT(trait)
            return None
        if kind == "generic_type" and self.text(node.child_by_field_name("type")) == "Box":
            args = self.kids(node.child_by_field_name("type_arguments"))
            if _DYN_ERROR.fullmatch(self.text(node)) and "Error" not in self.trait_items:
                return results_types.dyn_error_type(self, node)  # std's `Box<dyn Error>`
            if len(args) == 1:
                return self.type(args[0])
        return None

    # -- trait items and their impls ---------------------------------------------------------------

    def trait_body(self: Any, node: Node) -> None:
        """A `trait` item: its signatures and consts (its default bodies are read once for each
        `impl`, with `Self` the implementing struct)."""
        trait = self.trait_items[self.text(node.child_by_field_name("name"))]
        bounds = node.child_by_field_name("bounds")
        for bound in self.kids(bounds) if bounds is not None else []:
            found = self.trait_of(bound)
            if found is not None:
                trait.supertraits.append(found)
        backends, dims = self.generic_params(node)  # `trait Loss<B: Backend>`: a backend
        self.backends, self.dims = frozenset(backends), frozenset(dims)
        self.type_params = {**self.type_params, "Self": trait.self_param}
        saved = assoc_types.declare(self, trait)  # `type Item;`: `Self::Item` in signatures
        for member in self.kids(node.child_by_field_name("body")):
            if member.type in ("function_item", "function_signature_item"):
                fn = self.trait_signature(trait, member)
                trait.methods[fn.name] = fn
            elif member.type == "const_item":
                name = self.text(member.child_by_field_name("name"))
                trait.consts[name] = self.type(member.child_by_field_name("type"))
        assoc_types.restore(self, saved)
        self.backends, self.dims = frozenset(), frozenset()
        self.type_params = {}

    def trait_signature(self: Any, trait: TraitItem, node: Node) -> FnItem:
        fn = FnItem(self.text(node.child_by_field_name("name")), self.pos(node), node)
        fn.cell_params = []  # type: ignore[attr-defined]  # (`mark_cell_args`)
        for param in self.kids(node.child_by_field_name("parameters")):
            if param.type == "self_parameter" and not fn.param_tys:
                fn.self_kind = self.self_kind(param)
                fn.param_tys.append(trait.self_param)
            elif param.type == "parameter":
                written = param.child_by_field_name("type")
                cell = num_refs.param(self, written)  # `p: &mut f64`, as a function's (num_refs)
                fn.param_tys.append(cell if cell is not None else self.type(written))
                fn.cell_params.append(cell is not None)  # type: ignore[attr-defined]
            else:
                raise self.fail(param, "this parameter")
        ret = node.child_by_field_name("return_type")
        fn.ret = self.type(ret) if ret is not None else UNIT
        return fn

    def impl_of(self: Any, item: StructItem, trait: TraitItem, node: Node) -> None:
        """`impl Trait for Item`: the item implements it; its consts (the trait's defaults for
        those it leaves out) are the consts `Item::NAME`."""
        trait.impls.add(item)
        impl_signatures.refuse_incompatible(self, item, trait)  # `-> f64` for `-> f32`: E0053
        defined: set[str] = set()
        members = self.kids(node.child_by_field_name("body"))
        for member in members:
            if member.type == "const_item":
                defined.add(self.impl_const(item, member))
        for member in self.kids(trait.node.child_by_field_name("body")):
            if member.type == "const_item":
                name = self.text(member.child_by_field_name("name"))
                if name in defined:
                    continue
                if member.child_by_field_name("value") is None:
                    what = f"not all trait items implemented, missing: `{name}`"
                    raise self.fail(node, rejects(what, "E0046"))
                self.impl_const(item, member)

    def impl_const(self: Any, item: StructItem, node: Node) -> str:
        name = self.text(node.child_by_field_name("name"))
        const = ConstItem(f"{item.name}::{name}", self.pos(node), node)
        const.ty = self.type(node.child_by_field_name("type"))
        self.consts[const.name] = const
        return name

    # -- paths and values --------------------------------------------------------------------------

    def dispatch_path(self: Any, node: Node, segs: list) -> Expr | None:
        """`T::NAME` (a type parameter's), `Circle::NAME`, `Self::NAME` (an impl's const),
        `f32::max` (a function as a value); None for other paths."""
        if len(segs) != 2:
            return None
        (owner, owner_node, _), (name, _, _) = segs
        param = self.type_params.get(owner)
        if type(param) is ParamT:
            for trait in param.bounds:
                if name in trait.consts:
                    return AssocConst(self.pos(node), param, trait, name)
            return None
        item = self.named_struct(owner)
        if item is not None and f"{item.name}::{name}" in self.consts:
            return ConstRef(self.pos(node), self.consts[f"{item.name}::{name}"])
        if owner in FLOAT_NAMES and name in FLOAT_FUNCTIONS:
            return FloatFn(self.pos(node), owner, name)
        return None

    def dispatch_call(self: Any, node: Node, function: Node, args: list[Expr]) -> Expr | None:
        """`T::new(..)` of a type parameter, `Box::new(x)`; None for other calls."""
        segs = self.segments(function)
        if len(segs) != 2:
            return None
        (owner, _, _), (name, _, _) = segs
        if owner == "Box" and name == "new" and len(args) == 1:
            return BoxNew(self.pos(node), args[0])
        default = std_generics.default_call(self, node, owner, name, args)  # `T::default()`
        if default is not None:
            return default
        param = self.type_params.get(owner)
        if type(param) is not ParamT:
            return None
        for trait in param.bounds:
            if name in trait.methods:
                return AssocCall(self.pos(node), param, trait, name, args)
        what = (
            f"no function or associated item named `{name}` found for type parameter "
            f"`{owner}` in the current scope"
        )
        raise self.fail(segs[1][1], rejects(what, "E0599"))

    def fn_value(self: Any, node: Node, name: str) -> Expr | None:
        """A function named as a value (`apply(double, 3.0)`)."""
        fn = self.fns.get(name)
        if fn is None or not self.sees(name) or type_params(fn):
            return None
        return FnRef(self.pos(node), fn)

    def turbofish(self: Any, call: Call, targs: Node | None) -> None:
        """`make::<Square>(..)`: the types written for the function's type parameters (its
        backends are typed away)."""
        fn = call.callee
        if targs is None or not isinstance(fn, FnItem):
            return
        turbofish_arity.refuse(self, fn, targs)  # `scale::<f32, f32>` of `fn scale<T>`: E0107
        order = fn.generic_order
        written: dict[ParamT, Ty] = {}
        for name, arg in zip(order, self.kids(targs), strict=False):
            param = fn.type_params.get(name)
            if type(param) is ParamT:
                written[param] = self.type(arg)
        call.turbofish = written


def struct_of(ty: Ty) -> StructItem | None:
    return ty.item if type(ty) is StructT else None  # type: ignore[return-value]


class _CellParam:
    num_ref = True  # (what `num_refs.mark_argument` asks of a parameter's binding)


def mark_cell_args(checker: Any, sig: FnItem, args: list) -> None:
    """`o.update(&mut w, g)` of a trait's `fn update(&mut self, p: &mut f64, g: f64)` called on
    a `dyn` or generic receiver: each argument given a `&mut` number parameter made a cell, as
    for the program's own functions (num_refs.py); another argument (`&w`, a value) is
    rustc's E0308."""
    from pbpit.rust.interp.grammar import rejects
    from pbpit.rust.interp.nodes import Local
    from pbpit.rust.interp.types import show

    cells = getattr(sig, "cell_params", ())
    for takes, arg, ty in zip(cells, args, sig.param_tys[1:], strict=False):
        if not takes:
            continue
        lent = isinstance(arg, Local) and not arg.borrowed and num_refs.holds_cell(arg.binding)
        if not (arg.mut_borrow or lent):
            what = f"mismatched types: expected `&mut {show(ty)}`"
            raise checker.fail(arg.pos, rejects(what, "E0308"))
        num_refs.mark_argument(_CellParam, arg)
