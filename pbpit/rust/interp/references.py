"""Which values pbpit knows to be references. pbpit erases references (`&x` is `x`, marked
`borrowed`); `Checker.owned` knows the values certainly not references; this knows those
certainly one: a value written `&x`, a parameter whose written type is a reference, a `for`
variable over `.iter()` or `&v`, a `let` variable given `&x`. Where neither knows, the
checker's rule decides."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import copied_items, made_items
from pbpit.rust.interp.grammar import rejects

ITEMS_BY_REFERENCE = "by_reference"
"""The attribute of a `for` variable bound to the items of `v.iter()` or `&v`."""


BOUND_TO_BORROW = "bound_to_borrow"
"""The attribute of a `let` variable whose value is written `&x` (not `&mut x`)."""


DEREF_JUDGED = "deref_judged"
"""The attribute of an assignment `*r = x` whose `r` the lowering could not tell a `&` reference
from a value (`let r = w;`): `refuse_deref_assignment` judges it with the types."""


SOME_BORROW = "some_borrow"
"""The attribute of a `let` variable given `Some(&p)` (or such a variable): an `Option<&T>`."""

BEHIND_SHARED = "behind_shared"
"""The attribute of `r` in `if let Some(r) = o.as_mut()` of such an `o`: a `&mut &T`, so
`r.x = ..` is rustc's E0594 (`lower_exprs.field_assignment`)."""


def mark_let(binding: Any, init: Any, structs: Any = None) -> None:
    """Mark the variable of `let c = &p;` (or `let mut c = &p;`): a `&T` whatever `p` is; that
    of `let o = Some(&p);` (or `let o2 = o;` of such an `o`): an `Option<&T>`; and that of
    `let ps = m.params_mut();` of a fn of the file returning `&mut T` (`structs`: the file's,
    with their methods): a `&mut`, written through with no `mut` (`ps[0] += 0.5`)."""
    from pbpit.rust.interp.nodes import Local, Method, SomeLit

    if binding is not None and init is not None and init.borrowed and not init.mut_borrow:
        setattr(binding, BOUND_TO_BORROW, True)
    made_items.mark(binding, init)  # `let data = vec![(vec![1.0], vec![2.0])];`
    if binding is not None and returns_mut_reference(init, structs):
        binding.mut_ref = True
        if isinstance(init, Method):  # (the borrow passes: `m` lent mutably while `ps` lives)
            init.mut_borrow = True
            init.lent_receiver = True
    if binding is None or init is None or init.borrowed:
        return
    some = isinstance(init, SomeLit) and init.value is not None
    if (some and init.value.borrowed and not init.value.mut_borrow) or (
        isinstance(init, Local) and getattr(init.binding, SOME_BORROW, False)
    ):
        setattr(binding, SOME_BORROW, True)


def returns_mut_reference(init: Any, structs: Any) -> bool:
    """Whether `init` is a call of a fn of the file written to return `&mut T`: a free fn
    (`first_row(&mut rows)`), or a method (`m.params_mut()`) every `impl` of the file that has
    one of that name writes so (the receiver's type is not known yet)."""
    from pbpit.rust.interp.lower_tables import is_mut_reference
    from pbpit.rust.interp.nodes import Call, FnItem, Method

    def mut_result(fn: Any) -> bool:
        node = getattr(fn, "node", None)
        return node is not None and is_mut_reference(node.child_by_field_name("return_type"))

    if init is None or init.borrowed:
        return False
    if isinstance(init, Call):
        return isinstance(init.callee, FnItem) and mut_result(init.callee)
    if not isinstance(init, Method) or not structs:
        return False
    found = [s.methods[init.name] for s in structs.values() if init.name in s.methods]
    return bool(found) and all(mut_result(fn) for fn in found)


def mark_for_binding(loop: Any) -> None:
    """Mark the variable of the `for` loop `loop` when its items are references."""
    from pbpit.rust.interp.nodes import Local, Method

    iterable, binding = loop.iterable, loop.binding
    if binding is None or iterable is None:
        return
    from pbpit.rust.interp.lower_pats import reference_items

    # `v.iter()`, adapted by `skip`, `rev`, `filter`.. (`lower_pats.reference_items`)
    by_iter = isinstance(iterable, Method) and reference_items(iterable)
    # `for x in v` of a parameter written `v: &Vec<T>` (or `&[T]`): each `x` a `&T` too
    by_ref_param = isinstance(iterable, Local) and certainly_reference(iterable)
    by_ref_param = by_ref_param and not iterable.binding.mut_ref
    if by_iter or by_ref_param or (iterable.borrowed and not iterable.mut_borrow):
        setattr(binding, ITEMS_BY_REFERENCE, True)


def items_are_values(iterable: Any) -> bool:
    """Whether the items of `for x in v` are values, no references: `v` a variable taken by
    value (not `&v`, not `v.iter()`) whose written type holds no reference (`let v: Vec<Box<dyn
    Error>> = ..`, not `Vec<&str>`)."""
    from pbpit.rust.interp.nodes import Local, Method

    if copied_items.values(iterable):  # `for x in xs.iter().copied()` of numbers
        return True
    if made_items.items_made(iterable):  # `for (x, t) in data` of `vec![(vec![..], ..)]`
        return True
    if isinstance(iterable, Method) and not iterable.borrowed:
        return _values_kept(iterable)
    if not isinstance(iterable, Local) or iterable.borrowed:
        return False
    written = getattr(iterable.binding, "written", None)
    return written is not None and b"&" not in written.text and iterable.binding.owned


# Adapters whose items are their receiver's; the ways a collection of values gives values.
_VALUES_KEPT = frozenset(
    ("rev", "skip", "take", "step_by", "filter", "skip_while", "take_while", "peekable")
    + ("fuse", "cycle", "chain")
)
_GIVING = frozenset(("into_iter", "clone", "to_vec", "to_owned"))


def _values_kept(e: Any) -> bool:
    """`v.into_iter()`, `v.clone()`, `v.clone().into_iter().rev()` of a `v` of values; `v.drain(..)`
    of a `Vec` of values."""
    from pbpit.rust.interp.nodes import Method

    recv = e.recv
    if recv is None or recv.borrowed:
        return False
    if e.name in _VALUES_KEPT:
        return items_are_values(recv) if isinstance(recv, Method) else _ranged(recv)
    if e.name in _GIVING and not e.args or e.name == "drain":
        return items_are_values(recv)
    return False


def _ranged(e: Any) -> bool:
    """Whether `e` is a range (`(0..n).rev()`)."""
    from pbpit.rust.interp.types import Wrap, resolve

    ty = resolve(getattr(e, "ty", None))
    return type(ty) is Wrap and ty.kind == "Range"


def mark_enumerated(lowerer: Any, loop: Any, pattern: Any) -> None:
    """Mark `n` of `for (i, n) in v.iter().enumerate()`: each a `&T`."""
    from pbpit.rust.interp.nodes import Field, Let, Local, Method

    iterable = loop.iterable
    if not (
        isinstance(iterable, Method)
        and iterable.name == "enumerate"
        and isinstance(iterable.recv, Method)
        and iterable.recv.name == "iter"
        and not iterable.recv.args
        and pattern.type == "tuple_pattern"
    ):
        return
    parts = lowerer.kids(pattern)
    if len(parts) != 2 or parts[1].type != "identifier":
        return
    name = lowerer.text(parts[1])
    for stmt in loop.body.stmts:
        if isinstance(stmt, Let) and stmt.binding is not None and stmt.binding.name == name:
            part = stmt.init  # (the pattern's own `let x = (t, x).1`, not a `let x` shadowing it)
            if isinstance(part, Field) and isinstance(part.base, Local):
                if part.base.binding is loop.binding:
                    setattr(stmt.binding, ITEMS_BY_REFERENCE, True)


def certainly_reference(e: Any) -> bool:
    from pbpit.rust.interp.nodes import Local, Method

    if e.borrowed:
        return True
    if isinstance(e, Method):  # `v.iter().max().unwrap()`, `it.next().expect(..)` (ref_results)
        from pbpit.rust.interp import ref_results

        return ref_results.shape(e) == ref_results.REF
    if not isinstance(e, Local):
        return False
    binding = e.binding
    if getattr(binding, ITEMS_BY_REFERENCE, False) or getattr(binding, BOUND_TO_BORROW, False):
        return True
    # a function's parameter: its type is written, so not `owned` means a `&T`
    written = not getattr(binding, "ref_unknown", False)  # (an untyped closure parameter's is not)
    return getattr(binding, "argument", False) and written and not binding.owned


def refuse_borrowed_value(checker: Any, arg: Any, expected: Any, scalar: bool = True) -> None:
    """rustc's E0308 for a reference (`&n`, or a variable certainly one) given where a
    parameter takes a number, a `bool` or a `char` by value (`rotate_left(mid: usize)`,
    `step_by(step: usize)`, `pow(exp: u32)`, `f64::max(self, other: f64)`): no auto-deref of
    arguments. pbpit erases references, so the call's parameter says it takes a value; not
    `scalar`: any type (`Option::zip(other: Option<U>)`)."""
    from pbpit.rust.interp.types import BOOL, CHAR, is_number, resolve, show

    if not (arg.borrowed or certainly_reference(arg)):
        return
    wanted = resolve(expected)
    if scalar and not (is_number(wanted) or wanted is BOOL or wanted is CHAR):
        return
    shown = show(wanted)
    what = f"mismatched types: expected `{shown}`, found `&{shown}`"
    raise checker.fail(arg.borrow_pos or arg.pos, what)


def assigned_behind(place: str, name: str) -> tuple[str, str]:
    """rustc's E0594 for an assignment to `place` (`c.x`) under the variable `name`, a `&`
    reference: the refusal's text and rustc's label."""
    what = rejects(f"cannot assign to `{place}`, which is behind a `&` reference", "E0594")
    return what, f"`{name}` is a `&` reference, so it cannot be written to"


ELEMENT_OF_VALUES = "element_of_values"
"""The attribute of a comparator's parameter (`|a, b|` of `v.sort_by`, `v.iter().max_by`): a
reference to an element of a collection whose elements hold values all through, so a part of
one (`b.1`) is a value, no reference."""

# Methods whose closure is given references to the receiver's elements (or items), and the
# adapters between `v.iter()` and such a method that keep the items as they are.
_COMPARATORS = frozenset(
    (
        "sort_by",
        "sort_unstable_by",
        "sort_by_key",
        "sort_unstable_by_key",
        "max_by",
        "min_by",
        "max_by_key",
        "min_by_key",
        "binary_search_by",
    )
)
_KEEPING = frozenset(("iter", "rev", "skip", "take", "filter", "step_by", "peekable"))
_VALUE_TYPES = frozenset(("Vec", "Option", "String", "VecDeque"))


def mark_element_params(body: Any) -> None:
    """Mark the parameters of each comparator closure in `body` whose receiver is a variable
    holding values all through: written so (`Vec<(i32, f64)>`, no `&`, no name that may be a
    reference), or given `vec![(3, 0.25), ..]` of literals (the literals fix the element type:
    a reference pushed later is rustc's E0308 anyway)."""
    from pbpit.rust.interp.nodes import Closure, Let, Local, Method, children

    valued: set[int] = set()
    stack = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, Let) and node.binding is not None:
            written = getattr(node.binding, "written", None)
            if (written is not None and _values_type(written)) or (
                written is None and _literal_elements(node.init)
            ):
                valued.add(id(node.binding))
        if isinstance(node, Method) and node.name in _COMPARATORS and node.args:
            closure = node.args[-1]
            recv = node.recv
            while isinstance(recv, Method) and recv.name in _KEEPING:
                recv = recv.recv
            if (
                isinstance(closure, Closure)
                and isinstance(recv, Local)
                and id(recv.binding) in valued
            ):
                for param in closure.params:
                    if param is not None:
                        setattr(param, ELEMENT_OF_VALUES, True)
        stack.extend(reversed(list(children(node))))


def mark_value_tuple_params(fn: Any) -> None:
    """Mark each parameter of `fn` written a reference to a tuple of values (`a: &(f32,
    usize)`, as a comparator's): a part of it (`a.0`) is a value, no reference
    (`ELEMENT_OF_VALUES`), so `b.0.partial_cmp(a.0)` is rustc's E0308."""
    node = getattr(fn, "node", None)
    params = node.child_by_field_name("parameters") if node is not None else None
    if params is None:
        return
    written = [c for c in params.named_children if c.type == "parameter"]
    bindings = [b for b in fn.params if b is not None and b.name != "self"]
    if len(written) != len(bindings):
        return
    for param, binding in zip(written, bindings, strict=True):
        ty = param.child_by_field_name("type")
        if ty is None or ty.type != "reference_type":
            continue
        inner = ty.child_by_field_name("type")
        if inner is not None and inner.type == "tuple_type" and _values_type(inner):
            setattr(binding, ELEMENT_OF_VALUES, True)


def _values_type(node: Any) -> bool:
    """Whether a written type holds values all through: primitives, tuples, arrays and std's
    value types of them (no reference, no name the file may bind to a reference)."""
    kind = node.type
    if kind in ("primitive_type", "integer_literal", "line_comment", "block_comment"):
        return True
    if kind == "type_identifier":
        return node.text.decode() in _VALUE_TYPES
    if kind in ("generic_type", "type_arguments", "tuple_type", "array_type"):
        return all(_values_type(c) for c in node.named_children)
    return False


def _literal_elements(init: Any) -> bool:
    """`vec![(3, 0.25), (1, 0.75)]`, `[(1, 2.5)]`: elements all tuples of number literals (or
    struct literals: a field written without `&` holds a value)."""
    from pbpit.rust.interp.nodes import ArrayLit, Lit, StructLit, TupleLit, Unary

    def literal(e: Any) -> bool:
        if isinstance(e, Unary) and e.op == "-":
            e = e.operand
        return isinstance(e, Lit) and e.kind in ("int", "float", "bool") and not e.borrowed

    return (
        isinstance(init, ArrayLit)
        and not init.borrowed
        and bool(init.elems)
        and all(
            (isinstance(t, TupleLit) and not t.borrowed and all(literal(x) for x in t.elems))
            or (isinstance(t, StructLit) and not t.borrowed)  # `vec![Run { .. }, ..]`
            for t in init.elems
        )
    )


def refuse_as_mut_behind_reference(lowerer: Any, node: Any, value: Any) -> None:
    """`if let Some(r) = o2.as_mut()` (and `o2.f.as_mut()`) of `let mut o2 = &o;` or a
    parameter `o2: &Option<T>`: `as_mut` takes `&mut self` through a `&` reference, rustc's
    E0596 (the lowering's `if let` form, where the checker's `mutable_receiver` is not asked)."""
    from pbpit.rust.interp.nodes import Field, Local

    root, names = value, []
    while isinstance(root, Field):
        names.append(root.name)
        root = root.base
    if not isinstance(root, Local) or root.binding.mut_ref or root.binding.name == "self":
        return
    if not certainly_reference(root) or root.borrowed:
        return
    name = root.binding.name
    shown = ".".join([name, *reversed(names)]) if names else f"*{name}"
    what = f"cannot borrow `{shown}` as mutable, as it is behind a `&` reference"
    err = lowerer.fail(node, rejects(what, "E0596"))
    err.label = f"`{name}` is a `&` reference, so it cannot be borrowed as mutable"
    raise err


def refuse_deref_assignment(checker: Any, e: Any) -> None:
    """`*r = x` (`e`) of a variable `r` neither `&mut` nor known to be a `&` when lowered: where
    `r` certainly holds a value, `*r` is what the value derefs to (a `Vec`'s slice, a
    `String`'s `str`), unsized, so `x` is rustc's E0308; else `r` is taken for a `&` reference,
    E0594 (a number's `*r` is refused by `c_Unary`: E0614)."""
    from pbpit.rust.interp.types import STRING, Wrap, resolve, show

    if not getattr(e, DEREF_JUDGED, False):
        return
    operand = e.target.operand
    name = operand.binding.name
    if not checker.owned(operand):
        what = f"cannot assign to `*{name}`, which is behind a `&` reference"
        err = checker.fail(e.target.pos, rejects(what, "E0594"))
        err.label = f"`{name}` is a `&` reference, so it cannot be written to"
        raise err
    found = resolve(operand.ty)
    if e.op is not None:
        return
    if found is STRING:
        unsized = "str"
    elif type(found) is Wrap and found.kind == "Vec":
        unsized = f"[{show(found.inner)}]"
    else:
        return
    what = f"mismatched types: expected `{unsized}`, found `{show(resolve(e.value.ty))}`"
    raise checker.fail(e.value.pos, rejects(what, "E0308"))


# Methods whose closure takes one item of the iterator (or a reference to one), and the
# adapters between `v.iter()` and such a method that keep the items `&T`.
_ITEM_TAKING = frozenset(
    ("map", "for_each", "any", "all", "position", "inspect", "filter", "find", "filter_map")
    + ("find_map", "take_while", "skip_while", "max_by_key", "min_by_key")
)
# A slice's methods whose key closure takes `&T` (`v.sort_by_key(|x| x.abs())`: `x` a `&T`).
_KEYED = frozenset(("sort_by_key", "sort_unstable_by_key", "sort_by_cached_key"))
_KEEPING_ITEMS = frozenset(
    ("rev", "skip", "take", "step_by", "peekable", "filter", "skip_while", "take_while")
    + ("inspect",)
)


def mark_iter_closure_params(body: Any) -> None:
    """Mark the parameter of each one-parameter closure in `body` given the items of
    `v.iter()` (through adapters that keep them): `x` of `v.iter().map(|x| ..)` is a `&T` (a
    `&&T` for `filter`), as `x` of `for x in v.iter()` is (`ITEMS_BY_REFERENCE`), so `x == 100`
    is rustc's E0277. A parameter with a written type or a pattern (`|&x|`) is left alone. Also
    the tuple of `for (a, b) in [(2, 3), ..]` (literals, by value): `b` a value, so `a.cmp(b)`
    is E0308 (`ELEMENT_OF_VALUES`)."""
    from pbpit.rust.interp.nodes import Closure, For, Method, children

    stack = [body]
    while stack:
        node = stack.pop()
        stack.extend(reversed(list(children(node))))
        if isinstance(node, For) and node.binding is not None and _literal_elements(node.iterable):
            # `for (a, b) in [(2, 3), (3, 3)]`: each item a tuple of values, so `b` is a value
            setattr(node.binding, ELEMENT_OF_VALUES, True)
        keyed = isinstance(node, Method) and node.name in _KEYED and len(node.args) == 1
        if isinstance(node, Method) and node.name == "fold" and node.args:
            _mark_folded(node)  # `v.iter().fold(0.0, |a, b| a.max(b))`: `b` a `&f32`
        if not (isinstance(node, Method) and node.name in _ITEM_TAKING and node.args) and not keyed:
            continue
        closure = node.args[-1]
        if not isinstance(closure, Closure) or len(closure.params) != 1:
            continue
        if closure.param_tys[0] is not None or closure.params[0] is None:
            continue
        recv = node.recv
        while isinstance(recv, Method) and recv.name in _KEEPING_ITEMS:
            recv = recv.recv
        if keyed or isinstance(recv, Method) and recv.name == "iter" and not recv.args:
            param = closure.params[0]
            if not param.name.startswith("("):  # (a hidden binding of `|&x|`, `|(a, b)|`)
                setattr(param, ITEMS_BY_REFERENCE, True)


def _mark_folded(node: Any) -> None:
    """The item parameter of `fold(init, |acc, x| ..)` (`x`) over the items of `v.iter()`
    (through adapters that keep them): a `&T`. (Not `reduce`'s: both its parameters are `&T`,
    and `a.max(b)` of two is `Ord::max` of references, which pbpit would take for a value's.)"""
    from pbpit.rust.interp.nodes import Closure, Method

    closure = node.args[-1]
    if not isinstance(closure, Closure) or len(closure.params) != 2:
        return
    recv = node.recv
    while isinstance(recv, Method) and recv.name in _KEEPING_ITEMS:
        recv = recv.recv
    if not (isinstance(recv, Method) and recv.name == "iter" and not recv.args):
        return
    param = closure.params[1]
    if param is not None and closure.param_tys[1] is None and not param.name.startswith("("):
        setattr(param, ITEMS_BY_REFERENCE, True)
