"""The methods of Burn's configs, losses, activations and optimizers in Rust, a row each
(`builtins.Builtin`, its `owner` the Burn type): its types and its behaviour on `pbpit.nn`
(`LinearConfig::init`, `AdamConfig::with_beta_1`, `MseLoss::forward`, `Optimizer::step`..);
and Burn's functions called by a path (`STATICS`: `LinearConfig::new`, `B::seed`..).
A module's own methods (`forward` of a layer, `valid`, a param's `val`) are
`burn_nn.check_method`'s; `Conv2dConfig`'s are `burn_conv.py`'s."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbpit import nn
from pbpit.engine import tensor as engine_tensor
from pbpit.rust.format import Some
from pbpit.rust.interp import burn_conv, burn_grad_accum, burn_lr, burn_nn, burn_params, shapes
from pbpit.rust.interp.builtins import Builtin, Code, Family, Function
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Method, StructLit
from pbpit.rust.interp.types import (
    BOOL,
    DEVICE,
    F32,
    F64,
    GRADIENTS,
    NAMED,
    UNIT,
    USIZE,
    StructT,
    TensorT,
    Ty,
    Var,
    Wrap,
    option,
    resolve,
    show,
    vec,
)

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


def _binary_cross_entropy_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`forward<const D>(logits: Tensor<D>, targets: Tensor<D, Int>) -> Tensor<1>`."""
    (logits, _) = ck.args(e, TensorT(None), TensorT(None, "Int"))
    targets = ck.known(e.args[1].ty)
    logits = ck.known(logits)
    if logits.dim is not None and targets.dim is not None and logits.dim != targets.dim:
        ck.unify(TensorT(logits.dim, "Int"), targets, e.args[1].pos)
    return TensorT(1)


def _cross_entropy_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.args(e, TensorT(2), TensorT(1, "Int"))
    return TensorT(1)


def _step_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """burn-optim's `ModuleOptimizer::step(&mut self, lr, module: M, grads) -> M`: the receiver
    borrowed mutably (a `let` without `mut`, a `&ModuleOptimizer`: rustc's E0596)."""
    lr, module, _ = ck.args(e, Var(), Var(), burn_nn.NAMED_TYPES["GradientsParams"])
    burn_lr.learning_rate(ck, lr, e.args[0].pos)  # an `f64` or a scheduler's rate
    ck.mutable_receiver(e)
    if not burn_nn.is_module(ck.known(module)):
        raise ck.fail(e.args[1].pos, f"`step` of `{show(module)}` (a module)")
    return module


# -- behaviour ------------------------------------------------------------------------------------


def _setter(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """`with_<field>(value)`: the config with the field set (`pbpit.nn`'s method of that name)."""
    (value,), method = args, e.name
    return lambda frame: getattr(recv(frame), method)(value(frame))


def _option_setter(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """`with_<field>(Some(v))` / `with_<field>(None)` of an `Option` field: `v` or None."""
    (value,), method = args, e.name

    def set_option(frame: list) -> Any:
        given = value(frame)
        return getattr(recv(frame), method)(None if given is None else given.value)

    return set_option


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
    """`LayerNormConfig`, `EmbeddingConfig`, `DropoutConfig`, `LeakyReluConfig`: `init` to the
    library struct."""
    engine, kind = comp.engine(e.pos), e.impl.owner

    def init_layer(frame: list) -> Any:
        layer = engine(recv(frame).init, *(a(frame) for a in args))
        if kind == "DropoutConfig":
            return burn_nn.layer_value("Dropout", [layer.prob])
        if kind == "EmbeddingConfig":
            return burn_nn.layer_value("Embedding", [layer.weight])
        if kind == "LeakyReluConfig":
            return burn_nn.layer_value("LeakyRelu", [layer.negative_slope])
        beta = None if layer.beta is None else Some(layer.beta)
        return burn_nn.layer_value("LayerNorm", [layer.gamma, beta, layer.epsilon])

    return init_layer


def _step(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    engine, (lr, module, grads) = comp.engine(e.pos), args

    def step(frame: list) -> Any:
        optim, rate, model = recv(frame), lr(frame), module(frame)
        return engine(optim.step, rate, burn_nn.DerivedModule(model), grads(frame)).value

    return step


def _conv_init(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """`Conv2dConfig::init(&device)`, `AdaptiveAvgPool2dConfig::init()` (burn_conv.py)."""
    return burn_conv.compile_init(comp.engine(e.pos), e.impl.owner, recv, args)


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
# burn-optim's `SgdConfig::with_momentum(Option<MomentumConfig>)` and `MomentumConfig`'s fields
# (`momentum: f64` 0.9, `dampening: f64` 0.1, `nesterov: bool` false).
_OPTIMIZERS["SgdConfig"].rows["with_momentum"] = _row(
    "SgdConfig",
    "with_momentum",
    _typed(option(burn_nn.NAMED_TYPES["MomentumConfig"]), gives=_same),
    _option_setter,
)
# `with_weight_decay(Option<WeightDecayConfig>)` of SGD and Adam (AdamW's is an `f32`), and
# `WeightDecayConfig::new(penalty: f32)`.
for _kind in ("SgdConfig", "AdamConfig"):
    _OPTIMIZERS[_kind].rows["with_weight_decay"] = _row(
        _kind,
        "with_weight_decay",
        _typed(option(burn_nn.NAMED_TYPES["WeightDecayConfig"]), gives=_same),
        _option_setter,
    )
_MOMENTUM = _family(
    "MomentumConfig",
    _row("MomentumConfig", "with_momentum", _typed(F64, gives=_same), _setter),
    _row("MomentumConfig", "with_dampening", _typed(F64, gives=_same), _setter),
    _row("MomentumConfig", "with_nesterov", _typed(BOOL, gives=_same), _setter),
)
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
    "LeakyReluConfig": _family(
        "LeakyReluConfig",
        _row("LeakyReluConfig", "with_negative_slope", _typed(F64, gives=_same), _setter),
        _row("LeakyReluConfig", "init", _typed(gives=_layer("LeakyRelu")), _layer_init),
    ),
    "MseLoss": _family(
        "MseLoss",
        _row("MseLoss", "forward", _mse_type, _call),
        _row("MseLoss", "forward_no_reduction", _mse_type, _call),
    ),
    "CrossEntropyLossConfig": _family(
        "CrossEntropyLossConfig",
        _row("CrossEntropyLossConfig", "with_logits", _typed(BOOL, gives=_same), _setter),
        _row(
            "CrossEntropyLossConfig",
            "with_pad_tokens",
            _typed(option(vec(USIZE)), gives=_same),
            _option_setter,
        ),
        _row(
            "CrossEntropyLossConfig",
            "with_weights",
            _typed(option(vec(F32)), gives=_same),
            _option_setter,
        ),
        _row(
            "CrossEntropyLossConfig",
            "with_smoothing",
            _typed(option(F32), gives=_same),
            _option_setter,
        ),
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
    "BinaryCrossEntropyLossConfig": _family(
        "BinaryCrossEntropyLossConfig",
        _row("BinaryCrossEntropyLossConfig", "with_logits", _typed(BOOL, gives=_same), _setter),
        _row(
            "BinaryCrossEntropyLossConfig",
            "with_smoothing",
            _typed(option(F32), gives=_same),
            _option_setter,
        ),
        _row(
            "BinaryCrossEntropyLossConfig",
            "with_weights",
            _typed(option(vec(F32)), gives=_same),
            _option_setter,
        ),
        _row(
            "BinaryCrossEntropyLossConfig",
            "init",
            _typed(DEVICE, gives=_named("BinaryCrossEntropyLoss")),
            _call,
        ),
    ),
    "BinaryCrossEntropyLoss": _family(
        "BinaryCrossEntropyLoss",
        _row("BinaryCrossEntropyLoss", "forward", _binary_cross_entropy_type, _call),
    ),
    **_OPTIMIZERS,
    "MomentumConfig": _MOMENTUM,
    "Optimizer": _family("Optimizer", _row("Optimizer", "step", _step_type, _step)),
    burn_grad_accum.NAME: burn_grad_accum.METHODS,
    burn_params.NAME: burn_params.METHODS,  # `grads.remove(id)`, `len()`..
    "Conv2dConfig": _family(
        "Conv2dConfig",
        *(
            _row("Conv2dConfig", name, _typed(ty, gives=_same), _setter)
            for name, ty in burn_conv.SETTERS.items()
        ),
        _row("Conv2dConfig", "init", _typed(DEVICE, gives=_layer("Conv2d")), _conv_init),
    ),
    "AdaptiveAvgPool2dConfig": _family(
        "AdaptiveAvgPool2dConfig",
        _row(
            "AdaptiveAvgPool2dConfig",
            "init",
            _typed(gives=_layer("AdaptiveAvgPool2d")),
            _conv_init,
        ),
    ),
}
"""Each Burn type's methods (`METHODS[owner]`, a family of rows by name)."""
METHODS.update(burn_lr.METHODS)  # the learning-rate schedulers' (burn_lr.py)


# -- Burn's functions called by a path: `LinearConfig::new(2, 3)`, `B::seed(&device, 42)`.. -------


def _burn_function(rule: Callable[[Any, Any, list[Ty]], Ty]) -> Callable[[Any, Any], Ty]:
    """A `Function`'s type rule: its arity checked, its arguments typed, then `rule`."""

    def check(ck: Any, e: Any) -> Ty:
        owner, function = e.name.split("::")[1:]
        ck.arity(e, STATICS[f"{owner}::{function}"].arity)
        return rule(ck, e, [ck.expr(a) for a in e.args])

    return check


def _own_type(ck: Any, e: Any, found: list[Ty]) -> Ty:
    """`Relu::new()`, `AdamConfig::new()`, `Conv2dConfig::new(..)`: the owner's type."""
    return burn_nn.NAMED_TYPES[e.name.split("::")[1]]


def _sizes(ck: Any, e: Any, found: list[Ty]) -> Ty:
    """`LinearConfig::new(d_input, d_output)`, `LayerNormConfig::new(d_model)`.."""
    for arg, ty in zip(e.args, found, strict=True):
        ck.unify(USIZE, ty, arg.pos)
    return _own_type(ck, e, found)


def _dropout_type(ck: Any, e: Any, found: list[Ty]) -> Ty:
    ck.unify(F64, found[0], e.args[0].pos)
    return _own_type(ck, e, found)


def _weight_decay_type(ck: Any, e: Any, found: list[Ty]) -> Ty:
    ck.unify(F32, found[0], e.args[0].pos)  # burn-optim's `penalty: f32`
    return _own_type(ck, e, found)


def _cross_entropy_new_type(ck: Any, e: Any, found: list[Ty]) -> Ty:
    ck.unify(option(USIZE), found[0], e.args[0].pos)  # `(pad_index: Option<usize>, device)`
    ck.unify(DEVICE, found[1], e.args[1].pos)
    return _own_type(ck, e, found)


def _seed_type(ck: Any, e: Any, found: list[Ty]) -> Ty:
    """burn-backend's `fn seed(device: &Self::Device, seed: u64)`."""
    ck.unify(DEVICE, found[0], e.args[0].pos)
    ck.unify(NAMED["u64"], found[1], e.args[1].pos)
    return UNIT


def _param_type(ck: Any, e: Any, found: list[Ty]) -> Ty:
    tensor = ck.known(found[0])
    if type(tensor) is not TensorT:
        raise ck.fail(e.args[0].pos, f"`Param::from_tensor` of `{show(tensor)}`")
    return burn_nn.param(tensor)


def _from_grads_type(ck: Any, e: Any, found: list[Ty]) -> Ty:
    """burn-optim's `from_grads<M: AutodiffModule>(grads: Gradients, module: &M)` and
    `from_module(grads: &mut Gradients, module: &M)` (which takes out the gradients of `module`'s
    params only: two modules' gradients split out of one backward); a reference where Burn
    takes a value, or a value where it takes one, is rustc's E0308."""
    ck.unify(GRADIENTS, found[0], e.args[0].pos)
    grads, module = e.args
    if e.name.endswith("::from_module") and not grads.mut_borrow:
        shown = "&Gradients" if grads.borrowed else "Gradients"
        what = f"mismatched types: expected `&mut Gradients`, found `{shown}`"
        raise ck.fail(grads.pos, rejects(what, "E0308"))
    if e.name.endswith("::from_grads") and grads.borrowed:
        shown = "&mut Gradients" if grads.mut_borrow else "&Gradients"
        what = f"mismatched types: expected `Gradients`, found `{shown}`"
        raise ck.fail(grads.pos, rejects(what, "E0308"))
    made = type(module) is StructLit or (type(module) is Method and module.name == "clone")
    if made and not module.borrowed:  # `net.clone()`: certainly a value
        what = f"mismatched types: expected `&_`, found `{show(found[1])}`"
        raise ck.fail(module.pos, rejects(what, "E0308"))
    if not burn_nn.is_module(ck.known(found[1])):
        raise ck.fail(
            e.args[1].pos,
            f"`GradientsParams::from_grads` of `{show(found[1])}` (a `#[derive(Module)]` "
            "struct or a `Linear`)",
        )
    return burn_nn.NAMED_TYPES["GradientsParams"]


def _made(comp: Any, e: Any, args: list[Code]) -> Code:
    """`pbpit.nn`'s class of the owner's name, made of the arguments (`LinearConfig::new(2, 3)`,
    `Relu::new()`, `MseLoss::new()`, `AdamConfig::new()`)."""
    owner = e.name.split("::")[1]
    make = burn_nn.CONFIGS.get(owner) or getattr(nn, owner)
    return lambda frame: make(*(a(frame) for a in args))


def _cross_entropy_new(comp: Any, e: Any, args: list[Code]) -> Code:
    """burn-nn's `CrossEntropyLoss::new`: the config's defaults, the pad index's token."""
    engine, (pad, device) = comp.engine(e.pos), args

    def cross_entropy(frame: list) -> Any:
        config, index = nn.CrossEntropyLossConfig(), pad(frame)
        config.pad_tokens = None if index is None else [index]
        return engine(config.init, device(frame))

    return cross_entropy


def _seed(comp: Any, e: Any, args: list[Code]) -> Code:
    _, value = args
    return lambda frame: engine_tensor.seed(value(frame))


def _param(comp: Any, e: Any, args: list[Code]) -> Code:
    engine, (tensor,) = comp.engine(e.pos), args
    return lambda frame: engine(nn.Param.from_tensor, tensor(frame))


def _from_grads(comp: Any, e: Any, args: list[Code]) -> Code:
    engine, (grads, module) = comp.engine(e.pos), args

    def from_grads(frame: list) -> Any:
        model = burn_nn.DerivedModule(module(frame))
        return engine(nn.GradientsParams.from_grads, grads(frame), model)

    return from_grads


def _shape_new_type(ck: Any, e: Any, found: list[Ty]) -> Ty:
    """cubecl-zspace's `Shape::new<const D: usize>(dims: [usize; D])`; `Shape::from` of an
    array or a `Vec` of sizes."""
    given = resolve(found[0])
    kinds = ("array",) if e.name.endswith("::new") else ("array", "Vec")
    if not (type(given) is Wrap and given.kind in kinds):
        raise ck.fail(e.args[0].pos, f"`{e.name[6:]}` of `{show(found[0])}`")
    ck.unify(USIZE, given.inner, e.args[0].pos)
    return shapes.SHAPE


def _shape_new(comp: Any, e: Any, args: list[Code]) -> Code:
    (dims,) = args
    return lambda frame: shapes.ShapeValue(list(dims(frame)))


def _padding(comp: Any, e: Any, args: list[Code]) -> Code:
    return burn_conv.compile_padding("Explicit", args)


def _function(owner: str, name: str, arity: int, rule: Any, compile_: Any) -> Function:
    return Function(owner, name, arity, _burn_function(rule), compile_)


STATICS: dict[str, Function] = {
    f.path: f
    for f in (
        _function("LinearConfig", "new", 2, _sizes, _made),
        _function("DropoutConfig", "new", 1, _dropout_type, _made),
        _function("LayerNormConfig", "new", 1, _sizes, _made),
        _function("EmbeddingConfig", "new", 2, _sizes, _made),
        _function("LeakyReluConfig", "new", 0, _own_type, _made),
        *(_function(name, "new", 0, _own_type, _made) for name in burn_nn.ACTIVATIONS),
        _function("MseLoss", "new", 0, _own_type, _made),
        _function("CrossEntropyLossConfig", "new", 0, _own_type, _made),
        _function("BinaryCrossEntropyLossConfig", "new", 0, _own_type, _made),
        _function("MomentumConfig", "new", 0, _own_type, _made),
        _function("WeightDecayConfig", "new", 1, _weight_decay_type, _made),
        _function("CrossEntropyLoss", "new", 2, _cross_entropy_new_type, _cross_entropy_new),
        *(_function(name, "new", 0, _own_type, _made) for name in burn_nn.CONFIGS),
        _function("GradientsParams", "from_grads", 2, _from_grads_type, _from_grads),
        _function("GradientsParams", "from_module", 2, _from_grads_type, _from_grads),
        _function("Shape", "new", 1, _shape_new_type, _shape_new),
        _function("Shape", "from", 1, _shape_new_type, _shape_new),
        *(
            _function(burn_grad_accum.NAME, name, 0, burn_grad_accum.new_type, burn_grad_accum.new)
            for name in ("new", "default")  # (`impl<M> Default`: `Self::new()`)
        ),
        _function("Param", "from_tensor", 1, _param_type, _param),
        _function("Backend", "seed", 2, _seed_type, _seed),
        _function("Conv2dConfig", "new", 2, _own_type, _made),
        _function("AdaptiveAvgPool2dConfig", "new", 1, _own_type, _made),
        _function("PaddingConfig2d", "Explicit", 4, _own_type, _padding),
    )
}
"""Burn's functions a program calls by a path (a `Static` named `burn::Owner::function`): each
its arity (the lowering knows the path by it), its types and its behaviour."""
STATICS.update({f.path: f for f in burn_lr.STATICS})  # `ExponentialLrSchedulerConfig::new`..
