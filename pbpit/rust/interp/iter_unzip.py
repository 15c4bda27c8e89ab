"""`Iterator::unzip` of pairs into two `Vec`s (`let (xs, ys): (Vec<usize>, Vec<f64>) =
pairs.into_iter().unzip();`, `(0..n).map(|i| (i, f(i))).unzip()`, `unzip::<_, _, Vec<_>,
Vec<_>>()`), as core defines it: each pair's first part pushed to the first collection, its
second to the second, in order.

Run where the items are certainly pairs of values: the receiver's items values
(`references.items_are_values`: `v.into_iter()` of a `Vec` of values, `cloned()`, `copied()`), a
range's or such items `map`ped to a tuple literal, or `enumerate()`d. A receiver of references
(`v.iter().unzip()`: rustc's E0277, `(A, B): Extend<..>` not met by `&(A, B)`), collections
other than `Vec`, or another receiver stay refused in words."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import iterators
from pbpit.rust.interp.builtins import Builtin, Code
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import (
    ArrayLit,
    Binary,
    Block,
    Cast,
    Closure,
    Lit,
    Local,
    Method,
    TupleLit,
    Unary,
)
from pbpit.rust.interp.references import items_are_values
from pbpit.rust.interp.types import TupleT, Ty, Var, Wrap, resolve, show, unify, vec

_ITER = "Iter"


def _values(recv: Any) -> bool:
    """Whether the items `recv` gives are certainly values (no reference)."""
    if items_are_values(recv):
        return True
    if not isinstance(recv, Method) or recv.borrowed:
        return False
    if recv.name in ("cloned", "copied") and not recv.args:
        return True
    inner = recv.recv
    if recv.name == "into_iter" and isinstance(inner, ArrayLit) and not inner.borrowed:
        return all(_made_value(part) for part in inner.elems)
    ranged = type(resolve(getattr(inner, "ty", None))) is Wrap and resolve(inner.ty).kind == "Range"
    source = ranged or _values(inner)
    if recv.name == "enumerate":
        return source
    if recv.name == "map" and len(recv.args) == 1 and isinstance(recv.args[0], Closure):
        body = recv.args[0].body
        while isinstance(body, Block) and body.tail is not None:  # `|&x| (..)`: its `let`s
            body = body.tail
        if not isinstance(body, TupleLit):  # `.map(|w| w.len()).enumerate()`
            return source or _made_value(body)
        return source or all(_made_value(part) for part in body.elems)
    return False


def _made_value(e: Any) -> bool:
    """A part of a closure's tuple that is a value whatever the closure is given: `*w`, a
    number made by an operator or a method (`w.len()`, `x * 2.0`), a literal."""
    if e.borrowed:
        return False
    if isinstance(e, Unary):
        return e.op == "*" or _made_value(e.operand)
    if isinstance(e, TupleLit):
        return all(_made_value(part) for part in e.elems)
    if isinstance(e, Cast):
        return True
    if isinstance(e, Binary):
        return e.op not in ("..", "..=")
    if isinstance(e, Method):
        return e.name in _VALUE_METHODS
    return isinstance(e, Lit)


# Methods whose result is a value of its own (a number, a `String`, a clone).
_VALUE_METHODS = frozenset(
    ("len", "clone", "to_string", "to_owned", "count", "abs", "sqrt", "powi", "powf", "sum")
)


def _iter_of_place(recv: Any) -> bool:
    """`v.iter()` of a variable (a `Vec`, an array, a slice): an iterator of references."""
    if not (isinstance(recv, Method) and recv.name == "iter" and not recv.args):
        return False
    found = resolve(getattr(recv.recv, "ty", None))
    return isinstance(recv.recv, Local) and type(found) is Wrap and found.kind in ("Vec", "array")


def _unzip_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.args(e)
    item = resolve(recv.inner) if type(recv) is Wrap else Var()
    if not (type(item) is TupleT and len(item.elems) == 2):
        raise ck.fail(e.pos, f"`unzip` of items of type `{show(item)}` (pbpit unzips pairs)")
    if _iter_of_place(e.recv):  # `data.iter().unzip()`: items `&(A, B)`, no pairs
        what = (
            f"expected `Iter<'_, {show(item)}>` to be an iterator that yields `(_, _)`, but it "
            f"yields `&{show(item)}`"
        )
        raise ck.fail(e.pos, rejects(what, "E0271"))
    if e.targs and len(e.targs) != 4:
        raise ck.fail(e.pos, "`unzip` takes four type arguments")
    made = TupleT([vec(item.elems[0]), vec(item.elems[1])])
    written = resolve(ck.expected.pop(id(e), Var()))
    targets = e.targs[2:] if e.targs else (written.elems if type(written) is TupleT else [])
    for target, part in zip(targets, item.elems, strict=False):  # (references or values)
        _refuse_other_part(ck, e, resolve(target), resolve(part))
    if not _values(e.recv):
        raise ck.fail(e.pos, "`unzip` of items that may be references (pbpit unzips values)")
    for target, part in zip(targets, item.elems, strict=False):
        found = resolve(target)
        if type(found) is not Var and not (type(found) is Wrap and found.kind == "Vec"):
            raise ck.fail(e.pos, f"`unzip` into `{show(found)}` (pbpit makes `Vec`s)")
        _refuse_other_part(ck, e, found, resolve(part))
    if e.targs:
        unify(TupleT([resolve(t) for t in e.targs[:2]]), item)
        unify(TupleT([resolve(t) for t in e.targs[2:]]), made)
    return made


def _refuse_other_part(ck: Any, e: Any, target: Ty, part: Ty) -> None:
    """rustc's E0277 for a `Vec<A>` written to collect parts of another type `B` (`(k * k, k
    * k != k)` unzipped into `(Vec<u64>, Vec<u64>)`: `Vec<u64>: Extend<bool>`), both known
    (neither a type still open, nor holding one)."""
    if type(target) is not Wrap or target.kind != "Vec":
        return
    held = resolve(target.inner)
    if type(held) is Var or type(part) is Var or show(held) == show(part):
        return
    if "_" in show(held) or "_" in show(part) or "{" in show(held) + show(part):
        return  # (a type with an open part: unified, not judged)
    what = f"the trait bound `Vec<{show(held)}>: Extend<{show(part)}>` is not satisfied"
    err = ck.fail(e.pos, rejects(what, "E0277"))
    err.label = f"the trait `Extend<{show(part)}>` is not implemented for `Vec<{show(held)}>`"
    raise err


def _unzip(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    def unzip(frame: list) -> tuple[list, list]:
        firsts: list[Any] = []
        seconds: list[Any] = []
        for first, second in iterators.lazy(recv(frame)).front():
            firsts.append(first)
            seconds.append(second)
        return (firsts, seconds)

    return unzip


ROWS = (Builtin(_ITER, "unzip", None, "", _unzip, _unzip_type),)
"""Rows of `iter_methods.ITER`."""
