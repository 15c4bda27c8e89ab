"""The checker's rules for the program's own types: structs, enums, tuples, their fields and
methods, `match` and its patterns."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import (
    burn_params,
    concrete_impls,
    error_types,
    field_privacy,
    generic_impls,
    generic_methods,
    match_coverage,
    match_mut_refs,
    match_values,
    op_traits,
    or_patterns,
    ref_results,
    ref_values,
    references,
    results,
    shapes,
    slice_patterns,
    std_cmp,
    std_reverse,
    struct_lifetimes,
)
from pbpit.rust.interp.builtins import CLONE, USER
from pbpit.rust.interp.check_rules import (
    refuse_aliasing,
    refuse_borrow_for_value,
    refuse_reference_for_method_value,
)
from pbpit.rust.interp.check_tables import (
    covers,
    is_open,
)
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import (
    Field,
    Local,
    Match,
    Method,
    Pat,
    StructLit,
    TupleLit,
)
from pbpit.rust.interp.traits import subst
from pbpit.rust.interp.types import (
    BOOL,
    CHAR,
    NEVER,
    UNIT,
    StructT,
    TupleT,
    Ty,
    Var,
    is_number,
    option,
    resolve,
    show,
)

# -- the program's own types: structs, their methods, tuples ---------------------------------------



def fresh(item: Any) -> StructT:
    """The type of a value of `item` made here: a new variable for each value parameter."""
    return StructT(item, tuple(Var() for _ in getattr(item, "params", ())))

class StructRules:
    """The checker's rules for structs, enums, tuples and `match` (a part of `Checker`)."""

    def c_Match(self: Any, e: Match) -> Ty:  # noqa: N802
        scrutinee = self.expr(e.value)
        result: Ty | None = None
        ref_results.mark_some_bindings(self, e)  # `Some(m)` of `v.iter().max()`: `m` a `&T`
        for arm in e.arms:
            self.pattern(arm.pat, scrutinee)
            match_values.mark(e.value, arm.pat)  # `Some(b)` of `best: Option<Checkpoint>`
            if arm.guard is not None:
                self.unify(BOOL, self.expr(arm.guard), arm.guard.pos)
            found = self.expr(arm.body)
            if resolve(found) is NEVER:
                continue
            if result is None:
                result = found
            else:
                self.unify(result, found, arm.body.pos)
        ref_values.refuse_mixed(self, [a.body for a in e.arms])  # `0 => &v[0], _ => 0`: E0308
        if not e.if_let and not covers([a.pat for a in e.arms if a.guard is None], scrutinee):
            match_coverage.refuse(self, e, scrutinee)  # a variant no arm names: E0004
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
            if kind == "range" and not (is_number(ty) or is_open(ty) or resolve(ty) is CHAR):
                raise self.fail(p.pos, f"a range pattern on `{show(ty)}`")
            return
        if kind == "or":  # a name's type the same in each alternative (or_patterns.py)
            or_patterns.check(self, p, ty)
            return
        if kind == "slice":  # `[first, .., last]` (slice_patterns.py)
            slice_patterns.check(self, p, ty)
            return
        if kind in ("ok", "err"):  # `Ok(p)`, `Err(p)` (results.py)
            self.pattern(p.subs[0], results.pattern_type(self, p, ty))
            return
        if kind == "reverse":  # `Reverse(p)` (std_reverse.py)
            std_reverse.check_pattern(self, p, ty)
            return
        if kind in ("some", "none"):
            inner: Ty = Var()
            self.unify(option(inner), ty, p.pos)
            for sub in p.subs:
                self.pattern(sub, inner)
            return
        if kind == "tuple" and not p.subs:  # `()`, as in `Ok(()) =>`
            self.unify(UNIT, ty, p.pos)
            return
        if kind == "tuple":
            elems = [Var() for _ in p.subs]
            self.unify(TupleT(elems), ty, p.pos)  # type: ignore[arg-type]
            for sub, elem in zip(p.subs, elems, strict=True):
                self.pattern(sub, elem)
            return
        assert kind == "variant" and p.item is not None
        made = fresh(p.item.owner)
        self.unify(made, ty, p.pos)
        for sub, (_, field_ty) in zip(p.subs, p.item.fields, strict=True):
            self.pattern(sub, subst(field_ty, made.mapping()))

    def c_StructLit(self: Any, e: StructLit) -> Ty:  # noqa: N802
        fields = e.item.fields
        made = fresh(e.item.owner)  # `Stack { items: vec![] }`: each value parameter inferred
        mapping = made.mapping()
        order = e.order if e.order is not None else range(len(e.values))
        for value, index in zip(e.values, order, strict=True):
            field = subst(fields[index][1], mapping)
            # (a field written `Box<dyn Fn(f32) -> f32>` types its closure's parameter first)
            # (`d: it.collect()` of other items: E0277 at `collect`, as a `let` written `Vec<T>`)
            self.unify_collected(field, self.expecting(value, field), value)
            struct_lifetimes.refuse_value_for_reference_field(self, e.item, index, value)
            ref_results.refuse_reference_field(self, e.item, index, value)  # `best: m` of `&i32`
        return made

    def c_TupleLit(self: Any, e: TupleLit) -> Ty:  # noqa: N802
        return TupleT([self.expr(x) for x in e.elems])

    def c_Field(self: Any, e: Field) -> Ty:  # noqa: N802
        base = self.known(self.expr(e.base))
        if type(base) is StructT:
            index = base.item.field_index(e.name)
            if index is not None:
                e.index = index
                field_privacy.refuse_private(self, e, base.item, index)  # E0616 outside its mod
                return subst(base.item.fields[index][1], base.mapping())
        elif type(base) is TupleT and e.name.isdigit() and int(e.name) < len(base.elems):
            e.index = int(e.name)
            return base.elems[e.index]
        elif type(base) is Var and base.kind is None:  # (`{float}` has no fields: below)
            raise self.fail(e.pos, "type annotations needed")
        elif base is NEVER:  # `let (a, b) = loop { .. };` with no `break`: rustc's E0282
            raise self.fail(e.pos, rejects("type annotations needed", "E0282"))
        elif base is shapes.SHAPE:  # `shape.dims`: private in Burn 0.22 (shapes.py)
            raise shapes.private_field(self, e)
        elif burn_params.field_type(base, e.name) is not None:  # `param.id`: a `ParamId`
            e.index = 0  # (`nn.Param.fields`)
            return burn_params.field_type(base, e.name)
        elif std_reverse.field_type(base, e) is not None:  # `r.0` of a `Reverse<T>`
            return std_reverse.field_type(base, e)
        if (is_number(base) or base in (BOOL, CHAR)) and references.certainly_reference(e.base):
            what = f"no field `{e.name}` on type `&{show(base)}`"  # (a reference: not E0610)
            raise self.fail(e.pos, rejects(what, "E0609"))
        if is_number(base) or base in (BOOL, CHAR):  # rustc's E0610 for a primitive type
            what = f"`{show(base)}` is a primitive type and therefore doesn't have fields"
            # (E0609 of `&i32` where the value may be a reference pbpit erased: no code)
            raise self.fail(e.pos, rejects(what, "E0610" if self.owned(e.base) else None))
        what = f"no field `{e.name}` on type `{show(base)}`"
        raise self.fail(e.pos, rejects(what, "E0609"))

    def user_method(self: Any, e: Method, recv: StructT) -> Ty:
        item = recv.item
        fn = item.methods.get(e.name)
        if fn is None and e.name == "clone" and "Clone" in item.derives:
            e.impl = CLONE
            self.args(e)
            return recv
        if fn is None:  # `a.cmp(&b)` of `#[derive(Ord)]` (std_cmp.py)
            derived = std_cmp.derived_method(self, e, recv)
            if derived is not None:
                return derived
        if fn is None:  # `a.add(b)` with `use std::ops::Add;` (op_traits.py)
            fn = op_traits.method(self, e, item)
        if fn is None and e.name == "to_string" and error_types.displayed(item):
            return error_types.TO_STRING.types(self, e, recv)  # std's `impl<T: Display> ToString`
        if fn is None or not fn.self_kind:
            what = f"no method named `{e.name}` found for struct `{item.name}` in the current scope"
            raise self.fail(e.pos, rejects(what, "E0599"))
        field_privacy.refuse_private_method(self, e, fn)  # `s.bump()` outside its mod: E0624
        concrete_impls.refuse_other_args(self, e, fn, recv)  # `impl Ring<f32>`'s on a `Ring<i32>`
        if e.targs:
            raise self.fail(e.pos, f"type arguments on `{e.name}`")
        e.impl, e.user = USER, fn
        mapping = recv.mapping()  # `Stack<f32>`'s `T` is `f32` (a generic struct's method)
        mapping.update(generic_impls.receiver_mapping(fn, recv))  # `impl<T: Default> Acc<T>`
        own = generic_methods.own_params(fn, mapping)  # `fn fit<M: AutodiffModule>(&mut self, ..)`
        self.args(e, *(subst(t, mapping) for t in fn.param_tys[1:]))
        generic_methods.check_bounds(self, e, fn, own, mapping)
        generic_methods.refuse_static_calls(self, e, fn, own)
        for i, arg in enumerate(e.args, start=1):
            refuse_borrow_for_value(self, fn, i, arg)
        refuse_reference_for_method_value(self, fn, e.args)  # `l.forward(x)`, `x: &Tn`: E0308
        refuse_aliasing(self, e.args)
        ref_results.refuse_self_moved_out(self, e, fn, recv)  # `r.into_v()` of `r: &S`: E0507
        if fn.self_kind == "mut":
            root, fields = e.recv, []
            while isinstance(root, Field):
                fields.append(root.name)
                root = root.base
            lent = match_mut_refs.lends_in_place(root)  # `h.add(3)` of `match slot { F(h) =>`
            mutable = isinstance(root, Local) and (root.binding.mutable or root.binding.mut_ref)
            if isinstance(root, Local) and not (mutable or lent):
                name = root.binding.name
                what = f"cannot borrow `{name}` as mutable, as it is not declared as mutable"
                label = "cannot borrow as mutable"
                place = name  # rustc's span: the variable, or `self.inner` (the place borrowed)
                if name == "self":
                    place = ".".join(["self", *reversed(fields)])
                    shown = "*self" if not fields else place
                    what = f"cannot borrow `{shown}` as mutable, as it is behind a `&` reference"
                    label = "`self` is a `&` reference, so it cannot be borrowed as mutable"
                err = self.fail(root.pos, rejects(what, "E0596"))
                err.end = (root.pos[0], root.pos[1] + len(place))
                err.label = label
                if not hasattr(self, "borrow_errors"):
                    raise err
                self.borrow_errors.append(err)  # (borrowck: after the body's types, as rustc)
        return subst(fn.ret, mapping)
