"""`if let Some(x) = v.last_mut() { *x += 1.0; }` (and `v.first_mut()`): the end element of a
`Vec` written in place, as rustc runs it.

pbpit erases references, so `x` cannot hold a `&mut T` into `v`; as for `v.get_mut(i)`
(`hashmap.get_mut_place`), `x` is the element's value, a `&mut` binding the body writes
(`*x = ..`, `*x += ..`, `x.push(..)`), written back to `v[0]` (`v[v.len() - 1]`) after the
body. That is the same program when nothing else reaches `v` while `x` borrows it, which rustc
checks: the body may not name `v` nor leave early (both refused, not run).

`*v.last_mut().unwrap() = x;` (`+=`.., `.expect(msg)`, `first_mut`) is the assignment to
`v[i]`, `i` the end's index (`Some(i)`, None when `v` is empty: the `unwrap` panics as std's,
at its call). `v.last_mut().unwrap().w -= x` of a `Vec` of structs writes the field of the
element itself (a struct is shared). Anywhere else (`let l = v.last_mut().unwrap();`) the
method is refused: pbpit cannot hold the reference."""

from __future__ import annotations

from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp.builtins import Builtin, Code, _inner
from pbpit.rust.interp.field_paths import method_called, receiver
from pbpit.rust.interp.types import USIZE, Ty, option, show

ENDS = ("first_mut", "last_mut")


def key(lowerer: Any, name: str, holder: Any, pos: Any) -> Any:
    """The index written back for `x` of `holder.name()`: `0`, or `holder.len() - 1`."""
    from pbpit.rust.interp.nodes import Binary, Lit, Method

    if name == "first_mut":
        return Lit(pos, "int", 0, None)
    length = Method(pos, lowerer.expr(holder), "len", [], [])
    return Binary(pos, "-", length, Lit(pos, "int", 1, None))


_PLACES = ("identifier", "field_expression", "self")
END_INDEX = "end_index"
"""The attribute of `v.last_mut()` in `*v.last_mut().unwrap() = x`: it gives the index."""


def deref_assignment(lowerer: Any, node: Any, left: Any, value: Any, op: Any) -> Any | None:
    """`*v.last_mut().unwrap() op= value` as `{ let a = value; let i = v.last_mut().unwrap();
    v[i] op= a; }`, `i` the index (`END_INDEX`): the value first, as rustc evaluates an
    assignment's and a primitive compound assignment's operands; None for another `*x`."""
    from pbpit.rust.interp.nodes import Assign, Block, ExprStmt, Index, Let, Local, Method

    call = left.named_children[0] if left.named_children else None
    if call is None:
        return None
    if method_called(lowerer, call) != "unwrap" and method_called(lowerer, call, 1) != "expect":
        return None
    end = receiver(call)
    name = method_called(lowerer, end)
    if name not in ENDS or receiver(end).type not in _PLACES:
        return None
    holder = receiver(end)
    pos, line = lowerer.pos(left), lowerer.pos(node)[0]
    at = lowerer.pos(end.child_by_field_name("function").child_by_field_name("field"))
    index = Method(at, lowerer.expr(holder), name, [], [])
    setattr(index, END_INDEX, True)
    field = call.child_by_field_name("function").child_by_field_name("field")
    args = [lowerer.expr(a) for a in lowerer.kids(call.child_by_field_name("arguments"))]
    unwrapped = Method(lowerer.pos(field), index, lowerer.text(field), [], args)
    saved = lowerer.open_scope()
    given = lowerer.declare("assigned value", False)  # (names no Rust code can write)
    found = lowerer.declare("end index", False)
    visible = lowerer.in_scope
    lowerer.close_scope(saved)
    place = Index(pos, lowerer.expr(holder), Local(pos, found, lowerer.scope), pos)
    assign = Assign(lowerer.pos(node), place, Local(value.pos, given, lowerer.scope), op)
    stmts = [
        Let(line, given, None, value, visible),
        Let(line, found, None, unwrapped, visible),
        ExprStmt(line, assign, True, visible),
    ]
    return Block(lowerer.pos(node), stmts, None, visible)


FIELD_OF_END = "field_of_end"
"""The attribute of `v.last_mut()` in `v.last_mut().unwrap().w -= x`: its element's field."""


def unwrapped_element(root: Any) -> bool:
    """Whether `root` is `v.last_mut().unwrap()` (`first_mut`, `.expect(msg)`), the base of a
    field assigned (`ps.last_mut().unwrap().value *= 2.0`): the method marked."""
    from pbpit.rust.interp.nodes import Method

    if not (isinstance(root, Method) and root.name in ("unwrap", "expect")):
        return False
    end = root.recv
    if not (isinstance(end, Method) and end.name in ENDS and not end.args):
        return False
    setattr(end, FIELD_OF_END, True)
    return True


def _type(ck: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp.types import StructT, resolve

    ck.mutable_receiver(e)
    if getattr(e, END_INDEX, False):
        return option(USIZE)
    if getattr(e, FIELD_OF_END, False) and type(resolve(_inner(recv))) is StructT:
        return option(_inner(recv))  # (a struct, shared: its field written in place)
    if not getattr(e, "written_back", False):
        what = f"`{e.name}` of a `{show(recv)}` but as `if let Some(x) = v.{e.name}() {{ .. }}` "
        raise ck.fail(e.pos, what + "(pbpit erases references; write `v[i] = x`)")
    return option(_inner(recv))


def _compile(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    at = 0 if e.name == "first_mut" else -1
    index = getattr(e, END_INDEX, False)

    def end_mut(frame: list) -> Any:
        items = recv(frame)
        if index:
            return Some(len(items) - 1 if at else 0) if items else None
        return Some(items[at]) if items else None

    return end_mut


ROWS = tuple(Builtin("Vec", name, (), "", _compile, _type, mutates=True) for name in ENDS)
