"""Burn's `Param`, `Module` and `Initializer` for Python, with node ids as burn-core gives them.

A `Param` made by an initializer is lazy, as in burn-core: its tensor (and so its node id) is
created the first time the tensor is asked for (`val()`, or anything reading it), not by `init`.
A parameter requiring grad takes one id: the new leaf's, kept by `require_grad()`.
"""

from __future__ import annotations

import copy
import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from pbpit.engine.tensor import (
    Device,
    Distribution,
    Tensor,
    _leaf,
    _tensor,
    from_data,
    from_inner,
    random,
)

_PARAM_IDS = itertools.count(1)


class ParamId:
    """A parameter's identity, kept across optimizer steps and `valid()` (Burn draws a random
    u64; pbpit counts from 1, so the values are not Burn's)."""

    __slots__ = ("value",)

    def __init__(self, value: int | None = None) -> None:
        self.value = next(_PARAM_IDS) if value is None else int(value)

    @staticmethod
    def new() -> ParamId:
        return ParamId()

    def val(self) -> int:
        return self.value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ParamId) and other.value == self.value

    def __hash__(self) -> int:
        return hash(self.value)

    def __repr__(self) -> str:
        return f"ParamId({self.value})"


class _State:
    """The tensor a parameter and its clones share (burn-core's `LazyInitState` in an `Arc`)."""

    __slots__ = ("value", "init")

    def __init__(self, value: Tensor | None, init: Callable[[], Tensor] | None = None) -> None:
        self.value = value
        self.init = init

    def get(self) -> Tensor:
        if self.value is None:
            init, self.init = self.init, None
            self.value = init()
        return self.value


class Param:
    """Burn's `Param<Tensor<B, D>>`: a tensor with a `ParamId`. Reading anything of the tensor
    through the param (`param.dims()`, `param.shape`) reads `val()`, as Burn's `Deref` does."""

    __slots__ = ("id", "_state", "require_grad", "_lazy")

    def __init__(self, id: ParamId, state: _State, require_grad: bool, lazy: dict | None = None):  # noqa: A002
        self.id = id
        self._state = state
        self.require_grad = require_grad
        # What an uninitialized param still knows without its tensor: shape, device, grad.
        self._lazy = lazy

    @property
    def fields(self) -> tuple[ParamId]:
        """The fields a Rust program reads of it (`param.id`, field 0: burn_params.py)."""
        return (self.id,)

    @staticmethod
    def initialized(id: ParamId, value: Tensor) -> Param:  # noqa: A002 - Burn's name
        return Param(id, _State(value), value.is_require_grad())

    @staticmethod
    def uninitialized(
        id: ParamId,  # noqa: A002
        init: Callable[[Device, bool], Tensor],
        device: Device,
        is_require_grad: bool,
        shape: Sequence[int],
    ) -> Param:
        """A param whose tensor `init(device, require_grad)` makes on first use."""
        lazy = {"device": device, "require_grad": is_require_grad, "shape": tuple(shape)}

        def make() -> Tensor:
            return init(lazy["device"], lazy["require_grad"])

        return Param(id, _State(None, make), is_require_grad, lazy)

    @staticmethod
    def from_tensor(value: Tensor) -> Param:
        """A new param of `value`, marked to require grad (Burn's `Param::from_tensor`)."""
        _tensor(value, "Param.from_tensor")
        return Param.initialized(ParamId(), value.require_grad())

    @staticmethod
    def from_data(data: Any, device: Device) -> Param:
        return Param.initialized(ParamId(), from_data(data, device).require_grad())

    def val(self) -> Tensor:
        """The tensor, created now if it never was (its node id is taken then)."""
        return self._state.get()

    def is_initialized(self) -> bool:
        return self._state.value is not None

    def is_require_grad(self) -> bool:
        return self.val().is_require_grad()

    def set_require_grad(self, require_grad: bool) -> Param:
        """Still lazy: only the flag changes; else a new param of the tensor set so."""
        if self._lazy is not None and not self.is_initialized():
            self._lazy["require_grad"] = require_grad
            self.require_grad = require_grad
            return self
        return self.map(lambda tensor: tensor.set_require_grad(require_grad))

    def map(self, func: Callable[[Tensor], Tensor]) -> Param:
        """A param of the same id holding `func(tensor)`."""
        tensor = func(self.val())
        return Param(self.id, _State(tensor), tensor.is_require_grad())

    def clone(self) -> Param:
        """The same id and the same (shared) tensor: initializing one initializes both."""
        return Param(self.id, self._state, self.require_grad, self._lazy)

    def valid(self) -> Param:
        """The param on the inner backend: `val().no_grad()` (initializing it if need be)."""
        param = Param(self.id, _State(self.val().inner()), False)
        param.require_grad = self.require_grad
        return param

    def lazy_shape(self) -> tuple[int, ...]:
        if self._lazy is not None and not self.is_initialized():
            return self._lazy["shape"]
        return self.val().shape

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.val(), name)

    def __repr__(self) -> str:
        return f"Param: {self.id}"


# -- modules -------------------------------------------------------------------------------------


class Module:
    """Burn's `#[derive(Module)]` for a Python class: its `Param`s, submodules, and lists or
    tuples of them are found in the order the attributes were first set (a Rust struct's field
    order), depth first. Other attributes (numbers, configs) are carried along unchanged."""

    def visit(self) -> Iterator[Param]:
        """Every param, in Burn's visiting order."""
        for value in vars(self).values():
            yield from _params_in(value)

    def map(self, func: Callable[[Param], Param]) -> Module:
        """A copy whose params are `func(param)`, mapped in visiting order."""
        out = copy.copy(self)
        for name, value in vars(self).items():
            setattr(out, name, _mapped(value, func))
        return out

    def valid(self) -> Module:
        """The module on the inner backend (Burn's `AutodiffModule::valid`): each param's tensor
        without autodiff, ids kept; a param never used is created first, in visiting order."""
        return self.map(Param.valid)

    def from_inner(self) -> Module:
        """Back on the autodiff device: each tensor `from_inner` (a new id), then
        `require_grad` if the param asked for it."""
        return self.map(
            lambda p: Param(p.id, _State(from_inner(p.val()).set_require_grad(p.require_grad)),
                            p.require_grad)
        )  # fmt: skip

    def no_grad(self) -> Module:
        return self.map(lambda p: p.set_require_grad(False))

    def clone(self) -> Module:
        """The same params (shared tensors and ids), as Burn's derived `Clone`."""
        return self.map(Param.clone)

    def num_params(self) -> int:
        return sum(int(np.prod(p.lazy_shape())) for p in self.visit())

    def devices(self) -> list[Device]:
        found: list[Device] = []
        for param in self.visit():
            device = param.val().device
            if device not in found:
                found.append(device)
        return found


def _params_in(value: object) -> Iterator[Param]:
    if isinstance(value, Param):
        yield value
    elif isinstance(value, Module):
        yield from value.visit()
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _params_in(item)


def _mapped(value: Any, func: Callable[[Param], Param]) -> Any:
    if isinstance(value, Param):
        return func(value)
    if isinstance(value, Module):
        return value.map(func)
    if isinstance(value, list | tuple):
        return type(value)(_mapped(item, func) for item in value)
    return value


# -- initializers --------------------------------------------------------------------------------


class Initializer:
    """Burn's `Initializer`: `Constant(value)`, `Ones`, `Zeros`, `Uniform(min, max)`,
    `Normal(mean, std)`, `KaimingUniform(gain, fan_out_only)`, `KaimingNormal(..)`,
    `XavierUniform(gain)`, `XavierNormal(gain)`. Random values come from the backend's stream
    (pbpit.engine.random): after `seed(n)` they are Burn's, drawn when the param is first used."""

    __slots__ = ("kind", "args")

    def __init__(self, kind: str, *args: float) -> None:
        self.kind, self.args = kind, args

    @staticmethod
    def Constant(value: float) -> Initializer:  # noqa: N802 - Burn's variant names
        return Initializer("Constant", float(value))

    @staticmethod
    def Uniform(min: float, max: float) -> Initializer:  # noqa: N802, A002
        return Initializer("Uniform", float(min), float(max))

    @staticmethod
    def Normal(mean: float, std: float) -> Initializer:  # noqa: N802
        return Initializer("Normal", float(mean), float(std))

    @staticmethod
    def KaimingUniform(gain: float, fan_out_only: bool = False) -> Initializer:  # noqa: N802
        return Initializer("KaimingUniform", float(gain), bool(fan_out_only))

    @staticmethod
    def KaimingNormal(gain: float, fan_out_only: bool = False) -> Initializer:  # noqa: N802
        return Initializer("KaimingNormal", float(gain), bool(fan_out_only))

    @staticmethod
    def XavierUniform(gain: float) -> Initializer:  # noqa: N802
        return Initializer("XavierUniform", float(gain))

    @staticmethod
    def XavierNormal(gain: float) -> Initializer:  # noqa: N802
        return Initializer("XavierNormal", float(gain))

    def init(self, shape: Sequence[int], device: Device) -> Param:
        return self.init_with(shape, None, None, device)

    def init_with(
        self, shape: Sequence[int], fan_in: int | None, fan_out: int | None, device: Device
    ) -> Param:
        """A lazy param (it requires grad): its tensor is drawn on first use."""
        shape = tuple(int(s) for s in shape)

        def init(device: Device, require_grad: bool) -> Tensor:
            tensor = self.init_tensor(shape, fan_in, fan_out, device)
            return tensor.require_grad() if require_grad else tensor

        return Param.uninitialized(ParamId(), init, device, True, shape)

    def init_tensor(
        self, shape: tuple[int, ...], fan_in: int | None, fan_out: int | None, device: Device
    ) -> Tensor:
        """One new leaf (one node id), whatever the kind."""
        kind, args = self.kind, self.args
        if kind in ("Constant", "Ones", "Zeros"):
            value = {"Ones": 1.0, "Zeros": 0.0}.get(kind, args[0] if args else 0.0)
            return _leaf(np.full(shape, value, dtype=np.float32), device, kind.lower())
        if kind == "Uniform":
            return random(shape, Distribution.uniform(*args), device)
        if kind == "Normal":
            return random(shape, Distribution.normal(*args), device)
        if kind.startswith("Kaiming"):
            gain, fan_out_only = args
            fan = fan_out if fan_out_only else fan_in
            if fan is None:
                raise ValueError("Can't use Kaiming initialization without specifying fan")
            base = 1.0 / math.sqrt(fan)
        else:
            gain = args[0]
            if fan_in is None or fan_out is None:
                raise ValueError("Can't use Xavier initialization without fan in and fan out")
            base = math.sqrt(2.0 / (fan_in + fan_out))
        if kind.endswith("Uniform"):
            a = math.sqrt(3.0) * gain * base  # in f64, in Burn's order
            return random(shape, Distribution.uniform(-a, a), device)
        std = gain * base
        return random(shape, Distribution.normal(0.0, std), device)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Initializer) and (other.kind, other.args) == (self.kind, self.args)

    def __repr__(self) -> str:
        return f"Initializer::{self.kind}{self.args if self.args else ''}"


Initializer.Ones = Initializer("Ones")  # type: ignore[attr-defined]
Initializer.Zeros = Initializer("Zeros")  # type: ignore[attr-defined]
