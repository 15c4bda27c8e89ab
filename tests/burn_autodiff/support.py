"""What the ported tests ask of pbpit that it may not have yet: `has_op` (the `needs_op` marker's
look-up, see conftest.py) and Burn's `activation` module."""

from __future__ import annotations

import functools
import importlib
from types import ModuleType

import pbpit as pb


def activation_module() -> ModuleType | None:
    """Burn's `burn::tensor::activation` in pbpit, if it is there yet."""
    found = getattr(pb, "activation", None)
    if isinstance(found, ModuleType):
        return found
    for name in ("pbpit.activation", "pbpit.engine.activation"):
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    return None


def _works(probe) -> bool:
    try:
        probe()
    except Exception:  # any refusal means the engine does not do it yet
        return False
    return True


def _broadcast() -> None:
    flex = pb.Device.flex()
    pb.Tensor.ones([1, 2], flex) + pb.Tensor.ones([2, 2], flex)


def _batched_matmul() -> None:
    flex = pb.Device.flex()
    pb.Tensor.ones([1, 2, 2], flex).matmul(pb.Tensor.ones([1, 2, 2], flex))


PROBES = {"broadcast": _broadcast, "batched matmul": _batched_matmul}
EXPORTS = ("TensorData", "Distribution")


@functools.cache
def has_op(name: str) -> bool:
    """Whether pbpit has what `needs_op(name)` names (see the module docstring)."""
    if name in PROBES:
        return _works(PROBES[name])
    if name in EXPORTS:
        return _works(lambda: getattr(pb, name))
    if name.startswith("activation."):
        module = activation_module()
        return module is not None and hasattr(module, name.removeprefix("activation."))
    return hasattr(pb.Tensor, name)
