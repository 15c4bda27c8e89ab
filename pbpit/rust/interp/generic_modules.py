"""Burn's module methods on a type parameter bounded by `AutodiffModule<B>` (`fn eval<B:
AutodiffBackend, M: AutodiffModule<B>>(model: &M) { let m = model.valid(); .. }`): `valid()`
gives `M::InnerModule` (burn-core's `AutodiffModule::valid(&self) -> Self::InnerModule`), a
module of the inner backend that no backward reaches; `clone()` is `Module`'s `Clone`; Burn's
other `Module` methods are refused as outside the subset (rustc runs them). At run
time the value is the caller's struct, and the methods are those of a concrete module."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import BURN
from pbpit.rust.interp.nodes import Method
from pbpit.rust.interp.types import USIZE, ParamT, Ty


class InnerModules:
    """The `M::InnerModule` of each module parameter `M` of one program's check: one type
    however often `valid()` names it (the checker holds one, `Checker.inner_modules`)."""

    def __init__(self) -> None:
        self.of: dict[ParamT, ParamT] = {}

    def check_method(self, checker: Any, e: Method, recv: ParamT) -> Ty | None:
        """The type of `model.valid()` or `model.clone()` for `model: M` (`M` a module bound,
        or its `M::InnerModule`), `e.impl` set as for a concrete module's; None for a parameter
        that is not a module's. `valid()` of an `InnerModule` (a `Module<B::InnerBackend>`) is
        refused."""
        inner = recv in self.of.values()  # `M::InnerModule`
        if e.name == "clone" and (recv.module or inner):
            e.impl = BURN["clone"]
            checker.args(e)
            return recv
        if e.name == "num_params" and (recv.module or inner):  # `Module::num_params`
            e.impl = BURN["num_params"]
            checker.args(e)
            return USIZE
        if e.name != "valid" or not recv.module:
            if recv.module or inner:  # Burn's `Module` has more (`num_params`...): not E0599
                what = f"the method `{e.name}` of the module `{recv.name}`"
                runs = "pbpit runs `valid()`, `clone()`, `num_params()`"
                raise checker.fail(e.pos, f"{what} ({runs})")
            return None
        if recv.module != "AutodiffModule":  # `valid` is `AutodiffModule`'s, not `Module`'s
            what = f"`valid()` of `{recv.name}: Module<B>` (bound it by `AutodiffModule<B>`)"
            raise checker.fail(e.pos, what)
        e.impl = BURN["valid"]
        checker.args(e)
        # Not a module of the autodiff backend: `from_grads` or `step` of it is refused.
        if recv not in self.of:
            self.of[recv] = ParamT(f"{recv.name}::InnerModule", [])
        return self.of[recv]
