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

from pbpit.rust.interp import (
    burn_nn,
    cmp_impls,
    copy_types,
    derive_default,
    element_values,
    generic_impls,
    index_impls,
    iter_mut,
    labelled_blocks,
    mut_ref_lets,
    num_refs,
    option_refs,
    or_patterns,
    recursive_types,
    ref_patterns,
    references,
    tuple_lets,
    vecdeque,
)
from pbpit.rust.interp.borrows import refuse_use_while_borrowed
from pbpit.rust.interp.field_paths import mut_method
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.inline_mods import InlineModules
from pbpit.rust.interp.lifetimes import missing_lifetime
from pbpit.rust.interp.lower_exprs import ExprLowering
from pbpit.rust.interp.lower_items import ItemLowering, check_order_derives
from pbpit.rust.interp.lower_literals import (
    LiteralLowering,
    escape_refusal,  # noqa: F401 - program.py's
)
from pbpit.rust.interp.lower_paths import PathLowering
from pbpit.rust.interp.lower_pats import PatternLowering, reference_items
from pbpit.rust.interp.lower_tables import (
    _ALLOWED_ATTRIBUTES,
    _COMMENTS,
    _EXPRESSIONS,
    _ITEMS,
    DERIVE_ELSEWHERE,
    MATH_FUNCTIONS,
    Node,
    _main_result,
    is_mut_reference,
)
from pbpit.rust.interp.lower_types import TypeLowering
from pbpit.rust.interp.macros import MacroLowering
from pbpit.rust.interp.nodes import (
    Binding,
    Block,
    ConstItem,
    ConstRef,
    Crate,
    Expr,
    ExprStmt,
    FnItem,
    FnScope,
    InScope,
    Let,
    Local,
    Pos,
    Stmt,
    StructItem,
    Unsupported,
    Visible,
)
from pbpit.rust.interp.shared_borrows import refuse_assign_while_borrowed
from pbpit.rust.interp.traits import TraitLowering
from pbpit.rust.interp.types import (
    UNIT,
    Ty,
)
from pbpit.rust.interp.uses import imported_activations, imported_consts, imported_modules
from pbpit.rust.interp.value_slots import refuse_borrowed_let, refuse_borrows_for_values
from pbpit.rust.syntax import RustFile


class Lowerer(
    TypeLowering,
    LiteralLowering,
    PathLowering,
    ExprLowering,
    ItemLowering,
    PatternLowering,
    MacroLowering,
    InlineModules,
    TraitLowering,
):
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
        self.imported_consts = imported_consts(source)  # `use std::f64::consts::PI;`
        self.structs: dict[str, StructItem] = {}
        self.traits: dict[str, Node] = {}
        self.self_type: StructItem | None = None  # inside an `impl`: what `Self` names
        self.impl_args: tuple | None = None  # (its struct, `Self`'s args: generic_impls.py)
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

    def follows_refusal(self, node: Node, err: Unsupported) -> bool:
        """Whether `err`, met in `node`, only follows from an item refused before (a name not
        declared, a struct's fields not read: `#[derive(Copy)] struct P { x: i32 }`), so rustc,
        which accepts the item, would not report it."""
        # (any error where a refused item is named: its fields, methods and derives were not
        # read, so rustc's errors about them, E0061, E0023, E0599, would be made up)
        return self.mentions_refused(node)

    def refuse_item(self, node: Node, err: Unsupported) -> None:
        names = node.child_by_field_name("name") or node.child_by_field_name("type")
        if names is not None:
            self.refused_names.update(re.findall(r"\w+", self.text(names)))
        self.refuse(err)

    def refuse_statement(self, node: Node, err: Unsupported) -> None:
        """A refused statement: recorded, and the names a `let` binds declared all the same, so
        that their uses further on are not refused for being unknown."""
        if self.follows_refusal(node, err):
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
                # what a later statement does with it follows from the refusal (`let (ref mut
                # a, ..) = t;` refused: `*a += 1` is no E0594)
                self.refused_names.add(self.text(part))
            stack.extend(part.named_children)

    def recovering(self, name: str, node: Node, lower_body: Any) -> None:
        """`lower_body()` of the function or const `name`, a refusal in it recorded."""
        self.current = name
        checkpoint = self.checkpoint()
        try:
            lower_body()
        except Unsupported as err:
            self.restore(checkpoint)
            if self.follows_refusal(node, err):
                self.tainted.add(name)
            else:
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
                self.note_refused_impl(node)  # `impl AsF64 for i32`: no E0277 after
                derives = None
        for item in self.consts.values():
            self.module = self.module_of(item.node)
            self.recovering(item.name, item.node, lambda item=item: self.const_body(item))
        if derives is not None:
            self.refuse(self.fail(derives, DERIVE_ELSEWHERE))
        for fn in self.fns.values():
            self.module = self.module_of(fn.node)
            if derive_default.is_default(fn):  # `Name::default()` of `#[derive(Default)]`
                self.recovering(fn.name, fn.node, lambda fn=fn: derive_default.body(self, fn))
            # `new`/`with_*` of `#[derive(Config)]`: burn_nn writes them
            elif burn_nn.is_derived(fn):
                self.recovering(fn.name, fn.node, lambda fn=fn: burn_nn.config_body(self, fn))
            else:
                self.recovering(fn.name, fn.node, lambda fn=fn: self.fn_body(fn, defer=True))
        self.module = ()
        copy_types.check_derives(self)  # `#[derive(Copy)]`'s E0277, E0204
        check_order_derives(self)  # `#[derive(PartialOrd, Eq, Ord)]`'s fields (lower_items)
        recursive_types.refuse_infinite(self)  # `enum List { Cons(i32, List) }`: E0072
        cmp_impls.mark(self)  # `impl Ord for S`: S is `Ord` as a derived one is (E0277)
        index_impls.mark_places(self)  # `index_mut`'s `&mut self.data[k]`: a place it names
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
        crate = Crate(self.path, self.src, self.fns, self.consts, self.structs)
        crate.deref_binds = getattr(self, "deref_binds", [])  # `&x` patterns (lower_pats)
        crate.lowerer = self  # (std_generics: each instance of a std-generic fn is lowered)
        return crate

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
        fn.impl_args = self.impl_args if owner is not None else None  # type: ignore[attr-defined]
        for param in self.kids(node.child_by_field_name("parameters")):
            if param.type == "self_parameter" and owner is not None and not fn.param_tys:
                fn.self_kind = self.self_kind(param)
                fn.param_tys.append(generic_impls.self_type(self, owner))  # `Acc<T>`
                continue
            if param.type != "parameter":
                raise self.fail(
                    param, "`self` parameters" if "self" in param.type else "this parameter"
                )
            written = param.child_by_field_name("type")
            cell = num_refs.param(self, written)  # `n: &mut usize` (num_refs.py)
            fn.param_tys.append(cell if cell is not None else self.type(written))
        ret = node.child_by_field_name("return_type")
        unnamed = missing_lifetime(node, self.text)  # `fn longer(a: &str, b: &str) -> &str`
        if unnamed is not None:
            raise self.fail(unnamed, rejects("missing lifetime specifier", "E0106"))
        fn.ret = self.type(ret) if ret is not None else UNIT
        fn.ret_owned = ret is None or self.owned_type(ret)
        self.backends, self.dims = frozenset(), frozenset()
        fn.type_params, self.type_params = self.type_params, outer_params
        return fn

    def fn_body(self, fn: FnItem, defer: bool = False) -> None:
        """`fn`'s body lowered; `defer`: a conflict of borrows found in it is kept in
        `fn.borrow_conflict` for the move check to raise, after the type check (rustc's
        borrow checker runs on bodies that type-check)."""
        self.backends, self.dims = fn.backends, fn.dims
        self.type_params = fn.type_params
        self.self_type = fn.owner
        self.impl_args = getattr(fn, "impl_args", None)  # (generic_impls.py)
        self.scope = self.fn_scope = fn.scope = FnScope(None)
        self.fn_ret = fn.ret  # what `?` may return into
        saved = self.open_scope(new_frame=True)
        unpacked: list[Let] = []  # the `let`s of parameters written as tuple patterns
        for param in self.kids(fn.node.child_by_field_name("parameters")):
            mutable = any(c.type == "mutable_specifier" for c in param.children)
            if param.type == "self_parameter":
                binding = self.declare("self", mutable and fn.self_kind == "value")
                binding.owned = fn.self_kind == "value"
                binding.mut_ref = fn.self_kind == "mut"
                fn.params.append(binding)
                continue
            pattern = param.child_by_field_name("pattern")
            if pattern is not None and pattern.type == "tuple_pattern":  # `(r, c): (usize, usize)`
                binding, lets = self.hidden_pattern(pattern)
                unpacked.extend(lets)  # (given their parts as the body starts)
            else:
                binding = self.bind_pattern(pattern, mutable)
            if binding is not None:
                binding.argument = True  # type: ignore[attr-defined]  # (rustc's E0384 words)
                binding.owned = self.owned_type(param.child_by_field_name("type"))
                binding.mut_ref = is_mut_reference(param.child_by_field_name("type"))
                num_refs.mark_param(self, binding, param.child_by_field_name("type"))
                element_values.mark_param(binding, param.child_by_field_name("type"))
            fn.params.append(binding)
        fn.body = self.block(fn.node.child_by_field_name("body"))
        fn.body.stmts[:0] = unpacked
        refuse_borrows_for_values(self, fn)  # `f(&x)` of `fn f(x: i32)`, `return Some(&i)`
        self.close_scope(saved)
        conflict = refuse_use_while_borrowed(fn.body, self.path)  # `let r = &mut x;` then `x`
        if conflict is None:  # `let r = &x;` or `v.push(&x)`, then `x = ..` while it lives
            conflict = refuse_assign_while_borrowed(fn.body, self.path)
        if conflict is not None and defer:
            fn.borrow_conflict = conflict  # type: ignore[attr-defined]  # (moves.py raises it)
        elif conflict is not None:
            raise conflict
        self.backends, self.dims = frozenset(), frozenset()
        self.self_type = self.impl_args = None

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
        shared = or_patterns.shared(self, name, mutable)  # a later alternative of `a | b`
        if shared is not None:
            return shared
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
            place = iter_mut.element(self, node, binding)  # `x` of `for x in v.iter_mut()`
            if place is None:  # `a` of `let (ref mut a, _) = pair;`: `pair.0`
                place = ref_patterns.place(self, node, binding)
            return Local(self.pos(node), binding, self.scope) if place is None else place
        if name in self.consts and self.sees(name):
            return ConstRef(self.pos(node), self.consts[name])
        return None

    # -- statements -------------------------------------------------------------------------------

    def block(self, node: Node, bindings: Sequence[Binding] = ()) -> Block:
        """A `{ .. }` block (`bindings`: names the block starts with, as a `for` variable)."""
        if node.type != "block":
            raise self.fail(node, f"`{node.type}` where a block was expected")
        if labelled_blocks.labelled(self, node):  # `'a: { .. }` outside an expression
            raise self.fail(node, "labelled blocks (`'a: { .. }`) here")
        saved = self.open_scope(bindings)
        stmts: list[Stmt] = []
        tail: Expr | None = None
        children = [c for c in self.kids(node) if c.type != "label"]  # (`'a: { .. }`)
        for i, child in enumerate(children):
            checkpoint = self.checkpoint()
            try:
                tail = self.statement(child, i == len(children) - 1, stmts)
            except Unsupported as err:
                self.restore(checkpoint)
                self.refuse_statement(child, err)
        visible = self.in_scope
        self.close_scope(saved)
        tail = option_refs.write_back(self, stmts, tail)  # `let got = best.get_or_insert(..);`
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
            return self.let_else(node)  # `let Some(x) = o else { return; };` (lower_pats.py)
        type_node = node.child_by_field_name("type")
        value = node.child_by_field_name("value")
        try:
            declared = self.type(type_node) if type_node is not None else None  # (read first)
        except Unsupported:  # `let r: &mut i32 = &mut x;` of `let x`: rustc's E0596 all the same
            mut_ref_lets.refuse_immutable(self, value)
            raise
        mut_ref_lets.refuse_shared_for_mut(self, value)  # `let r: &mut Vec<i32> = &v;`: E0308
        init = self.expr(value) if value is not None else None
        refuse_borrowed_let(self, type_node, init)  # `let x: Option<i32> = &None;`
        mutable = any(c.type == "mutable_specifier" for c in node.children)
        pattern = node.child_by_field_name("pattern")
        if pattern.type in ("tuple_pattern", "struct_pattern", "tuple_struct_pattern",
                            "slice_pattern"):
            if init is None:
                raise self.fail(pattern, "a pattern in a `let` without a value")
            parts = tuple_lets.split(self, pattern, init, type_node, value)
            if parts is not None:  # `let (a, b) = (&mut s.total, &s.items);`: a `let` each
                return [let for p, e, v in parts for let in self.let_bound(node, p, e, v)]
            return self.destructure(node, pattern, declared, init)
        return self.let_bound(node, pattern, init, value, mutable, type_node, declared)

    def let_bound(
        self,
        node: Node,
        pattern: Node,
        init: Expr | None,
        value: Node | None,
        mutable: bool = False,
        type_node: Node | None = None,
        declared: Ty | None = None,
    ) -> list[Let]:
        """`let x = init;` (`mut x`, `_`; `value` the node of `init`)."""
        binding = self.bind_pattern(pattern, mutable, init is not None)
        if binding is not None and type_node is not None:
            binding.owned = self.owned_type(type_node)  # else the checker judges `init`
            binding.written = type_node  # type: ignore[attr-defined]  # (value_slots)
        if binding is not None and (
            (init is not None and init.mut_borrow) or is_mut_reference(type_node)
            or (isinstance(init, Local) and init.binding.mut_ref and not init.borrowed)
        ):
            binding.mut_ref = True  # `let r = &mut optim;`, `let moved = w;` (`w: &mut ..`)
            num_refs.mark_let(binding, init)  # `let r = &mut x;` of a number (num_refs.py)
        num_refs.mark_entry_let(binding, init)  # `let e = m.entry(k).or_insert(0);`
        option_refs.mark(binding, init)  # `let got = best.get_or_insert(v);`: a `&mut T`
        vecdeque.mark_let(binding, init)  # `let s = q.make_contiguous();`: a `&mut [T]`
        if binding is not None and getattr(init, "name", None) == "chunks_exact":
            binding.chunks_exact = init  # type: ignore[attr-defined]  # `it.remainder()`
        if binding is not None and value is not None and mut_method(self, value):
            binding.mut_method = mut_method(self, value)  # type: ignore[attr-defined]  # (check_rules)
        from pbpit.rust.interp import match_mut_refs  # `let p = v.iter_mut().find(..).unwrap();`

        match_mut_refs.mark_let(binding, init)
        references.mark_let(binding, init, self.structs)  # `let c = &p;`, `let r = m.get_mut();`
        if binding is not None and init is not None and reference_items(init):
            binding.ref_items = True  # type: ignore[attr-defined]  # `let mut it = v.iter();`
        if binding is not None and not mutable and type(init).__name__ == "TupleLit":
            binding.tuple_elems = init.elems  # type: ignore[attr-defined]  # (check_ops.owned)
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



def lower(source: RustFile) -> tuple[Crate, list[Unsupported], set[str]]:
    """The file as the interpreter's tree, every construct outside the subset refused (lowering
    goes on past each), and the functions and consts holding one (not to be type-checked:
    their types would follow from what was refused)."""
    lowerer = Lowerer(source)
    crate = lowerer.crate()
    for name, item in [*crate.fns.items(), *crate.consts.items()]:
        owner = getattr(item, "owner", None)  # a method of a refused type's `impl`
        if lowerer.mentions_refused(item.node) or (
            owner is not None and owner.name in lowerer.refused_names
        ):
            lowerer.tainted.add(name)
    return crate, lowerer.refused, lowerer.tainted
