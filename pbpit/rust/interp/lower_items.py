"""Lowering the program's own types: `struct` and `enum` items with their derives, generics,
`impl` blocks and their methods, associated functions, struct expressions."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import (
    assoc_types,
    burn_batcher,
    burn_nn,
    concrete_impls,
    default_impls,
    derive_default,
    enum_keys,
    enum_uses,
    error_from,
    error_types,
    field_privacy,
    generic_impls,
    op_traits,
    place_moves,
    prim_impls,
    references,
    struct_lifetimes,
    sum_impls,
    user_iterators,
)
from pbpit.rust.interp.check_tables import wrong_arity
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.lower_tables import (
    _COMMENTS,
    Node,
)
from pbpit.rust.interp.nodes import (
    Block,
    Call,
    Expr,
    ExprStmt,
    Field,
    Let,
    Local,
    Method,
    StructItem,
    StructLit,
    Unsupported,
)
from pbpit.rust.interp.types import ParamT, StructT, Var

_MADE = ("call_expression", "struct_expression", "macro_invocation")
"""A `..base` that makes a value (`..Default::default()`, `..make()`): held once."""
_PLACES = ("identifier", "self", "unary_expression", "field_expression")
_STD_TYPES = frozenset(("Vec", "String", "Option", "Result", "Box", "HashMap", "BTreeMap"))
"""A `..base` that is a place pbpit reads fields of (`..a`, `..*self`, `..self.cfg`)."""
ORDER_DERIVES = ("PartialOrd", "Eq", "Ord")
"""Derives read once every item is (`check_order_derives`): compared as rustc's derive does,
by variant, then field by field (`ordering.partial_cmp`)."""
GENERIC_STRUCT = "a `Copy` struct generic over the type of a field (`struct P<T> { x: T }`)"


class ItemLowering:
    """Structs, enums and impls (a part of `Lowerer`)."""

    # -- the program's own types: structs, impls, traits, tuples ----------------------------------

    def declare_types(self, items: list[Node]) -> None:
        """Every `struct` and `trait` of the file, by name, before any type is read (a field or
        a signature may name a struct defined further down)."""
        for node in items:
            if node.type == "enum_item":
                name = self.text(node.child_by_field_name("name"))
                if name in self.structs:
                    what = f"the name `{name}` is defined multiple times"
                    raise self.fail(node, rejects(what, "E0428"))
                self.structs[name] = StructItem(name, self.pos(node), node, "enum")
            elif node.type == "struct_item":
                name = self.text(node.child_by_field_name("name"))
                body = node.child_by_field_name("body")
                kind = (
                    "unit"
                    if body is None
                    else ("named" if body.type == "field_declaration_list" else "tuple")
                )
                if name in self.structs:
                    what = f"the name `{name}` is defined multiple times"
                    raise self.fail(node, rejects(what, "E0428"))
                self.structs[name] = StructItem(name, self.pos(node), node, kind)
            elif node.type == "trait_item":
                self.traits[self.text(node.child_by_field_name("name"))] = node
                self.declare_trait(node)

    def named_struct(self, name: str) -> StructItem | None:
        if name == "Self":
            return self.self_type
        name = self.unalias(name)  # `use shapes::Point as P;`
        found = self.structs.get(name) if self.sees(name) else None
        return found if found is not None else enum_uses.variant(self, name)  # `use E::*;`

    def is_derive(self, node: Node) -> bool:
        attr = next((c for c in self.kids(node) if c.type == "attribute"), None)
        return (
            attr is not None
            and bool(attr.named_children)
            and (self.text(attr.named_children[0]) == "derive")
        )

    def struct_fields(self, node: Node, derives: Node | None) -> None:
        item = self.structs[self.text(node.child_by_field_name("name"))]
        item.derives = self.derived(derives)
        item.copy_derive = self.copy_derive  # type: ignore[attr-defined]
        hash_derive = self.hash_derive
        if "Default" in item.derives:  # `Name::default()`, written by derive_default.py
            derive_default.declare(self, item)
        self.generics(node, item)
        self.value_params(node, item)  # `struct Stack<T> { items: Vec<T> }`
        enum_keys.refuse_hash(self, item, hash_derive)  # `Hash` of a struct, its fields read
        self.backends, self.dims = frozenset(), frozenset()
        if "Config" in item.derives:  # Burn's derive: `new` and the `with_*` builders
            burn_nn.declare_config(self, item)

    def value_params(self, node: Node, item: StructItem) -> None:
        """Read the fields of `item`; a type parameter a field holds as a value (`items:
        Vec<T>`, `item: T` of `T: Shape`) is one of its value parameters (`item.params`, a
        `ParamT` each, in the order written), not a backend."""
        order = list(self.generic_order)
        for name in order:  # bounded by the file's traits: `T: Shape`
            if type(self.type_params.get(name)) is ParamT and not self.type_params[name].module:
                self.type_params[name].owner = item
        while True:
            self.backends, self.dims = item.backends, item.dims
            self.generic_fields = True  # (a backend named as a field's type: `lower_types`)
            item.fields = []
            try:
                self.fields(item, node.child_by_field_name("body"))
                break
            except Unsupported as err:
                name = getattr(err, "value_param", None)
                if name is None or name not in order:
                    raise
                self.type_params[name] = ParamT(name, [])
                self.type_params[name].owner = item
                item.backends = item.backends - {name}
            finally:
                self.generic_fields = False
        params = [self.type_params.get(name) for name in order]
        item.params = [p for p in params if type(p) is ParamT and getattr(p, "owner", None)]
        item.param_at = [i for i, p in enumerate(params) if p in item.params]
        if item.params and "Copy" in item.derives:
            raise self.fail(node.child_by_field_name("type_parameters"), GENERIC_STRUCT)

    def impl_params(
        self, node: Node, type_node: Node, item: StructItem, scoped: StructItem
    ) -> None:
        """`impl<U> Stack<U>`: the impl's `U` names the struct's value parameter (its bounds
        added to it: `impl<T: Shape> Holder<T>`), or is one of its own when bounded by std's
        traits (`impl<T: Default> Acc<T>`, generic_impls.py); numbers or texts written there
        instead (`impl Ring<f32>`) make `Self` that type (concrete_impls.py); else refused."""
        params = getattr(item, "params", [])
        self.impl_args = None
        if not params:
            return
        args_of_self = []
        written = type_node.child_by_field_name("type_arguments")
        args = self.kids(written) if written is not None else []
        args = [a for a in args if a.type != "lifetime"]  # `impl<'a, T> S<'a, T>`
        concrete = [
            concrete_impls.written_type(self, args[at]) if at < len(args) else None
            for at in item.param_at
        ]
        if node.child_by_field_name("trait") is None and all(t is not None for t in concrete):
            self.impl_args = (item, tuple(concrete))  # `impl Ring<f32>` (concrete_impls.py)
            self.concrete_impl = tuple(concrete)
            return
        for at, param in zip(item.param_at, params, strict=True):
            name = self.text(args[at]) if at < len(args) else ""
            if name not in self.generic_order:
                what = "an `impl` for some types of a generic struct (`impl Stack<f32>`)"
                raise self.fail(args[at] if at < len(args) else type_node, what)
            own = self.type_params.get(name)
            if type(own) is ParamT:
                param.bounds.extend(b for b in own.bounds if b not in param.bounds)
            bounded = generic_impls.own_param(self, node, name, param)  # `impl<T: Default>`
            self.type_params[name] = bounded or param
            args_of_self.append(bounded or param)
            scoped.backends = scoped.backends - {name}
        if any(a is not p for a, p in zip(args_of_self, params, strict=True)):
            self.impl_args = (item, tuple(args_of_self))

    def enum_variants(self, node: Node, derives: Node | None) -> None:
        item = self.structs[self.text(node.child_by_field_name("name"))]
        item.derives = self.derived(derives)
        item.copy_derive = self.copy_derive  # type: ignore[attr-defined]
        if "Default" in item.derives:
            derive_default.declare(self, item)  # (refused on an enum)
        self.generics(node, item)
        self.backends, self.dims = item.backends, item.dims
        for variant in self.kids(node.child_by_field_name("body")):
            if variant.type != "enum_variant":
                raise self.fail(variant, f"`{self.text(variant)}` in an `enum`")
            if variant.child_by_field_name("value") is not None:
                raise self.fail(variant, "an explicit discriminant (`= n`)")
            body = variant.child_by_field_name("body")
            kind = (
                "unit"
                if body is None
                else ("named" if body.type == "field_declaration_list" else "tuple")
            )
            name = self.text(variant.child_by_field_name("name"))
            if any(v.name == name for v in item.variants):
                what = f"the name `{name}` is defined multiple times"
                raise self.fail(variant, rejects(what, "E0428"))
            case = StructItem(name, self.pos(variant), variant, kind, derives=item.derives)
            case.enum, case.variant = item, len(item.variants)
            self.fields(case, body)
            item.variants.append(case)
        enum_keys.refuse_hash(self, item, self.hash_derive)  # `Hash` of an enum with fields
        self.backends, self.dims = frozenset(), frozenset()

    def variant(self, item: StructItem | None, name_node: Node) -> StructItem | None:
        """`E::V`: the variant `V` of the enum `item` (None if `item` is not an enum)."""
        if item is None or item.kind != "enum":
            return None
        name = self.text(name_node)
        for case in item.variants:
            if case.name == name:
                return case
        what = (
            f"no variant or associated item named `{name}` found for enum `{item.name}` in "
            "the current scope"
        )
        raise self.fail(name_node, rejects(what, "E0599"))

    def derived(self, derives: Node | None) -> frozenset[str]:
        names: set[str] = set()
        self.copy_derive: Node | None = None
        self.hash_derive: Node | None = None  # `Hash`: a fieldless enum's only (enum_keys.py)
        if derives is not None:
            args = next(c for c in self.kids(derives) if c.type == "attribute")
            tree = args.child_by_field_name("arguments")
            for derive in self.kids(tree) if tree is not None else []:
                name = self.text(derive)
                if name in ("Module", "Config"):  # Burn's derives (`pbpit.nn`; burn_nn): Clone
                    names.update((name, "Clone"))
                    continue
                if name == "Copy":  # (copy_types.py: checked once every item is read)
                    self.copy_derive = derive
                elif name == "Hash":
                    self.hash_derive = derive
                elif name not in ("Debug", "Clone", "PartialEq", "Default", *ORDER_DERIVES):
                    raise self.fail(
                        derive,
                        f"`#[derive({name})]` (pbpit derives `Debug`, `Clone`, `Copy`, "
                        "`PartialEq`, `Eq`, `PartialOrd`, `Ord`, `Default`, a fieldless enum's "
                        "`Hash` and Burn's `Module`)",
                    )
                names.add(name)
        return frozenset(names)

    def fields(self, item: StructItem, body: Node | None) -> None:
        if body is not None and body.type == "field_declaration_list":
            for decl in self.kids(body):
                if decl.type == "attribute_item" and "Config" in item.derives:
                    continue  # `#[config(default = ..)]`: read by `burn_nn.declare_config`
                if decl.type != "field_declaration":
                    raise self.fail(decl, "this field")
                name = self.text(decl.child_by_field_name("name"))
                written = decl.child_by_field_name("type")
                struct_lifetimes.refuse_unnamed_field(self, written)  # `xs: &[f32]`: E0106
                item.fields.append((name, self.type(written)))
        elif body is not None:
            types = [c for c in self.kids(body) if c.type != "visibility_modifier"]
            for written in types:
                struct_lifetimes.refuse_unnamed_field(self, written)  # `struct V(&[f32]);`
            item.fields = [(str(i), self.type(t)) for i, t in enumerate(types)]

    def generics(self, node: Node, item: StructItem) -> None:
        """A struct's or an impl's generic parameters: type parameters are backends (typed
        away), `const D: usize` a rank."""
        backends, dims = self.generic_params(node)
        item.backends, item.dims = frozenset(backends), frozenset(dims)

    def generic_params(self, node: Node) -> tuple[set[str], set[str]]:
        """The names of an item's type parameters (backends) and const parameters (ranks);
        lifetimes pass, anything else is refused."""
        backends, dims = set(), set()
        generics = node.child_by_field_name("type_parameters")
        for param in self.kids(generics) if generics is not None else []:
            if param.type == "type_parameter":
                backends.add(self.text(param.child_by_field_name("name")))
            elif param.type == "const_parameter":
                dims.add(self.text(param.child_by_field_name("name")))
            elif param.type != "lifetime_parameter":
                raise self.fail(param, "this generic parameter")
        self.dispatch_params(node, backends)  # `T: Shape`, `F: Fn(f32) -> f32` (traits.py)
        return backends, dims

    def impl_block(self, node: Node) -> None:
        """`impl Model { .. }`, `impl<B: Backend> Model<B> { .. }`, `impl Trait for Model`: its
        functions join the struct's (a trait's default methods too, unless overridden)."""
        type_node = node.child_by_field_name("type")
        base = (
            type_node.child_by_field_name("type") if type_node.type == "generic_type" else type_node
        )
        if prim_impls.lower_impl(self, node, type_node):  # `impl Trait for f64`
            return
        item = self.structs.get(self.text(base)) if base.type == "type_identifier" else None
        if item is None and self.text(base) in _STD_TYPES and self.text(base) not in self.aliases:
            # `impl Total for Vec<i32>`: rustc runs it, pbpit's impls are of the file's types
            what = f"`impl` for `{self.text(type_node)}`, a type of std (pbpit runs a trait of "
            raise self.fail(type_node, what + "the file for its structs and primitive types)")
        if item is None and base.type == "type_identifier" and self.text(base) not in self.aliases:
            what = f"cannot find type `{self.text(base)}` in this scope"
            raise self.fail(base, rejects(what, "E0425"))
        if type_node.type == "reference_type" and op_traits.lower_ref_impl(self, node, type_node):
            return  # `impl Mul for &Mat`: std's operator on references (op_traits.py)
        if item is None:
            raise self.fail(type_node, f"`impl` for `{self.text(type_node)}` (only for a struct)")
        struct_lifetimes.refuse_elided_impl(self, item, type_node)  # `impl .. for Batches`: E0726
        trait_node = node.child_by_field_name("trait")
        trait, iterator, totals = None, False, None
        if trait_node is not None:
            dispatch = self.trait_of(trait_node)  # `Loss<B>` too (traits.py)
            trait = dispatch.node if dispatch is not None else None
            if trait is None and error_types.std_impl(self, node, item, trait_node):
                return  # std's `Display` and `Error` for an error type (error_types.py)
            if trait is None and op_traits.lower_impl(self, node, item, trait_node):
                return  # std's `Add`, `Neg`, `AddAssign`.. for a struct (op_traits.py)
            if trait is None and error_from.lower_impl(self, node, item, trait_node):
                return  # std's `From<E>` for an error type (error_from.py)
            iterator = trait is None and user_iterators.is_impl(self, trait_node)
            totals = None if trait is not None else sum_impls.trait_of(self, item, trait_node)
            if iterator or trait is not None or totals is not None:
                pass  # `impl Iterator for Counter` (user_iterators.py), `impl Sum for M`: methods
            elif burn_batcher.is_impl(self, node, trait_node):
                pass  # Burn's `Batcher<I, O>`: `batch` as the struct's method (burn_batcher.py)
            elif not default_impls.is_default_impl(self, node, item, trait_node):
                raise self.fail(
                    trait_node, f"`impl {self.text(trait_node)}` (a trait the file does not define)"
                )
        scoped = StructItem(item.name, item.pos, item.node, item.kind)
        self.generics(node, scoped)
        self.impl_params(node, type_node, item, scoped)  # `impl<T> Stack<T>`: the struct's T
        outer = item.backends, item.dims
        item.backends, item.dims = scoped.backends, scoped.dims
        self.self_type = item
        defined: set[str] = set()
        saved_assoc = assoc_types.read_impl(self, dispatch, node) if trait is not None else None
        if iterator:
            user_iterators.read_item(self, item, node)  # `type Item = u32;`, `Self::Item`
        for member in self.kids(node.child_by_field_name("body")):
            if member.type in ("attribute_item",):
                self.attribute(member)
                continue
            if member.type == "const_item" and trait is not None:
                continue  # read by `impl_of` (traits.py)
            if iterator and user_iterators.item_type(member):
                continue  # `type Item = u32;`
            if saved_assoc is not None and assoc_types.is_member(member):
                continue  # `type Item = u64;` of the file's trait (assoc_types.py)
            if member.type != "function_item":
                raise self.fail(member, f"`{member.type.replace('_', ' ')}` in an `impl` block")
            defined.add(self.text(member.child_by_field_name("name")))
            self.method(item, member)
        if iterator:
            user_iterators.refuse_missing(self, node, item, defined)
        if trait_node is not None and trait is None and totals is not None:
            sum_impls.read(item, totals)  # `fn sum<I: Iterator<Item = M>>(it: I) -> M`
        if trait is not None:
            for member in self.kids(trait.child_by_field_name("body")):
                if member.type == "function_item":
                    if self.text(member.child_by_field_name("name")) not in defined:
                        self.method(item, member)
                elif member.type == "function_signature_item":
                    name = self.text(member.child_by_field_name("name"))
                    if name not in defined:
                        what = f"not all trait items implemented, missing: `{name}`"
                        raise self.fail(node, rejects(what, "E0046"))
                elif member.type not in (*_COMMENTS, "const_item", "associated_type"):
                    raise self.fail(member, f"`{member.type.replace('_', ' ')}` in a trait")
            self.impl_of(item, dispatch, node)
        if saved_assoc is not None:
            assoc_types.restore(self, saved_assoc)
        item.backends, item.dims = outer
        self.self_type = self.impl_args = self.concrete_impl = None

    def method(self, item: StructItem, node: Node) -> None:
        fn = self.signature(node)
        if getattr(self, "concrete_impl", None) is not None:
            setattr(fn, concrete_impls.CONCRETE, self.concrete_impl)  # `impl Ring<f32>`
        if fn.name in item.methods:
            concrete_impls.refuse_duplicate(self, node, item.methods[fn.name], fn)
            what = f"duplicate definitions with name `{fn.name}`"
            raise self.fail(node, rejects(what, "E0201"))
        item.methods[fn.name] = fn
        fn.name = f"{item.name}::{fn.name}"
        self.fns[fn.name] = fn

    def self_kind(self, param: Node) -> str:
        if any(c.type == "&" for c in param.children):
            return "mut" if any(c.type == "mutable_specifier" for c in param.children) else "ref"
        if param.child_by_field_name("type") is not None:
            raise self.fail(
                param, "a `self` parameter with a type (write `self`, `&self`, `&mut self`)"
            )
        return "value"

    def associated_call(self, node: Node, function: Node, args: list[Expr]) -> Expr | None:
        """`Model::new(..)`, `Self::new(..)`, `Model::<B>::new(..)`, `Model::forward(&m, x)`."""
        path = function.child_by_field_name("path")
        if path is None:
            return None
        base = path.child_by_field_name("type") if path.type == "generic_type" else path
        if base.type == "scoped_type_identifier" or base.type == "scoped_identifier":
            # `geometry::Point::new(..)`, `super::Point::new(..)`: a struct of an inline module
            in_module = self.module_item(self.segments(base))
            if in_module is None or in_module not in self.structs:
                return None
            item: StructItem | None = self.structs[in_module]
        else:
            item = (
                self.named_struct(self.text(base))
                if base.type in ("identifier", "type_identifier", "self")
                else None
            )
        name_node = function.child_by_field_name("name")
        made = error_from.lower_call(self, node, item, self.text(name_node), args) if item else None
        if made is not None:
            return made  # `MyErr::from(e)` of its `impl From<E>` (error_from.py)
        case = None
        if item is not None and self.text(name_node) not in item.methods:
            case = self.variant(item, name_node)
        if case is not None:
            return self.tuple_struct(node, case, args)
        if item is None and self.text(base) in self.traits and args:
            # `Shape::area(&s)`: the method of the trait's impl for the first argument's type.
            return Method(self.pos(name_node), args[0], self.text(name_node), [], args[1:])
        if item is None:
            return None
        name = self.text(name_node)
        fn = item.methods.get(name)
        if fn is None:
            what = (
                f"no function or associated item named `{name}` found for struct "
                f"`{item.name}` in the current scope"
            )
            raise self.fail(function.child_by_field_name("name"), rejects(what, "E0599"))
        return Call(self.pos(node), fn, args)

    def tuple_struct(self, node: Node, item: StructItem, args: list[Expr]) -> Expr:
        if item.kind != "tuple":
            raise self.fail(node, f"`{item.name}(..)`: `{item.name}` is not a tuple struct")
        if len(args) != len(item.fields):  # `E::A(1, 2)`, `P(1)`: rustc's E0061
            kind = "struct" if item.enum is None else "enum variant"
            raise self.fail(node, wrong_arity(kind, len(item.fields), len(args)))
        return StructLit(self.pos(node), item, args)

    def e_struct_expression(self, node: Node) -> Expr:
        name_node = node.child_by_field_name("name")
        if name_node.type == "generic_type_with_turbofish":  # `Model::<B> { .. }`: one backend
            name_node = name_node.child_by_field_name("type")
        name = self.text(name_node)
        item = self.named_struct(name) if name_node.type == "type_identifier" else None
        if name_node.type == "scoped_type_identifier":
            path = name_node.child_by_field_name("path")
            owner = self.named_struct(self.text(path)) if path is not None else None
            item = self.variant(owner, name_node.child_by_field_name("name"))
            if item is None and owner is None:  # `net::L { .. }`: a struct of an inline module
                in_module = self.module_item(self.segments(name_node))
                item = self.structs.get(in_module) if in_module is not None else None
        if item is None:
            raise self.fail(name_node, f"the struct `{name}` (not one the file defines)")
        values: dict[str, Expr] = {}
        base: Node | None = None
        for init in self.kids(node.child_by_field_name("body")):
            if init.type == "base_field_initializer":  # `..base`: the fields not written
                base = self.kids(init)[0]
                continue
            if init.type == "shorthand_field_initializer":
                field_node = self.kids(init)[0]
                field_name, value = self.text(field_node), self.expr(field_node)
            elif init.type == "field_initializer":
                field_node = init.child_by_field_name("field")
                field_name = self.text(field_node)
                value = self.expr(init.child_by_field_name("value"))
            else:
                raise self.fail(init, f"`{self.text(init)}` in a struct expression")
            if item.field_index(field_name) is None:
                what = f"struct `{item.name}` has no field named `{field_name}`"
                raise self.fail(field_node, rejects(what, "E0560"))
            field_privacy.refuse_private_literal(self, init, item, field_name)  # E0451
            if field_name in values:
                what = f"field `{field_name}` specified more than once"
                raise self.fail(field_node, rejects(what, "E0062"))
            values[field_name] = value
        if base is not None:
            return self.struct_update(node, item, values, base)
        missing = [f"`{n}`" for n, _ in item.fields if n not in values]
        if missing:
            fields = f"field{'s' if len(missing) > 1 else ''} {', '.join(missing)}"
            what = f"missing {fields} in initializer of `{item.name}`"
            raise self.fail(name_node, rejects(what, "E0063"))
        # Rust evaluates the initializers in the order written; pbpit keeps that order.
        order = [item.fields.index(next(f for f in item.fields if f[0] == n)) for n in values]
        return StructLit(self.pos(node), item, list(values.values()), order)

    def update_from_place(
        self, node: Node, item: StructItem, values: dict[str, Expr], base_node: Node, rest: list
    ) -> Expr:
        """`S { a: x, ..base }` of a place: its `Copy` fields read in place, after a check that
        it is an `S` (`{ let _: &S = &base; }`, rustc's E0308); one moving a field that is not
        `Copy` out of the place is refused (such a move into a literal is not followed)."""
        from pbpit.rust.interp.copy_types import copy_type

        written = self.text(base_node)
        moved = [n for n, ty in item.fields if n in rest and not copy_type(ty)]
        # (moved out of a variable: a partial move the move check follows, `place_moves.py`)
        if (moved and base_node.type != "identifier") or base_node.type not in _PLACES:
            what = f"`..{written}` moving its field `{moved[0]}` (write `..{written}.clone()` or "
            what += "every such field)"
            if not moved:
                what = f"`..{written}` (write a variable, `*self`, a field or a call)"
            raise self.fail(base_node.parent or base_node, what)
        pos, at = self.pos(node), self.pos(base_node)
        saved = self.open_scope()
        typed = self.declare("{..base}", False)
        seen = self.expr(base_node)
        if references.certainly_reference(seen):  # `..c` of `c: &S`
            what = f"mismatched types: expected `{item.name}`, found `&{item.name}`"
            raise self.fail(base_node, rejects(what, "E0308"))
        seen.borrowed, seen.borrow_pos = True, at
        whole = StructT(item, tuple(Var() for _ in getattr(item, "params", ())))
        check = Block(at, [Let(at[0], typed, whole, seen, self.in_scope)], None, self.in_scope)
        self.close_scope(saved)
        for name in rest:
            values[name] = Field(pos, self.expr(base_node), name)
            if name in moved:
                setattr(values[name], place_moves.UPDATE_MOVE, written)
        order = [item.field_index(n) for n in values]
        made = StructLit(pos, item, list(values.values()), order)  # type: ignore[arg-type]
        return Block(pos, [ExprStmt(at[0], check, True, self.in_scope)], made, self.in_scope)

    def struct_update(
        self, node: Node, item: StructItem, values: dict[str, Expr], base_node: Node
    ) -> Expr:
        """`S { a: x, ..base }`: the fields not written are `base`'s, each moved or copied out
        of it as rustc does (a variable: its fields read in place; another expression: its
        value held once, after the written fields, as rustc evaluates them)."""
        if item.kind != "named" or item.enum is not None:
            raise self.fail(base_node, "`..base` of a variant or a tuple struct")
        pos = self.pos(node)
        rest = [n for n, _ in item.fields if n not in values]
        if base_node.type not in _MADE:  # a place (`a`, `*self`, `self.cfg`): read in place
            return self.update_from_place(node, item, values, base_node, rest)
        base = self.expr(base_node)
        saved = self.open_scope()
        lets: list = []
        held: dict[str, Expr] = {}
        for name, value in values.items():  # the written values first, in their order
            made = self.declare(f"{{{name}}}", False)  # a name no program writes
            made.owned = True
            lets.append(Let(pos[0], made, None, value, self.in_scope))
            held[name] = Local(value.pos, made, self.scope)
        whole = self.declare("{..base}", False)
        whole.owned = True
        declared = StructT(item, tuple(Var() for _ in getattr(item, "params", ())))
        lets.append(Let(pos[0], whole, declared, base, self.in_scope))
        for name in rest:
            held[name] = Field(pos, Local(base.pos, whole, self.scope), name)
        order = [item.field_index(n) for n in held]
        made_lit = StructLit(pos, item, list(held.values()), order)  # type: ignore[arg-type]
        visible = self.in_scope
        self.close_scope(saved)
        return Block(pos, lets, made_lit, visible)


def check_order_derives(lowerer: Any) -> None:
    """`#[derive(PartialOrd)]`, `Eq`, `Ord` as rustc requires them: with `PartialEq` (and `Eq`,
    `PartialOrd` under `Ord`), every field's type having the trait (a float is not `Eq`); a
    derive pbpit cannot show is rustc's is refused with the item."""
    for item in lowerer.structs.values():
        derives = item.derives
        wanted = [d for d in ORDER_DERIVES if d in derives]
        if not wanted:
            continue
        needs = {"PartialOrd": ("PartialEq",), "Eq": ("PartialEq",), "Ord": ("Eq", "PartialOrd")}
        missing = [(d, n) for d in wanted for n in needs[d] if n not in derives]
        fields = [ty for case in item.variants or [item] for _, ty in case.fields]
        bad = [d for d in wanted if not all(_field_has(ty, d) for ty in fields)]
        if missing or bad:
            what = (
                f"`#[derive({missing[0][0]})]` without `{missing[0][1]}`"
                if missing
                else f"`#[derive({bad[0]})]` of a field whose type pbpit cannot show has it"
            )
            lowerer.refuse_item(item.node, lowerer.fail(item.node, f"{what} (rustc: E0277)"))


def _field_has(ty: Any, derive: str) -> bool:
    """Whether a field of type `ty` has the derived trait (`PartialOrd`, `Eq`, `Ord`)."""
    from pbpit.rust.interp.types import (
        BOOL,
        CHAR,
        STRING,
        StructT,
        TupleT,
        Wrap,
        is_float,
        is_int,
        resolve,
    )

    ty = resolve(ty)
    if is_int(ty) or ty in (BOOL, CHAR, STRING):
        return True
    if is_float(ty):
        return derive == "PartialOrd"
    if type(ty) is Wrap and ty.kind in ("Option", "Vec", "array"):
        return _field_has(ty.inner, derive)
    if type(ty) is TupleT:
        return all(_field_has(t, derive) for t in ty.elems)
    return type(ty) is StructT and derive in ty.item.derives
