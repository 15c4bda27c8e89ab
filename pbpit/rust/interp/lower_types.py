"""Lowering types: a written type to the interpreter's (`types.Ty`): primitives, references,
tuples, arrays, `Tensor<B, D, K>`, `Option`, `Vec`, `Result`, the program's structs and Burn's
types."""

from __future__ import annotations

from pbpit.rust.interp import (
    binary_heap,
    btreemap,
    burn_grad_accum,
    burn_nn,
    generic_impls,
    hashmap,
    mut_ref_returns,
    phantom,
    rc_refcell,
    sets,
    slices,
    std_cmp,
    std_reverse,
    std_type_arity,
    str_methods,
    type_aliases,
    unknown_names,
    vecdeque,
)
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.lower_tables import (
    _DYN_ERROR,
    Node,
)
from pbpit.rust.interp.types import (
    DEVICE,
    GRADIENTS,
    MUT_REFERENCES,
    NAMED,
    NEVER,
    STRING,
    TENSOR_DATA,
    UNIT,
    ParamT,
    StructT,
    TensorT,
    TupleT,
    Ty,
    Var,
    Wrap,
    array,
    dyn_result,
    option,
    shared,
    show,
    vec,
)

_BACKEND_TYPES = ("NdArray", "Wgpu", "Flex", "Candle", "LibTorch", "Cuda", "Metal", "Vulkan")
"""Burn's backend types a program may name in place of its backend parameter."""


class TypeLowering:
    """The types of the file (a part of `Lowerer`)."""

    # -- types ------------------------------------------------------------------------------------

    def type(self, node: Node) -> Ty:
        kind = node.type
        if kind == "abstract_type" and self.optimizer_argument(node):
            return burn_nn.NAMED_TYPES["Optimizer"]  # `optim: &mut impl Optimizer<M, B>`
        if kind == "abstract_type" and self.module_argument(node):
            return self.module_argument(node)  # `model: &impl AutodiffModule<B>`
        dispatch = self.dispatch_type(node)  # `dyn Shape`, `impl Fn(f32) -> f32`, `Box<T>`
        if dispatch is not None:
            return dispatch
        if kind == "primitive_type":
            name = self.text(node)
            if name not in NAMED or name in ("Device", "Gradients", "TensorData"):
                raise self.fail(node, f"the type `{name}`")
            return NAMED[name]
        if kind == "reference_type":
            target = node.child_by_field_name("type")
            if target.type == "array_type" and target.child_by_field_name("length") is None:
                return slices.slice_of(self.type(target.child_by_field_name("element")))
            inner = self.type(target)
            if any(c.type == "mutable_specifier" for c in node.children) and not shared(inner):
                mut_ref_returns.refuse_conflict(self, node)  # its held result: E0499, E0503..
                raise self.fail(node, f"`&mut {show(inner)}` ({MUT_REFERENCES})")
            return inner
        if kind == "unit_type":
            return UNIT
        if kind == "tuple_type":
            return TupleT([self.type(t) for t in self.kids(node)])
        if kind == "never_type":
            return NEVER
        if kind == "array_type":
            length = node.child_by_field_name("length")
            size = self.array_length(length) if length is not None else None
            if length is None:
                raise self.fail(node, "slices (use a `Vec` or an array)")
            return array(self.type(node.child_by_field_name("element")), size)
        if kind in ("type_identifier", "scoped_type_identifier"):
            name = self.unalias(
                self.text(node if kind == "type_identifier" else node.child_by_field_name("name"))
            )
            if kind == "scoped_type_identifier":
                path = node.child_by_field_name("path")
                if self.text(path) == "Self" and name in getattr(self, "assoc_types", {}):
                    return self.assoc_types[name]  # `Self::Output` of `impl Add` (op_traits)
                self.check_prefix(path)
                in_module = self.module_item(self.segments(node))  # `m::T`, `super::Dense`
                if in_module is not None and in_module in self.structs:
                    return StructT(self.structs[in_module])
            named = {
                "String": STRING,
                "Device": DEVICE,
                "Gradients": GRADIENTS,
                "TensorData": TENSOR_DATA,
            }
            if name in named:
                return named[name]
            parsed = str_methods.parse_error_type(self.src, name, kind == "type_identifier")
            if parsed is not None:  # `std::num::ParseIntError`
                return parsed
            ordering = std_cmp.ordering_type(self, name, kind == "type_identifier")
            if ordering is not None:  # `-> Ordering` after `use std::cmp::Ordering;`
                return ordering
            if name == "_":
                return Var()
            burn = burn_nn.lower_type(name, None)  # `Relu`, `MseLoss`: Burn's types
            if burn is not None and self.named_struct(name) is None:
                if kind == "type_identifier":  # `opt: Optimizer` with no `use` of Burn: E0425
                    unknown_names.refuse_type(self, node, name)
                if name == burn_grad_accum.NAME:  # without its `<M>`: E0107
                    burn_grad_accum.refuse_bare(self, node, kind == "type_identifier")
                if kind == "type_identifier":  # `ModuleOptimizer` without its `use`: E0425
                    burn_nn.refuse_unimported(self, node, name)
                return burn
            if kind == "type_identifier" and name == "Self" and self.self_type is not None:
                return generic_impls.self_type(self, self.self_type)  # `Acc<T>` of `impl<T: ..>`
            if kind == "type_identifier" and self.named_struct(name) is not None:
                return StructT(self.named_struct(name))
            if kind == "type_identifier" and name in self.type_params:
                return self.type_params[name]
            target = type_aliases.plain_target(self, name) if name in self.aliases else None
            if target is not None:
                return self.type(target)  # `type Pair = (i32, f64);`
            if name in self.backends and getattr(self, "generic_fields", False):
                err = self.fail(node, f"the backend `{name}` used as a value's type")
                err.value_param = name  # `struct Stack<T> { items: Vec<T> }` (lower_items)
                raise err
            if name in self.backends or name in self.aliases:
                raise self.fail(node, f"the backend `{name}` used as a value's type")
            if kind == "type_identifier":  # E0425
                unknown_names.refuse_type(self, node, name)
            raise self.fail(node, f"the type `{name}`")
        if kind == "generic_type":
            base = node.child_by_field_name("type")
            prefix = ""  # `std::collections` of `std::collections::HashMap<K, V>`
            if base.type == "scoped_type_identifier":
                self.check_prefix(base.child_by_field_name("path"))
                prefix = self.text(base.child_by_field_name("path")).lstrip(":")
                base = base.child_by_field_name("name")
            name = self.unalias(self.text(base))
            args = self.kids(node.child_by_field_name("type_arguments"))
            if name == "Tensor":
                return TensorT(*self.tensor_args(node, args))
            if name == "Reverse":  # `std::cmp::Reverse<T>` (std_reverse.py)
                made = std_reverse.lower_type(self, node.child_by_field_name("type"), args)
                if made is not None:
                    return made
            if name == phantom.NAME and self.named_struct(name) is None:
                made = phantom.lower_type(self, base, prefix, args)
                if made is not None:  # `std::marker::PhantomData<U>`
                    return made
            if name == "Param" and len(args) == 1:  # Burn's `Param<Tensor<B, D>>`
                burn = burn_nn.lower_type(name, lambda: self.type(args[0]))
                if burn is not None:
                    return burn
            if name == burn_grad_accum.NAME and len(args) == 1 and self.named_struct(name) is None:
                return burn_grad_accum.lower_type(self, base, prefix, args)
            if name == "OptimizerAdaptor" and len(args) == 3:  # `OptimizerAdaptor<Adam, M, B>`
                return self.optimizer_type(args)
            if name == "Result" and len(args) == 2 and _DYN_ERROR.fullmatch(self.text(args[1])):
                return dyn_result(self.type(args[0]))
            if name == "HashMap" and len(args) == 2:  # `std::collections::HashMap<K, V>`
                if prefix != "std::collections" and not hashmap.imported(self.src):
                    what = "cannot find type `HashMap` in this scope"
                    raise self.fail(base, rejects(what, "E0425"))
                return hashmap.hash_map(self.type(args[0]), self.type(args[1]))
            if name == "BTreeMap" and len(args) == 2:  # `std::collections::BTreeMap<K, V>`
                if prefix != "std::collections" and not btreemap.imported(self.src):
                    what = "cannot find type `BTreeMap` in this scope"
                    raise self.fail(base, rejects(what, "E0425"))
                return btreemap.btree_map(self.type(args[0]), self.type(args[1]))
            if name in sets.KINDS and len(args) == 1:  # `HashSet<T>`, `BTreeSet<T>` (sets.py)
                if prefix != "std::collections" and not sets.imported(self.src, name):
                    what = f"cannot find type `{name}` in this scope"
                    raise self.fail(base, rejects(what, "E0425"))
                return Wrap(name, self.type(args[0]))
            shared_cell = rc_refcell.lower_type(self, name, prefix, args)  # `Rc<RefCell<T>>`
            if shared_cell is not None:
                return shared_cell
            if name == "BinaryHeap" and len(args) == 1:  # (binary_heap.py)
                if prefix != "std::collections" and not binary_heap.imported(self.src):
                    what = "cannot find type `BinaryHeap` in this scope"
                    raise self.fail(base, rejects(what, "E0425"))
                return binary_heap.heap(self.type(args[0]))
            if name == "VecDeque" and len(args) == 1:  # `std::collections::VecDeque<T>`
                if prefix != "std::collections" and not vecdeque.imported(self.src):
                    what = "cannot find type `VecDeque` in this scope"
                    raise self.fail(base, rejects(what, "E0425"))
                return vecdeque.deque(self.type(args[0]))
            if name == "Result" and len(args) == 2:  # `Result<T, String>`: any error type
                return dyn_result(self.type(args[0]), self.type(args[1]))
            if name in ("Option", "Vec") and len(args) == 1:
                inner = self.type(args[0])
                return option(inner) if name == "Option" else vec(inner)
            if self.named_struct(name) is not None:
                item = self.named_struct(name)
                args = [a for a in args if a.type != "lifetime"]  # `View<'a>`: erased
                at = getattr(item, "param_at", [])  # `Stack<f32>`: a value parameter's type
                for i, arg in enumerate(args):  # the backend arguments, typed away
                    if i not in at and self.text(arg) not in (
                        self.backends | self.aliases | self.dims | self.type_params.keys()
                    ) and not self.backend_type(arg):
                        raise self.fail(arg, f"the type argument `{self.text(arg)}`")
                if at and len(args) > max(at):
                    return StructT(item, tuple(self.type(args[i]) for i in at))
                return StructT(item)
            std_type_arity.refuse(self, node, name, prefix, args)  # `HashMap<String>`: E0107
            if not prefix:  # E0425
                unknown_names.refuse_type(self, base, name)
            raise self.fail(node, f"the type `{self.text(node)}`")
        raise self.fail(node, f"the type `{self.text(node)}`")

    def optimizer_type(self, args: list[Node]) -> Ty:
        """`OptimizerAdaptor<Adam, M, B>`: what `AdamConfig::new().init()` makes (pbpit's one
        optimizer type, whichever the first argument names)."""
        base = args[0].child_by_field_name("type") if args[0].type == "generic_type" else args[0]
        if self.text(base) not in ("Adam", "AdamW", "Sgd"):
            raise self.fail(args[0], f"the optimizer `{self.text(args[0])}`")
        self.type(args[1])  # the module
        return burn_nn.NAMED_TYPES["Optimizer"]

    def argument_trait(self, node: Node) -> str:
        """The Burn trait of `node` (an `impl ..` type) written as a parameter's type or behind
        its `&`/`&mut` (an anonymous type parameter to rustc); "" elsewhere or for the file's."""
        parent = node.parent
        while parent is not None and parent.type == "reference_type":
            parent = parent.parent
        trait = node.child_by_field_name("trait")
        if parent is None or parent.type != "parameter" or trait is None:
            return ""
        return self.burn_trait(trait)

    def optimizer_argument(self, node: Node) -> bool:
        """Whether `node` is `impl Optimizer<M, B>` as a parameter's type: typed as `O` of
        `O: Optimizer<M, B>` is (`traits.py`)."""
        return self.argument_trait(node) == "Optimizer"

    def module_argument(self, node: Node) -> ParamT | None:
        """`impl AutodiffModule<B>` / `impl Module<B>` as a parameter's type: a type parameter
        of its own, as `M` of `M: AutodiffModule<B>` (`traits.py`), kept among the function's
        (each call gives it the argument's type, which must be a module)."""
        module = self.argument_trait(node)
        if module not in ("AutodiffModule", "Module"):
            return None
        key = f"impl@{node.start_byte}"  # (the same parameter however often it is lowered)
        if type(self.type_params.get(key)) is not ParamT:
            written = self.text(node.child_by_field_name("trait"))
            self.type_params[key] = ParamT(f"impl {written}", [], module=module)
        return self.type_params[key]

    def backend_type(self, node: Node) -> bool:
        """Whether `node` is one of Burn's backend types written out as a struct's type argument
        (`Net<NdArray>`, `Net<Autodiff<NdArray>>`, `Net<Wgpu<f32, i32>>`): typed away as a
        backend parameter or alias is."""
        if node.type == "generic_type":
            args = self.kids(node.child_by_field_name("type_arguments"))
            name = self.text(node.child_by_field_name("type"))
            if name == "Autodiff":
                return len(args) >= 1 and self.backend_type(args[0])
            return name in _BACKEND_TYPES
        return node.type == "type_identifier" and self.text(node) in _BACKEND_TYPES

    def owned_type(self, node: Node) -> bool:
        """Whether a written type is certainly not a reference (`_` may be one)."""
        return node.type != "reference_type" and self.text(node) != "_"

    def check_prefix(self, node: Node | None) -> None:
        """The path before `::Device`, `::Tensor`: modules, a backend parameter or alias."""
        if node is None:
            return
        if node.type in ("identifier", "type_identifier", "crate", "super", "self"):
            return
        if node.type == "scoped_identifier":
            self.check_prefix(node.child_by_field_name("path"))
            return
        if self.autodiff_qualified(node):  # `<B as AutodiffBackend>::Gradients`
            return
        raise self.fail(node, f"the path `{self.text(node)}`")

    def autodiff_qualified(self, node: Node) -> bool:
        """Whether `node` is `<B as AutodiffBackend>` (`B` a backend parameter or alias, the
        trait brought in by `use` or written as its path): `B::Gradients` written in full."""
        from pbpit.rust.interp.uses import trait_in_scope

        inner = node.named_children[0] if node.type == "bracketed_type" else None
        if inner is None or inner.type != "qualified_type":
            return False
        backend, trait = inner.child_by_field_name("type"), inner.child_by_field_name("alias")
        if backend is None or trait is None or backend.type != "type_identifier":
            return False
        if self.text(backend) not in self.backends | self.aliases:
            return False
        if trait.type == "type_identifier":
            module = ("burn", "tensor", "backend")
            return self.text(trait) == "AutodiffBackend" and trait_in_scope(
                self.src, "AutodiffBackend", module
            )
        return self.text(trait).replace(" ", "") == "burn::tensor::backend::AutodiffBackend"

    def tensor_args(self, node: Node, args: list[Node]) -> tuple[int | None, str]:
        """The rank `D` (None: a const generic) and kind of `Tensor<D>`, `Tensor<D, Int>` (Burn
        0.22, no backend), `Tensor<B, D>`, `Tensor<B, D, Bool>` (a backend first)."""
        new_style = bool(args) and (
            args[0].type == "integer_literal" or self.text(args[0]) in self.dims
        )
        rank_and_kind = args if new_style else args[1:]
        if not args or not 1 <= len(rank_and_kind) <= 2:
            raise self.fail(node, "this tensor type")
        dim, *kind_node = rank_and_kind
        kind = self.text(kind_node[0]) if kind_node else "Float"
        if kind not in ("Float", "Int", "Bool"):
            raise self.fail(kind_node[0], f"`{kind}` tensors (Burn's kinds: Float, Int, Bool)")
        if dim.type == "integer_literal":
            return self.int_literal(dim), kind
        if dim.type == "type_identifier" and self.text(dim) in self.dims:
            return None, kind
        raise self.fail(dim, f"the tensor dimension `{self.text(dim)}`")

    def array_length(self, node: Node) -> int:
        """The `N` of `[T; N]`: a number, or a `const N: usize` item whose value is one."""
        if node.type == "integer_literal":
            return self.usize_literal(node)  # `[T; 3u8]`: rustc's E0308
        item = self.const_nodes.get(self.text(node)) if node.type == "identifier" else None
        if item is not None:
            value = item.child_by_field_name("value")
            if value is not None and value.type == "integer_literal":
                declared = self.text(item.child_by_field_name("type"))
                if declared != "usize":
                    raise self.fail(node, f"mismatched types: expected `usize`, found `{declared}`")
                return self.parse_int(value)[0]
        raise self.fail(
            node, f"the array length `{self.text(node)}` (a number, or a `const` of one)"
        )

    def int_literal(self, node: Node) -> int:
        if node.type != "integer_literal":
            raise self.fail(node, f"the constant `{self.text(node)}` (write a number)")
        return self.parse_int(node)[0]
