"""`fn evens(n: usize) -> impl Iterator<Item = usize> { (0..n).filter(|i| i % 2 == 0) }`: a
function returning an iterator whose type it does not name. Its callers use it only through
`Iterator`'s methods, so pbpit types it as the iterator of `X` (`Wrap("Iter", X)`), as an
`impl Iterator<Item = X>` parameter is (`iterator_params`).

What rustc rejects of it (edition 2021):
- a hidden type capturing a lifetime the bounds do not name (E0700): pbpit takes the result
  without `+ '_` only from a function whose parameters hold no reference (and no `&self`), and
  with `+ '_` (or `+ 'a`) only where elision names one lifetime (else it refuses);
- an iterator borrowing a local of the function, `v.iter()` of its own `v`: E0597 ("opaque
  type requires that `v` is borrowed for `'static`"), E0515 where `+ '_` names a lifetime;
- a closure of the iterator, not `move`, naming a local of the function (E0373)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import struct_lifetimes
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import Ty

_BORROWING = frozenset(
    ("iter", "iter_mut", "chars", "bytes", "char_indices", "split_whitespace", "split", "lines")
) | {"windows", "chunks", "chunks_exact", "keys", "values", "values_mut", "drain", "as_str"}
"""Methods whose iterator (or view) borrows the receiver."""


def result_type(lowerer: Any, node: Any) -> Ty | None:
    """The type of `impl Iterator<Item = X>` (or `impl Iterator<Item = X> + '_`) written as
    the result of a function item (`node`); None for another type or place."""
    from pbpit.rust.interp.iterator_params import iterator_item
    from pbpit.rust.interp.lifetimes import _lifetimes

    parent, bound = node.parent, None
    if node.type == "bounded_type":
        parts = lowerer.kids(node)
        if len(parts) != 2 or parts[0].type != "abstract_type" or parts[1].type != "lifetime":
            return None
        node, bound = parts[0], lowerer.text(parts[1])
    elif node.type != "abstract_type":
        return None
    if parent is None or parent.type != "function_item":
        return None
    if parent.child_by_field_name("return_type") != (node if bound is None else node.parent):
        return None
    made = iterator_item(lowerer, node.child_by_field_name("trait"))
    if made is None:
        return None
    borrowed_self, count, names = False, 0, set()
    params = parent.child_by_field_name("parameters")
    for param in params.named_children if params is not None else ():
        if param.type == "self_parameter":
            borrowed_self = borrowed_self or any(c.type == "&" for c in param.children)
            continue
        kind = param.child_by_field_name("type")
        if kind is not None:
            elided, named = _lifetimes(kind, lowerer.text)
            count, names = count + len(elided), names | (named - {"'static"})
    if bound is None and not borrowed_self and count + len(names) == 0:
        return made
    if bound == "'_" and (borrowed_self or count + len(names) == 1):
        return made
    if bound is not None and bound != "'_" and bound in names:
        return made
    what = "an `impl Iterator` result whose lifetime pbpit does not check (`+ '_` of one reference)"
    raise lowerer.fail(node, what)


def tail_type(checker: Any, body: Any, tail: Any, ret: Ty, found: Ty) -> Ty:
    """The type of a function's result `tail` (of type `found`; `body` the function's body)
    where its result `ret` is taken: a `&String` made a `&str` (`deref_coercion.coerced`), a
    range an `impl Iterator` result (`iterator_params.given`)."""
    from pbpit.rust.interp import deref_coercion, iterator_params

    found = deref_coercion.coerced(checker, tail, ret, found) if tail is not body else found
    return iterator_params.given(checker, tail, ret, found)


def refuse_returned(checker: Any, fn: Any) -> None:
    """What `fn` returns that borrows what it drops: `&v[0]` of its own `v` (`lifetimes`'
    E0515), an `impl Iterator` of it (`refuse_escaping`)."""
    from pbpit.rust.interp.lifetimes import refuse_returned_local

    refuse_returned_local(checker, fn)
    refuse_escaping(checker, fn)
    struct_lifetimes.refuse_returned_struct(checker, fn)  # `View { xs: &v }`: E0515


def refuse_escaping(checker: Any, fn: Any) -> None:
    """rustc's E0597 (E0515 under `+ '_`) for a returned iterator borrowing a local of `fn`
    (`v.iter()` of its own `v`), its E0373 for a closure of it (not `move`) naming one;
    nothing unless `fn`'s result is an `impl Iterator`."""
    from pbpit.rust.interp.nodes import Block, Closure, Method, returned_values

    written = fn.node.child_by_field_name("return_type") if fn.node is not None else None
    if written is None or written.type not in ("abstract_type", "bounded_type"):
        return
    if fn.body is None or not isinstance(fn.body, Block):
        return
    for value in returned_values(fn.body):
        while isinstance(value, Method) and value.name != "collect":
            for arg in value.args:
                if isinstance(arg, Closure) and not arg.is_move:
                    _refuse_capture(checker, arg)
            if value.name in _BORROWING:
                _refuse_local_root(checker, value.recv, written.type == "bounded_type")
            value = value.recv


def _refuse_capture(checker: Any, closure: Any) -> None:
    from pbpit.rust.interp.escaping_closures import _first_capture

    captured = _first_capture(closure)
    if captured is None:
        return
    name = captured.binding.name
    what = (
        f"closure may outlive the current function, but it borrows `{name}`, which is owned "
        "by the current function"
    )
    err = checker.fail(closure.pos, rejects(what, "E0373"))
    err.label = f"may outlive borrowed value `{name}`"
    err.end = getattr(closure, "head_end", None) or closure.pos  # `|x|`: where rustc points
    raise err


def _refuse_local_root(checker: Any, recv: Any, bounded: bool) -> None:
    from pbpit.rust.interp.nodes import Field, Local

    root = recv
    while isinstance(root, Field):
        root = root.base
    if not isinstance(root, Local) or recv.borrowed or not root.binding.owned:
        return
    if root.binding.name == "self":
        return
    name = root.binding.name
    if not bounded:  # the opaque type is `'static`
        err = checker.fail(root.pos, rejects(f"`{name}` does not live long enough", "E0597"))
        err.label = "borrowed value does not live long enough"
        err.end = (root.pos[0], root.pos[1] + len(name))
        raise err
    what = f"cannot return value referencing local variable `{name}`"
    err = checker.fail(root.pos, rejects(what, "E0515"))
    err.label = "returns a value referencing data owned by the current function"
    raise err
