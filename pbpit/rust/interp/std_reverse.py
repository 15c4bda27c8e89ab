"""`std::iter::once(x)` (an iterator of the one item), `std::iter::empty()` (of none: its item
type inferred from its use) and `std::cmp::Reverse(x)` (`x` ordered
the other way round: a sort key, `sort_by_key(|r| Reverse(r.epochs))`), functions of
`std_cmp`'s table, named as it names them (by path, or after a `use`).

A `Reverse<T>` is the type `Wrap("Reverse", T)` (`Ord` where `T` is), held as a `Reverse`
below, whose comparisons are its value's turned round (Python's sort and tuples use them).
`Reverse(p)` is a pattern too (`while let Some(Reverse((d, i))) = heap.pop()`, `|Reverse(x)|`,
`let Reverse(y) = r;`): the pattern kind "reverse", its one sub-pattern matching the value
(`lower_pattern`, `check_pattern`, `matcher`)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Code, Function
from pbpit.rust.interp.iterators import Lazy
from pbpit.rust.interp.ordering import partial_cmp
from pbpit.rust.interp.types import Ty, Wrap


class Reverse:
    """`Reverse(value)`: `a < b` where `b.value < a.value`. Its one field, `r.0`, is
    `fields[0]`, as a tuple struct's (`field_type`)."""

    __slots__ = ("fields",)

    def __init__(self, value: object) -> None:
        self.fields = [value]

    @property
    def value(self) -> object:
        return self.fields[0]

    def _order(self, other: object) -> int | None:
        return partial_cmp(other.value, self.value)  # type: ignore[attr-defined]

    def __lt__(self, other: object) -> bool:
        return self._order(other) == -1

    def __gt__(self, other: object) -> bool:
        return self._order(other) == 1

    def __le__(self, other: object) -> bool:
        return self._order(other) in (-1, 0)

    def __ge__(self, other: object) -> bool:
        return self._order(other) in (1, 0)

    def __eq__(self, other: object) -> bool:
        return type(other) is Reverse and self._order(other) == 0

    def __hash__(self) -> int:
        return hash(self.value)


def field_type(base: Ty, e: Any) -> Ty | None:
    """The type of `r.0` of a `Reverse<T>` (`T`; `e.index` set), or None."""
    if type(base) is Wrap and base.kind == "Reverse" and e.name == "0":
        e.index = 0
        return base.inner
    return None


def _names_reverse(lowerer: Any, type_node: Any) -> bool:
    """Whether the path `type_node` of a tuple struct pattern names `std::cmp::Reverse` here:
    `Reverse` brought by a `use` (and no struct of the file so named), `cmp::Reverse` after
    `use std::cmp;`, or its whole path."""
    from pbpit.rust.interp import std_cmp  # (std_cmp imports this module)

    names = [s[0] for s in lowerer.segments(type_node)]
    if names[:1] == ["::"]:
        names = names[1:]
    if names[-1:] != ["Reverse"]:
        return False
    if len(names) == 1:
        brought = std_cmp._cached(
            lowerer, "cmp::Reverse", lambda: std_cmp._brought(lowerer.src, "cmp", "Reverse")
        )
        return "Reverse" in brought and lowerer.named_struct("Reverse") is None
    if names == ["cmp", "Reverse"]:
        return std_cmp._cached(lowerer, "cmp", lambda: std_cmp._module_brought(lowerer.src, "cmp"))
    return len(names) == 3 and names[0] in ("std", "core") and names[1] == "cmp"


def lower_type(lowerer: Any, type_node: Any, args: list) -> Ty | None:
    """The type `Reverse<T>` (`BinaryHeap<Reverse<(u32, usize)>>`, a field's, a `let`'s) where
    the path names std's; None for another."""
    if len(args) != 1 or not _names_reverse(lowerer, type_node):
        return None
    return Wrap("Reverse", lowerer.type(args[0]))


def lower_pattern(lowerer: Any, node: Any, type_node: Any, elems: list) -> Any:
    """The pattern `Reverse(p)` (kind "reverse"), or None where the path is not std's."""
    from pbpit.rust.interp.grammar import rejects
    from pbpit.rust.interp.nodes import Pat

    if not _names_reverse(lowerer, type_node):
        return None
    if len(elems) != 1:
        n = len(elems)
        what = f"this pattern has {n} field{'' if n == 1 else 's'}, but the corresponding "
        raise lowerer.fail(node, rejects(what + "tuple struct has 1 field", "E0023"))
    return Pat(lowerer.pos(node), "reverse", subs=[lowerer.pattern(elems[0])])


def check_pattern(ck: Any, p: Any, ty: Ty) -> None:
    """`Reverse(q)` on a `Reverse<T>`: `q` on its `T`."""
    from pbpit.rust.interp.types import Var

    inner: Ty = Var()
    ck.unify(Wrap("Reverse", inner), ty, p.pos)
    ck.pattern(p.subs[0], inner)


def matcher(inner: Any) -> Any:
    """The matcher of `Reverse(q)`: `q`'s, on the value inside."""
    return lambda v, frame: inner(v.fields[0], frame)


def _reverse_type(ck: Any, e: Any) -> Ty:
    return Wrap("Reverse", ck.expr(e.args[0]))


def _reverse(comp: Any, e: Any, args: list[Code]) -> Code:
    (value,) = args
    return lambda frame: Reverse(value(frame))


def _once_type(ck: Any, e: Any) -> Ty:
    return Wrap("Iter", ck.expr(e.args[0]))


def _once(comp: Any, e: Any, args: list[Code]) -> Code:
    """An iterator of the one value (`Once`: double-ended, of length 1 until taken)."""
    (value,) = args

    def once(frame: list) -> Lazy:
        held = [value(frame)]
        return Lazy(lambda: iter(held), lambda: iter(held), lambda: len(held))

    return once


def _empty_type(ck: Any, e: Any) -> Ty:
    from pbpit.rust.interp.types import Var

    return Wrap("Iter", Var())


def _empty(comp: Any, e: Any, args: list[Code]) -> Code:
    return lambda frame: Lazy(lambda: iter(()), lambda: iter(()), lambda: 0)


FUNCTIONS = [
    Function("iter", "once", 1, _once_type, _once),
    Function("iter", "empty", 0, _empty_type, _empty),
    Function("cmp", "Reverse", 1, _reverse_type, _reverse),
]
