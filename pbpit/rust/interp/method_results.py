"""Whether a method call's result holds values all through, no shared reference inside, so
that its type, as the checker gives it, says whether it is `Copy` (pbpit erases references:
its `Option<Vec<f32>>` may be rustc's `Option<&Vec<f32>>`, which is `Copy`).

The move check (`moves.py`) asks this of `let g = o.take().unwrap_or_default();`: `g` holds a
value not `Copy`, so `apply(g); apply(g)` is rustc's E0382, whatever the method. A method's
result is made of its receiver's values when the receiver holds values all through and the
method hands them out as its receiver declares:

- it takes `self` by value (`unwrap_or`, `into_iter`, an iterator's `last`): what it gives
  back came out of the value it consumed, never a reference into it;
- it takes `&mut self` (a row the checker marks `mutates`: `take`, `replace`, `pop`, `remove`,
  `drain`; an iterator's `next`): it gives its receiver's parts out by value, or a `&mut`
  borrow (`get_mut`), which is not `Copy` either.

A map whose written value type holds no reference (`HashMap<&str, Vec<u8>>`: its keys may)
hands out values by its `&mut self` methods (`m.remove("w")`, `m.insert(k, v)`'s old value).

A method taking `&self` (`first`, `get`, `iter`, `as_ref`, `peek`) lends: its result may be
a reference, so it is not followed (pbpit then misses a move, never invents one).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.nodes import (
    Assign,
    Closure,
    Field,
    Let,
    Lit,
    Local,
    Method,
    Static,
    children,
)
from pbpit.rust.interp.rc_refcell import is_guard
from pbpit.rust.interp.types import BOOL, CHAR, STR, STRING, Wrap, is_number, resolve, show

# `Iterator`'s methods declared `&mut self` that give an item out (the iterators' rows type them
# by rules of their own, without the row's `mutates`); `peek` lends (`Option<&Item>`).
_PULLS = frozenset(("next", "nth", "next_back", "nth_back", "find", "find_map"))


def takes_mut_self(e: Method) -> bool:
    """Whether std declares the method `&mut self` (the checker's row says so)."""
    if getattr(e.impl, "mutates", False):
        return True
    recv = resolve(e.recv.ty) if e.recv.ty is not None else None
    return type(recv) is Wrap and recv.kind == "Iter" and e.name in _PULLS


def hands_out_values(check: Any, e: Method, takes_self: bool) -> bool:
    """Whether the result of `e`, a method of std, holds values all through: its receiver does,
    and the method takes it by value (`takes_self`) or by `&mut self`. `check` is the move
    check (its `holds_values`, and the variables it knows hold values or reach them)."""
    if e.user is None and not e.borrowed and is_guard(e):  # `let g = rc.borrow();`: a `Ref`
        return True  # (never `Copy`, whatever it derefs to: rc_refcell.py)
    if e.user is not None or e.borrowed or not _made_of_receiver(check, e):
        return False
    closure = e.args[0] if e.name == "map" and len(e.args) == 1 else None
    if takes_self and isinstance(closure, Closure) and _gives_value(check, closure.body):
        return True  # its items are what the closure makes: values (`iter().map(|x| ..)` too)
    if takes_self:
        return check.holds_values(e.recv)
    return takes_mut_self(e) and (_values_place(check, e.recv) or _map_value(e))


def _made_of_receiver(check: Any, e: Method) -> bool:
    """Whether the result of `e` is made of its receiver's parts, not of what its arguments
    give (`o.map(|v| &table[v])`: an `Option<&String>`; `a.into_iter().zip(b.iter())`: pairs
    holding a `&String`): each closure that makes the result's element (its body of that type:
    `map(|n| format!(..))`, not a predicate's `bool` nor a comparator's `Ordering`) gives values,
    and the result is of the receiver's own type or its element type (`take`, `pop`,
    `unwrap_or(..)`, `filter`), else every other argument gives values."""
    try:
        result, recv = resolve(e.ty), resolve(e.recv.ty)
        inner = resolve(recv.inner) if type(recv) is Wrap else None
        element = resolve(result.inner) if type(result) is Wrap else None
        others = []
        for arg in e.args:
            if not isinstance(arg, Closure) and type(arg).__name__ != "FnRef":
                others.append(arg)
                continue
            body = resolve(arg.body.ty) if isinstance(arg, Closure) else None
            if body is None or _same(body, result) or (element and _same(body, element)):
                if body is None or not _gives_value(check, arg.body):
                    return False  # (a function given by name: what it returns not read)
        if _same(result, recv) or (
            inner is not None and (_same(result, inner) or (element and _same(element, inner)))
        ):
            return True
    except Exception:  # a type the checker left open
        return False
    return all(check.holds_values(arg) for arg in others)


# std's methods making a new `String` or collection whatever their receiver (`s.to_uppercase()`
# of a `&String`), never a reference (`clone`, `to_owned` of a `&&str` give a `&str`)
_FRESH = frozenset(
    ("to_uppercase", "to_lowercase", "to_ascii_uppercase", "to_ascii_lowercase", "repeat")
    + ("replace", "replacen", "to_vec", "into_sorted_vec", "into_vec", "split_off")
)
_NEVER_COPY = ("Vec", "VecDeque", "HashMap", "BTreeMap", "HashSet", "BTreeSet", "BinaryHeap")


def fresh_container(e: Any) -> bool:
    """Whether `e` is a std method making a new `String` or collection, a value never `Copy`
    whatever its receiver and elements (`heap.into_sorted_vec()`, `v.split_off(2)`,
    `s.to_uppercase()`): its signature returns no reference."""
    if not isinstance(e, Method) or e.user is not None or e.name not in _FRESH or e.borrowed:
        return False
    ty = resolve(e.ty)
    return ty is STRING or type(ty) is Wrap and ty.kind in _NEVER_COPY


def _gives_value(check: Any, body: Any) -> bool:
    """Whether a closure's body gives a value holding values (`format!(..)`, `vec![x]`), or a
    new `String` or collection, not `Copy` whatever it holds (`s.to_uppercase()`,
    `r.to_vec()`, `Vec::new()`)."""
    if check.holds_values(body):
        return True
    if fresh_container(body):
        return True
    if not isinstance(body, Static) or body.borrowed:  # (`Vec::new` given by name)
        return False
    ty = resolve(body.ty)
    return ty is STRING or type(ty) is Wrap and ty.kind in _NEVER_COPY


def _same(a: Any, b: Any) -> bool:
    """Whether two types the checker gave are the same, both known (each use of a type
    parameter may be its own object)."""
    a, b = resolve(a), resolve(b)
    if a is b:
        return True
    shown = show(a)
    return "_" not in shown and shown == show(b)


def _values_place(check: Any, place: Any) -> bool:
    """Whether the receiver of a `&mut self` method holds values all through: a value made so
    (`v.clone().into_iter()`), or a place whose variable holds values or is a reference to such
    (`self.grads` in a `&mut self` method, `q: &mut VecDeque<Job>`), each field written without
    `&`."""
    if check.holds_values(place):
        return True
    from pbpit.rust.interp.place_moves import valued_field

    if isinstance(place, Field) and not valued_field(place):
        return False
    while isinstance(place, Field) and not place.borrowed:
        place = place.base
    if not isinstance(place, Local) or place.borrowed:
        return False
    binding = place.binding
    if binding in check.values or check.behind.get(binding) == "mutable":
        return True
    return _filled_with_values(check, binding)


def _filled_with_values(check: Any, binding: Any) -> bool:
    """Whether `binding` is a collection made empty (`let mut batches = Vec::new();`) that the
    function fills with values only: every `&mut self` method given it arguments (`push`,
    `insert`) is given values (`vec![1.0]`, a `String` made), and it is neither assigned nor
    lent `&mut` (where a reference could come in)."""
    cache = check.__dict__.setdefault("_filled", {})
    if id(binding) not in cache:
        cache[id(binding)] = _filled(check, binding)
    return cache[id(binding)]


def _filled(check: Any, binding: Any) -> bool:
    body = getattr(check, "body", None)
    made = False
    stack: list[tuple[Any, Any]] = [(body, None)] if body is not None else []
    while stack:
        node, parent = stack.pop()
        stack.extend((child, node) for child in children(node))
        if isinstance(node, Let) and node.binding is binding:
            init = node.init
            made = isinstance(init, Static) and not init.borrowed and _empty(init)
            if not made:
                return False
        if not isinstance(node, Local) or node.binding is not binding:
            continue
        if node.mut_borrow or (isinstance(parent, Assign) and parent.target is node):
            return False
        if isinstance(parent, Method) and parent.recv is node and _lends_entry(parent):
            return False  # (`m.entry(k).or_insert(&w)`: what the `Entry` is given not read)
        if isinstance(parent, Method) and parent.recv is node and parent.args:
            if not takes_mut_self(parent):
                continue
            if not all(_stores_values(check, parent, arg) for arg in parent.args):
                return False
    return made


def _lends_entry(call: Method) -> bool:
    try:
        ty = resolve(call.ty)
    except Exception:  # a type the checker left open
        return True
    return type(ty) is Wrap and ty.kind == "Entry"


def _stores_values(check: Any, call: Method, arg: Any) -> bool:
    """Whether `arg` of a `&mut self` call of the collection brings no reference in: an
    element (a map's value) that holds values, or a key or an index (a number, a `str`, a
    `String`: `m.remove("w")`, `v.insert(0, x)`); anything else (`extend(names.iter())`, a
    closure) may."""
    try:
        ty, recv = resolve(arg.ty), resolve(call.recv.ty)
    except Exception:  # a type the checker left open
        return False
    if type(recv) is Wrap and _same(ty, recv.inner):
        return bool(check.holds_values(arg))
    return is_number(ty) or ty in (STR, STRING, BOOL, CHAR)


def _empty(init: Static) -> bool:
    """`Vec::new()`, `HashMap::with_capacity(n)`: a collection made with nothing in it."""
    ty = resolve(init.ty) if init.ty is not None else None
    if type(ty) is not Wrap or ty.kind not in ("Vec", "VecDeque", "HashMap", "BTreeMap"):
        return False
    return all(isinstance(arg, Lit | Local) and not arg.borrowed for arg in init.args)


def _map_value(e: Method) -> bool:
    """Whether `e`, a `&mut self` method of a map variable whose written value type holds no
    reference (`m: HashMap<&str, Vec<u8>>`: its keys may), gives out a value of the map's value
    type, or an `Option` of one (`m.remove("w")`)."""
    recv = e.recv
    if not isinstance(recv, Local) or recv.borrowed or e.ty is None or recv.ty is None:
        return False
    kind = resolve(recv.ty)
    if type(kind) is not Wrap or kind.kind not in ("HashMap", "BTreeMap"):
        return False
    written = getattr(recv.binding, "written", None)
    args = written.child_by_field_name("type_arguments") if written is not None else None
    if args is None or not args.named_children or b"&" in args.named_children[-1].text:
        return False
    result = resolve(e.ty)
    if type(result) is Wrap and result.kind == "Option":
        result = resolve(result.inner)
    return _same(result, kind.inner)
