"""`let v: Vec<i32> = xs.iter().collect();`: the items of `iter()` are references, and a `Vec<T>`
is built only from items `T` (`Vec<T>: FromIterator<&T>` is not implemented), rustc's E0277.
pbpit erases references, so the checker's types agree; this follows which parts of an
iterator's items are certainly references through the adapters that keep them (`filter`,
`rev`, `enumerate`, ...) and a `map` closure that hands them on (`|(k, v)| (k, *v)`).

An item's shape: `REF` (a reference), a tuple of shapes, or None (a value, or not known). A
program is refused only when its `let` writes the element type with no `&` and no `_`."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import (
    Block,
    Closure,
    Field,
    Let,
    Local,
    Method,
    SomeLit,
    Static,
    TupleLit,
)
from pbpit.rust.interp.types import TupleT, Wrap, resolve, show

REF = "ref"

# Adapters whose items are their receiver's, as they are.
_KEEP = frozenset(
    ("filter", "rev", "skip", "take", "step_by", "skip_while", "take_while", "peekable", "inspect")
)


def refuse_collected_references(checker: Any, stmt: Let) -> None:
    """rustc's E0277 for `let v: Vec<T> = it.collect();` (`T` written without a reference)
    where the items of `it` are references, or tuples holding one."""
    init, binding = stmt.init, stmt.binding
    if not (isinstance(init, Method) and init.name == "collect" and not init.targs):
        return
    written = getattr(binding, "written", None)
    text = written.text.decode() if written is not None else ""
    if not text.startswith("Vec<") or "&" in text or "_" in text.replace(" ", "").split("<", 1)[1]:
        return
    shape = item_shape(init.recv)
    if not _holds_reference(shape):
        return
    made = resolve(init.ty)
    item = _shown(resolve(made.inner), shape) if type(made) is Wrap else "&_"
    target = show(resolve(stmt.declared)) if stmt.declared is not None else text
    what = f"a value of type `{target}` cannot be built from an iterator over elements of type "
    err = checker.fail(init.pos, rejects(f"{what}`{item}`", "E0277"))
    err.label = f"value of type `{target}` cannot be built from `std::iter::Iterator<Item={item}>`"
    raise err


def item_shape(e: Any) -> Any:
    """The shape of the items of the iterator `e`."""
    if isinstance(e, Static) and len(e.args) in (1, 2):
        return _made_shape(e)
    if not isinstance(e, Method):
        return None
    if e.name in _KEEP:
        return item_shape(e.recv)
    if e.name == "enumerate" and not e.args:
        inner = item_shape(e.recv)
        return (None, inner) if inner is not None else None
    if e.name == "map" and len(e.args) == 1 and isinstance(e.args[0], Closure):
        return _closure_shape(e.args[0], item_shape(e.recv))
    recv = resolve(getattr(e.recv, "ty", None))
    if type(recv) is Wrap and e.name == "range" and len(e.args) == 1:  # `s.range(a..)`
        return REF if recv.kind == "BTreeSet" else (REF, REF) if recv.kind == "BTreeMap" else None
    if type(recv) is not Wrap or e.args:
        return None
    if e.name == "iter" and recv.kind in ("Vec", "array", "BTreeSet", "HashSet"):
        return REF
    if e.name == "iter" and recv.kind in ("HashMap", "BTreeMap"):
        return (REF, REF)
    if e.name in ("keys", "values") and recv.kind in ("HashMap", "BTreeMap"):
        return REF
    return None


def _made_shape(e: Static) -> Any:
    """The items of `std::iter::from_fn(|| .. Some(&x))` and `successors(Some(&x), ..)`: the
    shape of the value in the `Some` the closure gives (the first item)."""
    name = e.name.rpartition("::")[2]
    if name == "from_fn" and len(e.args) == 1 and isinstance(e.args[0], Closure):
        given = e.args[0].body
        given = given.tail if isinstance(given, Block) else given
    elif name == "successors" and len(e.args) == 2:
        given = e.args[0]
    else:
        return None
    if isinstance(given, SomeLit) and not given.borrowed and given.value is not None:
        return _shape(given.value, {})
    return None


def _closure_shape(closure: Closure, param: Any) -> Any:
    """The shape of what `closure` returns given one item of shape `param`."""
    if param is None or len(closure.params) != 1 or closure.params[0] is None:
        return None
    if closure.param_tys[0] is not None:  # `|x: &i32|`: its written type decides
        return None
    first = closure.params[0]
    if first.name.startswith("(") and "&" in first.name:  # `|&x|`, `|(i, &x)|`: not followed
        return None
    shapes: dict[int, Any] = {id(first): param}
    body = closure.body
    if isinstance(body, Block):
        for stmt in body.stmts:
            if isinstance(stmt, Let) and stmt.binding is not None:
                shapes[id(stmt.binding)] = _pattern_part(stmt.init, shapes)
        body = body.tail
    return _shape(body, shapes)


def _pattern_part(init: Any, shapes: dict[int, Any]) -> Any:
    """The shape of a variable a closure's tuple pattern binds (`k` of `|(k, v)|`, lowered as
    `let k = (k, v).0;`): a part of a tuple of shapes, or a reference (match ergonomics bind
    each part of a `&(A, B)` by reference)."""
    if not (isinstance(init, Field) and isinstance(init.base, Local) and init.name.isdigit()):
        return None
    if not init.base.binding.name.startswith("("):  # `let n = p.0;` written: a value
        return None
    whole = shapes.get(id(init.base.binding))
    if whole == REF:
        return REF
    if isinstance(whole, tuple) and int(init.name) < len(whole):
        return whole[int(init.name)]
    return None


def _shape(e: Any, shapes: dict[int, Any]) -> Any:
    if e is None:
        return None
    if e.borrowed:
        return REF
    if isinstance(e, Local):
        return shapes.get(id(e.binding))
    if isinstance(e, TupleLit):
        parts = tuple(_shape(part, shapes) for part in e.elems)
        return parts if any(part is not None for part in parts) else None
    return None


def _holds_reference(shape: Any) -> bool:
    if shape == REF:
        return True
    return isinstance(shape, tuple) and any(_holds_reference(part) for part in shape)


def _shown(ty: Any, shape: Any) -> str:
    """The item's type as rustc shows it, with its references."""
    if shape == REF:
        return "&" + show(ty)
    if isinstance(shape, tuple) and type(ty) is TupleT and len(ty.elems) == len(shape):
        parts = zip(ty.elems, shape, strict=True)
        return "(" + ", ".join(_shown(resolve(t), s) for t, s in parts) + ")"
    return show(ty)
