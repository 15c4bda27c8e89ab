"""`for x in v.iter_mut() { *x -= lr * g; }`, `for x in &mut v`, `for (i, x) in
v.iter_mut().enumerate()`, `for (x, y) in v.iter_mut().zip(w.iter())` (or `.zip(&w)`, or
`.zip(w)` of a parameter `w: &[T]`; each `y` then `&w[i]`, `i` below the shorter length; the
body may not name `w`): run as rustc runs them, each element written in place.

pbpit erases references, so a `&mut f32` to an element cannot be held; the loop is lowered as
`for i in 0..v.len()` with every `*x` (and `x.field`, `x.method()`) the place `v[i]`. That is
the same loop when nothing else reaches `v` while it is borrowed, which rustc checks: so the
body may not name `v` (or, for `self.w.iter_mut()`, `self` but through another field), else the
loop is refused (not run). `x` used as a value of its own (`f(x)`, `let y = x;`) is refused too.
`v` must be declared `mut` (or be a `&mut`): rustc's E0596 otherwise.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import iter_mut_filters, mut_loop_uses
from pbpit.rust.interp.field_paths import VARIABLES, field_chain, method_called, receiver
from pbpit.rust.interp.grammar import rejects

PLACE = "element_place"
"""The attribute marking the `Index` node made for `x` (its `*x` is itself)."""
_SOURCE = "iter_mut_source"
"""The attribute of `x`'s binding: (the receiver's node, the index binding)."""
_HIDDEN = "iter_mut index"  # a name no Rust code can write


def lower_for_each(lowerer: Any, node: Any) -> Any | None:
    """`v.iter_mut().for_each(|x| *x /= n)` (or `.enumerate().for_each(|(i, x)| ..)`): the
    loop `for x in v.iter_mut() { *x /= n; }` it is, or None when `node` is no such call (a
    closure that is not a literal of one parameter, or whose body could leave it: `return`,
    `?`, a `break` or `continue`, which the loop would read otherwise)."""
    function = node.child_by_field_name("function")
    if function is None or function.type != "field_expression":
        return None
    if lowerer.text(function.child_by_field_name("field")) != "for_each":
        return None
    args = lowerer.kids(node.child_by_field_name("arguments"))
    if len(args) != 1 or args[0].type != "closure_expression":
        return None
    params = lowerer.kids(args[0].child_by_field_name("parameters"))
    body = args[0].child_by_field_name("body")
    if len(params) != 1 or body is None or any(c.type == "move" for c in args[0].children):
        return None
    stack = [body]
    while stack:
        part = stack.pop()
        if part.type in ("return_expression", "try_expression", "break_expression"):
            return None
        if part.type in ("continue_expression", "closure_expression"):
            return None
        stack.extend(part.children)
    value = function.child_by_field_name("value")
    if _looped_over(lowerer, value) is None:
        return None
    return lower_for(lowerer, node, (value, params[0], body))


def lower_for(lowerer: Any, node: Any, parts: tuple | None = None) -> Any | None:
    """The `For` node of `for x in v.iter_mut() {..}` (and its forms above), or None when the
    loop is not one (the caller lowers it as any `for`); `parts`: the iterable, the pattern
    and the body of `for_each`'s call `node` (`lower_for_each`)."""
    from pbpit.rust.interp import iter_mut_pairs, map_loops  # (they read its places)
    from pbpit.rust.interp.nodes import For, Lit, Method, RangeLit

    if parts is None:
        paired = iter_mut_pairs.lower_for(lowerer, node)  # `for (a, b) in v.iter_mut()`
        if paired is not None:
            return paired
        mapped = map_loops.lower_for(lowerer, node)  # `for (k, v) in &mut m`
        if mapped is not None:
            return mapped
        chunked = _lower_chunks(lowerer, node)  # `for row in v.chunks_mut(n)`
        if chunked is not None:
            return chunked
        parts = tuple(node.child_by_field_name(n) for n in ("value", "pattern", "body"))
    value, pattern, body_node = parts
    zipped = _zipped(lowerer, value, pattern)
    if zipped is not None and body_node.type == "block":  # `for (w, g) in ws.iter_mut()
        return _lower_zip(lowerer, node, zipped)  # .zip(gs.iter())`
    counted = _counted_zip(lowerer, value, pattern)  # `for (i, (w, g)) in ..zip(..).enumerate()`
    if counted is not None and body_node.type == "block":
        return _lower_zip(lowerer, node, counted[1], counted[0])
    backwards = method_called(lowerer, value) == "rev"  # `v.iter_mut().rev()`: the indices
    if backwards:  # `(0..len).rev()`
        value = receiver(value)
    window = _window(lowerer, value)  # `v.iter_mut().skip(k)`, `.take(k)`
    if window is not None:
        value = receiver(value)
    if backwards and (window is not None or iter_mut_filters.parts(lowerer, value) is not None):
        return None
    filtered = iter_mut_filters.parts(lowerer, value)  # `v.iter_mut().filter(|p| ..)`, `find`
    if filtered is not None:
        value = filtered[0]
    recv = _looped_over(lowerer, value)
    if recv is None or (window is not None and (recv[1] or _names_root(lowerer, recv[0], window))):
        return None  # (`.enumerate()` before `skip` numbers from 0; `skip(v.len())`: E0502)
    recv, enumerated = recv
    names = _names(lowerer, pattern, enumerated)
    if names is None:
        return None
    index_name, element_name = names
    conflict = _conflict(lowerer, recv, body_node)
    coded = mut_loop_uses.code_of(lowerer, conflict, body_node) if conflict else None
    if coded is not None:  # `w[0]` in `for x in w.iter_mut()`: rustc's E0502 (E0499)
        raise lowerer.fail(conflict, rejects(*coded))
    if conflict is not None:
        raise lowerer.fail(
            conflict,
            f"`{lowerer.text(conflict)}` inside a loop over `{lowerer.text(recv)}.iter_mut()` "
            "(pbpit runs the loop by index only when nothing else reaches the elements)",
        )
    loop = For(lowerer.pos(node), lowerer.label(node) if parts is None else None)
    pos = lowerer.pos(value)
    whole = lowerer.expr(recv)
    lowerer.mutable_place(recv.parent, whole)  # rustc's E0596 for a `v` not declared `mut`
    length = Method(pos, whole, "len", [], [])
    loop.iterable = RangeLit(pos, Lit(pos, "int", 0, None), length, False)
    if window is not None:  # the indices `k..len` (skip), `0..len.min(k)` (take)
        name, count = window[0], lowerer.expr(window[1])
        if name == "skip":
            loop.iterable = RangeLit(pos, count, length, False)
        else:
            shorter = Method(pos, length, "min", [], [count])
            loop.iterable = RangeLit(pos, Lit(pos, "int", 0, None), shorter, False)
    if backwards:
        loop.iterable = Method(pos, loop.iterable, "rev", [], [])
    saved = lowerer.open_scope()
    index = lowerer.declare(index_name or _HIDDEN, False)
    element = lowerer.declare(element_name, False)
    setattr(element, _SOURCE, (recv, index, lowerer.delta))
    lowerer.close_scope(saved)
    loop.binding = index
    lowerer.scope.loops.append(loop)
    loop.body = _body(lowerer, body_node, [index, element])
    if filtered is not None:
        loop.body = iter_mut_filters.guard(lowerer, loop.body, filtered, recv, index, loop)
    lowerer.scope.loops.pop()
    return loop


def _lower_chunks(lowerer: Any, node: Any) -> Any | None:
    """`for row in v.chunks_mut(n) { .. }`: a `for` over views of `v`'s rows (slices.py), `row`
    a `&mut [T]` (`row[j] = x`, `for x in row.iter_mut()` write through to `v`); None for
    another loop."""
    from pbpit.rust.interp import slices
    from pbpit.rust.interp.nodes import For

    value, pattern = node.child_by_field_name("value"), node.child_by_field_name("pattern")
    chunks = receiver(value) if method_called(lowerer, value) == "enumerate" else value
    if method_called(lowerer, chunks, 1) not in slices.CHUNKS_MUT:
        return None
    names = _names(lowerer, pattern, chunks is not value)
    if names is None:
        return None
    body_node = node.child_by_field_name("body")
    recv = receiver(chunks)
    conflict = _conflict(lowerer, recv, body_node) if _place(lowerer, recv) else None
    if conflict is not None:
        raise lowerer.fail(
            conflict,
            f"`{lowerer.text(conflict)}` inside a loop over `{lowerer.text(value)}` (pbpit "
            "runs the loop over views of the rows only when nothing else reaches them)",
        )
    loop = For(lowerer.pos(node), lowerer.label(node))
    loop.iterable = lowerer.expr(value)
    made = loop.iterable if chunks is value else loop.iterable.recv
    setattr(made, slices.CHUNKS_MUT_LOOP, True)
    saved = lowerer.open_scope()
    if chunks is value:
        loop.binding, lets = lowerer.declare(names[1], False), []
        rows = [loop.binding]
    else:  # `for (i, row) in v.chunks_mut(n).enumerate()`
        loop.binding, lets = lowerer.hidden_pattern(pattern)
        rows = [let.binding for let in lets if let.binding.name == names[1]]
    for row in rows:
        row.mut_ref = True  # (a `&mut [T]`: its elements may be assigned)
    lowerer.scope.loops.append(loop)
    loop.body = lowerer.block(body_node)
    lowerer.scope.loops.pop()
    lowerer.close_scope(saved)
    loop.body.stmts[:0] = lets
    return loop


def _window(lowerer: Any, value: Any) -> tuple[str, Any] | None:
    """(`skip` or `take`, its count's node) of `v.iter_mut().skip(k)` (`.take(k)`); else None."""
    name = method_called(lowerer, value, 1)
    if name not in ("skip", "take") or method_called(lowerer, receiver(value)) != "iter_mut":
        return None
    return name, lowerer.kids(value.child_by_field_name("arguments"))[0]


def _names_root(lowerer: Any, recv: Any, window: tuple[str, Any]) -> bool:
    """Whether the count of `skip`/`take` names the variable the loop lends (rustc's E0502:
    `v.iter_mut().skip(v.len() - 1)` reads `v` while `iter_mut` holds it)."""
    root = _fields(recv, lowerer)[0]
    return any(lowerer.text(n) == root for n in [window[1], *_names_in(window[1])])


def _body(lowerer: Any, node: Any, bindings: list) -> Any:
    """The loop's body: a block, or `for_each`'s closure's expression as the block `{ e; }`."""
    from pbpit.rust.interp.nodes import Block, ExprStmt

    if node.type == "block":
        return lowerer.block(node, bindings)
    saved = lowerer.open_scope(bindings)
    try:
        value = lowerer.expr(node)
    finally:
        visible = lowerer.in_scope
        lowerer.close_scope(saved)
    return Block(lowerer.pos(node), [ExprStmt(lowerer.pos(node)[0], value, True)], None, visible)


def _zipped(lowerer: Any, value: Any, pattern: Any) -> list | None:
    """The sides of `for (x, y) in v.iter_mut().zip(w.iter())`, nested zips too (`for ((p, g),
    m) in ps.iter_mut().zip(gs.iter()).zip(ms.iter_mut())`), each (the place looped over, whether
    mutably, the name bound): a side is `v.iter_mut()` or `&mut v` (mutably), `w.iter()`, `&w` or
    a `&` reference `w` (a parameter `w: &[T]`, the `row` of `for row in &rows`); each place a
    variable, a path of fields, or one indexed (`a[0]`, `a[k]`); at least one side mutable; else
    None."""
    if method_called(lowerer, value, 1) != "zip":
        return None
    sides = _zip_sides(lowerer, value, pattern)
    if sides is None or not any(mutable for _, mutable, _ in sides):
        return None
    return sides


def _zip_sides(lowerer: Any, value: Any, pattern: Any) -> list | None:
    if method_called(lowerer, value, 1) == "zip":
        if pattern.type != "tuple_pattern":
            return None
        parts = lowerer.kids(pattern)
        (other,) = lowerer.kids(value.child_by_field_name("arguments"))
        if len(parts) != 2:
            return None
        if (
            other.type == "reference_expression"
            and not any(c.type == "mutable_specifier" for c in other.children)
            and _shared_reference(lowerer, other.child_by_field_name("value"))
        ):
            raise _reference_twice(lowerer, value, other)  # `.zip(&row)` of `for row in &rows`
        left = _zip_sides(lowerer, receiver(value), parts[0])
        right = _zip_sides(lowerer, other, parts[1])
        return None if left is None or right is None else left + right
    mutable = False
    if method_called(lowerer, value) == "iter_mut":
        value, mutable = receiver(value), True
    elif method_called(lowerer, value) == "iter":
        value = receiver(value)
    elif value.type == "reference_expression":
        mutable = any(c.type == "mutable_specifier" for c in value.children)
        value = value.child_by_field_name("value")
    elif not _shared_reference(lowerer, value):  # `.zip(grads)` of `grads: &[f32]`: `.iter()`
        return None
    if not _place(lowerer, value):
        return None
    if pattern.type != "identifier" and (mutable or pattern.type not in _TAKEN_APART):
        return None  # (a side read shared may be taken apart: `(m, s)`, `&keep` of `.iter()`)
    return [(value, mutable, pattern)]


_TAKEN_APART = ("tuple_pattern", "reference_pattern")


def _shared_reference(lowerer: Any, node: Any) -> bool:
    """Whether `node` names a `&` reference: a parameter written so (`grads: &[f32]`,
    `&Vec<T>`), the variable of `for row in &rows` (or `rows.iter()`): zipped as it is, it yields
    `&T` items as `.iter()` does (a `Vec` by value would be moved)."""
    from pbpit.rust.interp.references import BOUND_TO_BORROW, ITEMS_BY_REFERENCE

    if node.type != "identifier":
        return False
    binding = lowerer.lookup(lowerer.text(node))
    if binding is None or binding.mut_ref:
        return False
    if getattr(binding, ITEMS_BY_REFERENCE, False) or getattr(binding, BOUND_TO_BORROW, False):
        return True
    return getattr(binding, "argument", False) and not binding.owned


def _reference_twice(lowerer: Any, call: Any, arg: Any) -> Any:
    """rustc's E0277 (at `zip`) for `&row` zipped where `row` is a `&Vec<T>` already:
    `&&Vec<T>` is no iterator (nor `IntoIterator`)."""
    inner = lowerer.lookup(lowerer.text(arg.child_by_field_name("value")))
    ty = getattr(inner, "written", None)
    shown = "&&" + (lowerer.text(ty).lstrip("&").strip() if ty is not None else "_")
    what = f"`{shown}` is not an iterator"
    function = call.child_by_field_name("function")
    name = function.child_by_field_name("field") if function is not None else None
    err = lowerer.fail(name if name is not None else arg, rejects(what, "E0277"))
    err.label = what
    return err


def _counted_zip(lowerer: Any, value: Any, pattern: Any) -> tuple | None:
    """(the counter's name, the sides) of `for (i, (w, g)) in ws.iter_mut().zip(gs.iter())
    .enumerate()`: the zip's loop, `i` its index; else None."""
    if method_called(lowerer, value) != "enumerate" or pattern.type != "tuple_pattern":
        return None
    parts = [c for c in pattern.named_children if c.type not in ("line_comment", "block_comment")]
    if len(parts) != 2 or parts[0].type != "identifier":
        return None
    sides = _zipped(lowerer, receiver(value), parts[1])
    return (parts[0], sides) if sides is not None else None


def _lower_zip(lowerer: Any, node: Any, sides: list, counter: Any = None) -> Any:
    """`for i in 0..v.len().min(w.len())` with each mutable side's name the place `v[i]` and
    each other's `let y = &w[i];` (`counter`: the name of `.enumerate()`'s count, `let c =
    i;`)."""
    from pbpit.rust.interp.nodes import For, Index, Let, Lit, Local, Method, RangeLit

    body_node = node.child_by_field_name("body")
    for k, (place, mutable, _) in enumerate(sides):
        for other, other_mutable, _ in sides[k + 1 :]:
            if (mutable or other_mutable) and _overlap(lowerer, place, other):
                raise _borrowed_twice(lowerer, other, mutable, other_mutable)
    for place, mutable, _ in sides:
        conflict = _conflict(lowerer, place, body_node)
        if conflict is None and not mutable:  # a side borrowed shared: the body may not name it
            root = _fields(place, lowerer)[0]
            conflict = next((n for n in _names_in(body_node) if lowerer.text(n) == root), None)
        if conflict is not None:
            raise lowerer.fail(
                conflict,
                f"`{lowerer.text(conflict)}` inside a loop over `{lowerer.text(sides[0][0])}"
                f"{'.iter_mut()' if sides[0][1] else '.iter()'}.zip(..)` (pbpit runs the loop by "
                "index only when nothing else reaches the items)",
            )
    loop = For(lowerer.pos(node), lowerer.label(node))
    pos = lowerer.pos(node.child_by_field_name("value"))
    shorter = None
    for place, mutable, _ in sides:
        whole = lowerer.expr(place)
        if mutable:
            lowerer.mutable_place(place.parent, whole)  # rustc's E0596 for a `v` not `mut`
        length = Method(pos, whole, "len", [], [])
        if shorter is None:
            shorter = length
        else:
            shorter = Method(pos, shorter, "min", [], [length])
    loop.iterable = RangeLit(pos, Lit(pos, "int", 0, None), shorter, False)
    saved = lowerer.open_scope()
    index = lowerer.declare(_HIDDEN, False)
    bindings, lets = [index], []
    if counter is not None:  # `i` of `.enumerate()`: the loop's index
        count = lowerer.declare(lowerer.text(counter), False)
        bindings.append(count)
        lets.append(Let(pos[0], count, None, Local(pos, index, lowerer.scope), lowerer.in_scope))
    for place, mutable, pattern in sides:
        read = None
        if not mutable:
            read = Index(pos, lowerer.expr(place), Local(pos, index, lowerer.scope), pos)
            read.borrowed, read.borrow_pos = True, pos
        if pattern.type in _TAKEN_APART:  # `let (m, s) = &stats[i];`, `let &keep = ..;`
            assert read is not None
            parts = lowerer.destructure(pattern, pattern, None, read)
            bindings.extend(let.binding for let in parts)
            lets.extend(parts)
            continue
        binding = lowerer.declare(lowerer.text(pattern), False)
        bindings.append(binding)
        if mutable:
            setattr(binding, _SOURCE, (place, index, lowerer.delta))
            continue
        binding.by_reference = True  # type: ignore[attr-defined]  # (references.py)
        lets.append(Let(pos[0], binding, None, read, lowerer.in_scope))
    lowerer.close_scope(saved)
    loop.binding = index
    lowerer.scope.loops.append(loop)
    loop.body = lowerer.block(body_node, bindings)
    lowerer.scope.loops.pop()
    loop.body.stmts[:0] = lets
    return loop


def _borrowed_twice(lowerer: Any, place: Any, first: bool, second: bool) -> Exception:
    """rustc's error at `place`, a side of a `zip` that reaches an earlier side's elements
    (`first`, `second`: whether each borrows mutably)."""
    borrowed = place.named_children[0] if place.type == "index_expression" else place
    name = lowerer.text(borrowed)
    if first and second:
        what, code = f"cannot borrow `{name}` as mutable more than once at a time", "E0499"
        label = "second mutable borrow occurs here"
    elif second:
        what = f"cannot borrow `{name}` as mutable because it is also borrowed as immutable"
        code, label = "E0502", "mutable borrow occurs here"
    else:
        what = f"cannot borrow `{name}` as immutable because it is also borrowed as mutable"
        code, label = "E0502", "immutable borrow occurs here"
    err = lowerer.fail(borrowed, rejects(what, code))
    err.label = label
    return err


def _overlap(lowerer: Any, one: Any, other: Any) -> bool:
    """Whether two places of one `zip` reach the same elements: the same root and one path of
    fields a prefix of the other (`self.m` and `self.v` are disjoint; `a[0]` and `a[1]` are
    not, an index borrowing all of `a`)."""
    (root, path), (root2, path2) = _fields(one, lowerer), _fields(other, lowerer)
    shared = min(len(path), len(path2))
    return root == root2 and path[:shared] == path2[:shared]


def _names_in(node: Any) -> list:
    found, stack = [], [node]
    while stack:
        part = stack.pop()
        stack.extend(part.children)
        if part.type in VARIABLES:
            found.append(part)
    return found


def element(lowerer: Any, node: Any, binding: Any) -> Any | None:
    """`x` (of `for x in v.iter_mut()`) where it is written: `v[i]`, when `x` is dereferenced,
    indexed or its field or method taken; None for any other binding."""
    from pbpit.rust.interp import iter_mut_pairs  # (it reads this module's places)
    from pbpit.rust.interp.nodes import Index, Local

    source = getattr(binding, _SOURCE, None)
    if source is None:
        return None
    recv, index, delta = source[:3]
    # a map's value, read as it is in a macro's arguments (`println!("{}", v)`: map_loops.py)
    readable = len(source) > 3 and source[3] and lowerer.delta != delta
    parent = node.parent
    deref = (
        parent is not None
        and parent.type == "unary_expression"
        and (lowerer.text(parent).startswith("*"))
    )
    member = (
        parent is not None
        and parent.type == "field_expression"
        and (parent.child_by_field_name("value") == node)
    )
    indexed = (  # `w[0]` of `w: &mut Vec<String>`: `v[i][0]`
        parent is not None
        and parent.type == "index_expression"
        and parent.named_children[0] == node
    )
    looped = (  # `for x in row` of `for row in rows.iter_mut()`: `rows[i][j]`
        parent is not None
        and parent.type == "for_expression"
        and parent.child_by_field_name("value") == node
    )
    lent = (  # `layer_norm(row, ..)` of `fn layer_norm(x: &mut [f64], ..)`: `&mut v[i]`
        parent is not None
        and parent.type == "arguments"
        and parent.parent is not None
        and parent.parent.type == "call_expression"
    )
    matched = (  # `match t { Tok::List(l) => l.push(2), .. }`: `match v[i]`, through a `&mut`
        parent is not None
        and parent.type == "match_expression"
        and parent.child_by_field_name("value") == node
    )
    if not (deref or member or indexed or readable or looped or lent or matched):
        raise lowerer.fail(
            node,
            f"`{binding.name}` of `iter_mut` used as a value (pbpit runs `*{binding.name}`, "
            f"`{binding.name}.field`, `{binding.name}[i]` and `{binding.name}.method()`)",
        )
    pos = lowerer.pos(node)
    # `v` is a node of the loop's tree, `x` may be one of a macro's arguments (`println!("{}",
    # x.name())`), re-parsed at another offset into the file: `v` is read at the loop's.
    here, lowerer.delta = lowerer.delta, delta
    try:
        whole = lowerer.expr(recv)
    finally:
        lowerer.delta = here
    place = Index(pos, whole, Local(pos, index, lowerer.scope), pos)
    place = iter_mut_pairs.part_of(binding, place, pos)  # `v[i].1` of `(a, b)`
    setattr(place, PLACE, True)
    if lent and not readable:  # (a `&mut` handed on: rustc reborrows it)
        place.borrowed = place.mut_borrow = True
        place.borrow_pos = pos
    return place


def mark_element(binding: Any, recv: Any, index: Any, delta: int, readable: bool) -> None:
    """Make `binding`'s uses the place `recv[index]` (`readable`: also where it is read)."""
    setattr(binding, _SOURCE, (recv, index, delta, readable))


def is_path(node: Any) -> bool:
    return _path(node)


def conflict(lowerer: Any, recv: Any, body: Any) -> Any | None:
    return _conflict(lowerer, recv, body)


def is_element(e: Any) -> bool:
    """Whether `e` is the place `v[i]` made for an `iter_mut` element."""
    return getattr(e, PLACE, False)


# -- reading the loop -----------------------------------------------------------------------------


def _looped_over(lowerer: Any, value: Any) -> tuple[Any, bool] | None:
    """The `v` of `v.iter_mut()`, `v.iter_mut().enumerate()` or `&mut v` (a variable or a path
    of fields), and whether the items are enumerated."""
    enumerated = False
    if method_called(lowerer, value) == "enumerate":
        value = receiver(value)
        enumerated = True
    if method_called(lowerer, value) == "iter_mut":
        recv = receiver(value)
    elif (
        value.type == "reference_expression"
        and not enumerated
        and any(c.type == "mutable_specifier" for c in value.children)
    ):
        recv = value.child_by_field_name("value")
    elif not enumerated and _lent(lowerer, value):  # `for x in g` of `g: &mut [f32]`
        recv = value
    else:
        return None
    return (recv, enumerated) if _place(lowerer, recv) else None


_SEQUENCES = ("array_type", "slice_type")


def _lent(lowerer: Any, node: Any) -> bool:
    """Whether `node` names a `&mut` to a sequence, whose `for x in node` walks `&mut T` items:
    a parameter or `let` written `&mut [T]`, `&mut [T; N]` or `&mut Vec<T>`, a `let r = &mut
    v;`, or the element of an outer loop by `&mut` (`row` of `for row in rows.iter_mut()`;
    the checker judges their types: a `&mut f32` looped over is refused there)."""
    if node.type != "identifier":
        return False
    binding = lowerer.lookup(lowerer.text(node))
    if binding is None or binding.name == "self" or _used_again(lowerer, node):
        return False
    if getattr(binding, _SOURCE, None) is not None:
        return len(getattr(binding, _SOURCE)) == 3  # (not a map's value: map_loops.py)
    if not binding.mut_ref or getattr(binding, "num_ref", False):
        return False
    written = getattr(binding, "written", None)
    if written is None:
        written = _parameter_type(lowerer, node, binding.name)
    if written is None:  # `let r = &mut w;` (a map's loop is `for (k, v) in r`, not this)
        return not getattr(binding, "argument", False)
    if written.type != "reference_type":
        return False
    inner = written.child_by_field_name("type")
    if inner is None:
        return False
    if inner.type in _SEQUENCES:
        return True
    return inner.type == "generic_type" and lowerer.text(
        inner.child_by_field_name("type")) == "Vec"


_LOOPS = ("for_expression", "while_expression", "loop_expression")
_BODIES = ("function_item", "closure_expression")


def _used_again(lowerer: Any, node: Any) -> bool:
    """Whether the `&mut` `node` names (`g` of `for x in g`) is used after the loop, which
    moves it: after the `for` in its block or an enclosing one, or by the next pass of an
    enclosing loop it was declared outside of. Such a loop is left to the `for` of values, whose
    move rustc's E0382 is found for (moves.py)."""
    name = lowerer.text(node)
    here = node.parent  # the `for`
    while here is not None and here.parent is not None and here.type not in _BODIES:
        parent = here.parent
        later = parent.children[[c.id for c in parent.children].index(here.id) + 1 :]
        for sibling in later:
            if sibling.type == "let_declaration" and name in _bound_names(lowerer, sibling):
                return False  # (shadowed from there on)
            if any(lowerer.text(n) == name for n in _names_in(sibling)):
                return True
        if parent.type in _LOOPS and not _declared_in(lowerer, parent, name, node):
            return True
        here = parent
    return False


def _bound_names(lowerer: Any, let: Any) -> set[str]:
    pattern = let.child_by_field_name("pattern")
    return {lowerer.text(n) for n in _names_in(pattern)} if pattern is not None else set()


def _declared_in(lowerer: Any, loop: Any, name: str, before: Any) -> bool:
    """Whether `loop`'s body binds `name` (a `let`, its own pattern) before `before`."""
    pattern = loop.child_by_field_name("pattern")
    if pattern is not None and name in {lowerer.text(n) for n in _names_in(pattern)}:
        return True
    stack = [loop.child_by_field_name("body")]
    while stack:
        part = stack.pop()
        if part is None or part.start_byte >= before.start_byte:
            continue
        if part.type == "let_declaration" and name in _bound_names(lowerer, part):
            return True
        stack.extend(part.children)
    return False


def _parameter_type(lowerer: Any, node: Any, name: str) -> Any | None:
    """The type written for the parameter `name` of the function (or closure) around `node`."""
    while node is not None and node.type not in ("function_item", "closure_expression"):
        node = node.parent
    if node is None:
        return None
    params = node.child_by_field_name("parameters")
    for param in lowerer.kids(params) if params is not None else []:
        pattern = param.child_by_field_name("pattern")
        if pattern is not None and lowerer.text(pattern) in (name, f"mut {name}"):
            return param.child_by_field_name("type")
    return None


def _path(node: Any) -> bool:
    """A variable or a chain of named fields of one (`self.w`, `layer.bias`)."""
    root, fields = field_chain(node)
    return root.type in VARIABLES and all(f.type == "field_identifier" for f in fields)


def _names(lowerer: Any, pattern: Any, enumerated: bool) -> tuple[str | None, str] | None:
    """(the index's name, the element's) of `x` or `(i, x)` / `(_, x)`; None for other
    patterns."""
    if not enumerated:
        return (None, lowerer.text(pattern)) if pattern.type == "identifier" else None
    if pattern.type != "tuple_pattern":
        return None
    parts = [c for c in pattern.children if c.is_named or c.type == "_"]
    if len(parts) != 2 or parts[1].type != "identifier":
        return None
    if parts[0].type == "identifier":
        return lowerer.text(parts[0]), lowerer.text(parts[1])
    return (None, lowerer.text(parts[1])) if parts[0].type == "_" else None


def _place(lowerer: Any, node: Any) -> bool:
    """A path (`_path`) or one indexed once by a literal or by a variable the loop's body does
    not write or bind again (`a[0]`, `self.rows[k]`): read again at each `*x`, it must stay the
    same place."""
    if node.type != "index_expression":
        return _path(node)
    base, index = node.named_children[0], node.named_children[-1]
    if not _path(base) or index.type not in ("integer_literal", "identifier"):
        return False
    if index.type == "identifier":
        body = _loop_of(node)
        names = _names_in(body) if body is not None else []
        return body is not None and not any(_rebound(n) for n in names if n.text == index.text)
    return True


def _loop_of(node: Any) -> Any | None:
    """The body of the `for` (or `for_each`'s closure) whose iterable holds `node`."""
    while node is not None:
        if node.type == "for_expression":
            return node.child_by_field_name("body")
        function = node.child_by_field_name("function") if node.type == "call_expression" else None
        field = function.child_by_field_name("field") if function is not None else None
        if field is not None and field.text == b"for_each":
            args = node.child_by_field_name("arguments")
            closures = [c for c in args.named_children if c.type == "closure_expression"]
            return closures[0].child_by_field_name("body") if closures else None
        node = node.parent
    return None


_BINDING_PARENTS = (
    "let_declaration", "assignment_expression", "compound_assignment_expr", "closure_parameters",
    "for_expression", "tuple_pattern", "tuple_struct_pattern", "struct_pattern", "field_pattern",
    "slice_pattern", "or_pattern", "match_pattern", "mut_pattern", "ref_pattern",
    "captured_pattern", "parameter", "reference_expression", "if_let_expression", "let_condition",
)


def _rebound(node: Any) -> bool:
    """Whether the name `node` may be bound again or written there (a pattern, an assignment,
    `&mut k`): conservatively, any such parent."""
    return node.parent is not None and node.parent.type in _BINDING_PARENTS


def _fields(node: Any, lowerer: Any) -> tuple[str, list[str]]:
    """The text of the root of `node`'s field chain and the names of its fields, in order (of
    an indexed path `a.b[k]`, those of `a.b`: the index borrows all of it)."""
    if node.type == "index_expression":
        node = node.named_children[0]
    root, fields = field_chain(node)
    return lowerer.text(root), [lowerer.text(f) for f in fields]


def _conflict(lowerer: Any, recv: Any, body: Any) -> Any | None:
    """A use in the body of what the loop borrows mutably (rustc's E0499/E0502 there, or at
    least a use pbpit's lowering would change): the root variable itself, a method called on
    it, or a path that is a prefix of or extends the receiver's."""
    root, path = _fields(recv, lowerer)
    stack = [body]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type not in VARIABLES or lowerer.text(node) != root:
            continue
        if node.parent is not None and node.parent.type in ("field_identifier",):
            continue
        # climb the field chain the name starts
        top, names = node, []
        while (
            top.parent is not None
            and top.parent.type == "field_expression"
            and top.parent.child_by_field_name("value") == top
        ):
            top = top.parent
            names.append(lowerer.text(top.child_by_field_name("field")))
        shared = 0
        while shared < min(len(names), len(path)) and names[shared] == path[shared]:
            shared += 1
        diverges = shared < len(names) and shared < len(path)
        called = (  # `self.w(..)`, a method of the variable (or of a prefix of the path)
            top.parent is not None
            and top.parent.type == "call_expression"
            and top.parent.child_by_field_name("function") == top
        )
        if not diverges or (called and len(names) - 1 <= shared):
            return node
    return None
