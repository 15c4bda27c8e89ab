"""A param's id and what takes one, as burn-core and burn-optim define them: `Param<T>` has
`pub id: ParamId` (burn-core `module/param/base.rs`; `ParamId` is `Copy`), read as
`model.fc.weight.id`; `GradientsParams` (burn-optim `optim/grads.rs`) keeps gradients by it:
`get::<D>(&self, id) -> Option<Tensor<D>>`, `remove::<D>(&mut self, id)`, `register::<D>(&mut
self, id, tensor)`, `len`, `is_empty`. The older dialect writes the backend first
(`remove::<B, D>(id)`, `Tensor<B, D>`): the lowering types the backend away, the rank is the
last argument. Without a rank written, the tensor's rank is what the result is used as (a
`let g: Option<Tensor<2>>`); never given one, rustc's E0282."""

from __future__ import annotations

from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp import phantom
from pbpit.rust.interp.builtins import Builtin, Code, Family
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import BOOL, UNIT, USIZE, Named, TensorT, Ty, Var, Wrap, option

PARAM_ID = Named("ParamId")
"""burn-core's `ParamId` (`Copy`: `Named` types are, but those `check_tables` lists)."""

NAME = "GradientsParams"


def field_type(base: Ty, name: str) -> Ty | None:
    """The type of `param.id` of a `Param<T>`; None for any other field or receiver."""
    if type(base) is Wrap and base.kind == "Param" and name == "id":
        return PARAM_ID
    return None


def takes_targs(recv: Ty, name: str) -> bool:
    """Whether `recv.name::<..>()` is a `GradientsParams` call whose rank may be written."""
    return recv is _params() and name in ("get", "remove", "register")


def _params() -> Ty:
    from pbpit.rust.interp.burn_nn import NAMED_TYPES  # (burn_nn imports this module)

    return NAMED_TYPES[NAME]


def _rank(ck: Any, e: Any) -> Ty:
    """The tensor a call's turbofish names (`::<2>`, `::<B, 2>`), or one of any rank the use
    decides (a `Var` a written type binds)."""
    if not e.targs:
        return Var()
    last = e.targs[-1]
    if type(last) is not TensorT or len(e.targs) > 1 and not _backend_typed_away(e):
        raise ck.fail(e.pos, f"`{NAME}::{e.name}` with the type arguments written")
    return TensorT(last.dim)


def _backend_typed_away(e: Any) -> bool:
    return len(e.targs) == 2 and e.targs[0] is phantom.BACKEND  # `::<NdArray, 2>`


def _get_type(ck: Any, e: Any, recv: Ty) -> Ty:
    tensor = _rank(ck, e)
    ck.args(e, PARAM_ID)
    if e.name == "remove":
        ck.mutable_receiver(e)
    return option(tensor)


def _register_type(ck: Any, e: Any, recv: Ty) -> Ty:
    tensor = _rank(ck, e)
    _, given = ck.args(e, PARAM_ID, tensor)
    if type(ck.known(given)) is not TensorT:
        raise ck.fail(e.args[1].pos, rejects("mismatched types: expected `Tensor`", "E0308"))
    ck.mutable_receiver(e)
    return UNIT


def _get(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (id_,) = args
    name = e.name

    def get(frame: list) -> Any:
        found = getattr(recv(frame), name)(id_(frame))
        return None if found is None else Some(found)

    return get


def _register(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    id_, tensor = args

    def register(frame: list) -> Any:
        params = recv(frame)
        params.register(id_(frame), tensor(frame))
        return UNIT

    return register


def _len_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.args(e)
    return USIZE if e.name == "len" else BOOL


def _len(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    name = e.name
    return lambda frame: getattr(recv(frame), name)()


def _row(name: str, check: Any, compile_: Any) -> Builtin:
    return Builtin("burn", name, None, "", compile_, check, owner=NAME)


METHODS = Family(
    "burn",
    {
        "get": _row("get", _get_type, _get),
        "remove": _row("remove", _get_type, _get),
        "register": _row("register", _register_type, _register),
        "len": _row("len", _len_type, _len),
        "is_empty": _row("is_empty", _len_type, _len),
    },
)
"""`GradientsParams`'s methods (`burn_methods.METHODS[NAME]`)."""

