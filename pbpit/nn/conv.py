"""burn-nn's `Conv2d` and `AdaptiveAvgPool2d` (`burn::nn::conv`, `burn::nn::pool`) and
burn-tensor's `module::conv2d` / `module::adaptive_avg_pool2d`, on `pbpit.engine.conv`.

Node ids, as burn-nn 0.22 gives them: `Conv2dConfig::init` makes the weight and then the bias
as lazy params (no id); `Conv2d::forward` reads `weight.val()`, then `bias.val()` (the first read
of each is its leaf's id), then runs one `conv2d` node. `AdaptiveAvgPool2d` has no param; its
forward is one `adaptive_avg_pool2d` node.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from pbpit.engine import conv as engine
from pbpit.engine.tensor import Device, Tensor, _apply, _apply_one
from pbpit.engine.tensor import _tensor as _input
from pbpit.nn.layers import Config
from pbpit.nn.module import Initializer, Module, Param

ConvOptions = engine.ConvOptions


def _pair(value: Any, name: str) -> tuple[int, int]:
    values = tuple(int(v) for v in value)
    if len(values) != 2:
        raise ValueError(f"{name}: expected two values, got {list(values)}")
    return values  # type: ignore[return-value]


# -- functional: burn::tensor::module --------------------------------------------------------------


def conv2d(
    x: Tensor, weight: Tensor, bias: Tensor | None = None, options: ConvOptions | None = None
) -> Tensor:
    """`module::conv2d(x, weight, bias, options)`: one node (symmetric padding)."""
    x = _input(x, "conv2d")
    weight = _input(weight, "conv2d")
    options = options or ConvOptions()
    engine.check_channels(x.shape, weight.shape, options.groups)
    _, _, height, width = x.shape
    engine.out_size(weight.shape[2], options.stride[0], options.padding[0], options.dilation[0],
                    height)  # fmt: skip
    engine.out_size(weight.shape[3], options.stride[1], options.padding[1], options.dilation[1],
                    width)  # fmt: skip
    op = engine.Conv2d(options)
    if bias is None:
        return _apply(op, (x, weight), x.array, weight.array)
    bias = _input(bias, "conv2d")
    if bias.shape != (weight.shape[0],):
        raise ValueError(f"conv2d: bias of shape {list(bias.shape)}, expected [{weight.shape[0]}]")
    return _apply(op, (x, weight, bias), x.array, weight.array, bias.array)


def adaptive_avg_pool2d(x: Tensor, output_size: Sequence[int]) -> Tensor:
    """`module::adaptive_avg_pool2d(x, output_size)`: one node."""
    x = _input(x, "adaptive_avg_pool2d")
    if len(x.shape) != 4:
        raise ValueError(f"adaptive_avg_pool2d: expected a 4-D input, got {list(x.shape)}")
    size = _pair(output_size, "adaptive_avg_pool2d")
    return _apply_one(engine.AdaptiveAvgPool2d(size), x)


# -- padding ---------------------------------------------------------------------------------------


class PaddingConfig2d:
    """burn-nn's `PaddingConfig2d`: `Valid`, `Same`, `Explicit(top, left, bottom, right)`."""

    __slots__ = ("kind", "values")

    def __init__(self, kind: str, values: tuple[int, ...] = ()) -> None:
        self.kind, self.values = kind, values

    @staticmethod
    def Explicit(top: int, left: int, bottom: int, right: int) -> PaddingConfig2d:  # noqa: N802
        return PaddingConfig2d("Explicit", (int(top), int(left), int(bottom), int(right)))

    def pairs(self, height: int, width: int, kernel: tuple[int, int], stride: tuple[int, int]):
        """`calculate_padding_2d_pairs`: ((top, bottom), (left, right))."""
        if self.kind == "Valid":
            return (0, 0), (0, 0)
        if self.kind == "Same":
            return _same(kernel[0], stride[0], height), _same(kernel[1], stride[1], width)
        top, left, bottom, right = self.values
        return (top, bottom), (left, right)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PaddingConfig2d) and (other.kind, other.values) == (
            self.kind,
            self.values,
        )

    def __repr__(self) -> str:
        return self.kind + (repr(self.values) if self.values else "")


def _same(kernel: int, stride: int, size: int) -> tuple[int, int]:
    out = -(-size // stride)
    total = max((out - 1) * stride + kernel - size, 0) if out > 0 else 0
    return total // 2, total - total // 2


PaddingConfig2d.Valid = PaddingConfig2d("Valid")  # type: ignore[attr-defined]
PaddingConfig2d.Same = PaddingConfig2d("Same")  # type: ignore[attr-defined]


# -- Conv2d ----------------------------------------------------------------------------------------


class Conv2dConfig(Config):
    """`Conv2dConfig::new([c_in, c_out], [kh, kw])`: stride 1, dilation 1, groups 1, `Valid`
    padding, bias, Kaiming uniform with gain 1/sqrt(3) (bounds ±1/sqrt(c_in * kh * kw))."""

    def __init__(self, channels: Sequence[int], kernel_size: Sequence[int]) -> None:
        self.channels = _pair(channels, "Conv2dConfig channels")
        self.kernel_size = _pair(kernel_size, "Conv2dConfig kernel_size")
        self.stride = (1, 1)
        self.dilation = (1, 1)
        self.groups = 1
        self.padding = PaddingConfig2d.Valid  # type: ignore[attr-defined]
        self.bias = True
        self.initializer = Initializer.KaimingUniform(1.0 / math.sqrt(3.0), False)

    def init(self, device: Device) -> Conv2d:
        """Weight `[c_out, c_in / groups, kh, kw]`, then bias `[c_out]`: both lazy (no id)."""
        c_in, c_out = self.channels
        groups = int(self.groups)
        if c_in % groups or c_out % groups:
            raise ValueError(
                "Both channels must be divisible by the number of groups. Got "
                f"channels_in={c_in}, channels_out={c_out}, groups={groups}"
            )
        kh, kw = self.kernel_size
        fan_in, fan_out = c_in // groups * kh * kw, c_out // groups * kh * kw
        weight = self.initializer.init_with([c_out, c_in // groups, kh, kw], fan_in, fan_out,
                                            device)  # fmt: skip
        bias = self.initializer.init_with([c_out], fan_in, fan_out, device) if self.bias else None
        return Conv2d(weight, bias, _pair(self.stride, "stride"), self.kernel_size,
                      _pair(self.dilation, "dilation"), groups, self.padding)  # fmt: skip


class Conv2d(Module):
    """`Conv2d::forward`: the padding worked out for the input, then `conv2d(input,
    weight.val(), bias.val())`: weight read first, then bias, then one `conv2d` node."""

    def __init__(
        self,
        weight: Param,
        bias: Param | None,
        stride: tuple[int, int] = (1, 1),
        kernel_size: tuple[int, int] | None = None,
        dilation: tuple[int, int] = (1, 1),
        groups: int = 1,
        padding: PaddingConfig2d | None = None,
    ) -> None:
        self.weight = weight
        self.bias = bias
        self.stride = stride
        self.kernel_size = kernel_size or tuple(weight.lazy_shape()[2:])
        self.dilation = dilation
        self.groups = groups
        self.padding = padding or PaddingConfig2d.Valid  # type: ignore[attr-defined]

    def forward(self, input: Tensor) -> Tensor:  # noqa: A002 - Burn's name
        x = _input(input, "Conv2d.forward")
        if len(x.shape) != 4:
            raise ValueError(f"Conv2d.forward: expected a 4-D input, got {list(x.shape)}")
        (top, bottom), (left, right) = self.padding.pairs(
            x.shape[2], x.shape[3], self.kernel_size, self.stride
        )
        if (top, left) != (bottom, right):
            raise ValueError(
                "Conv2d.forward: asymmetric padding (burn-tensor pads the input first) is not in "
                "pbpit"
            )
        options = ConvOptions(self.stride, (top, left), self.dilation, self.groups)
        weight = self.weight.val()
        bias = None if self.bias is None else self.bias.val()
        return conv2d(x, weight, bias, options)

    def __repr__(self) -> str:
        c_out, c_in_group = self.weight.lazy_shape()[:2]
        return (
            f"Conv2d {{ch_in: {c_in_group * self.groups}, ch_out: {c_out}, "
            f"stride: {list(self.stride)}, kernel_size: {list(self.kernel_size)}, "
            f"dilation: {list(self.dilation)}, groups: {self.groups}, padding: {self.padding!r}}}"
        )


# -- AdaptiveAvgPool2d -----------------------------------------------------------------------------


class AdaptiveAvgPool2dConfig(Config):
    """`AdaptiveAvgPool2dConfig::new([h, w])`."""

    def __init__(self, output_size: Sequence[int]) -> None:
        self.output_size = _pair(output_size, "AdaptiveAvgPool2dConfig output_size")

    def init(self) -> AdaptiveAvgPool2d:
        return AdaptiveAvgPool2d(self.output_size)


class AdaptiveAvgPool2d(Module):
    """No param; `forward` is one `adaptive_avg_pool2d` node."""

    def __init__(self, output_size: Sequence[int]) -> None:
        self.output_size = _pair(output_size, "AdaptiveAvgPool2d output_size")

    def forward(self, input: Tensor) -> Tensor:  # noqa: A002
        return adaptive_avg_pool2d(_input(input, "AdaptiveAvgPool2d.forward"), self.output_size)

    def __repr__(self) -> str:
        return f"AdaptiveAvgPool2d {{output_size: {list(self.output_size)}}}"
