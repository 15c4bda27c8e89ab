"""Type checking: every expression gets its type, as rustc infers it, before anything runs.

Each function body is checked on its own (signatures are fully annotated, as Rust requires);
literals get type variables that their uses bind, and at the end of the body the ones left take
Rust's fallback (`{integer}` is i32, `{float}` is f64). The evaluator relies on the final types:
they decide f32 or f64 arithmetic, integer widths (overflow), and how values print.
"""

from __future__ import annotations

from pbpit.rust.interp import (
    btreemap,
    cloned_options,
    deref_coercion,
    exact_size,
    float_range_lets,
    fn_refs,
    generic_refs,
    hashmap,
    index_impls,
    num_refs,
    op_traits,
    param_types,
    prim_impls,
    ref_collections,
    ref_results,
    ref_values,
    references,
    returned_iterators,
    shapes,
    sized,
    slices,
    traits,
    tuple_arity,
    unknown_types,
    vecdeque,
)
from pbpit.rust.interp.check_control import ControlRules
from pbpit.rust.interp.check_dispatch import DispatchRules
from pbpit.rust.interp.check_kinds import KindRules
from pbpit.rust.interp.check_methods import MethodRules
from pbpit.rust.interp.check_ops import (
    BITWISE,
    SHIFTS,
    OperatorRules,
    bit_operands,
    not_a_function,
    op_assign_without_impl,
    refuse_mixed_assignment,
    refuse_reference_range,
)
from pbpit.rust.interp.check_rules import (
    indexed_place,
    refuse_aliasing,
    refuse_assign_behind_reference,
    refuse_borrow_assigned,
    refuse_borrow_for_value,
    refuse_borrowed_iterator_args,
    refuse_immutable_add_assign,
    refuse_immutable_element,
    refuse_mismatched_arguments,
    refuse_shared_for_mut_result,
    refuse_value_for_reference,
    unify_collected,
)
from pbpit.rust.interp.check_statics import StaticRules
from pbpit.rust.interp.check_structs import StructRules
from pbpit.rust.interp.check_tables import (
    PendingOp,
    is_open,
    not_copy,
    start_of,
    wrong_arity,
)
from pbpit.rust.interp.collect_refs import refuse_collected_references
from pbpit.rust.interp.escaping_closures import refuse_returned_borrow
from pbpit.rust.interp.generic_modules import InnerModules
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.iter_methods import settle_totals
from pbpit.rust.interp.lifetimes import refuse_closure_returned_local
from pbpit.rust.interp.nodes import (
    ArrayLit,
    ArrayRepeat,
    Assign,
    Block,
    Call,
    Cast,
    Closure,
    ConstRef,
    Crate,
    Expr,
    FnItem,
    Index,
    Let,
    Lit,
    Local,
    Method,
    Pos,
    RangeLit,
    SomeLit,
    Static,
    Unary,
    Unsupported,
)
from pbpit.rust.interp.types import (
    BACKEND_INT_ELEMS,
    BOOL,
    CHAR,
    F32,
    MUT_REFERENCES,
    NAMED,
    NEVER,
    STR,
    STRING,
    UNIT,
    USIZE,
    DynT,
    FnT,
    Mismatch,
    Named,
    ParamT,
    Ty,
    Unresolved,
    Unsatisfied,
    Var,
    Wrap,
    array,
    backend_of,
    finalize,
    is_number,
    option,
    range_of,
    resolve,
    shared,
    show,
    unify,
    vec,
    write_types_as,
)


class Checker(
    OperatorRules, StaticRules, MethodRules, StructRules, KindRules, DispatchRules, ControlRules
):
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
        self.inner_modules = InnerModules()  # `M::InnerModule` of `M: AutodiffModule<B>`
        self.expected: dict[int, Ty] = {}  # an array literal's written type (`expecting`)

    def fail(self, pos: Pos, what: str) -> Unsupported:
        return Unsupported(f"{self.path}:{pos[0]}:{pos[1]}", what)

    def unify(self, expected: Ty, found: Ty, pos: Pos, coerced: Pos | None = None) -> None:
        """`unify`, a mismatch refused at `pos`; a value coerced to a `dyn` of a trait its type
        does not implement is rustc's E0277 at `coerced` (where the value starts, its `&`)."""
        try:
            if not slices.coerce(expected, found):  # `&Vec<T>`, `&[T; N]` to `&[T]`
                unify(expected, found)
        except Unsatisfied as err:
            if resolve(found) is UNIT:  # `fn pick() -> Box<dyn Shape> { }`: no `Box` at all
                what = f"mismatched types: expected `Box<{show(expected)}>`, found `()`"
                raise self.fail(pos, rejects(what, "E0308")) from None
            prim_impls.refuse_as_dyn(self, expected, found, coerced or pos)  # `dyn` of an `f64`
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
        sized.flush(self)  # (none is left pending past a body: `Checker.body` flushes)

    def function(self, fn: FnItem) -> None:
        for binding, ty in zip(fn.params, fn.param_tys, strict=True):
            if binding is not None:
                binding.ty = ty
        param_types.mark(fn)  # `window: &mut VecDeque<f32>`: its `push_back(&x)` is E0308
        assert fn.body is not None
        references.mark_element_params(fn.body)  # `b.1` of `v.sort_by(|a, b| ..)`: a value
        references.mark_iter_closure_params(fn.body)  # `x` of `v.iter().map(|x| ..)`: a `&T`
        references.mark_value_tuple_params(fn)  # `a.0` of `a: &(f32, usize)`: a value
        self.body(fn.body, fn.ret, fn)
        returned_iterators.refuse_returned(self, fn)  # `&v[0]`, `v.iter()` of its own `v`..
        refuse_shared_for_mut_result(self, fn)  # `-> &mut Vec<f32>` of `&self.p`: E0308

    def body(self, body: Expr, ret: Ty, fn: FnItem | None = None) -> None:
        self.sums = []
        self.nodes, self.rets, self.data_elems, self.pending, self.casts = [], [ret], [], [], []
        self.negations, self.never_indices = [], []
        self.borrow_errors: list = []  # E0596 found as the body is typed: rustc's borrowck,
        # reported only when the body has no type error (`mutable_receiver`)
        self.settle_later: list = []  # types a call decides once the body's are known (`parse`)
        sized.start(self)  # `let a = v[..];`: E0277 at rustc's next selection (sized.py)
        self.init_dispatch()
        if isinstance(body, Block) and body.tail is not None:
            self.hint(body.tail, ret)
        found = self.expr(body)
        sized.flush(self)
        if isinstance(body, Block) and body.tail is not None:
            refuse_returned_borrow(self, body.tail, ret)  # E0373
        tail = body.tail if isinstance(body, Block) and body.tail is not None else body
        found = returned_iterators.tail_type(self, body, tail, ret, found)  # `&String`, `0..n`
        self.unify_collected(ret, found, tail)  # (a `collect()` of other items: E0277)
        settle_totals(self, last=False)  # (`.map(|c| ..sum()).collect()`: after `settle_later`)
        self.settle_with_fallback()
        self.settle_dispatch()
        for settle in self.settle_later:
            settle()
        settle_totals(self)
        for cast in self.casts:
            self.cast_allowed(cast)
        for negation in self.negations:
            operand = resolve(negation.operand.ty)
            if type(operand) is Named and operand.name.startswith("u"):
                # `-x` with `x: {integer}` that became unsigned: the `Neg` obligation fails.
                raise self.fail(
                    negation.pos, f"the trait bound `{operand.name}: Neg` is not satisfied"
                )
        num_refs.mark_calls(self.nodes)  # `bump(&mut c)` of `fn bump(n: &mut usize)`
        for node in self.nodes:
            try:
                node.ty = finalize(node.ty)
            except Unresolved:
                raise self.fail(node.pos, unknown_types.words(node)) from None  # E0282
            if num_refs.refused_borrow(node):  # (a `&mut` to a number: a cell, num_refs.py)
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
        if fn is not None:  # (type errors of the value given back: before borrowck's)
            ref_collections.refuse_mixed(self, fn)  # `out.push(&n)`, `out.push(s)`: E0308
            ref_collections.refuse_returned(self, fn)  # `m` of `m.entry(l)`, `l` a `&L`: E0308
            ref_results.refuse_returned(self, fn)  # `-> i32 { v.iter().max().unwrap() }`
            ref_values.refuse_ref_params(self, fn.body)  # `(0..3).map(|&x| ..)`: E0308
        if self.borrow_errors:
            raise self.borrow_errors[0]

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
        return {"bool": BOOL, "char": CHAR, "str": STR, "unit": UNIT}[e.kind]

    def c_Local(self, e: Local) -> Ty:  # noqa: N802
        if e.binding.ty is None:
            e.binding.ty = Var()
        return e.binding.ty

    def c_ConstRef(self, e: ConstRef) -> Ty:  # noqa: N802
        return e.item.ty

    def c_Call(self, e: Call) -> Ty:  # noqa: N802
        if isinstance(e.callee, FnItem):
            fn = e.callee
            self.arity(e, len(fn.param_tys))
            mapping = self.generic_call(e, fn)  # `fn f<T: Shape>`: `T` for this call
            for i, (param, arg) in enumerate(zip(fn.param_tys, e.args, strict=True)):
                found = self.expecting(arg, traits.subst(param, mapping))
                bounded = resolve(param)
                taken = fn.params[i] if i < len(fn.params) else None
                by_value = taken is not None and taken.owned  # `t: T`, not `t: &T`
                if type(bounded) is ParamT and bounded.bounds and arg.borrowed and by_value:
                    # `fn f<T: Shape>(t: T)` given `&c`: `&Circle` implements no trait of
                    # the program's (it has no `impl Shape for &Circle`)
                    shown = ("&mut " if arg.mut_borrow else "&") + show(found)
                    what = f"the trait bound `{shown}: {bounded.bounds[0].name}` is not satisfied"
                    err = self.fail(start_of(arg), rejects(what, "E0277"))
                    err.label = (
                        f"the trait `{bounded.bounds[0].name}` is not implemented for `{shown}`"
                    )
                    raise err
                if type(bounded) is DynT and taken is not None and not taken.owned:
                    if not arg.borrowed and self.owned(arg):  # `f(lr)` of `l: &mut dyn Layer`
                        raise self.fail(arg.pos, rejects("mismatched types", "E0308"))
                self.unify(traits.subst(param, mapping), found, arg.pos, start_of(arg))
                refuse_borrow_for_value(self, fn, i, arg)
            generic_refs.refuse_mixed(self, fn, e.args)  # `big(&x, y)` of `a: T, b: T`
            refuse_aliasing(self, e.args)
            self.check_bounds(e, mapping)
            return traits.subst(fn.ret, mapping)
        callee = self.known(self.expr(e.callee))
        if type(callee) is Var and callee.kind is None:
            raise self.fail(e.pos, "type annotations needed")
        if type(callee) is not FnT:  # `x(3)` of a number: rustc's E0618 at what is called
            raise not_a_function(self, e, callee)
        self.arity(e, len(callee.params))
        for i, (param, arg) in enumerate(zip(callee.params, e.args, strict=True)):
            found = self.expr(arg)
            if arg.borrowed and i < len(callee.values) and callee.values[i]:
                # `f(&x)` where `f: impl Fn(f32) -> f32`: a value is taken
                shown = show(found)
                what = f"mismatched types: expected `{show(param)}`, found `&{shown}`"
                raise self.fail(arg.borrow_pos or arg.pos, what)
            if i < len(callee.refs) and callee.refs[i] and not arg.borrowed and self.owned(arg):
                # `f(v)` of `let f = |v: &[i32]| ..`: a reference is taken
                what = f"mismatched types: expected `&{show(param)}`, found `{show(found)}`"
                raise self.fail(arg.pos, rejects(what, "E0308"))
            # (`name_len(&owned)` of `|s: &str|`: a `&String` coerces to `&str`)
            self.unify(param, deref_coercion.coerced(self, arg, param, found), arg.pos)
        return callee.ret

    def arity(self, e: Call | Method | Static, n: int) -> None:
        """rustc's refusal of `e` given other than `n` arguments: `x.m(..)` is a method's call,
        a closure's call is E0057, any other (a fn's, a path's) a function's E0061."""
        if len(e.args) != n:
            kind = "method" if isinstance(e, Method) else "function"
            closure = isinstance(e, Call) and not isinstance(e.callee, FnItem)
            code = "E0057" if closure else "E0061"
            raise self.fail(e.pos, wrong_arity(kind, n, len(e.args), code))

    def c_SomeLit(self, e: SomeLit) -> Ty:  # noqa: N802
        written = resolve(self.expected.pop(id(e), Var()))  # `let o: Option<&str> = Some(&s)`
        if e.value is not None and type(written) is Wrap and written.kind == "Option":
            return option(self.expecting(e.value, written.inner))  # (a coercion site)
        if e.value is not None:
            return option(self.expr(e.value))
        return option(e.inner if e.inner is not None else Var())

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
        ty = self.binary_type(e, pending.left, pending.right, deferred=True)
        try:
            unify(pending.result, ty)
        except Mismatch:
            trait = {"+": "Add", "-": "Sub", "*": "Mul", "/": "Div", "%": "Rem"}.get(e.op)
            trait = trait or {"&": "BitAnd", "|": "BitOr", "^": "BitXor"}.get(e.op)
            trait = trait or {"<<": "Shl", ">>": "Shr"}[e.op]
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

    def c_Assign(self, e: Assign) -> Ty:  # noqa: N802
        refuse_assign_behind_reference(self, e)  # `c.x = 1.0` of `let mut c = &p;`
        target = self.expr(e.target)
        value = self.expr(e.value)
        references.refuse_deref_assignment(self, e)  # `*r = vec![..]` of `let r = w;`: E0308
        if e.op is None:
            refuse_borrow_assigned(self, e.target, e.value)  # `t.best = Some(&total)`
        user = op_traits.assign(self, e, target, value)  # `a += b` of a struct's `AddAssign`
        if user is not None:
            return user
        if e.op == "+" and isinstance(e.target, Local) and not e.target.binding.mutable:
            refuse_immutable_add_assign(self, e, resolve(target) is STRING)
        if e.op == "+" and resolve(target) is STRING:  # `String: AddAssign<&str>`
            found = resolve(value)
            # (a `&String` coerces to `&str`: `s += n` for `n` of `names.iter()`)
            if not (found is STR or found is STRING and references.certainly_reference(e.value)):
                if found is STRING and not self.owned(e.value):  # a `&String` or a `String`
                    what = "`s += x` of a `String` pbpit cannot tell from a `&String`"
                    raise self.fail(e.value.pos, f"{what} (write `&x` or `x.as_str()`)")
                shown = "&String" if e.value.borrowed else show(found)
                raise self.fail(e.value.pos, f"mismatched types: expected `&str`, found `{shown}`")
            if isinstance(e.target, Index):  # `v[0] += "y"` borrows `v[0]` mutably
                refuse_immutable_element(self, e, e.target, borrowed=True)
            return UNIT
        op_pos = e.op_pos or e.pos
        if e.op in BITWISE or e.op in SHIFTS:
            kind = bit_operands(self, e.op + "=", self.known(target), self.known(value), op_pos)
            if kind != "shift":
                self.unify(target, value, e.value.pos)
        elif e.op is not None:
            refuse_mixed_assignment(self, e.op, self.known(target), self.known(value), op_pos)
            if resolve(target) is BOOL:
                what = f"binary assignment operation `{e.op}=` cannot be applied to type `bool`"
                raise self.fail(e.pos, rejects(what, "E0368"))
            self.unify(target, value, e.value.pos)
        else:  # (`s = &label`: `&String` to `&str`)
            self.unify(target, deref_coercion.coerced(self, e.value, target, value), e.value.pos)
        index_impls.refuse_assignment(self, e.target)  # `m[i] = x`, no `IndexMut`: E0594
        if indexed_place(e.target):  # `v[i] = x`, `ls[0].w = x`: the `mut` of `v`
            refuse_immutable_element(self, e, e.target)  # type: ignore[arg-type]
        if isinstance(e.target, Unary) and not shared(target) and not num_refs.through(e.target):
            raise self.fail(e.pos, f"assignment through `*` to a `{show(target)}`")
        if e.op is not None and not is_number(target) and resolve(target) is not BOOL:
            raise op_assign_without_impl(self, e, target)
        return UNIT

    def c_Block(self, e: Block) -> Ty:  # noqa: N802
        diverges = False
        hashmap.mark_sorted_collects(e.stmts)  # `let mut v = m.iter().collect(); v.sort();`
        for at, stmt in enumerate(e.stmts):
            if isinstance(stmt, Let):
                tuple_arity.checked_let(self, stmt)  # `for (a, b) in` triples: E0308
                found = None
                float_range_lets.note(stmt)  # `let mut ids = 100.0..;`: judged at its use
                if stmt.init is not None:
                    found = self.expecting(stmt.init, stmt.declared or Var())
                    float_range_lets.judge(self, stmt, [*e.stmts[at + 1 :], e.tail])
                ty = stmt.declared
                if ty is not None and found is not None and stmt.init is not None:
                    self.unify_collected(ty, found, stmt.init)
                    refuse_collected_references(self, stmt)  # `Vec<i32>` of `xs.iter()`
                    refuse_value_for_reference(self, stmt)  # `let s: &[i32] = v;`
                ref_results.let_checked(self, stmt)  # `let n: i32 = r;`: E0308
                if ty is None:
                    ty = found if found is not None else Var()
                if stmt.binding is not None:
                    stmt.binding.ty = ty
                    if stmt.declared is None and stmt.init is not None:
                        stmt.binding.owned = self.owned(stmt.init)
                    cloned_options.mark_let(self, stmt.binding, stmt.init)  # `Some(value)`
                    exact_size.note_let(stmt.binding, stmt.init)  # `let r = 0..=9;`
                    tuple_arity.checked_let(self, stmt)  # `let (a, b) = triple;`: E0308
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

    def unify_collected(self, declared: Ty, found: Ty, init: Expr) -> None:
        unify_collected(self, declared, found, init)  # `let v: Vec<i32> = it.collect();`

    def expecting(self, e: Expr, ty: Ty) -> Ty:
        """`expr`, where a type is written for `e` (`let v: Vec<&dyn L> = vec![..]`, a
        parameter's, the function's result): an array literal's elements are each coerced to
        its element type, as rustc coerces `&Tanh` to `&dyn Layer` and `&[1.0]` to `&[f64]`; a
        closure (boxed or not) given `Fn(usize) -> f32` takes `usize` for its parameter."""
        self.hint(e, ty)
        return deref_coercion.at_site(self, e, ty, self.expr(e))  # `&String` to `&str`..

    def hint(self, e: Expr, ty: Ty) -> None:
        inner = e.value if isinstance(e, traits.BoxNew) else e  # pbpit erases the box
        if isinstance(inner, ArrayLit | Closure | SomeLit) or (
            isinstance(inner, Method) and inner.name in ("collect", "partition", "fold", "unzip")
        ):
            self.expected[id(inner)] = ty

    def c_ArrayLit(self, e: ArrayLit) -> Ty:  # noqa: N802
        written = resolve(self.expected.pop(id(e), Var()))
        elem: Ty = Var()
        if type(written) is Wrap and written.kind in ("Vec", "array"):
            elem = written.inner
        for item in e.elems:
            self.unify(elem, self.expecting(item, elem), item.pos, start_of(item))
        ref_values.refuse_mixed(self, e.elems)  # `[good[..], &bad[..]]`, `[&a, 1]`: E0308
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
        if type(base) is Wrap and base.kind == "HashMap":  # `m[&k]` (hashmap.py)
            return hashmap.check_index(self, e, base)
        if btreemap.is_btree_map(base):  # (btreemap.py)
            return btreemap.check_index(self, e, base)
        if base is shapes.SHAPE:  # `y.shape()[0]` (shapes.py)
            return shapes.check_index(self, e)
        if type(base) is Wrap and base.kind == "VecDeque":  # `q[i]` (vecdeque.py)
            return vecdeque.check_index(self, e, base)
        found = index_impls.check_index(self, e, base)  # `m[(r, c)]` of a struct's `Index`
        if found is not None:
            return found
        index = self.expr(e.index)
        if resolve(index) is NEVER:
            # `b[return]`: `!` falls back to `()` for `Index`'s type parameter.
            self.never_indices.append(e)
        found = self.known(index)
        if e.index.borrowed or (
            (type(found) is not Var or found.kind == "float") and found not in (USIZE, NEVER)
        ):
            # rustc: `SliceIndex<[T]>` is implemented for `usize` and ranges only.
            elem = show(base.inner) if type(base) is Wrap and base.kind in ("Vec", "array") else ""
            if elem:
                shown = ("&" if e.index.borrowed else "") + show(found)
                what = f"the type `[{elem}]` cannot be indexed by `{shown}`"
                err = self.fail(e.index.pos, rejects(what, "E0277"))
                err.label = "slice indices are of type `usize` or ranges of `usize`"
                raise err
        self.unify(USIZE, index, e.index.pos)
        if type(base) is Wrap and base.kind in ("Vec", "array"):
            return base.inner
        raise self.fail(e.pos, f"cannot index into a value of type `{show(base)}`")

    def c_RangeLit(self, e: RangeLit) -> Ty:  # noqa: N802
        lo = self.expr(e.lo)
        self.unify(lo, self.expr(e.hi), e.hi.pos)
        refuse_reference_range(self, e, lo)  # `&0..10`: `(&0)..10`, E0308
        return range_of(lo)

    def c_Closure(self, e: Closure, expected: list[Ty] | None = None) -> Ty:  # noqa: N802
        written = resolve(self.expected.pop(id(e), Var()))
        if expected is None and type(written) is FnT and len(written.params) == len(e.params):
            expected = written.params
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
            fn_refs.unify_params(self, e, params, expected)  # `map(Vec::len)` of `String`s: E0631
        ret = e.ret if e.ret is not None else Var()
        self.rets.append(ret)
        found = self.expr(e.body)
        self.rets.pop()
        self.unify(ret, found, e.body.pos)
        refuse_closure_returned_local(self, e)  # `|&x| Some(&x)`: E0515
        # `|x: f32|`: a parameter written as a type that is no reference takes no `&x`
        values = tuple(
            b is not None and declared is not None and b.owned
            for b, declared in zip(e.params, e.param_tys, strict=True)
        )
        made = FnT(params, ret, values)
        made.refs = tuple(  # `|v: &[i32]|`: a value given is rustc's E0308 (c_Call)
            b is not None
            and getattr(b, "argument", False)  # (a name: not `|(a, b): (i32, i32)|`'s)
            and declared is not None
            and not b.owned
            and type(declared) is not Var
            for b, declared in zip(e.params, e.param_tys, strict=True)
        )
        return made

    def closure_arg(self, arg: Expr, params: list[Ty]) -> FnT:
        if isinstance(arg, Closure):
            ty = self.c_Closure(arg, params)
            arg.ty = ty
            self.nodes.append(arg)
        else:
            ty = FnT(params, Var())
            given = self.known(self.expr(arg))
            if type(given) not in (FnT, DynT) and given is not NEVER and not is_open(given):
                # rustc: the parameter is generic over `F: FnMut(..)`, a bound `given` misses
                what = f"expected a closure, found `{show(given)}`"
                err = self.fail(start_of(arg), rejects(what, "E0277"))
                err.label = f"expected a closure, found `{show(given)}`"
                raise err
            refuse_mismatched_arguments(self, arg, params, given)  # `sort_by(f32::max)`: E0631
            self.unify(ty, given, arg.pos)
        found = resolve(ty)
        assert isinstance(found, FnT)
        return found

    def args(self, e: Method, *expected: Ty) -> list[Ty]:
        self.arity(e, len(expected))
        found = []
        for arg, ty in zip(e.args, expected, strict=True):
            found.append(deref_coercion.coerced(self, arg, ty, self.expr(arg)))  # `&String`
            self.unify(ty, found[-1], arg.pos)
        refuse_borrowed_iterator_args(self, e, found)  # `a.zip(&b)`, `b` an iterator
        return found

    def value_args(self, e: Method, *expected: Ty) -> list[Ty]:
        """`args` of parameters that take their numbers by value (`rotate_left(mid: usize)`):
        a reference given is rustc's E0308 (`references.refuse_borrowed_value`)."""
        found = self.args(e, *expected)
        for arg, ty in zip(e.args, expected, strict=True):
            references.refuse_borrowed_value(self, arg, ty)
        return found


def check(crate: Crate) -> None:
    """Give every expression of `crate` its final type; `Unsupported` where Rust would need an
    annotation pbpit cannot infer, or the types do not fit."""
    Checker(crate).check()


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
                # a conflict of borrows found as it was lowered (lower.py): rustc's, where
                # pbpit's type check stops at Rust outside the subset
                conflict = getattr(fn, "borrow_conflict", None)
                found.append(err if conflict is None or err.rustc_says else conflict)
    return found
