"""`Conv2d` and `AdaptiveAvgPool2d`: node ids and param order as burn-nn 0.22 gives them, values
and gradients as Burn's Flex backend computes them (pbpit/engine/conv.py says which path).

Oracles: hand-derived small cases (exact in float32); scalar float32 loops written from Flex's
loops (`conv_plane_accumulate`, col2im, `adaptive_avg_pool3d_impl`) for exact bits; central
finite differences of an independent float64 conv; PyTorch, when installed, for values.
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import pbpit as pb
from pbpit.engine import conv as engine
from pbpit.engine.tensor import Distribution, random
from pbpit.rust.format import f32_debug, f32_display

F = np.float32


@pytest.fixture(autouse=True)
def fresh() -> None:
    pb.reset()


def device() -> pb.Device:
    return pb.Device.flex().autodiff()


def tensor(values: np.ndarray, dev: pb.Device | None = None) -> pb.Tensor:
    return pb.Tensor.from_floats(np.asarray(values, dtype=F).tolist(), dev or device())


def bits(a: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(a, dtype=F).view(np.uint32)


def rng_array(rng: np.random.Generator, *shape: int) -> np.ndarray:
    return rng.standard_normal(shape).astype(F)


# -- node ids and params ---------------------------------------------------------------------------


class Guide(pb.Module):
    """burn's examples/guide model: conv1, conv2, pool, dropout, linear1, linear2, activation."""

    def __init__(self, dev: pb.Device, dropout: float = 0.5) -> None:
        self.conv1 = pb.Conv2dConfig([1, 8], [3, 3]).init(dev)
        self.conv2 = pb.Conv2dConfig([8, 16], [3, 3]).init(dev)
        self.pool = pb.AdaptiveAvgPool2dConfig([8, 8]).init()
        self.dropout = pb.DropoutConfig(dropout).init()
        self.linear1 = pb.LinearConfig(16 * 8 * 8, 32).init(dev)
        self.linear2 = pb.LinearConfig(32, 10).init(dev)
        self.activation = pb.Relu()

    def forward(self, images: pb.Tensor, seen: list[int] | None = None) -> pb.Tensor:
        batch, height, width = images.shape
        x = images.reshape([batch, 1, height, width])
        steps = [
            self.conv1.forward, self.dropout.forward, self.conv2.forward, self.dropout.forward,
            self.activation.forward, self.pool.forward,
        ]  # fmt: skip
        for step in steps:
            x = step(x)
            if seen is not None:
                seen.append(x.node_id)
        x = x.reshape([batch, 16 * 8 * 8])
        x = self.activation.forward(self.dropout.forward(self.linear1.forward(x)))
        return self.linear2.forward(x)


def test_conv2d_takes_the_weight_then_the_bias_then_one_node():
    dev = device()
    conv = pb.Conv2dConfig([1, 2], [3, 3]).init(dev)
    assert not conv.weight.is_initialized() and not conv.bias.is_initialized()
    x = tensor(np.zeros((1, 1, 4, 4)), dev)  # 0
    y = conv.forward(x)
    assert (conv.weight.val().node_id, conv.bias.val().node_id, y.node_id) == (1, 2, 3)
    assert y.shape == (1, 2, 2, 2)
    assert conv.forward(x).node_id == 4  # params already read: one node
    no_bias = pb.Conv2dConfig([1, 2], [3, 3]).with_bias(False).init(dev)
    assert no_bias.bias is None
    assert no_bias.forward(x).node_id == 6  # weight 5, conv 6
    pool = pb.AdaptiveAvgPool2dConfig([1, 1]).init()
    assert pool.forward(y).node_id == 7
    assert list(pool.visit()) == []


def test_the_guide_model_node_ids_and_a_training_step():
    dev = device()
    model = Guide(dev)
    images = tensor(np.zeros((2, 12, 12)), dev)  # 0
    seen: list[int] = []
    out = model.forward(images, seen)
    # reshape 1; conv1 weight 2, bias 3, conv 4; dropout: mask 5, mul 6, mul 7; conv2 weight 8,
    # bias 9, conv 10; dropout 11-13; relu 14; pool 15.
    assert seen == [4, 7, 10, 13, 14, 15]
    # reshape 16, linear1 weight 17, bias 18, then linear's ops; the last one is the output
    assert out.shape == (2, 10)
    conv_ids = [p.val().node_id for p in list(model.visit())[:4]]
    assert conv_ids == [2, 3, 8, 9]
    last = out.node_id
    grads = pb.GradientsParams.from_grads(out.sum().backward(), model)
    assert len(grads) == 8
    model = pb.SgdConfig().init().step(0.01, model, grads)
    # one new id a param, in field order, after the sum
    assert [p.val().node_id for p in model.visit()] == list(range(last + 2, last + 10))


def test_kaiming_uniform_draws_the_weight_then_the_bias_when_first_read():
    dev = device()
    pb.seed(7)
    conv = pb.Conv2dConfig([2, 3], [3, 2]).init(dev)
    weight, bias = conv.weight.val().array, conv.bias.val().array
    # bound sqrt(3) * (1/sqrt(3)) / sqrt(fan_in), fan_in = c_in * kh * kw = 12, in f64
    bound = math.sqrt(3.0) * (1.0 / math.sqrt(3.0)) * (1.0 / math.sqrt(12))
    pb.seed(7)
    want_w = random([3, 2, 3, 2], Distribution.uniform(-bound, bound), dev).array
    want_b = random([3], Distribution.uniform(-bound, bound), dev).array
    assert bits(weight).tolist() == bits(want_w).tolist()
    assert bits(bias).tolist() == bits(want_b).tolist()
    # Lazy: a bias read first draws first.
    pb.seed(7)
    other = pb.Conv2dConfig([2, 3], [3, 2]).init(dev)
    first = other.bias.val().array
    pb.seed(7)
    assert bits(first).tolist() == bits(random([3], Distribution.uniform(-bound, bound),
                                               dev).array).tolist()  # fmt: skip


def test_shapes_and_refusals_in_burns_words():
    dev = device()
    conv = pb.Conv2dConfig([2, 4], [3, 3]).init(dev)
    with pytest.raises(ValueError, match="Number of channels in input tensor and input channels"):
        conv.forward(tensor(np.zeros((1, 3, 5, 5)), dev))
    with pytest.raises(ValueError, match="divisible by the number of groups"):
        pb.Conv2dConfig([3, 4], [3, 3]).with_groups(2).init(dev)
    grouped = pb.Conv2dConfig([2, 4], [3, 3]).with_groups(2).with_stride([2, 2]).init(dev)
    assert grouped.weight.lazy_shape() == (4, 1, 3, 3)
    x = tensor(np.zeros((1, 2, 6, 5)), dev).require_grad()
    out = grouped.forward(x)
    assert out.shape == (1, 4, 2, 2)
    with pytest.raises(ValueError, match="does not slice it"):  # the stride dropped a row
        out.sum().backward()
    with pytest.raises(ValueError, match="asymmetric padding"):
        pb.Conv2dConfig([2, 4], [2, 2]).with_padding(pb.PaddingConfig2d.Same).init(dev).forward(
            tensor(np.zeros((1, 2, 5, 5)), dev)
        )
    same = pb.Conv2dConfig([2, 4], [3, 3]).with_padding(pb.PaddingConfig2d.Same).init(dev)
    assert same.forward(tensor(np.zeros((1, 2, 5, 6)), dev)).shape == (1, 4, 5, 6)
    strided = pb.Conv2dConfig([2, 4], [3, 3]).with_stride([2, 2]).init(dev)
    assert strided.forward(tensor(np.zeros((1, 2, 8, 9)), dev)).shape == (1, 4, 3, 4)
    assert pb.AdaptiveAvgPool2dConfig([3, 2]).init().forward(
        tensor(np.zeros((2, 5, 7, 4)), dev)
    ).shape == (2, 5, 3, 2)


# -- hand-derived ----------------------------------------------------------------------------------


def test_a_hand_worked_conv_and_its_gradients():
    dev = device()
    x = tensor(np.arange(1, 10).reshape(1, 1, 3, 3), dev).require_grad()
    w = tensor([[[[1.0, 0.0], [0.0, -1.0]]]], dev).require_grad()
    b = tensor([0.5], dev).require_grad()
    y = pb.nn.conv.conv2d(x, w, b)
    assert y.array.tolist() == [[[[-3.5, -3.5], [-3.5, -3.5]]]]
    grads = y.sum().backward()
    # d/dx: each input gets the kernel weights of the windows covering it
    assert x.grad(grads).array.tolist() == [[[[1, 1, 0], [1, 0, -1], [0, -1, -1]]]]
    # d/dw: each weight gets the sum of the inputs it met: the 2 x 2 windows
    assert w.grad(grads).array.tolist() == [[[[12, 16], [24, 28]]]]
    assert b.grad(grads).array.tolist() == [4]


def test_a_hand_worked_adaptive_pool_with_overlapping_windows():
    dev = device()
    x = tensor(np.arange(1, 10).reshape(1, 1, 3, 3), dev).require_grad()
    y = pb.nn.conv.adaptive_avg_pool2d(x, [2, 2])
    # 3 -> 2: windows [0, 2) and [1, 3) on each axis, 4 values each
    assert y.array.tolist() == [[[[3, 4], [6, 7]]]]
    grads = y.sum().backward()
    # a quarter from each window holding the input: corners 1, edges 2, the centre 4
    assert x.grad(grads).array.tolist() == [[[[0.25, 0.5, 0.25], [0.5, 1, 0.5],
                                                  [0.25, 0.5, 0.25]]]]  # fmt: skip


# -- exact bits against loops written from Flex's --------------------------------------------------


def flex_plane_loops(x, w, bias, stride, pad, dil):
    """`conv3d_small_channel_impl`: per (b, co), from +0.0, for ci, kh, kw, oh, ow in bounds
    `out = x * w + out`; then `+ bias`. Padded positions are skipped, as Flex does."""
    b_n, c_in, h, wd = x.shape
    c_out, _, kh_n, kw_n = w.shape
    ho = (h + 2 * pad[0] - dil[0] * (kh_n - 1) - 1) // stride[0] + 1
    wo = (wd + 2 * pad[1] - dil[1] * (kw_n - 1) - 1) // stride[1] + 1
    out = np.zeros((b_n, c_out, ho, wo), dtype=F)
    for b in range(b_n):
        for co in range(c_out):
            for ci in range(c_in):
                for kh in range(kh_n):
                    for kw in range(kw_n):
                        wv = w[co, ci, kh, kw]
                        for oh in range(ho):
                            ih = oh * stride[0] + kh * dil[0] - pad[0]
                            if not 0 <= ih < h:
                                continue
                            for ow in range(wo):
                                iw = ow * stride[1] + kw * dil[1] - pad[1]
                                if 0 <= iw < wd:
                                    out[b, co, oh, ow] = x[b, ci, ih, iw] * wv + out[b, co, oh, ow]
            if bias is not None:
                out[b, co] = out[b, co] + bias[co]
    return out


@pytest.mark.parametrize(
    ("x_shape", "w_shape", "stride", "pad", "dil"),
    [
        ((2, 1, 12, 12), (8, 1, 3, 3), (1, 1), (0, 0), (1, 1)),  # the guide's conv1
        ((3, 4, 9, 8), (16, 4, 3, 2), (2, 1), (1, 2), (1, 2)),
        ((1, 1, 6, 5), (1, 1, 3, 3), (1, 1), (1, 1), (1, 1)),  # depthwise: the same order
    ],
)
def test_small_channel_forward_has_flexs_bits(x_shape, w_shape, stride, pad, dil):
    rng = np.random.default_rng(1)
    x, w, bias = rng_array(rng, *x_shape), rng_array(rng, *w_shape), rng_array(rng, w_shape[0])
    options = engine.ConvOptions(stride, pad, dil)
    assert engine.flex_path(x.shape, w.shape, options) in ("small_channel", "depthwise")
    got = engine.conv2d(x, w, bias, options)
    assert (bits(got) == bits(flex_plane_loops(x, w, bias, stride, pad, dil))).all()


def test_depthwise_forward_has_flexs_bits_each_channel_by_its_own_filter():
    rng = np.random.default_rng(9)
    x, w, bias = rng_array(rng, 2, 5, 7, 6), rng_array(rng, 5, 1, 3, 2), rng_array(rng, 5)
    options = engine.ConvOptions((1, 2), (1, 1), (2, 1), groups=5)
    assert engine.flex_path(x.shape, w.shape, options) == "depthwise"
    got = engine.conv2d(x, w, bias, options)
    for c in range(5):  # `conv3d_depthwise_impl`: the plane loop of one channel
        want = flex_plane_loops(x[:, c : c + 1], w[c : c + 1], bias[c : c + 1], (1, 2), (1, 1),
                                (2, 1))  # fmt: skip
        assert (bits(got[:, c : c + 1]) == bits(want)).all()


def test_a_non_finite_weight_meets_the_padding_as_nan_as_flex_propagates_it():
    x = np.ones((1, 1, 3, 3), dtype=F)
    w = np.zeros((1, 1, 3, 3), dtype=F)
    w[0, 0, 0, 0] = np.inf
    out = engine.conv2d(x, w, None, engine.ConvOptions(padding=(1, 1)))
    # kernel (0, 0) lands on padding for the top row and left column: NaN; else inf * 1
    assert np.isnan(out[0, 0, 0]).all() and np.isnan(out[0, 0, :, 0]).all()
    assert (out[0, 0, 1:, 1:] == np.inf).all()


def test_the_weight_gradient_is_the_swapped_conv_on_flexs_small_channel_path():
    # batch <= 4 and c_out <= 16: the swapped conv is small-channel, its "channels" the batch
    rng = np.random.default_rng(2)
    # stride 2 over 8 rows drops the last: the swapped conv gives 4 rows, sliced to 3
    x, grad = rng_array(rng, 3, 2, 8, 9), rng_array(rng, 3, 5, 3, 4)
    options = engine.ConvOptions((2, 2), (0, 1), (1, 2))
    got = engine.conv2d_weight_backward(x, grad, (5, 2, 3, 3), options)
    swapped = flex_plane_loops(
        np.ascontiguousarray(x.swapaxes(0, 1)), np.ascontiguousarray(grad.swapaxes(0, 1)), None,
        (1, 2), (0, 1), (2, 2),
    )  # fmt: skip
    assert swapped.shape == (2, 5, 4, 3)
    want = np.ascontiguousarray(swapped.swapaxes(0, 1))[:, :, :3, :]
    assert got.shape == (5, 2, 3, 3)
    assert (bits(got) == bits(want)).all()


def test_the_input_gradient_adds_kernel_positions_in_order_as_col2im():
    # one output channel: gemm's sum has one term (the product itself), so the bits are col2im's
    rng = np.random.default_rng(3)
    grad, w = rng_array(rng, 2, 1, 4, 3), rng_array(rng, 1, 3, 3, 3)
    options = engine.ConvOptions((2, 1), (1, 1), (1, 2))
    got = engine.conv_transpose2d(grad, w, options, (8, 5))
    want = np.zeros((2, 3, 8, 5), dtype=F)
    for b in range(2):
        for ci in range(3):
            for kh in range(3):
                for kw in range(3):
                    for ih in range(4):
                        oh = ih * 2 + kh - 1
                        for iw in range(3):
                            ow = iw + 2 * kw - 1
                            if 0 <= oh < 8 and 0 <= ow < 5:
                                want[b, ci, oh, ow] = want[b, ci, oh, ow] + grad[b, 0, ih, iw] * w[
                                    0, ci, kh, kw]  # fmt: skip
    assert (bits(got) == bits(want)).all()


def test_adaptive_pool_has_flexs_bits_forward_and_backward():
    rng = np.random.default_rng(4)
    x, grad = rng_array(rng, 2, 3, 7, 5), rng_array(rng, 2, 3, 3, 4)
    got = engine.adaptive_avg_pool2d(x, (3, 4))
    back = engine.adaptive_avg_pool2d_backward(x.shape, grad)
    want = np.zeros((2, 3, 3, 4), dtype=F)
    want_back = np.zeros_like(x)
    for b in range(2):
        for c in range(3):
            for oh in range(3):
                h0, h1 = oh * 7 // 3, -(-(oh + 1) * 7 // 3)
                for ow in range(4):
                    w0, w1 = ow * 5 // 4, -(-(ow + 1) * 5 // 4)
                    total = F(0.0)
                    for ih in range(h0, h1):
                        for iw in range(w0, w1):
                            total = total + x[b, c, ih, iw]
                    count = F((h1 - h0) * (w1 - w0))
                    want[b, c, oh, ow] = total / count
                    share = grad[b, c, oh, ow] / count
                    for ih in range(h0, h1):
                        for iw in range(w0, w1):
                            want_back[b, c, ih, iw] = want_back[b, c, ih, iw] + share
    assert (bits(got) == bits(want)).all()
    assert (bits(back) == bits(want_back)).all()


def test_the_paths_flex_takes_for_the_guide_shapes():
    guide1, guide2 = ((2, 1, 12, 12), (8, 1, 3, 3)), ((2, 8, 10, 10), (16, 8, 3, 3))
    options = engine.ConvOptions()
    assert engine.flex_path(*guide1, options) == "small_channel"
    assert engine.flex_path(*guide2, options) == "im2col"
    # weight gradients: the swapped conv has the batch as channels in
    assert engine.flex_path((8, 2, 12, 12), (16, 2, 10, 10), options) == "small_channel"
    assert engine.flex_path((8, 5, 12, 12), (16, 5, 10, 10), options) == "im2col"
    assert engine.flex_path((2, 6, 5, 5), (20, 6, 1, 1), options) == "1x1"
    assert engine.flex_path((2, 40, 1, 30), (5, 40, 1, 3), options) == "direct"


# -- finite differences of an independent float64 conv ---------------------------------------------


def conv64(x, w, b, stride, pad, dil, groups=1):
    """Textbook cross-correlation in float64 (einsum over the windows), group by group."""
    xp = np.pad(x, ((0, 0), (0, 0), (pad[0], pad[0]), (pad[1], pad[1])))
    kh_n, kw_n = w.shape[2:]
    ho = (xp.shape[2] - dil[0] * (kh_n - 1) - 1) // stride[0] + 1
    wo = (xp.shape[3] - dil[1] * (kw_n - 1) - 1) // stride[1] + 1
    out = np.zeros((x.shape[0], w.shape[0], ho, wo))
    cin_g, cout_g = w.shape[1], w.shape[0] // groups
    for g in range(groups):
        xg = xp[:, g * cin_g : (g + 1) * cin_g]
        wg = w[g * cout_g : (g + 1) * cout_g]
        for kh in range(kh_n):
            for kw in range(kw_n):
                win = xg[:, :, kh * dil[0] :: stride[0], kw * dil[1] :: stride[1]][:, :, :ho, :wo]
                out[:, g * cout_g : (g + 1) * cout_g] += np.einsum(
                    "bchw,oc->bohw", win, wg[:, :, kh, kw]
                )
    return out + b.reshape(1, -1, 1, 1)


@pytest.mark.parametrize(
    ("x_shape", "w_shape", "stride", "pad", "dil", "groups"),
    [
        ((2, 1, 6, 6), (3, 1, 3, 3), (1, 1), (0, 0), (1, 1), 1),
        ((5, 6, 6, 5), (18, 6, 3, 2), (1, 1), (0, 0), (1, 1), 1),  # im2col, im2col weight grad
        ((2, 3, 7, 8), (4, 3, 3, 3), (2, 3), (1, 2), (1, 2), 1),  # a stride dropping inputs
        ((2, 4, 6, 8), (6, 2, 3, 2), (1, 2), (1, 0), (1, 1), 2),  # groups: im2col per group
        ((2, 3, 6, 6), (3, 1, 3, 3), (1, 1), (1, 1), (1, 1), 3),  # depthwise
    ],
)
def test_gradients_agree_with_finite_differences_in_float64(
    x_shape, w_shape, stride, pad, dil, groups
):
    rng = np.random.default_rng(5)
    x, w, b = rng_array(rng, *x_shape), rng_array(rng, *w_shape), rng_array(rng, w_shape[0])
    dev = device()
    tx, tw, tb = (tensor(a, dev).require_grad() for a in (x, w, b))
    out = pb.nn.conv.conv2d(tx, tw, tb, engine.ConvOptions(stride, pad, dil, groups))
    weights = rng_array(rng, *out.shape)
    grads = (out * tensor(weights, dev)).sum().backward()
    x64, w64, b64 = (a.astype(np.float64) for a in (x, w, b))
    assert np.allclose(out.array, conv64(x64, w64, b64, stride, pad, dil, groups), atol=1e-5)

    def loss(xv, wv, bv):
        return float((conv64(xv, wv, bv, stride, pad, dil, groups) * weights).sum())

    for arg, got in ((0, tx.grad(grads)), (1, tw.grad(grads)), (2, tb.grad(grads))):
        args = [x64, w64, b64]
        numeric = np.zeros_like(args[arg])
        eps = 1e-6
        for index in np.ndindex(args[arg].shape):
            up = [a.copy() for a in args]
            down = [a.copy() for a in args]
            up[arg][index] += eps
            down[arg][index] -= eps
            numeric[index] = (loss(*up) - loss(*down)) / (2 * eps)
        assert np.allclose(got.array, numeric, rtol=1e-4, atol=1e-4), arg


def test_adaptive_pool_gradient_agrees_with_finite_differences_in_float64():
    rng = np.random.default_rng(6)
    x, weights = rng_array(rng, 2, 2, 7, 5), rng_array(rng, 2, 2, 3, 2)
    tx = tensor(x).require_grad()
    grads = (pb.nn.conv.adaptive_avg_pool2d(tx, [3, 2]) * tensor(weights)).sum().backward()

    def pool64(v):
        out = np.zeros((2, 2, 3, 2))
        for oh in range(3):
            for ow in range(2):
                h0, h1 = oh * 7 // 3, -(-(oh + 1) * 7 // 3)
                w0, w1 = ow * 5 // 2, -(-(ow + 1) * 5 // 2)
                out[:, :, oh, ow] = v[:, :, h0:h1, w0:w1].mean(axis=(2, 3))
        return out

    x64 = x.astype(np.float64)
    numeric = np.zeros_like(x64)
    for index in np.ndindex(x.shape):
        up, down = x64.copy(), x64.copy()
        up[index] += 1e-6
        down[index] -= 1e-6
        numeric[index] = ((pool64(up) - pool64(down)) * weights).sum() / 2e-6
    assert np.allclose(tx.grad(grads).array, numeric, rtol=1e-5, atol=1e-6)


# -- PyTorch, when installed -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("x_shape", "w_shape", "stride", "pad", "dil", "groups"),
    [
        ((2, 1, 12, 12), (8, 1, 3, 3), (1, 1), (0, 0), (1, 1), 1),
        ((2, 8, 10, 10), (16, 8, 3, 3), (1, 1), (0, 0), (1, 1), 1),
        ((6, 8, 10, 10), (16, 8, 3, 3), (1, 1), (0, 0), (1, 1), 1),
        ((3, 5, 9, 7), (4, 5, 3, 2), (2, 3), (1, 2), (2, 1), 1),
        ((2, 6, 5, 5), (20, 6, 1, 1), (1, 1), (0, 0), (1, 1), 1),
        ((2, 40, 1, 30), (5, 40, 1, 3), (1, 1), (0, 0), (1, 1), 1),
        ((1, 3, 40, 40), (5, 3, 3, 3), (2, 2), (1, 1), (1, 1), 1),
        ((5, 8, 6, 6), (8, 2, 3, 3), (1, 1), (0, 0), (1, 1), 4),
        ((2, 4, 9, 8), (4, 1, 3, 3), (2, 1), (1, 1), (1, 1), 4),  # depthwise
        ((2, 6, 5, 5), (4, 3, 1, 1), (1, 1), (0, 0), (1, 1), 2),  # 1x1 per group
    ],
)
def test_values_and_gradients_agree_with_pytorch(x_shape, w_shape, stride, pad, dil, groups):
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(7)
    x, w, b = rng_array(rng, *x_shape), rng_array(rng, *w_shape), rng_array(rng, w_shape[0])
    dev = device()
    tx, tw, tb = (tensor(a, dev).require_grad() for a in (x, w, b))
    out = pb.nn.conv.conv2d(tx, tw, tb, engine.ConvOptions(stride, pad, dil, groups))
    g = rng_array(rng, *out.shape)
    grads = (out * tensor(g, dev)).sum().backward()
    rx, rw, rb = (torch.tensor(a, dtype=torch.float64, requires_grad=True) for a in (x, w, b))
    ref = torch.nn.functional.conv2d(
        rx, rw, rb, stride=stride, padding=pad, dilation=dil, groups=groups
    )
    ref.backward(torch.tensor(g, dtype=torch.float64))
    # float32 sums of up to a few hundred terms against float64: a loose tolerance
    for got, want in ((out, ref), (tx.grad(grads), rx.grad), (tw.grad(grads), rw.grad),
                      (tb.grad(grads), rb.grad)):  # fmt: skip
        assert np.allclose(got.array, want.detach().numpy(), rtol=1e-4, atol=1e-4)


def test_adaptive_pool_agrees_with_pytorch_and_one_element_windows_exactly():
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(8)
    for shape, size in (((2, 3, 10, 7), (3, 4)), ((2, 16, 8, 8), (8, 8))):
        x = rng_array(rng, *shape)
        tx = tensor(x).require_grad()
        out = pb.nn.conv.adaptive_avg_pool2d(tx, list(size))
        g = rng_array(rng, *out.shape)
        grads = (out * tensor(g)).sum().backward()
        rx = torch.tensor(x, requires_grad=True)  # float32: the same type as Burn's
        ref = torch.nn.functional.adaptive_avg_pool2d(rx, size)
        ref.backward(torch.tensor(g))
        if shape[2:] == size:
            # windows of one element: the sum is the element, over 1; torch agrees to the bit
            assert (bits(out.array) == bits(ref.detach().numpy())).all()
            assert (bits(tx.grad(grads).array) == bits(rx.grad.numpy())).all()
        assert np.allclose(out.array, ref.detach().numpy(), rtol=1e-6, atol=1e-6)
        assert np.allclose(tx.grad(grads).array, rx.grad.numpy(), rtol=1e-6, atol=1e-6)


# -- the guide's model in Rust ---------------------------------------------------------------------

GUIDE_RS = Path(__file__).parent / "rust" / "conv" / "guide_model.rs"


def guide_twin() -> str:
    """tests/rust/conv/guide_model.rs written with pbpit.nn: the same modules, seed, data and
    steps, so the same draws in the same order; its output as the program prints it."""
    pb.reset()
    dev = device()
    pb.seed(7)
    model = Guide(dev)
    model.linear1 = pb.LinearConfig(16 * 8 * 8, 16).init(dev)
    model.linear2 = pb.LinearConfig(16, 3).init(dev)
    optim = pb.SgdConfig().init()
    images = tensor(np.arange(288, dtype=F) / F(288.0), dev).reshape([2, 12, 12])
    targets = tensor([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]], dev)
    lines = []
    for step in range(2):
        out = model.forward(images)
        loss = ((out - targets) * (out - targets)).mean()
        lines.append(f"step {step}: loss = {f32_display(loss.array.item())}")
        grads = pb.GradientsParams.from_grads(loss.backward(), model)
        model = optim.step(0.1, model, grads)
    bias = ", ".join(f32_debug(v) for v in model.conv1.bias.val().array.tolist())
    lines.append(f"conv1.bias = [{bias}]")
    return "\n".join(lines) + "\n"


def guide_training_twin() -> str:
    """tests/rust/conv/guide_training.rs with pbpit.nn: cross-entropy, Adam at 1e-4."""
    pb.reset()
    dev = device()
    pb.seed(11)
    model = Guide(dev)  # ModelConfig::new(10, 32): linear1 [1024, 32], linear2 [32, 10]
    optim = pb.AdamConfig().init()
    images = tensor(np.arange(288, dtype=F) / F(288.0), dev).reshape([2, 12, 12])
    lines = []
    for step in range(2):
        loss = pb.CrossEntropyLossConfig().init(dev).forward(model.forward(images), [3, 7])
        lines.append(f"step {step}: loss = {f32_display(loss.array.item())}")
        grads = pb.GradientsParams.from_grads(loss.backward(), model)
        model = optim.step(1e-4, model, grads)
    total = model.conv2.weight.val().sum().array.item()
    lines.append(f"sum of conv2.weight = {f32_display(total)}")
    return "\n".join(lines) + "\n"


def test_the_guides_training_step_in_rust_runs_as_its_pbpit_nn_twin():
    from pbpit_process import pbpit_run

    status, out, err = pbpit_run(GUIDE_RS.with_name("guide_training.rs"))
    assert (status, err) == (0, "")
    assert out == guide_training_twin()


def test_the_guide_model_in_rust_runs_as_its_pbpit_nn_twin():
    from pbpit_process import pbpit_run

    status, out, err = pbpit_run(GUIDE_RS)
    assert (status, err) == (0, "")
    assert out == guide_twin()


def test_the_guide_model_in_burn_021_style_runs_the_same():
    from pbpit_process import pbpit_run

    status, out, err = pbpit_run(GUIDE_RS.with_name("guide_model_021.rs"))
    assert (status, err) == (0, "")
    assert out == guide_twin()


def test_a_second_backward_through_the_pool_panics_at_the_pool_node():
    from pbpit_process import pbpit_run

    status, out, err = pbpit_run(GUIDE_RS.with_name("two_losses_through_pool.rs"))
    assert status == 101 and out == ""
    assert "graph tape has already been consumed at NodeId(4)." in err


def test_padding_configs_in_rust(tmp_path):
    from pbpit_process import pbpit_run

    status, out, err = pbpit_run(GUIDE_RS.with_name("padding.rs"))
    assert (status, err) == (0, "")
    assert out == "[1, 2, 5, 6]\n[1, 2, 7, 6]\n[1, 2, 3, 4]\n"
    asymmetric = tmp_path / "asymmetric.rs"
    asymmetric.write_text(
        GUIDE_RS.with_name("padding.rs")
        .read_text()
        .replace("Explicit(2, 1, 2, 1)", "Explicit(2, 1, 1, 1)")
    )
    status, out, err = pbpit_run(asymmetric)
    assert status != 0 and "asymmetric padding" in err


def f32_fma(a: np.float32, b: np.float32, c: np.float32) -> np.float32:
    """`a * b + c` rounded once to float32 (ties to even), from the exact rational value."""
    exact = Fraction(float(a)) * Fraction(float(b)) + Fraction(float(c))
    near = np.float32(float(exact))  # within one float32 step of the answer
    candidates = [np.nextafter(near, F(-np.inf)), near, np.nextafter(near, F(np.inf))]

    def distance_then_odd(v: np.float32) -> tuple[Fraction, int]:
        return abs(Fraction(float(v)) - exact), int(F(v).view(np.uint32)) & 1

    best = min(candidates, key=distance_then_odd)
    return F(best)


def test_im2col_sums_kernel_rows_then_columns_then_channels_in_gemms_order():
    # c_in 5 (not small-channel), 16 x 25 outputs, k = 20: gemm's blocked path, one k block, each
    # output one chain of multiply-adds from +0.0 over Flex's column order (kh, kw, c_in).
    from pbpit.engine import gemm, target

    rng = np.random.default_rng(10)
    x, w, bias = rng_array(rng, 1, 5, 6, 6), rng_array(rng, 16, 5, 2, 2), rng_array(rng, 16)
    options = engine.ConvOptions()
    assert engine.flex_path(x.shape, w.shape, options) == "im2col"
    assert gemm.plan(16, 25, 20, (20, 1), (1, 20)).path == "blocked"
    fused = gemm.KERNELS[target.current().cpu].fused
    got = engine.conv2d(x, w, bias, options)
    for co in range(16):
        for oh in range(5):
            for ow in range(5):
                acc = F(0.0)
                for kh in range(2):
                    for kw in range(2):
                        for ci in range(5):
                            a, b = w[co, ci, kh, kw], x[0, ci, oh + kh, ow + kw]
                            acc = f32_fma(a, b, acc) if fused else F(a * b) + acc
                assert bits(got[0, co, oh, ow]) == bits(acc + bias[co]), (co, oh, ow)


def test_a_conv_of_a_3d_tensor_is_rustcs_mismatched_types(tmp_path):
    from pbpit_process import pbpit_run

    program = tmp_path / "rank.rs"
    program.write_text(
        "use burn::{nn::conv::Conv2dConfig, nn::pool::AdaptiveAvgPool2dConfig, prelude::*};\n"
        "fn main() {\n"
        "    let device = Device::flex().autodiff();\n"
        "    let conv = Conv2dConfig::new([1, 2], [3, 3]).init(&device);\n"
        "    let pool = AdaptiveAvgPool2dConfig::new([2, 2]).init();\n"
        "    let x = Tensor::<3>::ones([1, 7, 7], &device);\n"
        "    let _y = pool.forward(conv.forward(x));\n"
        "}\n"
    )
    status, out, err = pbpit_run(program)
    assert status == 2 and out == ""
    assert err.count("error[E0308]: mismatched types") == 1
    assert "expected `Tensor<4>`, found `Tensor<3>`" in err
