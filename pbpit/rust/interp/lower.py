"""Lowering: tree-sitter's tree of a Rust file to the interpreter's own (`nodes`).

Lowering checks the subset: anything outside it raises `Unsupported` at its exact
`file:line:col` before anything runs. Names are resolved here (each `let` is a new binding with
its own slot in its function's frame, so shadowing is static), macros are parsed (`println!`
arguments through `syntax.macro_arguments`) and format strings split into placeholders.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pbpit.engine.api import RUST_FUNCTIONS
from pbpit.rust.interp import burn_nn
from pbpit.rust.interp.borrows import refuse_use_while_borrowed
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.inline_mods import InlineModules
from pbpit.rust.interp.macros import MacroLowering
from pbpit.rust.interp.nodes import (
    Arm,
    ArrayLit,
    ArrayRepeat,
    Assign,
    Binary,
    Binding,
    Block,
    Break,
    Call,
    Cast,
    Closure,
    ConstItem,
    ConstRef,
    Continue,
    Crate,
    Expr,
    ExprStmt,
    Field,
    FnItem,
    FnScope,
    For,
    If,
    IfLet,
    Index,
    InScope,
    Let,
    Lit,
    Local,
    Loop,
    Match,
    Method,
    Pat,
    Pos,
    RangeLit,
    Return,
    SomeLit,
    Static,
    Stmt,
    StructItem,
    StructLit,
    TupleLit,
    Unary,
    Unsupported,
    Visible,
    While,
)
from pbpit.rust.interp.numbers import FLOAT_METHODS, FLOAT_TESTS, INT_METHODS, float_const
from pbpit.rust.interp.traits import TraitLowering
from pbpit.rust.interp.types import (
    DEVICE,
    FLOAT_NAMES,
    GRADIENTS,
    INT_RANGES,
    MUT_REFERENCES,
    NAMED,
    NEVER,
    STRING,
    TENSOR_DATA,
    UNIT,
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
from pbpit.rust.interp.uses import imported_activations, imported_modules
from pbpit.rust.syntax import RustFile

Node = Any
"""A `tree_sitter.Node`."""

# -- lowering -------------------------------------------------------------------------------------

_COMMENTS = ("line_comment", "block_comment")
_ALLOWED_ATTRIBUTES = ("allow", "warn", "deny", "expect", "rustfmt::skip")
_ITEMS = {
    "struct_item": "`struct` items",
    "enum_item": "`enum` items",
    "union_item": "`union` items (write a `struct`)",
    "impl_item": "`impl` blocks",
    "trait_item": "`trait` items",
    "mod_item": "`mod` items",
    "static_item": "`static` items",
    "macro_definition": "`macro_rules!` definitions",
    "foreign_mod_item": "`extern` blocks",
    "function_signature_item": "function declarations without a body",
}
_EXPRESSIONS = {
    "tuple_expression": "tuples",
    "struct_expression": "struct expressions",
    "char_literal": "char literals (write a one-character string: `\"a\"`)",
    "unsafe_block": "`unsafe` blocks",
    "async_block": "`async` blocks",
    "await_expression": "`.await`",
    "yield_expression": "`yield`",
    "const_block": "`const` blocks",
    "let_chain": "`let` chains",
    "negative_literal": "negative literal patterns",
}
_COMPARISONS = ("==", "!=", "<", ">", "<=", ">=")
_INT_SUFFIXES = tuple(sorted(INT_RANGES, key=len, reverse=True))
_STD_CRATES = ("std", "core")
# Where std's types live: `std::vec::Vec::new()` (a `Device` is Burn's, found under any module).
_STD_MODULES = {
    "Vec": {("std", "vec"), ("alloc", "vec")},
    "String": {("std", "string"), ("alloc", "string")},
    "Default": {("std", "default"), ("core", "default")},
}

# `Box<dyn Error>` as a `Result`'s error type (`std::error::Error`, `+ Send + Sync` too).
_DYN_ERROR = re.compile(
    r"Box<dyn\s*(?:(?:::)?(?:std|core)::error::)?Error(?:\s*\+\s*(?:Send|Sync|'static))*\s*>"
)
# The modules of std (and core) that are not numbers': a path into one is std's, not an error.
_STD_MODULE_NAMES = frozenset(
    "alloc any array ascii borrow boxed cell char clone cmp collections convert default env "
    "error ffi fmt fs hash hint io iter marker mem net num ops option os panic path pin prelude "
    "primitive process ptr rc result slice str string sync task thread time vec".split()
)
# Tensor methods whose gradients Burn borrows mutably: `x.grad_remove(&mut grads)`.
_MUT_GRADIENTS = ("grad_remove", "grad_replace")
# `burn::tensor::activation::..`, `TensorData::..` and `Distribution::..`: (owner, name) -> arity.
MATH_FUNCTIONS = {
    **{("activation", name): 1 for name in ("relu", "sigmoid", "tanh", "gelu", "silu")},
    **{("activation", name): 2 for name in ("softmax", "log_softmax", "leaky_relu", "softplus")},
    ("TensorData", "new"): 2,
    ("TensorData", "from"): 1,
    ("Distribution", "Uniform"): 2,
    ("Distribution", "Normal"): 2,
    ("Distribution", "Bernoulli"): 1,
}


DERIVE_ELSEWHERE = "`#[derive(..)]` on anything but a `struct` or `enum`"
_DESTRUCTURING = ("tuple_pattern", "reference_pattern", "struct_pattern", "tuple_struct_pattern")


class Lowerer(MacroLowering, InlineModules, TraitLowering):
    """Builds the `Crate` of one parsed file."""

    def __init__(self, source: RustFile) -> None:
        self.src = source
        self.path = source.path
        self.columns = source.columns
        self.delta = 0  # byte offset of the tree being read into the file (macro arguments)
        self.fns: dict[str, FnItem] = {}
        self.consts: dict[str, ConstItem] = {}
        self.const_nodes: dict[str, Node] = {}  # every `const` item, for array lengths
        self.aliases: set[str] = set()
        self.backends: frozenset[str] = frozenset()
        self.dims: frozenset[str] = frozenset()
        self.scope = FnScope(None)
        # Names in scope: each name's bindings, innermost last; per open block, the bindings it
        # made (undone when it closes); the current frame's bindings, as a shared chain.
        self.names: dict[str, list[Binding]] = {}
        self.blocks: list[list[Binding]] = []
        self.in_scope: Visible = None
        self.imported_modules = imported_modules(source)
        activations = frozenset(n for owner, n in MATH_FUNCTIONS if owner == "activation")
        self.imported_activations = imported_activations(source, activations)
        self.structs: dict[str, StructItem] = {}
        self.traits: dict[str, Node] = {}
        self.self_type: StructItem | None = None  # inside an `impl`: what `Self` names
        self.fn_scope: FnScope | None = None  # the function being read (not a closure in it)
        self.fn_ret: Ty = UNIT
        self.init_modules()
        self.init_refusals()
        self.init_traits()  # traits used for dispatch (traits.py)

    # -- every refusal of the file at once ---------------------------------------------------------

    def init_refusals(self) -> None:
        self.refused: list[Unsupported] = []
        self.refused_names: set[str] = set()  # items refused: their uses are not refused again
        self.tainted: set[str] = set()  # functions and consts with a refusal: not type-checked
        self.current: str | None = None

    def checkpoint(self) -> tuple:
        """What reading a statement or item changes, to be put back when it is refused."""
        loops = len(self.scope.loops)
        return (self.scope, self.in_scope, len(self.blocks), self.delta, loops, self.backends,
                self.dims, self.self_type, self.module)

    def restore(self, checkpoint: tuple) -> None:
        (self.scope, self.in_scope, blocks, self.delta, loops, self.backends, self.dims,
         self.self_type, self.module) = checkpoint
        while len(self.blocks) > blocks:
            for binding in self.blocks.pop():
                self.names[binding.name].pop()
        del self.scope.loops[loops:]

    def refuse(self, err: Unsupported) -> None:
        self.refused.append(err)
        if self.current is not None:
            self.tainted.add(self.current)

    def mentions_refused(self, node: Node) -> bool:
        """Whether `node` names an item that was refused (its refusal would follow from that)."""
        if not self.refused_names:
            return False
        words = set(re.findall(r"\w+", self.text(node)))
        return not words.isdisjoint(self.refused_names)

    def refuse_item(self, node: Node, err: Unsupported) -> None:
        names = node.child_by_field_name("name") or node.child_by_field_name("type")
        if names is not None:
            self.refused_names.update(re.findall(r"\w+", self.text(names)))
        self.refuse(err)

    def refuse_statement(self, node: Node, err: Unsupported) -> None:
        """A refused statement: recorded, and the names a `let` binds declared all the same, so
        that their uses further on are not refused for being unknown."""
        if self.mentions_refused(node) and "cannot find" in err.what:
            if self.current is not None:
                self.tainted.add(self.current)
        else:
            self.refuse(err)
        pattern = node.child_by_field_name("pattern") if node.type == "let_declaration" else None
        stack = [pattern] if pattern is not None else []
        while stack:
            part = stack.pop()
            if part.type == "identifier" and part.parent.type not in ("scoped_identifier",):
                self.declare(self.text(part), True)
            stack.extend(part.named_children)

    def recovering(self, name: str, node: Node, lower_body: Any) -> None:
        """`lower_body()` of the function or const `name`, a refusal in it recorded."""
        self.current = name
        checkpoint = self.checkpoint()
        try:
            lower_body()
        except Unsupported as err:
            self.restore(checkpoint)
            self.refuse(err)
        self.current = None

    # -- positions --------------------------------------------------------------------------------

    def pos(self, node: Node) -> Pos:
        return self.columns.position(node.start_byte + self.delta)

    def where(self, node: Node) -> str:
        line, col = self.pos(node)
        return f"{self.path}:{line}:{col}"

    def fail(self, node: Node, what: str) -> Unsupported:
        end = self.columns.position(node.end_byte + self.delta)
        return Unsupported(self.where(node), what, end)

    def text(self, node: Node) -> str:
        return self.src.data[node.start_byte + self.delta : node.end_byte + self.delta].decode()

    @staticmethod
    def kids(node: Node) -> list[Node]:
        return [c for c in node.named_children if c.type not in _COMMENTS]

    @staticmethod
    def operator(node: Node, index: int = 1) -> Node:
        """The operator token of a binary (`index` 1) or unary (0) expression, comments aside."""
        return [c for c in node.children if c.type not in _COMMENTS][index]

    # -- items ------------------------------------------------------------------------------------

    def crate(self) -> Crate:
        items = self.flatten(self.kids(self.src.root), ())
        for node in items:
            if node.type in ("const_item", "static_item"):
                self.const_nodes[self.text(node.child_by_field_name("name"))] = node
        self.declare_types(items)
        burn_nn.declare(self.structs)  # Burn's `Linear`: a struct of the library
        derives: Node | None = None
        for node in items:
            checkpoint = self.checkpoint()
            try:
                derives = self.item(node, derives)
            except Unsupported as err:
                self.restore(checkpoint)
                self.refuse_item(node, err)
                derives = None
        for item in self.consts.values():
            self.module = self.module_of(item.node)
            self.recovering(item.name, item.node, lambda item=item: self.const_body(item))
        if derives is not None:
            self.refuse(self.fail(derives, DERIVE_ELSEWHERE))
        for fn in self.fns.values():
            self.module = self.module_of(fn.node)
            if burn_nn.is_derived(fn):  # `new`/`with_*` of `#[derive(Config)]`: burn_nn writes them
                self.recovering(fn.name, fn.node, lambda fn=fn: burn_nn.config_body(self, fn))
            else:
                self.recovering(fn.name, fn.node, lambda fn=fn: self.fn_body(fn))
        self.module = ()
        main = self.fns.get("main")
        if main is None and "main" not in self.refused_names:
            self.refuse(Unsupported(f"{self.path}:1:1", "no `fn main()` in the file"))
        elif main is not None and (main.params or not _main_result(main.ret)):
            self.refuse(
                Unsupported(
                    f"{self.path}:{main.pos[0]}:{main.pos[1]}",
                    "`main` with parameters or a result (write `fn main()` and call your "
                    "function from it)",
                )
            )
        return Crate(self.path, self.src, self.fns, self.consts, self.structs)

    def item(self, node: Node, derives: Node | None) -> Node | None:
        """Read one item of the file; the `#[derive(..)]` waiting for the next item."""
        kind = node.type
        self.module = self.module_of(node)
        self.type_params = {}
        if derives is not None and kind not in ("attribute_item", "struct_item", "enum_item"):
            raise self.fail(derives, DERIVE_ELSEWHERE)
        if kind in ("use_declaration", "empty_statement", "extern_crate_declaration"):
            return derives
        if kind == "attribute_item" and self.is_derive(node):
            derives = node
        elif kind in ("attribute_item", "inner_attribute_item"):
            self.attribute(node)
        elif kind == "struct_item":
            self.struct_fields(node, derives)
            derives = None
        elif kind == "enum_item":
            self.enum_variants(node, derives)
            derives = None
        elif kind == "impl_item":
            self.impl_block(node)
        elif kind == "trait_item":
            self.trait_body(node)  # its default methods join each impl
        elif kind == "function_item":
            self.declare_item(node, self.fns, self.signature(node))
        elif kind == "static_item" and any(
            c.type == "mutable_specifier" for c in node.children
        ):
            raise self.fail(node, "`static mut` items (use a `let mut` in `main`)")
        elif kind in ("const_item", "static_item"):  # an immutable `static` is a `const` here
            name = self.text(node.child_by_field_name("name"))
            item = ConstItem(name, self.pos(node), node)
            item.ty = self.type(node.child_by_field_name("type"))
            self.declare_item(node, self.consts, item)
        elif kind == "type_item":
            if node.child_by_field_name("type_parameters") is not None:
                raise self.fail(node, "generic type aliases")
            self.aliases.add(self.text(node.child_by_field_name("name")))
        elif kind in _ITEMS:
            raise self.fail(node, _ITEMS[kind])
        else:
            raise self.fail(node, f"`{kind}` items")
        return derives

    def declare_item(self, node: Node, table: dict[str, Any], item: FnItem | ConstItem) -> None:
        if item.name in self.fns or item.name in self.consts:
            raise self.fail(node, f"the name `{item.name}` is defined multiple times")
        table[item.name] = item

    def attribute(self, node: Node) -> None:
        attr = next((c for c in self.kids(node) if c.type == "attribute"), None)
        name = self.text(attr.named_children[0]) if attr is not None and attr.named_children else ""
        if name not in _ALLOWED_ATTRIBUTES:
            raise self.fail(node, f"the attribute `{self.text(node)}`")

    def signature(self, node: Node) -> FnItem:
        name = self.text(node.child_by_field_name("name"))
        fn = FnItem(name, self.pos(node), node)
        for child in node.children:
            if child.type == "function_modifiers":
                raise self.fail(child, f"`{self.text(child)}` functions")
        outer_params = self.type_params
        backends, dims = self.generic_params(node)
        fn.generic_order = self.generic_order
        owner = self.self_type
        if owner is not None:
            backends |= owner.backends
            dims |= owner.dims
        fn.backends, fn.dims = frozenset(backends), frozenset(dims)
        self.backends, self.dims = fn.backends, fn.dims
        fn.owner = owner
        for param in self.kids(node.child_by_field_name("parameters")):
            if param.type == "self_parameter" and owner is not None and not fn.param_tys:
                fn.self_kind = self.self_kind(param)
                fn.param_tys.append(StructT(owner))
                continue
            if param.type != "parameter":
                raise self.fail(
                    param, "`self` parameters" if "self" in param.type else "this parameter"
                )
            fn.param_tys.append(self.type(param.child_by_field_name("type")))
        ret = node.child_by_field_name("return_type")
        fn.ret = self.type(ret) if ret is not None else UNIT
        fn.ret_owned = ret is None or self.owned_type(ret)
        self.backends, self.dims = frozenset(), frozenset()
        fn.type_params, self.type_params = self.type_params, outer_params
        return fn

    def fn_body(self, fn: FnItem) -> None:
        self.backends, self.dims = fn.backends, fn.dims
        self.type_params = fn.type_params
        self.self_type = fn.owner
        self.scope = self.fn_scope = fn.scope = FnScope(None)
        self.fn_ret = fn.ret  # what `?` may return into
        saved = self.open_scope(new_frame=True)
        for param in self.kids(fn.node.child_by_field_name("parameters")):
            mutable = any(c.type == "mutable_specifier" for c in param.children)
            if param.type == "self_parameter":
                binding = self.declare("self", mutable and fn.self_kind == "value")
                binding.owned = fn.self_kind == "value"
                binding.mut_ref = fn.self_kind == "mut"
                fn.params.append(binding)
                continue
            binding = self.bind_pattern(param.child_by_field_name("pattern"), mutable)
            if binding is not None:
                binding.owned = self.owned_type(param.child_by_field_name("type"))
                binding.mut_ref = is_mut_reference(param.child_by_field_name("type"))
            fn.params.append(binding)
        fn.body = self.block(fn.node.child_by_field_name("body"))
        self.close_scope(saved)
        conflict = refuse_use_while_borrowed(fn.body, self.path)  # `let r = &mut x;` then `x`
        if conflict is not None:
            raise conflict
        self.backends, self.dims = frozenset(), frozenset()
        self.self_type = None

    def const_body(self, item: ConstItem) -> None:
        self.scope = item.scope = FnScope(None)
        saved = self.open_scope(new_frame=True)
        item.value = self.expr(item.node.child_by_field_name("value"))
        self.close_scope(saved)

    # -- names ------------------------------------------------------------------------------------

    def open_scope(self, bindings: Sequence[Binding] = (), new_frame: bool = False) -> Visible:
        """Start a block (with `bindings` in scope) or, `new_frame`, a function or closure body;
        what `close_scope` restores."""
        saved = self.in_scope
        if new_frame:
            self.in_scope = None
        self.blocks.append([])
        for binding in bindings:
            self.bring_into_scope(binding)
        return saved

    def close_scope(self, saved: Visible) -> None:
        for binding in self.blocks.pop():
            self.names[binding.name].pop()
        self.in_scope = saved

    def bring_into_scope(self, binding: Binding) -> None:
        self.blocks[-1].append(binding)
        self.names.setdefault(binding.name, []).append(binding)
        self.in_scope = InScope(binding.name, binding.slot, self.in_scope)

    def declare(self, name: str, mutable: bool, initialized: bool = True) -> Binding:
        binding = Binding(name, mutable, self.scope, self.scope.nslots, initialized)
        self.scope.nslots += 1
        self.bring_into_scope(binding)
        return binding

    def bind_pattern(
        self, pattern: Node | None, mutable: bool, init: bool = True
    ) -> Binding | None:
        """The binding of a `let`, parameter or loop pattern: a name, `mut name` or `_`."""
        if pattern is None or pattern.type == "_" or self.text(pattern) == "_":
            return None
        if pattern.type == "mut_pattern":
            mutable = True
            pattern = self.kids(pattern)[-1]
        if pattern.type != "identifier":
            raise self.fail(pattern, "this pattern (only a name, `mut name` or `_`)")
        return self.declare(self.text(pattern), mutable, init)

    def lookup(self, name: str) -> Binding | None:
        found = self.names.get(name)
        return found[-1] if found else None

    def local(self, node: Node, name: str) -> Expr | None:
        binding = self.lookup(name)
        if binding is not None:
            return Local(self.pos(node), binding, self.scope)
        if name in self.consts and self.sees(name):
            return ConstRef(self.pos(node), self.consts[name])
        return None

    # -- types ------------------------------------------------------------------------------------

    def type(self, node: Node) -> Ty:
        kind = node.type
        dispatch = self.dispatch_type(node)  # `dyn Shape`, `impl Fn(f32) -> f32`, `Box<T>`
        if dispatch is not None:
            return dispatch
        if kind == "primitive_type":
            name = self.text(node)
            if name not in NAMED or name in ("Device", "Gradients", "TensorData"):
                raise self.fail(node, f"the type `{name}`")
            return NAMED[name]
        if kind == "reference_type":
            inner = self.type(node.child_by_field_name("type"))
            if any(c.type == "mutable_specifier" for c in node.children) and not shared(inner):
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
                self.check_prefix(node.child_by_field_name("path"))
            named = {
                "String": STRING,
                "Device": DEVICE,
                "Gradients": GRADIENTS,
                "TensorData": TENSOR_DATA,
            }
            if name in named:
                return named[name]
            if name == "_":
                return Var()
            burn = burn_nn.lower_type(name, None)  # `Relu`, `MseLoss`: Burn's types
            if burn is not None and self.named_struct(name) is None:
                return burn
            if kind == "type_identifier" and self.named_struct(name) is not None:
                return StructT(self.named_struct(name))
            if kind == "type_identifier" and name in self.type_params:
                return self.type_params[name]
            if name in self.backends or name in self.aliases:
                raise self.fail(node, f"the backend `{name}` used as a value's type")
            raise self.fail(node, f"the type `{name}`")
        if kind == "generic_type":
            base = node.child_by_field_name("type")
            if base.type == "scoped_type_identifier":
                self.check_prefix(base.child_by_field_name("path"))
                base = base.child_by_field_name("name")
            name = self.unalias(self.text(base))
            args = self.kids(node.child_by_field_name("type_arguments"))
            if name == "Tensor":
                return TensorT(*self.tensor_args(node, args))
            if name == "Param" and len(args) == 1:  # Burn's `Param<Tensor<B, D>>`
                burn = burn_nn.lower_type(name, lambda: self.type(args[0]))
                if burn is not None:
                    return burn
            if name == "OptimizerAdaptor" and len(args) == 3:  # `OptimizerAdaptor<Adam, M, B>`
                return self.optimizer_type(args)
            if name == "Result" and len(args) == 2 and _DYN_ERROR.fullmatch(self.text(args[1])):
                return dyn_result(self.type(args[0]))
            if name in ("Option", "Vec") and len(args) == 1:
                inner = self.type(args[0])
                return option(inner) if name == "Option" else vec(inner)
            if self.named_struct(name) is not None:
                for arg in args:  # the backend arguments, typed away
                    if self.text(arg) not in (
                        self.backends | self.aliases | self.dims | self.type_params.keys()
                    ):
                        raise self.fail(arg, f"the type argument `{self.text(arg)}`")
                return StructT(self.named_struct(name))
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
        raise self.fail(node, f"the path `{self.text(node)}`")

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
            return self.parse_int(node)[0]
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

    # -- statements -------------------------------------------------------------------------------

    def block(self, node: Node, bindings: Sequence[Binding] = ()) -> Block:
        """A `{ .. }` block (`bindings`: names the block starts with, as a `for` variable)."""
        if node.type != "block":
            raise self.fail(node, f"`{node.type}` where a block was expected")
        if any(c.type == "label" for c in node.children):
            raise self.fail(node, "labelled blocks (`'a: { .. }`)")
        saved = self.open_scope(bindings)
        stmts: list[Stmt] = []
        tail: Expr | None = None
        children = self.kids(node)
        for i, child in enumerate(children):
            checkpoint = self.checkpoint()
            try:
                tail = self.statement(child, i == len(children) - 1, stmts)
            except Unsupported as err:
                self.restore(checkpoint)
                self.refuse_statement(child, err)
        visible = self.in_scope
        self.close_scope(saved)
        return Block(self.pos(node), stmts, tail, visible)

    def statement(self, child: Node, last: bool, stmts: list[Stmt]) -> Expr | None:
        """Lower one statement of a block onto `stmts`; the block's tail if it is one."""
        kind = child.type
        if self.is_block_item(child):  # read with the file's items (inline_mods.py)
            return None
        if kind == "let_declaration":
            stmts.extend(self.let(child))
        elif kind == "expression_statement":
            inner = self.kids(child)[0]
            semicolon = child.children[-1].type == ";"
            expr = self.expr(inner)
            if last and not semicolon:
                return expr
            stmts.append(ExprStmt(self.pos(child)[0], expr, semicolon))
        elif kind in ("use_declaration", "empty_statement"):
            return None
        elif kind == "attribute_item":
            self.attribute(child)
            return None
        elif kind.endswith("_item") or kind in _ITEMS:
            what = _ITEMS.get(kind, "items").split(" (")[0]
            instead = "write it at the file's top level"
            raise self.fail(child, f"{what} inside a function body ({instead})")
        elif last:
            return self.expr(child)
        else:
            raise self.fail(child, f"`{kind}` here")
        stmts[-1].visible = self.in_scope
        return None

    def let(self, node: Node) -> list[Let]:
        if node.child_by_field_name("alternative") is not None:
            raise self.fail(node, "`let .. else` (write a `match`)")
        value = node.child_by_field_name("value")
        init = self.expr(value) if value is not None else None
        type_node = node.child_by_field_name("type")
        declared = self.type(type_node) if type_node is not None else None
        mutable = any(c.type == "mutable_specifier" for c in node.children)
        pattern = node.child_by_field_name("pattern")
        if pattern.type in ("tuple_pattern", "struct_pattern", "tuple_struct_pattern",
                            "slice_pattern"):
            if init is None:
                raise self.fail(pattern, "a pattern in a `let` without a value")
            return self.destructure(node, pattern, declared, init)
        binding = self.bind_pattern(pattern, mutable, init is not None)
        if binding is not None and type_node is not None:
            binding.owned = self.owned_type(type_node)  # else the checker judges `init`
        if binding is not None and (
            (init is not None and init.mut_borrow) or is_mut_reference(type_node)
        ):
            binding.mut_ref = True  # `let r = &mut optim;`
        return [Let(self.pos(node)[0], binding, declared, init)]

    # -- expressions ------------------------------------------------------------------------------

    def expr(self, node: Node) -> Expr:
        kind = node.type
        method = getattr(self, "e_" + kind, None)
        if method is not None:
            return method(node)
        if kind in _EXPRESSIONS:
            raise self.fail(node, _EXPRESSIONS[kind])
        raise self.fail(node, f"`{kind.replace('_', ' ')}`")

    def e_parenthesized_expression(self, node: Node) -> Expr:
        return self.expr(self.kids(node)[0])

    def e_integer_literal(self, node: Node) -> Expr:
        text = self.text(node).replace("_", "")
        if text.endswith(FLOAT_NAMES) and text[:2] not in ("0x", "0o", "0b"):
            return Lit(self.pos(node), "float", text[:-3], NAMED[text[-3:]])  # `1f32`
        value, suffix = self.parse_int(node)
        return Lit(self.pos(node), "int", value, NAMED[suffix] if suffix else None)

    def parse_int(self, node: Node) -> tuple[int, str | None]:
        text = self.text(node).replace("_", "")
        suffix = None
        base = 10
        if text[:2] in ("0x", "0o", "0b"):
            base = {"0x": 16, "0o": 8, "0b": 2}[text[:2]]
            text = text[2:]
        for candidate in (*_INT_SUFFIXES, *(("f32", "f64") if base == 10 else ())):
            if text.endswith(candidate) and len(text) > len(candidate):
                suffix, text = candidate, text[: -len(candidate)]
                break
        text = text.lstrip("0") or ("0" if text else "")
        # (Beyond u128 in any base: and Python reads at most 4300 decimal digits.)
        too_large = len(text) > 39 if base == 10 else len(text) * (base.bit_length() - 1) > 256
        try:
            value = None if too_large else int(text, base)
        except ValueError:
            raise self.fail(node, f"the literal `{self.text(node)}`") from None
        if value is None or value > INT_RANGES["u128"][1]:
            what = f"integer literal is too large: value exceeds limit of `{INT_RANGES['u128'][1]}`"
            raise self.fail(node, rejects(what))
        return value, suffix

    def e_float_literal(self, node: Node) -> Expr:
        text = self.text(node).replace("_", "")
        suffix = None
        if text.endswith(("f32", "f64")):
            suffix, text = NAMED[text[-3:]], text[:-3]
        return Lit(self.pos(node), "float", text, suffix)

    def e_boolean_literal(self, node: Node) -> Expr:
        return Lit(self.pos(node), "bool", self.text(node) == "true")

    def e_unit_expression(self, node: Node) -> Expr:
        return Lit(self.pos(node), "unit", ())

    def e_string_literal(self, node: Node) -> Expr:
        return Lit(self.pos(node), "str", self.string_value(node))

    e_raw_string_literal = e_string_literal

    def string_value(self, node: Node) -> str:
        if node.type == "raw_string_literal":
            content = next((c for c in node.named_children if c.type == "string_content"), None)
            return self.content(content, raw=True) if content is not None else ""
        if node.type != "string_literal":
            raise self.fail(node, "a format string that is not a string literal")
        if self.text(node).startswith("b"):
            raise self.fail(node, "byte strings")
        parts: list[str] = []
        strip = False
        for child in node.named_children:
            if child.type == "escape_sequence":
                text = self.text(child)
                if text[1] in "\r\n":
                    strip = True
                    continue
                try:
                    value, length = read_escape(text)
                except EscapeError as err:
                    at = self.pos(child)
                    raise Unsupported(
                        f"{self.path}:{at[0]}:{at[1] + err.offset}", f"{err} (rustc rejects it)"
                    ) from None
                if length != len(text):
                    raise self.fail(child, f"the escape `{text}`")
                parts.append(value)
            else:
                text = self.content(child, raw=False)
                parts.append(text.lstrip(" \t\n") if strip else text)
            strip = False
        return "".join(parts)

    def content(self, node: Node, raw: bool) -> str:
        """A string literal's text between escapes, its line ends as rustc reads them."""
        text = self.text(node)
        bare = text.replace("\r\n", "  ").find("\r")
        if bare >= 0:
            byte = node.start_byte + self.delta + len(text[:bare].encode())
            line, column = self.columns.position(byte)
            what = "raw string" if raw else "string, use `\\r` instead"
            raise Unsupported(
                f"{self.path}:{line}:{column}", f"bare CR not allowed in {what} (rustc rejects it)"
            )
        return text.replace("\r\n", "\n")

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
        value = self.fn_value(node, name)  # `apply(double, 3.0)` (traits.py)
        if value is not None:
            return value
        if name in self.fns:
            raise self.fail(node, f"the function `{name}` used as a value (call it)")
        # rustc's E0425, not a construct outside the subset: the name is the program's mistake.
        refused = self.fail(node, rejects(f"cannot find value `{name}` in this scope", "E0425"))
        refused.label = "not found in this scope"
        raise refused

    def e_generic_function(self, node: Node) -> Expr:
        function = node.child_by_field_name("function")
        targs = self.kids(node.child_by_field_name("type_arguments"))
        if self.text(function) == "None" and self.lookup("None") is None and len(targs) == 1:
            return SomeLit(self.pos(node), None, self.type(targs[0]))
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
        if names[-2:] == ["Distribution", "Default"]:
            return Static(self.pos(node), "Distribution::Default", [])
        dispatch = self.dispatch_path(node, segs)  # `T::NAME`, `Circle::NAME`, `f32::max`
        if dispatch is not None:
            return dispatch
        if len(segs) == 2:
            case = self.variant(self.named_struct(names[0]), segs[1][1])
            if case is not None and case.kind == "unit":
                return StructLit(self.pos(node), case, [])
            if case is not None:
                raise self.fail(node, f"the variant `{self.text(node)}` used as a value (call it)")
        return self.number_const(node, segs)

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
            if names[0] not in self.imported_modules and names[0][:1].islower():
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
        value = self.number_value(type_name, name)
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
                    TensorT(self.int_literal(t)) if t.type == "integer_literal" else self.type(t)
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
            recv = self.expr(function.child_by_field_name("value"))
            name = self.text(name_node)
            args = [self.method_arg(name, a) for a in arg_nodes]
            if name == "into_scalar" and targs:  # Burn 0.22's `into_scalar::<E>()`: `.elem()`
                recv, name, args = Method(self.pos(name_node), recv, name, [], args), "elem", []
            return Method(self.pos(name_node), recv, name, targs, args)
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
                return SomeLit(self.pos(node), args[0])
            item = self.named_struct(name)
            if item is not None and item.kind == "tuple":
                return self.tuple_struct(node, item, args)
            if name in self.fns and self.sees(name):
                call = Call(self.pos(node), self.fns[name], args)
                self.turbofish(call, turbofish)  # `make::<Square>(..)` (traits.py)
                return call
            if name == "Ok" and len(args) == 1:  # a `Result<T, Box<dyn Error>>`
                return Static(self.pos(node), "Result::Ok", args)
            if name in ("Ok", "Err", "Box"):
                raise self.fail(function, f"`{name}(..)`")
            if written in self.imported_activations:  # `use burn::tensor::activation::relu;`
                name = self.imported_activations[written]
                arity = MATH_FUNCTIONS[("activation", name)]
                if len(args) != arity:
                    raise self.fail(node, f"`{name}` takes {arity} arguments")
                return Static(self.pos(node), f"activation::{name}", args)
            raise self.fail(function, f"cannot find function `{name}` in this scope")
        if function.type == "self" and self.self_type is not None:  # `Self(a, b)`
            return self.tuple_struct(node, self.self_type, args)
        if function.type == "scoped_identifier":
            names = [s[0] for s in self.segments(function)]
            burn = burn_nn.lower_call(self.pos(node), names, args, self.structs)
            if burn is not None:  # `LinearConfig::new(..)`, `Relu::new()`: Burn's functions
                return burn
            in_module = self.module_item(self.segments(function))
            if in_module is not None and in_module in self.fns:  # `helpers::double(x)`
                return Call(self.pos(node), self.fns[in_module], args)
            found = self.number_method(node, function, args)  # `f64::is_nan(x)`
            if found is None:
                found = self.dispatch_call(node, function, args)  # `T::new(..)`, `Box::new(x)`
            if found is None:
                found = self.associated_call(node, function, args)
            if found is not None:
                return found
            return self.static_call(node, function, args)
        # A closure made by an expression: `make_scale(2.0)(x)`, `(|x| x + 1)(1)`.
        return Call(self.pos(node), self.expr(function), args)

    def number_method(self, node: Node, function: Node, args: list[Expr]) -> Expr | None:
        """`f64::max(a, b)`, `i32::pow(2, 10)`: a number's method called by its path, lowered
        as `{ let x: f64 = a; x.max(b) }` (the first argument must have the type named)."""
        segs = self.segments(function)
        if len(segs) != 2 or segs[0][2] is not None or not args:
            return None
        (owner, _, _), (name, name_node, _) = segs
        if owner not in (*FLOAT_NAMES, *INT_RANGES) or owner in self.imported_modules:
            return None
        methods = (*FLOAT_METHODS, *FLOAT_TESTS, "powi") if owner in FLOAT_NAMES else (
            *INT_METHODS, "abs", "pow", "max", "min"
        )
        if name not in methods:
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
                raise self.fail(node, f"`Tensor::{name}` takes {arity} arguments")
            if name == "stack":  # its Static's `dim` is the result's rank, D2 (check.py)
                dim = self.stack_rank(node, dim)
            return Static(pos, f"Tensor::{name}", args, dim, kind)
        if targs is not None and owner != "Vec":
            raise self.fail(function, f"the path `{self.text(function)}`")
        known = {
            ("Device", "flex"): 0,
            ("Device", "default"): 0,
            ("Default", "default"): 0,
            ("Vec", "new"): 0,
            ("Vec", "with_capacity"): 1,
            ("String", "new"): 0,
            ("String", "from"): 1,
        }
        known.update(MATH_FUNCTIONS)
        if (owner, name) in known:
            modules = _STD_MODULES.get(owner)
            if modules is not None and len(names) > 2 and tuple(names[:-2]) not in modules:
                raise self.fail(function, f"the path `{self.text(function)}`")
            prefix = names[-3] if len(names) > 2 else "burn"
            backend = prefix in self.backends or prefix in self.aliases
            if owner == "Device" and not (backend or prefix[:1].islower()):
                raise self.fail(function, f"the path `{self.text(function)}`")
            if len(args) != known[(owner, name)]:
                raise self.fail(node, f"`{owner}::{name}` takes {known[(owner, name)]} arguments")
            return Static(pos, f"{owner}::{name}", args)
        raise self.fail(function, f"the function `{self.text(function)}`")

    def e_field_expression(self, node: Node) -> Expr:
        field = node.child_by_field_name("field")
        base = self.expr(node.child_by_field_name("value"))
        name = self.text(field)
        if field.type == "integer_literal" and not name.isdigit():
            raise self.fail(field, f"the field `{name}`")
        return Field(self.pos(field), base, name)

    def e_binary_expression(self, node: Node) -> Expr:
        operator = self.operator(node)
        op = operator.type
        if op not in ("+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&&", "||"):
            raise self.fail(operator, f"the operator `{op}`")
        left_node = node.child_by_field_name("left")
        right_node = node.child_by_field_name("right")
        if op in _COMPARISONS:
            self.refuse_rustc_misreading(operator, left_node)
        if op == "-" and left_node.type == "range_expression" and len(self.kids(left_node)) == 1:
            return self.negative_range_end(node, left_node, right_node)
        left = self.expr(left_node)
        right = self.expr(right_node)
        return Binary(self.pos(node), op, left, right, op_pos=self.pos(operator))

    def refuse_rustc_misreading(self, operator: Node, left: Node) -> None:
        """Comparisons rustc's parser rejects where tree-sitter reads on: a chain (`a < b < c`,
        `1 == 1 == true`; comparisons do not associate in Rust) and `a as T < b` (`<` opens
        `T`'s generic arguments)."""
        if left.type == "binary_expression" and self.operator(left).type in _COMPARISONS:
            while True:  # rustc points at the first operator of the chain
                inner = left.child_by_field_name("left")
                if inner.type != "binary_expression" or self.operator(inner).type not in (
                    _COMPARISONS
                ):
                    break
                left = inner
            raise self.fail(self.operator(left), "comparison operators cannot be chained")
        if operator.type != "<":
            return
        last = left  # the operand just before `<`, as the parser meets it
        while last.type == "binary_expression":
            last = last.child_by_field_name("right")
        if last.type == "type_cast_expression":
            target = self.text(last.child_by_field_name("type"))
            raise self.fail(
                operator,
                f"`<` is interpreted as a start of generic arguments for `{target}`, not a "
                f"comparison (write `({self.text(last)}) < ..`)",
            )

    def negative_range_end(self, node: Node, range_node: Node, right_node: Node) -> Expr:
        """`a..-b`, which tree-sitter reads as `(a..) - b`: the range `a..(-b)` that Rust reads,
        when `b` is an operand that `-` takes whole (a literal, a name, a call...)."""
        parts = [c for c in range_node.children if c.type not in _COMMENTS]
        primary = (
            "integer_literal",
            "float_literal",
            "identifier",
            "scoped_identifier",
            "call_expression",
            "index_expression",
            "parenthesized_expression",
        )
        if len(parts) != 2 or parts[1].type != "..":  # `a..`, then `- b`
            raise self.fail(node, "ranges other than `a..b` and `a..=b`")
        start = parts[0]
        if right_node.type not in primary:
            raise self.fail(node, f"the range `{self.text(node)}` (write `a..(-b)`)")
        minus = self.operator(node)
        hi = Unary(self.pos(minus), "-", self.expr(right_node))
        return RangeLit(self.pos(range_node), self.expr(start), hi, False)

    def e_unary_expression(self, node: Node) -> Expr:
        op = self.operator(node, 0).type
        operand = self.expr(self.kids(node)[0])
        return Unary(self.pos(node), op, operand)

    def method_arg(self, method: str, node: Node) -> Expr:
        """An argument; `&mut grads` only as the gradients of `grad_remove`/`grad_replace`,
        where Burn's signature asks for it (the interpreter has no other `&mut`)."""
        if (
            method in _MUT_GRADIENTS
            and node.type == "reference_expression"
            and node.child_by_field_name("value").type == "identifier"
        ):
            value = self.expr(node.child_by_field_name("value"))
            value.borrowed = True
            return value
        return self.expr(node)

    def e_reference_expression(self, node: Node) -> Expr:
        value = self.expr(node.child_by_field_name("value"))
        if any(c.type == "mutable_specifier" for c in node.children):
            self.mutable_place(node, value)
            value.mut_borrow = True
        value.borrowed = True
        value.borrow_pos = self.pos(node)
        return value

    def mutable_place(self, node: Node, value: Expr) -> None:
        """`&mut x`, `&mut x.field`: `x` declared `mut` (or itself a `&mut`), as rustc asks."""
        root = value
        while isinstance(root, Field | Index):
            root = root.base
        if not isinstance(root, Local) or root.binding.mutable or root.binding.mut_ref:
            return
        name = root.binding.name
        if root is value:
            what = f"cannot borrow `{name}` as mutable, as it is not declared as mutable"
        else:
            what = f"cannot borrow `{self.text(node.child_by_field_name('value'))}` as mutable, "
            what += f"as `{name}` is not declared as mutable"
        err = self.fail(node, rejects(what, "E0596"))
        err.label = "cannot borrow as mutable"
        raise err

    def e_try_expression(self, node: Node) -> Expr:
        """`x?` in a function returning `Result<T, Box<dyn Error>>`: `x`'s value (pbpit's
        Results are all `Ok`: no `Err` is ever made)."""
        question = node.children[-1]
        if self.scope is not self.fn_scope:
            raise self.fail(question, "the `?` operator in a closure (write `.unwrap()`)")
        ret = self.fn_ret
        if type(ret) is Wrap and ret.kind in ("Option", "Result"):
            raise self.fail(node, "the `?` operator (write `.unwrap()` or a `match`)")
        if type(ret) is not Wrap or ret.kind != "DynResult":
            what = (
                "the `?` operator can only be used in a function that returns `Result` or "
                "`Option` (or another type that implements `FromResidual`)"
            )
            err = self.fail(question, rejects(what, "E0277"))
            err.label = f"cannot use the `?` operator in a function that returns `{show(ret)}`"
            raise err
        value = self.expr(self.kids(node)[0])
        return Method(self.pos(question), value, "?", [], [])

    def e_type_cast_expression(self, node: Node) -> Expr:
        target = self.type(node.child_by_field_name("type"))
        operand = self.expr(node.child_by_field_name("value"))
        return Cast(self.pos(node), operand, target)

    def e_assignment_expression(self, node: Node) -> Expr:
        return self.assignment(node, None)

    def e_compound_assignment_expr(self, node: Node) -> Expr:
        operator = self.operator(node)
        op = operator.type[:-1]
        if op not in ("+", "-", "*", "/", "%"):
            raise self.fail(operator, f"the operator `{op}=`")
        return self.assignment(node, op)

    def assignment(self, node: Node, op: str | None) -> Expr:
        left = node.child_by_field_name("left")
        value = self.expr(node.child_by_field_name("right"))
        if left.type == "field_expression":
            return self.field_assignment(node, left, value, op)
        if left.type == "index_expression":
            return self.index_assignment(node, left, value, op)
        if left.type != "identifier":
            raise self.fail(left, "assignment to anything but a variable")
        target = self.expr(left)
        if not isinstance(target, Local):
            raise self.fail(left, f"assignment to the constant `{self.text(left)}`")
        binding = target.binding
        if not binding.mutable:
            if binding.initialized or op is not None:
                raise self.fail(node, f"cannot assign twice to immutable variable `{binding.name}`")
        return Assign(self.pos(node), target, value, op)

    def index_assignment(self, node: Node, left: Node, value: Expr, op: str | None) -> Expr:
        """`v[i] = x`, `m[i][j] += x`: an element of a `Vec` or an array, rooted at a variable
        declared `mut` (or a `&mut`) or at a field of one."""
        target = self.expr(left)
        root = target
        while isinstance(root, Index | Field):
            root = root.base
        if not isinstance(root, Local):
            raise self.fail(left, "assignment to an element of this expression")
        return Assign(self.pos(node), target, value, op)  # `mut` checked with the types

    def e_block(self, node: Node) -> Expr:
        return self.block(node)

    def e_if_expression(self, node: Node) -> Expr:
        cond_node = node.child_by_field_name("condition")
        alternative = node.child_by_field_name("alternative")
        if cond_node.type == "let_condition" and not self.is_some_name(
            cond_node.child_by_field_name("pattern")
        ):
            return self.if_let_match(node, cond_node, alternative)
        if cond_node.type == "let_condition":
            pattern = cond_node.child_by_field_name("pattern")
            value = self.expr(cond_node.child_by_field_name("value"))
            inner = self.some_pattern(pattern)
            binding = None
            if inner is not None:
                binding = Binding(self.text(inner), False, self.scope, self.scope.nslots, True)
                self.scope.nslots += 1
            then = self.block(
                node.child_by_field_name("consequence"), [binding] if binding is not None else []
            )
            els = self.else_clause(alternative)
            return IfLet(self.pos(node), binding, value, then, els)
        cond = self.expr(cond_node)
        then = self.block(node.child_by_field_name("consequence"))
        return If(self.pos(node), cond, then, self.else_clause(alternative))

    def some_pattern(self, pattern: Node) -> Node | None:
        """The name in `Some(name)` (None for `Some(_)`)."""
        if pattern.type == "tuple_struct_pattern":
            type_node = pattern.child_by_field_name("type")
            # `_` is an anonymous node to tree-sitter: not among the named children.
            inner = [c for c in pattern.children[1:] if c.type not in ("(", ")", ",", *_COMMENTS)]
            if self.text(type_node) == "Some" and len(inner) == 1:
                if inner[0].type == "identifier":
                    return inner[0]
                if self.text(inner[0]) == "_":
                    return None
        raise self.fail(pattern, f"the pattern `{self.text(pattern)}` (only `Some(name)`)")

    def else_clause(self, node: Node | None) -> Expr | None:
        if node is None:
            return None
        inner = self.kids(node)[0]
        return self.expr(inner)

    def label(self, node: Node) -> str | None:
        label = next((c for c in node.named_children if c.type == "label"), None)
        return self.text(label) if label is not None else None

    def e_loop_expression(self, node: Node) -> Expr:
        loop = Loop(self.pos(node), self.label(node))
        self.scope.loops.append(loop)
        loop.body = self.block(node.child_by_field_name("body"))
        self.scope.loops.pop()
        return loop

    def e_while_expression(self, node: Node) -> Expr:
        cond_node = node.child_by_field_name("condition")
        if cond_node.type == "let_condition":
            return self.while_let(node, cond_node)
        loop = While(self.pos(node), self.label(node))
        loop.cond = self.expr(cond_node)
        self.scope.loops.append(loop)
        loop.body = self.block(node.child_by_field_name("body"))
        self.scope.loops.pop()
        return loop

    # -- `while let P = e { b }`: as rustc reads it, `loop { match e { P => b, _ => break } }` ---

    def while_let(self, node: Node, cond: Node) -> Expr:
        pos = self.pos(node)
        loop = Loop(pos, self.label(node))
        self.scope.loops.append(loop)
        value = self.expr(cond.child_by_field_name("value"))
        saved = self.open_scope()
        pat = self.pattern(cond.child_by_field_name("pattern"))
        body = self.block(node.child_by_field_name("body"))
        self.close_scope(saved)
        loop.breaks = True
        stop = Block(pos, [], Break(pos, loop, None), self.in_scope)
        arms = [Arm(pat, None, body), Arm(Pat(pos, "wild"), None, stop)]
        loop.body = Block(pos, [], Match(pos, value, arms, if_let=True), self.in_scope)
        self.scope.loops.pop()
        return loop

    def e_for_expression(self, node: Node) -> Expr:
        loop = For(self.pos(node), self.label(node))
        loop.iterable = self.expr(node.child_by_field_name("value"))
        pattern = node.child_by_field_name("pattern")
        if pattern.type in _DESTRUCTURING:
            return self.for_destructuring(node, loop, pattern)
        saved = self.open_scope()
        loop.binding = self.bind_pattern(pattern, False)
        self.close_scope(saved)
        self.scope.loops.append(loop)
        bindings = [loop.binding] if loop.binding is not None else []
        loop.body = self.block(node.child_by_field_name("body"), bindings)
        self.scope.loops.pop()
        return loop

    # -- patterns in `for` and closure parameters: `for (i, x) in ..`, `|(a, b)|`, `|&x|` --------

    def hidden_pattern(self, pattern: Node) -> tuple[Binding, list[Let]]:
        """A hidden binding for the value `pattern` takes apart, and one `let` per name in it
        (the names brought into scope)."""
        hidden = Binding(f"({self.text(pattern)})", False, self.scope, self.scope.nslots, True)
        self.scope.nslots += 1
        lets: list[Let] = []
        self.pattern_lets(pattern, Local(self.pos(pattern), hidden, self.scope), lets,
                          self.pos(pattern)[0])
        return hidden, lets

    def for_destructuring(self, node: Node, loop: For, pattern: Node) -> For:
        saved = self.open_scope()
        loop.binding, lets = self.hidden_pattern(pattern)
        self.scope.loops.append(loop)
        loop.body = self.block(node.child_by_field_name("body"))
        self.scope.loops.pop()
        self.close_scope(saved)
        loop.body.stmts[:0] = lets
        return loop

    def target(self, node: Node, what: str) -> Loop | While | For:
        label = self.label(node)
        loops = self.scope.loops
        if not loops:
            raise self.fail(node, f"`{what}` outside of a loop")
        if label is None:
            return loops[-1]
        for loop in reversed(loops):
            if loop.label == label:
                return loop
        raise self.fail(node, f"use of undeclared label `{label}`")

    def e_break_expression(self, node: Node) -> Expr:
        target = self.target(node, "break")
        value_nodes = [c for c in self.kids(node) if c.type != "label"]
        value = self.expr(value_nodes[0]) if value_nodes else None
        if value is not None and not isinstance(target, Loop):
            raise self.fail(node, "`break` with a value from a `for` or `while` loop")
        target.breaks = True
        return Break(self.pos(node), target, value)

    def e_continue_expression(self, node: Node) -> Expr:
        target = self.target(node, "continue")
        target.continues = True
        return Continue(self.pos(node), target)

    def e_return_expression(self, node: Node) -> Expr:
        kids = self.kids(node)
        value = self.expr(kids[0]) if kids else None
        return Return(self.pos(node), value, self.in_scope)

    def e_array_expression(self, node: Node, is_vec: bool = False) -> Expr:
        length = node.child_by_field_name("length")
        if length is not None:
            elem = self.expr(self.kids(node)[0])
            return ArrayRepeat(self.pos(node), elem, self.expr(length), is_vec)
        return ArrayLit(self.pos(node), [self.expr(e) for e in self.kids(node)], is_vec)

    def e_index_expression(self, node: Node) -> Expr:
        base, index = self.kids(node)
        if index.type == "range_expression":
            raise self.fail(index, "slicing with a range (use `.iter().skip(a).take(b - a)`)")
        bracket = next(c for c in node.children if c.type == "[")
        return Index(self.pos(node), self.expr(base), self.expr(index), self.pos(bracket))

    def e_range_expression(self, node: Node) -> Expr:
        ends = self.kids(node)
        op = next((c.type for c in node.children if not c.is_named), "..")
        if len(ends) != 2 or op not in ("..", "..="):
            raise self.fail(node, "ranges other than `a..b` and `a..=b`")
        return RangeLit(self.pos(node), self.expr(ends[0]), self.expr(ends[1]), op == "..=")

    def e_closure_expression(self, node: Node) -> Expr:
        is_move = any(c.type == "move" for c in node.children)
        outer = self.scope
        scope = FnScope(outer)
        self.scope = scope
        saved = self.open_scope(new_frame=True)
        params: list[Binding | None] = []
        param_tys: list[Ty | None] = []
        destructured: list[Let] = []
        for param in self.kids(node.child_by_field_name("parameters")):
            type_node = None
            pattern = param
            if param.type == "parameter":
                pattern = param.child_by_field_name("pattern")
                type_node = param.child_by_field_name("type")
            param_tys.append(self.type(type_node) if type_node is not None else None)
            if pattern.type in _DESTRUCTURING:
                hidden, lets = self.hidden_pattern(pattern)
                destructured.extend(lets)
                params.append(hidden)
                continue
            binding = self.bind_pattern(pattern, False)
            if binding is not None and type_node is not None:
                binding.owned = self.owned_type(type_node)
            params.append(binding)
        ret_node = node.child_by_field_name("return_type")
        ret = self.type(ret_node) if ret_node is not None else None
        body = self.expr(node.child_by_field_name("body"))
        visible = self.in_scope
        if destructured:  # `|(a, b)| body`: `{ let a = hidden.0; let b = hidden.1; body }`
            body = Block(body.pos, list(destructured), body, visible)
        self.close_scope(saved)
        self.scope = outer
        return Closure(self.pos(node), params, param_tys, ret, body, scope, is_move, visible)

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
        return self.structs.get(name) if self.sees(name) else None

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
        self.generics(node, item)
        self.backends, self.dims = item.backends, item.dims
        self.fields(item, node.child_by_field_name("body"))
        self.backends, self.dims = frozenset(), frozenset()
        if "Config" in item.derives:  # Burn's derive: `new` and the `with_*` builders
            burn_nn.declare_config(self, item)

    def enum_variants(self, node: Node, derives: Node | None) -> None:
        item = self.structs[self.text(node.child_by_field_name("name"))]
        item.derives = self.derived(derives)
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
        if derives is not None:
            args = next(c for c in self.kids(derives) if c.type == "attribute")
            tree = args.child_by_field_name("arguments")
            for derive in self.kids(tree) if tree is not None else []:
                name = self.text(derive)
                if name in ("Module", "Config"):  # Burn's derives (`pbpit.nn`; burn_nn): Clone
                    names.update((name, "Clone"))
                    continue
                if name not in ("Debug", "Clone", "PartialEq"):
                    raise self.fail(
                        derive,
                        f"`#[derive({name})]` (pbpit derives `Debug`, `Clone`, `PartialEq` and "
                        "Burn's `Module`; for a `Copy` type write `.clone()`)",
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
                item.fields.append((name, self.type(decl.child_by_field_name("type"))))
        elif body is not None:
            types = [c for c in self.kids(body) if c.type != "visibility_modifier"]
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
        item = self.structs.get(self.text(base)) if base.type == "type_identifier" else None
        if item is None and base.type == "type_identifier" and self.text(base) not in self.aliases:
            what = f"cannot find type `{self.text(base)}` in this scope"
            raise self.fail(base, rejects(what, "E0412"))
        if item is None:
            raise self.fail(type_node, f"`impl` for `{self.text(type_node)}` (only for a struct)")
        trait_node = node.child_by_field_name("trait")
        trait = None
        if trait_node is not None:
            dispatch = self.trait_of(trait_node)  # `Loss<B>` too (traits.py)
            trait = dispatch.node if dispatch is not None else None
            if trait is None:
                raise self.fail(
                    trait_node, f"`impl {self.text(trait_node)}` (a trait the file does not define)"
                )
        scoped = StructItem(item.name, item.pos, item.node, item.kind)
        self.generics(node, scoped)
        outer = item.backends, item.dims
        item.backends, item.dims = scoped.backends, scoped.dims
        self.self_type = item
        defined: set[str] = set()
        for member in self.kids(node.child_by_field_name("body")):
            if member.type in ("attribute_item",):
                self.attribute(member)
                continue
            if member.type == "const_item" and trait is not None:
                continue  # read by `impl_of` (traits.py)
            if member.type != "function_item":
                raise self.fail(member, f"`{member.type.replace('_', ' ')}` in an `impl` block")
            defined.add(self.text(member.child_by_field_name("name")))
            self.method(item, member)
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
                elif member.type not in (*_COMMENTS, "const_item"):
                    raise self.fail(member, f"`{member.type.replace('_', ' ')}` in a trait")
            self.impl_of(item, dispatch, node)
        item.backends, item.dims = outer
        self.self_type = None

    def method(self, item: StructItem, node: Node) -> None:
        fn = self.signature(node)
        if fn.name in item.methods:
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
        if item.enum is not None and len(args) != len(item.fields):
            n, s = len(item.fields), "" if len(item.fields) == 1 else "s"
            what = f"this enum variant takes {n} argument{s} but {len(args)} were supplied"
            raise self.fail(node, rejects(what, "E0061"))
        if len(args) != len(item.fields):
            n = len(item.fields)
            what = (
                f"this struct takes {n} field{'' if n == 1 else 's'} but {len(args)} were supplied"
            )
            raise self.fail(node, rejects(what, "E0061"))
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
        if item is None:
            raise self.fail(name_node, f"the struct `{name}` (not one the file defines)")
        values: dict[str, Expr] = {}
        for init in self.kids(node.child_by_field_name("body")):
            if init.type == "shorthand_field_initializer":
                field_node = self.kids(init)[0]
                field_name, value = self.text(field_node), self.expr(field_node)
            elif init.type == "field_initializer":
                field_node = init.child_by_field_name("field")
                field_name = self.text(field_node)
                value = self.expr(init.child_by_field_name("value"))
            elif init.type == "base_field_initializer":
                raise self.fail(init, "struct update syntax (`..base`: write every field)")
            else:
                raise self.fail(init, f"`{self.text(init)}` in a struct expression")
            if item.field_index(field_name) is None:
                what = f"struct `{item.name}` has no field named `{field_name}`"
                raise self.fail(field_node, rejects(what, "E0560"))
            if field_name in values:
                what = f"field `{field_name}` specified more than once"
                raise self.fail(field_node, rejects(what, "E0062"))
            values[field_name] = value
        missing = [f"`{n}`" for n, _ in item.fields if n not in values]
        if missing:
            fields = f"field{'s' if len(missing) > 1 else ''} {', '.join(missing)}"
            what = f"missing {fields} in initializer of `{item.name}`"
            raise self.fail(name_node, rejects(what, "E0063"))
        # Rust evaluates the initializers in the order written; pbpit keeps that order.
        order = [item.fields.index(next(f for f in item.fields if f[0] == n)) for n in values]
        return StructLit(self.pos(node), item, list(values.values()), order)

    def e_tuple_expression(self, node: Node) -> Expr:
        return TupleLit(self.pos(node), [self.expr(e) for e in self.kids(node)])

    def field_assignment(self, node: Node, left: Node, value: Expr, op: str | None) -> Expr:
        """`self.w = x`, `m.0 += 1`, `a.b.c = x`: the variable holding the struct must be
        `let mut` or `&mut self`."""
        target = self.expr(left)
        root = target
        while isinstance(root, Field):
            root = root.base
        if not isinstance(root, Local):
            raise self.fail(left, "assignment to a field of anything but a variable")
        binding = root.binding
        if not (binding.mutable or binding.mut_ref):
            place = self.text(left)
            if binding.name == "self":
                what = f"cannot assign to `{place}`, which is behind a `&` reference"
            else:
                what = f"cannot assign to `{place}`, as `{binding.name}` is not declared as mutable"
            raise self.fail(node, rejects(what, "E0594"))
        return Assign(self.pos(node), target, value, op)

    def destructure(self, node: Node, pattern: Node, declared: Ty | None, init: Expr) -> list[Let]:
        """`let (a, mut b) = e;`, `let Out { a, b: c, .. } = e;`, `let P(x, _) = e;`: the value
        in a hidden binding, then one `let` per name, of its field."""
        line = self.pos(node)[0]
        hidden = Binding(f"({self.text(pattern)})", False, self.scope, self.scope.nslots, True)
        self.scope.nslots += 1
        lets = [Let(line, hidden, declared, init, self.in_scope)]
        self.pattern_lets(pattern, Local(self.pos(pattern), hidden, self.scope), lets, line)
        return lets

    def pattern_lets(self, pattern: Node, value: Expr, lets: list[Let], line: int) -> None:
        kind = pattern.type
        if kind == "_" or self.text(pattern) == "_":
            return
        if kind in ("identifier", "mut_pattern"):
            binding = self.bind_pattern(pattern, False)
            lets.append(Let(line, binding, None, value, self.in_scope))
            return
        if kind == "reference_pattern":  # `&x` of a `&T`: pbpit holds the value itself
            self.pattern_lets(self.kids(pattern)[-1], value, lets, line)
            return
        parts: list[tuple[str, Node]] = []
        if kind == "tuple_pattern":
            elems = [c for c in pattern.children if c.type not in ("(", ")", ",", *_COMMENTS)]
            if any(c.type == "remaining_field_pattern" for c in elems):
                raise self.fail(pattern, "`..` in a tuple pattern (name every element)")
            parts = [(str(i), c) for i, c in enumerate(elems)]
        elif kind == "slice_pattern":
            self.array_pattern_lets(pattern, value, lets, line)
            return
        elif kind == "tuple_struct_pattern":
            item = self.named_struct(self.text(pattern.child_by_field_name("type")))
            if item is None or item.kind != "tuple":
                raise self.fail(pattern, f"the pattern `{self.text(pattern)}`")
            elems = [c for c in pattern.children[1:] if c.type not in ("(", ")", ",", *_COMMENTS)]
            parts = [(str(i), c) for i, c in enumerate(elems)]
        elif kind == "struct_pattern":
            item = self.named_struct(self.text(pattern.child_by_field_name("type")))
            if item is None or item.kind != "named":
                raise self.fail(pattern, f"the pattern `{self.text(pattern)}`")
            fields, rest = self.field_patterns(pattern)
            for name_node, inner in fields:
                parts.append((self.text(name_node), inner if inner is not None else name_node))
            self.every_field_mentioned(pattern, item, {n for n, _ in parts}, rest)
        else:
            raise self.fail(pattern, f"the pattern `{self.text(pattern)}`")
        for name, sub in parts:
            field_value = Field(value.pos, value, name)
            if sub.type == "shorthand_field_identifier":
                binding = self.declare(self.text(sub), False)
                lets.append(Let(line, binding, None, field_value, self.in_scope))
            else:
                self.pattern_lets(sub, field_value, lets, line)

    # -- `let [a, b, c] = t.dims();`: an array's elements by index ---------------------------

    def array_pattern_lets(self, pattern: Node, value: Expr, lets: list[Let], line: int) -> None:
        """Each element of an array pattern bound to `value[i]` (Burn's `let [n, d] = x.dims()`);
        the array's length is the pattern's, as rustc requires of an array (E0527)."""
        elems = [c for c in pattern.children if c.type not in ("[", "]", ",", *_COMMENTS)]
        if any(c.type == "remaining_field_pattern" for c in elems):
            raise self.fail(pattern, "`..` in an array pattern (name every element)")
        for i, sub in enumerate(elems):
            pos = self.pos(sub)
            element = Index(pos, value, Lit(pos, "int", i, NAMED["usize"]), pos)
            self.pattern_lets(sub, element, lets, line)

    # -- `match`, `if let` with any pattern ------------------------------------------------------

    def e_match_expression(self, node: Node) -> Expr:
        value = self.expr(node.child_by_field_name("value"))
        arms = []
        for arm in self.kids(node.child_by_field_name("body")):
            if arm.type != "match_arm":
                raise self.fail(arm, f"`{self.text(arm)}` in a `match`")
            pattern = arm.child_by_field_name("pattern")
            saved = self.open_scope()
            parts = [c for c in pattern.children if c.type not in ("if", *_COMMENTS)]
            guard_node = pattern.child_by_field_name("condition")
            pat = self.pattern(parts[0])
            if guard_node is not None and guard_node.type == "let_condition":
                raise self.fail(guard_node, "`if let` guards")
            guard = self.expr(guard_node) if guard_node is not None else None
            body = self.expr(arm.child_by_field_name("value"))
            self.close_scope(saved)
            arms.append(Arm(pat, guard, body))
        return Match(self.pos(node), value, arms)

    def is_some_name(self, pattern: Node) -> bool:
        """`Some(name)` or `Some(_)`: the `if let` pbpit ran before it had `match`."""
        try:
            self.some_pattern(pattern)
        except Unsupported:
            return False
        return True

    def if_let_match(self, node: Node, cond: Node, alternative: Node | None) -> Expr:
        """`if let P = e { a } else { b }` is `match e { P => a, _ => b }`."""
        value = self.expr(cond.child_by_field_name("value"))
        saved = self.open_scope()
        pat = self.pattern(cond.child_by_field_name("pattern"))
        then = self.block(node.child_by_field_name("consequence"))
        self.close_scope(saved)
        els = self.else_clause(alternative)
        pos = self.pos(node)
        otherwise = els if els is not None else Block(pos, [], None, self.in_scope)
        arms = [Arm(pat, None, then), Arm(Pat(pos, "wild"), None, otherwise)]
        return Match(pos, value, arms, if_let=True)

    def pattern(self, node: Node) -> Pat:
        kind, pos = node.type, self.pos(node)
        text = self.text(node)
        if kind == "_" or text == "_":
            return Pat(pos, "wild")
        if kind in ("integer_literal", "float_literal", "boolean_literal", "string_literal"):
            return Pat(pos, "lit", value=self.expr(node))
        if kind == "negative_literal":
            literal = self.kids(node)[0]
            return Pat(pos, "lit", value=Unary(pos, "-", self.expr(literal)))
        if kind == "range_pattern":
            ends = self.kids(node)
            op = next((c.type for c in node.children if not c.is_named), "..=")
            if len(ends) != 2 or op not in ("..=", ".."):
                raise self.fail(node, "this range pattern (write `a..=b` or `a..b`)")
            lo, hi = (
                self.expr(e)
                if e.type in ("scoped_identifier", "identifier")
                else self.pattern(e).value
                for e in ends
            )
            return Pat(pos, "range", value=lo, hi=hi, inclusive=op == "..=")
        if kind == "or_pattern":
            subs = [self.pattern(c) for c in self.kids(node)]
            flat = [q for p in subs for q in (p.subs if p.kind == "or" else [p])]
            if any(_binds(p) for p in flat):
                raise self.fail(node, "names bound inside an `|` pattern")
            return Pat(pos, "or", subs=flat)
        if kind == "captured_pattern":
            name, sub = self.kids(node)
            inner = self.pattern(sub)
            binding = self.declare(self.text(name), False)
            return Pat(pos, "bind", binding=binding, subs=[inner])
        if kind in ("identifier", "mut_pattern"):
            if text == "None" and self.lookup("None") is None:
                return Pat(pos, "none")
            item = self.named_struct(text) if kind == "identifier" else None
            if item is not None and item.kind == "unit":
                return Pat(pos, "variant", item=item)
            if kind == "identifier" and text in self.consts:
                return Pat(pos, "lit", value=self.local(node, text))
            return Pat(pos, "bind", binding=self.bind_pattern(node, False))
        if kind == "scoped_identifier":
            if text in ("Option::None", "std::option::Option::None"):
                return Pat(pos, "none")
            path = node.child_by_field_name("path")
            owner = self.named_struct(self.text(path)) if path is not None else None
            case = self.variant(owner, node.child_by_field_name("name"))
            if case is not None and case.kind == "unit":
                return Pat(pos, "variant", item=case)
            raise self.fail(node, f"the pattern `{text}`")
        if kind == "tuple_pattern":
            elems = [c for c in node.children if c.type not in ("(", ")", ",", *_COMMENTS)]
            if any(c.type == "remaining_field_pattern" for c in elems):
                raise self.fail(node, "`..` in a tuple pattern (name every element)")
            return Pat(pos, "tuple", subs=[self.pattern(c) for c in elems])
        if kind == "tuple_struct_pattern":
            return self.tuple_struct_pattern(node)
        if kind == "struct_pattern":
            return self.struct_pattern(node)
        raise self.fail(node, f"the pattern `{text}`")

    def tuple_struct_pattern(self, node: Node) -> Pat:
        pos, text = self.pos(node), self.text(node)
        type_node = node.child_by_field_name("type")
        elems = [c for c in node.children[1:] if c.type not in ("(", ")", ",", *_COMMENTS)]
        if self.text(type_node) == "Some" and self.lookup("Some") is None:
            if len(elems) != 1:
                raise self.fail(node, "`Some` takes 1 field")
            return Pat(pos, "some", subs=[self.pattern(elems[0])])
        item = self.pattern_item(type_node)
        if item is None or item.kind != "tuple":
            raise self.fail(node, f"the pattern `{text}`")
        if any(c.type == "remaining_field_pattern" for c in elems):
            raise self.fail(node, "`..` in a tuple struct pattern (name every field)")
        if len(elems) != len(item.fields):
            n, m = len(elems), len(item.fields)
            what = (
                f"this pattern has {n} field{'' if n == 1 else 's'}, but the corresponding "
                f"tuple {'variant' if item.enum else 'struct'} has {m} field{'' if m == 1 else 's'}"
            )
            raise self.fail(node, rejects(what, "E0023"))
        return Pat(pos, "variant", item=item, subs=[self.pattern(c) for c in elems])

    def struct_pattern(self, node: Node) -> Pat:
        pos, text = self.pos(node), self.text(node)
        item = self.pattern_item(node.child_by_field_name("type"))
        if item is None or item.kind != "named":
            raise self.fail(node, f"the pattern `{text}`")
        subs = [Pat(pos, "wild") for _ in item.fields]
        named: set[str] = set()
        fields, rest = self.field_patterns(node)
        for name_node, inner in fields:
            name = self.text(name_node)
            index = item.field_index(name)
            if index is None:
                owner = "variant" if item.enum else "struct"
                what = f"{owner} `{item.name}` does not have a field named `{name}`"
                raise self.fail(name_node, rejects(what, "E0026"))
            named.add(name)
            if inner is None:
                binding = self.declare(name, False)
                subs[index] = Pat(self.pos(name_node), "bind", binding=binding)
            else:
                subs[index] = self.pattern(inner)
        self.every_field_mentioned(node, item, named, rest)
        return Pat(pos, "variant", item=item, subs=subs)

    def field_patterns(self, node: Node) -> tuple[list[tuple[Node, Node | None]], bool]:
        """A struct pattern's fields, each its name and its pattern (None for the shorthand
        `name`), and whether it ends in `..`."""
        fields: list[tuple[Node, Node | None]] = []
        rest = False
        for field_pattern in self.kids(node)[1:]:
            if field_pattern.type == "remaining_field_pattern":
                rest = True
                continue
            if any(c.type in ("ref", "mutable_specifier") for c in field_pattern.children):
                what = "`ref`/`mut` in a struct pattern (write `name: mut name`)"
                raise self.fail(field_pattern, what)
            name_node = field_pattern.child_by_field_name("name")
            fields.append((name_node, field_pattern.child_by_field_name("pattern")))
        return fields, rest

    def every_field_mentioned(
        self, node: Node, item: StructItem, named: set[str], rest: bool
    ) -> None:
        """rustc's E0027 for a struct pattern without `..` that leaves a field out."""
        missing = [f"`{n}`" for n, _ in item.fields if n not in named]
        if missing and not rest:
            fields = f"field{'s' if len(missing) > 1 else ''} {', '.join(missing)}"
            raise self.fail(node, rejects(f"pattern does not mention {fields}", "E0027"))

    def pattern_item(self, node: Node) -> StructItem | None:
        """The struct or variant a pattern names: `P`, `Self`, `E::V`, `Self::V`."""
        if node.type in ("type_identifier", "identifier"):
            return self.named_struct(self.text(node))
        if node.type in ("scoped_identifier", "scoped_type_identifier"):
            path = node.child_by_field_name("path")
            owner = self.named_struct(self.text(path)) if path is not None else None
            return self.variant(owner, node.child_by_field_name("name"))
        return None


def _main_result(ret: Ty) -> bool:
    """What `main` may return here: `()` or `Result<(), Box<dyn Error>>`."""
    return ret is UNIT or (type(ret) is Wrap and ret.kind == "DynResult" and ret.inner is UNIT)


def is_mut_reference(node: Node | None) -> bool:
    """Whether a written type is `&mut T`."""
    return node is not None and node.type == "reference_type" and any(
        c.type == "mutable_specifier" for c in node.children
    )


def _binds(pat: Pat) -> bool:
    return pat.kind == "bind" or any(_binds(p) for p in pat.subs)


class EscapeError(Exception):  # noqa: N818 - rustc's name for it
    """An escape rustc rejects: its message, and where in the escape rustc points."""

    def __init__(self, message: str, offset: int = 0) -> None:
        super().__init__(message)
        self.offset = offset


_SIMPLE_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", "\\": "\\", "0": "\0", "'": "'", '"': '"'}
_HEX = "0123456789abcdefABCDEF"


def read_escape(text: str) -> tuple[str, int]:
    """The char an escape in a string literal stands for, and the length of the escape, as
    rustc's lexer reads it (`text` starts at the backslash and may run on to the end of the
    literal, not past its closing quote). `EscapeError` with rustc's message for one it
    rejects."""
    kind = text[1:2]
    if kind in _SIMPLE_ESCAPES:
        return _SIMPLE_ESCAPES[kind], 2
    body = text[2:].split('"', 1)[0]  # what follows the escape's letter, in the literal
    if kind == "x":
        for i, digit in enumerate(body[:2]):
            if digit not in _HEX:
                raise EscapeError(
                    f"invalid character in numeric character escape: `{digit}`", 2 + i
                )
        if len(body) < 2:
            raise EscapeError("numeric character escape is too short")
        value = int(body[:2], 16)
        if value > 0x7F:
            raise EscapeError("out of range hex escape")
        return chr(value), 4
    if kind == "u":
        return _unicode_escape(body)
    if not kind:
        raise EscapeError("invalid trailing slash in literal")
    shown = kind if " " <= kind <= "~" else f"\\u{{{ord(kind):x}}}"
    raise EscapeError(f"unknown character escape: `{shown}`", 1)


def _unicode_escape(body: str) -> tuple[str, int]:
    """`\\u` followed by `body`, as rustc's `scan_unicode`."""
    if body[:1] != "{":
        raise EscapeError("incorrect unicode escape sequence")
    if body[1:2] == "_":
        raise EscapeError("invalid start of unicode escape: `_`", 3)
    if body[1:2] == "}":
        raise EscapeError("empty unicode escape")
    close = body.find("}")
    if close < 0:
        close = len(body)
    for i, c in enumerate(body[1:close], start=3):
        if c not in _HEX and c != "_":
            raise EscapeError(f"invalid character in unicode escape: `{c}`", i)
    if close == len(body):
        raise EscapeError("unterminated unicode escape")
    digits = body[1:close].replace("_", "")
    if len(digits) > 6:
        raise EscapeError("overlong unicode escape")
    value = int(digits, 16)
    if value > 0x10FFFF or 0xD800 <= value <= 0xDFFF:
        raise EscapeError("invalid unicode character escape")
    return chr(value), close + 3


def escape_refusal(source: RustFile, error: Node) -> Unsupported | None:
    """For a file tree-sitter cannot parse, because of an escape its grammar does not read
    (`"\\u{}"`, `"\\u{1_0}"`): the refusal of that escape, if it comes no later than the
    syntax error `error` (an escape rustc rejects, with its message; one it accepts, as
    outside the subset)."""
    stack = [source.root]
    while stack:
        node = stack.pop()
        if node.start_byte > error.start_byte and not (
            error.start_byte <= node.start_byte < error.end_byte
        ):
            break
        if node.type == "ERROR" and source.data[node.start_byte : node.start_byte + 1] == b"\\":
            siblings = node.parent.children if node.parent is not None else []
            if any(s.type == '"' and s.end_byte <= node.start_byte for s in siblings):
                return _escape_error(source, node)
        # (an ERROR leaf does not count as having an error)
        stack.extend(reversed([c for c in node.children if c.has_error or c.type == "ERROR"]))
    return None


def _escape_error(source: RustFile, node: Node) -> Unsupported:
    start = node.start_byte
    line_end = source.data.find(b"\n", start)
    text = source.data[start : line_end if line_end >= 0 else None].decode("utf-8", "replace")
    line, column = source.position(start)
    try:
        _, length = read_escape(text)
    except EscapeError as err:
        return Unsupported(
            f"{source.path}:{line}:{column + err.offset}", f"{err} (rustc rejects it)"
        )
    return Unsupported(
        f"{source.path}:{line}:{column}",
        f"the escape `{text[:length]}` (tree-sitter's Rust grammar does not read it)",
    )


def lower(source: RustFile) -> tuple[Crate, list[Unsupported], set[str]]:
    """The file as the interpreter's tree, every construct outside the subset refused (lowering
    goes on past each), and the functions and consts holding one (not to be type-checked:
    their types would follow from what was refused)."""
    lowerer = Lowerer(source)
    crate = lowerer.crate()
    for name, item in [*crate.fns.items(), *crate.consts.items()]:
        if lowerer.mentions_refused(item.node):
            lowerer.tainted.add(name)
    return crate, lowerer.refused, lowerer.tainted
