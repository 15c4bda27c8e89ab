"""The checker's rules for operators: arithmetic on numbers and tensors (rustc's E0277 for a
missing impl), comparisons, `String + &str`, unary operators, `as` casts, what is owned."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbpit.rust.interp import (
    cloned_options,
    dyn_casts,
    element_values,
    enum_casts,
    op_traits,
    references,
    std_errors,
    std_generics,
    tuple_results,
)
from pbpit.rust.interp.check_tables import (
    _OWNED_RESULTS,
    ARITHMETIC,
    PendingOp,
    derefs,
    int_operands,
    is_open,
    rank_open,
)
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import (
    ArrayLit,
    ArrayRepeat,
    Binary,
    Block,
    Call,
    Cast,
    Expr,
    Field,
    FnItem,
    Format,
    If,
    IfLet,
    Index,
    Lit,
    Local,
    Match,
    Method,
    Pos,
    SomeLit,
    Static,
    StructLit,
    TupleLit,
    Unary,
    Unsupported,
)
from pbpit.rust.interp.ordering import orderable, unknown_inside, vec_eq_array
from pbpit.rust.interp.types import (
    BOOL,
    CHAR,
    NAMED,
    NEVER,
    STR,
    STRING,
    UNIT,
    DynT,
    FnT,
    Mismatch,
    Named,
    ParamT,
    StructT,
    TensorT,
    TupleT,
    Ty,
    Var,
    Wrap,
    is_float,
    is_int,
    is_number,
    resolve,
    show,
    unify,
)
from pbpit.rust.interp.value_slots import field_types, plainly_value

# -- every error of a file at once (refusals) ------------------------------------------------------

# rustc's E0277 for `left op right` of two number types that have no such impl.
_NO_IMPL = {
    "+": "cannot add `{r}` to `{l}`",
    "-": "cannot subtract `{r}` from `{l}`",
    "*": "cannot multiply `{l}` by `{r}`",
    "/": "cannot divide `{l}` by `{r}`",
    "%": "cannot calculate the remainder of `{l}` divided by `{r}`",
}

# rustc's E0277 for `target op= value` of an integer and a float.
_NO_ASSIGN_IMPL = {
    "+": "cannot add-assign `{r}` to `{l}`",
    "-": "cannot subtract-assign `{r}` from `{l}`",
    "*": "cannot multiply-assign `{l}` by `{r}`",
    "/": "cannot divide-assign `{l}` by `{r}`",
    "%": "cannot calculate and assign the remainder of `{l}` divided by `{r}`",
}

BITWISE = ("&", "|", "^")
SHIFTS = ("<<", ">>")

if TYPE_CHECKING:
    from pbpit.rust.interp.check import Checker


def _boxed(written: Any) -> bool:
    """Whether a written type is `Box<..>` (pbpit erases the box: `*b` is the value)."""
    name = written.child_by_field_name("type") if written.type == "generic_type" else None
    return name is not None and name.text == b"Box"


def boxed(e: Expr) -> bool:
    """Whether `e` certainly holds a `Box` (pbpit erases it): a variable written `Box<..>`, a
    field written so, or a value of a `dyn` type (a parameter `f: Box<dyn Fn(f32) -> f32>`;
    a `dyn` value is boxed or behind a reference), so `*e` is no E0614."""
    written = None
    if isinstance(e, Local):
        written = getattr(e.binding, "written", None)
    elif isinstance(e, Field) and type(base := resolve(e.base.ty)) is StructT:
        index = base.item.field_index(e.name)
        types = field_types(base.item)
        written = types[index] if index is not None and index < len(types) else None
    if written is not None:
        return _boxed(written)
    ty = resolve(getattr(e, "ty", None))
    return type(ty) is DynT or (type(ty) is FnT and ty.trait != "")


def _no_impl(checker: Checker, pos: Pos, what: str, code: str, label: str | None) -> Unsupported:
    err = checker.fail(pos, rejects(what, code))
    if label is not None:
        err.label = label
    return err


def bit_operands(
    checker: Checker, op: str, left: Ty, right: Ty, pos: Pos, deferred: bool = False
) -> str:
    """What `left op right` is for a bit or shift operator (`op` may be `&=`...): "bits" (two
    integers of one type, `unify`'s to check), "shift" (any two integers) or "bool" (`&`, `|`,
    `^` of two bools); else rustc's error at the operator: E0277 when the left type has the
    operator for other right types (the integers, `bool`), E0369 (E0368 for `op=`) when it
    has none (E0277 too when the left type was not known at the operator: `deferred`)."""
    left, right = resolve(left), resolve(right)
    shown = f"no implementation for `{show(left)} {op} {show(right)}`"
    base = op.rstrip("=") if op not in ("<=", ">=") else op
    if is_int(left) or (left is BOOL and base in BITWISE):
        if is_int(left) and is_int(right):
            return "shift" if base in SHIFTS else "bits"
        if left is BOOL and right is BOOL:
            return "bool"
        raise _no_impl(checker, pos, shown, "E0277", shown)
    if deferred:
        raise _no_impl(checker, pos, shown, "E0277", shown)
    if op.endswith("=") and base != op:
        what = f"binary assignment operation `{op}` cannot be applied to type `{show(left)}`"
        raise _no_impl(checker, pos, what, "E0368", None)
    raise _no_impl(checker, pos, shown, "E0369", None)


def refuse_element_comparison(checker: Checker, left: Ty, right: Ty, pos: Pos) -> None:
    """`v == w` (or `assert_eq!(v, w)`) of a `Vec` or an array of one number type with one of
    another: rustc's E0277 (`f64: PartialEq<f32>` is not implemented). A `Vec` has several
    `PartialEq` impls, so the right side is not coerced to the left's type (E0308) as a
    number's is."""
    left, right = resolve(left), resolve(right)
    if not (type(left) is Wrap and type(right) is Wrap):
        return
    if left.kind not in ("Vec", "array") or right.kind not in ("Vec", "array"):
        return
    a, b = resolve(left.inner), resolve(right.inner)
    if not (is_number(a) and is_number(b)):
        return
    if is_int(a) == is_int(b) and (type(a) is not Named or type(b) is not Named or a is b):
        return
    label = f"no implementation for `{show(a)} == {show(b)}`"
    raise _no_impl(checker, pos, f"can't compare `{show(a)}` with `{show(b)}`", "E0277", label)


def refuse_mixed_assignment(checker: Checker, op: str, target: Ty, value: Ty, pos: Pos) -> None:
    """`x op= y` of an integer and a float: rustc's E0277 at the operator."""
    target, value = resolve(target), resolve(value)
    if op not in _NO_ASSIGN_IMPL or not is_number(target):
        return
    if not (is_number(value) or _other_value(value)):
        return
    if is_number(value) and is_int(target) == is_int(value):
        return
    shown = {"l": show(target), "r": show(value)}
    label = f"no implementation for `{shown['l']} {op}= {shown['r']}`"
    raise _no_impl(checker, pos, _NO_ASSIGN_IMPL[op].format(**shown), "E0277", label)


_NO_OP_ASSIGN = ("Vec", "Option", "array")  # (and a struct without the `impl`): rustc's E0368


def op_assign_without_impl(checker: Checker, e: Any, target: Ty) -> Unsupported:
    """`v -= w` of a type with no `op=` (not a number, not `bool`): rustc's E0368 for a struct
    without the `impl`, a `Vec`, an `Option`, an array; else outside the subset."""
    known = resolve(target)
    if type(known) is StructT or (type(known) is Wrap and known.kind in _NO_OP_ASSIGN):
        what = f"binary assignment operation `{e.op}=` cannot be applied to type `{show(known)}`"
        return checker.fail(e.pos, rejects(what, "E0368"))
    return checker.fail(e.pos, f"`{e.op}=` on `{show(target)}`")


def refuse_reference_range(checker: Checker, e: Any, lo: Ty) -> None:
    """`&0..10` is `(&0)..10`, a range of a reference and a value: rustc's E0308 at the end."""
    if e.lo is None or e.hi is None or e.lo.borrowed == e.hi.borrowed:
        return
    value = e.hi if e.lo.borrowed else e.lo
    if checker.owned(value):
        shown = show(resolve(lo))
        expected, found = (f"&{shown}", shown) if e.lo.borrowed else (shown, f"&{shown}")
        what = f"mismatched types: expected `{expected}`, found `{found}`"
        raise checker.fail(e.hi.borrow_pos or e.hi.pos, rejects(what, "E0308"))


def not_a_function(checker: Checker, e: Call, callee: Ty) -> Unsupported:
    """`x(3)` of a value that is no function: rustc's E0618 at what is called."""
    err = checker.fail(e.callee.pos, rejects(f"expected function, found `{show(callee)}`", "E0618"))
    if isinstance(e.callee, Local):
        err.end = (e.callee.pos[0], e.callee.pos[1] + len(e.callee.binding.name))
    return err


def refuse_struct_without_eq(checker: Checker, e: Binary, left: Ty) -> None:
    """`p == q` of a struct of the program that neither derives nor implements `PartialEq`:
    rustc's E0369 at the operator."""
    item = getattr(left, "item", None)
    if type(left) is not StructT or "PartialEq" in item.derives or "eq" in item.methods:
        return
    what = f"binary operation `{e.op}` cannot be applied to type `{show(left)}`"
    at = e.op_pos or e.pos
    err = _no_impl(checker, at, what, "E0369", None)
    err.end = (at[0], at[1] + len(e.op))
    raise err


def refuse_mixed_arithmetic(checker: Checker, e: Binary, left: Ty, right: Ty) -> None:
    """An integer and a float (`i32 + f32`): rustc's E0277 at the operator. (Two integers or two
    floats of different types are its E0308 at the right operand, as `unify` says.)"""
    if e.op not in _NO_IMPL:
        return
    shown = {"l": _shown(left), "r": _shown(right)}
    # no such operator at all for `bool`, `&str`, a `Vec`, an `Option`, an array, a tuple,
    # nor but `+` for `String`: E0369
    if (
        left in (BOOL, CHAR, STR, UNIT)
        or (left is STRING and e.op != "+")
        or type(left) is TupleT
        or (type(left) is Wrap and left.kind in ("Vec", "Option", "array"))
    ):
        label = None
        if e.op == "+" and left is STR and resolve(right) is STR:
            label = "`+` cannot be used to concatenate two `&str` strings"
        raise _no_impl(checker, e.op_pos or e.pos, _NO_IMPL[e.op].format(**shown), "E0369", label)
    if not is_number(left) or not (is_number(right) or _other_value(right)):
        return
    if is_number(right) and is_int(left) == is_int(right):
        return
    label = f"no implementation for `{shown['l']} {e.op} {shown['r']}`"
    raise _no_impl(checker, e.op_pos or e.pos, _NO_IMPL[e.op].format(**shown), "E0277", label)


_COMPARING = ("==", "!=", "<", ">", "<=", ">=")


def refuse_struct_reference_comparison(checker: Checker, e: Binary, left: Ty, right: Ty) -> None:
    """`&v == 2.0` (`v` a struct, the right side a number): `&V: PartialEq<{float}>` is not
    implemented, rustc's E0277 at the operator (where the left is a value, `v == 2.0`, its one
    `PartialEq<V>` makes it E0308 at the right side, as `unify` says)."""
    if type(left) is not StructT or not references.certainly_reference(e.left):
        return
    if not (is_number(right) or (type(right) is Var and right.kind is not None)):
        return
    a, b = f"&{show(left)}", show(right)
    label = f"no implementation for `{a} {e.op} {b}`"
    raise _no_impl(checker, e.op_pos or e.pos, f"can't compare `{a}` with `{b}`", "E0277", label)


def refuse_deferred_arithmetic(checker: Checker, e: Binary, left: Ty, right: Ty) -> None:
    """Two numbers of different types (`usize - u8`, `f64 - f32`) under an operator whose
    operand types were not known where it is written (`|n| n - 1u8`, `|p, q| p + q`): rustc
    had only the obligation `?T: Sub<u8>`, which fails once `?T` is known, its E0277 at the
    operator (E0308 where both types are known at the operator, as `unify` says)."""
    if e.op not in _NO_IMPL or type(left) is not Named or type(right) is not Named:
        return
    if left == right or not (is_number(left) and is_number(right)):
        return
    shown = {"l": _shown(left), "r": _shown(right)}
    label = f"no implementation for `{shown['l']} {e.op} {shown['r']}`"
    raise _no_impl(checker, e.op_pos or e.pos, _NO_IMPL[e.op].format(**shown), "E0277", label)


def refuse_deferred_comparison(checker: Checker, e: Binary, left: Ty, right: Ty) -> None:
    """Two numbers of types that differ (`{float}` and `{integer}`, `f32` and `u8`) compared
    where their types were not known (`|x| x < 3` given `2.5`): rustc's E0277 at the operator,
    its obligation `?T: PartialOrd<?U>` failing (E0308 where the types are known there)."""
    try:
        unify(left, right)  # (as `unify` after it would: the types are the same from here)
    except Mismatch:
        a, b = _shown(left), _shown(right)
        label = f"no implementation for `{a} {e.op} {b}`"
        if e.op not in ("==", "!="):
            flipped = {"<": ">", ">": "<", "<=": ">=", ">=": "<="}[e.op]
            label += f" and `{a} {flipped} {b}`"
        raise _no_impl(
            checker, e.op_pos or e.pos, f"can't compare `{a}` with `{b}`", "E0277", label
        ) from None


def _shown(ty: Ty) -> str:
    return "&str" if ty is STR else show(ty)  # (a string literal's type, as rustc words it)


def _other_value(ty: Ty) -> bool:
    """A known type that is no number and no tensor (a number's operator has no impl for it)."""
    ty = resolve(ty)
    return ty in (BOOL, STR, STRING) or type(ty) in (Wrap, TupleT, StructT)


def _user_value(e: Method) -> bool:
    """Whether `e` calls a method of the program's own whose written result is certainly a
    value: one of its structs (`-> Self`, `-> Dev`), a number, `bool`, `String` (not a type
    parameter, which a call may fill with a reference)."""
    if e.user is None or not e.user.ret_owned:
        return False
    ret = resolve(e.user.ret)
    return type(ret) is StructT or is_number(ret) or ret in (BOOL, STRING)


class OperatorRules:
    """Operators and casts (a part of `Checker`)."""

    def c_Binary(self, e: Binary) -> Ty:  # noqa: N802
        op = e.op
        lt, rt = self.expr(e.left), self.expr(e.right)
        user = op_traits.binary(self, e, lt, rt)  # `a + b` of a struct's `impl Add`
        if user is not None:
            return user
        if op in ("+", "-", "*", "/") and type(resolve(lt)) is TensorT and rank_open(e.right, rt):
            # rustc: `x + b.unsqueeze()` takes `Add<Self>`, so the rank is the left tensor's.
            self.unify(lt, rt, e.right.pos)
        if op in ("&&", "||"):
            self.unify(BOOL, lt, e.left.pos)
            self.unify(BOOL, rt, e.right.pos)
            e.kind = "logic"
            return BOOL
        if op in (*BITWISE, *SHIFTS) and is_float(self.known(lt)):
            # `p & q` with `p: f32`: a float has no bit operator for any right type, rustc's
            # E0369 at the operator, whether or not `q`'s type is known yet
            return self.binary_type(e, lt, rt)
        if op in _COMPARING and (is_open(self.known(lt)) or is_open(self.known(rt))):
            # `|x, y| x > y` before a call gives `x` its type: rustc's `?T: PartialOrd<?U>`,
            # a `bool` whatever the types, which are checked once known (two types not known
            # at all are made one there, as rustc does: `mul(0.1f32, 3u8)` is then E0308)
            if all(type(t) is Var and t.kind is None for t in (resolve(lt), resolve(rt))):
                self.unify(lt, rt, e.right.pos)
            self.pending.append(PendingOp(e, lt, rt, BOOL))
            e.kind = "cmp"
            return BOOL
        if op in (*ARITHMETIC, *BITWISE, *SHIFTS) and (
            is_open(self.known(lt)) or is_open(self.known(rt))
        ):
            # rustc: `<?T as Mul<{float}>>::Output`, known once the operand types are.
            result: Ty = Var()
            self.pending.append(PendingOp(e, lt, rt, result))
            e.kind = "num"
            return result
        return self.binary_type(e, lt, rt)

    def binary_type(self, e: Binary, lt: Ty, rt: Ty, deferred: bool = False) -> Ty:
        """The type of `left op right` (not `&&`, `||`) once the operand types are known
        (`deferred`: they were not at the operator, rustc's obligation fails with E0277)."""
        op = e.op
        left, right = resolve(lt), resolve(rt)
        if type(left) is ParamT and left.std is not None:  # `a < b` of `T: PartialOrd`
            return std_generics.binary(self, e, lt, rt)
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
        if op in BITWISE or op in SHIFTS:
            e.kind = bit_operands(self, op, left, right, e.op_pos or e.pos, deferred)
            if e.kind == "bits":
                self.unify(lt, rt, e.right.pos)
            return lt
        if op in ("==", "!=") and left in (STR, STRING) and right in (STR, STRING):
            e.kind = "eq"
            return BOOL
        # rustfix: `String + &str`, `Vec == [T; N]` and `<` on ordered non-numbers (ordering.py).
        if op == "+" and left is STRING and (right is STR or right is STRING and e.right.borrowed):
            if references.certainly_reference(e.left):  # `&s + "y"`: no `Add` for `&String`
                what = f"cannot add `{'&String' if right is STRING else '&str'}` to `&String`"
                label = "`+` cannot be used to concatenate two `&str` strings"
                raise _no_impl(self, e.op_pos or e.pos, what, "E0369", label)
            e.kind = "concat"
            return STRING
        if op in ("==", "!="):
            refuse_struct_without_eq(self, e, left)  # E0369: no `PartialEq` for `P`
            refuse_element_comparison(self, left, right, e.op_pos or e.pos)
            refuse_struct_reference_comparison(self, e, left, right)  # `&v == 2.0`
        if op in ("==", "!=") and (element := vec_eq_array(left, right)) is not None:
            self.unify(left.inner, element, e.right.pos)  # type: ignore[attr-defined]
            e.kind = "eq"
            return BOOL
        if deferred and op in _COMPARING and is_number(left) and is_number(right):
            refuse_deferred_comparison(self, e, left, right)  # `|x| x < 3` given `2.5`
        if op in ("==", "!=", "<", ">", "<=", ">="):
            self.refuse_reference_against_value(e, left, right)  # `x > 100` of `&i32`
        refuse_mixed_arithmetic(self, e, left, right)
        if deferred:  # `|n| n - 1u8` given a `usize`: `?T: Sub<u8>` fails, not a mismatch
            refuse_deferred_arithmetic(self, e, left, right)
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
            if op == "+" and operand is STRING and self.owned(e.right):  # `a + b` of two `String`s
                raise self.fail(e.right.pos, rejects("mismatched types", "E0308"))
            raise self.fail(e.pos, f"cannot apply `{op}` to `{show(operand)}`")
        if op in ("<", ">", "<=", ">="):
            e.kind = "cmp"
            return BOOL
        e.kind = "num"
        return lt

    def refuse_reference_against_value(self, e: Binary, left: Ty, right: Ty) -> None:
        """A number behind a reference certainly (`x` of `for x in v.iter()`, `x: &i32`) compared
        with a number certainly a value: `x > 100` is rustc's E0308 at the value (`PartialOrd`
        takes the right side as the left's type), `x == 100` and `100 < x` its E0277 (no
        `PartialEq<{integer}>` for `&{integer}`), but `a < x` of a typed `a` (`a: i32`) E0308 at
        `x` again (one impl, `PartialOrd<i32>`). pbpit erases references, so it would run."""
        if not (is_number(left) and is_number(right)):
            return
        ref_left = references.certainly_reference(e.left) and self.owned(e.right)
        ref_right = references.certainly_reference(e.right) and self.owned(e.left)
        if ref_left and e.op in ("<", ">", "<=", ">="):
            found = f"mismatched types: expected `&{show(left)}`, found `{show(right)}`"
            raise self.fail(e.right.pos, found)
        if not (ref_left or ref_right):
            return
        if ref_right and type(left) is Named:  # `a > r`, `a == r` of `a: f64`: only
            found = f"mismatched types: expected `{show(left)}`, found `&{show(right)}`"
            raise self.fail(e.right.pos, found)  # `PartialOrd<f64>` for `f64`: E0308
        a = f"&{show(left)}" if ref_left else show(left)
        b = f"&{show(right)}" if ref_right else show(right)
        if ref_right and type(left) is Var and type(right) is Named:
            a = show(right)  # (rustc: `100 == x` of `x: &i32` is `i32` with `&i32`)
        label = f"no implementation for `{a} {e.op} {b}`"
        if e.op not in ("==", "!="):
            flipped = {"<": ">", ">": "<", "<=": ">=", ">=": "<="}[e.op]
            label += f" and `{a} {flipped} {b}`"
        raise _no_impl(self, e.op_pos or e.pos, f"can't compare `{a}` with `{b}`", "E0277", label)

    def c_Unary(self, e: Unary) -> Ty:  # noqa: N802
        found = self.expr(e.operand)
        t = self.known(found)
        user = op_traits.unary(self, e, t)  # `-a` of a struct's `impl Neg`
        if user is not None:
            return user
        if e.op == "*":
            if self.owned(e.operand) and not derefs(t) and not boxed(e.operand):
                what = rejects(f"type `{show(t)}` cannot be dereferenced", "E0614")
                raise self.fail(e.pos, what)
            return found
        if e.op == "!":
            if is_int(t):  # bitwise not
                return found
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

    def owned_or_never(self, e: Expr) -> bool:
        """`owned`, or a branch that never gives a value (`panic!`, `return`, `continue`)."""
        return self.owned(e) or (getattr(e, "ty", None) is not None and resolve(e.ty) is NEVER)

    def owned(self, e: Expr) -> bool:
        """Whether `e` is certainly not a reference. References are erased (`&x` is `x`,
        marked borrowed), so this knows only values made here: literals, operators' results,
        casts, constructors, what tensor and number methods return, and the variables given
        them or annotated with a type that is not a reference."""
        if e.borrowed:
            return False
        if isinstance(e, Lit):
            return e.kind != "str"
        if isinstance(e, Cast) and e.operand.borrowed:  # `&s as &dyn Layer`: a reference
            return False
        if isinstance(
            e, Binary | Cast | Static | ArrayLit | ArrayRepeat | SomeLit | Format | StructLit
        ) or isinstance(e, TupleLit):
            return True
        if isinstance(e, Unary):
            return e.op != "*"
        if isinstance(e, Local):
            return e.binding.owned
        if isinstance(e, Index):  # `xs[0]` of `xs: &[i64]`, `let v: Vec<String>`
            return element_values.indexed_value(e)
        if isinstance(e, Block):  # `{ ..; format!(..) }`
            return e.tail is not None and self.owned_or_never(e.tail)
        if isinstance(e, If | IfLet):  # `if c { String::new() } else { format!(..) }`
            return e.els is not None and self.owned_or_never(e.then) and self.owned_or_never(e.els)
        if isinstance(e, Match):  # `match n { 0 => format!(..), _ => String::from("x") }`
            return bool(e.arms) and all(self.owned_or_never(arm.body) for arm in e.arms)
        if isinstance(e, Field) and isinstance(e.base, Local) and e.name.isdigit():
            if getattr(e.base.binding, references.ELEMENT_OF_VALUES, False):
                return True  # `b.1` of `v.sort_by(|a, b| ..)`, `v` given `vec![(3, 0.25)]`
            elems = getattr(e.base.binding, "tuple_elems", None)  # `let a = (1, 1.5);`: `a.1`
            if elems is not None and not e.base.borrowed:
                return int(e.name) < len(elems) and self.owned(elems[int(e.name)])
            if tuple_results.part_is_value(e.base, int(e.name)):  # `let (loss, g) = f(&p);`
                return True
        if isinstance(e, Field):  # `p.x` of a field written as a value type (`x: f32`)
            base = resolve(e.base.ty)
            if type(base) is not StructT:
                return False
            index = base.item.field_index(e.name)
            written = field_types(base.item)
            return index is not None and index < len(written) and plainly_value(written[index])
        if isinstance(e, Call):
            return isinstance(e.callee, FnItem) and e.callee.ret_owned
        if isinstance(e, Method):
            recv = resolve(e.recv.ty)
            # `Ord::max` on a `&i32` returns a `&i32`; `f32::max` takes and returns values.
            return (
                type(recv) is TensorT
                or e.name in _OWNED_RESULTS
                or std_errors.is_value(e)  # `s.parse::<u32>().unwrap_err()`: a `ParseIntError`
                or (e.name in ("max", "min") and is_float(recv))
                or (e.name == "clone" and self.owned(e.recv))  # `s.clone()` of a `String`
                or _user_value(e)  # `Dev::flex().autodiff()` of `fn autodiff(self) -> Dev`
                or cloned_options.unwrapped_clone(e)  # `o.as_ref().map(|b| b.clone()).unwrap()`
                or element_values.cloned_element(e)  # `vs[0].clone()` of `vs: &[Version]`
            )
        return False

    def c_Cast(self, e: Cast) -> Ty:  # noqa: N802
        coerced = dyn_casts.checked(self, e)  # `Box::new(E) as Box<dyn Error>`
        if coerced is not None:
            return coerced
        target = resolve(e.target)
        source = self.known(self.expr(e.operand))
        self.cast_hint(e.operand, target)
        if not is_number(target) and target is not CHAR:
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
        if enum_casts.allowed(self, e):  # `Label::Cat as u8`
            return
        scalar = is_number(source) or source in (BOOL, CHAR)
        if scalar and references.certainly_reference(e.operand):
            # `x as u32` of `x: &u32` (an item of `v.iter()`), `&n as i64`
            what = f"casting `&{show(source)}` as `{show(target)}` is invalid"
            raise self.fail(e.pos, rejects(what, "E0606"))
        if target is CHAR and source is not NAMED["u8"] and (is_number(source) or source is BOOL):
            what = f"only `u8` can be cast as `char`, not `{show(source)}`"
            raise self.fail(e.pos, rejects(what, "E0604"))
        if source is CHAR and is_float(target):
            what = f"casting `char` as `{show(target)}` is invalid"
            raise self.fail(e.pos, rejects(what, "E0606"))
        if type(source) in (Wrap, StructT, TupleT, TensorT) or source is STRING:  # `v as f64`
            what = f"non-primitive cast: `{show(source)}` as `{show(target)}`"
            raise self.fail(e.pos, rejects(what, "E0605"))
        if not (is_number(source) or source in (BOOL, CHAR)):
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
            elif operand.kind == "int" and target is CHAR:  # `97 as char`: a u8 literal
                self.unify(NAMED["u8"], operand.ty, operand.pos)
