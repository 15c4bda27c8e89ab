"""A borrow written where the written type holds a value: rustc's E0308, found from the syntax.

pbpit erases references (`&x` is `x`, marked `borrowed`), so its types cannot tell `Option<i32>`
from `Option<&i32>`. The written types can: where a `let`, a parameter, a struct's field or a
function's result is written as a type that is no reference at the place a value lands (`i32`,
`String`, a struct, `Option<..>`, `Vec<..>`, a tuple or an array of such), a value written `&x`
there is rustc's `mismatched types`, and so is a value certainly made here (a literal, a
constructor, `vec![..]`) where the written type is a reference. Checked at the places a value
lands directly: the value itself, `Some(..)`'s, a tuple's or an array's elements.

Types that may hide a reference are not judged: a type parameter, a type alias, `_`, `impl`,
`dyn`, a path pbpit does not know as a struct.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import declared_values, param_types
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import (
    ArrayLit,
    ArrayRepeat,
    Block,
    Call,
    Closure,
    Expr,
    Field,
    FnItem,
    Format,
    If,
    IfLet,
    Let,
    Lit,
    Local,
    Match,
    Method,
    Node,
    Return,
    SomeLit,
    Static,
    StructItem,
    StructLit,
    TupleLit,
    Unsupported,
    children,
)
from pbpit.rust.interp.slices import RANGE_INDEX
from pbpit.rust.interp.types import StructT, resolve

# std types that are values (a reference to one is another type).
_STD_VALUES = frozenset(
    ("String", "Vec", "Option", "Result", "Box", "HashMap", "HashSet", "BTreeMap", "VecDeque")
    + ("PhantomData", "ParseIntError", "ParseFloatError", "BinaryHeap", "BTreeSet", "Reverse")
    + ("Tensor",)  # (Burn's: a value, `&Tensor<B, 2>` another type)
)


class ValueSlots:
    """The written types of one crate's items, judged against the values given them."""

    def __init__(self, lowerer: Any) -> None:
        self.lowerer = lowerer

    def fail(self, at: Expr, expected: Node, found: str) -> Unsupported:
        where = at.borrow_pos if at.borrowed and at.borrow_pos else at.pos
        written = self.lowerer.text(expected)
        where_ = f"{self.lowerer.path}:{where[0]}:{where[1]}"
        err = Unsupported(where_, rejects("mismatched types", "E0308"))
        err.label = f"expected `{written}`, found {found}"
        return err

    # -- the written types ------------------------------------------------------------------------

    def is_value(self, ty: Node | None) -> bool:
        """Whether the written type `ty` is certainly no reference."""
        if ty is None:
            return False
        kind = ty.type
        if kind in ("primitive_type", "tuple_type", "array_type", "unit_type"):
            return True
        if kind == "function_type":  # `fn(f32) -> f32`, not the trait `Fn(..)`
            return ty.child_by_field_name("trait") is None
        if kind == "generic_type":
            ty = ty.child_by_field_name("type")
            kind = ty.type if ty is not None else ""
        if kind != "type_identifier":
            return False
        name = self.lowerer.text(ty)
        if name in self.lowerer.aliases or name in self.lowerer.type_params:
            return False
        return name in _STD_VALUES or name in self.lowerer.structs

    def type_args(self, ty: Node) -> list[Node]:
        """`Option<T>`'s `T`, a tuple's element types, an array's element type."""
        if ty.type == "tuple_type":
            return [c for c in ty.named_children if c.type not in ("line_comment", "block_comment")]
        if ty.type == "array_type":
            element = ty.child_by_field_name("element")
            return [element] if element is not None else []
        args = ty.child_by_field_name("type_arguments") if ty.type == "generic_type" else None
        if args is None:
            return []
        return [c for c in args.named_children if c.type not in ("lifetime", "line_comment")]

    def base_name(self, ty: Node) -> str:
        if ty.type == "generic_type":
            base = ty.child_by_field_name("type")
            return self.lowerer.text(base) if base is not None else ""
        return self.lowerer.text(ty) if ty.type == "type_identifier" else ""

    # -- a value against its written type ---------------------------------------------------------

    def value(self, ty: Node | None, e: Expr | None, top: bool = True) -> None:
        """`e` where the written type `ty` takes it (`top`: `e` itself judged too, not only
        what it holds; a call's arguments are the checker's, which knows their types)."""
        if ty is None or e is None:
            return
        if ty.type == "scoped_type_identifier":  # `Self::Item` of `type Item = Vec<f32>;`
            ty = self.associated(ty)
            if ty is None:
                return
        if isinstance(e, Block):  # `{ ..; Ok(&n) }`: the value of its tail
            self.value(ty, e.tail, top)
            return
        if isinstance(e, If | IfLet):  # `if c { Err(..) } else { Ok(&n) }`: each branch's
            self.value(ty, e.then, top)
            self.value(ty, e.els, top)
            return
        if isinstance(e, Match):
            for arm in e.arms:
                self.value(ty, arm.body, top)
            return
        if ty.type == "reference_type":
            if top and not e.borrowed and _made_here(e):
                raise self.fail(e, ty, "a value, not a reference")
            if not e.borrowed and _unsized_place(e):  # `xs[..2]` where `&[i32]` is written
                raise self.fail(e.recv, ty, "a slice, not a reference")  # type: ignore[attr-defined]
            return
        if not self.is_value(ty):
            return
        if top and e.borrowed:
            raise self.fail(e, ty, "a reference")
        args = self.type_args(ty)
        if isinstance(e, SomeLit) and self.base_name(ty) == "Option" and len(args) == 1:
            self.value(args[0], e.value)
        elif isinstance(e, Static) and e.name == "Result::Ok" and self.base_name(ty) == "Result":
            if args and e.args:  # `Ok(&total)` where `Result<f64, ..>` is written
                self.value(args[0], e.args[0])
        elif isinstance(e, TupleLit) and ty.type == "tuple_type" and len(args) == len(e.elems):
            for arg, elem in zip(args, e.elems, strict=True):
                self.value(arg, elem)
        elif isinstance(e, ArrayLit) and len(args) == 1:
            if (e.is_vec and self.base_name(ty) == "Vec") or (
                not e.is_vec and ty.type == "array_type"
            ):
                for elem in e.elems:
                    self.value(args[0], elem)

    # -- the places a value lands in one function -------------------------------------------------

    def associated(self, ty: Node) -> Node | None:
        """The type `Self::Item` names in the `impl` around the function judged (`type Item =
        Vec<f32>;`), or None."""
        path, name = ty.child_by_field_name("path"), ty.child_by_field_name("name")
        impl = getattr(self, "fn_node", None)
        while impl is not None and impl.type != "impl_item":
            impl = impl.parent
        if path is None or name is None or impl is None or self.lowerer.text(path) != "Self":
            return None
        body = impl.child_by_field_name("body")
        for item in body.named_children if body is not None else ():
            found = item.child_by_field_name("name") if item.type == "type_item" else None
            if found is not None and self.lowerer.text(found) == self.lowerer.text(name):
                return item.child_by_field_name("type")
        return None

    def function(self, fn: FnItem) -> None:
        self.fn_node = fn.node
        ret = fn.node.child_by_field_name("return_type")
        if fn.body is not None:
            self.value(ret, fn.body.tail)
            self.walk(fn.body, ret)
            self.pushes(fn.body, {}, {})

    def pushes(self, node: Any, first: dict[int, bool], kinds: dict[int, bool]) -> None:
        """The elements of one `Vec` or array: `vec![a, b]`, or `v.push(Some(1.25))` then
        `v.push(&None)` onto one variable (in source order). A value certainly made here (or
        a variable given one) and a reference (`&x`, or a variable given one) cannot both be
        its element (no coercion makes a value of a reference), so the later one is rustc's
        E0308, whatever type `v` is given (pbpit erases references: it would hold both).
        `first`: a variable's element kind (True: a reference); `kinds`: a variable's own."""
        if isinstance(node, Let) and node.binding is not None and node.init is not None:
            own = self.kind(node.init, kinds)
            if own is not None:
                kinds[id(node.binding)] = own
            if isinstance(node.init, ArrayLit) and node.init.is_vec and node.init.elems:
                element = self.kind(node.init.elems[0], kinds)  # `let v = vec![1.0];`
                if element is not None:
                    first.setdefault(id(node.binding), element)
        if isinstance(node, ArrayLit):
            found = [(e, k) for e in node.elems if (k := self.kind(e, kinds)) is not None]
            for elem, kind in found[1:]:
                if kind != found[0][1]:
                    raise self.mixed(elem, kind)
        if isinstance(node, Method) and node.name == "push" and len(node.args) == 1:
            if isinstance(node.recv, Local) and not node.recv.borrowed:
                arg = node.args[0]
                kind = self.kind(arg, kinds)
                if kind is not None and first.setdefault(id(node.recv.binding), kind) != kind:
                    raise self.mixed(arg, kind)
        for child in children(node):
            self.pushes(child, first, kinds)

    @staticmethod
    def kind(e: Expr, kinds: dict[int, bool]) -> bool | None:
        """True: `e` is certainly a reference; False: certainly a value; None: unknown."""
        if e.borrowed:
            return True
        if _made_here(e):
            return False
        return kinds.get(id(e.binding)) if isinstance(e, Local) else None

    def mixed(self, at: Expr, reference: bool) -> Unsupported:
        where = at.borrow_pos if at.borrowed and at.borrow_pos else at.pos
        err = Unsupported(
            f"{self.lowerer.path}:{where[0]}:{where[1]}", rejects("mismatched types", "E0308")
        )
        err.label = (
            "expected a value, found a reference"
            if reference
            else "expected a reference, found a value"
        )
        return err

    def walk(self, node: Any, ret: Node | None) -> None:
        """Each call of a fn item, struct literal and `return` inside `node` (a closure's
        `return` is the closure's)."""
        if isinstance(node, Return):
            self.value(ret, node.value)
        elif isinstance(node, Call) and isinstance(node.callee, FnItem):
            for param, arg in zip(written_params(node.callee), node.args, strict=False):
                self.value(param, arg, top=False)
        elif isinstance(node, StructLit):
            types = field_types(node.item)
            order = node.order if node.order is not None else range(len(node.values))
            for index, value in zip(order, node.values, strict=False):
                if index < len(types):
                    self.value(types[index], value)
        if isinstance(node, Closure):
            ret = None
        for child in children(node):
            self.walk(child, ret)


def plainly_value(ty: Node | None) -> bool:
    """Whether a written type is certainly a value: a primitive type, a tuple, an array,
    `String`, `Vec<..>`, `Option<..>`..., a struct or enum the file declares (no alias or type
    parameter: `declared_values.py`)."""
    if ty is None:
        return False
    if ty.type in ("primitive_type", "tuple_type", "array_type", "unit_type"):
        return True
    if ty.type == "generic_type":
        ty = ty.child_by_field_name("type")
    if ty is None or ty.type != "type_identifier":
        return False
    return ty.text.decode() in _STD_VALUES or declared_values.declares_value(ty)  # `Checkpoint`


def vec_of_values(e: Expr) -> bool:
    """Whether `e` is a variable or a struct's field written `Vec<T>` with `T` a value type
    (`words: Vec<String>`): a `&x` pushed onto it is rustc's E0308."""
    written: Node | None = None
    if isinstance(e, Local):  # (a parameter `v: &mut Vec<f32>`: the `Vec` it reaches)
        written = getattr(e.binding, "written", None) or param_types.behind_mut(e.binding)
    elif isinstance(e, Field) and type(base := resolve(e.base.ty)) is StructT:
        index = base.item.field_index(e.name)
        types = field_types(base.item)
        written = types[index] if index is not None and index < len(types) else None
    if written is None or written.type != "generic_type":
        return False
    name = written.child_by_field_name("type")
    args = written.child_by_field_name("type_arguments")
    if name is None or name.text != b"Vec" or args is None or args.named_child_count != 1:
        return False
    return plainly_value(args.named_children[0])


def refuse_borrowed_arguments(checker: Any, fn: FnItem, args: list[Expr]) -> None:
    """`T::new(&size)` of a trait's `fn new(size: f32) -> Self`: rustc's E0308."""
    for param, arg in zip(written_params(fn), args, strict=False):
        if arg.borrowed and plainly_value(param):
            where = arg.borrow_pos or arg.pos
            written = param.text.decode()  # type: ignore[union-attr]
            what = f"mismatched types: expected `{written}`, found `&{written}`"
            raise checker.fail(where, what)


def _made_here(e: Expr) -> bool:
    """A value the expression makes, never a reference (a `&'static str` literal is one)."""
    if isinstance(e, Lit):
        return e.kind in ("int", "float", "bool")
    return isinstance(e, ArrayLit | ArrayRepeat | StructLit | TupleLit | SomeLit | Format)


def _unsized_place(e: Expr) -> bool:
    """`v[a..b]` not behind `&`, where its value is taken: a `[T]` (or `str`), no reference
    (rustc's E0308 where a reference is written; E0277 elsewhere, the checker's)."""
    return isinstance(e, Method) and e.name == RANGE_INDEX and getattr(e, "unsized", False)


def written_params(fn: FnItem) -> list[Node | None]:
    """The written types of a fn's parameters (not `self`), in order."""
    params = fn.node.child_by_field_name("parameters")
    found: list[Node | None] = []
    for param in params.named_children if params is not None else []:
        if param.type == "parameter":
            found.append(param.child_by_field_name("type"))
        elif param.type == "self_parameter":
            return []  # a method called as `Type::f(x, ..)`: arguments shift; not judged
    return found


def field_types(item: StructItem) -> list[Node]:
    """The written types of a struct's (or an enum variant's) fields, in order."""
    body = item.node.child_by_field_name("body") if item.node is not None else None
    if body is None:
        return []
    if body.type == "field_declaration_list":
        return [
            c.child_by_field_name("type")
            for c in body.named_children
            if c.type == "field_declaration"
        ]
    if body.type == "ordered_field_declaration_list":
        return body.children_by_field_name("type")
    return []


def refuse_borrows_for_values(lowerer: Any, fn: FnItem) -> None:
    """rustc's E0308 at the first value of `fn`'s body whose written type says otherwise."""
    ValueSlots(lowerer).function(fn)


def refuse_borrowed_let(lowerer: Any, ty: Node | None, init: Expr | None) -> None:
    """`let x: T = value;`: the value against `T`."""
    ValueSlots(lowerer).value(ty, init)
