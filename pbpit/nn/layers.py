"""`burn::nn` modules for Python: `Linear`, the activations, `Dropout`, `Embedding`, `LayerNorm`,
each running the ops (and taking the node ids) burn-nn's forward runs on the autodiff backend."""

from __future__ import annotations

import copy
import math
from typing import Any

import numpy as np

from pbpit.engine import activation
from pbpit.engine.ops import BatchedMatmul
from pbpit.engine.tensor import Device, Distribution, Tensor, _apply, _apply_one, random
from pbpit.engine.tensor import _tensor as _input
from pbpit.nn import ops
from pbpit.nn.module import Initializer, Module, Param


class Config:
    """`#[derive(Config)]`: `Name.new(required..)` or `Name(required..)`, then `with_<field>(v)`
    for each field with a default, each giving a new config."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("with_") and name[5:] in vars(self):
            field = name[5:]

            def setter(value: Any) -> Config:
                out = copy.copy(self)
                setattr(out, field, value)
                return out

            return setter
        raise AttributeError(f"{type(self).__name__} has no field or method {name!r}")

    @classmethod
    def new(cls, *args: Any, **kwargs: Any) -> Any:
        return cls(*args, **kwargs)

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}: {v!r}" for k, v in vars(self).items())
        return f"{type(self).__name__} {{ {fields} }}"


# -- linear ----------------------------------------------------------------------------------------


class LinearConfig(Config):
    """`LinearConfig::new(d_input, d_output)`; bias on, Kaiming uniform with gain 1/sqrt(3)
    (bounds ±1/sqrt(d_input)), as burn-nn's defaults."""

    def __init__(self, d_input: int, d_output: int) -> None:
        self.d_input, self.d_output = int(d_input), int(d_output)
        self.bias = True
        self.initializer = Initializer.KaimingUniform(1.0 / math.sqrt(3.0), False)

    def init(self, device: Device) -> Linear:
        """Weight `[d_input, d_output]` and bias `[d_output]`, both lazy: no node id yet."""
        fans = (self.d_input, self.d_output)
        weight = self.initializer.init_with([self.d_input, self.d_output], *fans, device)
        bias = self.initializer.init_with([self.d_output], *fans, device) if self.bias else None
        return Linear(weight, bias)


class Linear(Module):
    """`y = x @ weight + bias`, as burn-tensor's `module::linear` runs it on the autodiff
    backend (`linear` below): the weight and the bias are read first (the first read gives each
    its node id), then the ops, each taking its own id."""

    def __init__(self, weight: Param, bias: Param | None) -> None:
        self.weight = weight
        self.bias = bias

    def forward(self, input: Tensor) -> Tensor:  # noqa: A002 - Burn's name
        x = _input(input, "Linear.forward")
        weight = self.weight.val()
        bias = None if self.bias is None else self.bias.val()
        if x.array.shape[-1:] != weight.array.shape[:1]:
            raise ValueError(
                f"Linear.forward: input {list(x.shape)} does not end in d_input "
                f"{weight.array.shape[0]}"
            )
        return linear(x, weight, bias)

    def __repr__(self) -> str:
        d_input, d_output = self.weight.lazy_shape()
        return f"Linear {{d_input: {d_input}, d_output: {d_output}, bias: {self.bias is not None}}}"


def linear(x: Tensor, weight: Tensor, bias: Tensor | None) -> Tensor:
    """burn-tensor's `module::linear`: the autodiff backend has a fused `linear`, but the
    dispatching backend Burn 0.22 users run on does not forward it, so burn-backend's default
    runs op by op (each a node): a 1-D input is `unsqueeze`d and `squeeze_dim`med back; else,
    as the matmul transform policy decides, either `matmul` with the weight (reshaped to the
    input's rank when that is over 2) and `+` the bias reshaped to `[1, .., d_output]`, or the
    batches merged into rows (`reshape`, `matmul`, `+ bias [1, d_output]`, `reshape` back).
    A 2-D input with bias is 3 ids: matmul, the bias's reshape, add."""
    shape = x.array.shape
    if len(shape) == 1:
        return linear(x.unsqueeze(2), weight, bias).squeeze_dim(0)
    d_input, d_output = weight.array.shape
    rows = _merged_rows(shape, d_output)
    if rows is not None:
        out = x.reshape([rows, d_input]).matmul(weight)
        if bias is not None:
            out = out + bias.reshape([1, d_output])
        return out.reshape([*shape[:-1], d_output])
    if len(shape) == 2:
        out = x.matmul(weight)
    else:  # the backend's batched matmul itself: not `Tensor::matmul`'s vec-mat rewrite
        weight = weight.reshape([1] * (len(shape) - 2) + [d_input, d_output])
        out = _apply(BatchedMatmul(), (x, weight), x.array, weight.array)
    if bias is None:
        return out
    return out + bias.reshape([1] * (len(shape) - 1) + [d_output])


_ROW_TILE = 32


def _merged_rows(shape: tuple[int, ...], cols: int) -> int | None:
    """burn-std's `MatmulTransformPolicy::BetterTiling` for `x @ weight` (the weight shared by
    every batch, x contiguous): the number of rows when the batches are merged, or None (Keep)
    for one batch, rows a multiple of the tile, or a merge that does not make the product
    squarer."""
    batches = int(np.prod(shape[:-2], dtype=np.int64))
    rows = shape[-2]
    if batches == 1 or rows % _ROW_TILE == 0:
        return None
    merged = batches * rows
    squarer = min(merged, cols) * max(rows, cols) > min(rows, cols) * max(merged, cols)
    return merged if squarer else None


# -- activations -----------------------------------------------------------------------------------


class _Activation(Module):
    function = staticmethod(activation.relu)

    @classmethod
    def new(cls) -> Any:
        return cls()

    def forward(self, input: Tensor) -> Tensor:  # noqa: A002
        return type(self).function(_input(input, f"{type(self).__name__}.forward"))

    def __repr__(self) -> str:
        return type(self).__name__


class Relu(_Activation):
    """`activation::relu`: one node."""


class Sigmoid(_Activation):
    """`activation::sigmoid`: one node."""

    function = staticmethod(activation.sigmoid)


class Tanh(_Activation):
    """`activation::tanh`: one node."""

    function = staticmethod(activation.tanh)


class Gelu(_Activation):
    """`activation::gelu` (erf): one node. The tanh approximation is not computed by pbpit."""

    function = staticmethod(activation.gelu)

    def __init__(self, approximate: bool = False) -> None:
        if approximate:
            raise ValueError("Gelu: the tanh approximation (`gelu_approximate`) is not in pbpit")
        self.approximate = False


class LeakyReluConfig(Config):
    """burn-nn's `LeakyReluConfig`: `negative_slope`, 0.01 by default."""

    def __init__(self, negative_slope: float = 0.01) -> None:
        self.negative_slope = float(negative_slope)

    def init(self) -> LeakyRelu:
        return LeakyRelu(self.negative_slope)


class LeakyRelu(Module):
    """`activation::leaky_relu(input, negative_slope)`: two nodes (mul_scalar, mask_where)."""

    def __init__(self, negative_slope: float = 0.01) -> None:
        self.negative_slope = float(negative_slope)

    def forward(self, input: Tensor) -> Tensor:  # noqa: A002
        return activation.leaky_relu(_input(input, "LeakyRelu.forward"), self.negative_slope)

    def __repr__(self) -> str:
        return f"LeakyRelu {{ negative_slope: {self.negative_slope} }}"


# -- dropout ---------------------------------------------------------------------------------------


class DropoutConfig(Config):
    def __init__(self, prob: float) -> None:
        self.prob = float(prob)

    def init(self) -> Dropout:
        if not 0.0 <= self.prob <= 1.0:
            raise ValueError(f"Dropout probability should be between 0 and 1, but got {self.prob}")
        return Dropout(self.prob)


class Dropout(Module):
    """Off the autodiff device (a `valid()` module's input) or with `prob` 0, the input itself;
    else a Bernoulli(1 - prob) mask (a new leaf), `input * mask`, then `* 1/(1 - prob)`."""

    def __init__(self, prob: float) -> None:
        self.prob = float(prob)

    def forward(self, input: Tensor) -> Tensor:  # noqa: A002
        x = _input(input, "Dropout.forward")
        if x.node is None or self.prob == 0.0:
            return x
        keep = 1.0 - self.prob
        mask = random(x.shape, Distribution.bernoulli(keep), x.device)
        return (x * mask) * (1.0 / keep)


# -- embedding -------------------------------------------------------------------------------------


class EmbeddingConfig(Config):
    """`EmbeddingConfig::new(n_embedding, d_model)`, initialised from Normal(0, 1)."""

    def __init__(self, n_embedding: int, d_model: int) -> None:
        self.n_embedding, self.d_model = int(n_embedding), int(d_model)
        self.initializer = Initializer.Normal(0.0, 1.0)

    def init(self, device: Device) -> Embedding:
        return Embedding(self.initializer.init([self.n_embedding, self.d_model], device))


def int_indices(indices: Any, where: str) -> np.ndarray:
    """An Int tensor's values (or nested lists of ints) as an int64 array."""
    array = indices.array if isinstance(indices, Tensor) else np.asarray(indices)
    if array.dtype.kind not in "iu":
        if array.dtype.kind == "f" and np.all(array == np.floor(array)):
            array = array.astype(np.int64)
        else:
            raise TypeError(f"{where}: expected Int indices, got {array.dtype} values")
    return array.astype(np.int64)


class Embedding(Module):
    """`[batch, seq]` Int indices to `[batch, seq, d_model]` rows of `weight`: one node."""

    def __init__(self, weight: Param) -> None:
        self.weight = weight

    def forward(self, input: Any) -> Tensor:  # noqa: A002
        indices = int_indices(input, "Embedding.forward")
        weight = self.weight.val()
        if indices.ndim != 2:
            raise ValueError(f"Embedding.forward: indices of shape {list(indices.shape)} (2-D)")
        if indices.size and (indices.min() < 0 or indices.max() >= weight.array.shape[0]):
            raise IndexError("Embedding.forward: an index is out of range of n_embedding")
        return _apply_one(ops.Embedding(indices), weight)


# -- layer norm ------------------------------------------------------------------------------------


class LayerNormConfig(Config):
    def __init__(self, d_model: int) -> None:
        self.d_model = int(d_model)
        self.epsilon = 1e-5
        self.bias = True

    def init(self, device: Device) -> LayerNorm:
        gamma = Initializer.Ones.init([self.d_model], device)
        beta = Initializer.Zeros.init([self.d_model], device) if self.bias else None
        return LayerNorm(gamma, beta, self.epsilon)


class LayerNorm(Module):
    """burn-backend's default `layer_norm` over the last dim, node by node on autodiff:
    `mean_dim`, `sub`, `mul`, `mean_dim`, `add_scalar(epsilon)`, `sqrt`, `div`, gamma's
    `reshape`, `mul`, beta's `reshape`, `add`. (Off autodiff Flex fuses it: its bits may differ.)"""

    def __init__(self, gamma: Param, beta: Param | None, epsilon: float) -> None:
        self.gamma = gamma
        self.beta = beta
        self.epsilon = float(epsilon)

    def forward(self, input: Tensor) -> Tensor:  # noqa: A002
        x = _input(input, "LayerNorm.forward")
        gamma = self.gamma.val()
        beta = None if self.beta is None else self.beta.val()
        last = x.array.ndim - 1
        mean = x.mean_dim(last)
        centered = x - mean
        var = (centered * centered).mean_dim(last)
        normalized = centered / var.add_scalar(self.epsilon).sqrt()
        dims = [1] * last + [x.array.shape[last]]
        scaled = normalized * gamma.reshape(dims)
        return scaled if beta is None else scaled + beta.reshape(dims)
