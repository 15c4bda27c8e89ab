"""A Burn-faithful autodiff engine: node ids, steps, the consuming backward, float32 kernels."""

from pbpit.engine.server import Gradients, Panic, reset
from pbpit.engine.tensor import Device, Tensor

__all__ = ["Device", "Gradients", "Panic", "Tensor", "reset"]
