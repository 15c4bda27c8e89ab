"""Burn's `burn-backend-tests/tests/autodiff/bridge.rs`, ported in part.

`test_full_precision` casts f32 tensors to `DType::F32` and back: on f32 tensors both casts are
the identity, and pbpit has only f32 and no `cast`, so they are left out and the rest is kept.
`one_hot_preserves_autodiff_device` makes its one-hot tensor from an Int tensor (`one_hot`,
`.float()`); pbpit has no Int tensors, so the same values are made with `from_floats` on the
autodiff device, and what the test checks of the gradient is kept: it is not on an autodiff
device (Burn's `device().is_autodiff()` is pbpit's `device.is_autodiff`).
"""

from __future__ import annotations

import pytest

import pbpit as pb

DEV = pb.Device.flex().autodiff()


@pytest.mark.needs_op("random", "Distribution")
def test_full_precision():
    x1 = pb.Tensor.random([32, 32], pb.Distribution.Default, DEV).require_grad()
    x2 = pb.Tensor.random([32, 32], pb.Distribution.Default, DEV).require_grad()

    x3 = x1.clone()  # Burn: x1.cast(DType::F32), the identity on f32
    x4 = x2.clone()  # Burn: x2.cast(DType::F32)

    x5 = x3.matmul(x4)
    x6 = x5  # Burn: x5.cast(dtype), back to f32
    x7 = x6 * x1.clone() / x2.clone()

    grads = x7.backward()

    assert x1.grad(grads) is not None
    assert x2.grad(grads) is not None


def test_one_hot_preserves_autodiff_device():
    # Burn: `TestTensorInt::from_data([0, 1]).one_hot::<2>(2).float()`.
    one_hot = pb.Tensor.from_floats([[1.0, 0.0], [0.0, 1.0]], DEV)

    assert one_hot.device.is_autodiff

    logits = pb.Tensor.ones([2, 2], DEV).require_grad()
    loss = (logits.clone() * one_hot).sum()
    grads = loss.backward()

    logits_grad = logits.grad(grads)
    assert logits_grad is not None, "logits should have gradients"
    assert not logits_grad.device.is_autodiff
