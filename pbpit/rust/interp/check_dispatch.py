"""The checker's rules for traits used for dispatch: bounded type parameters, `dyn Trait`,
`Box::new`, function values, associated consts and functions."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import burn_nn, iterators, prim_impls, results, traits
from pbpit.rust.interp.builtins import DYN, DYN_AS_REF
from pbpit.rust.interp.check_tables import (
    start_of,
)
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import (
    Call,
    Expr,
    FnItem,
    Method,
)
from pbpit.rust.interp.numbers import (
    FLOAT_METHODS,
)
from pbpit.rust.interp.types import (
    NAMED,
    DynT,
    FnT,
    ParamT,
    StructT,
    Ty,
    Var,
    implements,
    resolve,
    show,
)
from pbpit.rust.interp.value_slots import refuse_borrowed_arguments


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
            if results.boxed_error(self, target, inner, e):
                continue  # `let e: Box<dyn Error> = Box::new(MyErr ..)` (results.py)
            if type(target) is DynT and e.value.borrowed:  # `Box::new(&c)`: `&Circle`
                name, shown = target.trait.name, f"&{show(inner)}"
                err = self.fail(
                    e.pos, rejects(f"the trait bound `{shown}: {name}` is not satisfied", "E0277")
                )
                err.label = f"the trait `{name}` is not implemented for `{shown}`"
                raise err
            if type(target) is DynT:
                self.unify(target, inner, e.pos, e.pos)
            else:
                self.unify(var, inner, e.pos)
        self.boxes = []
        for ty, param, at in self.bounds:
            if param.module and not burn_nn.is_module(ty):
                what = f"the trait bound `{show(ty)}: AutodiffModule<B>` is not satisfied"
                err = self.fail(start_of(at), rejects(what))
                err.label = "a `#[derive(Module)]` struct or a `Linear` is one"
                raise err
            for trait in param.bounds:
                if not implements(ty, trait):
                    self.unsatisfied(at, ty, trait)
        self.bounds = []

    def unsatisfied(self: Any, at: Expr, ty: Ty, trait: Any) -> None:
        if getattr(trait, traits.REFUSED_IMPL, False):
            return  # (the missing impl may be the one refused: `impl AsF64 for i32`)
        where = start_of(at)
        prim_impls.refuse_as_bound(self, ty, trait, where)  # `T: Scale` given an `f64`
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
        if e.name == "total_cmp":  # `fn(&f32, &f32) -> Ordering` (pbpit erases the references)
            return FnT([ty, ty], iterators.ORDERING)
        if e.name == "powf":
            return FnT([ty, ty], ty)
        return FnT([ty] * (FLOAT_METHODS[e.name][0] + 1), ty)

    def c_AssocConst(self: Any, e: traits.AssocConst) -> Ty:  # noqa: N802
        return traits.subst(e.trait.consts[e.name], {e.trait.self_param: e.param})

    def c_AssocCall(self: Any, e: traits.AssocCall) -> Ty:  # noqa: N802
        sig = e.trait.methods[e.name]
        mapping = {e.trait.self_param: e.param}
        self.arity(e, len(sig.param_tys))
        refuse_borrowed_arguments(self, sig, e.args)  # `T::new(&size)` of `new(size: f32)`
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
                recv_binding = getattr(e.recv, "binding", None)
                typed = recv_binding is not None and not getattr(recv_binding, "ref_unknown", 0)
                if sig.self_kind == "mut" and typed:  # `c.bump()` of `c: &dyn Counter`: E0596
                    self.mutable_receiver(e)
                e.impl = DYN
                mapping = {trait.self_param: recv}
                self.args(e, *[traits.subst(t, mapping) for t in sig.param_tys[1:]])
                traits.mark_cell_args(self, sig, e.args)  # `o.update(&mut w, g)`: `p: &mut f64`
                _refuse_borrowed_method_args(self, sig, e.args)  # `l.forward(&x)`: E0308
                return traits.subst(sig.ret, mapping)
            found.extend(t for t in trait.supertraits if t not in seen)
        module = type(recv) is ParamT and self.inner_modules.check_method(self, e, recv)
        if module:  # `model.valid()`, `M: AutodiffModule<B>`
            return module
        if e.name in ("as_ref", "as_mut") and type(recv) is DynT:  # `Box<dyn Shape>::as_ref`
            if e.name == "as_mut":  # `&mut dyn Shape`: the same struct, a `mut` receiver
                self.mutable_receiver(e)
                e.mut_borrow = True  # (the `&mut` a `&mut dyn` parameter takes)
            e.impl = DYN_AS_REF
            self.args(e)
            return recv
        what = (
            f"no method named `{e.name}` found for reference `&{show(recv)}` in the current "
            "scope"
        )
        err = self.fail(e.pos, rejects(what, "E0599"))
        err.label = f"method not found in `&{show(recv)}`"
        raise err


def _refuse_borrowed_method_args(checker: Any, sig: Any, args: list) -> None:
    """`l.forward(&x)` of a trait's `fn forward(&self, x: f32) -> f32` (through `dyn Layer` or
    `T: Layer`): a `&` given for a parameter written as a value type, rustc's E0308."""
    from pbpit.rust.interp.value_slots import plainly_value

    node = getattr(sig, "node", None)
    params = node.child_by_field_name("parameters") if node is not None else None
    written = [p.child_by_field_name("type") for p in getattr(params, "named_children", [])
               if p.type == "parameter"]
    for param, arg in zip(written, args, strict=False):
        if arg.borrowed and not arg.mut_borrow and plainly_value(param):
            shown = param.text.decode()
            raise checker.fail(
                arg.borrow_pos or arg.pos, f"mismatched types: expected `{shown}`, found `&{shown}`"
            )
        refuse_value_for_reference(checker, param, arg)  # `o.step(&g, &mut p)` swapped: E0308


def refuse_value_for_reference(checker: Any, param: Any, arg: Any) -> None:
    """A trait method's parameter written `&mut T` given `&x` or a value, or written `&T` given
    a value (`opt.step(p, &g)` of `fn step(&mut self, w: &mut Vec<f64>, g: &[f64])`): rustc's
    E0308 (pbpit erases references; where it cannot tell what the argument is, it lets it run)."""
    if param is None or param.type != "reference_type":
        return
    binding = getattr(arg, "binding", None)
    if binding is not None and (binding.mut_ref or getattr(binding, "ref_unknown", False)):
        return  # a `&mut` held (a reborrow), or a closure's or `for`'s parameter
    mutable = any(c.type == "mutable_specifier" for c in param.children)
    value = not arg.borrowed and checker.owned(arg)
    if (mutable and arg.borrowed and not arg.mut_borrow) or value:
        err = checker.fail(arg.borrow_pos or arg.pos, rejects("mismatched types", "E0308"))
        err.label = f"expected `{param.text.decode()}`"
        raise err
