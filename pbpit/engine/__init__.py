"""A Burn-faithful autodiff engine: node ids, steps, the consuming backward, float32 kernels.

`graph` and `server` load without numba; the names that compute load the kernels on first use.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Device", "Gradients", "Panic", "Target", "Tensor", "fewer_collections", "reset"]

_HOMES = {
    "Device": "pbpit.engine.tensor",
    "Tensor": "pbpit.engine.tensor",
    "fewer_collections": "pbpit.engine.tensor",
    "Gradients": "pbpit.engine.server",
    "Panic": "pbpit.engine.server",
    "reset": "pbpit.engine.server",
    "Target": "pbpit.engine.target",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'pbpit.engine' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(home), name)
