"""Burn 0.22's learning-rate schedulers (`burn::lr_scheduler`, burn-optim `lr_scheduler/`), as
burn-optim defines them.

A scheduler's config (`#[derive(Config)]`: `new` of its required fields, `with_<field>` of the
ones with a default) `init()`s to `Result<ModuleLrScheduler, String>` (its `build`'s checks,
Burn's words in the `Err`); `ModuleLrScheduler::step(&mut self)` gives a `ModuleLearningRate`,
whose `base()` is the `f64` its one scheduler stepped to, and which `optim.step(lr, ..)` takes
(`impl Into<ModuleLearningRate>`, an `f64` too). `ModuleLrScheduler::new(s)` of an `f64` or a
`ConstantLr` (`ConstantLr::new(lr)`, whose own `step()` is `LrScheduler`'s, trait in scope).

Each `step()` computes in `f64` exactly as burn-optim writes it (the same operations in the same
order; `powi` as LLVM expands it, `cos` and `powf` the C library's):
- `ExponentialLrSchedulerConfig::new(initial_lr, gamma)`: `previous_lr = initial_lr / gamma`,
  each step `previous_lr *= gamma`;
- `CosineAnnealingLrSchedulerConfig::new(initial_lr, num_iters)` (`with_min_lr`, 0.0): the
  iteration from `usize::MAX` wrapping to 0 at the first step, `min + 0.5 * (max - min) * (1.0 +
  (iter as f64 / num_iters as f64 * PI).cos())`;
- `StepLrSchedulerConfig::new(initial_lr, step_size)` (`with_gamma`, 0.1): `init_lr *
  gamma.powi((iter / step_size) as i32)`, the iteration from -1;
- `LinearLrSchedulerConfig::new(initial_lr, final_lr, num_iters)`: `step_size = (final -
  initial) / num_iters as f64`, `remaining = num_iters + 1` lessened while not 0, `final -
  step_size * remaining as f64`;
- `NoamLrSchedulerConfig::new(factor)` (`with_warmup_steps` 4000, `with_model_size` 512):
  `factor * model_size.powf(-0.5) * min(step.powf(-0.5), step * warmup.powf(-1.5))`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code, Family, Function
from pbpit.rust.interp.numbers import powi
from pbpit.rust.interp.results import Err
from pbpit.rust.interp.runtime import Ok
from pbpit.rust.interp.types import F64, STRING, USIZE, Named, Ty, dyn_result, resolve

_BURN = "burn"
_USIZE_MAX = 2**64 - 1
MODULE_LR_SCHEDULER = Named("ModuleLrScheduler")
MODULE_LEARNING_RATE = Named("ModuleLearningRate")
CONSTANT_LR = Named("ConstantLr")


@dataclass(frozen=True)
class Spec:
    """A scheduler config: its required fields (in `new`'s order), its defaults (`with_..`)."""

    required: tuple[tuple[str, Ty], ...]
    defaults: tuple[tuple[str, Ty, float | int], ...] = ()


SPECS = {
    "ExponentialLrSchedulerConfig": Spec((("initial_lr", F64), ("gamma", F64))),
    "CosineAnnealingLrSchedulerConfig": Spec(
        (("initial_lr", F64), ("num_iters", USIZE)), (("min_lr", F64, 0.0),)
    ),
    "StepLrSchedulerConfig": Spec(
        (("initial_lr", F64), ("step_size", USIZE)), (("gamma", F64, 0.1),)
    ),
    "LinearLrSchedulerConfig": Spec((("initial_lr", F64), ("final_lr", F64), ("num_iters", USIZE))),
    "NoamLrSchedulerConfig": Spec(
        (("factor", F64),), (("warmup_steps", USIZE, 4000), ("model_size", USIZE, 512))
    ),
}
TYPES = {
    name: Named(name) for name in (*SPECS, "ModuleLrScheduler", "ModuleLearningRate", "ConstantLr")
}
TYPES["ModuleLrScheduler"] = MODULE_LR_SCHEDULER
TYPES["ModuleLearningRate"] = MODULE_LEARNING_RATE
TYPES["ConstantLr"] = CONSTANT_LR


# -- the schedulers at run time -------------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    kind: str
    fields: dict[str, Any]

    def with_field(self, name: str, value: Any) -> Config:
        return replace(self, fields={**self.fields, name: value})


class Exponential:
    def __init__(self, f: dict[str, Any]) -> None:
        self.previous_lr, self.gamma = f["initial_lr"] / f["gamma"], f["gamma"]

    def step(self) -> float:
        self.previous_lr *= self.gamma
        return self.previous_lr


class Cosine:
    def __init__(self, f: dict[str, Any]) -> None:
        self.min_lr, self.max_lr, self.num_iters = f["min_lr"], f["initial_lr"], f["num_iters"]
        self.current_iter = _USIZE_MAX

    def step(self) -> float:
        self.current_iter = (self.current_iter + 1) & _USIZE_MAX  # `wrapping_add(1)`
        angle = float(self.current_iter) / float(self.num_iters) * math.pi
        return self.min_lr + 0.5 * (self.max_lr - self.min_lr) * (1.0 + math.cos(angle))


class StepLr:
    def __init__(self, f: dict[str, Any]) -> None:
        self.init_lr, self.step_size, self.gamma = f["initial_lr"], f["step_size"], f["gamma"]
        self.iter_idx = -1

    def step(self) -> float:
        self.iter_idx += 1
        return self.init_lr * powi(self.gamma, self.iter_idx // self.step_size, single=False)


class Linear:
    def __init__(self, f: dict[str, Any]) -> None:
        self.final_lr = f["final_lr"]
        self.step_size = (f["final_lr"] - f["initial_lr"]) / float(f["num_iters"])
        self.remaining_iters = f["num_iters"] + 1

    def step(self) -> float:
        self.remaining_iters -= int(self.remaining_iters != 0)
        return self.final_lr - self.step_size * float(self.remaining_iters)


class Noam:
    def __init__(self, f: dict[str, Any]) -> None:
        self.warmup_steps, self.embedding_size = float(f["warmup_steps"]), float(f["model_size"])
        self.factor, self.step_count = f["factor"], 0.0

    def step(self) -> float:
        self.step_count += 1.0
        arg1 = math.pow(self.step_count, -0.5)
        arg2 = self.step_count * math.pow(self.warmup_steps, -1.5)
        return self.factor * math.pow(self.embedding_size, -0.5) * min(arg1, arg2)


class Constant:
    """`ConstantLr::new(lr)`, and an `f64` as a scheduler (`impl LrScheduler for LearningRate`)."""

    def __init__(self, lr: float) -> None:
        self.lr = lr

    def step(self) -> float:
        return self.lr


class ModuleScheduler:
    """`ModuleLrScheduler` of one scheduler (the group of all params)."""

    def __init__(self, scheduler: Any) -> None:
        self.scheduler = scheduler

    def step(self) -> float:
        return self.scheduler.step()


_INITIAL = "Initial learning rate must be greater than 0 and at most 1"
_ITERS = "Number of iterations must be at least 1"


def build(config: Config) -> Any:
    """burn-optim's `build`: the scheduler, or `Err` with its message."""
    f, kind = config.fields, config.kind
    if kind == "ExponentialLrSchedulerConfig":
        if f["initial_lr"] <= 0.0 or f["initial_lr"] > 1.0:
            return Err(_INITIAL)
        if f["gamma"] <= 0.0 or f["gamma"] > 1.0:
            return Err("Gamma must be greater than 0 and at most 1")
        return Ok(ModuleScheduler(Exponential(f)))
    if kind == "CosineAnnealingLrSchedulerConfig":
        if f["initial_lr"] <= 0.0 or f["initial_lr"] > 1.0:
            return Err(_INITIAL)
        if f["min_lr"] < 0.0 or f["min_lr"] > f["initial_lr"]:
            return Err(
                "Minimum learning rate must be at least 0 and at most equal to the initial "
                "learning rate"
            )
        return Err(_ITERS) if f["num_iters"] == 0 else Ok(ModuleScheduler(Cosine(f)))
    if kind == "StepLrSchedulerConfig":  # (its other checks only `log::warn!`)
        if f["step_size"] == 0:
            return Err("Step size must be greater than 0")
        return Ok(ModuleScheduler(StepLr(f)))
    if kind == "LinearLrSchedulerConfig":
        if f["initial_lr"] <= 0.0 or f["initial_lr"] > 1.0:
            return Err(_INITIAL)
        if f["final_lr"] < 0.0 or f["final_lr"] > 1.0:
            return Err("Final learning rate must be at least 0 and at most 1")
        return Err(_ITERS) if f["num_iters"] == 0 else Ok(ModuleScheduler(Linear(f)))
    assert kind == "NoamLrSchedulerConfig", kind
    if f["warmup_steps"] == 0:
        return Err("Number of steps before exponential decay starts must be greater than 0")
    if f["model_size"] == 0:
        return Err("Model size must be greater than 0")
    return Ok(ModuleScheduler(Noam(f)))


# -- functions called by a path -------------------------------------------------------------------


def _config_new_type(ck: Any, e: Any) -> Ty:
    owner = e.name.split("::")[1]
    for arg, (_, ty) in zip(e.args, SPECS[owner].required, strict=True):
        ck.unify(ty, ck.expr(arg), arg.pos)
    return TYPES[owner]


def _config_new(comp: Any, e: Any, args: list[Code]) -> Code:
    owner = e.name.split("::")[1]
    spec = SPECS[owner]
    names = [name for name, _ in spec.required]
    defaults = {name: value for name, _, value in spec.defaults}
    return lambda frame: Config(
        owner, {**defaults, **{n: a(frame) for n, a in zip(names, args, strict=True)}}
    )


def _module_new_type(ck: Any, e: Any) -> Ty:
    """`ModuleLrScheduler::new<S: LrScheduler>(s)`: an `f64` or a `ConstantLr`."""
    (arg,) = e.args
    found = resolve(ck.expr(arg))
    if found is not CONSTANT_LR:
        ck.unify(F64, found, arg.pos)
    return MODULE_LR_SCHEDULER


def _module_new(comp: Any, e: Any, args: list[Code]) -> Code:
    (scheduler,) = args

    def made(frame: list) -> ModuleScheduler:
        given = scheduler(frame)
        return ModuleScheduler(given if type(given) is Constant else Constant(given))

    return made


def _constant_new_type(ck: Any, e: Any) -> Ty:
    ck.unify(F64, ck.expr(e.args[0]), e.args[0].pos)
    return CONSTANT_LR


def _constant_new(comp: Any, e: Any, args: list[Code]) -> Code:
    (lr,) = args
    return lambda frame: Constant(lr(frame))


def _checked(arity: int, rule: Any) -> Any:
    def check(ck: Any, e: Any) -> Ty:
        ck.arity(e, arity)
        return rule(ck, e)

    return check


STATICS = [
    *(
        Function(
            owner,
            "new",
            len(spec.required),
            _checked(len(spec.required), _config_new_type),
            _config_new,
        )
        for owner, spec in SPECS.items()
    ),
    Function("ModuleLrScheduler", "new", 1, _checked(1, _module_new_type), _module_new),
    Function("ConstantLr", "new", 1, _checked(1, _constant_new_type), _constant_new),
]
"""Rows of `burn_methods.STATICS`."""


# -- methods --------------------------------------------------------------------------------------


def _setter_type(ck: Any, e: Any, recv: Ty) -> Ty:
    field = e.name.removeprefix("with_")
    ty = next(t for name, t, _ in SPECS[resolve(recv).name].defaults if name == field)  # type: ignore[attr-defined]
    ck.args(e, ty)
    return recv


def _setter(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (value,), field = args, e.name.removeprefix("with_")
    return lambda frame: recv(frame).with_field(field, value(frame))


def _init_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.args(e)
    return dyn_result(MODULE_LR_SCHEDULER, STRING)


def _init(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    return lambda frame: build(recv(frame))


def _step_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.args(e)
    ck.mutable_receiver(e)
    return MODULE_LEARNING_RATE if resolve(recv) is MODULE_LR_SCHEDULER else F64


def _step(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    return lambda frame: recv(frame).step()


def _base_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.args(e)
    return F64


def _same(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    return recv  # a `ModuleLearningRate` is its base rate at run time


def _clone_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.args(e)
    return recv


def _row(owner: str, name: str, check: Any, compile_: Any) -> Builtin:
    return Builtin(_BURN, name, None, "", compile_, check, owner=owner)


def _family(owner: str, *rows: Builtin) -> Family:
    return Family(_BURN, {row.name: row for row in rows})


METHODS: dict[str, Family] = {
    **{
        owner: _family(
            owner,
            _row(owner, "init", _init_type, _init),
            *(_row(owner, f"with_{name}", _setter_type, _setter) for name, _, _ in spec.defaults),
        )
        for owner, spec in SPECS.items()
    },
    "ModuleLrScheduler": _family("ModuleLrScheduler", _row("", "step", _step_type, _step)),
    "ConstantLr": _family("ConstantLr", _row("", "step", _step_type, _step)),
    "ModuleLearningRate": _family(
        "ModuleLearningRate",
        _row("", "base", _base_type, _same),
        _row("", "clone", _clone_type, _same),
    ),
}
"""Rows of `burn_methods.METHODS`."""


def learning_rate(ck: Any, found: Ty, pos: Any) -> None:
    """`optim.step(lr, ..)`'s `impl Into<ModuleLearningRate>`: a `ModuleLearningRate` or an
    `f64`."""
    if resolve(found) is not MODULE_LEARNING_RATE:
        ck.unify(F64, found, pos)
