"""A method called on a backward's `Gradients` (`grads.remove(&x)`, `grads.get(&w)`), which Burn
gives no program: in Burn 0.22 burn-tensor's `Gradients` has no public method (only
`pub(crate)` ones), so each is rustc's E0599; the older dialect's `B::Gradients` (burn-autodiff's)
has `remove`, `get` and `register` of an `AutodiffTensor` primitive, not a `Tensor<B, D>`: a
tensor given is rustc's E0308. The tensor's own `x.grad(&grads)`, `x.grad_remove(&mut grads)`
are how a program reads one (burn-tensor `api/autodiff.rs`)."""

from __future__ import annotations

import re
from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import GRADIENTS, TensorT, resolve

_OLD_DIALECT = re.compile(r"\bTensor\s*<\s*[A-Z]\w*\s*,|\bAutodiff\s*<")
_PRIMITIVE_TAKING = ("remove", "get", "register")


def refuse_method(ck: Any, e: Any, recv: Any) -> None:
    """rustc's error for `grads.name(..)` of a `Gradients`; nothing for another receiver."""
    if resolve(recv) is not GRADIENTS:
        return
    if not _OLD_DIALECT.search(ck.crate.source.text):
        what = f"no method named `{e.name}` found for struct `Gradients` in the current scope"
        raise ck.fail(e.pos, rejects(what, "E0599"))
    if e.name in _PRIMITIVE_TAKING and e.args and e.args[0].borrowed:
        ck.expr(e.args[0])
        found = resolve(e.args[0].ty)
        if type(found) is TensorT:  # `&x` of a `Tensor<B, D>`
            what = "mismatched types: expected `&AutodiffTensor<_>`, found `&Tensor<B, D>`"
            raise ck.fail(e.args[0].pos, rejects(what, "E0308"))
