"""burn-optim's `GradientsAccumulator<M>` in the interpreter (`optim/grad_accum.rs`, exported by
`pub use grad_accum::*` of `burn::optim`; not in Burn's prelude): `GradientsAccumulator::new()`,
`accumulate(&mut self, module: &M, grads: GradientsParams)` and `grads(&mut self) ->
GradientsParams`, run on `pbpit.nn.GradientsAccumulator` (the sum `accumulated.add(new)`, as
Burn's visitor writes it). Named without a `use` of it (or the `burn::optim::` path),
`GradientsAccumulator::new()` is rustc 1.95's E0433 and the type `GradientsAccumulator<M>` its
E0425; the type without its `<M>` is E0107. The type does not carry `M`: the module is checked
where `accumulate` takes it."""

from __future__ import annotations

from typing import Any

from pbpit import nn
from pbpit.rust.interp import burn_nn
from pbpit.rust.interp.builtins import Builtin, Code, Family
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import UNIT, Ty, Var, show
from pbpit.rust.interp.uses import trait_in_scope

NAME = "GradientsAccumulator"


def _params() -> Ty:
    return burn_nn.NAMED_TYPES["GradientsParams"]


def imported(source: Any) -> bool:
    """Whether a `use` brings `GradientsAccumulator` in (by name or a glob of `burn::optim`)."""
    return trait_in_scope(source, NAME, ("burn", "optim"))


# -- the type `GradientsAccumulator<M>` ----------------------------------------------------------


def lower_type(low: Any, base: Any, prefix: str, args: list[Any]) -> Ty:
    """`GradientsAccumulator<M>` (a `let`'s, a field's, a `&mut` parameter's type): by its bare
    name it needs its `use`, by a path it is `burn::optim::`'s; `M` is lowered (a name rustc
    does not know is refused there)."""
    if not prefix and not imported(low.src):
        raise low.fail(base, rejects(f"cannot find type `{NAME}` in this scope", "E0425"))
    if prefix and prefix != "burn::optim":
        raise low.fail(base, f"the path `{prefix}::{NAME}`")
    low.type(args[0])
    return burn_nn.NAMED_TYPES[NAME]


def refuse_bare(low: Any, node: Any, bare: bool) -> None:
    """`GradientsAccumulator` written as a type without its `<M>`: rustc's E0425 if its `use` is
    missing (a bare name), else E0107."""
    if bare and not imported(low.src):
        raise low.fail(node, rejects(f"cannot find type `{NAME}` in this scope", "E0425"))
    raise low.fail(node, rejects(f"missing generics for struct `{NAME}`", "E0107"))


# -- `GradientsAccumulator::new()` ---------------------------------------------------------------


def new_type(ck: Any, e: Any, found: list[Ty]) -> Ty:
    """`GradientsAccumulator::new()`: written by its bare name (not `burn::optim::..`), it needs
    its `use` (rustc's E0433 at the type's segment, where the call starts)."""
    line, col = e.pos
    source = ck.crate.source
    written = source.lines[line - 1][col - 1 :] if 0 < line <= len(source.lines) else ""
    if written.startswith(NAME) and not imported(source):
        raise ck.fail(e.pos, rejects(f"cannot find type `{NAME}` in this scope", "E0433"))
    return burn_nn.NAMED_TYPES[NAME]


def new(comp: Any, e: Any, args: list[Code]) -> Code:
    return lambda frame: nn.GradientsAccumulator()


# -- its methods ---------------------------------------------------------------------------------


def _accumulate_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`accumulate(&mut self, module: &M, grads: GradientsParams)` where `M: AutodiffModule`."""
    module, _ = ck.args(e, Var(), _params())
    ck.mutable_receiver(e)
    if not burn_nn.is_module(ck.known(module)):
        raise ck.fail(
            e.args[0].pos,
            f"`accumulate` of `{show(module)}` (a `#[derive(Module)]` struct or a `Linear`)",
        )
    return UNIT


def _accumulate(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    engine, (module, grads) = comp.engine(e.pos), args

    def accumulate(frame: list) -> Any:
        accumulator, model = recv(frame), burn_nn.DerivedModule(module(frame))
        return engine(accumulator.accumulate, model, grads(frame))

    return accumulate


def _grads_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`grads(&mut self) -> GradientsParams`: the sum, the accumulator left empty."""
    ck.args(e)
    ck.mutable_receiver(e)
    return _params()


def _grads(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    return lambda frame: recv(frame).grads()


def _row(name: str, check: Any, compile_: Any) -> Builtin:
    return Builtin("burn", name, None, "", compile_, check, mutates=True, owner=NAME)


METHODS = Family(
    "burn",
    {
        "accumulate": _row("accumulate", _accumulate_type, _accumulate),
        "grads": _row("grads", _grads_type, _grads),
    },
)
"""`GradientsAccumulator`'s methods (`burn_methods.METHODS[NAME]`)."""
