"""A move out of `*r` (`let owned: Sample = *s;`, `take(*s)`, `out.push(*row)`, `*a` given back)
where `r` is certainly a reference to a value that is not `Copy`: rustc's E0507, "cannot move
out of `*s` which is behind a shared reference". pbpit erases references, so it would copy
the value out.

Judged only where `r` certainly is one reference to values (not a `&&T`, whose `*r` is a `&T`
and `Copy`): a parameter written `&T` (`T` without `&`) or `&self` (the move check's
`behind`); `let r = &x;` and `let r = &v[0];` of a variable holding values all through (its
`values`); the item of a `for` over `v.iter()` (`&v`, through adapters that keep the items) of
such a `v`, and the parameter of such a closure taking an item (`map`, `for_each`, `any`..);
`let best = v.iter().max_by(..).unwrap();` (what `ref_results.shape` knows gives a `&T` of
`v.iter()`'s items). A pattern taking `*r` apart (`let (n, s) = *p;`) moves only the names
it binds that are not `Copy` (`let (n, _) = *p;` runs).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Closure, Field, Index, Let, Local, Method, Unsupported
from pbpit.rust.interp.place_moves import _kept, place_root_of_values
from pbpit.rust.interp.types import resolve, show

# Adapters whose items are their receiver's; the methods whose closure takes an item itself.
_KEEPING = frozenset(("rev", "skip", "take", "step_by", "peekable", "chain", "cycle", "fuse"))
_ITEM_TAKERS = frozenset(("map", "for_each", "any", "all", "position", "filter_map", "find_map"))
# What picks one item of an iterator, an `Option<&T>` then unwrapped
_PICKS = frozenset(("next", "last", "max", "min", "max_by", "min_by", "max_by_key", "min_by_key"))
_PICKS_TOO = frozenset(("find", "nth", "unwrap", "expect"))


def _of_values(check: Any, e: Any) -> bool:
    """Whether the place `e` is held by a variable of values all through (or behind a
    reference to such)."""
    root = place_root_of_values(e)
    return root is not None and (root.binding in check.values or root.binding in check.behind)


def items_of_values(check: Any, iterable: Any) -> bool:
    """Whether `iterable` gives references to values, one each: `v.iter()`, `&v`, `v.iter().rev()`
    of a `v` of values."""
    while isinstance(iterable, Method) and iterable.name in _KEEPING and not iterable.borrowed:
        iterable = iterable.recv
    if isinstance(iterable, Method) and iterable.name == "iter" and not iterable.args:
        return not iterable.borrowed and _of_values(check, iterable.recv)
    if isinstance(iterable, Local | Field) and iterable.borrowed and not iterable.mut_borrow:
        return _of_values(check, iterable)
    return False


def note_let(check: Any, stmt: Let) -> None:
    """`let r = &x;`, `let r = &v[0];`, `let b = v.iter().max_by(..).unwrap();` of values."""
    init, binding = stmt.init, stmt.binding
    if init is None or binding is None or stmt.declared is not None:
        return
    if init.borrowed and init.mut_borrow and isinstance(init, Local) and binding.name[:1] != "(":
        if init.binding in check.values:  # `let r = &mut h;`: `r.name` taken is E0507 too
            check.behind[binding] = "mutable"
        return
    if init.borrowed and not init.mut_borrow and isinstance(init, Local | Field | Index):
        if _of_values(check, init):
            check.single.add(binding)
        return
    picked = init
    while isinstance(picked, Method) and picked.name in _PICKS_TOO:
        picked = picked.recv
    if picked is not init and isinstance(picked, Method) and picked.name in _PICKS | _PICKS_TOO:
        if items_of_values(check, picked.recv):
            check.single.add(binding)


def note_for(check: Any, binding: Any, iterable: Any) -> None:
    """The item of `for s in v.iter()` of a `v` of values."""
    if binding is None or binding.name.startswith("("):
        return
    if items_of_values(check, iterable):
        check.single.add(binding)


def note_closure(check: Any, e: Method) -> None:
    """The parameter of `v.iter().map(|s| ..)` (an item itself, not `&&T`) of values, and of
    `v.first().map(|s| ..)`, `m.get(k).and_then(|s| ..)` (the `&T` an `Option<&T>` holds)."""
    if not e.args or not isinstance(e.args[-1], Closure) or e.borrowed:
        return
    closure = e.args[-1]
    if len(closure.params) != 1 or closure.param_tys[0] is not None:
        return
    if e.name in _OPTION_TAKERS and option_of_one_ref(check, e.recv):
        if closure.params[0] is not None and not closure.params[0].name.startswith("("):
            check.single.add(closure.params[0])
    elif e.name in _ITEM_TAKERS and len(e.args) == 1:
        note_for(check, closure.params[0], e.recv)


# The methods of an `Option<&T>` whose closure (the last argument) takes the `&T` itself.
_OPTION_TAKERS = frozenset(("map", "and_then", "is_some_and", "map_or", "map_or_else"))
# `v.first()`: an `Option<&T>` of an element, by the methods of a slice.
_ELEMENT_PICKS = frozenset(("first", "last", "get"))
_MAPS = (b"HashMap<", b"BTreeMap<")


def option_of_one_ref(check: Any, e: Any) -> bool:
    """Whether `e` certainly is an `Option<&T>` of one `&` to values: `v.iter().next()`,
    `v.iter().max()`, `.find(..)` of `v.iter()`, `v.first()`, `v.get(i)` of a `v` of values,
    `m.get(k)` of a map written with values that are no references."""
    if not isinstance(e, Method) or e.borrowed:
        return False
    if e.name in _PICKS | {"find", "nth"} and items_of_values(check, e.recv):
        return True
    if e.name == "as_ref" and not e.args and getattr(resolve(e.recv.ty), "kind", None) == "Option":
        return not e.recv.borrowed and _of_values(check, e.recv)  # `o.as_ref()`: `Option<&T>`
    if e.name not in _ELEMENT_PICKS or len(e.args) != (e.name == "get"):
        return False
    kind = getattr(resolve(e.recv.ty), "kind", None)
    if kind in ("Vec", "array"):
        return not e.recv.borrowed and _of_values(check, e.recv)
    return e.name == "get" and _map_of_values(check, e.recv)


def _map_of_values(check: Any, e: Any) -> bool:
    """Whether `e` is a variable of values (`HashMap<String, Vec<f32>>`), or written as a map
    whose values are no references (`HashMap<&str, String>`)."""
    if not isinstance(e, Local) or e.borrowed:
        return False
    if e.binding in check.values:
        return True
    written = getattr(e.binding, "written", None)
    if written is None:
        return _filled_with_values(check, e.binding)
    if not written.text.startswith(_MAPS):
        return False
    args = written.child_by_field_name("type_arguments")
    named = [c for c in args.named_children] if args is not None else []
    return len(named) == 2 and b"&" not in named[1].text and b"'" not in named[1].text


def _filled_with_values(check: Any, binding: Any) -> bool:
    """Whether the map `binding` (its type not written: `let mut m = HashMap::new();`) is given
    values only, no reference: each `m.insert(k, v)` of the body a `v` of values, one at least."""
    from pbpit.rust.interp.nodes import children
    from pbpit.rust.interp.owned_values import holds_values

    inserted: list[Any] = []
    stack = [getattr(check, "body", None)]
    while stack:
        node = stack.pop()
        if node is None:
            continue
        if isinstance(node, Method) and node.name == "insert" and len(node.args) == 2:
            if isinstance(node.recv, Local) and node.recv.binding is binding:
                inserted.append(node.args[1])
        stack.extend(children(node))
    kind = getattr(resolve(binding.ty), "kind", None) if binding.ty is not None else None
    if kind not in ("HashMap", "BTreeMap"):
        return False
    return bool(inserted) and all(holds_values(check, value) for value in inserted)


def one_ref(check: Any, e: Any) -> bool:
    """Whether `e` certainly is one `&` to values: `r` of `let r = &x;`, `o.unwrap()` of such an
    `Option<&T>` (`option_of_one_ref`)."""
    if isinstance(e, Local):
        return not e.borrowed and e.binding in check.single
    return (
        isinstance(e, Method)
        and e.name in ("unwrap", "expect")
        and not e.borrowed
        and option_of_one_ref(check, e.recv)
    )


def refuse(check: Any, e: Any, parts: list | None = None) -> None:
    """rustc's E0507 for `*r` moved. `parts`: the `let`s of a pattern taking `*r` apart (`let
    (n, s) = *p;`), of which only a binding not `Copy` moves."""
    operand = e.operand
    if e.op == "*" and not isinstance(operand, Local) and one_ref(check, operand):
        return _refuse_unnamed(check, e, parts)  # `*v.first().unwrap()`
    if e.op != "*" or not isinstance(operand, Local) or operand.borrowed:
        return
    binding = operand.binding
    if binding not in check.single and binding not in check.behind:
        return
    shown = f"*{binding.name}"
    if parts is not None:
        moved = [p for p in parts if p.binding is not None and _kept(p.binding) is not None]
        if not moved:
            return
        field = moved[0].init
        shown = binding.name + (f".{field.name}" if isinstance(field, Field) else "")
    elif _kept(e) is None:
        return
    kind = "mutable" if binding.mut_ref or check.behind.get(binding) == "mutable" else "shared"
    what = f"cannot move out of `{shown}` which is behind a {kind} reference"
    err = Unsupported(f"{check.path}:{e.pos[0]}:{e.pos[1]}", rejects(what, "E0507"))
    err.label = (
        f"move occurs because `{shown}` has type `{show(resolve(e.ty))}`, which does not "
        "implement the `Copy` trait"
    )
    raise err


def _refuse_unnamed(check: Any, e: Any, parts: list | None) -> None:
    """rustc's E0507 for `*o.unwrap()` of an `Option<&T>` moved: "a shared reference"."""
    if parts is not None:
        moved = [p for p in parts if p.binding is not None and _kept(p.binding) is not None]
        if not moved:
            return
        shown = show(resolve(moved[0].binding.ty))
    elif _kept(e) is None:
        return
    else:
        shown = show(resolve(e.ty))
    what = "cannot move out of a shared reference"
    err = Unsupported(f"{check.path}:{e.pos[0]}:{e.pos[1]}", rejects(what, "E0507"))
    err.label = (
        f"move occurs because value has type `{shown}`, which does not implement the `Copy` trait"
    )
    raise err
