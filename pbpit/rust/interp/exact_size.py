"""`it.len()` of an iterator: `ExactSizeIterator::len`, which only some iterators have. pbpit
types every iterator alike (`Iter<T>`), so the iterator written before `.len()` is read: an
adapter that may drop items (`filter`, `chain`, `take_while`..), a string's `chars()`, a range
of `i64` or a `RangeInclusive` of more than 16 bits has no `len`, rustc's E0599 (E0277 for
`(0..=9).len()`, its `{integer}` falling back to `i32`); pbpit counted their items. Adapters
that keep the count (`map`, `enumerate`, `rev`, `skip`..) are looked through; anything else is
left as it is (not known to lack `len`)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import iter_sources
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import USIZE, Named, Ty, Var, Wrap, resolve

# The iterator structs without `ExactSizeIterator`, by the method that makes them (as rustc
# names them in E0599).
_INEXACT = {
    "filter": "Filter<I, P>",
    "filter_map": "FilterMap<I, F>",
    "flat_map": "FlatMap<I, U, F>",
    "flatten": "Flatten<I>",
    "chain": "Chain<A, B>",
    "take_while": "TakeWhile<I, P>",
    "skip_while": "SkipWhile<I, P>",
    "map_while": "MapWhile<I, P>",
    "scan": "Scan<I, St, F>",
    "chars": "Chars<'a>",
    "char_indices": "CharIndices<'a>",
    "split_whitespace": "SplitWhitespace<'a>",
    "lines": "Lines<'a>",
}
# Adapters whose iterator has `len` when the one they adapt has.
_KEEPING = frozenset(
    ("map", "enumerate", "rev", "skip", "take", "cloned", "copied", "inspect", "peekable")
    + ("step_by", "fuse", "zip")
)
# The element types of `Range<T>` and `RangeInclusive<T>` with `ExactSizeIterator`.
_RANGE = frozenset(("u8", "i8", "u16", "i16", "u32", "i32", "usize", "isize"))
_RANGE_INCLUSIVE = frozenset(("u8", "i8", "u16", "i16"))


def len_type(checker: Any, e: Any, recv: Ty) -> Ty:
    """The type of `it.len()` (`usize`), or rustc's E0599 where `it` certainly has no `len`."""
    from pbpit.rust.interp.nodes import Method, RangeLit

    checker.args(e)
    it = e.recv
    while isinstance(it, Method) and it.name in _KEEPING:
        it = it.recv
    struct = None
    if iter_sources.range_from(it) is not None:  # `(1..).len()`
        struct = "std::ops::RangeFrom<Idx>"
    elif isinstance(it, Method) and it.name in _INEXACT:
        struct = _INEXACT[it.name]
    elif isinstance(it, RangeLit) and not it.borrowed:
        elem = resolve(it.lo.ty) if it.lo is not None and it.lo.ty is not None else None
        if it.inclusive and type(elem) is Var and elem.kind == "int":
            raise _fallen_back(checker, it.pos)  # `(0..=9).len()`
        if type(elem) is Named:
            if it.inclusive and elem.name not in _RANGE_INCLUSIVE:
                struct = "RangeInclusive<Idx>"
            elif not it.inclusive and elem.name not in _RANGE:
                struct = "std::ops::Range<Idx>"
    if struct is None:
        if type(resolve(recv)) is Wrap and resolve(recv).kind == "Range":  # `r.len()` of a range
            checker.settle_later.append(lambda: _range_len(checker, e, it, resolve(recv)))
        return USIZE
    raise _no_len(checker, e, struct)


def _range_len(checker: Any, e: Any, it: Any, recv: Wrap) -> None:
    """`r.len()` of a range not written in place (`let mut r = 0..10;` then `r.any(|x| x ==
    3i64)`, a parameter `r: Range<u64>`), judged once its element type is known: no `len` for
    a `Range` of other than `_RANGE`'s types, nor a `RangeInclusive` of other than
    `_RANGE_INCLUSIVE`'s."""
    from pbpit.rust.interp.nodes import Local

    elem = resolve(recv.inner)
    name = "i32" if type(elem) is Var and elem.kind == "int" else getattr(elem, "name", None)
    if type(elem) is Var and elem.kind == "float":
        name = "f64"
    if name is None or type(elem) not in (Named, Var):
        return
    made = getattr(it.binding, RANGE_LIT, None) if isinstance(it, Local) else None
    inclusive = made is not None and made.inclusive
    if inclusive and type(elem) is Var and elem.kind == "int":
        raise _fallen_back(checker, e.recv.pos)  # `let r = 0..=9; r.len()`
    if name not in _RANGE:
        raise _no_len(checker, e, "RangeInclusive<Idx>" if inclusive else "std::ops::Range<Idx>")
    if inclusive and name not in _RANGE_INCLUSIVE:
        raise _no_len(checker, e, "RangeInclusive<Idx>")


RANGE_LIT = "range_lit"
"""The attribute of a variable a `let` gives a range written in place (`let r = 0..=9;`)."""


def note_let(binding: Any, init: Any) -> None:
    """Mark `binding` given the range `init` written in place, for `_range_len`."""
    from pbpit.rust.interp.nodes import RangeLit

    if binding is not None and isinstance(init, RangeLit) and not init.borrowed:
        setattr(binding, RANGE_LIT, init)


def _fallen_back(checker: Any, pos: Any) -> Any:
    """`(0..=9).len()`: the `{integer}` falls back to `i32`, which the bound then misses
    (rustc's E0277, not E0599)."""
    shown = "std::ops::RangeInclusive<i32>"
    what = f"the trait bound `{shown}: ExactSizeIterator` is not satisfied"
    err = checker.fail(pos, rejects(what, "E0277"))
    err.label = f"the trait `ExactSizeIterator` is not implemented for `{shown}`"
    return err


def _no_len(checker: Any, e: Any, struct: str) -> Any:
    what = f"no method named `len` found for struct `{struct}` in the current scope"
    err = checker.fail(e.pos, rejects(what, "E0599"))
    err.label = "method not found"
    return err


# Adapters that are `DoubleEndedIterator` only when what they adapt is `ExactSizeIterator` too
# (`StepBy`, `Skip`, `Enumerate`, `Take`, `Zip` in core: `where I: DoubleEndedIterator +
# ExactSizeIterator`), so `.rev()` of one needs its `len`.
_REV_NEEDS_LEN = frozenset(("step_by", "skip", "enumerate", "take", "zip"))


def rev_type(checker: Any, e: Any, recv: Ty) -> Ty:
    """The type of `it.rev()` (the iterator's), or rustc's E0277 where `it` is one of
    `_REV_NEEDS_LEN` of an iterator certainly without `len` (`(0..10i64).step_by(4).rev()`,
    `s.chars().enumerate().rev()`, `(0..=9).step_by(2).rev()`: pbpit ran them)."""
    from pbpit.rust.interp.nodes import Method

    checker.args(e)
    adapter = e.recv
    endless = iter_sources.range_from(adapter)  # `(1..).rev()`, `(1..).map(f).rev()`
    if endless is not None:
        what = f"the trait bound `{endless}: DoubleEndedIterator` is not satisfied"
        raise checker.fail(e.pos, rejects(what, "E0277"))
    if not isinstance(adapter, Method) or adapter.name not in _REV_NEEDS_LEN or adapter.borrowed:
        return recv

    def judge() -> None:  # once the body's types are known (`(0..=9)` may yet be `u8`s)
        for it in [adapter.recv, *(adapter.args if adapter.name == "zip" else [])]:
            shown = _without_len(it)
            if shown is not None:
                what = f"the trait bound `{shown}: ExactSizeIterator` is not satisfied"
                err = checker.fail(e.pos, rejects(what, "E0277"))
                err.label = f"the trait `ExactSizeIterator` is not implemented for `{shown}`"
                raise err

    checker.settle_later.append(judge)
    return recv


def _without_len(it: Any) -> str | None:
    """The iterator `it` is, as rustc shows it, if it certainly has no `len`; else None."""
    from pbpit.rust.interp.nodes import Method, RangeLit

    while isinstance(it, Method) and it.name in _KEEPING and not it.borrowed:
        it = it.recv
    if isinstance(it, Method) and it.name in _INEXACT and not it.borrowed:
        return _INEXACT[it.name].split("<")[0]
    if not isinstance(it, RangeLit) or it.borrowed or it.lo is None or it.lo.ty is None:
        return None
    elem = resolve(it.lo.ty)
    name = "i32" if type(elem) is Var and elem.kind == "int" else getattr(elem, "name", None)
    if name is None or type(elem) not in (Named, Var):
        return None
    if it.inclusive and name not in _RANGE_INCLUSIVE:
        return f"std::ops::RangeInclusive<{name}>"
    if not it.inclusive and name not in _RANGE:
        return f"std::ops::Range<{name}>"
    return None
