"""The reductions, shape ops and indexed ops of `pbpit.engine.ops` (sum, mean, the `_dim` ones,
reshape, cat, swap_dims, permute, slice, prod; gather, select, repeat_dim, mask_fill): each one a
class with its forward, its backward and what it saves, as `pbpit.engine.ops` describes. That
module re-exports them all: import them from it, not from here."""

from __future__ import annotations

import numpy as np

from pbpit.engine import f32 as f
from pbpit.engine.ops import Array, DimOp, Op, f32

# -- reductions and shape -----------------------------------------------------------------------


class Sum(Op):
    name = "sum"
    __slots__ = ("shape",)

    def forward(self, x):
        self.shape = x.shape
        return f.sum_array(x)

    def backward(self, grad):
        # `ones * grad` is grad itself, everywhere: a read-only broadcast view, never copied.
        return (_uniform(grad[0], self.shape),)


class Mean(Op):
    name = "mean"
    __slots__ = ("shape",)

    def forward(self, x):
        self.shape = x.shape
        return np.array([f.sum_all(x) / f32(x.size)], dtype=np.float32)

    def backward(self, grad):
        # 1/n is taken in float64 and rounded once, then multiplied by the gradient in float32.
        inverse = f32(1.0 / int(np.prod(self.shape)))
        return (_uniform(inverse * grad[0], self.shape),)


def _uniform(value: np.float32, shape: tuple[int, ...]) -> Array:
    """`value` at every index of `shape`, as a read-only view of one float32."""
    return f.uniform(value, shape)


class SumDim(DimOp):
    name = "sum_dim"
    __slots__ = ("shape",)

    def forward(self, x):
        self.shape = x.shape
        return f.sum_dim(x, self.dim)

    def backward(self, grad):
        # Burn sums the gradient over the (size-1) dim before broadcasting it: a sum starts
        # from +0.0, so a -0.0 gradient comes back as +0.0.
        return (np.broadcast_to(f.sum_dim(grad, self.dim), self.shape),)


class Reshape(Op):
    layout = True  # moves values only: Burn has it for every kind (`tensor._apply_one`)
    name = "reshape"
    __slots__ = ("shape", "new_shape")

    def __init__(self, new_shape: tuple[int, ...]) -> None:
        Op.__init__(self)
        self.new_shape = new_shape

    def forward(self, x):
        self.shape = x.shape
        return x.reshape(self.new_shape)

    def backward(self, grad):
        return (grad.reshape(self.shape),)


class Cat(DimOp):
    name = "cat"
    __slots__ = ("sizes",)

    def forward(self, *xs):
        self.sizes = [x.shape[self.dim] for x in xs]
        return np.ascontiguousarray(np.concatenate(xs, axis=self.dim))

    def backward(self, grad):
        bounds = np.cumsum(self.sizes)[:-1]
        parts = np.split(grad, bounds, axis=self.dim)
        return tuple(
            np.ascontiguousarray(part) if need else None
            for part, need in zip(parts, self.needs, strict=True)
        )


class SwapDims(Op):
    layout = True  # moves values only: Burn has it for every kind (`tensor._apply_one`)
    name = "swap_dims"
    __slots__ = ("dim1", "dim2")

    def __init__(self, dim1: int, dim2: int) -> None:
        Op.__init__(self)
        self.dim1, self.dim2 = dim1, dim2

    def forward(self, x):
        return np.ascontiguousarray(np.swapaxes(x, self.dim1, self.dim2))

    def backward(self, grad):
        return (np.ascontiguousarray(np.swapaxes(grad, self.dim2, self.dim1)),)


class Permute(Op):
    layout = True  # moves values only: Burn has it for every kind (`tensor._apply_one`)
    name = "permute"
    __slots__ = ("axes",)

    def __init__(self, axes: tuple[int, ...]) -> None:
        Op.__init__(self)
        self.axes = axes

    def forward(self, x):
        return np.ascontiguousarray(np.transpose(x, self.axes))

    def backward(self, grad):
        inverse = [0] * len(self.axes)
        for i, axis in enumerate(self.axes):
            inverse[axis] = i
        return (np.ascontiguousarray(np.transpose(grad, inverse)),)


class Slice(Op):
    """`slice`: `ranges` holds one (start, end, step) per dim, already clamped to the shape."""

    name = "slice"
    __slots__ = ("ranges", "shape")

    def __init__(self, ranges: tuple[tuple[int, int, int], ...]) -> None:
        Op.__init__(self)
        self.ranges = ranges

    def index(self) -> tuple[slice, ...]:
        picks = []
        for start, end, step in self.ranges:
            if step > 0:
                picks.append(slice(start, end, step))
            else:  # Burn walks a negative step back from the range's last element
                picks.append(slice(end - 1, start - 1 if start > 0 else None, step))
        return tuple(picks)

    def forward(self, x):
        self.shape = x.shape
        return np.ascontiguousarray(x[self.index()])

    def backward(self, grad):
        # Burn: zeros of the input's shape with the gradient assigned into the slice (copied,
        # not added: a -0.0 stays -0.0).
        out = np.zeros(self.shape, dtype=np.float32)
        out[self.index()] = grad
        return (out,)


class SliceAssign(Slice):
    """`x.slice_assign(ranges, value)`: `x` with `value` written into the slice (one node, two
    inputs). burn-autodiff's `SliceAssign` backward: the gradient with zeros assigned into the
    slice for `x`, the gradient's slice for `value`; copies, no arithmetic."""

    name = "slice_assign"
    __slots__ = ()

    def forward(self, x, value):
        out = x.copy()
        out[self.index()] = value
        return out

    def backward(self, grad):
        index = self.index()
        grad_x = None
        if self.needs[0]:
            grad_x = grad.copy()
            grad_x[index] = np.float32(0.0)
        grad_value = np.ascontiguousarray(grad[index]) if self.needs[1] else None
        return (grad_x, grad_value)


def cumsum(x: Array, dim: int) -> Array:
    """burn-flex's `cumsum_f32`: along `dim`, an f32 accumulator from +0.0 adding each element
    in order (so a leading -0.0 gives +0.0)."""
    start = np.zeros(x.shape[:dim] + (1,) + x.shape[dim + 1 :], dtype=np.float32)
    summed = np.add.accumulate(np.concatenate([start, x], axis=dim), axis=dim, dtype=np.float32)
    return np.ascontiguousarray(np.delete(summed, 0, axis=dim))


class CumSum(DimOp):
    """`cumsum(dim)`: burn-autodiff's `CumSum` backward is `flip(cumsum(flip(grad)))`."""

    name = "cumsum"
    __slots__ = ()

    def forward(self, x):
        return cumsum(x, self.dim)

    def backward(self, grad):
        reversed_ = np.flip(grad, self.dim)
        return (np.ascontiguousarray(np.flip(cumsum(reversed_, self.dim), self.dim)),)


class Flip(Op):
    """`flip(axes)`: the order reversed along each axis; the backward flips the gradient back
    (burn-autodiff's `FlipDim`)."""

    layout = True  # moves values only: Burn has it for every kind (`tensor._apply_one`)
    name = "flip"
    __slots__ = ("axes",)

    def __init__(self, axes: tuple[int, ...]) -> None:
        Op.__init__(self)
        self.axes = axes

    def forward(self, x):
        return np.ascontiguousarray(np.flip(x, self.axes)) if self.axes else x.copy()

    def backward(self, grad):
        return (np.ascontiguousarray(np.flip(grad, self.axes)) if self.axes else grad,)


class MeanDim(DimOp):
    name = "mean_dim"
    __slots__ = ("shape",)

    def forward(self, x):
        self.shape = x.shape
        # Flex: the sum along the dim, then each divided by the dim's size as an f32.
        return f.div_scalar(f.sum_dim(x, self.dim), f32(x.shape[self.dim]))

    def backward(self, grad):
        # Burn: ones * (1/n in f64, rounded to f32), times the gradient summed over its size-1
        # dim (which turns a -0.0 into +0.0).
        value = _uniform(f32(1.0 / self.shape[self.dim]), self.shape)
        return (f.mul(value, f.sum_dim(grad, self.dim)),)


class MaxMinDim(Op):
    """`max_dim` / `min_dim`: the first extreme value along `dim` (a NaN before any), with its
    index saved; the gradient goes to that index, `zeros.scatter_add(grad)`."""

    __slots__ = ("dim", "is_max", "shape")

    def __init__(self, dim: int, is_max: bool) -> None:
        Op.__init__(self)
        self.dim, self.is_max = dim, is_max

    @property
    def name(self) -> str:  # type: ignore[override]
        return "max_dim" if self.is_max else "min_dim"

    def forward(self, x):
        self.shape = x.shape
        indices = arg_extremum(x, self.dim, self.is_max)
        if self.needs[0]:
            self.saved = (indices,)
        return np.take_along_axis(x, indices, axis=self.dim)

    def backward(self, grad):
        (indices,) = self.saved
        out = np.zeros(self.shape, dtype=np.float32)
        np.put_along_axis(out, indices, np.add(f32(0.0), grad), axis=self.dim)
        return (out,)


def arg_extremum(x: Array, dim: int, is_max: bool) -> Array:
    """Flex's `argmax`/`argmin` along `dim`, kept with size 1, as int64: the first NaN if there
    is one, else the first of the equal extremes (NumPy's rule too)."""
    pick = np.argmax if is_max else np.argmin
    return np.expand_dims(pick(x, axis=dim), dim).astype(np.int64)


class Prod(Op):
    name = "prod"
    __slots__ = ()

    def forward(self, x):
        # Flex multiplies the elements in order from 1.0: a running product, the last one kept.
        out = np.multiply.accumulate(x.reshape(-1), dtype=np.float32)[-1:].copy()
        if x.size == 0:
            out = np.ones(1, dtype=np.float32)
        if self.needs[0]:
            self.saved = (x, out)
        return out

    def backward(self, grad):
        x, out = self.saved
        # Burn: ones * (grad * prod), divided by x: NaN or inf where x is 0.
        spread = np.broadcast_to(f.mul(grad, out).reshape((1,) * x.ndim), x.shape)
        return (f.div(spread, x),)


class ProdDim(DimOp):
    name = "prod_dim"
    __slots__ = ()

    def forward(self, x):
        if x.shape[self.dim] == 0:  # Flex starts each product from 1.0
            shape = x.shape[: self.dim] + (1,) + x.shape[self.dim + 1 :]
            out = np.ones(shape, dtype=np.float32)
        else:
            running = np.multiply.accumulate(x, axis=self.dim, dtype=np.float32)
            last = x.shape[self.dim] - 1
            out = np.ascontiguousarray(np.take(running, [last], axis=self.dim))
        if self.needs[0]:
            self.saved = (x, out)
        return out

    def backward(self, grad):
        x, out = self.saved
        return (f.div(np.broadcast_to(f.mul(grad, out), x.shape), x),)


# -- indexing by an Int tensor: gather, select (the indices never enter the graph) --------------


def scatter_add(shape: tuple[int, ...], dim: int, indices: Array, values: Array) -> Array:
    """burn-backend's `float_scatter_add` into zeros of `shape`: each value added at its index
    along `dim`, in index order (a repeated index sums)."""
    out = np.zeros(shape, dtype=np.float32)
    where = list(np.indices(indices.shape, sparse=True))
    where[dim] = indices
    np.add.at(out, tuple(where), values)
    return out


class _Indexed(Op):
    """An op that reads `x` at Int `indices` along `dim`; the input's shape is kept for the
    backward, which adds the gradient back into zeros of it."""

    __slots__ = ("dim", "indices", "shape")

    def __init__(self, dim: int, indices: Array) -> None:
        Op.__init__(self)
        self.dim = dim
        self.indices = indices


class Gather(_Indexed):
    """`gather(dim, indices)`: `out[.., i, ..] = x[.., indices[.., i, ..], ..]` along `dim`; the
    backward scatters (adds) the gradient into zeros of the input's shape."""

    name = "gather"
    __slots__ = ()

    def forward(self, x):
        self.shape = x.shape
        return np.ascontiguousarray(np.take_along_axis(x, self.indices, axis=self.dim))

    def backward(self, grad):
        return (scatter_add(self.shape, self.dim, self.indices, grad),)


class Select(_Indexed):
    """`select(dim, indices)`: the slices of `x` at `indices` (1-D) along `dim`; the backward is
    `select_add` into zeros: each slice's gradient added back at its index."""

    name = "select"
    __slots__ = ()

    def forward(self, x):
        self.shape = x.shape
        return np.ascontiguousarray(np.take(x, self.indices, axis=self.dim))

    def backward(self, grad):
        out = np.zeros(self.shape, dtype=np.float32)
        moved = np.moveaxis(out, self.dim, 0)  # a view: adds land in `out`
        np.add.at(moved, self.indices, np.moveaxis(grad, self.dim, 0))
        return (out,)


# -- repeat_dim and mask_fill: one node each in burn-autodiff (`Repeat`, `MaskFill`) -------------


class RepeatDim(DimOp):
    """`repeat_dim(dim, times)`: Flex tiles the tensor `times` times along `dim`. The backward is
    burn-autodiff's `Repeat` as written: the gradient viewed as `[.., n, times, ..]` and summed
    over `times` (n = the input's size along `dim`); for n = 1 that is the sum of the copies."""

    layout = True  # moves values only: Burn has it for every kind (`tensor._apply_one`)
    name = "repeat_dim"
    __slots__ = ("times",)

    def __init__(self, dim: int, times: int) -> None:
        DimOp.__init__(self, dim)
        self.times = times

    def forward(self, x):
        reps = [1] * x.ndim
        reps[self.dim] = self.times
        return np.ascontiguousarray(np.tile(x, reps))

    def backward(self, grad):
        dim, times = self.dim, self.times
        size = grad.shape[dim] // times
        if size > 1:
            grouped = grad.reshape(grad.shape[:dim] + (size, times) + grad.shape[dim + 1 :])
            summed = f.sum_dim(grouped, dim + 1)
            return (summed.reshape(grad.shape[:dim] + (size,) + grad.shape[dim + 1 :]),)
        return (f.sum_dim(grad, dim),)


class Expand(Op):
    """`expand(shape)`: Flex broadcasts the tensor to `shape` (new leading dims, size-1 dims
    repeated). The backward is burn-autodiff's `ExpandDim`: the gradient summed (`sum_dim`,
    keeping the dim) over each dim the input had as 1, or did not have, in dim order, then
    reshaped to the input's shape."""

    layout = True  # moves values only: Burn has it for every kind (`tensor._apply_one`)
    name = "expand"
    __slots__ = ("shape", "input_shape")

    def __init__(self, shape: tuple[int, ...]) -> None:
        Op.__init__(self)
        self.shape = shape

    def forward(self, x):
        self.input_shape = x.shape
        return np.ascontiguousarray(np.broadcast_to(x, self.shape))

    def backward(self, grad):
        lead = len(self.shape) - len(self.input_shape)
        expanded = (1,) * lead + tuple(self.input_shape)
        for i, size in enumerate(expanded):
            if size == 1 and grad.shape[i] != 1:
                grad = f.sum_dim(grad, i)
        return (grad.reshape(self.input_shape),)


class MaskFill(Op):
    """`x.mask_fill(mask, value)`: `value` where `mask`; the gradient is zeroed there (Burn's
    `MaskFill` backward fills the gradient with 0 under the mask)."""

    name = "mask_fill"
    __slots__ = ("mask", "value")

    def __init__(self, mask: Array, value: float) -> None:
        Op.__init__(self)
        self.mask, self.value = mask, f32(value)

    def forward(self, x):
        if self.needs[0]:
            self.saved = (self.mask,)
        return np.where(self.mask, self.value, x).astype(np.float32)

    def backward(self, grad):
        return (np.where(self.mask, f32(0.0), grad).astype(np.float32),)
