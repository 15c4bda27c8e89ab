"""`(x, 0) | (0, x) => x`: names bound inside an `|` pattern. Each alternative binds the same
names, and a name is one variable whichever alternative matched (the same slot: the lowering
gives the later alternatives the first one's bindings); its type is the same in each (the
checker unifies them). What rustc rejects: a name bound in some alternatives only (E0408), a
name `mut` in some only (E0409, refused here), other types in two alternatives (E0308)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Pat


def _alternatives(lowerer: Any, node: Any) -> list[Any]:
    found = []
    for kid in lowerer.kids(node):
        found.extend(_alternatives(lowerer, kid) if kid.type == "or_pattern" else [kid])
    return found


def bindings(p: Pat) -> list[Any]:
    """The names `p` binds, in order."""
    found = [p.binding] if p.kind == "bind" and p.binding is not None else []
    for sub in p.subs:
        found.extend(bindings(sub))
    return found


def lower(lowerer: Any, node: Any) -> Pat:
    """The pattern `a | b | ..` (`node`)."""
    alts = _alternatives(lowerer, node)
    saved = getattr(lowerer, "or_bindings", None)
    first = lowerer.pattern(alts[0])
    names = {b.name: b for b in bindings(first)}
    subs = [first]
    try:
        for alt in alts[1:]:
            lowerer.or_bindings, lowerer.or_alternative = names, alt
            p = lowerer.pattern(alt)
            lowerer.or_bindings = saved
            got = {b.name for b in bindings(p)}
            missing = [name for name in names if name not in got]
            extra = [name for name in got if name not in names]
            if missing or extra:
                name = (missing or extra)[0]
                where = alt if missing else alts[0]
                what = f"variable `{name}` is not bound in all patterns"
                err = lowerer.fail(where, rejects(what, "E0408"))
                err.label = f"pattern doesn't bind `{name}`"
                raise err
            subs.append(p)
    finally:
        lowerer.or_bindings = saved
    flat = [q for p in subs for q in (p.subs if p.kind == "or" else [p])]
    return Pat(lowerer.pos(node), "or", subs=flat)


def shared(lowerer: Any, name: str, mutable: bool) -> Any:
    """The first alternative's binding of `name` while a later alternative is lowered (None
    when there is none): a `mut` in one alternative only is refused."""
    names = getattr(lowerer, "or_bindings", None)
    if not names or name not in names:
        return None
    binding = names[name]
    if binding.mutable != mutable:
        what = f"`{name}` bound `mut` in some alternatives of an `|` only"
        raise lowerer.fail(lowerer.or_alternative, what)
    return binding


def check(checker: Any, p: Pat, ty: Any) -> None:
    """Type each alternative of `p` against `ty`; a name's type the same in each (E0308)."""
    given: dict[int, Any] = {}
    for sub in p.subs:
        checker.pattern(sub, ty)
        for bound in _bind_pats(sub):
            binding = bound.binding
            if id(binding) in given:  # rustc points at the name in the later alternative
                checker.unify(given[id(binding)], binding.ty, bound.pos)
            else:
                given[id(binding)] = binding.ty


def _bind_pats(p: Pat) -> list[Pat]:
    found = [p] if p.kind == "bind" and p.binding is not None else []
    for sub in p.subs:
        found.extend(_bind_pats(sub))
    return found
