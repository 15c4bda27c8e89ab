"""Slice patterns of `match`, `if let` and `while let` (`nodes.Pat` kind "slice"): `[]`,
`[x]`, `[first, .., last]`, `[head, rest @ ..]`, on a slice (`&[T]`, `v.as_slice()`,
`&v[..]`) or an array, as rustc reads them.

A slice pattern's `subs` are its element patterns in order, `prefix` of them before the `..`
(all when there is none, `rest` False), `binding` the name `rest @ ..` binds: the elements
between, a slice (an array for an array's). Its type (rustc's E0529 on a `Vec`, E0527/E0528
for an array's length), whether a `match`'s slice patterns cover every length, and what
matches are here; the checker, `check_tables.covers` and the compiler's matcher ask.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Pat
from pbpit.rust.interp.slices import is_slice, slice_of
from pbpit.rust.interp.types import Ty, Var, Wrap, array, resolve, show


def check(checker: Any, p: Pat, ty: Ty) -> None:
    """Type the slice pattern `p` against the scrutinee's type `ty`."""
    t = resolve(checker.known(ty))
    if type(t) is Var:
        raise checker.fail(p.pos, "type annotations needed")
    if (
        type(t) is not Wrap
        or t.kind not in ("Vec", "array")
        or (t.kind == "Vec" and not is_slice(t))
    ):
        what = f"expected an array or slice, found `{show(t)}`"
        raise checker.fail(p.pos, rejects(what, "E0529"))
    n, rest = len(p.subs), getattr(p, "rest", False)
    size = t.size if t.kind == "array" else None
    if isinstance(size, int) and not rest and n != size:
        what = f"pattern requires {n} element{'' if n == 1 else 's'} but array has {size}"
        raise checker.fail(p.pos, rejects(what, "E0527"))
    if isinstance(size, int) and rest and n > size:
        what = f"pattern requires at least {n} elements but array has {size}"
        raise checker.fail(p.pos, rejects(what, "E0528"))
    for sub in p.subs:
        checker.pattern(sub, t.inner)
    if p.binding is not None:
        rest_ty = array(t.inner, size - n) if isinstance(size, int) else slice_of(t.inner)
        p.binding.ty = rest_ty
        p.binding.owned = False


def covers(flat: list[Pat], ty: Ty, irrefutable: Callable[[Pat], bool]) -> bool:
    """Whether the slice patterns among `flat` match every value of `ty`: for an array, one
    of its length; for a slice, each length up to the shortest a `..` pattern takes."""
    whole = [p for p in flat if p.kind == "slice" and all(map(irrefutable, p.subs))]
    t = resolve(ty)
    if type(t) is Wrap and t.kind == "array" and isinstance(t.size, int):
        size = t.size
        return any(len(p.subs) == size or (p.rest and len(p.subs) <= size) for p in whole)
    open_ended = [len(p.subs) for p in whole if p.rest]
    if not open_ended:
        return False
    exact = {len(p.subs) for p in whole if not p.rest}
    return all(length in exact for length in range(min(open_ended)))


def matcher(p: Pat, subs: list[Callable[[Any, list], bool]]) -> Callable[[Any, list], bool]:
    """Whether a slice's (or an array's) value matches `p`, binding its names."""
    n, rest = len(subs), getattr(p, "rest", False)
    prefix = getattr(p, "prefix", n)
    before = list(enumerate(subs[:prefix]))
    after = list(enumerate(subs[prefix:]))
    n_after = len(after)
    slot = p.binding.slot if p.binding is not None else None

    def match(v: Any, frame: list) -> bool:
        length = len(v)
        if length < n or (length != n and not rest):
            return False
        if not all(m(v[i], frame) for i, m in before):
            return False
        if not all(m(v[length - n_after + j], frame) for j, m in after):
            return False
        if slot is not None:
            frame[slot] = v[prefix : length - n_after]
        return True

    return match


def has_rest(lowerer: Any, pattern: Any) -> bool:
    """Whether the slice pattern node `pattern` has a `..` (`[x, .., z]`, `[h, rest @ ..]`)."""
    for c in lowerer.kids(pattern):
        last = lowerer.kids(c)[-1] if c.type == "captured_pattern" else c
        if last.type == "remaining_field_pattern":
            return True
    return False


def let_with_rest(lowerer: Any, node: Any, pattern: Any, declared: Any, init: Any) -> list:
    """`let [x, .., z] = arr;` (`let [head, rest @ ..] = arr;`): `match arr { [x, .., z] =>
    (x, z) }` whose value the names are bound to, as a `let .. else` is, with no other arm:
    the array's length decides (rustc's E0528 for one too short), a slice's is rustc's
    refutable pattern (its E0005, pbpit's non-exhaustive match)."""
    from pbpit.rust.interp.nodes import Binding, Let, Local

    pos, line = lowerer.pos(node), lowerer.pos(node)[0]
    typed: list = []
    value = init
    if declared is not None:  # `let [a, .., b]: [i32; 4] = e;`: `e` given its type
        name = f"({lowerer.text(node.child_by_field_name('type'))})"
        held = Binding(name, False, lowerer.scope, lowerer.scope.nslots, True)
        lowerer.scope.nslots += 1
        typed.append(Let(line, held, declared, value, lowerer.in_scope))
        value = Local(pos, held, lowerer.scope)
    saved = lowerer.open_scope()
    pat = lowerer.arm_pattern(pattern, value)
    lets = lowerer.match_lets(node, typed, value, pat, saved, None)
    if init.borrowed and not init.mut_borrow:  # `let [a, .., z] = &arr;`: each name a `&T`
        from pbpit.rust.interp.references import BOUND_TO_BORROW

        for let in lets[len(typed) :]:
            if let.binding is not None and not let.binding.name.startswith("("):
                setattr(let.binding, BOUND_TO_BORROW, True)
    return lets
