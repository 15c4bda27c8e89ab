"""A float64 twin of custom_training_loop.rs, written from Burn's source (not from pbpit's
engine or its `nn`): what the program prints, but for the float32 roundings of its sums.

From Burn's source:
- burn-core's `Initializer::KaimingUniform { gain: 1/sqrt(3) }`: `a = sqrt(3) * gain
  / sqrt(fan_in)`,
  `Tensor::random(shape, Uniform(-a, a))`; `Conv2d`'s fan_in is `channels_in * k_h * k_w`, its
  weight `[out, in, k_h, k_w]`, its bias `[out]` with the same fan_in; `Linear`'s weight is
  `[d_in, d_out]`, fan_in `d_in` for both.
- a parameter draws its values when a forward first reads it (`Param::uninitialized`), weight
  then bias: the first forward draws conv1's, a dropout mask, conv2's, a mask, linear1's, a mask,
  linear2's (the README of /work/shared/burn-0.22 measured the order on real Burn).
- burn-nn's `Dropout::forward`: `x * Bernoulli(1 - p).random_like * (1 / (1 - p))` on an
  autodiff device only (`model.valid()`'s forward draws nothing).
- the guide's `MnistBatcher`: `((image / 255) - 0.1307) / 0.3081` in f32, the items stacked.
- `AdaptiveAvgPool2d` to `[8, 8]` of an 8x8 input: each output is its one input.
- `CrossEntropyLoss` (logits): `-mean(log_softmax(x)[target])`.
- burn-optim's `Adam` (beta_1 0.9, beta_2 0.999, epsilon 1e-5 as f32): the moments, then
  `m * sqrt(1 - b2^t) / (1 - b1^t) / (sqrt(v) + eps * sqrt(1 - b2^t))`, times lr, subtracted;
  the parameters are f32 (rounded after each step).

The random draws (uniform and Bernoulli, from `B::seed`'s ChaCha12 stream) are taken from
`pbpit.engine.random`, whose values tests/test_burn022.py checks against real Burn's (seeded
`Linear` init and `Dropout` masks).
"""

from __future__ import annotations

import math

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from pbpit.engine import random as burn_random

F32 = np.float32
BETA_1, BETA_2, EPSILON = F32(0.9), F32(0.999), F32(1e-5)


def kaiming(shape: tuple[int, ...], fan_in: int) -> np.ndarray:
    gain = 1.0 / math.sqrt(3.0)
    a = math.sqrt(3.0) * gain * (1.0 / math.sqrt(fan_in))
    return burn_random.sample("Uniform", -a, a, shape).astype(np.float64)


class Lazy:
    """A parameter initialised at its first read (weight, then bias)."""

    def __init__(self, shape: tuple[int, ...], fan_in: int) -> None:
        self.shape, self.fan_in, self.value = shape, fan_in, None

    def read(self) -> np.ndarray:
        if self.value is None:
            self.value = kaiming(self.shape, self.fan_in)
        return self.value


def batch(first: int, labels: list[int]) -> tuple[np.ndarray, list[int]]:
    """The program's four items from `first`, normalised as the guide's batcher does (in f32)."""
    pixels = np.array(
        [[[(first + i) + r * 12 + c for c in range(12)] for r in range(12)] for i in range(4)]
    )
    images = (pixels * 37 % 256).astype(F32)
    images = ((images / F32(255.0)) - F32(0.1307)) / F32(0.3081)
    return images.astype(np.float64), labels


def conv(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    windows = sliding_window_view(x, w.shape[2:], axis=(2, 3))  # [n, c, h', w', kh, kw]
    return np.einsum("nchwij,ocij->nohw", windows, w) + b[None, :, None, None]


def conv_backward(x: np.ndarray, w: np.ndarray, grad: np.ndarray):
    windows = sliding_window_view(x, w.shape[2:], axis=(2, 3))
    dw = np.einsum("nchwij,nohw->ocij", windows, grad)
    db = grad.sum(axis=(0, 2, 3))
    kh, kw = w.shape[2:]
    padded = np.pad(grad, ((0, 0), (0, 0), (kh - 1, kh - 1), (kw - 1, kw - 1)))
    flipped = w[:, :, ::-1, ::-1]
    dx = np.einsum("nohwij,ocij->nchw", sliding_window_view(padded, (kh, kw), axis=(2, 3)), flipped)
    return dx, dw, db


class Model:
    def __init__(self) -> None:
        self.params = [  # the module's visit order: conv1, conv2, linear1, linear2
            Lazy((8, 1, 3, 3), 9), Lazy((8,), 9),
            Lazy((16, 8, 3, 3), 72), Lazy((16,), 72),
            Lazy((1024, 32), 1024), Lazy((32,), 1024),
            Lazy((32, 10), 32), Lazy((10,), 32),
        ]  # fmt: skip

    def forward(self, images: np.ndarray, train: bool):
        """The logits, and what the backward needs."""
        p = self.params
        keep = 0.5

        def dropout(x: np.ndarray) -> np.ndarray:
            if not train:
                return np.ones_like(x)
            return burn_random.sample("Bernoulli", keep, 0.0, x.shape).astype(np.float64) * (
                1.0 / keep
            )

        n = images.shape[0]
        x0 = images.reshape(n, 1, 12, 12)
        c1 = conv(x0, p[0].read(), p[1].read())
        m1 = dropout(c1)
        x1 = c1 * m1
        c2 = conv(x1, p[2].read(), p[3].read())
        m2 = dropout(c2)
        x2 = np.maximum(c2 * m2, 0.0)  # pool to [8, 8] of 8x8: the identity
        flat = x2.reshape(n, 1024)
        h = flat @ p[4].read() + p[5].read()
        m3 = dropout(h)
        a = np.maximum(h * m3, 0.0)
        out = a @ p[6].read() + p[7].read()
        return out, (x0, x1, c2, m1, m2, flat, h, m3, a)

    def backward(self, saved, grad_out: np.ndarray) -> list[np.ndarray]:
        x0, x1, c2, m1, m2, flat, h, m3, a = saved
        p = self.params
        d_w4, d_b4 = a.T @ grad_out, grad_out.sum(axis=0)
        d_a = grad_out @ p[6].value.T
        d_h = d_a * (h * m3 > 0) * m3
        d_w3, d_b3 = flat.T @ d_h, d_h.sum(axis=0)
        d_flat = d_h @ p[4].value.T
        d_c2 = d_flat.reshape(c2.shape) * (c2 * m2 > 0) * m2
        d_x1, d_w2, d_b2 = conv_backward(x1, p[2].value, d_c2)
        d_c1 = d_x1 * m1
        _, d_w1, d_b1 = conv_backward(x0, p[0].value, d_c1)
        return [d_w1, d_b1, d_w2, d_b2, d_w3, d_b3, d_w4, d_b4]


def cross_entropy(logits: np.ndarray, targets: list[int]) -> tuple[float, np.ndarray]:
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_softmax = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    n = len(targets)
    loss = -np.mean([log_softmax[i, t] for i, t in enumerate(targets)])
    grad = np.exp(log_softmax)
    grad[np.arange(n), targets] -= 1.0
    return float(loss), grad / n


def accuracy(logits: np.ndarray, targets: list[int]) -> float:
    correct = sum(int(np.argmax(row)) == t for row, t in zip(logits, targets, strict=True))
    return float(F32(F32(correct) / F32(len(targets)) * F32(100.0)))


class Adam:
    def __init__(self) -> None:
        self.state: dict[int, tuple[int, np.ndarray, np.ndarray]] = {}

    def step(self, lr: float, params: list[Lazy], grads: list[np.ndarray]) -> None:
        b1, b2, eps = float(BETA_1), float(BETA_2), float(EPSILON)
        for i, (param, grad) in enumerate(zip(params, grads, strict=True)):
            if i in self.state:
                t, m, v = self.state[i]
                m = m * b1 + grad * float(F32(1.0) - BETA_1)
                v = v * b2 + grad * grad * float(F32(1.0) - BETA_2)
                t += 1
            else:
                t, m, v = 1, grad * float(F32(1.0) - BETA_1), grad * grad * float(F32(1.0) - BETA_2)
            self.state[i] = (t, m, v)
            correction2 = math.sqrt(1.0 - b2**t)
            update = m * (correction2 / (1.0 - b1**t)) / (np.sqrt(v) + eps * correction2)
            param.value = (param.value - lr * update).astype(F32).astype(np.float64)


def run() -> list[tuple[str, int, int, float, float]]:
    """(phase, epoch, iteration, loss, accuracy) for each line the program prints."""
    burn_random.seed(42)
    model, optim = Model(), Adam()
    train = [batch(0, [0, 3, 7, 1]), batch(4, [5, 3, 7, 6])]
    test = [batch(8, [2, 3, 7, 3])]
    lines = []
    for epoch in (1, 2):
        for iteration, (images, targets) in enumerate(train):
            out, saved = model.forward(images, train=True)
            loss, grad = cross_entropy(out, targets)
            lines.append(("Train", epoch, iteration, loss, accuracy(out, targets)))
            optim.step(1e-4, model.params, model.backward(saved, grad))
        for iteration, (images, targets) in enumerate(test):
            out, _ = model.forward(images, train=False)
            loss, _ = cross_entropy(out, targets)
            lines.append(("Valid", epoch, iteration, loss, accuracy(out, targets)))
    return lines


if __name__ == "__main__":
    for line in run():
        print(line)
