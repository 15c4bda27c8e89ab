"""`burn::nn`, `burn::module` and `burn::optim` for Python cases: modules with `Param`s, layers,
losses and optimizers, with the node ids and formulas of burn-core, burn-nn and burn-optim
(docs/BURN_MODULES.md says what was read and what could not be confirmed)."""

from __future__ import annotations

from pbpit.nn.conv import (
    AdaptiveAvgPool2d,
    AdaptiveAvgPool2dConfig,
    Conv2d,
    Conv2dConfig,
    PaddingConfig2d,
)
from pbpit.nn.layers import (
    Config,
    Dropout,
    DropoutConfig,
    Embedding,
    EmbeddingConfig,
    Gelu,
    LayerNorm,
    LayerNormConfig,
    LeakyRelu,
    LeakyReluConfig,
    Linear,
    LinearConfig,
    Relu,
    Sigmoid,
    Tanh,
)
from pbpit.nn.loss import (
    BinaryCrossEntropyLoss,
    BinaryCrossEntropyLossConfig,
    CrossEntropyLoss,
    CrossEntropyLossConfig,
    MseLoss,
    Reduction,
)
from pbpit.nn.module import Initializer, Module, Param, ParamId
from pbpit.nn.optim import (
    AdamConfig,
    AdamWConfig,
    GradientsParams,
    ModuleOptimizer,
    MomentumConfig,
    SgdConfig,
    WeightDecayConfig,
)

__all__ = [
    "BinaryCrossEntropyLoss",
    "BinaryCrossEntropyLossConfig",
    "AdaptiveAvgPool2d",
    "AdaptiveAvgPool2dConfig",
    "Conv2d",
    "Conv2dConfig",
    "PaddingConfig2d",
    "AdamConfig",
    "AdamWConfig",
    "Config",
    "CrossEntropyLoss",
    "CrossEntropyLossConfig",
    "Dropout",
    "DropoutConfig",
    "Embedding",
    "EmbeddingConfig",
    "Gelu",
    "GradientsParams",
    "Initializer",
    "LayerNorm",
    "LayerNormConfig",
    "LeakyRelu",
    "LeakyReluConfig",
    "Linear",
    "LinearConfig",
    "Module",
    "ModuleOptimizer",
    "MomentumConfig",
    "MseLoss",
    "Param",
    "ParamId",
    "Reduction",
    "Relu",
    "SgdConfig",
    "Sigmoid",
    "Tanh",
    "WeightDecayConfig",
]
