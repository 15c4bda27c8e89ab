"""`Tensor`'s methods of math (clamps, powers) and of the graph's ins and outs
(`set_require_grad`, `grad_remove`, `grad_replace`, `from_inner`), and Burn's `TensorData`,
`Distribution` and `random`: added to `Tensor` when `pbpit.engine.tensor` imports this (import
that module, not this one)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pbpit.engine import ops
from pbpit.engine import random as _random
from pbpit.engine.arguments import _integer, _scalar
from pbpit.engine.server import Gradients, new_node
from pbpit.engine.tensor import (
    NONE,
    Device,
    Tensor,
    _apply,
    _apply_one,
    _as_float32,
    _check_broadcast,
    _checked,
    _leaf,
    _shape,
)


def clamp(self: Tensor, min: float, max: float) -> Tensor:  # noqa: A002 - Burn's names
    """Burn's default `clamp` on autodiff: `clamp_max(max)`, then `clamp_min(min)` (two
    nodes); the gradient is zero where a bound replaced the value."""
    return self.clamp_max(_scalar(max, "clamp")).clamp_min(_scalar(min, "clamp"))


def clamp_min(self: Tensor, min: float) -> Tensor:  # noqa: A002
    """Values below `min` become `min` (one `mask_fill` node)."""
    return _apply_one(ops.ClampMin(_scalar(min, "clamp_min")), self)


def clamp_max(self: Tensor, max: float) -> Tensor:  # noqa: A002
    """Values above `max` become `max` (one `mask_fill` node)."""
    return _apply_one(ops.ClampMax(_scalar(max, "clamp_max")), self)


def powi_scalar(self: Tensor, exponent: int) -> Tensor:
    """`x^n` for a whole `n`, as Burn's default `float_powi_scalar` dispatches it: 0 is `ones`
    (a new untracked node), 1 is `x` itself, 2 is `x * x`, -1 `recip(x)`, -2 `recip(x * x)`,
    any other one powf node."""
    n = _integer(exponent, "powi_scalar")
    if n == 0:
        return Tensor.ones(self.shape, self.device)
    if n == 1:
        return self
    if n == 2:
        return self * self
    if n == -1:
        return self.recip()
    if n == -2:
        return (self * self).recip()
    return _apply_one(ops.PowfScalar(float(n)), self)


def square(self: Tensor) -> Tensor:
    """`x * x`: Burn's `square` is `powi_scalar(2)`."""
    return self.powi_scalar(2)


def powf(self: Tensor, other: Tensor) -> Tensor:
    """`x^p`, element by element, with a tensor exponent; the shapes broadcast as in every
    binary op (burn-autodiff's `float_powf` sums each gradient back to its operand's shape)."""
    if not isinstance(other, Tensor):
        raise TypeError(f"powf: expected a tensor exponent, got {type(other).__name__}")
    if self.array.shape == other.array.shape:
        return _apply(ops.Powf(), (self, other), self.array, other.array)
    _check_broadcast("powf", self, other)
    return _apply(ops.PowfBroadcast(), (self, other), self.array, other.array)


def set_require_grad(self: Tensor, require_grad: bool) -> Tensor:
    """`True` is `require_grad()`; `False` gives a new untracked node (Burn's
    `AutodiffTensor::new`). Without autodiff both leave the tensor as it is."""
    if not isinstance(require_grad, bool):
        raise TypeError(f"set_require_grad: expected a bool, got {type(require_grad).__name__}")
    if self.node is None:
        return self
    if require_grad:
        return self.require_grad()
    return Tensor(self.array, new_node((), NONE, "set_require_grad", 0, (self.node,)))


def grad_remove(self: Tensor, grads: Gradients) -> Tensor | None:
    """This tensor's gradient, taken out of `grads` (None if it has none)."""
    if self.node is None:
        return None
    value = grads.remove(self.node.id)
    return None if value is None else Tensor(value, None)


def grad_replace(self: Tensor, grads: Gradients, grad: Tensor) -> None:
    """Put `grad` (a tensor without autodiff) in `grads` as this tensor's gradient."""
    if not isinstance(grad, Tensor) or grad.node is not None:
        raise TypeError("grad_replace: the gradient must be a tensor without autodiff (`inner()`)")
    if grad.shape != self.shape:
        raise ValueError(
            f"grad_replace: a gradient of shape {list(grad.shape)} for {list(self.shape)}"
        )
    if self.node is not None:
        grads.remove(self.node.id)
        grads.register(self.node, grad.array)


def from_inner(inner: Tensor) -> Tensor:
    """Back onto the autodiff device: a new untracked node (Burn's `AutodiffTensor::new`)."""
    if not isinstance(inner, Tensor):
        raise TypeError(f"from_inner: expected a Tensor, got {type(inner).__name__}")
    if inner.node is not None:
        raise TypeError("from_inner: the tensor is already on an autodiff device")
    return Tensor(inner.array, new_node((), NONE, "from_inner"))


class TensorData:
    """Burn's `TensorData`: values, flattened, and a shape (without one, `values` are nested
    lists and the nesting is the shape)."""

    __slots__ = ("values", "shape")

    def __init__(self, values: Any, shape: Sequence[int] | None = None) -> None:
        if shape is None:  # nested values, as `TensorData::from([[1.0, 2.0], [3.0, 4.0]])`
            array = _as_float32(values, "TensorData")
            values, shape = array.reshape(-1).tolist(), array.shape
        if isinstance(values, str | bytes) or not all(
            isinstance(v, int | float | np.integer | np.floating) and not isinstance(v, bool)
            for v in values
        ):
            raise TypeError(f"TensorData: expected a list of numbers, got {values!r:.60}")
        self.values = list(values)
        self.shape = _shape(list(shape), "TensorData")
        if int(np.prod(self.shape)) != len(self.values):
            raise ValueError(
                f"TensorData: {len(self.values)} values do not fill the shape {list(self.shape)}"
            )

    @staticmethod
    def new(values: Sequence[float], shape: Sequence[int]) -> TensorData:
        """`TensorData::new(vec, shape)`."""
        return TensorData(values, shape)

    @staticmethod
    def from_nested(data: Any) -> TensorData:
        """`TensorData::from([[1.0, 2.0], [3.0, 4.0]])`: the shape from the nesting."""
        return TensorData(data)

    def to_vec(self) -> list[float]:
        return list(self.values)

    def __repr__(self) -> str:
        return f"TensorData({self.values}, shape={list(self.shape)})"


def from_data(data: Any, device: Device) -> Tensor:
    """A tensor of a `TensorData` (or anything with `values` and `shape`), or nested lists."""
    device = _checked(device, "from_data")
    if hasattr(data, "values") and hasattr(data, "shape") and not isinstance(data, np.ndarray):
        array = np.array(list(data.values), dtype=np.float32).reshape(tuple(data.shape))
    else:
        array = _as_float32(data, "from_data")
    return _leaf(np.ascontiguousarray(array), device, "from_data")


class Distribution:
    """Burn's `Distribution`: `Default` (uniform on [0, 1)), `Uniform(low, high)`,
    `Normal(mean, std)`, `Bernoulli(p)`."""

    __slots__ = ("kind", "a", "b")

    def __init__(self, kind: str, a: float = 0.0, b: float = 1.0) -> None:
        self.kind, self.a, self.b = kind, float(a), float(b)

    @staticmethod
    def uniform(low: float, high: float) -> Distribution:
        return Distribution("Uniform", low, high)

    @staticmethod
    def normal(mean: float, std: float) -> Distribution:
        return Distribution("Normal", mean, std)

    @staticmethod
    def bernoulli(p: float) -> Distribution:
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"Distribution.Bernoulli: p = {p} is not a probability")
        return Distribution("Bernoulli", p)

    def __repr__(self) -> str:
        if self.kind == "Default":
            return "Distribution::Default"
        args = f"{self.a}" if self.kind == "Bernoulli" else f"{self.a}, {self.b}"
        return f"Distribution::{self.kind}({args})"


Distribution.Default = Distribution("Default")  # type: ignore[attr-defined]
Distribution.Uniform = Distribution.uniform  # type: ignore[attr-defined]
Distribution.Normal = Distribution.normal  # type: ignore[attr-defined]
Distribution.Bernoulli = Distribution.bernoulli  # type: ignore[attr-defined]

# Burn's Flex and NdArray draw from one global rand `StdRng` (ChaCha12): `B::seed(n)` restarts it,
# unseeded it comes from the OS. pbpit.engine.random reproduces that stream and rand's samplers.


def seed(value: int) -> None:
    """`B::seed(n)`: the next `Tensor.random` draws Burn's values for that seed (Flex's and
    NdArray's stream: `StdRng::seed_from_u64(n)`)."""
    _random.seed(value)


def random(shape: Sequence[int], distribution: Distribution, device: Device) -> Tensor:
    """A new leaf of samples of `distribution` (untracked until `require_grad`), drawn from the
    backend's stream as Burn's CPU backends draw them (f32, element by element)."""
    device = _checked(device, "random")
    if not isinstance(distribution, Distribution):
        raise TypeError(
            f"random: expected a Distribution (`Distribution.Default`), got "
            f"{type(distribution).__name__}"
        )
    size = _shape(shape, "random")
    kind, a, b = distribution.kind, distribution.a, distribution.b
    # rand's `Uniform::new` refuses low >= high; Burn unwraps it (a panic). rand_distr 0.6's
    # `Normal::new` refuses only a std that is not finite (`random.sample`): a negative one draws.
    if kind == "Uniform" and not a < b:
        raise ValueError(f"random: Uniform({a}, {b}) needs low < high")
    try:
        values = _random.sample(kind, a, b, size)
    except ValueError as error:
        raise ValueError(f"random: {error}") from None
    return _leaf(values, device, "random")


for _method in (
    clamp, clamp_min, clamp_max, powi_scalar, square, powf, set_require_grad, grad_remove,
    grad_replace,
):  # fmt: skip
    setattr(Tensor, _method.__name__, _method)
for _function in (from_inner, from_data, random):
    setattr(Tensor, _function.__name__, staticmethod(_function))
