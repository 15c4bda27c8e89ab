"""`it.by_ref()` of an iterator variable (`Iterator::by_ref`, `&mut self`): the iterator itself,
so what consumes the result steps `it`, and `it` goes on where that stopped (`for b in
it.by_ref().take(n)`, then `it.remainder()` of `chunks_exact`, or another loop over `it`).
A row of `iterators.ITERATORS`: the variable is made the stepped iterator it holds
(`iterators.advancing`), as `next` makes it."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code
from pbpit.rust.interp.types import Ty


def _by_ref_type(ck: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp.nodes import Local

    if isinstance(e.recv, Local):
        ck.mutable_receiver(e)  # `&mut self`: a `let mut` variable (E0596)
    ck.args(e)
    return recv


def _by_ref(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.iterators import advancing, started  # (iterators imports this)

    source = advancing(comp, e, recv)
    return lambda frame: started(source(frame))


BY_REF = Builtin("iterators", "by_ref", None, "", _by_ref, _by_ref_type, mutates=True)
