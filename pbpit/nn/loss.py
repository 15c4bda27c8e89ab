"""`burn::nn::loss`: `MseLoss` and `CrossEntropyLoss`, op for op as burn-nn computes them."""

from __future__ import annotations

import numpy as np

from pbpit.engine import activation, ops
from pbpit.engine.server import Panic
from pbpit.engine.tensor import Device, Tensor, _apply_one, _leaf
from pbpit.nn.layers import Config, _input, int_indices
from pbpit.nn.module import Module

# burn-nn's `assert!`s (loss/cross_entropy.rs, loss/binary_cross_entropy.rs at 2c06be35): a
# panic at the macro's line and column, in the registry path of 0.22.1 (the lines may differ).
_NN = "~/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/burn-nn-0.22.1/src/loss/"
_SMOOTHING = "Alpha of Cross-entropy loss with smoothed labels should be in interval [0, 1]. Got "
_POSITIVE = "Weights of cross-entropy have to be positive."


def _assertion(holds: bool, message: str, where: str) -> None:
    if not holds:
        raise Panic(message, None, _NN + where)


class Reduction:
    """Burn's `Reduction`: `Mean`, `Sum`, `Auto` (the mean), `BatchMean`."""

    Mean = "Mean"
    Sum = "Sum"
    Auto = "Auto"
    BatchMean = "BatchMean"


class MseLoss(Module):
    """`(logits - targets)^2` (`sub`, then `square`: one `mul` node), then `mean` or `sum`."""

    @staticmethod
    def new() -> MseLoss:
        return MseLoss()

    def forward(self, logits: Tensor, targets: Tensor, reduction: str = Reduction.Mean) -> Tensor:
        tensor = self.forward_no_reduction(logits, targets)
        if reduction in (Reduction.Mean, Reduction.Auto):
            return tensor.mean()
        if reduction == Reduction.Sum:
            return tensor.sum()
        raise ValueError(f"{reduction} reduction is not supported")

    def forward_no_reduction(self, logits: Tensor, targets: Tensor) -> Tensor:
        # burn-nn: `logits.sub(targets).square()`: the shapes broadcast, or `sub`'s check panics
        logits, targets = _input(logits, "MseLoss"), _input(targets, "MseLoss")
        return logits.sub(targets).square()


class CrossEntropyLossConfig(Config):
    """`CrossEntropyLossConfig::new()`: `pad_tokens` (targets whose loss is masked out),
    `weights` (one per class, positive: a tensor made at `init`), `smoothing` (alpha in
    [0, 1]) and `logits` (true by default)."""

    def __init__(self) -> None:
        self.pad_tokens = None
        self.weights = None
        self.smoothing = None
        self.logits = True

    def init(self, device: Device) -> CrossEntropyLoss:
        alpha = self.smoothing
        if alpha is not None:
            _assertion(0.0 <= alpha <= 1.0, _SMOOTHING + _f32(alpha), "cross_entropy.rs:62:13")
        weights = None
        if self.weights is not None:
            _assertion(all(w > 0 for w in self.weights), _POSITIVE, "cross_entropy.rs:68:13")
            weights = Tensor.from_floats(np.asarray(self.weights, np.float32), device)
        pad = None if self.pad_tokens is None else [int(t) for t in self.pad_tokens]
        return CrossEntropyLoss(bool(self.logits), pad, weights, alpha)


class CrossEntropyLoss(Module):
    """burn-nn's `forward(logits, targets)`, op for op. Without smoothing: `log_softmax(x, 1)`
    (or `clamp_min(sqrt(f32::MIN_POSITIVE))` then `log` after the gather), `gather(1, targets
    as [batch, 1])`, `reshape [batch]`, the pad tokens' losses `mask_fill`ed with 0, `mean`,
    `neg`; with weights, the targets' weights gathered, multiplied in, and `sum().neg() /
    weights.sum()`. With smoothing, the log-probabilities times the smoothed one-hot targets
    (zeros scattered with ones, `* (1 - a) + a / classes`), masked by row, then `sum_dim(1)
    .mean().neg()`, or with weights times the weights repeated per row, `sum().neg() /
    weights.sum()`. Int targets and masks take no node id."""

    def __init__(
        self,
        logits: bool = True,
        pad_tokens: list[int] | None = None,
        weights: Tensor | None = None,
        smoothing: float | None = None,
    ) -> None:
        self.logits = logits
        self.pad_tokens = pad_tokens
        self.weights = weights
        self.smoothing = smoothing

    def forward(self, logits: Tensor, targets: object) -> Tensor:
        x = _input(logits, "CrossEntropyLoss.forward")
        indices = int_indices(targets, "CrossEntropyLoss.forward")
        if x.array.ndim == 2 and indices.ndim == 1:
            height, targets_height = x.array.shape[0], indices.shape[0]
            _assertion(
                height == targets_height,
                f"Shape of targets ({targets_height}) should correspond to outer shape of "
                f"logits ({height}).",
                "cross_entropy.rs:248:9",
            )
        if x.array.ndim != 2 or indices.shape != (x.array.shape[0],):
            raise ValueError(
                f"CrossEntropyLoss.forward: logits {list(x.shape)} ([batch, classes]) and "
                f"targets {list(indices.shape)} ([batch])"
            )
        if indices.size and (indices.min() < 0 or indices.max() >= x.array.shape[1]):
            raise IndexError("CrossEntropyLoss.forward: a target is out of range of the classes")
        if self.weights is not None and self.weights.shape[0] != x.array.shape[1]:
            raise ValueError("CrossEntropyLoss.forward: one weight a class")
        mask = None
        if self.pad_tokens is not None:
            mask = np.isin(indices, self.pad_tokens)
        if self.smoothing is not None:
            return self._smoothed(x, indices, mask, np.float32(self.smoothing))
        batch = indices.shape[0]
        column = indices.reshape(batch, 1)
        if self.logits:
            picked = _apply_one(ops.Gather(1, column), activation.log_softmax(x, 1))
        else:
            eps = float(np.sqrt(np.finfo(np.float32).tiny))
            picked = _apply_one(ops.Gather(1, column), x.clamp_min(eps)).log()
        if self.weights is not None:
            weights = _apply_one(ops.Gather(0, indices), self.weights)
            loss = _masked(picked.reshape([batch]).mul(weights), mask)
            return loss.sum().neg().div(weights.sum())
        return _masked(picked.reshape([batch]), mask).mean().neg()

    def _smoothed(self, x: Tensor, indices: np.ndarray, mask, alpha: np.float32) -> Tensor:
        tensor = activation.log_softmax(x, 1) if self.logits else x.log()
        batch, classes = tensor.shape
        zeros = Tensor.zeros([batch, classes], x.device)
        ones = Tensor.ones([batch, 1], x.device)
        one_hot = ops.scatter_add((batch, classes), 1, indices.reshape(batch, 1), ones.array)
        targets = _leaf(np.add(zeros.array, one_hot), x.device, "scatter")
        smoothed = targets.mul_scalar(np.float32(1.0) - alpha).add_scalar(
            alpha / np.float32(classes)
        )
        tensor = tensor.mul(smoothed)
        rows = None if mask is None else np.repeat(mask.reshape(batch, 1), classes, axis=1)
        if self.weights is not None:
            tensor = tensor.mul(self.weights.reshape([1, classes]).repeat_dim(0, batch))
            weights = _apply_one(ops.Gather(0, indices), self.weights)
            return _masked(tensor, rows).sum().neg().div(weights.sum())
        return _masked(tensor, rows).sum_dim(1).mean().neg()


def _masked(tensor: Tensor, mask: np.ndarray | None) -> Tensor:
    """burn-nn's `apply_mask_1d`/`_2d`: the pad tokens' entries `mask_fill`ed with 0."""
    if mask is None:
        return tensor
    return _apply_one(ops.MaskFill(mask, 0.0), tensor)


class BinaryCrossEntropyLossConfig(Config):
    """burn-nn's `BinaryCrossEntropyLossConfig`: `weights` (one per class, positive),
    `smoothing` (alpha in [0, 1]) and `logits` (false by default)."""

    def __init__(self) -> None:
        self.weights = None
        self.smoothing = None
        self.logits = False

    def init(self, device: Device) -> BinaryCrossEntropyLoss:
        alpha = self.smoothing
        if alpha is not None:
            where = "binary_cross_entropy.rs:44:13"
            _assertion(0.0 <= alpha <= 1.0, _SMOOTHING + _f32(alpha), where)
        weights = None
        if self.weights is not None:
            where = "binary_cross_entropy.rs:50:13"
            _assertion(all(w > 0 for w in self.weights), _POSITIVE, where)
            weights = Tensor.from_floats(np.asarray(self.weights, np.float32), device)
        return BinaryCrossEntropyLoss(weights, alpha, bool(self.logits))


class BinaryCrossEntropyLoss(Module):
    """burn-nn's `forward(logits, targets)`, op for op: the Int targets made float (a new
    leaf), smoothed (`* (1 - a) + a / classes`), then with logits `(1 - t) * x - log_sigmoid(x)`
    (`neg`, `add_scalar`, `mul`, `log_sigmoid`, `sub`), else `(t - 1) * clamp_min(log1p(-x),
    -100) - t * clamp_min(log(x), -100)`; times the weights (expanded; gathered by target for
    1-D), then `mean`. 11 nodes without weights or smoothing."""

    def __init__(self, weights: Tensor | None, smoothing: float | None, logits: bool) -> None:
        self.weights = weights
        self.smoothing = smoothing
        self.logits = logits

    def forward(self, logits: Tensor, targets: Tensor) -> Tensor:
        x = _input(logits, "BinaryCrossEntropyLoss.forward")
        if not isinstance(targets, Tensor) or targets.kind != "Int":
            raise TypeError("BinaryCrossEntropyLoss.forward: expected Int targets")
        shape = tuple(targets.shape)
        _assertion(
            tuple(x.shape) == shape,
            f"Shape of targets ({list(shape)}) should correspond to outer shape of logits "
            f"({list(x.shape)}).",
            "binary_cross_entropy.rs:141:9",
        )
        weights = self.weights
        if weights is not None and len(shape) > 1:
            _assertion(
                weights.shape[0] == shape[-1],
                f"The number of classes ({weights.shape[0]}) does not match the weights "
                f"provided ({shape[-1]}).",
                "binary_cross_entropy.rs:151:13",
            )
        target = targets.float()
        if self.smoothing is not None:
            alpha = np.float32(self.smoothing)
            classes = np.float32(shape[-1] if len(shape) > 1 else 2)
            target = target.mul_scalar(np.float32(1.0) - alpha).add_scalar(alpha / classes)
        if self.logits:
            loss = target.neg().add_scalar(1.0).mul(x).sub(activation.log_sigmoid(x))
        else:
            first = target.sub_scalar(1.0).mul(x.neg().log1p().clamp_min(-100.0))
            loss = first.sub(target.mul(x.log().clamp_min(-100.0)))
        if weights is not None:
            if len(shape) == 1:
                weights = weights.gather(0, targets.reshape([-1]))
            loss = loss.mul(weights.expand(list(shape)))
        return loss.mean()


def _f32(value: float) -> str:
    """An f32 as Rust's `{}` writes it (`Got 1.5`)."""
    from pbpit.rust.format import f32_display

    return f32_display(float(np.float32(value)))
