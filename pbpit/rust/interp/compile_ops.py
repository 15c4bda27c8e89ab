"""Compiling operators: f32/f64 arithmetic rounded as Rust's, integer arithmetic that panics on
overflow as a debug build, tensor operators through the engine, unary operators, `as` casts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbpit.engine.int_tensor import IntTensor
from pbpit.engine.tensor import Tensor
from pbpit.rust.interp import core_panics, dyn_casts, enum_casts, op_traits, references
from pbpit.rust.interp.nodes import (
    Binary,
    Cast,
    Lit,
    Pos,
    Unary,
)
from pbpit.rust.interp.numbers import (
    cast,
    checked,
    f32,
    fdiv,
    frem,
    int_div,
    int_rem,
)
from pbpit.rust.interp.ordering import comparison
from pbpit.rust.interp.runtime import (
    Code,
    comparable,
    engine_scalar,
    rust_eq,
)
from pbpit.rust.interp.types import (
    FLOAT_NAMES,
    INT_RANGES,
    Named,
    TensorT,
    Ty,
    resolve,
    show,
)


class OperatorCompiler:
    """Operators and casts (a part of `Compiler`)."""

    # -- operators --------------------------------------------------------------------------------

    def arithmetic(self, op: str, ty: Ty, pos: Pos) -> Callable[[Any, Any], Any]:
        name = resolve(ty).name  # type: ignore[attr-defined]
        if name == "f32":
            return {
                "+": lambda a, b: f32(a + b),
                "-": lambda a, b: f32(a - b),
                "*": lambda a, b: f32(a * b),
                "/": lambda a, b: f32(fdiv(a, b)),
                "%": frem,
            }[op]
        if name == "f64":
            return {
                "+": lambda a, b: a + b,
                "-": lambda a, b: a - b,
                "*": lambda a, b: a * b,
                "/": fdiv,
                "%": frem,
            }[op]
        if name == "bool":  # `&`, `|`, `^` of two bools: both sides evaluated
            return {"&": bool.__and__, "|": bool.__or__, "^": bool.__xor__}[op]
        lo, hi = INT_RANGES[name]
        if op in ("&", "|", "^"):  # in range for in-range operands (two's complement)
            return {"&": int.__and__, "|": int.__or__, "^": int.__xor__}[op]
        if op in ("<<", ">>"):
            return self.shift(op, lo, hi, pos)
        if op == "/":
            return self.panicking(lambda a, b: int_div(a, b, lo, hi), pos)
        if op == "%":
            return self.panicking(lambda a, b: int_rem(a, b, lo, hi), pos)
        site = self.panic_site(pos)
        what = {"+": "add", "-": "subtract", "*": "multiply"}[op]
        combine = {"+": int.__add__, "-": int.__sub__, "*": int.__mul__}[op]

        def int_op(a: int, b: int) -> int:
            value = combine(a, b)
            if value < lo or value > hi:
                raise site.panic(f"attempt to {what} with overflow")
            return value

        return int_op

    def shift(self, op: str, lo: int, hi: int, pos: Pos) -> Callable[[int, int], int]:
        """`a << b`, `a >> b` as a debug build: a panic when `b` is not below the type's width,
        the bits shifted past the width dropped (`<<` wraps), `>>` arithmetic when signed."""
        bits = (hi - lo).bit_length()
        site = self.panic_site(pos)
        what = "left" if op == "<<" else "right"

        def shifted(a: int, b: int) -> int:
            if not 0 <= b < bits:
                raise site.panic(f"attempt to shift {what} with overflow")
            if op == ">>":
                return a >> b
            value = (a << b) & ((1 << bits) - 1)
            return value - (1 << bits) if value > hi else value

        return shifted

    def c_Binary(self, e: Binary) -> Code:  # noqa: N802
        left, right = self.expr(e.left), self.expr(e.right)
        op, kind = e.op, e.kind
        if kind == "user":  # a struct's `impl Add` (op_traits.py)
            return op_traits.call(self, e.user, [left, right])
        if kind == "logic":
            if op == "&&":
                return lambda frame: left(frame) and right(frame)
            return lambda frame: left(frame) or right(frame)
        if kind == "eq":
            if not comparable(e.left.ty):
                raise self.fail(e.pos, f"`{op}` on `{show(e.left.ty)}`")
            if type(resolve(e.left.ty)) is Named:
                if op == "==":
                    return lambda frame: left(frame) == right(frame)
                return lambda frame: left(frame) != right(frame)
            if op == "==":
                return lambda frame: rust_eq(left(frame), right(frame))
            return lambda frame: not rust_eq(left(frame), right(frame))
        if kind == "cmp":
            compare = {
                "<": lambda a, b: a < b,
                ">": lambda a, b: a > b,
                "<=": lambda a, b: a <= b,
                ">=": lambda a, b: a >= b,
            }[op]
            return lambda frame: compare(left(frame), right(frame))
        if kind == "order":  # rustfix: `PartialOrd` of str, Option, Vec, arrays (ordering.py)
            ordered = comparison(op)
            return lambda frame: ordered(left(frame), right(frame))
        if kind == "concat":  # rustfix: `String + &str`
            return lambda frame: left(frame) + right(frame)
        if kind in ("num", "bits", "shift", "bool"):
            arith = self.arithmetic(op, e.ty, e.pos)
            if kind == "shift" and references.certainly_reference(e.left):  # `x << 100`, `&i32`
                arith = core_panics.shift_of_reference(op, arith)
            return lambda frame: arith(left(frame), right(frame))
        return self.tensor_binary(e, left, right)

    def tensor_binary(self, e: Binary, left: Code, right: Code) -> Code:
        op, kind = e.op, e.kind
        name = {"+": "add", "-": "sub", "*": "mul", "/": "div"}[op]
        engine = self.engine(e.pos)
        if resolve(e.ty).kind == "Int":  # type: ignore[attr-defined]  # Burn's Numeric Int ops
            method = getattr(IntTensor, name if kind == "tensor" else name + "_scalar")
            return lambda frame: engine(method, left(frame), right(frame))
        if kind == "tensor":
            method = getattr(Tensor, name)
            return lambda frame: engine(method, left(frame), right(frame))
        if kind == "tensor-scalar":
            method = getattr(Tensor, name + "_scalar")
            to_scalar = engine_scalar(e.right.ty)
            return lambda frame: engine(method, left(frame), to_scalar(right(frame)))
        scalar_ty = resolve(e.left.ty).name  # type: ignore[attr-defined]
        allowed = ("f32", "f64") if op == "/" else ("f32", "f64", "i32", "i64", "u32", "u64")
        if scalar_ty not in allowed:
            raise self.fail(e.pos, f"cannot apply `{op}` to `{scalar_ty}` and a tensor")
        to_scalar = engine_scalar(e.left.ty)
        # As Burn implements `c + x`, `c * x`, `c - x`, `c / x` (the last two: two ops).
        scalar_first: dict[str, Callable[[Tensor, float], Tensor]] = {
            "+": Tensor.add_scalar,
            "*": Tensor.mul_scalar,
            "-": lambda t, c: t.neg().add_scalar(c),
            "/": lambda t, c: t.recip().mul_scalar(c),
        }
        method = scalar_first[op]

        def scalar_tensor(frame: list) -> Tensor:
            scalar = to_scalar(left(frame))
            return engine(method, right(frame), scalar)

        return scalar_tensor

    def c_Unary(self, e: Unary) -> Code:  # noqa: N802
        if e.op == "*":
            return self.expr(e.operand)
        if getattr(e, "user", None) is not None:  # a struct's `impl Neg` (op_traits.py)
            return op_traits.call(self, e.user, [self.expr(e.operand)])
        if e.op == "!":
            operand = self.expr(e.operand)
            name = getattr(resolve(e.ty), "name", "")
            if name in INT_RANGES:  # bitwise not: `-1 - x` in two's complement
                lo, hi = INT_RANGES[name]
                if lo == 0:
                    return lambda frame: hi - operand(frame)
                return lambda frame: ~operand(frame)
            return lambda frame: not operand(frame)
        ty = resolve(e.ty)
        if type(ty) is TensorT:
            operand = self.expr(e.operand)
            engine = self.engine(e.pos)
            neg = IntTensor.neg if ty.kind == "Int" else Tensor.neg
            return lambda frame: engine(neg, operand(frame))
        name = ty.name  # type: ignore[attr-defined]
        if isinstance(e.operand, Lit) and e.operand.kind in ("int", "float"):
            if name in INT_RANGES and INT_RANGES[name][0] == 0:
                raise self.fail(e.pos, f"cannot apply unary operator `-` to type `{name}`")
            value = self.literal(e.operand, negate=True)
            return lambda frame: value
        operand = self.expr(e.operand)
        if name in FLOAT_NAMES:
            return lambda frame: -operand(frame)
        lo, hi = INT_RANGES[name]
        if lo == 0:
            raise self.fail(e.pos, f"cannot apply unary operator `-` to type `{name}`")
        negate = self.panicking(lambda a: checked(-a, lo, hi, "negate"), e.pos)
        return lambda frame: negate(operand(frame))

    def c_Cast(self, e: Cast) -> Code:  # noqa: N802
        operand = self.expr(e.operand)
        enum = enum_casts.compiled(e, operand)  # `Label::Cat as u8`: its discriminant
        if enum is not None:
            return enum
        if dyn_casts.compiled(e, operand) is not None:  # `Box::new(E) as Box<dyn Error>`
            return operand
        source = resolve(e.operand.ty).name  # type: ignore[attr-defined]
        target = resolve(e.ty).name  # type: ignore[attr-defined]
        if source == target:
            return operand
        if target == "char":  # from a u8 only (the checker's E0604)
            return lambda frame: chr(operand(frame))
        if source == "char":  # its code point, as a u32 is cast
            return lambda frame: cast(ord(operand(frame)), "u32", target)
        return lambda frame: cast(operand(frame), source, target)
