"""A tuple pattern of another length than the tuple it takes apart: rustc's E0308 (`let (a, b)
= (1, 2.0, "x");`, `for (i, x) in` items of three, a closure's `|(a, b)|`).

An irrefutable pattern is lowered as a hidden binding and one `let` a name, each given its part
(`lower_pats.pattern_lets`), so the pattern's own shape is kept on the hidden binding (`mark`)
and compared with the binding's type once it is known: at the hidden `let`, or at the first
`let` of a name reading it (a `for`'s or a closure's parameter, typed by the loop or the call).
A nested tuple pattern is compared with its part; `..` in a pattern matches any length.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.types import (
    BOOL,
    CHAR,
    STRING,
    StructT,
    TupleT,
    Wrap,
    is_number,
    resolve,
    show,
)

PATTERN = "tuple_arity_pattern"  # the `Pat` of the hidden binding of a destructuring pattern
_CHECKED = "tuple_arity_checked"


def mark(value: Any, pat: Any) -> None:
    """Keep `pat` on the hidden binding `value` (a `Local`) reads."""
    binding = getattr(value, "binding", None)
    if binding is not None:
        setattr(binding, PATTERN, pat)


def checked_let(checker: Any, stmt: Any) -> None:
    """The pattern of the hidden binding `stmt` declares or reads, compared with its type."""
    from pbpit.rust.interp.nodes import Field, Index, Local

    holder = stmt.binding
    if holder is None or getattr(holder, PATTERN, None) is None:
        part = stmt.init
        while isinstance(part, Field | Index):
            part = part.base
        holder = part.binding if isinstance(part, Local) else None
    if holder is None or getattr(holder, _CHECKED, False):
        return
    pat = getattr(holder, PATTERN, None)
    if pat is None or holder.ty is None:
        return
    setattr(holder, _CHECKED, True)
    _compare(checker, pat, holder.ty)


def _compare(checker: Any, pat: Any, ty: Any) -> None:
    ty = resolve(ty)
    if pat.kind != "tuple" or not pat.subs:
        return
    if type(ty) is not TupleT:
        if is_number(ty) or ty in (BOOL, CHAR, STRING) or type(ty) in (StructT, Wrap):
            shown = ", ".join("_" for _ in pat.subs)
            what = f"mismatched types: expected `{show(ty)}`, found `({shown})`"
            raise checker.fail(pat.pos, what)
        return
    if len(pat.subs) != len(ty.elems):
        err = checker.fail(pat.pos, "mismatched types (rustc rejects it: error[E0308])")
        err.label = (
            f"expected a tuple with {len(ty.elems)} elements, "
            f"found one with {len(pat.subs)} elements"
        )
        err.note = f"expected tuple `{show(ty)}`"
        raise err
    for sub, elem in zip(pat.subs, ty.elems, strict=True):
        _compare(checker, sub, elem)
