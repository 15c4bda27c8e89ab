"""The checker's tables and small rules every part of it shares: Burn's method signatures as
types, the methods whose result is owned, what `Copy` excludes, when patterns cover a type."""

from __future__ import annotations

from dataclasses import dataclass

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import (
    Binary,
    Expr,
    Lit,
    Method,
    Pat,
    Pos,
)
from pbpit.rust.interp.numbers import (
    FLOAT_METHODS,
    FLOAT_TESTS,
    INT_METHODS,
)
from pbpit.rust.interp.types import (
    BOOL,
    CHAR,
    DEVICE,
    F32,
    GRADIENTS,
    I32,
    NAMED,
    STRING,
    TENSOR_DATA,
    UNIT,
    USIZE,
    Named,
    ParamT,
    StructT,
    TensorT,
    TupleT,
    Ty,
    Var,
    Wrap,
    array,
    is_int,
    is_number,
    option,
    resolve,
    vec,
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
    if text.startswith("(") and text.endswith(")") and text != "()":  # `max_dim_with_indices`
        from pbpit.engine.api import split_params

        return TupleT([rust_type(part, recv, dims) for part in split_params(text[1:-1])])
    return _RESULT_TYPES[text]


# -- shapes and reductions: methods whose result type is not the row's alone
# `Tensor<B, D2>`, D2 from `::<D2>` (or what the result meets)
RANK_GENERIC = frozenset(("unsqueeze", "unsqueeze_dim", "squeeze", "squeeze_dim", "flatten"))

ARITHMETIC = ("+", "-", "*", "/", "%")


def wrong_arity(kind: str, takes: int, given: int, code: str = "E0061") -> str:
    """rustc 1.95's refusal of a call given the wrong number of arguments, e.g.
    `this function takes 2 arguments but 1 argument was supplied (.. error[E0061])`.

    `kind` is rustc's word for the callee: `function` (a fn, an associated fn, a path call
    such as `Tensor::stack`, a closure: code E0057), `method` (`x.m(..)`), `enum variant`,
    `struct` (a tuple struct)."""
    s, were = ("" if takes == 1 else "s"), ("argument was" if given == 1 else "arguments were")
    return rejects(f"this {kind} takes {takes} argument{s} but {given} {were} supplied", code)


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
    # std's that make a new `Result`, `Option` or `String` (std_option_more.py, str_methods.py)
    + ("parse", "map_err", "ok_or", "ok_or_else", "ok", "copied", "cloned")
    + ("to_uppercase", "to_lowercase", "to_ascii_uppercase", "to_ascii_lowercase")
    # a collection or a `String` made anew (`collect` makes a `Vec<&T>` a value too)
    + ("collect", "join", "concat", "repeat", "replace", "to_owned", "to_vec", "split_off")
    # an `Option`, `Result` or iterator adapter made anew (`o.map(|x| format!(..))`)
    + ("map", "zip")
)


def derefs(ty: Ty) -> bool:
    """Whether `*` may apply to a value of `ty` (`String` and `Vec` deref to `str` and a slice;
    an open type may be anything)."""
    ty = resolve(ty)
    if type(ty) is Named:
        return ty.name in ("String", "str")
    return (type(ty) is Wrap and ty.kind == "Vec") or is_open(ty)


# -- Int and Bool tensors: `Tensor<B, D, Int>`, `Tensor<B, D, Bool>` -----------------------------

INT_DATA, BOOL_DATA = Named("TensorData"), Named("TensorData")
"""The `TensorData` of an Int tensor (Flex's `i32`s, `to_vec::<i32>()`), of a Bool one (`bool`)."""


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


def not_copy(ty: Ty) -> Ty | None:
    """The part of `ty` that is not `Copy` (`Vec`, `String`, a tensor...), or None."""
    ty = resolve(ty)
    if type(ty) is StructT:
        return None if "Copy" in ty.item.derives else ty  # (copy_types.py)
    if type(ty) is ParamT and ty.std is not None:  # `T: Copy` (std_generics.py)
        return None if "Copy" in ty.std else ty
    if type(ty) is TupleT:
        return next((t for t in map(not_copy, ty.elems) if t is not None), None)
    if type(ty) is Wrap and ty.kind in ("Option", "array"):
        return not_copy(ty.inner)
    if type(ty) is Wrap and ty.kind == "PhantomData":  # `Copy` whatever its `T`
        return None
    if type(ty) is Wrap and ty.kind in ("Result", "DynResult") and ty.err is not None:
        return not_copy(ty.inner) or _copy_error(ty.err)  # Copy if T and E are
    if type(ty) is Wrap or type(ty) is TensorT or ty in (STRING, GRADIENTS, TENSOR_DATA):
        return ty
    if type(ty) is Named and ty.name in _NOT_COPY:
        return ty
    return None


def _copy_error(err: Ty) -> Ty | None:
    """None for an error type known to be `Copy` (a number, a `Copy` struct, std's
    `TryFromIntError`, `fmt::Error`: `write!`'s `fmt::Result` is `Copy`); else the type
    (`String`, `ParseIntError`, a `Box<dyn Error>`)."""
    err = resolve(err)
    if is_number(err) or err in (BOOL, CHAR, UNIT):
        return None
    if type(err) is StructT or (type(err) is Named and err.name in _COPY_ERRORS):
        return not_copy(err)
    return err


_COPY_ERRORS = ("TryFromIntError", "fmt::Error")  # std's error types deriving `Copy`
_NOT_COPY = ("Box<dyn std::error::Error>", "Shape", "FromUtf8Error")  # (its `bytes`)
# burn-optim's `GradientsParams` (`#[derive(Default, Debug)]`, not even `Clone`) and
# `GradientsAccumulator<M>`: `step(.., grads)` and `accumulate(&m, grads)` take them by value.
_NOT_COPY += ("GradientsParams", "GradientsAccumulator")
_NOT_COPY += ("ParseIntError", "ParseFloatError")  # std's `parse` errors (no `Copy` derive)


def irrefutable(p: Pat) -> bool:
    """Whether `p` matches every value of its type."""
    if p.kind == "wild" or (p.kind == "bind" and not p.subs):
        return True
    if p.kind == "bind":
        return irrefutable(p.subs[0])
    if p.kind in ("tuple", "reverse") or (
        p.kind == "variant" and p.item is not None and p.item.enum is None
    ):
        return all(map(irrefutable, p.subs))
    if p.kind == "or":
        return covers(p.subs, p.ty)
    return False


def unbound(p: Pat) -> Pat:
    """The pattern `P` of `name @ P` (it matches what `P` does), else `p`."""
    while p.kind == "bind" and p.subs:
        p = p.subs[0]
    return p


def covers(pats: list[Pat], ty: Ty) -> bool:
    """Whether the patterns together match every value of `ty` (conservatively: an enum's
    variants, `Some`/`None`, `true`/`false`, each with fields matched whole; or a catch-all)."""
    flat = [unbound(q) for p in pats for q in (p.subs if p.kind == "or" else [p])]
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
    if any(p.kind == "slice" for p in flat):  # `[]`, `[x, ..]` (slice_patterns.py)
        from pbpit.rust.interp import slice_patterns  # (it imports the nodes)

        return slice_patterns.covers(flat, ty, irrefutable)
    if type(ty) is Wrap and ty.kind in ("Result", "DynResult"):  # `Ok(..)` and `Err(..)`
        ok, err = ([p.subs[0] for p in flat if p.kind == kind] for kind in ("ok", "err"))
        return bool(ok) and covers(ok, ty.inner) and any(map(irrefutable, err))
    if ty is BOOL:
        values = {p.value.value for p in flat if p.kind == "lit" and isinstance(p.value, Lit)}
        return values == {True, False}
    if getattr(ty, "name", None) == "Ordering":  # `Ordering::Less` .. (std_cmp.py)
        values = {p.value.value for p in flat if p.kind == "lit" and isinstance(p.value, Lit)}
        return values == {-1, 0, 1}
    if type(ty) is TupleT:  # `(true, false) =>` .. (match_coverage.py)
        from pbpit.rust.interp import match_coverage  # (it imports the nodes)

        return match_coverage.tuple_covers(flat, ty)
    return False
