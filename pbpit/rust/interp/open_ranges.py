"""The ranges open at an end, as a `BTreeMap`'s `range` takes them: `m.range(..=step)` (the
entries up to `step`: the learning rate of the schedule's last milestone passed), `m.range(..k)`
and `m.range(k..)`. `..=x` and `..x` are the functions `ops::RangeToInclusive` and
`ops::RangeTo` here (`builtins.Function`, in `std_functions`' table), typed `RangeTo<T>`, a
type with no methods; `k..` is iter_sources.py's `ops::RangeFrom`. tree-sitter reads `..=x`
as the assignment `(..) = x`, which `lower_to` takes back (`Lowerer.assign_value`)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import types
from pbpit.rust.interp.builtins import Code, Function
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import Ty, Wrap, resolve, show

OPEN = ("ops::RangeFrom", "ops::RangeTo", "ops::RangeToInclusive")


def lower_to(lowerer: Any, node: Any, left: Any, value: Any) -> Any | None:
    """`..=value` (tree-sitter's `(..) = value`): the range to `value` inclusive; else None."""
    from pbpit.rust.interp.nodes import Static

    if left.type != "range_expression" or lowerer.kids(left):
        return None
    return Static(lowerer.pos(node), "ops::RangeToInclusive", [value])


def lower_open(lowerer: Any, node: Any, ends: list) -> Any | None:
    """`..end` (`RangeTo`); else None."""
    from pbpit.rust.interp.nodes import Static

    if len(ends) != 1 or node.children[0].is_named or node.children[0].type != "..":
        return None
    return Static(lowerer.pos(node), "ops::RangeTo", [lowerer.expr(ends[0])])


def is_open(arg: Any) -> bool:
    from pbpit.rust.interp.nodes import Static

    return isinstance(arg, Static) and arg.name in OPEN and not arg.borrowed


def check_range(ck: Any, e: Any, key: Ty) -> None:
    """`m.range(..=k)` (`..k`, `k..`): the bound is a key (else rustc's E0277, the range not
    `RangeBounds` of the key)."""
    arg = e.args[0]
    try:
        types.unify(key, arg.args[0].ty)
    except types.Mismatch:
        shown = f"{arg.name.removeprefix('ops::')}<{show(resolve(arg.args[0].ty))}>"
        what = f"the trait bound `{shown}: RangeBounds<{show(resolve(key))}>` is not satisfied"
        raise ck.fail(arg.pos, rejects(what, "E0277")) from None


def refuse_for(ck: Any, iterable: Any, found: Ty) -> None:
    """`for i in ..3`: `RangeTo` is no iterator, rustc's E0277."""
    found = resolve(found)
    if type(found) is Wrap and found.kind == "RangeTo":
        what = f"`{show(found)}` is not an iterator"
        raise ck.fail(iterable.pos, rejects(what, "E0277"))


def compile_range(comp: Any, e: Any, recv: Code, entries: Any) -> Code:
    """The entries of `m.range(..)` whose keys the open range holds, in order."""
    arg = e.args[0]
    bound = comp.expr(arg.args[0])
    tests = {
        "ops::RangeFrom": lambda k, b: k >= b,
        "ops::RangeTo": lambda k, b: k < b,
        "ops::RangeToInclusive": lambda k, b: k <= b,
    }
    test = tests[arg.name]

    def range_(frame: list) -> Any:
        table, b = recv(frame), bound(frame)
        return [(k, v) for k, v in entries(table) if test(k, b)]

    return range_


def _to_type(ck: Any, e: Any) -> Ty:
    return Wrap("RangeTo", ck.expr(e.args[0]))


def _to(comp: Any, e: Any, args: list[Code]) -> Code:
    (end,) = args
    return end  # (read only by `compile_range`, which compiles its bound itself)


FUNCTIONS = [
    Function("ops", "RangeTo", 1, _to_type, _to),
    Function("ops", "RangeToInclusive", 1, _to_type, _to),
]
