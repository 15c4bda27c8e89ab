"""`conv2d` and `adaptive_avg_pool2d` as Burn 0.22 runs them on `Autodiff<Flex>`, float32.

burn-autodiff (`ops/module.rs`) gives each **one node**: `conv2d`'s parents are x, weight and
bias (when there is one), and it checkpoints all three whatever is tracked;
`adaptive_avg_pool2d` checkpoints x. Their backwards are burn-backend's defaults
(`modules/conv.rs`), which Flex does not override:

- x: `conv_transpose2d(grad, weight)` with the forward's stride, padding and dilation
  (`padding_out` from `calculate_padding_out`);
- weight: `conv2d(swap_dims(x, 0, 1), swap_dims(grad, 0, 1))` with stride and dilation
  exchanged, swapped back (sliced to the weight's shape when a stride dropped inputs);
- bias: `swap_dims(grad, 0, 1)`, reshape to `[c_out, batch * h * w]`, `sum_dim(1)`.

Flex (`ops/conv.rs`, `conv_transpose.rs`, `pool.rs`) expands 2-D to 3-D and picks a path by the
shapes; each path has its own order of the sums, written here as Flex runs it (`flex_path`):

- `1x1`: a 1 x 1 kernel with stride 1 and no padding: per batch, gemm `w[c_out, c_in] @
  x[c_in, h * w]`;
- `depthwise` (groups = c_in = c_out, one channel a group) and `small_channel` (groups 1,
  c_in <= 4, c_out <= 16): each output plane from +0.0, for each input channel, kernel row and
  column in order, `out = x * w + out` (a multiply, then an add: Rust never fuses them);
- `direct` (groups 1, no padding, dilation 1, a 1-row kernel over 1-row inputs, c_in >= 32,
  kernel width <= 8, output width <= 800): one gemm a kernel column, added up. pbpit runs that
  order, but how gemm adds into an output it reads was not read through: values, not bits;
- `im2col`: every other shape: the patches `[position, (kh, kw, c_in)]` in tiles of 512 output
  positions, each tile one gemm `w[c_out, (kh, kw, c_in)] @ patches^T`.

Then the bias is added to each output (one add). gemm is `pbpit.engine.gemm` (the gemm crate's
paths and orders). `conv_transpose2d` is gemm `w^T @ grad[b]` into columns, then the columns added
into zeros kernel position by kernel position (col2im). Adaptive pooling sums each window from
+0.0, row by row, and divides by the count; its backward adds `grad / count` into zeros, output
position by output position. With groups, each path runs per group (`depthwise` when every
group is one channel in and one out), the transpose's gemm too, and the weight gradient is
burn-backend's `conv2d_weight_grad_groups`: the swapped conv of each group's channels written
into its block of zeros.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pbpit.engine import f32 as f
from pbpit.engine import gemm
from pbpit.engine.ops import Op

Array = np.ndarray
F32 = np.float32

TILE = 512  # conv3d_impl's TILE_SIZE: output positions a gemm
SMALL_CHANNEL_IN = 4
SMALL_CHANNEL_OUT = 16


@dataclass(frozen=True)
class ConvOptions:
    """burn-backend's `ConvOptions<2>`: stride, (symmetric) padding, dilation, groups."""

    stride: tuple[int, int] = (1, 1)
    padding: tuple[int, int] = (0, 0)
    dilation: tuple[int, int] = (1, 1)
    groups: int = 1

    def __post_init__(self) -> None:
        for name in ("stride", "dilation"):
            if any(int(v) < 1 for v in getattr(self, name)):
                raise ValueError(f"conv2d: {name} must be non-zero")
        if any(int(v) < 0 for v in self.padding):
            raise ValueError("conv2d: padding must not be negative")
        if int(self.groups) < 1:
            raise ValueError("conv2d: groups must be non-zero")


def out_size(kernel: int, stride: int, padding: int, dilation: int, size: int) -> int:
    """burn-backend's `calculate_conv_output_size`."""
    span = size + 2 * padding - dilation * (kernel - 1) - 1
    if span < 0:
        raise ValueError(
            f"conv2d: a kernel of {kernel} (dilation {dilation}) does not fit an input of {size} "
            f"with padding {padding}"
        )
    return span // stride + 1


def padding_out(kernel: int, stride: int, padding: int, dilation: int, size: int, out: int) -> int:
    """burn-backend's `calculate_padding_out`: the inputs a strided conv dropped at the end."""
    if stride <= 1:
        return 0
    base = (out - 1) * stride + dilation * (kernel - 1) + 1 - 2 * padding
    return max(0, size - base)


def check_channels(x_shape: tuple[int, ...], w_shape: tuple[int, ...], groups: int = 1) -> None:
    """burn-tensor's `TensorCheck::conv`."""
    if len(x_shape) != 4 or len(w_shape) != 4:
        raise ValueError(
            f"conv2d: expected a 4-D input and weight, got {list(x_shape)} and {list(w_shape)}"
        )
    if x_shape[1] != w_shape[1] * groups:
        raise ValueError(
            "conv2d: Number of channels in input tensor and input channels of convolution must "
            f"be equal. got: {x_shape[1]}, expected: {w_shape[1] * groups}"
        )
    if w_shape[0] % groups:
        raise ValueError(f"conv2d: {w_shape[0]} output channels do not divide into {groups} groups")


# -- Flex's conv2d_f32 -----------------------------------------------------------------------------


def flex_path(x_shape: tuple[int, ...], w_shape: tuple[int, ...], options: ConvOptions) -> str:
    """The path Flex's `conv3d_f32` takes for a 2-D conv: checked in Flex's order."""
    c_in, height = x_shape[1], x_shape[2]
    c_out, _, kh, kw = w_shape
    if kh == kw == 1 and options.stride == (1, 1) and options.padding == (0, 0):
        return "1x1"
    if w_shape[1] == 1 and options.groups == c_in == c_out:
        return "depthwise"
    if options.groups != 1:
        return "im2col"
    if 0 < c_in <= SMALL_CHANNEL_IN and 0 < c_out <= SMALL_CHANNEL_OUT:
        return "small_channel"
    if (
        options.padding == (0, 0)
        and options.dilation == (1, 1)
        and kh == 1
        and height == 1
        and c_in >= 32
        and kw <= 8
        and out_size(kw, options.stride[1], 0, 1, x_shape[3]) <= 800
    ):
        return "direct"
    return "im2col"


def conv2d(x: Array, w: Array, bias: Array | None, options: ConvOptions) -> Array:
    """Flex's `conv2d_f32`: `[b, c_in, h, w]` by `[c_out, c_in, kh, kw]` to `[b, c_out, ho, wo]`."""
    check_channels(x.shape, w.shape, options.groups)
    x = np.ascontiguousarray(x, dtype=F32)
    w = np.ascontiguousarray(w, dtype=F32)
    path = flex_path(x.shape, w.shape, options)
    with np.errstate(all="ignore"):  # IEEE's inf and NaN, as Rust computes them
        out = _PATHS[path](x, w, options)
        if bias is not None:
            out = out + np.asarray(bias, dtype=F32).reshape(1, -1, 1, 1)
    return out


def _out_hw(x: Array, w: Array, options: ConvOptions) -> tuple[int, int]:
    (sh, sw), (ph, pw), (dh, dw) = options.stride, options.padding, options.dilation
    return (
        out_size(w.shape[2], sh, ph, dh, x.shape[2]),
        out_size(w.shape[3], sw, pw, dw, x.shape[3]),
    )


def _padded(x: Array, options: ConvOptions) -> Array:
    ph, pw = options.padding
    if ph == pw == 0:
        return x
    return np.pad(x, ((0, 0), (0, 0), (ph, ph), (pw, pw)))


def _window(xp: Array, kh: int, kw: int, ho: int, wo: int, options: ConvOptions) -> Array:
    """`xp[:, :, oh * sh + kh * dh, ow * sw + kw * dw]` for every output position."""
    (sh, sw), (dh, dw) = options.stride, options.dilation
    top, left = kh * dh, kw * dw
    return xp[:, :, top : top + sh * (ho - 1) + 1 : sh, left : left + sw * (wo - 1) + 1 : sw]


def _plane_accumulate(x: Array, w: Array, options: ConvOptions) -> Array:
    """`conv_plane_accumulate` over the input channels (the depthwise and small-channel paths).
    A padded position is skipped there; here it adds `0 * w`, which leaves the sum's bits as they
    are (the sum starts at +0.0) and gives NaN for a non-finite weight, as Flex then writes."""
    ho, wo = _out_hw(x, w, options)
    xp = _padded(x, options)
    out = np.zeros((x.shape[0], w.shape[0], ho, wo), dtype=F32)
    if options.groups > 1:  # depthwise: channel c by its own filter w[c, 0]
        for kh in range(w.shape[2]):
            for kw in range(w.shape[3]):
                win = _window(xp, kh, kw, ho, wo, options)  # [b, c, ho, wo]
                out = win * w[:, 0, kh, kw].reshape(1, -1, 1, 1) + out
        return out
    for ci in range(w.shape[1]):
        plane = xp[:, ci : ci + 1]
        for kh in range(w.shape[2]):
            for kw in range(w.shape[3]):
                win = _window(plane, kh, kw, ho, wo, options)  # [b, 1, ho, wo]
                out = win * w[:, ci, kh, kw].reshape(1, -1, 1, 1) + out
    return out


def _strided(base: Array, offset: int, shape: tuple[int, int], strides: tuple[int, int]) -> Array:
    """A view of contiguous float32 `base` with element strides, as Flex hands gemm a pointer."""
    flat = base.reshape(-1)[offset:]
    return np.lib.stride_tricks.as_strided(
        flat, shape=shape, strides=(strides[0] * 4, strides[1] * 4), writeable=False
    )


def _one_by_one(x: Array, w: Array, options: ConvOptions) -> Array:
    """Per batch and group, gemm `w[c_out_g, c_in_g] @ x[c_in_g, h * w]`."""
    b, c_in, h, wd = x.shape
    c_out, k = w.shape[:2]
    groups = options.groups
    m, n = c_out // groups, h * wd
    out = np.empty((b, c_out, n), dtype=F32)
    for i in range(b):
        for g in range(groups):
            weight = _strided(w, g * m * k, (m, k), (k, 1))
            rhs = _strided(x, i * c_in * n + g * k * n, (k, n), (n, 1))
            out[i, g * m : (g + 1) * m] = gemm.matmul(weight, rhs)
    return out.reshape(b, c_out, h, wd)


def _im2col(x: Array, w: Array, options: ConvOptions) -> Array:
    """Per batch, tile of 512 positions and group: gemm `w_flat[c_out_g, (kh, kw, c_in_g)] @
    patches[position, (kh, kw, c_in_g)]^T`."""
    b, c_in = x.shape[:2]
    c_out, cpg, kh, kw = w.shape
    groups = options.groups
    m = c_out // groups
    ho, wo = _out_hw(x, w, options)
    xp = _padded(x, options)
    col_len = kh * kw * cpg
    # w_flat[co, (kh, kw, ci)]; patches[b, group, position, (kh, kw, ci)]
    w_flat = np.ascontiguousarray(w.transpose(0, 2, 3, 1).reshape(c_out, col_len))
    patches = np.empty((b, groups, ho * wo, kh, kw, cpg), dtype=F32)
    for i in range(kh):
        for j in range(kw):
            win = _window(xp, i, j, ho, wo, options).reshape(b, groups, cpg, ho * wo)
            patches[:, :, :, i, j, :] = win.transpose(0, 1, 3, 2)
    patches = patches.reshape(b, groups, ho * wo, col_len)
    spatial = ho * wo
    out = np.empty((b, c_out, spatial), dtype=F32)
    for bi in range(b):
        for start in range(0, spatial, TILE):
            size = min(TILE, spatial - start)
            for g in range(groups):
                lhs = _strided(w_flat, g * m * col_len, (m, col_len), (col_len, 1))
                tile = np.ascontiguousarray(patches[bi, g, start : start + size])
                rhs = _strided(tile, 0, (col_len, size), (1, col_len))
                out[bi, g * m : (g + 1) * m, start : start + size] = gemm.matmul(lhs, rhs)
    return out.reshape(b, c_out, ho, wo)


def _direct(x: Array, w: Array, options: ConvOptions) -> Array:
    """One gemm a kernel column, summed in order (values; the bits are not claimed)."""
    b, c_in, _, in_w = x.shape
    c_out, _, _, kw = w.shape
    stride = options.stride[1]
    wo = out_size(kw, stride, 0, 1, in_w)
    out = np.empty((b, c_out, 1, wo), dtype=F32)
    for bi in range(b):
        total = None
        for k in range(kw):
            lhs = _strided(w, k, (c_out, c_in), (c_in * kw, kw))
            rhs = _strided(x, bi * c_in * in_w + k, (c_in, wo), (in_w, stride))
            part = gemm.matmul(lhs, rhs)
            total = part if total is None else total + part
        out[bi, :, 0] = total
    return out


_PATHS = {
    "1x1": _one_by_one,
    "depthwise": _plane_accumulate,
    "small_channel": _plane_accumulate,
    "direct": _direct,
    "im2col": _im2col,
}


# -- the backward: burn-backend's defaults on Flex -------------------------------------------------


def conv_transpose2d(grad: Array, w: Array, options: ConvOptions, size: tuple[int, int]) -> Array:
    """Flex's `conv_transpose2d_f32` of `grad` `[b, c_out, ho, wo]` by the conv's weight `[c_out,
    c_in, kh, kw]`, as `conv2d_x_backward` calls it: the gradient of x, `[b, c_in, *size]`."""
    grad = np.ascontiguousarray(grad, dtype=F32)
    w = np.ascontiguousarray(w, dtype=F32)
    b, c_out, ho, wo = grad.shape
    _, c_in_g, kh, kw = w.shape
    groups = options.groups
    c_out_g, c_in = c_out // groups, c_in_g * groups
    (sh, sw), (ph, pw), (dh, dw) = options.stride, options.padding, options.dilation
    pad_h = padding_out(kh, sh, ph, dh, size[0], ho)
    pad_w = padding_out(kw, sw, pw, dw, size[1], wo)
    out_h = (ho - 1) * sh + dh * (kh - 1) + 1 + pad_h - 2 * ph
    out_w = (wo - 1) * sw + dw * (kw - 1) + 1 + pad_w - 2 * pw
    col_ch = c_in_g * kh * kw
    out = np.zeros((b, c_in, out_h, out_w), dtype=F32)
    rows = [_placed(k, dh, ph, sh, ho, out_h) for k in range(kh)]
    cols = [_placed(k, dw, pw, sw, wo, out_w) for k in range(kw)]
    for bi, g in ((bi, g) for bi in range(b) for g in range(groups)):
        lhs = _strided(w, g * c_out_g * col_ch, (col_ch, c_out_g), (1, col_ch))  # w_g^T
        offset = (bi * c_out + g * c_out_g) * ho * wo
        rhs = _strided(grad, offset, (c_out_g, ho * wo), (ho * wo, 1))
        columns = gemm.matmul(lhs, rhs).reshape(c_in_g, kh, kw, ho, wo)
        channels = slice(g * c_in_g, (g + 1) * c_in_g)
        for i in range(kh):
            ih0, ih1, oh0 = rows[i]
            if ih0 >= ih1:
                continue
            for j in range(kw):
                iw0, iw1, ow0 = cols[j]
                if iw0 >= iw1:
                    continue
                target = out[
                    bi, channels, oh0 : oh0 + sh * (ih1 - ih0 - 1) + 1 : sh,
                    ow0 : ow0 + sw * (iw1 - iw0 - 1) + 1 : sw,
                ]  # fmt: skip
                target += columns[:, i, j, ih0:ih1, iw0:iw1]
    return out


def _placed(k: int, dilation: int, pad: int, stride: int, n_in: int, n_out: int):
    """For kernel position `k`: the inputs `[i0, i1)` whose `i * stride + k * dilation - pad`
    falls in `[0, n_out)` (col2im's test), and the output the first lands on."""
    inside = [i for i in range(n_in) if 0 <= i * stride + k * dilation - pad < n_out]
    if not inside:
        return 0, 0, 0
    return inside[0], inside[-1] + 1, inside[0] * stride + k * dilation - pad


def conv2d_weight_backward(x: Array, grad: Array, w_shape: tuple[int, ...], options: ConvOptions):
    """`conv2d_weight_grad_no_groups`: a conv of the swapped tensors, stride and dilation
    exchanged, on whatever Flex path those shapes take. With groups, `..._groups`: that conv for
    each group's channels, each written into its block of zeros (`slice_assign`)."""
    x_swapped = np.ascontiguousarray(np.swapaxes(x, 0, 1))
    grad_swapped = np.ascontiguousarray(np.swapaxes(grad, 0, 1))
    swapped_options = ConvOptions(options.dilation, options.padding, options.stride, 1)
    if options.groups > 1:
        return _weight_backward_groups(x_swapped, grad_swapped, w_shape, options.groups,
                                       swapped_options)  # fmt: skip
    out = conv2d(x_swapped, grad_swapped, None, swapped_options)
    out = np.swapaxes(out, 0, 1)
    if out.shape != tuple(w_shape):
        out = out[: w_shape[0], : w_shape[1], : w_shape[2], : w_shape[3]]
    return np.ascontiguousarray(out)


def _weight_backward_groups(x_swapped, grad_swapped, w_shape, groups, options) -> Array:
    c_out, c_in_g = w_shape[:2]
    c_out_g = c_out // groups
    out = np.zeros(w_shape, dtype=F32)
    for g in range(groups):
        x_g = x_swapped[g * c_in_g : (g + 1) * c_in_g]
        grad_g = grad_swapped[g * c_out_g : (g + 1) * c_out_g]
        part = np.swapaxes(conv2d(x_g, grad_g, None, options), 0, 1)
        if part.shape[2:] != tuple(w_shape[2:]):
            # burn-backend slices the ungrouped gradient, not this one, and hands `slice_assign`
            # the larger block (a stride that dropped inputs): what Flex does then is not read.
            raise ValueError(
                "conv2d backward: with groups, a stride that drops inputs gives a weight gradient "
                f"of {list(part.shape[2:])} for a kernel of {list(w_shape[2:])} (Burn's grouped "
                "weight gradient does not slice it)"
            )
        out[g * c_out_g : (g + 1) * c_out_g] = part
    return out


def conv2d_bias_backward(grad: Array) -> Array:
    """`conv2d_bias_backward`: the gradient's channels as rows, summed along the row."""
    c_out = grad.shape[1]
    rows = np.ascontiguousarray(np.swapaxes(grad, 0, 1)).reshape(c_out, -1)
    return f.sum_dim(rows, 1).reshape(c_out)


# -- Flex's adaptive_avg_pool2d --------------------------------------------------------------------


def _window_bounds(o: int, size_in: int, size_out: int) -> tuple[int, int]:
    return (o * size_in) // size_out, -(-((o + 1) * size_in) // size_out)


def adaptive_avg_pool2d(x: Array, output_size: tuple[int, int]) -> Array:
    """Each output the sum of its window from +0.0 (rows, then columns) over the count."""
    x = np.asarray(x, dtype=F32)
    b, c, h, w = x.shape
    out_h, out_w = output_size
    out = np.empty((b, c, out_h, out_w), dtype=F32)
    for oh in range(out_h):
        h0, h1 = _window_bounds(oh, h, out_h)
        for ow in range(out_w):
            w0, w1 = _window_bounds(ow, w, out_w)
            total = np.zeros((b, c), dtype=F32)
            for ih in range(h0, h1):
                for iw in range(w0, w1):
                    total = total + x[:, :, ih, iw]
            out[:, :, oh, ow] = total / F32(max((h1 - h0) * (w1 - w0), 1))
    return out


def adaptive_avg_pool2d_backward(shape: tuple[int, ...], grad: Array) -> Array:
    """Each output's `grad / count` added into zeros over its window, output by output."""
    grad = np.asarray(grad, dtype=F32)
    _, _, h, w = shape
    out_h, out_w = grad.shape[2:]
    out = np.zeros(shape, dtype=F32)
    for oh in range(out_h):
        h0, h1 = _window_bounds(oh, h, out_h)
        for ow in range(out_w):
            w0, w1 = _window_bounds(ow, w, out_w)
            share = grad[:, :, oh, ow] / F32(max((h1 - h0) * (w1 - w0), 1))
            out[:, :, h0:h1, w0:w1] += share[:, :, None, None]
    return out


# -- the ops ---------------------------------------------------------------------------------------


class Conv2d(Op):
    """`conv2d(x, weight, bias?)`: one node; checkpoints x, weight and bias (Burn keeps all
    three whichever is tracked)."""

    name = "conv2d"
    __slots__ = ("options",)

    def __init__(self, options: ConvOptions) -> None:
        Op.__init__(self)
        self.options = options

    def forward(self, x, weight, bias=None):
        if True in self.needs:
            self.saved = (x, weight) if bias is None else (x, weight, bias)
        return conv2d(x, weight, bias, self.options)

    def backward(self, grad):
        x, weight = self.saved[:2]
        grad = np.ascontiguousarray(grad, dtype=F32)
        out: list[Array | None] = []
        if self.needs[0]:
            out.append(conv_transpose2d(grad, weight, self.options, x.shape[2:]))
        else:
            out.append(None)
        if self.needs[1]:
            out.append(conv2d_weight_backward(x, grad, weight.shape, self.options))
        else:
            out.append(None)
        if len(self.needs) == 3:
            out.append(conv2d_bias_backward(grad) if self.needs[2] else None)
        return tuple(out)


class AdaptiveAvgPool2d(Op):
    """`adaptive_avg_pool2d(x, output_size)`: one node; checkpoints x (its backward reads only
    the shape)."""

    name = "adaptive_avg_pool2d"
    __slots__ = ("output_size", "shape")

    def __init__(self, output_size: tuple[int, int]) -> None:
        Op.__init__(self)
        self.output_size = output_size

    def forward(self, x):
        self.shape = x.shape
        if self.needs[0]:
            self.saved = (x,)
        return adaptive_avg_pool2d(x, self.output_size)

    def backward(self, grad):
        return (adaptive_avg_pool2d_backward(self.shape, grad),)
