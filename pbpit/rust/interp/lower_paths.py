"""Lowering names and paths, and calls through them: a variable, a const, `f32::MAX`,
`std::f64::consts::PI`, `Tensor::from_floats(..)`, `helpers::double(x)`, `f64::max(a, b)`, a
method call's receiver and arguments."""

from __future__ import annotations

from pbpit.engine.api import RUST_FUNCTIONS, RUST_METHODS
from pbpit.rust.interp import (
    array_slices,
    binary_heap,
    btreemap,
    burn_nn,
    error_from,
    field_privacy,
    fn_refs,
    hashmap,
    item_refs,
    iter_mut,
    mem_functions,
    missing_number_methods,
    phantom,
    prim_impls,
    reserved_names,
    results,
    sets,
    std_cmp,
    thread_spawn,
    turbofish_structs,
    type_names,
    unknown_names,
    vecdeque,
)
from pbpit.rust.interp.burn_tensor_api import activation_in_scope
from pbpit.rust.interp.check_tables import wrong_arity
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.lower_tables import (
    _MUT_GRADIENTS,
    _STD_CRATES,
    _STD_MODULE_NAMES,
    _STD_MODULES,
    MATH_FUNCTIONS,
    PATH_FUNCTIONS,
    Node,
)
from pbpit.rust.interp.nodes import (
    Block,
    Call,
    ConstRef,
    Expr,
    Let,
    Lit,
    Local,
    Method,
    SomeLit,
    Static,
    StructLit,
)
from pbpit.rust.interp.numbers import counting_const, float_const
from pbpit.rust.interp.std_methods import FLOAT, INT
from pbpit.rust.interp.std_more import drain_range
from pbpit.rust.interp.types import (
    FLOAT_NAMES,
    INT_RANGES,
    NAMED,
    TensorT,
    Ty,
)

_MAKERS = ("Vec", "String", "HashMap")
"""Owners of a std function of no arguments that may be a value (`Vec::new`)."""


_SAME_ITEMS = (
    "rev", "filter", "skip", "take", "step_by", "skip_while", "take_while", "peekable", "chain",
)
"""Iterator adapters whose items are their receiver's."""


_BY_VALUE = ("chars", "copied", "cloned", "into_iter")
"""Iterators whose items are values (`.map(String::from)` of `.chars()`: a `char`)."""


def by_reference_map(
    lowerer: PathLowering,
    node: Node,
    sources: tuple = ("iter", "keys", "values"),
    takers: tuple = ("map",),
) -> tuple | None:
    """The position of `v.iter().map(f)` (`m.keys()`, `m.values()`; through `_SAME_ITEMS`
    adapters) when `node` is its `f`: its items are `&T` (`&&str` of a `Vec<&str>`); else
    None. (`sources`: other methods the items come from; `takers`: other adapters handing
    `f` the items themselves, `position`, `any`, `all`.)"""
    from pbpit.rust.interp.field_paths import method_called, receiver

    call = node.parent.parent if node.parent is not None else None
    if call is None or method_called(lowerer, call, 1) not in takers:
        return None
    source = receiver(call)
    while any(method_called(lowerer, source, n) in _SAME_ITEMS for n in (0, 1)):
        source = receiver(source)
    return lowerer.pos(call) if method_called(lowerer, source) in sources else None


class PathLowering:
    """Names, paths and calls (a part of `Lowerer`)."""

    def e_identifier(self, node: Node) -> Expr:
        name = self.text(node)
        found = self.local(node, name)
        if found is not None:
            return found
        if name == "None":
            return SomeLit(self.pos(node), None)
        item = self.named_struct(name)
        if item is not None and item.kind == "unit":
            return StructLit(self.pos(node), item, [])
        if item is None and name == phantom.NAME:
            made = phantom.lower_value(self, node, [name])  # `PhantomData` after its `use`
            if made is not None:
                return made
        value = self.fn_value(node, name)  # `apply(double, 3.0)` (traits.py)
        if value is not None:
            return value
        value = fn_refs.variant_value(self, node, name)  # `map(Some)`: `|x| Some(x)`
        if value is not None:
            return value
        if name in self.fns:
            raise self.fail(node, f"the function `{name}` used as a value (call it)")
        if name in self.imported_consts:  # `use std::f64::consts::PI;`
            module, const = self.imported_consts[name]
            value = float_const(module, const, in_consts=True)
            return Lit(self.pos(node), "value", value, NAMED[module])
        if name in _STD_MACROS:  # `line`, `vec`: a macro of std's prelude named as a value
            refused = self.fail(node, rejects(f"expected value, found macro `{name}`", "E0423"))
            refused.label = "not a value"
            raise refused
        other = reserved_names.found_instead(name)  # `marker`: a built-in attribute (E0423)
        if other is not None:
            refused = self.fail(node, rejects(f"expected value, found {other}", "E0423"))
            refused.label = "not a value"
            raise refused
        # rustc's E0425, not a construct outside the subset: the name is the program's mistake.
        refused = self.fail(node, rejects(f"cannot find value `{name}` in this scope", "E0425"))
        refused.label = "not found in this scope"
        raise refused

    def e_generic_function(self, node: Node) -> Expr:
        function = node.child_by_field_name("function")
        targs = self.kids(node.child_by_field_name("type_arguments"))
        if self.text(function) == "None" and self.lookup("None") is None and len(targs) == 1:
            return SomeLit(self.pos(node), None, self.type(targs[0]))
        made = fn_refs.generic_method_value(self, node)  # `map(str::parse::<u8>)`
        if made is not None:
            return made
        raise self.fail(node, f"`{self.text(node)}` as a value")

    def e_self(self, node: Node) -> Expr:
        binding = self.lookup("self")
        if binding is None:
            what = "`self` value is a keyword only available in methods with a `self` parameter"
            raise self.fail(node, rejects(what, "E0424"))
        return Local(self.pos(node), binding, self.scope)

    def segments(self, node: Node) -> list[tuple[str, Node, Node | None]]:
        """A path as (name, node, type arguments) segments: `Tensor::<B, 1>::ones`."""
        kind = node.type
        if kind in ("identifier", "type_identifier", "primitive_type", "crate", "super", "self"):
            return [(self.unalias(self.text(node)), node, None)]  # a path's head
        if kind in ("scoped_identifier", "scoped_type_identifier"):
            path = node.child_by_field_name("path")
            name = node.child_by_field_name("name")
            head = self.segments(path) if path is not None else [("::", node, None)]
            return [*head, (self.text(name), name, None)]
        if kind == "generic_type":
            segs = self.segments(node.child_by_field_name("type"))
            name, seg_node, _ = segs[-1]
            return [*segs[:-1], (name, seg_node, node.child_by_field_name("type_arguments"))]
        if kind == "bracketed_type" and self.kids(node)[0].type == "qualified_type":
            return self.segments(self.kids(node)[0].child_by_field_name("type"))  # `<B as Backend>`
        raise self.fail(node, f"the path `{self.text(node)}`")

    def e_scoped_identifier(self, node: Node) -> Expr:
        segs = self.segments(node)
        names = [s[0] for s in segs]
        in_module = self.module_item(segs)
        if in_module is not None and in_module in self.consts:  # `numbers::LIMIT`
            return ConstRef(self.pos(node), self.consts[in_module])
        if names[-1] == "None" and names[:-1] in (["Option"], ["std", "option", "Option"]):
            return SomeLit(self.pos(node), None)
        burn = burn_nn.lower_path(self.pos(node), names, self.structs)  # `Reduction::Mean`
        if burn is not None:
            return burn
        if names[-1] == phantom.NAME:
            made = phantom.lower_value(self, node, names)  # `std::marker::PhantomData`
            if made is not None:
                return made
        if names[-2:] == ["Distribution", "Default"]:
            return Static(self.pos(node), "Distribution::Default", [])
        dispatch = self.dispatch_path(node, segs)  # `T::NAME`, `Circle::NAME`, `f32::max`
        if dispatch is not None:
            return dispatch
        if (
            len(names) == 2
            and names[0] in _MAKERS
            and segs[0][2] is None  # (no turbofish)
            and (PATH_FUNCTIONS.get((names[0], names[1])) == 0 or names == ["String", "from"])
        ):
            return self.maker(node, names)  # `or_insert_with(Vec::new)`, `map(String::from)`
        if len(segs) == 2:  # `map_err(MyErr::from)`: `|e| MyErr::from(e)` (error_from.py)
            made = error_from.value(self, node, self.named_struct(names[0]), names[1])
            if made is not None:
                return made
        if len(segs) == 2:  # `items.iter().map(V::total)`: `|v| V::total(v)` (fn_refs.py)
            method = fn_refs.method_value(self, node, self.named_struct(names[0]), names[1])
            if method is not None:
                return method
            method = fn_refs.std_method_value(self, node, names)  # `map(Vec::len)`
            if method is None:  # `map(f32::squash)` of the file's `impl Squash for f32`
                method = prim_impls.fn_value(self, node, names)
            if method is not None:
                return method
            case = self.variant(self.named_struct(names[0]), segs[1][1])
            if case is not None and case.kind == "unit":
                return StructLit(self.pos(node), case, [])
            if case is not None:
                raise self.fail(node, f"the variant `{self.text(node)}` used as a value (call it)")
        ordering = std_cmp.lower_path(self, node, names)  # `Ordering::Less`
        if ordering is not None:
            return ordering
        return self.number_const(node, segs)

    def maker(self, node: Node, names: list[str]) -> Expr:
        """`Vec::new` as a value: the closure `|| Vec::new()` (a fn item called with no
        arguments is that call); `String::from` the closure `|s| String::from(s)`."""
        from pbpit.rust.interp.nodes import Closure, FnScope

        outer = self.scope
        scope = FnScope(outer)
        self.scope = scope
        saved = self.open_scope(new_frame=True)
        params: list = []
        if PATH_FUNCTIONS.get((names[0], names[1])) == 1:  # (a name no Rust code can write)
            params.append(self.declare(f"{names[1]} argument", False))
            params[0].argument = True
        args = [Local(self.pos(node), p, self.scope) for p in params]
        body = Static(self.pos(node), "::".join(names), args)
        if params:  # `v.iter().map(String::from)`: each item a `&T` (std_functions._string_from)
            body.items_by_reference = by_reference_map(self, node)  # type: ignore[attr-defined]
            by_value = by_reference_map(self, node, _BY_VALUE) is not None  # `.chars()`'s
            body.items_by_value = by_value  # type: ignore[attr-defined]
        visible = self.in_scope
        self.close_scope(saved)
        self.scope = outer
        tys = [None] * len(params)
        return Closure(self.pos(node), params, tys, None, body, scope, False, visible)

    def number_const(self, node: Node, segs: list[tuple[str, Node, Node | None]]) -> Expr:
        """`f32::MAX`, `i8::MIN`, `std::f64::consts::PI`, `core::u8::MAX` (the deprecated
        module constants), as rustc resolves them: a path it rejects is refused with its
        error, a leading segment included."""
        names = [s[0] for s in segs]
        if names[0] == "::":
            segs, names = segs[1:], names[1:]
            if len(names) == 1:
                what = f"cannot find crate `{names[0]}` in the list of imported crates"
                raise self.fail(segs[0][1], rejects(what, "E0425"))
            if names[0] not in _STD_CRATES:
                what = f"cannot find `{names[0]}` in the crate root"
                raise self.fail(segs[0][1], rejects(what, "E0433"))
        numbers = (*FLOAT_NAMES, *INT_RANGES)
        if names[0] in _STD_CRATES and len(names) >= 3:
            module, rest = names[1], names[2:]
            if module not in numbers and module in _STD_MODULE_NAMES:
                raise self.fail(node, f"the path `{self.text(node)}`")
            if module not in numbers:
                what = f"cannot find `{module}` in `{names[0]}`"
                raise self.fail(segs[1][1], rejects(what, "E0433"))
            path = f"{names[0]}::{module}"
        elif names[0] in numbers and len(names) >= 3 and names[0] in self.imported_modules:
            module, rest, path = names[0], names[1:], f"std::{names[0]}"  # `use std::f32;`
        elif names[0] in numbers:
            if len(names) > 2:
                raise self.fail(node, rejects("ambiguous associated type", "E0223"))
            return self.associated_const(segs)
        else:
            primitive = names[0] in ("char", "str", "bool")  # `char::is_alphabetic`: a type's
            if names[0] not in self.imported_modules and names[0][:1].islower() and not primitive:
                what = f"cannot find module or crate `{names[0]}` in this scope"
                raise self.fail(segs[0][1], rejects(what, "E0433"))
            raise self.fail(node, f"the path `{self.text(node)}`")
        if rest[0] == "consts" and len(rest) == 2 and module in FLOAT_NAMES:
            value = float_const(module, rest[1], in_consts=True)
            if value is None:
                what = f"cannot find value `{rest[1]}` in module `{path}::consts`"
                raise self.fail(segs[-1][1], rejects(what, "E0425"))
            return Lit(self.pos(node), "value", value, NAMED[module])
        if len(rest) == 1:
            value = self.number_value(module, rest[0])
            if value is None:
                what = f"cannot find value `{rest[0]}` in module `{path}`"
                raise self.fail(segs[-1][1], rejects(what, "E0425"))
            return Lit(self.pos(node), "value", value, NAMED[module])
        raise self.fail(node, f"the path `{self.text(node)}`")

    def associated_const(self, segs: list[tuple[str, Node, Node | None]]) -> Expr:
        (type_name, type_node, _), (name, name_node, _) = segs
        counted = counting_const(type_name, name)  # `u8::BITS`: a u32
        if counted is not None:
            return Lit(self.pos(type_node), "value", counted[0], NAMED[counted[1]])
        value = self.number_value(type_name, name)
        if value is None and name[:1].islower():
            # A method of the type named as a function value (`map(i32::abs)`): rustc runs it,
            # and pbpit does not know each number method as a value; refused, never a made-up
            # error of rustc's.
            raise self.fail(type_node.parent or type_node, f"the path `{type_name}::{name}`")
        if value is None:
            what = (
                f"no associated item named `{name}` found for type `{type_name}` in the "
                "current scope"
            )
            raise self.fail(name_node, rejects(what, "E0599"))
        return Lit(self.pos(type_node), "value", value, NAMED[type_name])

    @staticmethod
    def number_value(type_name: str, name: str) -> float | int | None:
        if type_name in FLOAT_NAMES:
            return float_const(type_name, name)
        if name in ("MAX", "MIN"):
            lo, hi = INT_RANGES[type_name]
            return hi if name == "MAX" else lo
        return None

    def e_call_expression(self, node: Node) -> Expr:
        function = node.child_by_field_name("function")
        arg_nodes = self.kids(node.child_by_field_name("arguments"))
        if function.type == "break_expression" and all(
            c.type == "label" for c in self.kids(function)
        ):
            return self.break_parenthesized(node, function, arg_nodes)  # `break (a, b)`
        targs: list[Ty] = []
        turbofish = None
        if function.type == "generic_function":
            targ_node = turbofish = function.child_by_field_name("type_arguments")
            function = function.child_by_field_name("function")
            if function.type == "field_expression" and self.text(
                function.child_by_field_name("field")
            ) == "init":  # Burn's `config.init::<B>(&device)`: the backend is typed away
                pass
            elif function.type == "field_expression":
                # A const argument (`unsqueeze::<3>()`) is carried as the rank it names.
                targs = [
                    TensorT(self.int_literal(t))
                    if t.type == "integer_literal"
                    else phantom.BACKEND  # a backend (`remove::<NdArray, 2>`): typed away
                    if phantom.names_backend(self, t)
                    else self.type(t)
                    for t in self.kids(targ_node)
                ]
            elif function.type == "scoped_identifier" and self.text(
                function.child_by_field_name("name")
            ) == "stack":  # `Tensor::stack::<3>(..)`: its rank is read by `stack_rank`
                pass
            elif function.type not in ("identifier", "scoped_identifier"):
                # `train::<B>(..)`, `training::train::<B>(..)`: the backend is typed away
                raise self.fail(function, f"the call `{self.text(node)}`")
        if function.type == "field_expression":
            name_node = function.child_by_field_name("field")
            if name_node.type != "field_identifier":
                raise self.fail(name_node, "tuples")
            looped = iter_mut.lower_for_each(self, node)  # `v.iter_mut().for_each(|x| ..)`
            if looped is not None:
                return looped
            recv = self.expr(function.child_by_field_name("value"))
            name = self.text(name_node)
            args = [self.method_arg(name, a) for a in arg_nodes]
            if name == "into_scalar" and targs:  # Burn 0.22's `into_scalar::<E>()`: `.elem()`
                recv, name, args = Method(self.pos(name_node), recv, name, [], args), "elem", []
            item_refs.mark_closure_params(name, args, recv)  # `|i|` of `filter`: a `&Item`
            made = Method(self.pos(name_node), recv, name, targs, args)
            return field_privacy.mark(self, made)  # (a private method: E0624)
        if self.text(function) == "Err" and self.lookup("Err") is None and not (
            self.named_struct("Err") or "Err" in self.fns
        ):  # std's `Err(..)` (results.py)
            made = results.lower_err(self, node, arg_nodes)  # (`Err::<T, E>(..)`: typed)
            return turbofish_structs.variant_call(self, node, made, "Err", turbofish)
        args = [self.expr(a) for a in arg_nodes]
        if function.type == "identifier":
            name = self.text(function)
            binding = self.lookup(name)
            if binding is not None:
                return Call(self.pos(node), Local(self.pos(function), binding, self.scope), args)
            written, name = name, self.unalias(name)
            if name == "Some":
                if len(args) != 1:
                    raise self.fail(node, "`Some` takes 1 argument")
                made = SomeLit(self.pos(node), args[0])
                return turbofish_structs.variant_call(self, node, made, "Some", turbofish)
            item = self.named_struct(name)
            if item is not None and item.kind == "tuple":
                return self.tuple_struct(node, item, args)
            if name in self.fns and self.sees(name):
                call = Call(self.pos(node), self.fns[name], args)
                self.turbofish(call, turbofish)  # `make::<Square>(..)` (traits.py)
                array_slices.mark(self, call)  # `clip(&mut a)`, `a` an array (array_slices.py)
                return call
            if name == "Ok" and len(args) == 1:  # a `Result<T, Box<dyn Error>>`
                made = Static(self.pos(node), "Result::Ok", args)
                return turbofish_structs.variant_call(self, node, made, "Ok", turbofish)
            if name in ("Ok", "Err", "Box"):
                raise self.fail(function, f"`{name}(..)`")
            if written in self.imported_activations:  # `use burn::tensor::activation::relu;`
                name = self.imported_activations[written]
                arity = MATH_FUNCTIONS[("activation", name)]
                if len(args) != arity:
                    raise self.fail(node, wrong_arity("function", arity, len(args)))
                return Static(self.pos(node), f"activation::{name}", args)
            named = type_names.lower_call(self, node, [written], args, turbofish)
            if named is not None:  # `use std::any::type_name;`
                return named
            imported = std_cmp.lower_call(self, node, [written], args)  # `use std::cmp::max;`
            if imported is not None:
                turbofish_structs.refuse(self, turbofish, written)
                return imported
            if name == "drop":  # the prelude's (mem_functions.py)
                if len(args) != 1:
                    raise self.fail(node, wrong_arity("function", 1, len(args)))
                return Static(self.pos(node), "mem::drop", args)
            unknown_names.refuse_function(self, function, name)  # E0425
            raise self.fail(function, f"cannot find function `{name}` in this scope")
        if function.type == "self" and self.self_type is not None:  # `Self(a, b)`
            return self.tuple_struct(node, self.self_type, args)
        if function.type == "scoped_identifier":
            names = [s[0] for s in self.segments(function)]
            named = type_names.lower_call(self, node, names, args, turbofish)
            if named is not None:  # `std::any::type_name::<T>()`
                return named
            burn = burn_nn.lower_call(self.pos(node), names, args, self.structs)
            if burn is not None:  # `LinearConfig::new(..)`, `Relu::new()`: Burn's functions
                return burn
            in_module = self.module_item(self.segments(function))
            if in_module is not None and in_module in self.fns:  # `helpers::double(x)`
                call = Call(self.pos(node), self.fns[in_module], args)
                self.turbofish(call, turbofish)  # `stats::mean::<f32>(..)` (traits.py)
                array_slices.mark(self, call)
                return call
            found = prim_impls.lower_call(self, node, names, args)  # `f64::unit()` of a trait
            if found is None:
                found = self.number_method(node, function, args)  # `f64::is_nan(x)`
            if found is None:
                found = self.dispatch_call(node, function, args)  # `T::new(..)`, `Box::new(x)`
            if found is None:  # `Acc::<f32>::new()` of `struct Acc<T>`
                found = turbofish_structs.lower_call(self, node, function, args)
            if found is None:
                found = self.associated_call(node, function, args)
            if found is None:  # `std::cmp::max(a, b)`, `iter::repeat(x)`
                found = std_cmp.lower_call(self, node, names, args)
                if found is not None:
                    turbofish_structs.refuse(self, turbofish, names[-1])
            if found is not None:
                return found
            return self.static_call(node, function, args)
        # A closure made by an expression: `make_scale(2.0)(x)`, `(|x| x + 1)(1)`.
        return Call(self.pos(node), self.expr(function), args)

    def number_method(self, node: Node, function: Node, args: list[Expr]) -> Expr | None:
        """`f64::max(a, b)`, `i32::pow(2, 10)`: a number's method called by its path, lowered
        as `{ let x: f64 = a; x.max(b) }` (the first argument must have the type named). A `use`
        of std's number module (`use std::f64;`, `use std::*;`, or any glob such as
        `burn::prelude::*`) leaves it the type's: rustc 1.95 runs `usize::min(5, 3)` after each."""
        segs = self.segments(function)
        if len(segs) != 2 or segs[0][2] is not None or not args:
            return None
        (owner, _, _), (name, name_node, _) = segs
        if owner not in (*FLOAT_NAMES, *INT_RANGES):
            return None
        if name not in (FLOAT if owner in FLOAT_NAMES else INT):  # std_methods' rows
            return None
        saved = self.open_scope()
        receiver = self.declare(f"{owner}::{name}", False)  # a name no program writes
        receiver.owned = True
        pos = self.pos(node)
        let = Let(pos[0], receiver, NAMED[owner], args[0], self.in_scope)
        method = Method(self.pos(name_node), Local(pos, receiver, self.scope), name, [], args[1:])
        visible = self.in_scope
        self.close_scope(saved)
        return Block(pos, [let], method, visible)

    def stack_rank(self, node: Node, dim: int | None) -> int | None:
        """D2 of `Tensor::stack::<D2>(..)`, else D + 1 of `Tensor::<B, D>::stack(..)`."""
        generic = node.child_by_field_name("function")
        if generic.type != "generic_function":
            return None if dim is None else dim + 1
        targs = generic.child_by_field_name("type_arguments")
        kids = self.kids(targs)
        if len(kids) != 1 or kids[0].type != "integer_literal":
            raise self.fail(targs, "`Tensor::stack` takes one const argument, the result's rank")
        return self.int_literal(kids[0])

    def static_call(self, node: Node, function: Node, args: list[Expr]) -> Expr:
        segs = self.segments(function)
        if segs[0][0] == "::":
            segs = segs[1:]
            if segs[0][0] not in (*_STD_CRATES, "burn") or len(segs) < 3:
                what = f"cannot find `{segs[0][0]}` in the crate root"
                raise self.fail(segs[0][1], rejects(what, "E0433"))
        names = [s[0] for s in segs]
        pos = self.pos(node)
        owner, name = (names[-2] if len(names) >= 2 else ""), names[-1]
        targs = segs[-2][2] if len(segs) >= 2 else None
        for _, prefix_node, prefix_args in segs[:-2]:
            if prefix_args is not None:
                raise self.fail(prefix_node, f"the path `{self.text(function)}`")
        if owner == "Tensor" and name in RUST_FUNCTIONS:
            dim, kind = self.tensor_args(targs, self.kids(targs)) if targs else (None, "Float")
            arity = len(RUST_FUNCTIONS[name].params)
            if len(args) != arity:
                raise self.fail(node, wrong_arity("function", arity, len(args)))
            if name == "stack":  # its Static's `dim` is the result's rank, D2 (check.py)
                dim = self.stack_rank(node, dim)
            return Static(pos, f"Tensor::{name}", args, dim, kind)
        if owner == "Tensor" and targs is None and self.tensor_method_by_path(name, args):
            # `Tensor::ones_like(&z)`: the method called by its path, the receiver first (a
            # `&self` method takes `&z`, a `self` one `z`, as rustc checks the first argument)
            return Method(self.pos(segs[-1][1]), args[0], name, [], args[1:])
        if targs is not None and owner != "Vec":
            raise self.fail(function, f"the path `{self.text(function)}`")
        known = PATH_FUNCTIONS  # std_functions' rows
        if (owner, name) in known:
            modules = _STD_MODULES.get(owner)
            if modules is not None and len(names) > 2 and tuple(names[:-2]) not in modules:
                raise self.fail(function, f"the path `{self.text(function)}`")
            prefix = names[-3] if len(names) > 2 else "burn"
            backend = prefix in self.backends or prefix in self.aliases
            if owner == "Device" and not (backend or prefix[:1].islower()):
                raise self.fail(function, f"the path `{self.text(function)}`")
            if owner == "mem" and names[:-2] not in (["std"], ["core"]):  # `std::mem::take`
                if len(names) > 2:
                    raise self.fail(function, f"the path `{self.text(function)}`")
                if not mem_functions.in_scope(self.src):
                    what = "cannot find module or crate `mem` in this scope"
                    raise self.fail(segs[0][1], rejects(what, "E0433"))
            if owner in sets.KINDS and len(names) == 2 and not sets.imported(self.src, owner):
                what = f"cannot find type `{owner}` in this scope"
                raise self.fail(segs[0][1], rejects(what, "E0433"))
            if owner == "activation" and len(names) == 2 and not activation_in_scope(self.src):
                what = "cannot find module or crate `activation` in this scope"  # (not prelude's)
                raise self.fail(segs[0][1], rejects(what, "E0433"))
            if owner == "BinaryHeap" and len(names) == 2 and not binary_heap.imported(self.src):
                what = "cannot find type `BinaryHeap` in this scope"
                raise self.fail(segs[0][1], rejects(what, "E0433"))
            if owner == "VecDeque" and len(names) == 2 and not vecdeque.imported(self.src):
                what = "cannot find type `VecDeque` in this scope"
                raise self.fail(segs[0][1], rejects(what, "E0433"))
            if owner == "BTreeMap" and len(names) == 2 and not btreemap.imported(self.src):
                what = "cannot find type `BTreeMap` in this scope"
                raise self.fail(segs[0][1], rejects(what, "E0433"))
            if owner == "HashMap" and len(names) == 2 and not hashmap.imported(self.src):
                what = "cannot find type `HashMap` in this scope"  # (no `use`, no path)
                raise self.fail(segs[0][1], rejects(what, "E0433"))
            if len(args) != known[(owner, name)]:
                raise self.fail(node, wrong_arity("function", known[(owner, name)], len(args)))
            if targs is not None:  # `Vec::<f32>::new()`: the type written
                made = Static(pos, f"{owner}::{name}", args)
                return turbofish_structs.vec_call(self, node, made, targs, name)
            return Static(pos, f"{owner}::{name}", args)
        missing_number_methods.refuse_path(self, function, owner, name)  # `i32::sqrt(16)`
        thread_spawn.refuse_borrowing_closure(self, node, names, args)  # E0373 (no threads)
        raise self.fail(function, f"the function `{self.text(function)}`")

    @staticmethod
    def tensor_method_by_path(name: str, args: list[Expr]) -> bool:
        """Whether `Tensor::name(args)` is a float tensor method of engine/api.py's table
        called by its path, its first argument the receiver as the method takes it."""
        row = RUST_METHODS.get(name)
        if row is None or len(args) != len(row.params) + 1:
            return False
        return args[0].borrowed == (row.receiver == "&self") and not args[0].mut_borrow

    def method_arg(self, method: str, node: Node) -> Expr:
        """An argument; `&mut grads` only as the gradients of `grad_remove`/`grad_replace`,
        where Burn's signature asks for it (the interpreter has no other `&mut`)."""
        if method == "drain" and node.type == "range_expression" and self.text(node) == "..":
            full = Lit(self.pos(node), "unit", ())  # `v.drain(..)`: the whole `Vec` (std_more)
            full.full_range = True  # type: ignore[attr-defined]
            return full
        if method == "drain" and node.type == "range_expression":  # `a..b`, `..b`, `a..`
            return drain_range(self, node)
        if (
            method in _MUT_GRADIENTS
            and node.type == "reference_expression"
            and node.child_by_field_name("value").type == "identifier"
        ):
            value = self.expr(node.child_by_field_name("value"))
            value.borrowed = True
            return value
        return self.expr(node)


# The macros of std's prelude: a name among them used as a value is rustc's E0423 ("expected
# value, found macro"), not E0425.
_STD_MACROS = frozenset(
    "assert assert_eq assert_ne cfg column compile_error concat dbg debug_assert debug_assert_eq "
    "debug_assert_ne env eprint eprintln file format format_args include include_bytes "
    "include_str line matches module_path option_env "
    "panic print println stringify todo unimplemented unreachable vec write writeln".split()
)
