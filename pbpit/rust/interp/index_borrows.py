"""A `Vec` borrowed mutably through a trait's method while its own arguments still read it:
rustc's E0502, where two-phase borrows do not reach.

rustc lets `v.push(v.len())` run: `Vec::push` takes `&mut self` by an autoref that is only
activated once the arguments are read (a two-phase borrow). Two ways of borrowing a `Vec`
mutably are not such an autoref, and the `Vec` is borrowed before the arguments run:

- indexing a place being written (`v[v.len() - 1] = x`, `v[v[0]] += 1`, `&mut v[v.len() - 1]`,
  `m[0][m[1].len()] = 0`): `IndexMut::index_mut(&mut v, v.len() - 1)`;
- a method of slices called on a `Vec` or an array, reached through `DerefMut` or an unsizing
  (`v.swap(0, v.len() - 1)`, `v.get_mut(v.len() - 1)`, `v.rotate_left(v.len() / 2)`).

A read of the same place (or a part of it) in the index or the arguments is then rustc's E0502
("cannot borrow `v` as immutable because it is also borrowed as mutable"). pbpit erases
references, so it would run such a program. A slice (`s: &mut [T]`) is indexed by the language
itself and reborrowed by its methods: `s[s.len() - 1] = x` and `s.swap(0, s.len() - 1)` run, as
does a value read first (`let n = v.len(); v.swap(0, n - 1);`). Recorded from rustc 1.95 in
`tests/test_borrow_verdicts.py`.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Assign, Field, Index, Local, Method, Unsupported, children
from pbpit.rust.interp.slices import RANGE_INDEX, is_slice
from pbpit.rust.interp.types import Wrap, resolve

# `[T]`'s methods taking `&mut self` (a `Vec` reaches them through `DerefMut`)
_SLICE_MUT = frozenset(
    ("swap", "fill", "rotate_left", "rotate_right", "copy_within", "split_at_mut", "get_mut")
    + ("chunks_mut", "chunks_exact_mut", "copy_from_slice", "clone_from_slice")
    + ("swap_with_slice", "select_nth_unstable", "sort_by", "sort_by_key", "sort_unstable_by")
    + ("sort_unstable_by_key",)
)


def _place(e: Any) -> tuple | None:
    """`v` -> (v's binding,), `self.w` -> (self's, "w"); an index stops the path (`v[i]` is
    `v`); None for what is not a place."""
    names: list[str] = []
    while isinstance(e, Field | Index) or isinstance(e, Method) and e.name == RANGE_INDEX:
        names = [e.name, *names] if isinstance(e, Field) else []
        e = e.recv if isinstance(e, Method) else e.base
    return (id(e.binding), *names) if isinstance(e, Local) else None


def _overlap(a: tuple, b: tuple) -> bool:
    n = min(len(a), len(b))
    return a[:n] == b[:n]


def _owned_list(ty: Any, arrays: bool) -> bool:
    """A `Vec` (or, `arrays`, an array): not a slice, whose indexing is the language's."""
    ty = resolve(ty) if ty is not None else None
    if type(ty) is not Wrap or is_slice(ty):
        return False
    return ty.kind == "Vec" or arrays and ty.kind == "array"


def _read(node: Any, place: tuple) -> Any:
    """The first place in `node` (a closure's captures too) that reads `place` or a part of
    it, or None."""
    if isinstance(node, Local | Field | Index):
        found = _place(node)
        if found is not None and _overlap(found, place):
            return node
        if isinstance(node, Index):  # `w[v.len()]`: its index may read `place`
            return _read(node.index, place) or _read(node.base, place)
        if found is not None:  # another variable, a field beside `place`
            return None
    for part in children(node):
        hit = _read(part, place)
        if hit is not None:
            return hit
    return None


def written_index(target: Any, path: str) -> None:
    """`v[v.len() - 1] = x`: a place written (assigned, lent `&mut`, a `&mut self` method's
    receiver) through a `Vec`'s `IndexMut` whose index, or an outer one, reads the `Vec`."""
    chain: list[Index] = []  # outermost first
    e = target
    while isinstance(e, Field | Index):
        if isinstance(e, Index):
            chain.append(e)
        e = e.base
    for k, inner in enumerate(chain):
        if not _owned_list(inner.base.ty, arrays=False):
            continue
        place = _place(inner.base)
        if place is None:
            continue
        for outer in chain[: k + 1]:  # evaluated once `inner`'s `index_mut` has borrowed
            hit = _read(outer.index, place)
            if hit is not None:
                raise _refusal(hit, inner.base, path)


def slice_method(e: Method, path: str) -> None:
    """`v.swap(0, v.len() - 1)`: a slice's `&mut self` method on a `Vec` or an array whose
    arguments read it."""
    if e.name not in _SLICE_MUT or not isinstance(e.impl, Builtin) or e.recv.borrowed:
        return
    if not _owned_list(e.recv.ty, arrays=True):
        return
    place = _place(e.recv)
    if place is None:
        return
    for arg in e.args:
        hit = _read(arg, place)
        if hit is not None:
            raise _refusal(hit, e.recv, path)


def refuse_reads_under_mutable_borrow(node: Any, path: str) -> None:
    """Both checks at `node` (one node of a walk over a function body)."""
    if isinstance(node, Assign):
        written_index(node.target, path)
    elif getattr(node, "mut_borrow", False):
        written_index(node, path)
    if isinstance(node, Method):
        takes_mut = getattr(node.impl, "mutates", False) or (
            node.user is not None and node.user.self_kind == "mut"
        )
        if takes_mut and not node.recv.borrowed:
            written_index(node.recv, path)  # `v[v.len() - 1].push(x)`
        slice_method(node, path)


def _refusal(hit: Any, borrowed: Any, path: str) -> Unsupported:
    shown = _shown(borrowed)
    what = f"cannot borrow `{shown}` as immutable because it is also borrowed as mutable"
    at = hit.pos
    e = hit
    while isinstance(e, Field | Index):
        e = e.base
        at = min(at, e.pos)
    err = Unsupported(f"{path}:{at[0]}:{at[1]}", rejects(what, "E0502"))
    err.label = "immutable borrow occurs here"
    return err


def _shown(e: Any) -> str:
    if isinstance(e, Local):
        name = e.binding.name
        return f"*{name}" if e.binding.mut_ref and name != "self" else name
    if isinstance(e, Field):
        return f"{_shown(e.base)}.{e.name}"
    if isinstance(e, Index):
        return f"{_shown(e.base)}[_]"
    return "_"
