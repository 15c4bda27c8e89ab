"""Burn's other tensor kinds, `Tensor<B, D, Int>` and `Tensor<B, D, Bool>`: values without a
node. Burn's autodiff tracks float tensors only (an Int tensor of `Autodiff<B>` is `B`'s own), so
nothing here takes a NodeId, with one exception Burn has too: `.float()` on the autodiff device is
a new untracked float node (`AutodiffTensor::new`). A float tensor indexed by an Int tensor
(`gather`, `select`) is a tracked float op with a backward (`ops.Gather`, `ops.Select`).

Values are kept as int64 (Bool as bool) and read as Burn's Flex writes them: its Int dtype is
`i32`, so `Display` says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pbpit.engine import checks as burn_checks
from pbpit.engine import ops
from pbpit.engine import tensor as checks  # its argument checks, defined after this is imported
from pbpit.engine.tensor import Device, Tensor, TensorData, _apply_one, _checked, _leaf, _shape
from pbpit.engine.tensor_shapes import _mask

INT = "Int"
BOOL = "Bool"
FLOAT = "Float"


class IntTensor(Tensor):
    """A tensor of Burn's Int kind (int64 values) or Bool kind (bool values): never in the
    graph, so `node_id` is None; `device` is the device it was made on (autodiff or not), which
    decides whether `.float()` takes a node id."""

    __slots__ = ("on_autodiff",)

    def __init__(self, array: np.ndarray, on_autodiff: bool) -> None:
        Tensor.__init__(self, array, None)
        self.on_autodiff = on_autodiff

    def __copy__(self) -> IntTensor:
        return IntTensor(self.array, self.on_autodiff)

    def __deepcopy__(self, memo: dict) -> IntTensor:
        return IntTensor(self.array.copy(), self.on_autodiff)

    @property
    def kind(self) -> str:
        return BOOL if self.array.dtype == np.bool_ else INT

    @property
    def device(self) -> Device:
        return Device(self.on_autodiff)

    def _same(self, array: np.ndarray) -> IntTensor:
        return IntTensor(np.ascontiguousarray(array), self.on_autodiff)

    def _int(self, op: str) -> None:
        if self.kind != INT:
            raise TypeError(f"{op}: expected an Int tensor, got a {self.kind} one")

    # -- creation -------------------------------------------------------------------------------

    @staticmethod
    def from_ints(data: Any, device: Device) -> IntTensor:
        """`Tensor::<B, D, Int>::from_ints`: nested lists of whole numbers."""
        return IntTensor(_as_int64(data, "from_ints"), _checked(device, "from_ints").is_autodiff)

    @staticmethod
    def from_data(data: Any, device: Device) -> IntTensor:
        """`Tensor::<B, D, Int>::from_data`: a `TensorData` of whole numbers, or nested lists."""
        device = _checked(device, "from_data")
        if hasattr(data, "values") and hasattr(data, "shape"):  # a `TensorData`
            array = _as_int64(list(data.values), "from_data").reshape(tuple(data.shape))
        else:
            array = _as_int64(data, "from_data")
        return IntTensor(array, device.is_autodiff)

    @staticmethod
    def zeros(shape: Sequence[int], device: Device) -> IntTensor:
        device = _checked(device, "zeros")
        return IntTensor(np.zeros(_shape(shape, "zeros"), dtype=np.int64), device.is_autodiff)

    @staticmethod
    def ones(shape: Sequence[int], device: Device) -> IntTensor:
        device = _checked(device, "ones")
        return IntTensor(np.ones(_shape(shape, "ones"), dtype=np.int64), device.is_autodiff)

    @staticmethod
    def arange(range_: range | tuple[int, int], device: Device, step: int = 1) -> IntTensor:
        """`Tensor::<B, 1, Int>::arange(start..end, &device)` (a `range` or a `(start, end)`
        pair); `arange_step` with `step`."""
        device = _checked(device, "arange")
        start, end = (range_.start, range_.stop) if isinstance(range_, range) else range_
        if not (checks._index(start) and checks._index(end) and checks._index(step)) or step < 1:
            raise ValueError("arange: expected whole numbers start..end and a step >= 1")
        return IntTensor(np.arange(start, end, step, dtype=np.int64), device.is_autodiff)

    @staticmethod
    def cat(tensors: Sequence[Tensor], dim: int) -> IntTensor:
        """`Tensor::cat` of Int tensors, or of Bool ones: along `dim`, the other dims equal
        (no node)."""
        if not tensors or not all(
            isinstance(t, IntTensor) and t.kind == tensors[0].kind for t in tensors
        ):
            raise ValueError("cat: expected one or more Int tensors, or Bool ones")
        first = tensors[0].shape
        axis = checks._axis("cat", dim, first)
        for t in tensors[1:]:
            if len(t.shape) != len(first) or any(
                a != b for i, (a, b) in enumerate(zip(t.shape, first, strict=True)) if i != axis
            ):
                raise ValueError(
                    f"cat: shapes {list(first)} and {list(t.shape)} do not fit on {dim}"
                )
        array = np.concatenate([t.array for t in tensors], axis=axis)
        return IntTensor(array, tensors[0].on_autodiff)

    @staticmethod
    def stack(tensors: Sequence[Tensor], dim: int, rank: int | None = None) -> IntTensor:
        """`Tensor::stack::<D2>` of Int or Bool tensors: the float tensors' (each unsqueezed,
        then this kind's `cat`)."""
        from pbpit.engine.tensor_shapes import stack  # it imports `tensor`, which imports this

        return stack(tensors, dim, rank)

    # -- values ---------------------------------------------------------------------------------

    def clone(self) -> IntTensor:
        return IntTensor(self.array, self.on_autodiff)

    def to_vec(self) -> list:
        return self.array.reshape(-1).tolist()

    def into_scalar(self) -> int | bool:
        burn_checks.into_scalar(self.array.size)
        return self.array.reshape(-1)[0].item()

    def to_data(self) -> TensorData:
        return TensorData(self.to_vec(), self.shape) if self.array.size else _empty(self.shape)

    into_data = to_data

    def __repr__(self) -> str:
        values = ", ".join(str(v).lower() for v in self.to_vec())
        return f"Tensor([{values}], shape={list(self.shape)}, untracked)"  # never a node

    # -- shapes ---------------------------------------------------------------------------------

    def reshape(self, shape: Sequence[int]) -> IntTensor:
        """The same values in `shape`; one -1 stands for what the other sizes leave."""
        if not isinstance(shape, list | tuple) or not all(
            checks._index(s) and s >= -1 for s in shape
        ):
            raise ValueError(f"reshape: expected a shape (sizes, at most one -1), got {shape!r}")
        try:
            return self._same(self.array.reshape(tuple(int(s) for s in shape)))
        except ValueError:
            raise ValueError(f"reshape: cannot view {list(self.shape)} as {list(shape)}") from None

    def gather(self, dim: int, indices: Tensor) -> IntTensor:
        self._int("gather")
        return self._same(_gathered(self.array, dim, indices, "gather"))

    def select(self, dim: int, indices: Tensor) -> IntTensor:
        self._int("select")
        axis, picked = _selected(self.array, dim, indices)
        return self._same(np.take(self.array, picked, axis=axis))

    def narrow(self, dim: int, start: int, length: int) -> IntTensor:
        """Burn's `narrow` (one for every kind, `K: BasicOps`): `start..start + length` along
        `dim`, checked as a float tensor's is."""
        from pbpit.engine.tensor_shapes import narrowed  # it imports `tensor`, which imports this

        at, start, length = narrowed(self.shape, dim, start, length)
        return self._same(np.take(self.array, range(start, start + length), axis=at))

    def slice(self, ranges: Any) -> IntTensor:
        """Burn's `slice` (one for every kind, `K: BasicOps`): the ranges read and checked as a
        float tensor's are (`Tensor.slice`); an empty range gives an empty tensor."""
        shape = self.array.shape
        parts = checks.slice_parts(shape, ranges, "slice")
        burn_checks.slice_ends(shape, [end for _, end, _ in parts])
        picks = ops.Slice(tuple(checks.clamped_slices(shape, parts, "slice"))).index()
        return self._same(self.array[picks])

    def repeat_dim(self, dim: int, times: int) -> IntTensor:
        """Burn's `repeat_dim` (every kind): the float tensor's, whose op runs on these values
        (`tensor._apply_one`); 0 times is an empty tensor of this kind."""
        if times == 0 and checks._index(times):
            at = checks._axis("repeat_dim", dim, self.shape)
            return self._same(np.take(self.array, [], axis=at))
        return Tensor.repeat_dim(self, dim, times)  # type: ignore[attr-defined]

    # Burn's other layout methods of every kind (`K: BasicOps`: `unsqueeze`, `unsqueeze_dim`,
    # `squeeze`, `squeeze_dim`, `flatten`, `transpose`, `t`, `swap_dims`, `permute`, `flip`,
    # `chunk`, `split`, `slice_dim`, `expand`) are the float tensor's, inherited: a reshape is
    # this class's, and the others' ops move values only (`layout`), so run on Int and Bool
    # values without a node.

    # -- numbers --------------------------------------------------------------------------------

    def mask_fill(self, mask: Tensor, value: float) -> IntTensor:
        """`value` (converted to the Int element as `ElementConversion` does: toward zero)
        where `mask` is true."""
        self._int("mask_fill")
        array = _mask(mask, self, "mask_fill")  # (the shapes equal, as a float's)
        return self._same(np.where(array, np.int64(int(value)), self.array))

    def mask_where(self, mask: Tensor, value: Tensor) -> IntTensor:
        """`value`'s element where `mask` is true, else this tensor's."""
        self._int("mask_where")
        array = _mask(mask, self, "mask_where")
        if not isinstance(value, IntTensor) or value.kind != INT:
            raise TypeError("mask_where: expected an Int tensor as the value")
        if value.array.shape != self.array.shape:
            shapes = f"{list(self.shape)} and {list(value.shape)}"
            raise ValueError(f"mask_where: shapes {shapes} differ")
        return self._same(np.where(array, value.array, self.array))

    def sum(self) -> IntTensor:
        self._int("sum")
        return self._same(np.array([self.array.sum()], dtype=np.int64))

    def sum_dim(self, dim: int) -> IntTensor:
        self._int("sum_dim")
        axis = checks._axis("sum_dim", dim, self.shape)
        return self._same(self.array.sum(axis=axis, keepdims=True))

    def argmax(self, dim: int) -> IntTensor:
        self._int("argmax")
        axis = checks._along("argmax", dim, self.shape)
        return self._same(ops.arg_extremum(self.array, axis, True))

    def argmin(self, dim: int) -> IntTensor:
        self._int("argmin")
        axis = checks._along("argmin", dim, self.shape)
        return self._same(ops.arg_extremum(self.array, axis, False))

    def one_hot(self, num_classes: int) -> IntTensor:
        """Burn's `one_hot`: a new last dim of `num_classes`, 1 at each value, 0 elsewhere;
        a value outside `0..num_classes` is Burn's panic (a ValueError here)."""
        self._int("one_hot")
        if not checks._index(num_classes):
            raise TypeError(f"one_hot: expected a number of classes, got {num_classes!r}")
        if self.array.size and (self.array.min() < 0 or self.array.max() >= num_classes):
            raise ValueError(
                f"one_hot: a value of {self.to_vec()} is out of range for {num_classes} classes"
            )
        return self._same(np.eye(num_classes, dtype=np.int64)[self.array])

    def add(self, other: Tensor) -> IntTensor:
        return self._same(self.array + _values(other, self, "add"))

    def sub(self, other: Tensor) -> IntTensor:
        return self._same(self.array - _values(other, self, "sub"))

    def mul(self, other: Tensor) -> IntTensor:
        return self._same(self.array * _values(other, self, "mul"))

    def add_scalar(self, value: int) -> IntTensor:
        return self._same(self.array + _whole(value, "add_scalar"))

    def sub_scalar(self, value: int) -> IntTensor:
        return self._same(self.array - _whole(value, "sub_scalar"))

    def mul_scalar(self, value: int) -> IntTensor:
        return self._same(self.array * _whole(value, "mul_scalar"))

    # Burn's Numeric ops of the Int kind: division truncates toward zero, as Rust's integers do.
    def div(self, other: Tensor) -> IntTensor:
        return self._same(_truncated(self.array, _values(other, self, "div")))

    def div_scalar(self, value: int) -> IntTensor:
        return self._same(_truncated(self.array, np.int64(_whole(value, "div_scalar"))))

    def neg(self) -> IntTensor:
        self._int("neg")
        return self._same(-self.array)

    def __truediv__(self, other: Any) -> IntTensor:
        return self.div(other) if isinstance(other, Tensor) else self.div_scalar(other)

    def __neg__(self) -> IntTensor:
        return self.neg()

    def __add__(self, other: Any) -> IntTensor:
        return self.add(other) if isinstance(other, Tensor) else self.add_scalar(other)

    def __sub__(self, other: Any) -> IntTensor:
        return self.sub(other) if isinstance(other, Tensor) else self.sub_scalar(other)

    def __mul__(self, other: Any) -> IntTensor:
        return self.mul(other) if isinstance(other, Tensor) else self.mul_scalar(other)

    # -- kinds ----------------------------------------------------------------------------------

    def float(self) -> Tensor:
        """The values as a float tensor; on the autodiff device a new untracked node (Burn's
        `int_into_float` is `AutodiffTensor::new`)."""
        return _leaf(self.array.astype(np.float32), self.device, "float")

    def int(self) -> IntTensor:
        """A Bool tensor's values as 0 and 1."""
        if self.kind != BOOL:
            raise TypeError("int: `.int()` is a method of Bool and Float tensors")
        return self._same(self.array.astype(np.int64))

    def bool(self) -> IntTensor:
        """Whether each value is not 0."""
        return self._same(self.array != 0)

    def equal(self, other: Tensor) -> IntTensor:
        return self._same(self.array == _values(other, self, "equal"))

    def not_equal(self, other: Tensor) -> IntTensor:
        return self._same(self.array != _values(other, self, "not_equal"))

    def equal_elem(self, value: int) -> IntTensor:
        return self._same(self.array == _whole(value, "equal_elem"))

    def not_equal_elem(self, value: int) -> IntTensor:
        return self._same(self.array != _whole(value, "not_equal_elem"))

    def greater_elem(self, value: int) -> IntTensor:
        return self._same(self.array > _whole(value, "greater_elem"))

    def lower_elem(self, value: int) -> IntTensor:
        return self._same(self.array < _whole(value, "lower_elem"))

    def greater_equal_elem(self, value: int) -> IntTensor:
        return self._same(self.array >= _whole(value, "greater_equal_elem"))

    def lower_equal_elem(self, value: int) -> IntTensor:
        return self._same(self.array <= _whole(value, "lower_equal_elem"))

    def greater(self, other: Tensor) -> IntTensor:
        return self._same(self.array > _values(other, self, "greater"))

    def greater_equal(self, other: Tensor) -> IntTensor:
        return self._same(self.array >= _values(other, self, "greater_equal"))

    def lower(self, other: Tensor) -> IntTensor:
        return self._same(self.array < _values(other, self, "lower"))

    def lower_equal(self, other: Tensor) -> IntTensor:
        return self._same(self.array <= _values(other, self, "lower_equal"))

    def bool_not(self) -> IntTensor:
        if self.kind != BOOL:
            raise TypeError("bool_not: expected a Bool tensor")
        return self._same(~self.array)

    def any(self) -> IntTensor:
        return self._same(np.array([bool(self.array.any())]))

    def all(self) -> IntTensor:
        return self._same(np.array([bool(self.array.all())]))

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"`{name}` is not a method of Burn's {self.kind} tensors")


def _float_only(name: str) -> Any:
    def refused(self: IntTensor, *args: Any) -> Any:
        raise TypeError(f"{name}: a method of Float tensors, not of {self.kind} ones")

    refused.__name__ = name
    return refused


# Float methods an Int or Bool tensor does not have (Burn: no such method on `Tensor<B, D, Int>`).
for _name in (
    "exp", "log", "sqrt", "tanh", "sigmoid", "relu", "recip", "abs", "powf_scalar",
    "matmul", "mean", "mean_dim", "max_dim", "min_dim", "require_grad",
    "detach", "backward", "grad", "prod", "clamp", "clamp_min", "clamp_max", "powi_scalar",
    "square",
    "powf", "set_require_grad", "grad_remove", "grad_replace", "max", "min", "prod_dim",
    "inner", "without_autodiff", "__matmul__",
):  # fmt: skip
    setattr(IntTensor, _name, _float_only(_name))


# -- the float tensor's side: indexing by Int tensors, comparisons, casts -----------------------


def gather(self: Tensor, dim: int, indices: Tensor) -> Tensor:
    """`x.gather(dim, indices)`: along `dim`, the element at each index (indices of x's rank,
    the other dims equal); one node, tracked if x is, its gradient scattered back."""
    picked = _int_values(indices, "gather")
    axis = checks._axis("gather", dim, self.shape)
    _gathered(self.array, dim, indices, "gather")  # the shape and range checks
    return _apply_one(ops.Gather(axis, picked), self)


def select(self: Tensor, dim: int, indices: Tensor) -> Tensor:
    """`x.select(dim, indices)`: the slices of x at `indices` (1-D Int) along `dim`; one node,
    its gradient added back at each index (`select_add`)."""
    axis, picked = _selected(self.array, dim, indices)
    return _apply_one(ops.Select(axis, picked), self)


def into_int(self: Tensor) -> IntTensor:
    """Burn's `int()`: the values truncated toward zero, an Int tensor (no node:
    Burn's `float_into_int`)."""
    return IntTensor(self.array.astype(np.int64), self.node is not None)


def equal(self: Tensor, other: Tensor) -> IntTensor:
    """Element by element `==`, a Bool tensor (no node)."""
    return IntTensor(self.array == _values(other, self, "equal"), self.node is not None)


def equal_elem(self: Tensor, value: float) -> IntTensor:
    """`== value` (as f32), a Bool tensor (no node)."""
    return _bools(self, self.array == _f32(value, "equal_elem"))


def greater_elem(self: Tensor, value: float) -> IntTensor:
    return _bools(self, self.array > _f32(value, "greater_elem"))


def lower_elem(self: Tensor, value: float) -> IntTensor:
    return _bools(self, self.array < _f32(value, "lower_elem"))


# The other comparisons, IEEE's as Rust's f32 (a NaN is unequal to all, ordered with none).
def not_equal(self: Tensor, other: Tensor) -> IntTensor:
    return _bools(self, self.array != _values(other, self, "not_equal"))


def greater(self: Tensor, other: Tensor) -> IntTensor:
    return _bools(self, self.array > _values(other, self, "greater"))


def greater_equal(self: Tensor, other: Tensor) -> IntTensor:
    return _bools(self, self.array >= _values(other, self, "greater_equal"))


def lower(self: Tensor, other: Tensor) -> IntTensor:
    return _bools(self, self.array < _values(other, self, "lower"))


def lower_equal(self: Tensor, other: Tensor) -> IntTensor:
    return _bools(self, self.array <= _values(other, self, "lower_equal"))


def not_equal_elem(self: Tensor, value: float) -> IntTensor:
    return _bools(self, self.array != _f32(value, "not_equal_elem"))


def greater_equal_elem(self: Tensor, value: float) -> IntTensor:
    return _bools(self, self.array >= _f32(value, "greater_equal_elem"))


def lower_equal_elem(self: Tensor, value: float) -> IntTensor:
    return _bools(self, self.array <= _f32(value, "lower_equal_elem"))


def is_nan(self: Tensor) -> IntTensor:
    return _bools(self, np.isnan(self.array))


def is_inf(self: Tensor) -> IntTensor:
    return _bools(self, np.isinf(self.array))


def _f32(value: float, op: str) -> np.float32:
    return np.float32(checks._scalar(value, op))


def _bools(tensor: Tensor, values: np.ndarray) -> IntTensor:
    return IntTensor(values, tensor.node is not None)


def argmax(self: Tensor, dim: int) -> IntTensor:
    """The index of the first largest value along `dim` (a NaN's first), size 1 there: an Int
    tensor, which takes no node id in Burn's autodiff."""
    axis = checks._along("argmax", dim, self.array.shape)
    return IntTensor(ops.arg_extremum(self.array, axis, True), self.node is not None)


def argmin(self: Tensor, dim: int) -> IntTensor:
    axis = checks._along("argmin", dim, self.array.shape)
    return IntTensor(ops.arg_extremum(self.array, axis, False), self.node is not None)


for _method in (
    gather, select, equal, equal_elem, greater_elem, lower_elem, argmax, argmin, not_equal,
    greater, greater_equal, lower, lower_equal, not_equal_elem, greater_equal_elem,
    lower_equal_elem, is_nan, is_inf,
):  # fmt: skip
    setattr(Tensor, _method.__name__, _method)
Tensor.int = into_int  # type: ignore[attr-defined]
for _function in ("from_ints", "arange"):  # Burn has them on `Tensor<B, D, Int>` only
    setattr(Tensor, _function, staticmethod(getattr(IntTensor, _function)))


# -- checks ---------------------------------------------------------------------------------------


def _as_int64(data: Any, op: str) -> np.ndarray:
    if isinstance(data, str | bytes):
        raise TypeError(f"{op}: expected a list of whole numbers, got {type(data).__name__}")
    try:
        array = np.array(data)
    except ValueError:
        raise ValueError(f"{op}: expected rows of one length, got {data!r:.60}") from None
    if array.ndim == 0:
        raise ValueError(f"{op}: expected a list of whole numbers, got a single number")
    if array.size and array.dtype.kind not in "iu":
        if array.dtype.kind != "f" or not np.all(array == np.trunc(array)):
            raise TypeError(f"{op}: expected whole numbers, got {data!r:.60}")
    return np.ascontiguousarray(array.astype(np.int64))


def _empty(shape: tuple[int, ...]) -> TensorData:
    data = TensorData([0], [1])
    data.values, data.shape = [], shape
    return data


def _int_values(indices: Any, op: str) -> np.ndarray:
    if not isinstance(indices, IntTensor) or indices.kind != INT:
        raise TypeError(f"{op}: expected Int indices (an Int tensor)")
    return indices.array


def _gathered(array: np.ndarray, dim: int, indices: Any, op: str) -> np.ndarray:
    picked = _int_values(indices, op)
    axis = checks._axis(op, dim, array.shape)
    shape = picked.shape
    if len(shape) == array.ndim:
        burn_checks.gather(axis, array.shape, shape)
    if len(shape) != array.ndim or any(
        a != b for d, (a, b) in enumerate(zip(shape, array.shape, strict=True)) if d != axis
    ):
        raise ValueError(
            f"{op}: indices of shape {list(shape)} for a tensor of shape {list(array.shape)} "
            f"(the same shape but along dim {axis})"
        )
    if picked.size and (picked.min() < 0 or picked.max() >= array.shape[axis]):
        raise ValueError(f"{op}: an index is out of range for dim {axis} of {list(array.shape)}")
    return np.take_along_axis(array, picked, axis=axis)


def _selected(array: np.ndarray, dim: int, indices: Any) -> tuple[int, np.ndarray]:
    picked = _int_values(indices, "select")
    axis = checks._axis("select", dim, array.shape)
    if picked.ndim != 1:
        raise ValueError(f"select: indices of shape {list(picked.shape)} (1-D)")
    if picked.size and (picked.min() < 0 or picked.max() >= array.shape[axis]):
        raise ValueError(f"select: an index is out of range for dim {axis} of {list(array.shape)}")
    return axis, picked


def _values(other: Any, this: Tensor, op: str) -> np.ndarray:
    """The other operand of a comparison or Int arithmetic: a tensor of the same kind, whose
    shape broadcasts."""
    if not isinstance(other, Tensor) or other.kind != this.kind:
        raise TypeError(f"{op}: expected a {this.kind} tensor, got {other!r:.40}")
    x, y = this.shape, other.shape
    if len(x) == len(y) and op in burn_checks.ELEMENTWISE:
        burn_checks.elementwise(op, x, y)
    if len(x) != len(y) or any(p != q and p != 1 and q != 1 for p, q in zip(x, y, strict=True)):
        raise ValueError(f"{op}: shapes {list(x)} and {list(y)} do not broadcast")
    return other.array


def _whole(value: Any, op: str) -> int:
    if not checks._index(value):
        raise TypeError(f"{op}: expected a whole number, got {value!r}")
    return int(value)


def _truncated(a: np.ndarray, b: np.ndarray | np.int64) -> np.ndarray:
    """`a / b` of whole numbers as Rust divides them (toward zero); a zero divisor is refused."""
    if np.any(b == 0):
        raise ValueError("div: attempt to divide by zero")
    quotient = np.abs(a) // np.abs(b)
    return np.where((a < 0) != (b < 0), -quotient, quotient)
