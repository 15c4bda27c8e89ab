"""Burn's `tensor.iter_dim(dim)`: the tensor's slices along `dim`, each of size 1 there
(burn-tensor's `DimIter`, api/base.rs): each `next` is `tensor.clone().slice(ranges)` with
`ranges[dim] = i..i + 1`, so a float tensor's item is one `slice` node, made when it is
pulled, in the order Rust pulls (front to back, or back to front after `rev()`: `DimIter` is
double-ended and exact-size). Every kind has it (`K: BasicOps`); `dim` counts from the end
when negative (`AsIndex`). The item type is the tensor's own (same rank and kind).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code
from pbpit.rust.interp.nodes import Unsupported
from pbpit.rust.interp.types import TensorT, Ty, Var, Wrap


def check(ck: Any, e: Any, recv: Ty) -> Ty | None:
    """`t.iter_dim(d)`: an iterator of tensors of `t`'s type; None for another call."""
    if type(recv) is not TensorT or e.name != "iter_dim":
        return None
    if e.targs:
        raise ck.fail(e.pos, "type arguments on `iter_dim`")
    ck.arity(e, 1)
    ck.unify(Var("int"), ck.expr(e.args[0]), e.args[0].pos)
    e.impl = ITER_DIM
    return Wrap("Iter", recv)


def _iter_dim(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.iterators import Lazy

    (dim,) = args
    engine, where = comp.engine(e.pos), comp.where(e.pos)

    def iter_dim(frame: list) -> Any:
        tensor, d = recv(frame), dim(frame)
        shape = list(tensor.shape)
        at = d + len(shape) if d < 0 else d
        if not 0 <= at < len(shape):
            raise Unsupported(where, f"`iter_dim({d})` of a tensor of rank {len(shape)}")

        def one(i: int) -> Any:
            ranges = [(0, size) for size in shape]
            ranges[at] = (i, i + 1)
            return engine(tensor.slice, ranges)

        count = shape[at]
        return Lazy(
            lambda: map(one, range(count)),
            lambda: map(one, reversed(range(count))),
            lambda: count,
        )

    return iter_dim


ITER_DIM = Builtin(
    "tensor", "iter_dim", None, "", _iter_dim, lambda ck, e, recv: check(ck, e, recv)
)
"""`Tensor::iter_dim`, typed by `check` (hooked in `check_methods.c_Method`)."""
