"""pbpit: reproduce, explain and audit Burn's "graph tape has already been consumed" panic.

The engine (and numba with it) loads on first use of an engine name, so commands that compute
nothing start fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbpit.rust_format import Some, rust_debug, rust_display

__version__ = "0.1.0"

_ENGINE_NAMES = ("Device", "Gradients", "Panic", "Tensor", "reset")

__all__ = ["Some", "__version__", "rust_debug", "rust_display", *_ENGINE_NAMES]

if TYPE_CHECKING:
    from pbpit.engine import Device, Gradients, Panic, Tensor, reset  # noqa: F401


def __getattr__(name: str) -> Any:
    if name in _ENGINE_NAMES:
        from pbpit import engine

        value = getattr(engine, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'pbpit' has no attribute {name!r}")
