"""The checker's rules for Burn's Int and Bool tensors and their data."""

from __future__ import annotations

from typing import Any

from pbpit.engine.api import KIND_FUNCTIONS, RUST_KIND_METHODS
from pbpit.rust.interp.check_tables import (
    _PARAM_TYPES,
    BOOL_DATA,
    INT_DATA,
    RANK_GENERIC,
    _any,
    rust_type,
)
from pbpit.rust.interp.nodes import (
    Method,
    Static,
)
from pbpit.rust.interp.types import (
    BOOL,
    DEVICE,
    NAMED,
    TENSOR_DATA,
    TensorT,
    Ty,
    Var,
    Wrap,
    is_int,
    resolve,
    show,
)


def check_movedim_arg(ck: Any, e: Method, arg: Any, ty: Ty) -> None:
    """Burn's `MovedimArgs`: an integer, or a `Vec` of integers (not an array, not a slice)."""
    from pbpit.rust.interp import slices  # (slices reads the checker's tables)

    t = resolve(ty)
    if is_int(t) or (type(t) is Wrap and t.kind == "Vec" and not slices.is_slice(t)):
        if is_int(t) or is_int(t.inner):  # type: ignore[attr-defined]
            return
    raise ck.fail(arg.pos, f"`{e.name}` of `{show(ty)}` (a dim or a `Vec` of dims)")


class KindRules:
    """The checker's rules for Burn's Int and Bool tensors (a part of `Checker`): their
    creation (`Tensor::<B, 1, Int>::from_data`, `from_ints`, `arange`) and methods, from the
    table's `RUST_KIND_METHODS`."""

    def kind_static(self: Any, e: Static, function: str) -> Ty | None:
        """The type of `Tensor::..(..)` making an Int or Bool tensor; None for a float one."""
        kind = "Int" if function in KIND_FUNCTIONS else e.kind
        if kind == "Float" or function in ("cat", "stack"):  # of every kind (check_statics.py)
            return None
        if function == "arange":
            found = resolve(self.expr(e.args[0]))
            if not (type(found) is Wrap and found.kind == "Range"):
                raise self.fail(e.args[0].pos, f"`Tensor::arange` of `{show(found)}`")
            self.unify(NAMED["i64"], found.inner, e.args[0].pos)
            self.unify(DEVICE, self.expr(e.args[1]), e.args[1].pos)
            if e.dim not in (None, 1):
                raise self.fail(e.pos, f"`Tensor::arange` makes a `{show(TensorT(1, 'Int'))}`")
            return TensorT(1, "Int")
        if function not in ("from_data", "from_ints", "zeros", "ones"):
            raise self.fail(e.pos, f"`Tensor::{function}` of {kind} tensors")
        if kind == "Bool" and function != "from_data":
            raise self.fail(e.pos, f"`Tensor::{function}` of Bool tensors")
        data = e.args[0]
        if function == "from_data" and resolve(self.expr(data)) is TENSOR_DATA:
            self.unify(DEVICE, self.expr(e.args[1]), e.args[1].pos)
            return TensorT(e.dim, kind)
        made = self.creation(e, is_data=function in ("from_data", "from_ints"))
        leaf = resolve(data.ty)
        while type(leaf) is Wrap:
            leaf = resolve(leaf.inner)
        if function in ("from_data", "from_ints"):
            self.unify(BOOL if kind == "Bool" else Var("int"), leaf, data.pos)
        return TensorT(made.dim, kind)  # type: ignore[attr-defined]

    def kind_method(self: Any, e: Method, recv: TensorT) -> Ty:
        """A method of an Int or Bool tensor, typed from Burn's signature."""
        name = e.name
        row = RUST_KIND_METHODS[recv.kind].get(name)
        if row is None:
            offered = ", ".join(f"`{n}`" for n in RUST_KIND_METHODS[recv.kind])
            raise self.fail(e.pos, f"`{name}` on {recv.kind} tensors (pbpit runs {offered})")
        if e.targs and name != "one_hot" and name not in RANK_GENERIC:
            raise self.fail(e.pos, f"type arguments on `{name}`")
        expected = [_PARAM_TYPES.get(ty, _any)(recv) for ty in row.param_types]
        found = self.args(e, *expected)
        dims = {"D": recv.dim}
        for ty, arg_ty, arg in zip(row.param_types, found, e.args, strict=True):
            if ty == "E":
                self.unify(Var("int"), arg_ty, arg.pos)
            if ty == "S":
                dims["D2"] = self.shape_rank(arg, arg_ty)
            if ty == "R":  # `slice([0..2])`: as a float tensor's
                self.slice_ranges(arg, arg_ty, recv)
            if ty == "M":  # Burn's `MovedimArgs`, as a float tensor's (check_methods.py)
                check_movedim_arg(self, e, arg, arg_ty)
        if name == "one_hot":  # Burn: D2 is D + 1
            rank = None if recv.dim is None else recv.dim + 1
            if len(e.targs) > 1 or (e.targs and type(e.targs[0]) is not TensorT):
                raise self.fail(e.pos, "`one_hot` takes one const argument, the result's rank")
            if e.targs and rank is not None and e.targs[0].dim != rank:
                raise self.fail(e.pos, f"`one_hot` of a `{show(recv)}` makes rank {rank}")
            return TensorT(rank, "Int")
        if name in RANK_GENERIC:  # `argmax(1).squeeze_dim(1)`
            return self.rank_generic(e, recv)
        if row.result == "TensorData":
            return INT_DATA if recv.kind == "Int" else BOOL_DATA
        if row.result == "B::IntElem":  # `into_scalar`: the backend's Int element
            return self.int_elem
        return rust_type(row.result, recv, dims)
