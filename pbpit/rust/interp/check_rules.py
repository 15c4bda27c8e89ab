"""rustc's errors about references that pbpit finds once the types are known: a borrow given
where a value is taken or a value where a borrow is (E0308), `&mut` where it is not (E0308),
an element of a variable not declared `mut` (E0594, E0596), one variable borrowed mutably
twice in a call (E0499, E0502)."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from pbpit.rust.interp import (
    fn_refs,
    generic_refs,
    match_mut_refs,
    param_types,
    references,
    slices,
    sum_refs,
    value_slots,
)
from pbpit.rust.interp.check_ops import boxed
from pbpit.rust.interp.element_values import element_written
from pbpit.rust.interp.field_paths import through_mut_method
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.lower_tables import is_mut_reference
from pbpit.rust.interp.nodes import (
    Assign,
    Block,
    Expr,
    Field,
    FnItem,
    Index,
    Let,
    Local,
    Method,
    Node,
    Pos,
    SomeLit,
    TupleLit,
    Unary,
    Unsupported,
)
from pbpit.rust.interp.types import (
    DynT,
    FnT,
    Mismatch,
    StructT,
    Ty,
    Wrap,
    resolve,
    show,
    unify,
)

if TYPE_CHECKING:
    from pbpit.rust.interp.check import Checker


def refuse_borrow_for_value(checker: Checker, fn: FnItem, index: int, arg: Expr) -> None:
    """`f(&v)` where `f` takes `v` by value, `f(v)` where it takes `&v` (`v` certainly not a
    reference), `f(v)` or `f(&v)` where it takes `&mut v`: rustc's E0308 (pbpit erases
    references)."""
    param = fn.params[index] if index < len(fn.params) else None
    if param is None:
        return
    ty = show(resolve(fn.param_tys[index]))
    where = arg.borrow_pos or arg.pos
    found = f"&mut {ty}" if arg.mut_borrow else f"&{ty}" if arg.borrowed else ty
    wanted = resolve(fn.param_tys[index])
    written = value_slots.written_params(fn)
    impl_trait = index < len(written) and getattr(written[index], "type", "") == "abstract_type"
    if param.owned and arg.borrowed and type(wanted) is DynT and impl_trait:
        # `s: impl Shape` given `&r`: `&Rect` does not implement the trait (rustc's E0277)
        given = "&mut " if arg.mut_borrow else "&"
        what = f"the trait bound `{given}{show(arg.ty)}: {wanted.trait.name}` is not satisfied"
        err = checker.fail(where, rejects(what, "E0277"))
        err.label = (
            f"the trait `{wanted.trait.name}` is not implemented for `{given}{show(arg.ty)}`"
        )
        raise err
    shared = arg.borrowed and not arg.mut_borrow  # (a `&mut I` is an iterator: it runs)
    if param.owned and shared and _iterator_param(fn, index, wanted):
        # `fn f<I: Iterator<Item = u32>>(it: I)` (`impl Iterator<..>`) given `&v.into_iter()`:
        # a reference to an iterator is no iterator (rustc's E0277)
        what = f"`{found}` is not an iterator"
        err = checker.fail(where, rejects(what, "E0277"))
        err.label = what
        raise err
    if param.owned and arg.mut_borrow and _iterator_param(fn, index, wanted):
        return  # `count_big(&mut it)` of `it: impl Iterator<..>`: std's `impl Iterator for &mut I`
    if param.owned and arg.borrowed and generic_refs.lent(checker, fn, index, arg):
        return  # `id(&s)` of `fn id<T>(t: T)`: `T` is `&String`
    if param.owned and arg.borrowed and not fn_refs.lent_to_fn_bound(wanted, arg, checker):
        raise checker.fail(where, f"mismatched types: expected `{ty}`, found `{found}`")
    if param.owned and index < len(written) and value_slots.plainly_value(written[index]):
        if not arg.borrowed and references.certainly_reference(arg):  # `sq(m)`, `m` a `&i32`
            raise checker.fail(where, f"mismatched types: expected `{ty}`, found `&{ty}`")
    if not param.owned and not param.mut_ref and not arg.borrowed and checker.owned(arg):
        # `&T` taken, a value given (no coercion makes a value a reference); rustc points at
        # the whole argument, a method chain's receiver included (`f(s.clone())`)
        raise checker.fail(expr_start(arg), f"mismatched types: expected `&{ty}`, found `{ty}`")
    reborrow = isinstance(arg, Local) and arg.binding.mut_ref and not arg.borrowed
    if param.mut_ref and not arg.mut_borrow and not reborrow:
        raise checker.fail(where, f"mismatched types: expected `&mut {ty}`, found `{found}`")


def refuse_reference_for_method_value(checker: Checker, fn: FnItem, args: list[Expr]) -> None:
    """`linear.forward(x)` of `fn forward(&self, x: Tn)`, `x` certainly a reference (a `&Tn`
    parameter): rustc's E0308 (no auto-deref of arguments)."""
    params = fn.node.child_by_field_name("parameters")
    written = [
        p.child_by_field_name("type")
        for p in (params.named_children if params is not None else [])
        if p.type == "parameter"
    ]
    for i, arg in enumerate(args):
        if i >= len(written) or i + 1 >= len(fn.param_tys) or arg.borrowed:
            continue
        if value_slots.plainly_value(written[i]) and references.certainly_reference(arg):
            ty = show(resolve(fn.param_tys[i + 1]))
            raise checker.fail(arg.pos, f"mismatched types: expected `{ty}`, found `&{ty}`")


def expr_start(e: Expr) -> Pos:
    """Where a value argument starts: its outermost `(`, or its method chain's or field path's
    first part (`p.name.clone()`: at `p`), where rustc points."""
    while e.paren_pos is None and isinstance(e, Method | Field) and not e.borrowed:
        e = e.recv if isinstance(e, Method) else e.base
    return e.paren_pos or (e.borrow_pos if e.borrowed and e.borrow_pos else e.pos)


def _iterator_param(fn: FnItem, index: int, wanted: object) -> bool:
    """Whether parameter `index` is written `impl Iterator<..>` or as a type parameter
    (`iterator_params.py` types both as the iterator given: `Wrap("Iter", ..)`)."""
    if type(wanted) is not Wrap or wanted.kind != "Iter":
        return False
    written = value_slots.written_params(fn)
    node = written[index] if index < len(written) else None
    if node is None:
        return False
    if node.type == "abstract_type":
        return True
    generics = fn.node.child_by_field_name("type_parameters")
    if node.type != "type_identifier" or generics is None:
        return False
    names = [  # `<I>` of a `where` clause, `<I: Iterator<..>>`
        param if param.type == "type_identifier" else param.named_children[0]
        for param in generics.named_children
        if param.named_children or param.type == "type_identifier"
    ]
    return any(name is not None and name.text == node.text for name in names)


def refuse_immutable_add_assign(checker: Checker, e: Assign, string: bool) -> None:
    """`x += y` of a variable not declared `mut`: a `String`'s `AddAssign` borrows it mutably
    (rustc's E0596), and so does a number's of a reference (`f64: AddAssign<&f64>`, a call);
    a number's of a value is an assignment: E0384, or E0594 in a closure capturing `x`."""
    binding = e.target.binding  # type: ignore[union-attr]
    if string or references.certainly_reference(e.value):
        what = f"cannot borrow `{binding.name}` as mutable, as it is not declared as mutable"
        err = checker.fail(e.target.pos, rejects(what, "E0596"))
        err.label = "cannot borrow as mutable"
        raise err
    if e.target.scope is not binding.scope:  # type: ignore[union-attr]  # (a closure's)
        what = f"cannot assign to `{binding.name}`, as it is not declared as mutable"
        err = checker.fail(e.pos, rejects(what, "E0594"))
        err.label = "cannot assign"
        raise err
    what = f"cannot assign twice to immutable variable `{binding.name}`"
    if getattr(binding, "argument", False):
        what = f"cannot assign to immutable argument `{binding.name}`"
    raise checker.fail(e.pos, rejects(what, "E0384"))


def indexed_place(target: Expr) -> bool:
    """Whether `target` is an element (`v[i]`) or a field of one (`ls[0].w`, `s[l].0`)."""
    while isinstance(target, Field):
        target = target.base
    return isinstance(target, Index)


def refuse_immutable_element(
    checker: Checker, e: Assign, target: Index, borrowed: bool = False
) -> None:
    """`v[i] = x` with `v` not declared `mut`: rustc's E0596 where a `Vec` is borrowed by
    `IndexMut` (the first one from the variable), else E0594 for arrays all the way; E0596 too
    where the element itself is `borrowed` mutably (`a[i] += "x"`: `String`'s `add_assign`).
    Borrowck's errors: kept until the body is typed (`Checker.body`), as a type error found
    later (`let inner = xs[1..];`: E0277) is rustc's first."""
    try:
        _refuse_immutable_element(checker, e, target, borrowed)
    except Unsupported as err:
        if err.code not in ("E0594", "E0596") or not hasattr(checker, "borrow_errors"):
            raise
        checker.borrow_errors.append(err)


def _refuse_immutable_element(
    checker: Checker, e: Assign, target: Index, borrowed: bool = False
) -> None:
    chain: list[Expr] = []
    root: Expr = target
    while isinstance(root, Index | Field):
        chain.append(root)
        root = root.base
    if not isinstance(root, Local) or root.binding.mut_ref:
        return
    if root.binding.name != "self" and references.certainly_reference(root):
        _refuse_element_behind_reference(checker, e, root, chain[::-1], borrowed)
    if root.binding.mutable or match_mut_refs.lends_in_place(root):  # `*si = ..` of `s.iter_mut()`
        return
    name = root.binding.name
    if not any(isinstance(part, Field) for part in chain):
        slices.refuse_write_behind_ref(checker, e, root, len(chain))  # `xs[i] = x`, `xs: &[T]`
    chain.reverse()  # from the variable out: `m`, `m[i]`, `m[i][j]`, `h.ps`, `h.ps[i]`
    base: Expr = root
    shown = name
    for part in chain:
        if isinstance(part, Index):
            if (
                type(resolve(part.base.ty)) is Wrap
                and resolve(part.base.ty).kind in ("Vec", "VecDeque")  # (`IndexMut` borrows it)
            ) or getattr(part, "user_index", None) is not None:  # a struct's (index_impls.py)
                label = "cannot borrow as mutable"
                if base is root:
                    what = f"cannot borrow `{name}` as mutable, as it is not declared as mutable"
                elif name == "self":  # `self.ps[0] = x` in a `&self` method
                    what = f"cannot borrow `{shown}` as mutable, as it is behind a `&` reference"
                    label = "`self` is a `&` reference, so it cannot be borrowed as mutable"
                else:
                    what = f"cannot borrow `{shown}` as mutable, as `{name}` is not declared "
                    what += "as mutable"
                err = checker.fail(root.pos, rejects(what, "E0596"))
                err.end = part.bracket  # the borrowed place ends where its `[` starts
                err.label = label
                raise err
            shown += "[_]"
        else:
            shown += f".{part.name}"
        base = part
    if borrowed:
        what = f"cannot borrow `{shown}` as mutable, as `{name}` is not declared as mutable"
        err = checker.fail(e.target.pos, rejects(what, "E0596"))
        err.label = "cannot borrow as mutable"
        raise err
    if through_mut_method(root.binding):  # `r` of `let r = v.last_mut().unwrap();`
        raise checker.fail(e.pos, through_mut_method(root.binding))
    what = f"cannot assign to `{shown}`, as `{name}` is not declared as mutable"
    err = checker.fail(e.pos, rejects(what, "E0594"))
    err.label = "cannot assign"
    raise err


def _refuse_element_behind_reference(
    checker: Checker, e: Assign, root: Local, chain: list[Expr], borrowed: bool
) -> None:
    """`b[i] = x`, `b.a[i] = x` of `let b = &s;` (or `let mut b = &s;`, `b: &S`): rustc's
    E0596 where a `Vec` is borrowed by `IndexMut` (`*b`, `b.v`), else E0594 (arrays and slices
    all the way)."""
    name = root.binding.name
    shown, base = name, root
    for part in chain:
        if isinstance(part, Index):
            found = resolve(part.base.ty)
            if type(found) is Wrap and found.kind == "Vec" and not slices.is_slice(found):
                place = f"*{name}" if base is root else shown
                what = f"cannot borrow `{place}` as mutable, as it is behind a `&` reference"
                err = checker.fail(root.pos, rejects(what, "E0596"))
                err.end = part.bracket  # the borrowed place ends where its `[` starts
                err.label = f"`{name}` is a `&` reference, so it cannot be borrowed as mutable"
                raise err
            shown += "[_]"
        else:
            shown += f".{part.name}"  # type: ignore[attr-defined]
        base = part
    if borrowed:
        what = f"cannot borrow `{shown}` as mutable, as it is behind a `&` reference"
        err = checker.fail(e.target.pos, rejects(what, "E0596"))
        err.label = f"`{name}` is a `&` reference, so it cannot be borrowed as mutable"
        raise err
    what, label = references.assigned_behind(shown, name)
    err = checker.fail(e.pos, what)
    err.label = label
    raise err


# Methods whose argument is `IntoIterator` (a `&Vec` is one, a `&Range` or `&Map` is not).
_INTO_ITERATOR_ARGS = ("zip", "chain", "extend")


def refuse_borrowed_iterator(checker: Checker, arg: Expr, ty: Ty) -> None:
    """`for x in &(0..3)`, `a.zip(&b)` with `b` an iterator: a `&I` is no iterator (a `&mut I`
    is), rustc's E0277 (pbpit erases the reference, so it would run)."""
    found = resolve(ty)
    if not arg.borrowed or arg.mut_borrow or type(found) is not Wrap:
        return
    # `&b` of `b: &[f64]`: a `&&[f64]` is no `IntoIterator` either
    twice = isinstance(arg, Local) and references.certainly_reference(_unborrowed(arg))
    if found.kind in ("Range", "Iter") or twice:
        shown = f"&&{show(found)}" if twice else f"&{show(found)}"
        err = checker.fail(
            arg.borrow_pos or arg.pos, rejects(f"`{shown}` is not an iterator", "E0277")
        )
        err.label = f"`{shown}` is not an iterator"
        raise err


def refuse_borrowed_iterator_args(checker: Checker, e: Method, found: list[Ty]) -> None:
    """`refuse_borrowed_iterator` for the arguments of `zip`, `chain` and `extend`."""
    if e.name in _INTO_ITERATOR_ARGS:
        for arg, ty in zip(e.args, found, strict=False):
            refuse_borrowed_iterator(checker, arg, ty)


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


def unify_sum(checker: Checker, total: Ty, item: Ty, e: Expr) -> None:
    """`sum()`/`product()` of items of one type into another (`let t: i32 = bools.sum()`,
    `(1..=5usize).product::<u64>()`): `i32: Sum<bool>` is not implemented, rustc's E0277."""
    try:
        unify(total, item)
    except Mismatch:
        shown, of = show(resolve(total)), show(resolve(item))
        if getattr(e, "name", "") == "product":
            what = f"cannot be made by multiplying all elements of type `{of}` from an iterator"
        else:
            what = f"cannot be made by summing an iterator over elements of type `{of}`"
        err = checker.fail(e.pos, rejects(f"a value of type `{shown}` {what}", "E0277"))
        raise err from None
    if isinstance(e, Method):  # `v.iter().sum()` of a `Vec<&f64>`: items `&&f64` (sum_refs.py)
        sum_refs.refuse_sum_of_double_references(checker, total, item, e)


def refuse_value_for_reference(checker: Checker, stmt: Let) -> None:
    """`let s: &[i32] = ints;` with `ints` a variable certainly holding a value, no reference:
    rustc's E0308 (no coercion makes a value a reference; pbpit erases references)."""
    written = getattr(stmt.binding, "written", None)
    init = stmt.init
    if written is None or written.type != "reference_type" or init is None or init.borrowed:
        return
    pos, unboxed = init.pos, False
    if isinstance(init, Unary) and init.op == "*" and boxed(init.operand):
        init, unboxed = init.operand, True  # `let f: &dyn Fn(u32) -> f32 = *warm;`, `*s.f`
    element = _written_type(init) if isinstance(init, Index) and not unboxed else None
    valued = element is not None and value_slots.plainly_value(element)  # `keys[1]` of values
    if (
        valued
        or (isinstance(init, Local) or unboxed and isinstance(init, Field))
        and checker.owned(init)
    ):
        expected = " ".join(written.text.decode().split())
        err = checker.fail(pos, rejects("mismatched types", "E0308"))
        err.label = f"expected `{expected}`, found `{show(resolve(init.ty))}`"
        raise err


def _unborrowed(arg: Local) -> Local:
    """`arg` (`&b`) as the variable `b` itself, to ask whether `b` holds a reference."""
    return Local(arg.pos, arg.binding, arg.scope)


def refuse_assign_behind_reference(checker: Checker, e: Assign) -> None:
    """`c.x = 1.0` (fields all the way) of `let mut c = &p;`: the variable may be `mut`, the
    struct it refers to is not (rustc's E0594; one not `mut` is refused as it is lowered)."""
    names: list[str] = []
    root: Expr = e.target
    while isinstance(root, Field):
        names.append(root.name)
        root = root.base
    if not names or not isinstance(root, Local) or root.binding.mut_ref:
        return
    if root.binding.name == "self" or not references.certainly_reference(root):
        return
    place = ".".join([root.binding.name, *reversed(names)])
    what, label = references.assigned_behind(place, root.binding.name)
    err = checker.fail(e.pos, what)
    err.label = label
    raise err


def refuse_borrow_assigned(checker: Checker, place: Expr, value: Expr) -> None:
    """`n = &total` of a place certainly holding a value, `t.best = Some(&total)` (or
    `mem::replace(&mut t.best, Some(&total))`) of a field written `Option<f32>`: rustc's E0308
    (pbpit erases references, so it would store the value)."""
    written = _written_type(place)
    shared = value.borrowed and not value.mut_borrow
    sure = shared or (  # `best = x` of `x` a `&i32` (an item of `v.iter()`), a place written so
        (written is None or value_slots.plainly_value(written))  # (or given a value: `_holds`)
        and references.certainly_reference(value)
    )
    if sure and _holds_value(checker, place, written):
        shown = show(resolve(value.ty))
        raise checker.fail(value.borrow_pos or value.pos, _mismatch(shown, "&" + shown))
    if written is not None:
        _against_written(checker, written, value, top=False)


def _holds_value(checker: Checker, place: Expr, written: Node | None) -> bool:
    """Whether the place (written `&mut place` or not) certainly holds no reference: a field
    written as a value type, a variable given a value or written as a plain value type (not a
    parameter, not a type the file names: an alias may be a reference)."""
    if isinstance(place, Index) and not place.borrowed:  # `slots[i]` of a `Vec<f32>` written
        return written is not None and value_slots.plainly_value(written)
    bare = copy.copy(place)
    bare.borrowed = bare.mut_borrow = False
    if isinstance(bare, Local):
        if getattr(bare.binding, "argument", False):
            return False
        if written is not None and not value_slots.plainly_value(written):
            return False
    return checker.owned(bare)


def _mismatch(expected: str, found: str) -> str:
    return f"mismatched types: expected `{expected}`, found `{found}`"


def _written_type(place: Expr) -> Node | None:
    """The type written for a variable (`let best: Option<f32>`) or a struct's field."""
    if isinstance(place, Local):
        return getattr(place.binding, "written", None)
    if isinstance(place, Field) and type(base := resolve(place.base.ty)) is StructT:
        index = base.item.field_index(place.name)
        types = value_slots.field_types(base.item)
        return types[index] if index is not None and index < len(types) else None
    if isinstance(place, Index) and getattr(place.index, "ty", None) is not None:
        if type(resolve(place.index.ty)) is Wrap:  # (`v[a..b]`: a slice, not an element)
            return None
        base = _written_type(place.base)
        if base is None and isinstance(place.base, Local):  # `v: &mut Vec<Option<f32>>`
            base = param_types.behind_mut(place.base.binding)
        return element_written(base)  # `slots[i]` of `Vec<Option<f32>>`
    return None


def refuse_pushed_parts(checker: Checker, holder: Expr, value: Expr) -> None:
    """`slots.push(Some(&v))` of `slots: Vec<Option<f32>>` (a tuple's `&x` too): rustc's E0308,
    the parts of the value pushed judged against the element type written for the `Vec`."""
    base = _written_type(holder)
    if base is None and isinstance(holder, Local):  # `v: &mut Vec<Option<f32>>`
        base = param_types.behind_mut(holder.binding)
    reached = _reached_written(holder) if base is None else None
    written = element_written(base if reached is None else reached)
    if written is not None:  # (`v.push(&x)` itself: `_push_type`; of `m.get_mut(k).unwrap()`: here)
        _against_written(checker, written, value, top=reached is not None)


_REACHING = frozenset(("get_mut", "get", "first_mut", "last_mut"))


def _reached_written(holder: Expr) -> Node | None:
    """The type written for what `m.get_mut(k).unwrap()` (`expect`, `v.last_mut()`..) reaches:
    the values of a map written `HashMap<K, V>` (`V`), the elements of a `Vec` (a variable's, a
    field's, a `&mut` parameter's)."""
    if not isinstance(holder, Method) or holder.name not in ("unwrap", "expect") or holder.borrowed:
        return None
    reach = holder.recv
    if not isinstance(reach, Method) or reach.name not in _REACHING or reach.borrowed:
        return None
    owner = reach.recv
    written = _written_type(owner)
    if written is None and isinstance(owner, Local):
        written = param_types.behind_mut(owner.binding)
    while written is not None and written.type == "reference_type":
        written = written.child_by_field_name("type")
    if written is None or written.type != "generic_type":
        return None
    base, args = written.child_by_field_name("type"), written.child_by_field_name("type_arguments")
    if base is None or args is None:
        return None
    inner = [c for c in args.named_children if c.type not in ("line_comment", "block_comment")]
    if base.text in (b"HashMap", b"BTreeMap") and len(inner) == 2:
        return inner[1]
    return element_written(written)


def _against_written(checker: Checker, written: Node, value: Expr | None, top: bool = True) -> None:
    """A value written `&x` where the written type is plainly a value, looked for in the value
    itself (`top`), in `Some(..)` and in a tuple's elements."""
    if value is None or not value_slots.plainly_value(written):  # (`None`: a `SomeLit` of none)
        return
    if top and value.borrowed and not value.mut_borrow:
        shown = written.text.decode()
        raise checker.fail(value.borrow_pos or value.pos, _mismatch(shown, "&" + shown))
    if top and isinstance(value, Local) and references.certainly_reference(value):
        shown = written.text.decode()  # `Some(x)` of `x` an item of `v.iter()`
        raise checker.fail(value.pos, _mismatch(shown, "&" + shown))
    args = [c for c in written.named_children if c.type not in ("line_comment", "block_comment")]
    if isinstance(value, SomeLit) and written.type == "generic_type":
        base = written.child_by_field_name("type")
        params = written.child_by_field_name("type_arguments")
        if base is not None and base.text == b"Option" and params is not None:
            inner = [c for c in params.named_children if c.type != "lifetime"]
            if len(inner) == 1:
                _against_written(checker, inner[0], value.value)
    elif (
        isinstance(value, TupleLit)
        and written.type == "tuple_type"
        and len(args) == len(value.elems)
    ):
        for arg, elem in zip(args, value.elems, strict=True):
            _against_written(checker, arg, elem)


def refuse_mut_method_behind_reference(checker: Checker, recv: Expr) -> None:
    """`w.push(x)`, `w.items.push(x)`, `m[0].push(x)`, `o.as_mut()` (a method taking `&mut
    self`) on a place under a variable that is a `&` reference (`let w = &v;`, `w: &Vec<T>`):
    rustc's E0596, the place borrowed shown as rustc shows it (`*w`, `w.items`; `*m` where a
    `Vec`'s `IndexMut` borrows the variable itself)."""
    chain: list[Expr] = []
    root = recv
    while isinstance(root, Field | Index):
        chain.append(root)
        root = root.base
    if not isinstance(root, Local) or root.binding.mut_ref or root.binding.name == "self":
        return
    if not references.certainly_reference(root):
        return
    name = root.binding.name
    shown = f"*{name}"
    for part in reversed(chain):
        if isinstance(part, Index):
            found = resolve(part.base.ty)
            if type(found) is Wrap and found.kind == "Vec" and not slices.is_slice(found):
                break  # `IndexMut` borrows what is indexed
            shown = (name if shown == f"*{name}" else shown) + "[_]"
        else:
            shown = (name if shown == f"*{name}" else shown) + f".{part.name}"
    what = f"cannot borrow `{shown}` as mutable, as it is behind a `&` reference"
    err = checker.fail(root.pos, rejects(what, "E0596"))
    err.label = f"`{name}` is a `&` reference, so it cannot be borrowed as mutable"
    raise err


def refuse_slice_index(checker: Checker, index: Expr, found: Ty, container: Ty) -> None:
    """`v.get(i)` of a `Vec` or an array with `i` certainly no `usize` (`1u8`, `3.0`): rustc's
    E0277, `SliceIndex<[T]>` being implemented for `usize` and its ranges only (E0308 is what
    `unify` would say), as for `v[i]` (`Checker.c_Index`)."""
    from pbpit.rust.interp.types import NEVER, USIZE, Var

    found = resolve(found)
    if type(found) is Var and found.kind != "float" or found in (USIZE, NEVER):
        return
    from pbpit.rust.interp.nodes import RangeLit, Static
    from pbpit.rust.interp.open_ranges import OPEN

    # a range (`1..2`, `..k`, `1..` lowered to `ops::RangeFrom`): rustc runs it, a sub-slice
    opened = isinstance(index, Static) and index.name in OPEN
    ranged = type(found) is Wrap and found.kind.startswith("Range")  # `let r = ..2; v.get(r)`
    if isinstance(index, RangeLit) or opened or ranged:
        raise checker.fail(index.pos, "`get` of a range (a sub-slice)")
    container = resolve(container)
    if not (type(container) is Wrap and container.kind in ("Vec", "array")):
        return
    what = f"the type `[{show(container.inner)}]` cannot be indexed by `{show(found)}`"
    err = checker.fail(index.pos, rejects(what, "E0277"))
    err.label = "slice indices are of type `usize` or ranges of `usize`"
    raise err


def unify_collected(checker: Checker, declared: Ty, found: Ty, init: Expr) -> None:
    """`let v: Vec<i32> = it.collect();` of an iterator of another item: rustc's E0277
    (`Vec<i32>: FromIterator<i64>` is not implemented) at `collect`, else `unify`."""
    target, made = resolve(declared), resolve(found)
    collect = isinstance(init, Method) and init.name == "collect" and not init.targs
    if collect and type(made) is Wrap and made.kind == "Vec" and _no_collection(target):
        collected_into(checker, declared, found, made.inner, init.pos)  # `let s: i32 = ..`
    if not (collect and type(target) is Wrap and type(made) is Wrap and made.kind == "Vec"):
        checker.unify(declared, found, init.pos)
        return
    collected_into(checker, declared, found, made.inner, init.pos)


def _no_collection(target: Ty) -> bool:
    """Whether `target` is a type no iterator is collected into (`i32`, `bool`, a tuple):
    `FromIterator` is std's for collections, `String`, `Box<[T]>`, `Result`, `Option`, `()`."""
    from pbpit.rust.interp.types import BOOL, CHAR, STRING, TupleT, is_number

    if target is STRING:
        return False
    return (
        is_number(target)
        or target in (BOOL, CHAR)
        or type(target) is TupleT
        and (
            len(target.elems) != 2  # (a pair of collections: `unzip`'s, `(Vec<A>, Vec<B>)`)
        )
    )


def collected_into(checker: Checker, target: Ty, made: Ty, item: Ty, pos: Pos) -> None:
    """`unify` of what `collect` makes (`made`, of items `item`) with the collection asked
    (`target`: a `let`'s type, a turbofish); a mismatch is rustc's E0277 at `collect`
    (`VecDeque<i32>: FromIterator<u8>` is not implemented), not E0308."""
    try:
        unify(target, made)
    except Mismatch:  # (an `Unsatisfied` too: a `dyn` of a trait the items lack)
        shown, items = show(resolve(target)), show(resolve(item))
        what = (
            f"a value of type `{shown}` cannot be built from an iterator over "
            f"elements of type `{items}`"
        )
        err = checker.fail(pos, rejects(what, "E0277"))
        err.label = f"value of type `{shown}` cannot be built from "
        err.label += f"`std::iter::Iterator<Item={items}>`"
        raise err from None


def refuse_mismatched_arguments(checker: Checker, arg: Expr, params: list[Ty], given: Ty) -> None:
    """A function or closure named as a value (`map(f32::abs)` of `i64` items, `map(dbl)`,
    `map(c)`) whose parameters are not the closure's asked: rustc's E0631 at the value."""
    given = resolve(given)
    if type(given) is not FnT or len(given.params) != len(params):
        return
    try:
        for want, have in zip(params, given.params, strict=True):
            unify(want, have)
    except Mismatch:
        what = "closure" if isinstance(arg, Local) else "function"
        err = checker.fail(arg.pos, rejects(f"type mismatch in {what} arguments", "E0631"))
        err.label = "expected due to this"
        raise err from None


def refuse_shared_for_mut_result(checker: Checker, fn: FnItem) -> None:
    """`fn params_mut(&mut self) -> &mut Vec<f32> { &self.p }`: a `&` given for the `&mut` the
    function's written result is, rustc's E0308 (pbpit erases references, so it would run)."""
    body = fn.body
    written = fn.node.child_by_field_name("return_type") if fn.node is not None else None
    tail = body.tail if isinstance(body, Block) else None
    if tail is None or not is_mut_reference(written) or not tail.borrowed or tail.mut_borrow:
        return
    err = checker.fail(tail.borrow_pos or tail.pos, rejects("mismatched types", "E0308"))
    err.label = "types differ in mutability"
    raise err
