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
    "IntTensor": "pbpit.engine.int_tensor",
    "reset": "pbpit.engine",
    "Target": "pbpit.engine.target",
    "Some": "pbpit.rust.format",
    "rust_debug": "pbpit.rust.format",
    "rust_display": "pbpit.rust.format",
    # burn::nn, burn::module, burn::optim (pbpit.nn), and `B::seed`
    "AdamConfig": "pbpit.nn",
    "AdamWConfig": "pbpit.nn",
    "CrossEntropyLoss": "pbpit.nn",
    "CrossEntropyLossConfig": "pbpit.nn",
    "Dropout": "pbpit.nn",
    "DropoutConfig": "pbpit.nn",
    "Embedding": "pbpit.nn",
    "EmbeddingConfig": "pbpit.nn",
    "Gelu": "pbpit.nn",
    "GradientsParams": "pbpit.nn",
    "Initializer": "pbpit.nn",
    "LayerNorm": "pbpit.nn",
    "LayerNormConfig": "pbpit.nn",
    "Linear": "pbpit.nn",
    "LinearConfig": "pbpit.nn",
    "Module": "pbpit.nn",
    "MomentumConfig": "pbpit.nn",
    "MseLoss": "pbpit.nn",
    "Param": "pbpit.nn",
    "ParamId": "pbpit.nn",
    "Reduction": "pbpit.nn",
    "Relu": "pbpit.nn",
    "SgdConfig": "pbpit.nn",
    "Sigmoid": "pbpit.nn",
    "Tanh": "pbpit.nn",
    "WeightDecayConfig": "pbpit.nn",
    "AdaptiveAvgPool2d": "pbpit.nn",
    "AdaptiveAvgPool2dConfig": "pbpit.nn",
    "Conv2d": "pbpit.nn",
    "Conv2dConfig": "pbpit.nn",
    "PaddingConfig2d": "pbpit.nn",
    "nn": "pbpit",
    "seed": "pbpit.engine.tensor",
}

__all__ = ["__version__", *_HOMES]

if TYPE_CHECKING:
    from pbpit import activation, nn  # noqa: F401
    from pbpit.engine import Device, Gradients, Panic, Tensor, reset  # noqa: F401
    from pbpit.engine.target import Target  # noqa: F401
    from pbpit.engine.tensor import Distribution, TensorData, seed  # noqa: F401
    from pbpit.nn import (  # noqa: F401
        AdamConfig,
        AdamWConfig,
        CrossEntropyLoss,
        CrossEntropyLossConfig,
        Dropout,
        DropoutConfig,
        Embedding,
        EmbeddingConfig,
        Gelu,
        GradientsParams,
        Initializer,
        LayerNorm,
        LayerNormConfig,
        Linear,
        LinearConfig,
        Module,
        MomentumConfig,
        MseLoss,
        Param,
        ParamId,
        Reduction,
        Relu,
        SgdConfig,
        Sigmoid,
        Tanh,
        WeightDecayConfig,
    )
    from pbpit.nn.conv import (  # noqa: F401
        AdaptiveAvgPool2d,
        AdaptiveAvgPool2dConfig,
        Conv2d,
        Conv2dConfig,
        PaddingConfig2d,
    )
    from pbpit.rust.format import Some, rust_debug, rust_display  # noqa: F401


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'pbpit' has no attribute {name!r}")
    if name in ("activation", "nn"):  # modules of their own, as Burn's `burn::nn`
        value = importlib.import_module(f"pbpit.{name}")
    else:
        value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    # The lazily loaded names are the module's API: `dir(pb)` lists them.
    return sorted({*__all__, *(name for name in globals() if name.startswith("__"))})
