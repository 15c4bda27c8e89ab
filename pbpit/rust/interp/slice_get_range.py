"""`v.get(a..b)` of a `Vec`, an array or a slice (`a..=b`, `a..`, `..b`, `..=b`): `Some` of the
sub-slice, or `None` where `v[a..b]` would panic (an end past the length, a start past the end),
as core's `SliceIndex::get` for ranges gives it (a context window that may run off the
sequence: `tokens.get(i - k..i)`, `ids.get(..k)?`).

Typed `Option<&[T]>`, the ends `usize` (any other integer is rustc's E0277, the range not a
`SliceIndex`: refused here rather than told apart). The row of `get` (`std_methods`) hands a
range argument to `check` and `compile`."""

from __future__ import annotations

from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp.builtins import Code, _inner
from pbpit.rust.interp.types import NEVER, USIZE, Ty, Var, option, resolve

_MAX = (1 << 64) - 1  # `usize::MAX`: `..=usize::MAX` has no end inside any slice


def is_range(arg: Any) -> bool:
    """Whether `arg` is a range written in the call (`a..b`, `a..=b`, `a..`, `..b`, `..=b`)."""
    from pbpit.rust.interp.nodes import RangeLit
    from pbpit.rust.interp.open_ranges import is_open

    return (isinstance(arg, RangeLit) and not arg.borrowed) or is_open(arg)


def _ends(arg: Any) -> list[Any]:
    from pbpit.rust.interp.nodes import RangeLit

    return [arg.lo, arg.hi] if isinstance(arg, RangeLit) else list(arg.args)


def check(ck: Any, e: Any, recv: Ty) -> Ty:
    """`v.get(range)`: `Option<&[T]>`, each end a `usize`."""
    from pbpit.rust.interp.slices import slice_of

    ck.arity(e, 1)
    ck.expr(e.args[0])  # (the range's own type: its ends alike)
    for end in _ends(e.args[0]):
        found = resolve(end.ty)
        if not (type(found) is Var and found.kind != "float" or found in (USIZE, NEVER)):
            raise ck.fail(end.pos, "`get` of a range of other than `usize`")
        ck.unify(USIZE, end.ty, end.pos)
    return option(slice_of(_inner(recv)))


def compile(comp: Any, e: Any, recv: Code) -> Code:
    from pbpit.rust.interp.nodes import RangeLit

    arg = e.args[0]
    ends = [comp.expr(end) for end in _ends(arg)]
    kind = "range" if isinstance(arg, RangeLit) else arg.name
    inclusive = arg.inclusive if isinstance(arg, RangeLit) else kind == "ops::RangeToInclusive"

    def bounds(frame: list, length: int) -> tuple[int, int] | None:
        if kind == "ops::RangeFrom":
            return ends[0](frame), length
        lo = ends[0](frame) if kind == "range" else 0
        hi = ends[-1](frame)
        if inclusive:
            if hi == _MAX:
                return None
            hi += 1
        return lo, hi

    def get(frame: list) -> Any:
        items = recv(frame)
        found = bounds(frame, len(items))
        if found is None:
            return None
        lo, hi = found
        return Some(items[lo:hi]) if lo <= hi <= len(items) else None

    return get

