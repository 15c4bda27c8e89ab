"""`burn::nn`, `burn::module` and `burn::optim` in the interpreter, run on `pbpit.nn`.

A `#[derive(Module)]` struct is a `StructValue` whose fields are visited in declaration order
(what `GradientsParams::from_grads` and `optim.step` walk, as Burn's derive does); `Linear<B>` is
a struct of the library (`weight: Param<Tensor<B, 2>>`, `bias: Option<Param<Tensor<B, 1>>>`), so
`Linear { weight, bias }` and `linear.weight.val()` read as in Burn. Params are `pbpit.nn.Param`s:
lazy, their node id taken at the first read (docs/BURN_MODULES.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from pbpit import nn
from pbpit.engine.api import RUST_METHODS
from pbpit.rust.format import Some
from pbpit.rust.interp.nodes import Expr, Method, Pos, Static, StructItem
from pbpit.rust.interp.runtime import StructValue
from pbpit.rust.interp.types import (
    BOOL,
    DEVICE,
    F32,
    F64,
    GRADIENTS,
    USIZE,
    Named,
    StructT,
    TensorT,
    Ty,
    Var,
    Wrap,
    option,
    resolve,
    show,
)

# The library's types that are values without fields the program reads.
ACTIVATIONS = ("Relu", "Sigmoid", "Tanh", "Gelu")
NAMED_TYPES = {
    name: Named(name)
    for name in (
        *ACTIVATIONS,
        "LinearConfig",
        "MseLoss",
        "CrossEntropyLoss",
        "CrossEntropyLossConfig",
        "Reduction",
        "AdamConfig",
        "AdamWConfig",
        "SgdConfig",
        "GradientsParams",
        "Optimizer",
    )
}
CONFIGS = {"AdamConfig": nn.AdamConfig, "AdamWConfig": nn.AdamWConfig, "SgdConfig": nn.SgdConfig}
# `(owner, function)`: the associated functions a Burn program calls, and their arity.
FUNCTIONS = {
    ("LinearConfig", "new"): 2,
    **{(name, "new"): 0 for name in ACTIVATIONS},
    ("MseLoss", "new"): 0,
    ("CrossEntropyLossConfig", "new"): 0,
    ("AdamConfig", "new"): 0,
    ("AdamWConfig", "new"): 0,
    ("SgdConfig", "new"): 0,
    ("GradientsParams", "from_grads"): 2,
    ("Param", "from_tensor"): 1,
}
REDUCTIONS = ("Mean", "Sum", "Auto")
OPTIMIZER_SETTERS = {
    "AdamConfig": ("with_beta_1", "with_beta_2", "with_epsilon"),
    "AdamWConfig": ("with_beta_1", "with_beta_2", "with_epsilon", "with_weight_decay"),
    "SgdConfig": (),
}


def param(inner: Ty) -> Wrap:
    """`Param<Tensor<B, D>>`."""
    return Wrap("Param", inner)


def is_library(item: Any) -> bool:
    """Whether a struct item is one of Burn's (`Linear`), not the program's."""
    return getattr(item, "node", 0) is None


def is_module(ty: Ty) -> bool:
    ty = resolve(ty)
    return type(ty) is StructT and ("Module" in ty.item.derives or is_library(ty.item))  # type: ignore[attr-defined]


# -- lowering ------------------------------------------------------------------------------------


def declare(structs: dict[str, StructItem]) -> None:
    """`Linear` as a struct of the library, unless the file defines its own."""
    if "Linear" not in structs:
        item = StructItem("Linear", (0, 0), None, "named")  # type: ignore[arg-type]
        item.fields = [("weight", param(TensorT(2))), ("bias", option(param(TensorT(1))))]
        item.derives = frozenset({"Module", "Clone", "Debug"})
        structs["Linear"] = item


def lower_type(name: str, inner: Callable[[], Ty] | None) -> Ty | None:
    """`Relu`, `MseLoss`, `Param<Tensor<B, D>>`...; None for a name that is not Burn's."""
    if name == "Param" and inner is not None:
        found = resolve(inner())
        return param(found) if type(found) is TensorT else None
    if inner is None:
        return NAMED_TYPES.get(name)
    return None


def lower_call(pos: Pos, names: list[str], args: list[Expr], defined: Any) -> Expr | None:
    """`LinearConfig::new(2, 3)`, `Relu::new()`, `GradientsParams::from_grads(g, &m)`...: a
    `Static` named `burn::Owner::function`; None for any other path (or the file's own type)."""
    if len(names) < 2:
        return None
    owner, function = names[-2], names[-1]
    if (owner, function) not in FUNCTIONS or (owner in defined and owner != "Linear"):
        return None
    return Static(pos, f"burn::{owner}::{function}", args)


def lower_path(pos: Pos, names: list[str], defined: Any) -> Expr | None:
    """`Reduction::Mean`."""
    if len(names) >= 2 and names[-2] == "Reduction" and "Reduction" not in defined:
        if names[-1] in REDUCTIONS:
            return Static(pos, f"burn::Reduction::{names[-1]}", [])
    return None


# -- checking ------------------------------------------------------------------------------------


def check_static(checker: Any, e: Static) -> Ty:
    _, owner, function = e.name.split("::")
    expected = FUNCTIONS.get((owner, function))
    if expected is not None:
        checker.arity(e, expected, f"`{owner}::{function}`")
    found = [checker.expr(a) for a in e.args]
    if owner == "Reduction":
        return NAMED_TYPES["Reduction"]
    if owner == "LinearConfig":
        for arg, ty in zip(e.args, found, strict=True):
            checker.unify(USIZE, ty, arg.pos)
        return NAMED_TYPES["LinearConfig"]
    if owner == "Param":
        (t,) = found
        tensor = checker.known(t)
        if type(tensor) is not TensorT:
            raise checker.fail(e.args[0].pos, f"`Param::from_tensor` of `{show(tensor)}`")
        return param(tensor)
    if owner == "GradientsParams":
        checker.unify(GRADIENTS, found[0], e.args[0].pos)
        if not is_module(checker.known(found[1])):
            raise checker.fail(
                e.args[1].pos,
                f"`GradientsParams::from_grads` of `{show(found[1])}` (a `#[derive(Module)]` "
                "struct or a `Linear`)",
            )
        return NAMED_TYPES["GradientsParams"]
    return NAMED_TYPES[owner]


def check_method(checker: Any, e: Method, recv: Ty) -> Ty | None:
    """The type of a Burn method call (`e.impl` set to `burn.<what>`), None if `recv` is not
    Burn's; a method Burn's type has and pbpit does not is refused, saying what it runs."""
    name = e.name
    if type(recv) is StructT:
        item = recv.item
        if not is_module(recv):
            return None
        if name == "valid" or (name == "clone" and is_library(item)):
            e.impl = f"burn.{name}"
            checker.args(e)
            return recv
        if is_library(item) and name == "forward":
            e.impl = "burn.linear"
            return _forward(checker, e)
        if is_library(item):
            raise checker.fail(e.pos, f"`Linear::{name}` (pbpit runs `forward`, `valid`, `clone`)")
        return None
    if type(recv) is Wrap and recv.kind == "Param":
        if name == "val":
            e.impl = "burn.val"
            checker.args(e)
            return recv.inner
        if name == "clone":
            e.impl = "clone"
            checker.args(e)
            return recv
        if name in RUST_METHODS:  # `Deref` to the tensor: `param.grad(&grads)` reads `val()`
            val = Method(e.recv.pos, e.recv, "val", [], [], impl="burn.val")
            val.ty = recv.inner
            checker.nodes.append(val)
            e.recv = val
            return checker.tensor_method(e, resolve(recv.inner))
        raise checker.fail(
            e.pos, f"`Param::{name}` (pbpit runs `val()`, `clone()` and the tensor's methods)"
        )
    if type(recv) is not Named or NAMED_TYPES.get(recv.name) is not recv:
        return None
    kind = recv.name
    e.impl = f"burn.{kind}.{name}"
    if kind in ACTIVATIONS and name == "forward":
        return _forward(checker, e)
    if kind == "LinearConfig" and name == "with_bias":
        checker.args(e, BOOL)
        return recv
    if kind == "LinearConfig" and name == "init":
        checker.args(e, DEVICE)
        return StructT(checker.crate.structs["Linear"])
    if kind == "MseLoss" and name == "forward":
        a, b, _ = checker.args(e, TensorT(None), TensorT(None), NAMED_TYPES["Reduction"])
        checker.unify(a, b, e.args[1].pos)
        return TensorT(1)
    if kind == "CrossEntropyLossConfig" and name == "init":
        checker.args(e, DEVICE)
        return NAMED_TYPES["CrossEntropyLoss"]
    if kind == "CrossEntropyLoss" and name == "forward":
        checker.args(e, TensorT(2), TensorT(1, "Int"))
        return TensorT(1)
    if kind in CONFIGS and name == "init":
        checker.args(e)
        return NAMED_TYPES["Optimizer"]
    if kind in CONFIGS and name in OPTIMIZER_SETTERS[kind]:
        checker.args(e, F32)
        return recv
    if kind == "Optimizer" and name == "step":
        _, module, _ = checker.args(e, F64, Var(), NAMED_TYPES["GradientsParams"])
        if not is_module(checker.known(module)):
            raise checker.fail(e.args[1].pos, f"`step` of `{show(module)}` (a module)")
        return module
    if name == "clone":
        e.impl = "clone"
        checker.args(e)
        return recv
    raise checker.fail(e.pos, f"the method `{name}` on `{kind}` ({_offered(kind)})")


def _forward(checker: Any, e: Method) -> Ty:
    (found,) = checker.args(e, TensorT(None))
    return found


def _offered(kind: str) -> str:
    offered = {
        "LinearConfig": "pbpit runs `with_bias(..)` and `init(&device)`",
        "MseLoss": "pbpit runs `forward(logits, targets, Reduction::Mean)`",
        "CrossEntropyLossConfig": "pbpit runs `init(&device)`",
        "CrossEntropyLoss": "pbpit runs `forward(logits, targets)`",
        "Optimizer": "pbpit runs `step(lr, model, grads)`",
        "GradientsParams": "pass it to `optim.step(lr, model, grads)`",
    }
    if kind in CONFIGS:
        setters = ", ".join(f"`{s}(..)`" for s in OPTIMIZER_SETTERS[kind])
        return f"pbpit runs {setters + ' and ' if setters else ''}`init()`"
    return offered.get(kind, "pbpit runs `forward(x)`")


# -- running -------------------------------------------------------------------------------------


class DerivedModule(nn.Module):
    """A `#[derive(Module)]` value (a `StructValue`) as `pbpit.nn` walks modules: its fields in
    declaration order, depth first, into `Linear`s, other derived modules, `Vec`s and `Some`."""

    def __init__(self, value: StructValue) -> None:
        self.value = value

    def visit(self) -> Iterator[nn.Param]:
        yield from _params(self.value)

    def map(self, func: Callable[[nn.Param], nn.Param]) -> DerivedModule:
        return DerivedModule(_mapped(self.value, func))


def _params(value: Any) -> Iterator[nn.Param]:
    if type(value) is nn.Param:
        yield value
    elif type(value) is StructValue:
        for field in value.fields:
            yield from _params(field)
    elif type(value) is Some:
        yield from _params(value.value)
    elif type(value) is list:
        for item in value:
            yield from _params(item)


def _mapped(value: Any, func: Callable[[nn.Param], nn.Param]) -> Any:
    if type(value) is nn.Param:
        return func(value)
    if type(value) is StructValue:
        return StructValue([_mapped(f, func) for f in value.fields], value.variant)
    if type(value) is Some:
        return Some(_mapped(value.value, func))
    if type(value) is list:
        return [_mapped(item, func) for item in value]
    return value


def _linear(value: StructValue) -> nn.Linear:
    weight, bias = value.fields
    return nn.Linear(weight, None if bias is None else bias.value)


def compile_static(library: Any, e: Static, args: list[Callable[[list], Any]]) -> Callable:
    _, owner, function = e.name.split("::")
    engine = library.engine(e.pos)
    if owner == "Reduction":
        return lambda frame: function
    if owner == "LinearConfig":
        d_in, d_out = args
        return lambda frame: nn.LinearConfig(d_in(frame), d_out(frame))
    if owner in ACTIVATIONS:
        make = getattr(nn, owner)
        return lambda frame: make()
    if owner == "MseLoss":
        return lambda frame: nn.MseLoss()
    if owner == "CrossEntropyLossConfig":
        return lambda frame: nn.CrossEntropyLossConfig()
    if owner in CONFIGS:
        config = CONFIGS[owner]
        return lambda frame: config()
    if owner == "Param":
        (tensor,) = args
        return lambda frame: engine(nn.Param.from_tensor, tensor(frame))
    grads, module = args

    def from_grads(frame: list) -> Any:
        return engine(nn.GradientsParams.from_grads, grads(frame), DerivedModule(module(frame)))

    return from_grads


def compile_method(library: Any, e: Method, name: str, recv: Callable, args: list) -> Callable:
    engine = library.engine(e.pos)
    if name == "valid":
        return lambda frame: DerivedModule(recv(frame)).valid().value
    if name == "clone":
        return lambda frame: DerivedModule(recv(frame)).clone().value
    if name == "val":
        return lambda frame: recv(frame).val()
    if name == "linear":
        (x,) = args
        return lambda frame: engine(lambda m, t: _linear(m).forward(t), recv(frame), x(frame))
    kind, _, method = name.partition(".")
    if kind == "LinearConfig" and method == "init":
        (device,) = args

        def init(frame: list) -> StructValue:
            linear = recv(frame).init(device(frame))
            bias = None if linear.bias is None else Some(linear.bias)
            return StructValue([linear.weight, bias])

        return init
    if kind == "Optimizer":
        lr, module, grads = args

        def step(frame: list) -> Any:
            optim, rate, model = recv(frame), lr(frame), module(frame)
            return engine(optim.step, rate, DerivedModule(model), grads(frame)).value

        return step
    if kind == "MseLoss":
        a, b, reduction = args
        return lambda frame: engine(recv(frame).forward, a(frame), b(frame), reduction(frame))
    if method.startswith("with_"):
        (value,) = args
        return lambda frame: getattr(recv(frame), method)(value(frame))
    return lambda frame: engine(getattr(recv(frame), method), *(a(frame) for a in args))
