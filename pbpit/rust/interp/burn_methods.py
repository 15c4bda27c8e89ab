"""The methods of Burn's configs, losses, activations and optimizers in Rust, a row each
(`builtins.Builtin`, its `owner` the Burn type): its types and its behaviour on `pbpit.nn`
(`LinearConfig::init`, `AdamConfig::with_beta_1`, `MseLoss::forward`, `Optimizer::step`..).
A module's own methods (`forward` of a layer, `valid`, a param's `val`) are
`burn_nn.check_method`'s; `Conv2dConfig`'s are `burn_conv.py`'s."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp import burn_nn
from pbpit.rust.interp.builtins import Builtin, Code, Family
from pbpit.rust.interp.types import BOOL, DEVICE, F32, F64, StructT, TensorT, Ty, Var, show

_BURN = "burn"


def _typed(*params: Ty, gives: Callable[[Any, Ty], Ty]) -> Callable[[Any, Any, Ty], Ty]:
    """A type rule: arguments of the types `params` (Burn's named types, which unify with
    nothing else), the result `gives(checker, receiver)`."""

    def check(ck: Any, e: Any, recv: Ty) -> Ty:
        ck.args(e, *params)
        return gives(ck, recv)

    return check


def _same(ck: Any, recv: Ty) -> Ty:
    return recv


def _layer(name: str) -> Callable[[Any, Ty], Ty]:
    """The library struct a config's `init` makes (`Linear`, `LayerNorm`..)."""
    return lambda ck, recv: StructT(ck.crate.structs[name])


def _named(name: str) -> Callable[[Any, Ty], Ty]:
    return lambda ck, recv: burn_nn.NAMED_TYPES[name]


def _forward_type(ck: Any, e: Any, recv: Ty) -> Ty:
    (found,) = ck.args(e, TensorT(None))  # an activation: the tensor's own type
    return found


def _mse_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`forward(logits, targets, Reduction)`: a scalar; `forward_no_reduction`: the squared
    errors, the same shape."""
    if e.name == "forward":
        a, b, _ = ck.args(e, TensorT(None), TensorT(None), burn_nn.NAMED_TYPES["Reduction"])
        ck.unify(a, b, e.args[1].pos)
        return TensorT(1)
    a, b = ck.args(e, TensorT(None), TensorT(None))
    ck.unify(a, b, e.args[1].pos)
    return a


def _cross_entropy_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.args(e, TensorT(2), TensorT(1, "Int"))
    return TensorT(1)


def _step_type(ck: Any, e: Any, recv: Ty) -> Ty:
    _, module, _ = ck.args(e, F64, Var(), burn_nn.NAMED_TYPES["GradientsParams"])
    if not burn_nn.is_module(ck.known(module)):
        raise ck.fail(e.args[1].pos, f"`step` of `{show(module)}` (a module)")
    return module


# -- behaviour ------------------------------------------------------------------------------------


def _setter(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """`with_<field>(value)`: the config with the field set (`pbpit.nn`'s method of that name)."""
    (value,), method = args, e.name
    return lambda frame: getattr(recv(frame), method)(value(frame))


def _call(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """`pbpit.nn`'s method of the same name, run by the engine."""
    engine, method = comp.engine(e.pos), e.name
    return lambda frame: engine(getattr(recv(frame), method), *(a(frame) for a in args))


def _linear_init(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (device,) = args

    def init(frame: list) -> Any:
        linear = recv(frame).init(device(frame))
        bias = None if linear.bias is None else Some(linear.bias)
        return burn_nn.layer_value("Linear", [linear.weight, bias])

    return init


def _layer_init(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """`LayerNormConfig`, `EmbeddingConfig`, `DropoutConfig`: `init` to the library struct."""
    engine, kind = comp.engine(e.pos), e.impl.owner

    def init_layer(frame: list) -> Any:
        layer = engine(recv(frame).init, *(a(frame) for a in args))
        if kind == "DropoutConfig":
            return burn_nn.layer_value("Dropout", [layer.prob])
        if kind == "EmbeddingConfig":
            return burn_nn.layer_value("Embedding", [layer.weight])
        beta = None if layer.beta is None else Some(layer.beta)
        return burn_nn.layer_value("LayerNorm", [layer.gamma, beta, layer.epsilon])

    return init_layer


def _step(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    engine, (lr, module, grads) = comp.engine(e.pos), args

    def step(frame: list) -> Any:
        optim, rate, model = recv(frame), lr(frame), module(frame)
        return engine(optim.step, rate, burn_nn.DerivedModule(model), grads(frame)).value

    return step


def _row(owner: str, name: str, check: Any, compile_: Any) -> Builtin:
    return Builtin(_BURN, name, None, "", compile_, check, owner=owner)


def _family(owner: str, *made: Builtin) -> Family:
    for row in made:
        assert row.owner == owner, row
    return Family(_BURN, {row.name: row for row in made})


_OPTIMIZERS = {
    kind: _family(
        kind,
        _row(kind, "init", _typed(gives=_named("Optimizer")), _call),
        *(_row(kind, s, _typed(F32, gives=_same), _setter) for s in setters),
    )
    for kind, setters in burn_nn.OPTIMIZER_SETTERS.items()
}
METHODS: dict[str, Family] = {
    **{
        kind: _family(kind, _row(kind, "forward", _forward_type, _call))
        for kind in burn_nn.ACTIVATIONS
    },
    "LinearConfig": _family(
        "LinearConfig",
        _row("LinearConfig", "with_bias", _typed(BOOL, gives=_same), _setter),
        _row("LinearConfig", "init", _typed(DEVICE, gives=_layer("Linear")), _linear_init),
    ),
    "LayerNormConfig": _family(
        "LayerNormConfig",
        _row("LayerNormConfig", "with_epsilon", _typed(F64, gives=_same), _setter),
        _row("LayerNormConfig", "with_bias", _typed(BOOL, gives=_same), _setter),
        _row("LayerNormConfig", "init", _typed(DEVICE, gives=_layer("LayerNorm")), _layer_init),
    ),
    "EmbeddingConfig": _family(
        "EmbeddingConfig",
        _row("EmbeddingConfig", "init", _typed(DEVICE, gives=_layer("Embedding")), _layer_init),
    ),
    "DropoutConfig": _family(
        "DropoutConfig",
        _row("DropoutConfig", "init", _typed(gives=_layer("Dropout")), _layer_init),
    ),
    "MseLoss": _family(
        "MseLoss",
        _row("MseLoss", "forward", _mse_type, _call),
        _row("MseLoss", "forward_no_reduction", _mse_type, _call),
    ),
    "CrossEntropyLossConfig": _family(
        "CrossEntropyLossConfig",
        _row(
            "CrossEntropyLossConfig",
            "init",
            _typed(DEVICE, gives=_named("CrossEntropyLoss")),
            _call,
        ),
    ),
    "CrossEntropyLoss": _family(
        "CrossEntropyLoss", _row("CrossEntropyLoss", "forward", _cross_entropy_type, _call)
    ),
    **_OPTIMIZERS,
    "Optimizer": _family("Optimizer", _row("Optimizer", "step", _step_type, _step)),
}
"""Each Burn type's methods (`METHODS[owner]`, a family of rows by name)."""
