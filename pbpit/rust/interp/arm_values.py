"""Values a `match` (or an `if let`) hands out: its patterns' bindings, and the value the match
itself gives.

`let b = match batches.pop() { Some(b) => b, None => break };` of a `Vec<Vec<f32>>`: the
scrutinee holds values all through (`moves.MoveCheck.holds_values`), taken by value (not
`&batches[0]`, not `ref b`), so each name its patterns bind holds a value of its own, moved by
a use by value (`consume(b); b.len()` is rustc's E0382) as a `let` of a value is. The match's
own result is a value when each arm's is (a binding so bound, a value made, or no value: `break`,
`return`, `panic!`), so the `let` it initializes holds a value too: `consume(b); b.len()` after
it is rustc's E0382 as well (it was after `if .. { a } else { b }` already).

Where the scrutinee may hold a reference (`v.iter().next()`, `o.as_ref()`, a `&self` field),
nothing is followed: pbpit then misses a move, never invents one.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.nodes import Binding, Block, Expr, Field, If, IfLet, Let, Local, Match, Pat
from pbpit.rust.interp.types import NEVER, resolve


def bind_values(check: Any, e: Match | IfLet) -> None:
    """Mark the bindings of `e`'s patterns (a `match`'s, an `if let`'s) as values
    (`check.owned`, `check.values`) where the scrutinee holds values all through and is
    matched by value."""
    if e.value.borrowed or not check.holds_values(e.value):
        return
    if isinstance(e, IfLet):
        bound = {e.binding} if e.binding is not None else set()
    else:
        bound = {b for arm in e.arms for b in pattern_bindings(arm.pat)}
    for binding in bound:
        if not getattr(binding, "by_ref", False) and not binding.mut_ref:
            check.owned.add(binding)
            check.values.add(binding)


def made(check: Any, e: Expr) -> bool:
    """Whether the `match` or `if` `e` certainly gives a value, not a reference: each branch
    gives one (`check.made`, a block's tail) or gives none (`break`, `return`, `panic!`)."""
    if isinstance(e, Match):
        branches = [arm.body for arm in e.arms]
    elif isinstance(e, If | IfLet) and e.els is not None:
        branches = [e.then, e.els]
    else:
        return False
    return bool(branches) and all(_gives_value(check, b) for b in branches)


def _gives_value(check: Any, e: Expr | None) -> bool:
    while isinstance(e, Block) and not e.borrowed:
        if e.tail is None:
            return diverges(e)
        e = e.tail
    if e is None:
        return False
    if diverges(e):
        return True
    if isinstance(e, Local):
        return not e.borrowed and (e.binding.owned or e.binding in check.owned)
    if isinstance(e, Match | If | IfLet):
        return not e.borrowed and made(check, e)
    return bool(check.made(e) or check.holds_values(e))  # (`vec![]`, `String::new()`)


def pattern_bindings(pat: Pat) -> set[Binding]:
    """The names `pat` binds, at any depth."""
    found = {pat.binding} if pat.binding is not None else set()
    for sub in pat.subs:
        found |= pattern_bindings(sub)
    return found


def diverges(e: Expr) -> bool:
    """Whether `e` never gives a value (`break`, `return`, `panic!`: its type is `!`)."""
    try:
        return resolve(e.ty) is NEVER
    except Exception:
        return False


def destructured_fields(check: Any, stmts: list[Any], at: int) -> list[str] | None:
    """For `let (a, _) = pair;` (`lower_pats.destructure`: the value in a hidden binding at
    `stmts[at]`, then one `let` per name, of its field), the fields of `pair` the names take
    by value, not `Copy` (rustc moves those only: `pair.1` stays usable, a use of the whole
    is of a partially moved value); None where a name takes a part deeper than a field."""
    hidden = stmts[at].binding
    fields: list[str] = []
    for stmt in stmts[at + 1 :]:
        init = stmt.init if isinstance(stmt, Let) else None
        if not isinstance(init, Field | Local) or not _reads(init, hidden):
            break
        if not isinstance(init, Field) or not isinstance(init.base, Local) or init.borrowed:
            return None
        binding = stmt.binding
        if binding is None or getattr(binding, "by_ref", False):
            return None
        if check.tracked_type(binding) and init.name not in fields:
            fields.append(init.name)
    return fields


def _reads(e: Any, hidden: Binding) -> bool:
    while isinstance(e, Field):
        e = e.base
    return isinstance(e, Local) and e.binding is hidden
