"""A program's own `impl From<E> for MyErr { fn from(e: E) -> Self { .. } }` (std's
`convert::From`, in the prelude), the file not defining a trait `From`: what `?` converts an
error with (`s.parse::<i64>()?` in a function returning `Result<_, MyErr>` gives
`Err(MyErr::from(parse_error))`, as rustc desugars `?` to `From::from`), and what
`MyErr::from(e)` calls (`map_err(MyErr::from)` too), the impl chosen by the argument's type.

Read here (`lower_impl`): the one `fn from(e: E) -> Self` (another member or signature is
refused; two impls for one `E` are rustc's E0119), kept as a function of its own
(`<MyErr as From<E>>::from`) in the item's table (`impls`). `?` asks `find` for the impl
whose `E` is the error's type (`results._convert`); `MyErr::from(x)` is the `Static`
`<From>::from` (`lower_call`, typed and run by `FUNCTIONS`' row)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code, Function
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import FnItem, Static
from pbpit.rust.interp.types import StructT, Ty, resolve, show

Node = Any

_ATTR = "from_impls"  # a `StructItem`'s impls of `From`, in the order written
_PATHS = ("From", "convert::From", "std::convert::From", "core::convert::From")
_CALL = "<From>::from"  # (a path no Rust code can write: `From::from(x)` is not it)


@dataclass(eq=False)
class FromImpl:
    """`impl From<source> for Item`: the type converted from and the impl's `from`."""

    source: Ty
    fn: FnItem


def impls(item: Any) -> list[FromImpl]:
    return getattr(item, _ATTR, [])


def find(item: Any, given: Ty) -> FromImpl | None:
    """The impl of `From<given>` for `item`, or None."""
    shown = show(resolve(given))
    return next((i for i in impls(item) if show(resolve(i.source)) == shown), None)


def lower_impl(lowerer: Any, node: Node, item: Any, trait_node: Node) -> bool:
    """Read `impl From<E> for Item` (True), or leave any other trait to the caller (False)."""
    if trait_node.type != "generic_type":
        return False
    name_node = trait_node.child_by_field_name("type")
    written = lowerer.text(name_node).removeprefix("::")
    if written not in _PATHS or "From" in lowerer.trait_items:
        return False
    if written == "convert::From" and not _module_used(lowerer):
        return False
    args = lowerer.kids(trait_node.child_by_field_name("type_arguments"))
    if len(args) != 1 or node.child_by_field_name("type_parameters") is not None:
        raise lowerer.fail(node, f"this `impl {lowerer.text(trait_node)}` (a generic one)")
    if getattr(item, "params", []):
        raise lowerer.fail(node, f"`impl From` for the generic `{item.name}`")
    members = [
        m
        for m in lowerer.kids(node.child_by_field_name("body"))
        if m.type not in ("line_comment", "block_comment")
    ]
    if len(members) != 1 or members[0].type != "function_item":
        raise lowerer.fail(node, "this `impl From` (one `fn from(e: E) -> Self`)")
    member = members[0]
    if lowerer.text(member.child_by_field_name("name")) != "from":
        what = f"method `{lowerer.text(member.child_by_field_name('name'))}` is not a member of "
        raise lowerer.fail(member, rejects(what + "trait `From`", "E0407"))
    lowerer.self_type = item
    try:
        source = lowerer.type(args[0])
        fn = lowerer.signature(member)
    finally:
        lowerer.self_type = None
    if args[0].type == "reference_type":  # (references erased: `From<&str>` is refused)
        raise lowerer.fail(args[0], "`impl From` of a reference")
    ok = (
        not fn.self_kind
        and len(fn.param_tys) == 1
        and show(fn.param_tys[0]) == show(source)
        and show(fn.ret) == show(StructT(item))
    )
    if not ok:
        what = "this `fn from` (not the signature `From` declares: `fn from(value: T) -> Self`)"
        code = "E0185" if fn.self_kind else "E0050" if len(fn.param_tys) != 1 else "E0053"
        raise lowerer.fail(member, rejects(what, code))
    table = getattr(item, _ATTR, None)
    if table is None:
        table = []
        setattr(item, _ATTR, table)
    if any(show(i.source) == show(source) for i in table):
        what = f"conflicting implementations of trait `From<{show(source)}>` for type "
        raise lowerer.fail(node, rejects(what + f"`{item.name}`", "E0119"))
    fn.name = f"<{item.name} as From<{show(source)}>>::from"
    lowerer.fns[fn.name] = fn
    table.append(FromImpl(source, fn))
    return True


def _module_used(lowerer: Any) -> bool:
    from pbpit.rust.interp.uses import file_items

    for used in file_items(lowerer.src):
        path = used.path[1:] if used.path[0] == "::" else used.path
        if path[0] in ("std", "core") and path[1:] == ("convert",) and used.alias is None:
            return True
    return False


def lower_call(lowerer: Any, node: Node, item: Any, name: str, args: list) -> Static | None:
    """`MyErr::from(x)` of an item with `From` impls (and no method `from` of its own)."""
    if name != "from" or not impls(item) or "from" in item.methods:
        return None
    if len(args) != 1:
        from pbpit.rust.interp.check_tables import wrong_arity

        raise lowerer.fail(node, wrong_arity("function", 1, len(args)))
    call = Static(lowerer.pos(node), _CALL, args)
    call.from_item = item  # type: ignore[attr-defined]
    return call


def value(lowerer: Any, node: Node, item: Any, name: str) -> Any | None:
    """`MyErr::from` as a value (`map_err(MyErr::from)`): the closure `|e| MyErr::from(e)`."""
    from pbpit.rust.interp.fn_refs import _receiver_closure

    if item is None or name != "from" or not impls(item) or "from" in item.methods:
        return None
    pos = lowerer.pos(node)

    def call(arg: Any) -> Static:
        made = Static(pos, _CALL, [arg])
        made.from_item = item  # type: ignore[attr-defined]
        return made

    return _receiver_closure(lowerer, pos, f"{item.name}::from", None, call)


def _from_type(ck: Any, e: Any) -> Ty:
    item = e.from_item
    given = ck.expr(e.args[0])
    found = find(item, given)
    if found is None:
        what = f"the trait bound `{item.name}: From<{show(resolve(given))}>` is not satisfied"
        raise ck.fail(e.args[0].pos, rejects(what, "E0277"))
    e.from_impl = found
    return StructT(item)


def _from(comp: Any, e: Any, args: list[Code]) -> Code:
    (value,) = args
    return converter(comp, e.from_impl.fn, value)


def converter(comp: Any, fn: FnItem, value: Code) -> Code:
    """The code of the impl's `from` called on `value`'s."""
    cell = comp.fn_cells[fn.name]
    return lambda frame: cell[0]([value(frame)])


def convert(comp: Any, fn: FnItem) -> Any:
    """A function of an error value to the impl's `from` of it (`?`'s conversion)."""
    cell = comp.fn_cells[fn.name]
    return lambda error: cell[0]([error])


def check_into(ck: Any, e: Any, recv: Ty) -> Ty | None:
    """`e.into()` of a value no other rule types (a `ParseIntError`): what its use decides,
    settled with the body: a type of the file's with `impl From<E>` for the value's type (std's
    blanket `impl<T, U: From<T>> Into<U> for T`), else refused. None for another method."""
    from pbpit.rust.interp.types import Var

    if e.name != "into" or e.args:
        return None
    ck.args(e)
    target: Ty = Var()
    e.impl = _INTO

    def settle() -> None:
        found = resolve(target)
        made = find(found.item, recv) if type(found) is StructT else None
        if made is None:
            what = f"`.into()` of `{show(resolve(recv))}` into `{show(found)}`"
            raise ck.fail(e.pos, what + " (pbpit's: a type of the file with `impl From`)")
        e.converts = made.fn

    ck.settle_later.append(settle)
    return target


def _into(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    return converter(comp, e.converts, recv)


_INTO = Builtin("From", "into", None, "", _into)
"""`e.into()` of a program's `impl From<E>`: its `from`, chosen when the body's types settle."""

FUNCTIONS = [Function("<From>", "from", 1, _from_type, _from)]
"""`MyErr::from(x)` (`lower_call`'s `Static`), in `std_functions`' table."""
