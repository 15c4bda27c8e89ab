"""What the optimizer's steps of a fixed run receive, judged against what the original program's
backwards meant to send them.

Comparing the leaves' gradients of the first backward is not enough to keep a fix's promise that
the program still trains: a fix can run without the panic, leave the first backward's gradients
as they were, and hand the optimizer nothing (`let grads = (recon + kl).backward();` in place of
two `acc.accumulate(&vae, GradientsParams::from_grads(..))`: `grads` is never read, the step
gets an empty accumulator, the loss never moves). The original panics before its step, so what
it meant to send is read from its backwards: the parameters each one reaches, the one that
panicked included (`reached`), and those each backward that ran gave a gradient to.

A fixed run is watched (`watching_steps`): at each `optim.step(lr, module, grads)`, which of the
module's parameters `grads` holds a gradient for. The first step of each module must receive a
gradient, and each parameter of the module the original's backwards reach one in some step
(`step_gap`); a fix whose backward's gradients reach no step, or that leaves the steps fewer
parameters, is said in words with why, never shown as code as keeping the gradients.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class StepSeen:
    """One `optim.step` of a run: the node ids of the module's parameters (those whose tensor
    exists) that `grads` gave a gradient to (`got`), and of those it gave none (`without`)."""

    got: tuple[int, ...]
    without: tuple[int, ...]


@dataclass(frozen=True)
class StepReceived:
    """One step by the names of its module's parameters (`gradient_compare.leaf_names`)."""

    got: frozenset[str]
    without: frozenset[str]

    @property
    def module(self) -> frozenset[str]:
        return self.got | self.without


@contextmanager
def watching_steps() -> Iterator[list[StepSeen]]:
    """Each `ModuleOptimizer.step` called inside, what it received (`StepSeen`), appended to the
    list yielded, in order. Reading a parameter's tensor only where it exists (a parameter never
    used is left uninitialized: the step itself makes it, and its node id, as before)."""
    from pbpit.nn.optim import ModuleOptimizer

    seen: list[StepSeen] = []
    real = ModuleOptimizer.step

    def step(self: Any, lr: float, module: Any, grads: Any) -> Any:
        try:
            seen.append(_received(module, grads))
        except Exception:  # noqa: BLE001 - a module or grads the step itself refuses: it says
            pass
        return real(self, lr, module, grads)

    ModuleOptimizer.step = step  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        ModuleOptimizer.step = real  # type: ignore[method-assign]


def _received(module: Any, grads: Any) -> StepSeen:
    got, without = [], []
    for param in module.visit():
        tensor = param._state.value  # noqa: SLF001 - not `val()`: that would make it
        node = getattr(tensor, "node", None)
        if node is None:
            continue
        (got if grads.get(param.id) is not None else without).append(node.id)
    return StepSeen(tuple(got), tuple(without))


def named_steps(result: Any, seen: list[StepSeen]) -> tuple[StepReceived, ...]:
    """`seen` by the parameters' names in the run `result` (unnamed ones left out)."""
    from pbpit.diagnose.gradient_compare import leaf_names

    names = leaf_names(result)
    return tuple(
        StepReceived(
            frozenset(names[i] for i in one.got if i in names),
            frozenset(names[i] for i in one.without if i in names),
        )
        for one in seen
    )


def reached(result: Any) -> frozenset[str]:
    """The named leaves requiring grad that the roots of `result`'s backwards reach, each
    backward the run called (the one that panicked too): what the program's backwards meant to
    give a gradient to."""
    from pbpit.diagnose.gradient_compare import leaf_names
    from pbpit.engine.graph import Requirement

    names = leaf_names(result)
    out: set[str] = set()
    seen: set[int] = set()
    for backward in result.backwards:
        todo = [backward.root]
        while todo:
            node_id = todo.pop()
            if node_id in seen:
                continue
            seen.add(node_id)
            node = result.node(node_id)
            if node is None:
                continue
            if not node.parents and node.requirement == Requirement.GRAD and node_id in names:
                out.add(names[node_id])
            todo.extend(node.parents)
    return frozenset(out)


def given(before: Any) -> frozenset[str]:
    """The named leaves any backward of `before` (`gradient_compare.Baselines`, or one
    `Baseline`) gave a gradient to."""
    ones = (before,) if isinstance(before, dict) else before or ()
    return frozenset(
        key for one in ones for key, (_, grad) in one.items() if grad is not None and key[0] != "#"
    )


def step_gap(steps: tuple[StepReceived, ...], meant: frozenset[str]) -> str:
    """Words for what the fixed run's steps `steps` lack against `meant` (the parameters the
    original's backwards reach or gave a gradient), or "": for each module a step updates, its
    first step must receive a gradient (a fix whose backward's gradients reach no step hands it
    nothing), and each of its parameters in `meant` a gradient in one of its steps (two steps of
    one module, each a loss's, share them out). A run that steps nothing is not judged."""
    said = []
    by_module: dict[frozenset[str], list[StepReceived]] = {}
    for one in steps:
        by_module.setdefault(one.module, []).append(one)
    for module, ones in by_module.items():
        wanted = module & meant
        if not wanted:
            continue
        if not ones[0].got:
            said.append(
                f"its backward's gradients reach no optimizer step: the first step of "
                f"{_owners(sorted(wanted))} receives no gradient at all (the original's "
                f"backwards reach {_count(len(wanted))} of it), so nothing would be updated"
            )
            continue
        missing = sorted(wanted - frozenset().union(*(one.got for one in ones)))
        if missing:
            said.append(
                f"no optimizer step receives a gradient for {_named(missing)}, which the "
                "original's backwards reach: they would not be updated"
            )
    return "; ".join(said)


def _count(n: int) -> str:
    return "1 parameter" if n == 1 else f"{n} parameters"


def _named(names: list[str], most: int = 4) -> str:
    shown = ", ".join(f"`{n}`" for n in names[:most])
    return shown if len(names) <= most else f"{shown} and {len(names) - most} more"


def _owners(names: list[str]) -> str:
    """`vae` for `vae.enc.weight`, `vae.dec.bias`: the common root of the names, else them."""
    roots = {n.split(".", 1)[0] for n in names}
    if len(roots) == 1 and all("." in n for n in names):
        return f"`{roots.pop()}`"
    return _named(names)
