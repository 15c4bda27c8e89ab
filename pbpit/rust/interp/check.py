"""Type checking: every expression gets its type, as rustc infers it, before anything runs.

Each function body is checked on its own (signatures are fully annotated, as Rust requires);
literals get type variables that their uses bind, and at the end of the body the ones left take
Rust's fallback (`{integer}` is i32, `{float}` is f64). The evaluator relies on the final types:
they decide f32 or f64 arithmetic, integer widths (overflow), and how values print.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pbpit.engine.api import KIND_FUNCTIONS, RUST_FUNCTIONS, RUST_KIND_METHODS, RUST_METHODS
from pbpit.rust.interp import burn_nn, iterators, traits
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import (
    ArrayLit,
    ArrayRepeat,
    Assert,
    AssertEq,
    Assign,
    Binary,
    Block,
    Break,
    Call,
    Cast,
    Closure,
    ConstRef,
    Continue,
    Crate,
    Expr,
    Field,
    FnItem,
    For,
    Format,
    If,
    IfLet,
    Index,
    Let,
    Lit,
    Local,
    Loop,
    Match,
    Method,
    PanicMacro,
    Pat,
    Pos,
    Print,
    RangeLit,
    Return,
    SomeLit,
    Static,
    StructLit,
    TupleLit,
    Unary,
    Unsupported,
    While,
)
from pbpit.rust.interp.numbers import (
    FLOAT_METHODS,
    FLOAT_TESTS,
    INT_METHODS,
    SIGNED_ONLY,
    UNSIGNED_ONLY,
)
from pbpit.rust.interp.ordering import orderable, unknown_inside, vec_eq_array
from pbpit.rust.interp.types import (
    BACKEND_INT_ELEMS,
    BOOL,
    DEVICE,
    DISTRIBUTION,
    F32,
    GRADIENTS,
    I32,
    INT_RANGES,
    MUT_REFERENCES,
    NAMED,
    NEVER,
    STR,
    STRING,
    TENSOR_DATA,
    UNIT,
    USIZE,
    DynT,
    FnT,
    Mismatch,
    Named,
    ParamT,
    StructT,
    TensorT,
    TupleT,
    Ty,
    Unresolved,
    Unsatisfied,
    Var,
    Wrap,
    array,
    backend_of,
    dyn_result,
    finalize,
    implements,
    is_float,
    is_int,
    is_number,
    option,
    range_of,
    resolve,
    result,
    shared,
    show,
    unify,
    vec,
    write_types_as,
)

U32 = NAMED["u32"]
_ITER = "Iter"

# The parameter types of Burn's signatures (`pbpit.engine.api`) that fix the argument's type;
# `E` (a number) and `S` (a shape) are checked once the argument is typed.
_PARAM_TYPES = {
    "Self": lambda recv: recv,
    "usize": lambda recv: USIZE,
    "&B::Gradients": lambda recv: GRADIENTS,
    "&mut B::Gradients": lambda recv: GRADIENTS,
    "bool": lambda recv: BOOL,
    "Tensor<B::InnerBackend, D>": lambda recv: recv,
    # -- shapes and reductions: a dim is any integer (`AsIndex`), the axes one per dim
    "I": lambda recv: Var("int"),
    "J": lambda recv: Var("int"),
    "[I; D]": lambda recv: array(Var("int"), recv.dim),
    # -- indices: Int tensors of the receiver's rank (`gather`), or 1-D (`select`)
    "Tensor<B, D, Int>": lambda recv: TensorT(recv.dim, "Int"),
    "Tensor<B, 1, Int>": lambda recv: TensorT(1, "Int"),
    # -- masks: a Bool tensor of the receiver's rank (`mask_fill`, `mask_where`)
    "Tensor<B, D, Bool>": lambda recv: TensorT(recv.dim, "Bool"),
}


def _any(recv: TensorT) -> Ty:
    return Var()


# Result types without a rank in them. Flex's float element is f32.
_RESULT_TYPES = {
    "bool": BOOL,
    "TensorData": TENSOR_DATA,
    "B::FloatElem": F32,
    "B::IntElem": I32,  # Flex's Int element
    "B::Gradients": GRADIENTS,
    "B::Device": DEVICE,  # `tensor.device()`
    "()": UNIT,
}


def rust_type(text: str, recv: TensorT, dims: dict[str, int | None]) -> Ty:
    """The checker's type for a type of Burn's signatures: `Self`, `Tensor<B, 1>`,
    `Option<Tensor<B::InnerBackend, D>>`, `[usize; D]`... (`dims` gives `D`, `D2`). A type the
    interpreter has no value for (`Shape`, an Int tensor) is a `KeyError`: the row cannot run."""
    if text == "Self":
        return recv
    if text.startswith("Vec<"):  # `chunk`'s pieces
        return vec(rust_type(text.removeprefix("Vec<").removesuffix(">"), recv, dims))
    if text.startswith("Option<"):
        return option(rust_type(text.removeprefix("Option<").removesuffix(">"), recv, dims))
    if text.startswith("Tensor<") and text.count(",") in (1, 2):
        _, rank, *kind = text.removesuffix(">").split(", ")
        if kind and kind[0] not in ("Int", "Bool"):
            raise KeyError(text)
        return TensorT(int(rank) if rank.isdigit() else dims[rank], *kind)
    if text.startswith("[usize; "):
        return array(USIZE, dims[text.removeprefix("[usize; ").removesuffix("]")])
    return _RESULT_TYPES[text]


# -- shapes and reductions: methods whose result type is not the row's alone
# `Tensor<B, D2>`, D2 from `::<D2>` (or what the result meets)
RANK_GENERIC = frozenset(("unsqueeze", "unsqueeze_dim", "squeeze", "squeeze_dim", "flatten"))

ARITHMETIC = ("+", "-", "*", "/", "%")


def method_arity(takes: int, given: int) -> str:
    """rustc's E0061 for a method called with the wrong number of arguments."""
    s, were = ("" if takes == 1 else "s"), ("argument was" if given == 1 else "arguments were")
    return f"this method takes {takes} argument{s} but {given} {were} supplied"


def iterator(ty: Ty) -> bool:
    """Whether `ty` is an iterator pbpit runs (`v.iter()`, a range, an adapter of them)."""
    return type(ty) is Wrap and ty.kind in ("Range", _ITER)


def rank_open(e: Expr, ty: Ty) -> bool:
    """Whether `e` is `t.unsqueeze()`-like with its result's rank not yet known."""
    return isinstance(e, Method) and e.name in RANK_GENERIC and is_open(ty)


def is_open(ty: Ty) -> bool:
    """A type nothing has determined yet, not even as `{integer}` or `{float}`."""
    ty = resolve(ty)
    return type(ty) is Var and ty.kind is None


@dataclass(eq=False)
class PendingOp:
    """`left op right` met while an operand's type was open (a closure's parameter): its type
    waits, as rustc's trait obligation does, until the operand types are known."""

    expr: Binary
    left: Ty
    right: Ty
    result: Ty


# Methods whose result is a new value, never a reference (on any receiver they apply to).
_OWNED_RESULTS = frozenset(
    ("len", "is_empty", "is_some", "is_none", "is_ok", "is_err", "to_string")
    + ("abs", "pow", "powi", "powf", "sqrt", "exp", "ln", "tanh")
    + tuple(FLOAT_METHODS)
    + tuple(FLOAT_TESTS)
    + tuple(INT_METHODS)
)


def derefs(ty: Ty) -> bool:
    """Whether `*` may apply to a value of `ty` (`String` and `Vec` deref to `str` and a slice;
    an open type may be anything)."""
    ty = resolve(ty)
    if type(ty) is Named:
        return ty.name in ("String", "str")
    return (type(ty) is Wrap and ty.kind == "Vec") or is_open(ty)


# -- the program's own types: structs, their methods, tuples ---------------------------------------


class StructRules:
    """The checker's rules for structs, enums, tuples and `match` (a part of `Checker`)."""

    def c_Match(self: Any, e: Match) -> Ty:  # noqa: N802
        scrutinee = self.expr(e.value)
        result: Ty | None = None
        for arm in e.arms:
            self.pattern(arm.pat, scrutinee)
            if arm.guard is not None:
                self.unify(BOOL, self.expr(arm.guard), arm.guard.pos)
            found = self.expr(arm.body)
            if resolve(found) is NEVER:
                continue
            if result is None:
                result = found
            else:
                self.unify(result, found, arm.body.pos)
        if not e.if_let and not covers([a.pat for a in e.arms if a.guard is None], scrutinee):
            raise self.fail(
                e.pos,
                "a `match` pbpit cannot show covers every value (rustc checks it: error[E0004]; "
                "add a `_ =>` arm)",
            )
        return NEVER if result is None else result

    def pattern(self: Any, p: Pat, ty: Ty) -> None:
        """Type the pattern `p` against the scrutinee's type `ty`."""
        p.ty = ty
        kind = p.kind
        if kind == "wild":
            return
        if kind == "bind":
            assert p.binding is not None
            p.binding.ty = ty
            # Matched through a reference (`match self`), a binding is one: pbpit cannot tell.
            p.binding.owned = False
            for sub in p.subs:
                self.pattern(sub, ty)
            return
        if kind in ("lit", "range"):
            for end in (p.value, p.hi):
                if end is not None:
                    self.unify(ty, self.expr(end), end.pos)
            if kind == "range" and not (is_number(ty) or is_open(ty)):
                raise self.fail(p.pos, f"a range pattern on `{show(ty)}`")
            return
        if kind == "or":
            for sub in p.subs:
                self.pattern(sub, ty)
            return
        if kind in ("some", "none"):
            inner: Ty = Var()
            self.unify(option(inner), ty, p.pos)
            for sub in p.subs:
                self.pattern(sub, inner)
            return
        if kind == "tuple":
            elems = [Var() for _ in p.subs]
            self.unify(TupleT(elems), ty, p.pos)  # type: ignore[arg-type]
            for sub, elem in zip(p.subs, elems, strict=True):
                self.pattern(sub, elem)
            return
        assert kind == "variant" and p.item is not None
        self.unify(StructT(p.item.owner), ty, p.pos)
        for sub, (_, field_ty) in zip(p.subs, p.item.fields, strict=True):
            self.pattern(sub, field_ty)

    def c_StructLit(self: Any, e: StructLit) -> Ty:  # noqa: N802
        fields = e.item.fields
        order = e.order if e.order is not None else range(len(e.values))
        for value, index in zip(e.values, order, strict=True):
            self.unify(fields[index][1], self.expr(value), value.pos)
        return StructT(e.item.owner)

    def c_TupleLit(self: Any, e: TupleLit) -> Ty:  # noqa: N802
        return TupleT([self.expr(x) for x in e.elems])

    def c_Field(self: Any, e: Field) -> Ty:  # noqa: N802
        base = self.known(self.expr(e.base))
        if type(base) is StructT:
            index = base.item.field_index(e.name)
            if index is not None:
                e.index = index
                return base.item.fields[index][1]
        elif type(base) is TupleT and e.name.isdigit() and int(e.name) < len(base.elems):
            e.index = int(e.name)
            return base.elems[e.index]
        elif type(base) is Var:
            raise self.fail(e.pos, "type annotations needed")
        what = f"no field `{e.name}` on type `{show(base)}`"
        raise self.fail(e.pos, rejects(what, "E0609"))

    def user_method(self: Any, e: Method, recv: StructT) -> Ty:
        item = recv.item
        fn = item.methods.get(e.name)
        if fn is None and e.name == "clone" and "Clone" in item.derives:
            e.impl = "clone"
            self.args(e)
            return recv
        if fn is None or not fn.self_kind:
            what = f"no method named `{e.name}` found for struct `{item.name}` in the current scope"
            raise self.fail(e.pos, rejects(what, "E0599"))
        if e.targs:
            raise self.fail(e.pos, f"type arguments on `{e.name}`")
        e.impl, e.user = "user", fn
        self.args(e, *fn.param_tys[1:])
        for i, arg in enumerate(e.args, start=1):
            refuse_borrow_for_value(self, fn, i, arg)
        refuse_aliasing(self, e.args)
        if fn.self_kind == "mut":
            root = e.recv
            while isinstance(root, Field):
                root = root.base
            if isinstance(root, Local) and not (root.binding.mutable or root.binding.mut_ref):
                name = root.binding.name
                what = f"cannot borrow `{name}` as mutable, as it is not declared as mutable"
                if name == "self":
                    what = "cannot borrow `*self` as mutable, as it is behind a `&` reference"
                raise self.fail(root.pos, rejects(what, "E0596"))
        return fn.ret


# -- Int and Bool tensors: `Tensor<B, D, Int>`, `Tensor<B, D, Bool>` -----------------------------

INT_DATA, BOOL_DATA = Named("TensorData"), Named("TensorData")
"""The `TensorData` of an Int tensor (Flex's `i32`s, `to_vec::<i32>()`), of a Bool one (`bool`)."""


class KindRules:
    """The checker's rules for Burn's Int and Bool tensors (a part of `Checker`): their
    creation (`Tensor::<B, 1, Int>::from_data`, `from_ints`, `arange`) and methods, from the
    table's `RUST_KIND_METHODS`."""

    def kind_static(self: Any, e: Static, function: str) -> Ty | None:
        """The type of `Tensor::..(..)` making an Int or Bool tensor; None for a float one."""
        kind = "Int" if function in KIND_FUNCTIONS else e.kind
        if kind == "Float":
            return None
        if function == "arange":
            found = resolve(self.expr(e.args[0]))
            if not (type(found) is Wrap and found.kind == "Range"):
                raise self.fail(e.args[0].pos, f"`Tensor::arange` of `{show(found)}`")
            self.unify(NAMED["i64"], found.inner, e.args[0].pos)
            self.unify(DEVICE, self.expr(e.args[1]), e.args[1].pos)
            if e.dim not in (None, 1):
                raise self.fail(e.pos, f"`Tensor::arange` makes a `{show(TensorT(1, 'Int'))}`")
            return TensorT(1, "Int")
        if function not in ("from_data", "from_ints", "zeros", "ones"):
            raise self.fail(e.pos, f"`Tensor::{function}` of {kind} tensors")
        if kind == "Bool" and function != "from_data":
            raise self.fail(e.pos, f"`Tensor::{function}` of Bool tensors")
        data = e.args[0]
        if function == "from_data" and resolve(self.expr(data)) is TENSOR_DATA:
            self.unify(DEVICE, self.expr(e.args[1]), e.args[1].pos)
            return TensorT(e.dim, kind)
        made = self.creation(e, is_data=function in ("from_data", "from_ints"))
        leaf = resolve(data.ty)
        while type(leaf) is Wrap:
            leaf = resolve(leaf.inner)
        if function in ("from_data", "from_ints"):
            self.unify(BOOL if kind == "Bool" else Var("int"), leaf, data.pos)
        return TensorT(made.dim, kind)  # type: ignore[attr-defined]

    def kind_method(self: Any, e: Method, recv: TensorT) -> Ty:
        """A method of an Int or Bool tensor, typed from Burn's signature."""
        name = e.name
        row = RUST_KIND_METHODS[recv.kind].get(name)
        if row is None:
            offered = ", ".join(f"`{n}`" for n in RUST_KIND_METHODS[recv.kind])
            raise self.fail(e.pos, f"`{name}` on {recv.kind} tensors (pbpit runs {offered})")
        if e.targs and name != "one_hot" and name not in RANK_GENERIC:
            raise self.fail(e.pos, f"type arguments on `{name}`")
        expected = [_PARAM_TYPES.get(ty, _any)(recv) for ty in row.param_types]
        found = self.args(e, *expected)
        dims = {"D": recv.dim}
        for ty, arg_ty, arg in zip(row.param_types, found, e.args, strict=True):
            if ty == "E":
                self.unify(Var("int"), arg_ty, arg.pos)
            if ty == "S":
                dims["D2"] = self.shape_rank(arg, arg_ty)
        if name == "one_hot":  # Burn: D2 is D + 1
            rank = None if recv.dim is None else recv.dim + 1
            if len(e.targs) > 1 or (e.targs and type(e.targs[0]) is not TensorT):
                raise self.fail(e.pos, "`one_hot` takes one const argument, the result's rank")
            if e.targs and rank is not None and e.targs[0].dim != rank:
                raise self.fail(e.pos, f"`one_hot` of a `{show(recv)}` makes rank {rank}")
            return TensorT(rank, "Int")
        if name in RANK_GENERIC:  # `argmax(1).squeeze_dim(1)`
            return self.rank_generic(e, recv)
        if row.result == "TensorData":
            return INT_DATA if recv.kind == "Int" else BOOL_DATA
        if row.result == "B::IntElem":  # `into_scalar`: the backend's Int element
            return self.int_elem
        return rust_type(row.result, recv, dims)

    def int_data_method(self: Any, e: Method, data: Named) -> Ty | None:
        """`data.to_vec::<E>()` of an Int tensor's data, E the backend's Int element (Flex's and
        Wgpu's i32, NdArray's i64), or of a Bool tensor's (`bool`)."""
        if e.name not in ("to_vec", "as_slice"):
            return None
        e.impl = "data.to_vec"
        if len(e.targs) > 1:
            raise self.fail(e.pos, f"`{e.name}` takes one type argument")
        elem = resolve(e.targs[0]) if e.targs else Var()
        kind, held = ("Int", self.int_elem) if data is INT_DATA else ("Bool", BOOL)
        if type(elem) is Named and elem is not held:
            what = f"reading {kind} tensor data as `{show(elem)}` (the data is {show(held)})"
            raise self.fail(e.pos, what)
        self.unify(held, elem, e.pos)
        self.args(e)
        return result(vec(held))


# -- Int tensors' operators: Burn's Numeric kind has `+ - * /` and `-x` for Int as for Float ----


def int_operands(kinds: list[str], left: Ty, right: Ty) -> bool:
    """Whether `left op right` is Int tensor with Int tensor, or an Int tensor then a whole
    number (Burn's `impl Add<E> for Tensor<B, D, K>`; a number first is Float's only)."""
    if kinds == ["Int", "Int"]:
        return True
    return kinds == ["Int"] and type(left) is TensorT and (is_int(right) or is_open(right))


# -- traits used for dispatch: type parameters, trait objects, functions as values -----------------


def start_of(e: Expr) -> Pos:
    """Where an expression starts, its `&` included."""
    return e.borrow_pos if e.borrowed and e.borrow_pos else e.pos


class DispatchRules:
    """The checker's rules for the program's traits used for dispatch (a part of `Checker`):
    a generic function's type parameters given a type at each call (which must implement
    their bounds: rustc's E0277), methods on a `T: Shape` or `dyn Shape` value (E0599 for one
    the traits do not have), `T::NAME`, `T::new(..)`, `Box::new(..)`, functions as values."""

    def init_dispatch(self: Any) -> None:
        self.boxes: list[tuple[Var, Ty, Expr]] = []  # `Box::new(x)`: a `dyn` or `x`'s type
        self.bounds: list[tuple[Ty, ParamT, Expr]] = []  # a call's type for `T`, to check

    def generic_call(self: Any, e: Call, fn: FnItem) -> dict[ParamT, Ty]:
        """`f::<X>(..)` or `f(..)` of `fn f<T: Shape>`: a type for each `T` of this call."""
        mapping: dict[ParamT, Ty] = {}
        written = e.turbofish
        for param in traits.type_params(fn):
            mapping[param] = written.get(param) or Var()
        e.type_args = mapping
        return mapping

    def check_bounds(self: Any, e: Call, mapping: dict[ParamT, Ty]) -> None:
        fn = e.callee
        assert isinstance(fn, FnItem)
        for param, ty in mapping.items():
            # rustc points at the argument whose type gave `T`, else at the call.
            at: Expr = e
            for arg, param_ty in zip(e.args, fn.param_tys, strict=False):
                if resolve(param_ty) is param:
                    at = arg
                    break
            self.bounds.append((ty, param, at))

    def settle_dispatch(self: Any) -> None:
        """At the end of a function: each `Box::new(x)` is `x` or a `dyn` of a trait `x`
        implements; each call's type for `T` implements `T`'s bounds."""
        for var, inner, e in self.boxes:
            target = resolve(var)
            if type(target) is DynT:
                self.unify(target, inner, e.pos, e.pos)
            else:
                self.unify(var, inner, e.pos)
        self.boxes = []
        for ty, param, at in self.bounds:
            for trait in param.bounds:
                if not implements(ty, trait):
                    self.unsatisfied(at, ty, trait)
        self.bounds = []

    def unsatisfied(self: Any, at: Expr, ty: Ty, trait: Any) -> None:
        where = start_of(at)
        what = f"the trait bound `{show(ty)}: {trait.name}` is not satisfied"
        err = self.fail(where, rejects(what, "E0277"))
        err.label = "unsatisfied trait bound"
        raise err

    def unbox(self: Any, ty: Ty) -> Ty:
        """A `Box::new(x)` not yet known to be a `dyn`, used as itself: `x`'s type."""
        ty = resolve(ty)
        if type(ty) is Var:
            for var, inner, _ in self.boxes:
                if resolve(var) is ty:
                    self.unify(var, inner, (0, 0))
                    return resolve(ty)
        return ty

    def c_BoxNew(self: Any, e: traits.BoxNew) -> Ty:  # noqa: N802
        inner = self.expr(e.value)
        if type(resolve(inner)) is StructT:
            var = Var()
            self.boxes.append((var, inner, e))
            return var
        return inner

    def c_FnRef(self: Any, e: traits.FnRef) -> Ty:  # noqa: N802
        return FnT(list(e.fn.param_tys), e.fn.ret)

    def c_FloatFn(self: Any, e: traits.FloatFn) -> Ty:  # noqa: N802
        ty = NAMED[e.owner]
        if e.name == "powf":
            return FnT([ty, ty], ty)
        return FnT([ty] * (FLOAT_METHODS[e.name][0] + 1), ty)

    def c_AssocConst(self: Any, e: traits.AssocConst) -> Ty:  # noqa: N802
        return traits.subst(e.trait.consts[e.name], {e.trait.self_param: e.param})

    def c_AssocCall(self: Any, e: traits.AssocCall) -> Ty:  # noqa: N802
        sig = e.trait.methods[e.name]
        mapping = {e.trait.self_param: e.param}
        self.arity(e, len(sig.param_tys), f"the function `{e.name}`")
        for param, arg in zip(sig.param_tys, e.args, strict=True):
            self.unify(traits.subst(param, mapping), self.expr(arg), arg.pos)
        return traits.subst(sig.ret, mapping)

    def dispatch_method(self: Any, e: Method, recv: ParamT | DynT) -> Ty:
        """`t.area()` with `t: T` (`T: Shape`) or `t: &dyn Shape`: the trait's method, run
        for the value's own type."""
        found = list(recv.bounds) if type(recv) is ParamT else [recv.trait]
        seen: list[Any] = []
        while found:
            trait = found.pop(0)
            seen.append(trait)
            sig = trait.methods.get(e.name)
            if sig is not None and sig.self_kind:
                e.impl = "dyn"
                mapping = {trait.self_param: recv}
                self.args(e, *[traits.subst(t, mapping) for t in sig.param_tys[1:]])
                return traits.subst(sig.ret, mapping)
            found.extend(t for t in trait.supertraits if t not in seen)
        if e.name == "as_ref" and type(recv) is DynT:  # `Box<dyn Shape>::as_ref`: the same
            e.impl = "dyn.as_ref"
            self.args(e)
            return recv
        what = (
            f"no method named `{e.name}` found for reference `&{show(recv)}` in the current "
            "scope"
        )
        err = self.fail(e.pos, rejects(what, "E0599"))
        err.label = f"method not found in `&{show(recv)}`"
        raise err


class Checker(StructRules, KindRules, DispatchRules):
    """Types one crate, function by function."""

    def __init__(self, crate: Crate) -> None:
        self.crate = crate
        self.path = crate.path
        self.int_elem = NAMED[BACKEND_INT_ELEMS[backend_of(crate.source)]]  # Int tensors' element
        self.nodes: list[Expr] = []
        self.rets: list[Ty] = []
        self.data_elems: list[tuple[Ty, Pos]] = []
        self.sums: list[tuple[Ty, Ty, Method]] = []
        self.pending: list[PendingOp] = []
        self.casts: list[Cast] = []
        self.negations: list[Unary] = []
        self.never_indices: list[Index] = []

    def fail(self, pos: Pos, what: str) -> Unsupported:
        return Unsupported(f"{self.path}:{pos[0]}:{pos[1]}", what)

    def unify(self, expected: Ty, found: Ty, pos: Pos, coerced: Pos | None = None) -> None:
        """`unify`, a mismatch refused at `pos`; a value coerced to a `dyn` of a trait its type
        does not implement is rustc's E0277 at `coerced` (where the value starts, its `&`)."""
        try:
            unify(expected, found)
        except Unsatisfied as err:
            failed = self.fail(coerced or pos, rejects(str(err), "E0277"))
            failed.label = "unsatisfied trait bound"
            raise failed from None
        except Mismatch as err:
            raise self.fail(pos, str(err)) from None

    def check(self) -> None:
        for const in self.crate.consts.values():
            assert const.value is not None
            self.body(const.value, const.ty)
        for fn in self.crate.fns.values():
            self.function(fn)

    def function(self, fn: FnItem) -> None:
        for binding, ty in zip(fn.params, fn.param_tys, strict=True):
            if binding is not None:
                binding.ty = ty
        assert fn.body is not None
        self.body(fn.body, fn.ret)

    def body(self, body: Expr, ret: Ty) -> None:
        self.sums = []
        self.nodes, self.rets, self.data_elems, self.pending, self.casts = [], [ret], [], [], []
        self.negations, self.never_indices = [], []
        self.init_dispatch()
        found = self.expr(body)
        tail = body.tail if isinstance(body, Block) and body.tail is not None else body
        self.unify(ret, found, tail.pos)
        self.settle_sums()
        self.settle_with_fallback()
        self.settle_dispatch()
        for cast in self.casts:
            self.cast_allowed(cast)
        for negation in self.negations:
            operand = resolve(negation.operand.ty)
            if type(operand) is Named and operand.name.startswith("u"):
                # `-x` with `x: {integer}` that became unsigned: the `Neg` obligation fails.
                raise self.fail(
                    negation.pos, f"the trait bound `{operand.name}: Neg` is not satisfied"
                )
        for node in self.nodes:
            try:
                node.ty = finalize(node.ty)
            except Unresolved:
                raise self.fail(node.pos, "type annotations needed") from None
            if node.mut_borrow and not shared(node.ty):
                where = node.borrow_pos or node.pos
                raise self.fail(where, f"`&mut` to a `{show(node.ty)}` ({MUT_REFERENCES})")
        for e in self.never_indices:
            elem = show(resolve(e.base.ty).inner)  # type: ignore[attr-defined]
            raise self.fail(
                e.pos,
                f"the type `[{elem}]` cannot be indexed by `()` (rustc rejects it: error[E0277])",
            )
        for elem, pos in self.data_elems:
            if resolve(elem) is not F32:
                raise self.fail(pos, f"reading tensor data as `{show(elem)}` (the data is f32)")
        for node in self.nodes:
            if isinstance(node, ArrayRepeat) and not node.is_vec:
                self.array_repeat_copies(node)

    def array_repeat_copies(self, e: ArrayRepeat) -> None:
        """`[x; n]` copies `x`: rustc requires `Copy` unless `n` is 0 or 1 or `x` a const."""
        count = resolve(e.ty).size  # type: ignore[attr-defined]
        if count in (0, 1) or isinstance(e.elem, ConstRef):
            return
        blocker = not_copy(e.elem.ty)
        if blocker is not None:
            raise self.fail(e.elem.pos, f"the trait bound `{show(blocker)}: Copy` is not satisfied")

    # -- expressions ------------------------------------------------------------------------------

    def expr(self, e: Expr) -> Ty:
        ty = getattr(self, "c_" + type(e).__name__)(e)
        e.ty = ty
        self.nodes.append(e)
        return ty

    def c_Lit(self, e: Lit) -> Ty:  # noqa: N802 - named after the node class
        if e.kind in ("int", "float"):
            return e.suffix or Var(e.kind)
        if e.kind == "value":
            assert e.suffix is not None
            return e.suffix
        return {"bool": BOOL, "str": STR, "unit": UNIT}[e.kind]

    def c_Local(self, e: Local) -> Ty:  # noqa: N802
        if e.binding.ty is None:
            e.binding.ty = Var()
        return e.binding.ty

    def c_ConstRef(self, e: ConstRef) -> Ty:  # noqa: N802
        return e.item.ty

    def c_Call(self, e: Call) -> Ty:  # noqa: N802
        if isinstance(e.callee, FnItem):
            fn = e.callee
            self.arity(e, len(fn.param_tys), f"the function `{fn.name}`")
            mapping = self.generic_call(e, fn)  # `fn f<T: Shape>`: `T` for this call
            for i, (param, arg) in enumerate(zip(fn.param_tys, e.args, strict=True)):
                found = self.expr(arg)
                self.unify(traits.subst(param, mapping), found, arg.pos, start_of(arg))
                refuse_borrow_for_value(self, fn, i, arg)
            refuse_aliasing(self, e.args)
            self.check_bounds(e, mapping)
            return traits.subst(fn.ret, mapping)
        callee = self.known(self.expr(e.callee))
        if type(callee) is Var:
            raise self.fail(e.pos, "type annotations needed")
        if type(callee) is not FnT:
            raise self.fail(e.pos, f"expected function, found `{show(callee)}`")
        self.arity(e, len(callee.params), "this closure")
        for param, arg in zip(callee.params, e.args, strict=True):
            self.unify(param, self.expr(arg), arg.pos)
        return callee.ret

    def arity(self, e: Call | Method | Static, n: int, what: str) -> None:
        if len(e.args) != n:
            s = "" if n == 1 else "s"
            raise self.fail(e.pos, f"{what} takes {n} argument{s} but {len(e.args)} were supplied")

    def c_Static(self, e: Static) -> Ty:  # noqa: N802
        name = e.name
        if name.startswith("burn::"):  # `LinearConfig::new`, `AdamConfig::new`: Burn's nn
            return burn_nn.check_static(self, e)
        owner, _, function = name.partition("::")
        row = RUST_FUNCTIONS.get(function) if owner == "Tensor" else None
        kind = self.kind_static(e, function) if row is not None else None
        if kind is not None:  # an Int or Bool tensor
            return kind
        math = self.math_static(e, owner, function)
        if math is not None:
            return math
        if row is not None and row.param_types[0] in ("A", "S"):
            return self.creation(e, is_data=row.param_types[0] == "A")
        if row is not None and function == "stack":
            return self.stack(e)
        if row is not None:  # `cat(tensors: Vec<Self>, dim: usize)`
            tensors, dim = e.args
            found = self.expr(tensors)
            given = resolve(found)
            held = resolve(given.inner) if type(given) is Wrap else None
            kind = "Int" if type(held) is TensorT and held.kind == "Int" else "Float"  # Int's cat
            self.unify(vec(TensorT(e.dim, kind)), found, tensors.pos)
            self.unify(USIZE, self.expr(dim), dim.pos)
            inner = resolve(found)
            return inner.inner if type(inner) is Wrap else TensorT(e.dim)
        for arg in e.args:
            self.expr(arg)
        if name in ("Device::flex", "Device::default"):
            return DEVICE
        if name == "Default::default":
            return Var()
        if name in ("Vec::new", "Vec::with_capacity"):
            if e.args:
                self.unify(USIZE, e.args[0].ty, e.args[0].pos)
            return vec(Var())
        if name == "Result::Ok":  # `Ok(x)`: the error type one pbpit has, `Box<dyn Error>`
            return dyn_result(e.args[0].ty)
        if name == "String::new":
            return STRING
        if name == "String::from":
            if resolve(e.args[0].ty) not in (STR, STRING):
                raise self.fail(e.args[0].pos, f"`String::from` of `{show(e.args[0].ty)}`")
            return STRING
        raise self.fail(e.pos, f"the function `{name}`")

    # -- math: from_data, random, from_inner, TensorData, Distribution, activation -----------

    def math_static(self, e: Static, owner: str, function: str) -> Ty | None:
        """The type of a math path's call, None for any other path."""
        args = e.args
        if owner == "Tensor" and function == "from_data":
            data, device = args
            if resolve(self.expr(data)) is TENSOR_DATA:
                self.unify(DEVICE, self.expr(device), device.pos)
                return TensorT(e.dim)
            return self.creation(e, is_data=True)
        if owner == "Tensor" and function == "random":
            shape, distribution, device = args
            rank = self.shape_rank(shape, self.expr(shape))
            self.unify(DISTRIBUTION, self.expr(distribution), distribution.pos)
            self.unify(DEVICE, self.expr(device), device.pos)
            return TensorT(e.dim if e.dim is not None else rank)
        if owner == "Tensor" and function == "from_inner":
            found = self.expr(args[0])
            if type(resolve(found)) is not TensorT:
                raise self.fail(args[0].pos, f"`Tensor::from_inner` of `{show(found)}`")
            return found
        if owner == "Distribution":
            for arg in args:
                if not is_number(self.expr(arg)):
                    raise self.fail(arg.pos, f"`Distribution::{function}` of `{show(arg.ty)}`")
                self.unify(NAMED["f64"], arg.ty, arg.pos)
            return DISTRIBUTION
        if owner == "TensorData" and function == "new":
            values, shape = args
            found = resolve(self.expr(values))
            if not (type(found) is Wrap and found.kind in ("array", "Vec")):
                raise self.fail(values.pos, f"`TensorData::new` of `{show(found)}`")
            self.shape_rank(shape, self.expr(shape))
            return TENSOR_DATA
        if owner == "TensorData":
            found = resolve(self.expr(args[0]))
            if not (type(found) is Wrap and found.kind in ("array", "Vec")):
                raise self.fail(args[0].pos, f"`TensorData::from` of `{show(found)}`")
            return TENSOR_DATA
        if owner == "activation":
            found = self.expr(args[0])
            if type(resolve(found)) is not TensorT:
                raise self.fail(args[0].pos, f"`activation::{function}` of `{show(found)}`")
            if function in ("softmax", "log_softmax"):
                self.unify(USIZE, self.expr(args[1]), args[1].pos)
            elif len(args) == 2:
                if not is_number(self.expr(args[1])):
                    what = f"`activation::{function}` of `{show(args[1].ty)}`"
                    raise self.fail(args[1].pos, what)
                self.unify(NAMED["f64"], args[1].ty, args[1].pos)
            return found
        return None

    def creation(self, e: Static, is_data: bool) -> Ty:
        """`Tensor::from_floats(floats: A, device)` (`is_data`) or `Tensor::ones(shape: S,
        device)`: the rank comes from the data's nesting or the shape's length."""
        data, device = e.args
        found = self.expr(data)
        depth, leaf, size = 0, resolve(found), None
        while type(leaf) is Wrap and leaf.kind in ("array", "Vec"):
            depth, size, leaf = depth + 1, leaf.size, resolve(leaf.inner)
        if is_data:  # numbers, or a Bool tensor's `bool`s
            typed = is_number(leaf) or (leaf is BOOL and e.kind == "Bool")
            if depth == 0 or (type(leaf) is not Var and not typed):
                raise self.fail(data.pos, f"tensor data of type `{show(found)}`")
        else:
            if depth != 1:
                raise self.fail(data.pos, f"a shape of type `{show(found)}`")
            self.unify(Var("int"), leaf, data.pos)
            depth = size or 0
        self.unify(DEVICE, self.expr(device), device.pos)
        if e.dim is not None and depth and depth != e.dim:
            # Burn panics at run time; pbpit would make a tensor of the wrong rank.
            what = "data of rank" if is_data else "a shape of rank"
            raise self.fail(data.pos, f"{what} {depth} for a `{show(TensorT(e.dim))}`")
        return TensorT(e.dim if e.dim is not None else depth or None)

    def c_SomeLit(self, e: SomeLit) -> Ty:  # noqa: N802
        if e.value is not None:
            return option(self.expr(e.value))
        return option(e.inner if e.inner is not None else Var())

    def c_Binary(self, e: Binary) -> Ty:  # noqa: N802
        op = e.op
        lt, rt = self.expr(e.left), self.expr(e.right)
        if op in ("+", "-", "*", "/") and type(resolve(lt)) is TensorT and rank_open(e.right, rt):
            # rustc: `x + b.unsqueeze()` takes `Add<Self>`, so the rank is the left tensor's.
            self.unify(lt, rt, e.right.pos)
        if op in ("&&", "||"):
            self.unify(BOOL, lt, e.left.pos)
            self.unify(BOOL, rt, e.right.pos)
            e.kind = "logic"
            return BOOL
        if op in ARITHMETIC and (is_open(self.known(lt)) or is_open(self.known(rt))):
            # rustc: `<?T as Mul<{float}>>::Output`, known once the operand types are.
            result: Ty = Var()
            self.pending.append(PendingOp(e, lt, rt, result))
            e.kind = "num"
            return result
        return self.binary_type(e, lt, rt)

    def binary_type(self, e: Binary, lt: Ty, rt: Ty) -> Ty:
        """The type of `left op right` (not `&&`, `||`) once the operand types are known."""
        op = e.op
        left, right = resolve(lt), resolve(rt)
        if type(left) is TensorT or type(right) is TensorT:
            if op not in ("+", "-", "*", "/"):
                raise self.fail(e.pos, f"`{op}` between tensors (call the tensor method)")
            kinds = [t.kind for t in (left, right) if type(t) is TensorT]  # type: ignore[attr-defined]
            if kinds != ["Float"] * len(kinds) and not int_operands(kinds, left, right):
                kind = "Int" if "Int" in kinds else "Bool"
                raise self.fail(e.pos, f"`{op}` on {kind} tensors (call `add`, `add_scalar`..)")
            if type(left) is TensorT and type(right) is TensorT:
                self.unify(lt, rt, e.right.pos)
                e.kind = "tensor"
                return left
            scalar, tensor = (right, left) if type(left) is TensorT else (left, right)
            if not is_number(scalar):
                raise self.fail(e.pos, f"cannot apply `{op}` to `{show(lt)}` and `{show(rt)}`")
            e.kind = "tensor-scalar" if type(left) is TensorT else "scalar-tensor"
            return tensor
        if op in ("==", "!=") and left in (STR, STRING) and right in (STR, STRING):
            e.kind = "eq"
            return BOOL
        # rustfix: `String + &str`, `Vec == [T; N]` and `<` on ordered non-numbers (ordering.py).
        if op == "+" and left is STRING and (right is STR or right is STRING and e.right.borrowed):
            e.kind = "concat"
            return STRING
        if op in ("==", "!=") and (element := vec_eq_array(left, right)) is not None:
            self.unify(left.inner, element, e.right.pos)  # type: ignore[attr-defined]
            e.kind = "eq"
            return BOOL
        refuse_mixed_arithmetic(self, e, left, right)
        self.unify(lt, rt, e.right.pos)
        operand = resolve(lt)
        if type(operand) is Var and operand.kind is None:
            raise self.fail(e.pos, "type annotations needed")
        if op in ("==", "!="):
            e.kind = "eq"
            return BOOL
        if op in ("<", ">", "<=", ">=") and not is_number(operand) and orderable(operand):
            if unknown_inside(operand):
                raise self.fail(e.pos, "type annotations needed")
            e.kind = "order"
            return BOOL
        if not is_number(operand):
            raise self.fail(e.pos, f"cannot apply `{op}` to `{show(operand)}`")
        if op in ("<", ">", "<=", ">="):
            e.kind = "cmp"
            return BOOL
        e.kind = "num"
        return lt

    def known(self, ty: Ty) -> Ty:
        """`ty` resolved, after settling the pending operators if it is not known yet (as rustc
        selects pending obligations before it needs a type)."""
        if is_open(ty):
            self.settle()
        return resolve(ty)

    def settle(self) -> None:
        """Type the pending operators whose operand types are now known. While both are
        `{integer}` or `{float}` rustc cannot pick the impl either: they wait for the fallback."""
        progress = True
        while progress:
            progress = False
            for pending in list(self.pending):
                left, right = resolve(pending.left), resolve(pending.right)
                if is_open(left) or is_open(right) or (type(left) is Var and type(right) is Var):
                    continue
                self.pending.remove(pending)
                self.close(pending)
                progress = True

    def close(self, pending: PendingOp) -> None:
        e = pending.expr
        ty = self.binary_type(e, pending.left, pending.right)
        try:
            unify(pending.result, ty)
        except Mismatch:
            trait = {"+": "Add", "-": "Sub", "*": "Mul", "/": "Div", "%": "Rem"}[e.op]
            raise self.fail(
                e.pos,
                f"type mismatch resolving `<{show(pending.left)} as {trait}>::Output == "
                f"{show(pending.result)}`",
            ) from None

    def settle_with_fallback(self) -> None:
        """At the end of a function: the operators still pending once `{integer}` and `{float}`
        take i32 and f64, as rustc does (an annotation that disagrees is a type mismatch)."""
        self.settle()
        for pending in self.pending:
            for ty in (pending.left, pending.right):
                if type(resolve(ty)) is Var and not is_open(ty):
                    finalize(ty)
        self.settle()
        if self.pending:
            raise self.fail(self.pending[0].expr.pos, "type annotations needed")

    def c_Unary(self, e: Unary) -> Ty:  # noqa: N802
        found = self.expr(e.operand)
        t = self.known(found)
        if e.op == "*":
            if self.owned(e.operand) and not derefs(t):
                raise self.fail(e.pos, f"type `{show(t)}` cannot be dereferenced")
            return found
        if e.op == "!":
            self.unify(BOOL, found, e.operand.pos)
            return BOOL
        if type(t) is Named and t.name.startswith("u"):  # the unsigned integers
            raise self.fail(e.pos, f"cannot apply unary operator `-` to type `{show(t)}`")
        if type(t) is TensorT and t.kind == "Bool":  # type: ignore[attr-defined]
            raise self.fail(e.pos, f"cannot apply unary operator `-` to type `{show(t)}`")
        if type(t) is TensorT or is_number(t):
            if type(t) is Var:
                self.negations.append(e)
            return found
        raise self.fail(e.pos, f"cannot apply unary operator `-` to type `{show(t)}`")

    def owned(self, e: Expr) -> bool:
        """Whether `e` is certainly not a reference. References are erased (`&x` is `x`,
        marked borrowed), so this knows only values made here: literals, operators' results,
        casts, constructors, what tensor and number methods return, and the variables given
        them or annotated with a type that is not a reference."""
        if e.borrowed:
            return False
        if isinstance(e, Lit):
            return e.kind != "str"
        if isinstance(
            e, Binary | Cast | Static | ArrayLit | ArrayRepeat | SomeLit | Format | StructLit
        ) or isinstance(e, TupleLit):
            return True
        if isinstance(e, Unary):
            return e.op != "*"
        if isinstance(e, Local):
            return e.binding.owned
        if isinstance(e, Call):
            return isinstance(e.callee, FnItem) and e.callee.ret_owned
        if isinstance(e, Method):
            recv = resolve(e.recv.ty)
            # `Ord::max` on a `&i32` returns a `&i32`; `f32::max` takes and returns values.
            return (
                type(recv) is TensorT
                or e.name in _OWNED_RESULTS
                or (e.name in ("max", "min") and is_float(recv))
            )
        return False

    def c_Cast(self, e: Cast) -> Ty:  # noqa: N802
        target = resolve(e.target)
        source = self.known(self.expr(e.operand))
        self.cast_hint(e.operand, target)
        if not is_number(target):
            raise self.fail(e.pos, f"casting to `{show(target)}`")
        if is_open(source):
            self.casts.append(e)  # rustc checks casts at the end, when the source is known
            return target
        self.cast_allowed(e)
        return target

    def cast_allowed(self, e: Cast) -> None:
        source, target = resolve(e.operand.ty), resolve(e.target)
        if is_open(source):
            raise self.fail(e.pos, "type annotations needed")
        if not (is_number(source) or source is BOOL):
            raise self.fail(e.pos, f"casting `{show(source)}` as `{show(target)}`")
        if source is BOOL and not is_int(target):
            raise self.fail(e.pos, f"casting `bool` as `{show(target)}`")

    def cast_hint(self, operand: Expr, target: Ty) -> None:
        """rustc types an unsuffixed literal cast to a type of its kind as that type:
        `300 as u8` is a u8 literal (out of range), `0.1 as f32` an f32 one."""
        if isinstance(operand, Unary) and operand.op == "-":
            self.cast_hint(operand.operand, target)
            operand.ty = operand.operand.ty
        elif isinstance(operand, Lit) and operand.suffix is None:
            if (operand.kind == "int" and is_int(target)) or (
                operand.kind == "float" and is_float(target)
            ):
                self.unify(target, operand.ty, operand.pos)

    def c_Assign(self, e: Assign) -> Ty:  # noqa: N802
        target = self.expr(e.target)
        if isinstance(e.target, Field) and type(resolve(e.target.base.ty)) is TupleT:
            raise self.fail(e.pos, "assignment to a tuple's element (make a new tuple)")
        value = self.expr(e.value)
        if e.op == "+" and resolve(target) is STRING:  # `String: AddAssign<&str>`
            found = resolve(value)
            if not (found is STR or found is STRING and e.value.borrowed):
                shown = "&String" if e.value.borrowed else show(found)
                raise self.fail(e.value.pos, f"mismatched types: expected `&str`, found `{shown}`")
            return UNIT
        self.unify(target, value, e.value.pos)
        if isinstance(e.target, Index):
            refuse_immutable_element(self, e, e.target)
        if e.op is not None and not is_number(target):
            raise self.fail(e.pos, f"`{e.op}=` on `{show(target)}`")
        return UNIT

    def c_Block(self, e: Block) -> Ty:  # noqa: N802
        diverges = False
        for stmt in e.stmts:
            if isinstance(stmt, Let):
                found = self.expr(stmt.init) if stmt.init is not None else None
                ty = stmt.declared
                if ty is not None and found is not None and stmt.init is not None:
                    self.unify(ty, found, stmt.init.pos)
                if ty is None:
                    ty = found if found is not None else Var()
                if stmt.binding is not None:
                    stmt.binding.ty = ty
                    if stmt.declared is None and stmt.init is not None:
                        stmt.binding.owned = self.owned(stmt.init)
                diverges = diverges or (found is not None and resolve(found) is NEVER)
            else:
                found = self.expr(stmt.expr)
                if resolve(found) is NEVER:
                    diverges = True
                elif not stmt.semicolon:
                    self.unify(UNIT, found, stmt.expr.pos)
        if e.tail is not None:
            return self.expr(e.tail)
        return NEVER if diverges else UNIT

    def c_If(self, e: If) -> Ty:  # noqa: N802
        self.unify(BOOL, self.expr(e.cond), e.cond.pos)
        return self.branches(e.then, e.els)

    def c_IfLet(self, e: IfLet) -> Ty:  # noqa: N802
        inner = Var()
        self.unify(option(inner), self.expr(e.value), e.value.pos)
        if e.binding is not None:
            e.binding.ty = inner
        return self.branches(e.then, e.els)

    def branches(self, then: Block, els: Expr | None) -> Ty:
        then_ty = self.expr(then)
        if els is None:
            self.unify(UNIT, then_ty, then.tail.pos if then.tail is not None else then.pos)
            return UNIT
        else_ty = self.expr(els)
        self.unify(then_ty, else_ty, els.pos)
        return else_ty if resolve(then_ty) is NEVER else then_ty

    def c_Loop(self, e: Loop) -> Ty:  # noqa: N802
        e.break_ty = Var()
        assert e.body is not None
        self.unify(UNIT, self.expr(e.body), e.body.pos)
        return e.break_ty if e.breaks else NEVER

    def c_While(self, e: While) -> Ty:  # noqa: N802
        assert e.cond is not None and e.body is not None
        self.unify(BOOL, self.expr(e.cond), e.cond.pos)
        self.unify(UNIT, self.expr(e.body), e.body.pos)
        return UNIT

    def c_For(self, e: For) -> Ty:  # noqa: N802
        assert e.iterable is not None and e.body is not None
        found = self.known(self.expr(e.iterable))
        if type(found) is Wrap and found.kind == "Range":
            self.unify(Var("int"), found.inner, e.iterable.pos)
            elem = found.inner
        elif type(found) is Wrap and found.kind in ("Vec", "array", _ITER):
            elem = found.inner
        else:
            raise self.fail(e.iterable.pos, f"`{show(found)}` is not an iterator")
        if e.binding is not None:
            e.binding.ty = elem
            e.binding.owned = type(found) is Wrap and found.kind == "Range"
        self.unify(UNIT, self.expr(e.body), e.body.pos)
        return UNIT

    def c_Break(self, e: Break) -> Ty:  # noqa: N802
        value = self.expr(e.value) if e.value is not None else UNIT
        if isinstance(e.target, Loop):
            self.unify(e.target.break_ty, value, e.value.pos if e.value is not None else e.pos)
        return NEVER

    def c_Continue(self, e: Continue) -> Ty:  # noqa: N802
        return NEVER

    def c_Return(self, e: Return) -> Ty:  # noqa: N802
        value = self.expr(e.value) if e.value is not None else UNIT
        self.unify(self.rets[-1], value, e.value.pos if e.value is not None else e.pos)
        return NEVER

    def c_ArrayLit(self, e: ArrayLit) -> Ty:  # noqa: N802
        elem: Ty = Var()
        for item in e.elems:
            self.unify(elem, self.expr(item), item.pos)
        return vec(elem) if e.is_vec else array(elem, len(e.elems))

    def c_ArrayRepeat(self, e: ArrayRepeat) -> Ty:  # noqa: N802
        elem = self.expr(e.elem)
        self.unify(USIZE, self.expr(e.count), e.count.pos)
        if e.is_vec:
            return vec(elem)
        count = e.count
        if isinstance(count, ConstRef) and isinstance(count.item.value, Lit):
            count = count.item.value  # `[x; N]` with `const N: usize = 3;`
        if not (isinstance(count, Lit) and count.kind == "int"):
            raise self.fail(
                e.count.pos, "an array length that is not a number literal or a `const` of one"
            )
        return array(elem, count.value)

    def c_Index(self, e: Index) -> Ty:  # noqa: N802
        base = self.known(self.expr(e.base))
        index = self.expr(e.index)
        if resolve(index) is NEVER:
            # `b[return]`: `!` falls back to `()` for `Index`'s type parameter.
            self.never_indices.append(e)
        self.unify(USIZE, index, e.index.pos)
        if type(base) is Wrap and base.kind in ("Vec", "array"):
            return base.inner
        raise self.fail(e.pos, f"cannot index into a value of type `{show(base)}`")

    def c_RangeLit(self, e: RangeLit) -> Ty:  # noqa: N802
        lo = self.expr(e.lo)
        self.unify(lo, self.expr(e.hi), e.hi.pos)
        return range_of(lo)

    def c_Closure(self, e: Closure, expected: list[Ty] | None = None) -> Ty:  # noqa: N802
        params: list[Ty] = []
        for binding, declared in zip(e.params, e.param_tys, strict=True):
            ty = declared if declared is not None else Var()
            params.append(ty)
            if binding is not None:
                binding.ty = ty
        if expected is not None:
            if len(expected) != len(params):
                raise self.fail(
                    e.pos, f"this closure takes {len(params)} arguments, {len(expected)} expected"
                )
            for param, ty in zip(params, expected, strict=True):
                self.unify(param, ty, e.pos)
        ret = e.ret if e.ret is not None else Var()
        self.rets.append(ret)
        found = self.expr(e.body)
        self.rets.pop()
        self.unify(ret, found, e.body.pos)
        return FnT(params, ret)

    def closure_arg(self, arg: Expr, params: list[Ty]) -> FnT:
        if isinstance(arg, Closure):
            ty = self.c_Closure(arg, params)
            arg.ty = ty
            self.nodes.append(arg)
        else:
            ty = FnT(params, Var())
            self.unify(ty, self.expr(arg), arg.pos)
        found = resolve(ty)
        assert isinstance(found, FnT)
        return found

    def c_Format(self, e: Format) -> Ty:  # noqa: N802
        for arg in e.args:
            self.expr(arg)
        return STRING

    def c_Print(self, e: Print) -> Ty:  # noqa: N802
        self.expr(e.fmt)
        return UNIT

    def c_PanicMacro(self, e: PanicMacro) -> Ty:  # noqa: N802
        if e.fmt is not None:
            self.expr(e.fmt)
        return NEVER

    def c_Assert(self, e: Assert) -> Ty:  # noqa: N802
        self.unify(BOOL, self.expr(e.cond), e.cond.pos)
        if e.fmt is not None:
            self.expr(e.fmt)
        return UNIT

    def c_AssertEq(self, e: AssertEq) -> Ty:  # noqa: N802
        left, right = self.expr(e.left), self.expr(e.right)
        # `String == &str` and back, as `==` (both print the same in Debug).
        if (element := vec_eq_array(left, right)) is not None:  # rustfix: `Vec == [T; N]`
            self.unify(resolve(left).inner, element, e.right.pos)  # type: ignore[attr-defined]
        elif not (resolve(left) in (STR, STRING) and resolve(right) in (STR, STRING)):
            self.unify(left, right, e.right.pos)
        if e.fmt is not None:
            self.expr(e.fmt)
        return UNIT

    # -- methods ----------------------------------------------------------------------------------

    def c_Method(self, e: Method) -> Ty:  # noqa: N802
        recv = self.unbox(self.known(self.expr(e.recv)))
        if type(recv) in (ParamT, DynT):  # `t.area()`, `t: T` or `&dyn Shape` (traits.py)
            return self.dispatch_method(e, recv)
        if type(recv) is Var:
            # `a.partial_cmp(b)`, `3.cmp(&n)`: comparisons too (iterators.py)
            compared = iterators.check_open_compare(self, e, recv)
            if compared is not None:
                return compared
            # A trait method that every integer (or float) type has is found while the type is
            # still open (`42.to_string()`, `3.max(x)`: `Ord::max`); inherent ones are not.
            if recv.kind and (
                e.name in ("to_string", "clone")
                or (recv.kind == "int" and e.name in ("max", "min"))
            ):
                return self.open_number_method(e, recv)
            if recv.kind:
                raise self.fail(
                    e.pos, f"can't call method `{e.name}` on ambiguous numeric type `{show(recv)}`"
                )
            raise self.fail(e.pos, "type annotations needed")
        if (
            e.targs
            and not (type(recv) is Named and recv in (TENSOR_DATA, INT_DATA, BOOL_DATA))
            and not (type(recv) is TensorT and e.name in (*RANK_GENERIC, "one_hot"))
            and not (iterator(recv) and e.name in ("collect", "sum", "product"))
            and not ((is_number(recv) or recv is BOOL) and e.name == "elem")  # `ElementConversion`
        ):
            raise self.fail(e.pos, f"type arguments on `{e.name}`")
        burn = burn_nn.check_method(self, e, recv)  # modules, params, configs, optimizers
        if burn is not None:
            return burn
        # `next`, `peekable`, `chain`, `windows`, `max_by`, `partial_cmp`... (iterators.py)
        stepped = iterators.check_method(self, e, recv)
        if stepped is not None:
            return stepped
        if type(recv) is StructT:
            return self.user_method(e, recv)
        if type(recv) is TensorT:
            ty = self.tensor_method(e, recv)
        elif type(recv) is Wrap:
            ty = self.wrap_method(e, recv)
        elif type(recv) is Named:
            ty = self.named_method(e, recv)
        else:
            ty = None
        if ty is None:
            raise self.fail(e.pos, f"the method `{e.name}` on `{show(recv)}`")
        return ty

    def open_number_method(self, e: Method, recv: Var) -> Ty:
        if e.targs:
            raise self.fail(e.pos, f"type arguments on `{e.name}`")
        if e.name == "to_string":
            e.impl = "to_string"
            self.args(e)
            return STRING
        if e.name == "clone":
            e.impl = "clone"
            self.args(e)
            return recv
        e.impl = "int." + e.name
        self.args(e, recv)
        return recv

    def args(self, e: Method, *expected: Ty) -> list[Ty]:
        self.arity(e, len(expected), f"`{e.name}`")
        found = []
        for arg, ty in zip(e.args, expected, strict=True):
            found.append(self.expr(arg))
            self.unify(ty, found[-1], arg.pos)
        return found

    def tensor_method(self, e: Method, recv: TensorT) -> Ty | None:
        """A method of the table (`pbpit.engine.api`), typed from Burn's signature."""
        name = e.name
        e.impl = "tensor." + name
        if recv.kind != "Float":
            return self.kind_method(e, recv)
        row = RUST_METHODS.get(name)
        if row is None:
            return None
        if len(e.args) != len(row.params):  # `squeeze::<1>(1)`: Burn 0.22's `squeeze` takes none
            raise self.fail(e.pos, rejects(method_arity(len(row.params), len(e.args)), "E0061"))
        expected = [_PARAM_TYPES.get(ty, _any)(recv) for ty in row.param_types]
        found = self.args(e, *expected)
        dims = {"D": recv.dim}
        for ty, arg_ty, arg in zip(row.param_types, found, e.args, strict=True):
            if ty == "E" and not is_number(arg_ty):
                raise self.fail(arg.pos, f"`{name}` of `{show(arg_ty)}`")
            if ty == "S":
                dims["D2"] = self.shape_rank(arg, arg_ty)
            if ty == "R":
                self.slice_ranges(arg, arg_ty, recv)
        if name in RANK_GENERIC:
            return self.rank_generic(e, recv)
        return rust_type(row.result, recv, dims)

    # -- shapes and reductions --------------------------------------------------------------------

    def rank_generic(self, e: Method, recv: TensorT) -> Ty:
        """`unsqueeze::<D2>()` / `unsqueeze_dim::<D2>(dim)`: the rank from the turbofish, else
        from what the result meets (an annotation), as rustc infers a const generic."""
        if len(e.targs) > 1 or (e.targs and type(e.targs[0]) is not TensorT):
            raise self.fail(e.pos, f"`{e.name}` takes one const argument, the result's rank")
        if e.targs:
            return TensorT(e.targs[0].dim, recv.kind)  # type: ignore[union-attr]
        if e.name == "squeeze_dim" and recv.dim is not None:  # Burn: D2 is D - 1, or a panic
            return TensorT(recv.dim - 1, recv.kind)
        return Var()

    def stack(self, e: Static) -> Ty:
        """`Tensor::stack::<D2>(tensors, dim)`: tensors of one rank D, a result of D + 1 (the
        Static's `dim` is D2, from the turbofish or `Tensor::<B, D>`)."""
        if len(e.args) != 2:
            raise self.fail(
                e.pos, f"`Tensor::stack` takes 2 arguments but {len(e.args)} were given"
            )
        tensors, dim = e.args
        element = TensorT(None if e.dim is None else e.dim - 1)
        found = self.expr(tensors)
        self.unify(vec(element), found, tensors.pos)
        self.unify(Var("int"), self.expr(dim), dim.pos)
        inner = resolve(resolve(found).inner)  # type: ignore[attr-defined]
        rank = e.dim
        if rank is None and type(inner) is TensorT and inner.dim is not None:
            rank = inner.dim + 1
        return TensorT(rank)

    def slice_ranges(self, arg: Expr, found: Ty, recv: TensorT) -> None:
        """`slice`'s `S: SliceArg`: a range (`0..2`), or an array of ranges, one per leading
        dim (`[0..2, 1..3]`), of integers."""
        ty = resolve(found)
        if type(ty) is Wrap and ty.kind == "array":
            if ty.size is not None and recv.dim is not None and ty.size > recv.dim:
                raise self.fail(arg.pos, f"{ty.size} ranges for a `{show(recv)}`")
            ty = resolve(ty.inner)
        if not (type(ty) is Wrap and ty.kind == "Range"):
            raise self.fail(arg.pos, f"slice ranges of type `{show(found)}` (write `[a..b, ..]`)")
        self.unify(Var("int"), ty.inner, arg.pos)

    def shape_rank(self, arg: Expr, found: Ty) -> int | None:
        """The rank of a shape argument (`[2, 3]`, `vec![..]`) whose elements are integers."""
        shape = resolve(found)
        if not (type(shape) is Wrap and shape.kind in ("array", "Vec")):
            raise self.fail(arg.pos, f"a shape of type `{show(shape)}`")
        self.unify(Var("int"), shape.inner, arg.pos)
        return shape.size

    def named_method(self, e: Method, recv: Named) -> Ty | None:
        name = e.name
        kind = recv.name
        if name == "clone" and recv not in (GRADIENTS,):
            e.impl = "clone"
            self.args(e)
            return recv
        if name == "to_string" and (is_number(recv) or recv in (BOOL, STR, STRING)):
            e.impl = "to_string"
            self.args(e)
            return STRING
        if name == "elem" and (is_number(recv) or recv is BOOL):  # Burn's `ElementConversion`
            return self.elem(e, recv)
        if is_float(recv):
            if name == "powi":
                e.impl = "float.powi"
                self.args(e, I32)
                return recv
            if name in FLOAT_METHODS:
                e.impl = "float." + name
                self.args(e, *([recv] * FLOAT_METHODS[name][0]))
                return recv
            if name in FLOAT_TESTS:
                e.impl = "float." + name
                self.args(e)
                gives = FLOAT_TESTS[name][0]
                return BOOL if gives == "bool" else NAMED["u32" if kind == "f32" else "u64"]
            return None
        if is_int(recv):
            e.impl = "int." + name
            signed = INT_RANGES[kind][0] < 0
            if name == "abs" and signed:
                self.args(e)
                return recv
            if name == "pow":
                self.args(e, U32)
                return recv
            if name in ("max", "min"):
                self.args(e, recv)
                return recv
            if name in INT_METHODS and (signed or name not in SIGNED_ONLY) and (
                not signed or name not in UNSIGNED_ONLY
            ):
                params, gives, _ = INT_METHODS[name]
                self.args(e, *(recv if p == "self" else U32 for p in params))
                unsigned = NAMED["u" + kind[1:]]
                return {"self": recv, "option": option(recv), "bool": BOOL, "u32": U32}.get(
                    gives, unsigned
                )
            return None
        if recv in (STR, STRING):
            e.impl = "str." + name
            if name in ("len", "is_empty"):
                self.args(e)
                return USIZE if name == "len" else BOOL
            if name == "as_str":
                self.args(e)
                return STR
            if name == "push_str" and recv is STRING:
                self.mutable_receiver(e)
                self.args(e, Var())
                if resolve(e.args[0].ty) not in (STR, STRING):
                    raise self.fail(e.args[0].pos, f"`push_str` of `{show(e.args[0].ty)}`")
                return UNIT
            return None
        if recv in (INT_DATA, BOOL_DATA):
            return self.int_data_method(e, recv)
        if recv is DEVICE and name in ("autodiff", "inner", "seed"):  # 0.22's `device.seed(n)`
            e.impl = "device." + name
            self.args(e, *([NAMED["u64"]] if name == "seed" else []))
            return UNIT if name == "seed" else DEVICE
        if recv is TENSOR_DATA and name in ("to_vec", "as_slice"):
            e.impl = "data.to_vec"
            if len(e.targs) > 1:
                raise self.fail(e.pos, f"`{name}` takes one type argument")
            elem = e.targs[0] if e.targs else Var()
            self.data_elems.append((elem, e.pos))
            self.args(e)
            return result(vec(elem))
        return None

    def elem(self, e: Method, recv: Named) -> Ty:
        """`x.elem::<E>()` (and Burn 0.22's `t.into_scalar::<E>()`, lowered to it): the number
        as another numeric type (the target from the turbofish or what the result meets); a Bool
        tensor's `bool` as itself."""
        written = "into_scalar" if getattr(e.recv, "pos", None) == e.pos else "elem"
        if len(e.targs) > 1:
            raise self.fail(e.pos, f"`{written}` takes one type argument")
        target = resolve(e.targs[0]) if e.targs else Var()
        if e.targs and not (is_number(target) or target is recv is BOOL):
            what = f"`{written}::<{show(target)}>()` of `{show(recv)}`: Burn's elements are numbers"
            raise self.fail(e.pos, what + (" (a Bool tensor's is `bool`)" if recv is BOOL else ""))
        self.args(e)
        e.impl = "elem." + recv.name
        return target

    def mutable_receiver(self, e: Method) -> None:
        recv = e.recv
        while isinstance(recv, Field):  # `self.items.push(x)`: the variable holding the struct
            recv = recv.base
        if isinstance(recv, Local) and recv.binding.mut_ref:
            return
        if not isinstance(recv, Local):
            raise self.fail(e.pos, f"`{e.name}` on a value that is not a `let mut` variable")
        if not recv.binding.mutable:
            raise self.fail(
                recv.pos,
                f"cannot borrow `{recv.binding.name}` as mutable, as it is not declared as mutable",
            )

    def wrap_method(self, e: Method, recv: Wrap) -> Ty | None:
        name, kind, inner = e.name, recv.kind, recv.inner
        e.impl = f"{kind}.{name}"
        if name == "clone":
            self.args(e)
            e.impl = "clone"
            return recv
        if kind == "Option" and name == "?":  # `?` only in functions returning a `DynResult`
            what = (
                "the `?` operator can only be used on `Result`s, not `Option`s, in a function "
                "that returns `Result`"
            )
            err = self.fail(e.pos, rejects(what, "E0277"))
            ret = show(self.rets[0])
            err.label = f"use `.ok_or(...)?` to provide an error compatible with `{ret}`"
            raise err
        if kind == "Option":
            if name == "map":
                self.arity(e, 1, "`map`")
                fn = self.closure_arg(e.args[0], [inner])
                return option(fn.ret)
            if name in ("unwrap", "as_ref"):
                self.args(e)
                return inner if name == "unwrap" else recv
            if name == "expect":
                self.args(e, STR)
                return inner
            if name in ("is_some", "is_none"):
                self.args(e)
                return BOOL
            if name == "unwrap_or":
                self.args(e, inner)
                return inner
            return None
        if kind in ("Result", "DynResult"):
            e.impl = f"Result.{name}"
            if name == "?":  # `x?`: its error converts into `Box<dyn Error>` (DataError: Error)
                self.args(e)
                return inner
            if name == "unwrap":
                self.args(e)
                return inner
            if name == "expect":
                self.args(e, STR)
                return inner
            if name in ("is_ok", "is_err"):
                self.args(e)
                return BOOL
            return None
        if kind in ("Vec", "array"):
            if name == "len":
                self.args(e)
                return USIZE
            if name == "is_empty":
                self.args(e)
                return BOOL
            if name in ("iter", "into_iter"):
                self.args(e)
                return Wrap(_ITER, inner)
            if name in ("first", "last"):
                self.args(e)
                return option(inner)
            if kind == "Vec" and name == "push":
                self.mutable_receiver(e)
                self.args(e, inner)
                return UNIT
            if kind == "Vec" and name == "pop":
                self.mutable_receiver(e)
                self.args(e)
                return option(inner)
            return None
        if kind in ("Range", _ITER):
            if name == "rev":
                self.args(e)
                return recv
            if name == "step_by":
                self.args(e, USIZE)
                return recv
            return self.iter_method(e, inner)
        return None

    # -- iterator chains: adapters and consumers of `v.iter()`, `into_iter()`, ranges -------------

    def iter_method(self, e: Method, item: Ty) -> Ty | None:
        """An `Iterator` method on items of type `item` (pbpit holds `&T` as `T`)."""
        name = e.name
        e.impl = f"{_ITER}.{name}"
        if name in ("map", "filter", "for_each", "any", "all", "position"):
            self.arity(e, 1, f"`{name}`")
            fn = self.closure_arg(e.args[0], [item])
            if name in ("filter", "any", "all", "position"):
                self.unify(BOOL, fn.ret, e.args[0].pos)
            if name == "for_each":
                self.unify(UNIT, fn.ret, e.args[0].pos)
            return {
                "map": Wrap(_ITER, fn.ret), "filter": Wrap(_ITER, item), "for_each": UNIT,
                "position": option(USIZE),
            }.get(name, BOOL)
        if name == "enumerate":
            self.args(e)
            return Wrap(_ITER, TupleT([USIZE, item]))
        if name == "zip":
            (other,) = self.args(e, Var())
            found = resolve(other)
            if not (type(found) is Wrap and found.kind in ("Vec", "array", "Range", _ITER)):
                raise self.fail(e.args[0].pos, f"`{show(other)}` is not an iterator")
            return Wrap(_ITER, TupleT([item, found.inner]))
        if name in ("skip", "take"):
            self.args(e, USIZE)
            return Wrap(_ITER, item)
        if name in ("cloned", "copied"):
            self.args(e)
            return Wrap(_ITER, item)
        if name in ("count", "len"):
            self.args(e)
            return USIZE
        if name in ("last", "next"):
            if name == "next":
                return None  # an iterator held in a variable and stepped by hand
            self.args(e)
            return option(item)
        if name == "fold":
            self.arity(e, 2, "`fold`")
            acc = self.expr(e.args[0])
            fn = self.closure_arg(e.args[1], [acc, item])
            self.unify(acc, fn.ret, e.args[1].pos)
            return acc
        if name == "reduce":
            self.arity(e, 1, "`reduce`")
            fn = self.closure_arg(e.args[0], [item, item])
            self.unify(item, fn.ret, e.args[0].pos)
            return option(item)
        if name == "collect":
            self.args(e)
            if len(e.targs) > 1:
                raise self.fail(e.pos, "`collect` takes one type argument")
            result = vec(item)
            if e.targs:
                target = resolve(e.targs[0])
                if not (type(target) is Wrap and target.kind == "Vec"):
                    what = f"`collect` into `{show(target)}` (pbpit collects a `Vec`)"
                    raise self.fail(e.pos, what)
                self.unify(target, result, e.pos)
            return result
        if name in ("sum", "product"):
            self.args(e)
            if len(e.targs) > 1:
                raise self.fail(e.pos, f"`{name}` takes one type argument")
            if type(resolve(item)) is TensorT:
                raise self.fail(
                    e.pos,
                    f"`{name}` of tensors (Burn's `Tensor` implements no `Sum`; write "
                    "`.reduce(|a, b| a + b)` or `Tensor::cat`)",
                )
            total = e.targs[0] if e.targs else Var()
            self.sums.append((total, item, e))
            return total
        return None

    def settle_sums(self) -> None:
        """`sum()`/`product()` produce the type their use asks for (rustc: `S: Sum<&T>`); pbpit
        sums numbers of the items' own type."""
        for total, item, e in self.sums:
            if is_open(total):
                raise self.fail(e.pos, "type annotations needed")
            self.unify(total, item, e.pos)
            if not is_number(resolve(total)):
                raise self.fail(e.pos, f"`{e.name}` of `{show(item)}` (pbpit sums numbers)")


def not_copy(ty: Ty) -> Ty | None:
    """The part of `ty` that is not `Copy` (`Vec`, `String`, a tensor...), or None."""
    ty = resolve(ty)
    if type(ty) is StructT:
        return ty  # pbpit derives no `Copy`
    if type(ty) is TupleT:
        return next((t for t in map(not_copy, ty.elems) if t is not None), None)
    if type(ty) is Wrap and ty.kind in ("Option", "array"):
        return not_copy(ty.inner)
    if type(ty) is Wrap or type(ty) is TensorT or ty in (STRING, GRADIENTS, TENSOR_DATA):
        return ty
    return None


def check(crate: Crate) -> None:
    """Give every expression of `crate` its final type; `Unsupported` where Rust would need an
    annotation pbpit cannot infer, or the types do not fit."""
    Checker(crate).check()


# -- every error of a file at once (refusals) ------------------------------------------------------

# rustc's E0277 for `left op right` of two number types that have no such impl.
_NO_IMPL = {
    "+": "cannot add `{r}` to `{l}`",
    "-": "cannot subtract `{r}` from `{l}`",
    "*": "cannot multiply `{l}` by `{r}`",
    "/": "cannot divide `{l}` by `{r}`",
    "%": "cannot calculate the remainder of `{l}` divided by `{r}`",
}


def refuse_mixed_arithmetic(checker: Checker, e: Binary, left: Ty, right: Ty) -> None:
    """An integer and a float (`i32 + f32`): rustc's E0277 at the operator. (Two integers or two
    floats of different types are its E0308 at the right operand, as `unify` says.)"""
    if e.op not in _NO_IMPL or not (is_number(left) and is_number(right)):
        return
    if is_int(left) == is_int(right):
        return
    shown = {"l": show(left), "r": show(right)}
    err = checker.fail(e.op_pos or e.pos, rejects(_NO_IMPL[e.op].format(**shown), "E0277"))
    err.label = f"no implementation for `{shown['l']} {e.op} {shown['r']}`"
    raise err


def refuse_borrow_for_value(checker: Checker, fn: FnItem, index: int, arg: Expr) -> None:
    """`f(&v)` where `f` takes `v` by value, `f(v)` or `f(&v)` where it takes `&mut v`:
    rustc's E0308 (pbpit erases references)."""
    param = fn.params[index] if index < len(fn.params) else None
    if param is None:
        return
    ty = show(resolve(fn.param_tys[index]))
    where = arg.borrow_pos or arg.pos
    found = f"&mut {ty}" if arg.mut_borrow else f"&{ty}" if arg.borrowed else ty
    if param.owned and arg.borrowed:
        raise checker.fail(where, f"mismatched types: expected `{ty}`, found `{found}`")
    reborrow = isinstance(arg, Local) and arg.binding.mut_ref and not arg.borrowed
    if param.mut_ref and not arg.mut_borrow and not reborrow:
        raise checker.fail(where, f"mismatched types: expected `&mut {ty}`, found `{found}`")


def refuse_immutable_element(checker: Checker, e: Assign, target: Index) -> None:
    """`v[i] = x` with `v` not declared `mut`: rustc's E0596 where a `Vec` is borrowed by
    `IndexMut` (the first one from the variable), else E0594 for arrays all the way."""
    chain: list[Expr] = []
    root: Expr = target
    while isinstance(root, Index | Field):
        chain.append(root)
        root = root.base
    if not isinstance(root, Local) or root.binding.mutable or root.binding.mut_ref:
        return
    if any(isinstance(part, Field) for part in chain):
        return  # a field's element: left to rustc's other rules (pbpit runs it as written)
    name = root.binding.name
    chain.reverse()  # from the variable out: `m`, `m[i]`, `m[i][j]`
    base: Expr = root
    for depth, part in enumerate(chain):
        if type(resolve(part.base.ty)) is Wrap and resolve(part.base.ty).kind == "Vec":
            if base is root:
                what = f"cannot borrow `{name}` as mutable, as it is not declared as mutable"
            else:
                shown = name + "[_]" * depth
                what = f"cannot borrow `{shown}` as mutable, as `{name}` is not declared as mutable"
            err = checker.fail(base.pos, rejects(what, "E0596"))
            err.end = part.bracket  # the borrowed place ends where its `[` starts
            err.label = "cannot borrow as mutable"
            raise err
        base = part
    shown = name + "[_]" * len(chain)
    what = f"cannot assign to `{shown}`, as `{name}` is not declared as mutable"
    err = checker.fail(e.pos, rejects(what, "E0594"))
    err.label = "cannot assign"
    raise err


def refuse_aliasing(checker: Checker, args: list[Expr]) -> None:
    """`f(&mut a, &a)`, `f(&mut a, &mut a)`: one variable borrowed mutably and again in one
    call, rustc's E0502 and E0499."""
    borrows: dict[int, Expr] = {}
    for arg in args:
        root = arg
        while isinstance(root, Field | Index) and not root.borrowed:
            root = root.base
        if not arg.borrowed or not isinstance(root, Local):
            continue
        key = id(root.binding)
        first = borrows.get(key)
        if first is None:
            borrows[key] = arg
            continue
        if not (first.mut_borrow or arg.mut_borrow):
            continue
        name = root.binding.name
        where = arg.borrow_pos or arg.pos
        if first.mut_borrow and arg.mut_borrow:
            what = f"cannot borrow `{name}` as mutable more than once at a time"
            err = checker.fail(where, rejects(what, "E0499"))
            err.label = "second mutable borrow occurs here"
        else:
            now, before = ("mutable", "immutable") if arg.mut_borrow else ("immutable", "mutable")
            what = f"cannot borrow `{name}` as {now} because it is also borrowed as {before}"
            err = checker.fail(where, rejects(what, "E0502"))
            err.label = f"{now} borrow occurs here"
        raise err



def check_each(crate: Crate, skip: set[str]) -> list[Unsupported]:
    """`check`, going on past a function or const whose types do not fit: the first error of
    each, those named in `skip` (holding Rust outside the subset) left unchecked."""
    write_types_as(crate.source)
    checker = Checker(crate)
    found: list[Unsupported] = []
    for name, const in crate.consts.items():
        if name not in skip:
            try:
                checker.body(const.value, const.ty)
            except Unsupported as err:
                found.append(err)
    for name, fn in crate.fns.items():
        if name not in skip:
            try:
                checker.function(fn)
            except Unsupported as err:
                found.append(err)
    return found


def irrefutable(p: Pat) -> bool:
    """Whether `p` matches every value of its type."""
    if p.kind == "wild" or (p.kind == "bind" and not p.subs):
        return True
    if p.kind == "bind":
        return irrefutable(p.subs[0])
    if p.kind == "tuple" or (p.kind == "variant" and p.item is not None and p.item.enum is None):
        return all(map(irrefutable, p.subs))
    if p.kind == "or":
        return covers(p.subs, p.ty)
    return False


def covers(pats: list[Pat], ty: Ty) -> bool:
    """Whether the patterns together match every value of `ty` (conservatively: an enum's
    variants, `Some`/`None`, `true`/`false`, each with fields matched whole; or a catch-all)."""
    flat = [q for p in pats for q in (p.subs if p.kind == "or" else [p])]
    if any(map(irrefutable, flat)):
        return True
    ty = resolve(ty)
    whole = [p for p in flat if p.kind != "variant" or all(map(irrefutable, p.subs))]
    if type(ty) is StructT and ty.item.kind == "enum":
        cases = {p.item.variant for p in whole if p.kind == "variant" and p.item is not None}
        return len(cases) == len(ty.item.variants)
    if type(ty) is Wrap and ty.kind == "Option":
        some = [p.subs[0] for p in flat if p.kind == "some"]
        return any(p.kind == "none" for p in flat) and bool(some) and covers(some, ty.inner)
    if ty is BOOL:
        values = {p.value.value for p in flat if p.kind == "lit" and isinstance(p.value, Lit)}
        return values == {True, False}
    return False
