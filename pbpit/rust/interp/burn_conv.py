"""`burn::nn::conv::{Conv2d, Conv2dConfig}` and `burn::nn::pool::{AdaptiveAvgPool2d,
AdaptiveAvgPool2dConfig}` in the interpreter, run on `pbpit.nn.conv`.

The layers join `burn_nn`'s tables when `burn_nn` is loaded (it imports this module last):
`Conv2d` is a struct of the library with burn-nn's fields (`weight: Param<Tensor<4>>`, `bias:
Option<Param<Tensor<1>>>`, `stride`, `kernel_size`, `dilation`, `groups`, `padding`), so
`GradientsParams::from_grads`, `valid()` and the optimizers visit weight then bias, as Burn's
derive does; `AdaptiveAvgPool2d` has `output_size` only. `Conv2dConfig::new([c_in, c_out],
[kh, kw])` with `with_stride`, `with_dilation`, `with_groups`, `with_bias`, then `init(&device)`;
`AdaptiveAvgPool2dConfig::new([h, w]).init()`; `forward` on each; `with_padding` of
`PaddingConfig2d::Valid`, `::Same` or `::Explicit(top, left, bottom, right)`; `forward` takes
and gives a `Tensor<4>` (checked as rustc would). Not mapped: `with_initializer`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbpit import nn
from pbpit.rust.format import Some
from pbpit.rust.interp import burn_nn
from pbpit.rust.interp.builtins import CLONE
from pbpit.rust.interp.nodes import Expr, Method, Pos, Static
from pbpit.rust.interp.runtime import StructValue
from pbpit.rust.interp.types import BOOL, USIZE, Named, TensorT, array, option

PAIR = array(USIZE, 2)
CONFIGS = ("Conv2dConfig", "AdaptiveAvgPool2dConfig")
FOUR_D = ("Conv2d", "AdaptiveAvgPool2d")  # layers whose forward takes and gives a `Tensor<4>`
PADDING = Named("PaddingConfig2d")
SETTERS = {
    "with_stride": PAIR,
    "with_dilation": PAIR,
    "with_groups": USIZE,
    "with_bias": BOOL,
    "with_padding": PADDING,
}


def _register() -> None:
    burn_nn.LAYERS["Conv2d"] = [
        ("weight", burn_nn.param(TensorT(4))),
        ("bias", option(burn_nn.param(TensorT(1)))),
        ("stride", PAIR),
        ("kernel_size", PAIR),
        ("dilation", PAIR),
        ("groups", USIZE),
        ("padding", PADDING),
    ]
    burn_nn.LAYERS["AdaptiveAvgPool2d"] = [("output_size", PAIR)]
    burn_nn.LAYER_CONFIGS.update(Conv2dConfig="Conv2d", AdaptiveAvgPool2dConfig="AdaptiveAvgPool2d")
    for name in CONFIGS:
        burn_nn.NAMED_TYPES[name] = Named(name)
    burn_nn.NAMED_TYPES["PaddingConfig2d"] = PADDING
    burn_nn._LAYER_VALUES["Conv2d"] = _conv2d
    burn_nn._LAYER_VALUES["AdaptiveAvgPool2d"] = lambda value: nn.AdaptiveAvgPool2d(value.fields[0])


def _conv2d(value: StructValue) -> nn.Conv2d:
    weight, bias, stride, kernel_size, dilation, groups, padding = value.fields
    return nn.Conv2d(
        weight, None if bias is None else bias.value, tuple(stride), tuple(kernel_size),
        tuple(dilation), groups, padding,
    )  # fmt: skip


def lower_path(pos: Pos, names: list[str], defined: Any) -> Expr | None:
    """`PaddingConfig2d::Valid`, `PaddingConfig2d::Same` (`Explicit(..)` is a call:
    `burn_methods.STATICS`)."""
    if len(names) >= 2 and names[-2] == "PaddingConfig2d" and "PaddingConfig2d" not in defined:
        if names[-1] in ("Valid", "Same"):
            return Static(pos, f"burn::PaddingConfig2d::{names[-1]}", [])
    return None


def compile_padding(variant: str, args: list) -> Callable:
    if variant == "Explicit":
        return lambda frame: nn.PaddingConfig2d.Explicit(*(a(frame) for a in args))
    value = getattr(nn.PaddingConfig2d, variant)
    return lambda frame: value


def check_config_method(checker: Any, e: Method, recv: Named, kind: str, name: str) -> Any:
    """`clone()` of a config; any other method but its rows (`burn_methods.METHODS`: the
    setters, `init`) refused, saying what pbpit runs."""
    if name == "clone":
        e.impl = CLONE
        checker.args(e)
        return recv
    offered = (
        "pbpit runs `with_stride(..)`, `with_dilation(..)`, `with_groups(..)`, `with_bias(..)`, "
        "`with_padding(..)` and `init(&device)`"
        if kind == "Conv2dConfig"
        else "pbpit runs `init()`"
    )
    raise checker.fail(e.pos, f"the method `{name}` on `{kind}` ({offered})")


def compile_init(engine: Callable, kind: str, recv: Callable, args: list) -> Callable:
    """`init` of a `Conv2dConfig` (to a `Conv2d`) or an `AdaptiveAvgPool2dConfig`."""

    def init(frame: list) -> StructValue:
        layer = engine(recv(frame).init, *(a(frame) for a in args))
        if kind == "AdaptiveAvgPool2dConfig":
            return burn_nn.layer_value("AdaptiveAvgPool2d", [list(layer.output_size)])
        bias = None if layer.bias is None else Some(layer.bias)
        return burn_nn.layer_value("Conv2d", [
            layer.weight, bias, list(layer.stride), list(layer.kernel_size), list(layer.dilation),
            layer.groups, layer.padding,
        ])  # fmt: skip

    return init


_register()
