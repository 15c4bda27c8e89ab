"""A reference given to a `let` whose written type is a value: rustc's E0308, found from the
syntax and the checker's types.

pbpit erases references, so `let n: i32 = v.iter().max().unwrap();` would run. What certainly
gives a reference: a variable that certainly holds one (`references.certainly_reference`: `let
r = &x;`, a `for` item of `v.iter()`, a `&T` parameter); `unwrap()`/`expect(..)` of an
`Option<&T>`. What certainly gives an `Option<&T>`: `get`, `first`, `last` of a `Vec`, an array
or a map (`m.get(&k)`); `next`, `last`, `max`, `min`, `find`, `max_by`.. of an iterator whose
items are references (`collect_refs.item_shape`: `v.iter()` through adapters that keep them).
Where the `let` writes a plain value type (`i32`, a struct, `String`) for a reference, or
`Option<V>` of one for an `Option<&V>`, the program is refused with rustc's code.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import collect_refs, generic_refs, references
from pbpit.rust.interp.nodes import Call, FnItem, Let, Local, Method
from pbpit.rust.interp.types import Wrap, resolve, show
from pbpit.rust.interp.value_slots import plainly_value

REF, OPTION_REF = "ref", "option_ref"
BOUND_TO_OPTION_REF = "bound_to_option_ref"  # a `let` not written given an `Option<&T>`
ITER_OF_REFS = "iter_of_refs"  # a `let` given an iterator of references (`v.iter()`)

_ITEM_PICKS = frozenset(
    ("next", "last", "max", "min", "find", "max_by", "min_by", "max_by_key", "min_by_key", "nth")
)
_ELEMENT_PICKS = frozenset(("get", "first", "last"))
_HOLDERS = ("Vec", "array", "HashMap", "BTreeMap", "VecDeque")


def shape(e: Any) -> str | None:
    """REF when `e` certainly gives a `&T`, OPTION_REF for an `Option<&T>`, else None."""
    if e is None or e.borrowed:
        return REF if e is not None and not e.mut_borrow else None
    if isinstance(e, Local):
        if getattr(e.binding, BOUND_TO_OPTION_REF, False):  # `let m = v.iter().max();`
            return OPTION_REF
        return REF if references.certainly_reference(e) else None
    fn = e.user if isinstance(e, Method) else getattr(e, "callee", None)
    if isinstance(e, Method | Call) and isinstance(fn, FnItem):  # `m.best()` of `-> &f32`
        return _written_result(fn) or generic_refs.gives_reference(e)  # `id(&s)` of `-> T`
    if not isinstance(e, Method) or e.recv is None:
        return None
    if e.name in ("unwrap", "expect", "?") and shape(e.recv) == OPTION_REF:
        return REF  # (`v.iter().max()?`)
    if e.name in _KEEP_OPTION and shape(e.recv) == OPTION_REF and _keeps(e):
        return OPTION_REF  # `o.as_ref().map(|b| b)`, `.filter(..)`, `.or(None)`
    if getattr(e.recv, "ty", None) is None:  # (not typed yet: the lowering asks too)
        return None
    if e.name in _ITEM_PICKS and collect_refs.item_shape(e.recv) == collect_refs.REF:
        return OPTION_REF
    if e.name in _ITEM_PICKS and getattr(getattr(e.recv, "binding", None), ITER_OF_REFS, False):
        return OPTION_REF  # `it.nth(n)` of `let mut it = v.iter();`
    recv = resolve(e.recv.ty)
    if e.name in _ELEMENT_PICKS and type(recv) is Wrap and recv.kind in _HOLDERS:
        return OPTION_REF
    if e.name == "as_ref" and not e.args and type(recv) is Wrap and recv.kind == "Option":
        return OPTION_REF  # `best.as_ref()`: `Option<&T>`
    return None


_KEEP_OPTION = frozenset(("map", "filter", "or", "xor", "take"))


def _keeps(e: Any) -> bool:
    """Whether `o.map(|b| b)` (a closure giving its parameter back), `o.filter(..)`, `o.or(..)`
    keeps the references of its `Option<&T>`."""
    from pbpit.rust.interp.nodes import Block, Closure

    if e.name != "map":
        return e.name != "take" or not e.args
    closure = e.args[0] if len(e.args) == 1 else None
    if not isinstance(closure, Closure) or len(closure.params) != 1:
        return False
    body = closure.body
    while isinstance(body, Block) and not body.stmts and body.tail is not None:
        body = body.tail
    return isinstance(body, Local) and body.binding is closure.params[0] and not body.borrowed


def _refuse_parts(checker: Any, written: Any, init: Any) -> None:
    """A `vec![..]`, an array or a tuple literal whose written type holds values given a part
    that certainly is a reference (`vec![best]` of `best` a `&i32`)."""
    from pbpit.rust.interp.nodes import ArrayLit, SomeLit, TupleLit

    if init.borrowed:
        return
    parts: list[tuple[Any, Any]] = []
    if isinstance(init, ArrayLit) and written.type in ("generic_type", "array_type"):
        if written.type == "generic_type":
            base = written.child_by_field_name("type")
            args = written.child_by_field_name("type_arguments")
            if base is None or base.text != b"Vec" or args is None or args.named_child_count != 1:
                return
            elem = args.named_children[0]
        else:
            elem = written.child_by_field_name("element")
        parts = [(elem, item) for item in init.elems]
    elif isinstance(init, TupleLit) and written.type == "tuple_type":
        types = [c for c in written.named_children if c.type != "line_comment"]
        if len(types) == len(init.elems):
            parts = list(zip(types, init.elems, strict=True))
    elif isinstance(init, SomeLit) and init.value is not None:  # `Some((0, m))`
        inner = _option_of_value(written)
        if inner is not None:
            parts = [(_option_arg(written), init.value)]
    for ty, part in parts:
        if ty is not None and not part.borrowed and isinstance(part, TupleLit | SomeLit):
            _refuse_parts(checker, ty, part)  # (nested: `Some((0, m))`, `(a, (b, c))`)
            continue
        if ty is None or part.borrowed or not references.certainly_reference(part):
            continue
        if plainly_value(ty):
            shown = ty.text.decode()
            raise checker.fail(part.pos, f"mismatched types: expected `{shown}`, found `&{shown}`")


def _written_result(fn: FnItem) -> str | None:
    """REF for a function of the file whose written result is `&T` (`&'a T`), OPTION_REF for
    `Option<&T>`; else None."""
    node = getattr(fn, "node", None)
    written = node.child_by_field_name("return_type") if node is not None else None
    if written is None:
        return None
    if written.type == "reference_type":
        mutable = any(c.type == "mutable_specifier" for c in written.children)
        return None if mutable else REF
    text = written.text.decode().replace(" ", "")
    if text.startswith("Option<&") and not text.startswith("Option<&mut"):
        return OPTION_REF
    return None


def let_checked(checker: Any, stmt: Let) -> None:
    """A `let` typed: rustc's E0308 for a reference where its written type is a value
    (`refuse_reference_for_value`); a variable not written given one is marked as one
    (`let m = v.iter().max().unwrap();`: `m` a `&i32`, `references.BOUND_TO_BORROW`)."""
    if stmt.init is None or stmt.binding is None:
        return
    if stmt.declared is not None:
        refuse_reference_for_value(checker, stmt)
    elif not stmt.init.borrowed and shape(stmt.init) == REF:
        setattr(stmt.binding, references.BOUND_TO_BORROW, True)
    elif not stmt.init.borrowed and shape(stmt.init) == OPTION_REF:
        setattr(stmt.binding, BOUND_TO_OPTION_REF, True)
    elif not stmt.init.borrowed and collect_refs.item_shape(stmt.init) == collect_refs.REF:
        setattr(stmt.binding, ITER_OF_REFS, True)


def refuse_returned(checker: Any, fn: Any) -> None:
    """rustc's E0308 for a function whose written result is a value giving a reference back
    (`-> i32 { v.iter().max().unwrap() }`, `return r;`), or `Option<V>` given an `Option<&V>`
    (`-> Option<f32> { v.get(i) }`)."""
    from pbpit.rust.interp.check_rules import expr_start
    from pbpit.rust.interp.nodes import Return, children

    node = getattr(fn, "node", None)
    written = node.child_by_field_name("return_type") if node is not None else None
    if written is None or fn.body is None or not plainly_value(written):
        return
    given = []
    stack = [fn.body]
    while stack:
        part = stack.pop()
        if isinstance(part, Return) and part.value is not None:
            given.extend(_tails(part.value))
        if type(part).__name__ != "Closure":  # (a closure's `return` is its own)
            stack.extend(children(part))
    given.extend(_tails(fn.body))
    text = written.text.decode()
    inner = _option_of_value(written)
    for value in given:
        found = shape(value)
        if found == REF and not text.startswith("Option<"):
            shown = "&" + show(resolve(value.ty)) if value.ty is not None else "&_"
            what = f"mismatched types: expected `{text}`, found `{shown}`"
            raise checker.fail(value.pos, what)
        if found == OPTION_REF and inner is not None:
            what = f"mismatched types: expected `{text}`, found `Option<&{inner}>`"
            raise checker.fail(expr_start(value), what)
        if found is None:
            _refuse_parts(checker, written, value)  # `(first, last)` of two `&f32`s


def _tails(e: Any) -> list:
    """The values an expression gives as its own: a block's tail, each branch of an `if` or a
    `match` (what a function's result is made of)."""
    from pbpit.rust.interp.nodes import Block, If, Match

    if isinstance(e, Block) and not e.borrowed:
        return _tails(e.tail) if e.tail is not None else []
    if isinstance(e, If) and not e.borrowed:
        return _tails(e.then) + (_tails(e.els) if e.els is not None else [])
    if isinstance(e, Match) and not e.borrowed:
        return [t for arm in e.arms for t in _tails(arm.body)]
    return [e] if e is not None else []


def _option_arg(written: Any) -> Any:
    """The node of `T` in a written `Option<T>`."""
    args = written.child_by_field_name("type_arguments")
    return [c for c in args.named_children][0]


def _option_of_value(written: Any) -> str | None:
    """`T` of a written `Option<T>` with `T` certainly a value, else None."""
    if written is None or written.type != "generic_type":
        return None
    base = written.child_by_field_name("type")
    args = written.child_by_field_name("type_arguments")
    inner = [c for c in args.named_children] if args is not None else []
    if base is None or base.text != b"Option" or len(inner) != 1 or not plainly_value(inner[0]):
        return None
    return inner[0].text.decode()


def refuse_reference_for_value(checker: Any, stmt: Let) -> None:
    """rustc's E0308 for `let n: i32 = <a reference>;`, `let o: Option<i32> = v.get(1);`."""
    written = getattr(stmt.binding, "written", None) if stmt.binding is not None else None
    if written is None or stmt.init is None:
        return
    given = shape(stmt.init)
    text = written.text.decode()
    if given is None:
        _refuse_parts(checker, written, stmt.init)  # `let c: Vec<i32> = vec![best];`
        return
    if given == REF and plainly_value(written) and not text.startswith("Option<"):
        found = "&" + show(resolve(stmt.init.ty)) if stmt.init.ty is not None else "&_"
        raise checker.fail(stmt.init.pos, f"mismatched types: expected `{text}`, found `{found}`")
    shown = _option_of_value(written)
    if given == OPTION_REF and shown is not None:
        what = f"mismatched types: expected `{text}`, found `Option<&{shown}>`"
        raise checker.fail(stmt.init.pos, what)


def refuse_reference_field(checker: Any, item: Any, index: int, value: Any) -> None:
    """rustc's E0308 for a struct literal's field written as a value given what certainly is a
    reference not written `&x` (`S { best: v.iter().max().unwrap() }`; `&x` is judged as the
    literal is lowered, `value_slots`)."""
    from pbpit.rust.interp.value_slots import field_types

    if value.borrowed or not references.certainly_reference(value):
        return
    types = field_types(item)
    written = types[index] if index < len(types) else None
    if written is not None and plainly_value(written):
        text = written.text.decode()
        raise checker.fail(value.pos, f"mismatched types: expected `{text}`, found `&{text}`")


def _derefs(checker: Any) -> set[int]:
    """The names `&p` patterns bind (`n` of `Some(&n)`): values, not references."""
    return {id(b) for b, _, _ in getattr(checker.crate, "deref_binds", [])}


def mark_some_bindings(checker: Any, match: Any) -> None:
    """The name a `Some(m)` arm binds of a scrutinee that certainly is an `Option<&T>`
    (`match v.iter().max() { Some(m) => m, None => 0 }`, an `if let`): a `&T` (not `n` of
    `Some(&n)`)."""
    if shape(match.value) != OPTION_REF:
        return
    derefs = _derefs(checker)
    for arm in match.arms:
        pat = arm.pat
        if pat.kind == "some" and pat.subs and pat.subs[0].kind == "bind":
            binding = pat.subs[0].binding
            if binding is None or getattr(binding, "by_ref", False) or id(binding) in derefs:
                continue
            setattr(binding, references.BOUND_TO_BORROW, True)


def mark_if_let(checker: Any, e: Any) -> None:
    """`if let Some(m) = <an Option<&T>>`: `m` a `&T`, as `mark_some_bindings` for a `match`."""
    if shape(e.value) != OPTION_REF or getattr(e.binding, "by_ref", False):
        return
    if id(e.binding) not in _derefs(checker):
        setattr(e.binding, references.BOUND_TO_BORROW, True)


def refuse_self_moved_out(checker: Any, e: Method, fn: FnItem, recv: Any) -> None:
    """rustc's E0507 for a method taking `self` by value called on what certainly is a shared
    reference to a value not `Copy` (`r.into_v()` of `let r = &s;`, an item of `ss.iter()`)."""
    from pbpit.rust.interp.check_tables import not_copy
    from pbpit.rust.interp.grammar import rejects

    if fn.self_kind != "value" or e.recv.mut_borrow or not references.certainly_reference(e.recv):
        return
    if getattr(getattr(e.recv, "binding", None), "mut_ref", False) or not_copy(recv) is None:
        return
    shown = e.recv.binding.name if isinstance(e.recv, Local) else "_"
    what = f"cannot move out of `*{shown}` which is behind a shared reference"
    err = checker.fail(e.recv.pos, rejects(what, "E0507"))
    err.label = f"`*{shown}` moved because of this method call"
    if not hasattr(checker, "borrow_errors"):
        raise err
    checker.borrow_errors.append(err)  # (borrowck's: after the body's type errors)
