"""`Acc::<f32>::new()`: a turbofish on a generic struct of the file (`struct Acc<T> { .. }`, its
`T` a value parameter, `generic_impls.py`) calling one of its associated functions that returns
`Self`. rustc gives `T` the type written, whatever the arguments or a later use would infer
(`Acc::<f32>::new()` then `a.push(0.1)` adds `f32`s); the call is lowered as `{ let a:
Acc<f32> = Acc::new(); a }`, so the type written is the one its instance is made for. A
turbofish on a backend parameter (`Model::<B>::new(..)`) stays typed away; one calling a
function that does not return `Self` is refused (pbpit would not give `T` its type).
`Vec::<f32>::new()` and `Vec::<f32>::with_capacity(n)` likewise: a `Vec<f32>`; `Some::<f32>(x)`,
`Ok::<T, E>(x)`, `Err::<T, E>(e)` the `Option` and `Result` written. A turbofish on another std
function (`max::<u8>(..)`, `iter::repeat::<f32>(..)`) is refused, as one pbpit would ignore.
"""

from __future__ import annotations

from typing import Any

Node = Any


def lower_call(lowerer: Any, node: Node, function: Node, args: list) -> Any | None:
    """The lowered call `Acc::<T>::name(args)` (`function` the path), or None when the path has
    no turbofish on a struct of the file with value parameters."""
    path = function.child_by_field_name("path")
    if path is None or path.type != "generic_type":
        return None
    base = path.child_by_field_name("type")
    if base.type not in ("identifier", "type_identifier"):
        return None
    item = lowerer.named_struct(lowerer.text(base))
    if item is None or not getattr(item, "params", None):
        return None
    name_node = function.child_by_field_name("name")
    fn = item.methods.get(lowerer.text(name_node))
    if fn is None or getattr(fn, "node", None) is None:
        return None  # (the associated call says rustc's E0599)
    ret = fn.node.child_by_field_name("return_type")
    written = lowerer.text(ret) if ret is not None else ""
    if written != "Self" and written != item.name and not written.startswith(f"{item.name}<"):
        what = f"a turbofish on `{item.name}` calling `{lowerer.text(name_node)}`, which does "
        raise lowerer.fail(path, what + "not return `Self`")
    declared = lowerer.type(path)  # `Acc<f32>`
    return _typed(lowerer, node, lowerer.associated_call(node, function, args), declared)


def vec_call(lowerer: Any, node: Node, made: Any, targs: Node, name: str) -> Any:
    """`Vec::<f32>::new()`, `Vec::<u8>::with_capacity(n)` (`made` the call without its
    turbofish): a `Vec` of the element type written (`Vec::<_>::new()`: inferred)."""
    from pbpit.rust.interp.types import vec

    kids = lowerer.kids(targs)
    if name not in ("new", "with_capacity") or len(kids) != 1:
        raise lowerer.fail(targs, f"a turbofish on `Vec::{name}`")
    if lowerer.text(kids[0]) == "_":
        return made
    return _typed(lowerer, node, made, vec(lowerer.type(kids[0])))


def variant_call(lowerer: Any, node: Node, made: Any, name: str, targs: Node | None) -> Any:
    """`Some::<f32>(x)` (an `Option<f32>`), `Ok::<f32, String>(x)`, `Err::<f32, String>(e)` (a
    `Result<f32, String>`): `made`, the call lowered without its turbofish, of the type
    written; `made` itself without a turbofish."""
    from pbpit.rust.interp.types import dyn_result, option

    if targs is None:
        return made
    kids = lowerer.kids(targs)
    if name == "Some" and len(kids) == 1:
        return _typed(lowerer, node, made, option(lowerer.type(kids[0])))
    if name in ("Ok", "Err") and len(kids) == 2:
        declared = dyn_result(lowerer.type(kids[0]), lowerer.type(kids[1]))
        return _typed(lowerer, node, made, declared)
    raise lowerer.fail(targs, f"this turbofish on `{name}`")


def refuse(lowerer: Any, targs: Node | None, name: str) -> None:
    """A turbofish on a std function pbpit would not give its types (`max::<u8>(..)`):
    refused, never ignored."""
    if targs is not None:
        raise lowerer.fail(targs, f"a turbofish on `{name}`")


def _typed(lowerer: Any, node: Node, value: Any, declared: Any) -> Any:
    """`{ let v: declared = value; v }`."""
    from pbpit.rust.interp.nodes import Block, Let, Local

    pos = lowerer.pos(node)
    saved = lowerer.open_scope()
    made = lowerer.declare("{turbofish}", False)  # a name no program writes
    made.owned = True
    let = Let(pos[0], made, declared, value, lowerer.in_scope)
    tail = Local(pos, made, lowerer.scope)
    visible = lowerer.in_scope
    lowerer.close_scope(saved)
    return Block(pos, [let], tail, visible)
