"""pbpit: reproduce, explain and audit Burn's "graph tape has already been consumed" panic.

Every name loads on first use (the engine with NumPy, the formatting), so commands that compute
nothing start fast.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_HOMES = {
    "Device": "pbpit.engine",
    "Distribution": "pbpit.engine.tensor",
    "TensorData": "pbpit.engine.tensor",
    "activation": "pbpit",
    "Gradients": "pbpit.engine",
    "Panic": "pbpit.engine",
    "Tensor": "pbpit.engine",
    "reset": "pbpit.engine",
    "Target": "pbpit.engine.target",
    "Some": "pbpit.rust.format",
    "rust_debug": "pbpit.rust.format",
    "rust_display": "pbpit.rust.format",
}

__all__ = ["__version__", *_HOMES]

if TYPE_CHECKING:
    from pbpit import activation  # noqa: F401
    from pbpit.engine import Device, Gradients, Panic, Tensor, reset  # noqa: F401
    from pbpit.engine.target import Target  # noqa: F401
    from pbpit.engine.tensor import Distribution, TensorData  # noqa: F401
    from pbpit.rust.format import Some, rust_debug, rust_display  # noqa: F401


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'pbpit' has no attribute {name!r}")
    if name == "activation":  # a module of its own, as Burn's `burn::tensor::activation`
        value = importlib.import_module("pbpit.activation")
    else:
        value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    # The lazily loaded names are the module's API: `dir(pb)` lists them.
    return sorted({*__all__, *(name for name in globals() if name.startswith("__"))})
