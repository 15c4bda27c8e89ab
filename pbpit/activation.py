"""`burn::tensor::activation` for Python: `pbpit.activation.relu(x)`, `softmax(x, dim)`..."""

from __future__ import annotations

from pbpit.engine.activation import (  # noqa: F401 - the module's API
    __all__,
    gelu,
    leaky_relu,
    log_softmax,
    relu,
    sigmoid,
    silu,
    softmax,
    softplus,
    tanh,
)
