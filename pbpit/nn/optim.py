"""`burn::optim` for Python: `SgdConfig`, `AdamConfig`, `AdamWConfig`, `GradientsParams` and
the module optimizer's `step(lr, module, grads)`.

The update runs on the inner tensors (no node ids), op for op as burn-optim writes it, with its
scalars computed as Rust computes them (f32 factors, f64 learning rate). Each updated param then
comes back as Burn's mapper brings it: `Tensor::from_inner` (one new node id), and
`require_grad()` (the same id) if it required grad.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pbpit.engine.server import Gradients
from pbpit.engine.tensor import Tensor, from_inner
from pbpit.nn.layers import Config
from pbpit.nn.module import Module, Param, ParamId, _State

F32 = np.float32


def powi(base: np.float32, exponent: int) -> np.float32:
    """Rust's `f32::powi`, as compiler-rt's `__powisf2` computes it: square-and-multiply in f32."""
    a, b, r = F32(base), abs(int(exponent)), F32(1.0)
    while True:
        if b & 1:
            r = F32(r * a)
        b //= 2
        if b == 0:
            break
        a = F32(a * a)
    return F32(F32(1.0) / r) if exponent < 0 else r


class GradientsParams:
    """Gradients by `ParamId` (Burn's `GradientsParams`), taken out of a backward's
    `Gradients` for the params of a module."""

    def __init__(self) -> None:
        self._by_id: dict[ParamId, Tensor] = {}

    @staticmethod
    def new() -> GradientsParams:
        return GradientsParams()

    @staticmethod
    def from_grads(grads: Gradients, module: Module) -> GradientsParams:
        """Each param of `module` that requires grad, in visiting order: its gradient removed
        from `grads` (`grad_remove`) and kept under its id."""
        if not isinstance(grads, Gradients):
            raise TypeError(
                f"GradientsParams.from_grads: expected Gradients (`loss.backward()`), got "
                f"{type(grads).__name__}"
            )
        if not isinstance(module, Module):
            raise TypeError(
                f"GradientsParams.from_grads: expected a Module, got {type(module).__name__}"
            )
        out = GradientsParams()
        for param in module.visit():
            if not param.is_require_grad():
                continue
            grad = param.val().grad_remove(grads)
            if grad is not None:
                out.register(param.id, grad)
        return out

    from_module = from_grads

    def get(self, id: ParamId) -> Tensor | None:  # noqa: A002 - Burn's name
        return self._by_id.get(id)

    def remove(self, id: ParamId) -> Tensor | None:  # noqa: A002
        return self._by_id.pop(id, None)

    def register(self, id: ParamId, value: Tensor) -> None:  # noqa: A002
        self._by_id[id] = value

    def len(self) -> int:
        return len(self._by_id)

    def __len__(self) -> int:
        return len(self._by_id)

    def is_empty(self) -> bool:
        return not self._by_id


class GradientsAccumulator:
    """burn-optim's `GradientsAccumulator<M>` (`optim/grad_accum.rs`): one `GradientsParams`
    summed over micro-batches. `accumulate` visits the module's params in order: the sum is
    `accumulated.add(new)` (the earlier gradient the left operand, on the inner tensors: no node
    id), a param with one of the two keeps it, one with neither stays absent; `grads()` hands
    the sum over and leaves an empty one (`core::mem::swap`)."""

    def __init__(self) -> None:
        self._grads = GradientsParams()

    @staticmethod
    def new() -> GradientsAccumulator:
        return GradientsAccumulator()

    def accumulate(self, module: Module, grads: GradientsParams) -> None:
        if not isinstance(grads, GradientsParams):
            raise TypeError(f"accumulate: expected GradientsParams, got {type(grads).__name__}")
        for param in module.visit():
            new, old = grads.remove(param.id), self._grads.remove(param.id)
            summed = new if old is None else old if new is None else old.add(new)
            if summed is not None:
                self._grads.register(param.id, summed)

    def grads(self) -> GradientsParams:
        out, self._grads = self._grads, GradientsParams()
        return out


class ModuleOptimizer:
    """What `<Config>.init()` gives: `step(lr, module, grads)` returns the updated module and
    keeps each param's state (momentum, moments) under its id."""

    def __init__(self, rule: Any) -> None:
        self.rule = rule
        self.states: dict[ParamId, Any] = {}

    def step(self, lr: float, module: Module, grads: GradientsParams) -> Module:
        if not isinstance(module, Module):
            raise TypeError(f"step: expected a Module, got {type(module).__name__}")
        if not isinstance(grads, GradientsParams):
            raise TypeError(
                "step: expected GradientsParams (`GradientsParams.from_grads(grads, model)`), "
                f"got {type(grads).__name__}"
            )
        lr = float(lr)

        def update(param: Param) -> Param:
            tensor = param.val()  # Burn's `consume()`: a param never used is created here
            grad = grads.remove(param.id)
            if grad is None:
                return Param(param.id, _State(tensor), tensor.is_require_grad())
            is_require_grad = tensor.is_require_grad()
            state = self.states.pop(param.id, None)
            new, state = self.rule.step(lr, tensor.inner(), grad, state)
            self.states[param.id] = state
            tensor = from_inner(new)
            if is_require_grad:
                tensor = tensor.require_grad()
            return Param(param.id, _State(tensor), tensor.is_require_grad())

        return module.map(update)


# -- the rules -------------------------------------------------------------------------------------


class WeightDecayConfig(Config):
    def __init__(self, penalty: float) -> None:
        self.penalty = float(penalty)


class MomentumConfig(Config):
    """Burn's defaults: momentum 0.9, dampening 0.1, no Nesterov."""

    def __init__(self) -> None:
        self.momentum = 0.9
        self.dampening = 0.1
        self.nesterov = False


def _decayed(penalty: np.float32, grad: Tensor, tensor: Tensor) -> Tensor:
    """burn-optim's `WeightDecay::transform`: `tensor * penalty + grad`."""
    return tensor.mul_scalar(penalty).add(grad)


class _Sgd:
    def __init__(self, config: SgdConfig) -> None:
        self.penalty = None if config.weight_decay is None else F32(config.weight_decay.penalty)
        momentum = config.momentum
        self.momentum = None
        if momentum is not None:
            self.momentum = (F32(momentum.momentum), float(momentum.dampening), momentum.nesterov)

    def step(self, lr: float, tensor: Tensor, grad: Tensor, state: Any) -> tuple[Tensor, Any]:
        velocity = None if state is None else state
        if self.penalty is not None:
            grad = _decayed(self.penalty, grad, tensor)
        if self.momentum is not None:
            momentum, dampening, nesterov = self.momentum
            if velocity is None:
                velocity = grad
            else:
                velocity = grad.mul_scalar(1.0 - dampening).add(velocity.mul_scalar(momentum))
            grad = velocity.mul_scalar(momentum).add(grad) if nesterov else velocity
        return tensor.sub(grad.mul_scalar(lr)), velocity


class SgdConfig(Config):
    """`SgdConfig::new()`, `with_weight_decay(Some(WeightDecayConfig::new(p)))`,
    `with_momentum(Some(MomentumConfig::new()))`: `tensor - lr * grad` after those."""

    def __init__(self) -> None:
        self.weight_decay: WeightDecayConfig | None = None
        self.momentum: MomentumConfig | None = None

    def init(self) -> ModuleOptimizer:
        return ModuleOptimizer(_Sgd(self))


class _Moments:
    """burn-optim's `AdaptiveMomentumState`: time, first and second moments."""

    __slots__ = ("time", "moment_1", "moment_2")

    def __init__(self, time: int, moment_1: Tensor, moment_2: Tensor) -> None:
        self.time, self.moment_1, self.moment_2 = time, moment_1, moment_2


def _moments(beta_1: np.float32, beta_2: np.float32, grad: Tensor, state: _Moments | None):
    """The moments' update, as Adam and AdamW both write it."""
    factor_1, factor_2 = F32(F32(1.0) - beta_1), F32(F32(1.0) - beta_2)
    if state is None:
        return _Moments(1, grad.mul_scalar(factor_1), grad.square().mul_scalar(factor_2))
    moment_1 = state.moment_1.mul_scalar(beta_1).add(grad.mul_scalar(factor_1))
    moment_2 = state.moment_2.mul_scalar(beta_2).add(grad.square().mul_scalar(factor_2))
    return _Moments(state.time + 1, moment_1, moment_2)


class _Adam:
    def __init__(self, config: AdamConfig) -> None:
        self.beta_1, self.beta_2 = F32(config.beta_1), F32(config.beta_2)
        self.epsilon = F32(config.epsilon)
        wd = config.weight_decay
        self.penalty = None if wd is None else F32(wd.penalty)

    def step(self, lr: float, tensor: Tensor, grad: Tensor, state: Any) -> tuple[Tensor, Any]:
        if self.penalty is not None:
            grad = _decayed(self.penalty, grad, tensor)
        state = _moments(self.beta_1, self.beta_2, grad, state)
        # Burn: sqrt(1 - beta_2^t), then that over (1 - beta_1^t); epsilon scaled by the sqrt.
        correction_2 = F32(np.sqrt(F32(F32(1.0) - powi(self.beta_2, state.time))))
        combined = F32(correction_2 / F32(F32(1.0) - powi(self.beta_1, state.time)))
        denominator = state.moment_2.sqrt().add_scalar(F32(self.epsilon * correction_2))
        update = state.moment_1.mul_scalar(combined).div(denominator)
        return tensor.sub(update.mul_scalar(lr)), state


class AdamConfig(Config):
    """Burn's defaults: beta_1 0.9, beta_2 0.999, epsilon 1e-5 (f32 each), no weight decay."""

    def __init__(self) -> None:
        self.beta_1 = 0.9
        self.beta_2 = 0.999
        self.epsilon = 1e-5
        self.weight_decay: WeightDecayConfig | None = None

    def init(self) -> ModuleOptimizer:
        return ModuleOptimizer(_Adam(self))


class _AdamW:
    def __init__(self, config: AdamWConfig) -> None:
        self.beta_1, self.beta_2 = F32(config.beta_1), F32(config.beta_2)
        self.epsilon = F32(config.epsilon)
        self.weight_decay = F32(config.weight_decay)

    def step(self, lr: float, tensor: Tensor, grad: Tensor, state: Any) -> tuple[Tensor, Any]:
        state = _moments(self.beta_1, self.beta_2, grad, state)
        moment_1 = state.moment_1.div_scalar(F32(F32(1.0) - powi(self.beta_1, state.time)))
        moment_2 = state.moment_2.div_scalar(F32(F32(1.0) - powi(self.beta_2, state.time)))
        delta = moment_1.div(moment_2.sqrt().add_scalar(self.epsilon))
        decay_rate = lr * float(self.weight_decay)  # f64, as Burn
        decayed = tensor if decay_rate == 0.0 else tensor.mul_scalar(1.0 - decay_rate)
        return decayed.sub(delta.mul_scalar(lr)), state


class AdamWConfig(Config):
    """Burn's defaults: beta_1 0.9, beta_2 0.999, epsilon 1e-5, weight_decay 1e-4 (f32 each)."""

    def __init__(self) -> None:
        self.beta_1 = 0.9
        self.beta_2 = 0.999
        self.epsilon = 1e-5
        self.weight_decay = 1e-4

    def init(self) -> ModuleOptimizer:
        return ModuleOptimizer(_AdamW(self))
