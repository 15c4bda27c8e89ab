"""The checker's rules for control flow and the macros (a part of `Checker`): `if`, `if let`
and their branches, loops with their `break` values, `for` over what it iterates, `return`, and
the formatting, printing, `panic!` and `assert!` macros."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import (
    char_ranges,
    for_items,
    missing_else,
    ref_results,
    ref_values,
    references,
)
from pbpit.rust.interp.check_ops import refuse_element_comparison
from pbpit.rust.interp.check_rules import refuse_borrowed_iterator
from pbpit.rust.interp.check_tables import _ITER
from pbpit.rust.interp.escaping_closures import refuse_returned_borrow
from pbpit.rust.interp.nodes import (
    Assert,
    AssertEq,
    Block,
    Break,
    Continue,
    Expr,
    For,
    Format,
    If,
    IfLet,
    Loop,
    PanicMacro,
    Print,
    Return,
    While,
)
from pbpit.rust.interp.ordering import vec_eq_array
from pbpit.rust.interp.types import BOOL, NEVER, STR, STRING, UNIT, Ty, Var, Wrap, option, resolve


class ControlRules:
    """`Checker`'s control flow and macros."""

    def c_If(self: Any, e: If) -> Ty:  # noqa: N802
        self.unify(BOOL, self.expr(e.cond), e.cond.pos)
        if missing_else.judged(e):  # `let lr: f32 = if warmup { 0.01 };`: E0317
            return missing_else.checked(self, e)
        return self.branches(e.then, e.els)

    def c_IfLet(self: Any, e: IfLet) -> Ty:  # noqa: N802
        inner = Var()
        self.unify(option(inner), self.expr(e.value), e.value.pos)
        if e.binding is not None:
            e.binding.ty = inner
            ref_results.mark_if_let(self, e)  # `if let Some(m) = v.iter().max()`: `m` a `&T`
        return self.branches(e.then, e.els)

    def branches(self: Any, then: Block, els: Expr | None) -> Ty:
        then_ty = self.expr(then)
        if els is None:
            self.unify(UNIT, then_ty, then.tail.pos if then.tail is not None else then.pos)
            return UNIT
        else_ty = self.expr(els)
        self.unify(then_ty, else_ty, els.pos)
        ref_values.refuse_mixed(self, [then, els])  # `if c { &v[0] } else { 0 }`: E0308
        return else_ty if resolve(then_ty) is NEVER else then_ty

    def c_Loop(self: Any, e: Loop) -> Ty:  # noqa: N802
        e.break_ty = Var()
        e.break_values = []
        assert e.body is not None
        self.unify(UNIT, self.expr(e.body), e.body.pos)
        ref_values.refuse_mixed(self, e.break_values)  # `break (&i, l)` and `(0, l)`: E0308
        return e.break_ty if e.breaks else NEVER

    def c_While(self: Any, e: While) -> Ty:  # noqa: N802
        assert e.cond is not None and e.body is not None
        self.unify(BOOL, self.expr(e.cond), e.cond.pos)
        self.unify(UNIT, self.expr(e.body), e.body.pos)
        return UNIT

    def c_For(self: Any, e: For) -> Ty:  # noqa: N802
        assert e.iterable is not None and e.body is not None
        found = self.known(self.expr(e.iterable))
        refuse_borrowed_iterator(self, e.iterable, found)  # `for x in &(0..3)`
        if type(found) is Wrap and found.kind == "Range":
            char_ranges.unify_item(self, found.inner, e.iterable.pos)  # integers, or chars
            elem = found.inner
        elif type(found) is Wrap and found.kind in ("Vec", "array", _ITER):
            elem = found.inner
        else:  # a map, a struct's `impl Iterator` (for_items.py), or no iterator
            elem = for_items.item(self, e.iterable, found, e)
        if e.binding is not None:
            e.binding.ty = elem
            e.binding.owned = type(found) is Wrap and found.kind == "Range" or (
                references.items_are_values(e.iterable)  # `for e in errors` of a `Vec<Box<..>>`
            )
            if references.items_are_values(e.iterable):  # `(k, v)` of `for (k, v) in m`: values
                setattr(e.binding, references.ELEMENT_OF_VALUES, True)
        ref_values.refuse_ref_pattern(self, e)  # `for &x in 0..3`: E0308
        self.unify(UNIT, self.expr(e.body), e.body.pos)
        return UNIT

    def c_Break(self: Any, e: Break) -> Ty:  # noqa: N802
        value = self.expr(e.value) if e.value is not None else UNIT
        if isinstance(e.target, Loop):
            self.unify(e.target.break_ty, value, e.value.pos if e.value is not None else e.pos)
            e.target.break_values.append(e.value)
        return NEVER

    def c_Continue(self: Any, e: Continue) -> Ty:  # noqa: N802
        return NEVER

    def c_Return(self: Any, e: Return) -> Ty:  # noqa: N802
        value = self.expecting(e.value, self.rets[-1]) if e.value is not None else UNIT
        if e.value is not None and len(self.rets) == 1:
            refuse_returned_borrow(self, e.value, self.rets[-1])  # E0373
        self.unify(self.rets[-1], value, e.value.pos if e.value is not None else e.pos)
        return NEVER

    def c_Format(self: Any, e: Format) -> Ty:  # noqa: N802
        for arg in e.args:
            self.expr(arg)
        return STRING

    def c_Print(self: Any, e: Print) -> Ty:  # noqa: N802
        self.expr(e.fmt)
        return UNIT

    def c_PanicMacro(self: Any, e: PanicMacro) -> Ty:  # noqa: N802
        if e.fmt is not None:
            self.expr(e.fmt)
        return NEVER

    def c_Assert(self: Any, e: Assert) -> Ty:  # noqa: N802
        self.unify(BOOL, self.expr(e.cond), e.cond.pos)
        if e.fmt is not None:
            self.expr(e.fmt)
        return UNIT

    def c_AssertEq(self: Any, e: AssertEq) -> Ty:  # noqa: N802
        left, right = self.expr(e.left), self.expr(e.right)
        refuse_element_comparison(self, self.known(left), self.known(right), e.pos)
        # `String == &str` and back, as `==` (both print the same in Debug).
        if (element := vec_eq_array(left, right)) is not None:  # rustfix: `Vec == [T; N]`
            self.unify(resolve(left).inner, element, e.right.pos)  # type: ignore[attr-defined]
        elif not (resolve(left) in (STR, STRING) and resolve(right) in (STR, STRING)):
            self.unify(left, right, e.right.pos)
        if e.fmt is not None:
            self.expr(e.fmt)
        return UNIT
