"""The user-facing `Tensor` and `Device`, named as in Burn's API."""

from __future__ import annotations

import gc
from collections.abc import Sequence
from typing import Any

import numpy as np

from pbpit.engine import api, ops
from pbpit.engine.graph import Node, Requirement
from pbpit.engine.server import (
    NON_LEAF_REQUIRE_GRAD,
    SERVER,
    TENSOR_LOCATION,
    Gradients,
    Panic,
    new_node,
)

NONE = Requirement.NONE
GRAD_IN_BACKWARD = Requirement.GRAD_IN_BACKWARD

# The tape is a DAG of small objects that never form reference cycles, yet Python's cycle
# collector walks them all again each time its youngest generation fills (every 700 new
# objects): on a 100,000-op chain that is a third of the time. Collect less often.
GC_YOUNGEST_THRESHOLD = 10_000
if gc.get_threshold()[0] < GC_YOUNGEST_THRESHOLD:
    gc.set_threshold(GC_YOUNGEST_THRESHOLD, *gc.get_threshold()[1:])


class Device:
    """`Device::flex()`; `.autodiff()` gives the device whose tensors take node ids."""

    __slots__ = ("is_autodiff",)

    def __init__(self, is_autodiff: bool = False) -> None:
        self.is_autodiff = is_autodiff

    @staticmethod
    def flex() -> Device:
        return Device(False)

    @staticmethod
    def default() -> Device:
        """Burn's default device in these snippets: flex, with autodiff."""
        return Device(True)

    def autodiff(self) -> Device:
        return Device(True)

    def inner(self) -> Device:
        return Device(False)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Device) and other.is_autodiff == self.is_autodiff

    def __hash__(self) -> int:
        return hash(self.is_autodiff)

    def __repr__(self) -> str:
        return "Device::flex().autodiff()" if self.is_autodiff else "Device::flex()"


def _checked(device: Any, op: str) -> Device:
    """`device`, if it is a Device; else a TypeError saying what was given instead."""
    if not isinstance(device, Device):
        raise TypeError(
            f"Tensor.{op}: expected a Device (`Device.flex().autodiff()`), got "
            f"{type(device).__name__} `{device!r:.40}`"
        )
    return device


def _leaf(array: np.ndarray, device: Device, op: str) -> Tensor:
    node = new_node((), Requirement.NONE, op) if device.is_autodiff else None
    return Tensor(array, node)


def _apply(op: ops.Op, inputs: Sequence[Tensor], *arrays: np.ndarray) -> Tensor:
    """Run `op` on `inputs`; on the autodiff device, give the result an id and maybe a step."""
    if len(inputs) == 1:
        return _apply_one(op, inputs[0])  # cat of one tensor
    nodes = tuple(t.node for t in inputs)
    if None in nodes:
        if any(n is not None for n in nodes):
            raise TypeError(f"{op.name}: cannot mix tensors with and without autodiff")
        op.needs = (False,) * len(inputs)
        return Tensor(op.forward(*arrays), None)
    needs = tuple(n.requirement != NONE for n in nodes)
    op.needs = needs
    out = op.forward(*arrays)
    order = 1 + max(n.order for n in nodes)
    if True in needs:
        parents = tuple(n for n, need in zip(nodes, needs, strict=True) if need)
        saved = op.count_saved_bytes()
        node = new_node(parents, GRAD_IN_BACKWARD, op.name, order, nodes, saved)
        op.node = node
        op.inputs = tuple(n if need else None for n, need in zip(nodes, needs, strict=True))
        op.saved_bytes = saved
        SERVER.register(op)
    else:
        node = new_node((), NONE, op.name, order, nodes)
    return Tensor(out, node)


def _apply_one(op: ops.Op, tensor: Tensor) -> Tensor:
    """`_apply` for one input: the hot path of long chains of small tensors."""
    source = tensor.node
    if source is None:
        op.needs = (False,)
        return Tensor(op.forward(tensor.array), None)
    inputs = (source,)
    if source.requirement != NONE:
        op.needs = (True,)
        out = op.forward(tensor.array)
        saved = op.count_saved_bytes()
        node = new_node(inputs, GRAD_IN_BACKWARD, op.name, source.order + 1, inputs, saved)
        op.node = node
        op.inputs = inputs
        op.saved_bytes = saved
        SERVER.register(op)
    else:
        op.needs = (False,)
        out = op.forward(tensor.array)
        node = new_node((), NONE, op.name, source.order + 1, inputs)
    return Tensor(out, node)


def _check_same_shape(name: str, a: Tensor, b: Tensor) -> None:
    if a.array.shape != b.array.shape:
        raise ValueError(
            f"{name}: shapes {list(a.array.shape)} and {list(b.array.shape)} differ "
            "(pbpit supports same-shape operands only)"
        )


def _as_float32(data: Any) -> np.ndarray:
    array = np.array(data, dtype=np.float32)
    if array.ndim == 0:
        raise ValueError("from_floats: expected a list or array of floats, got a single number")
    return np.ascontiguousarray(array)


class Tensor:
    """A float32 tensor. On the autodiff device it carries a graph node (`node_id`)."""

    __slots__ = ("array", "node")

    def __init__(self, array: np.ndarray, node: Node | None) -> None:
        self.array = array
        self.node = node

    # -- creation -------------------------------------------------------------------------------

    @staticmethod
    def from_floats(data: Any, device: Device) -> Tensor:
        """A tensor of `data` (nested lists or a NumPy array), rounded to float32."""
        array = _as_float32(data)
        return _leaf(array, _checked(device, "from_floats"), "from_floats")

    @staticmethod
    def ones(shape: Sequence[int], device: Device) -> Tensor:
        device = _checked(device, "ones")
        return _leaf(np.ones(tuple(shape), dtype=np.float32), device, "ones")

    @staticmethod
    def zeros(shape: Sequence[int], device: Device) -> Tensor:
        device = _checked(device, "zeros")
        return _leaf(np.zeros(tuple(shape), dtype=np.float32), device, "zeros")

    @staticmethod
    def cat(tensors: Sequence[Tensor], dim: int) -> Tensor:
        """Concatenate along `dim`; the other dimensions must agree."""
        if not tensors:
            raise ValueError("cat: needs at least one tensor")
        first = tensors[0].array.shape
        axis = _dim(dim, len(first))
        for t in tensors[1:]:
            shape = t.array.shape
            if len(shape) != len(first) or any(
                a != b for i, (a, b) in enumerate(zip(shape, first, strict=True)) if i != axis
            ):
                raise ValueError(f"cat: shapes {list(first)} and {list(shape)} do not fit on {dim}")
        return _apply(ops.Cat(axis), tensors, *(t.array for t in tensors))

    # -- graph ----------------------------------------------------------------------------------

    @property
    def node_id(self) -> int | None:
        return None if self.node is None else self.node.id

    @property
    def device(self) -> Device:
        return Device(self.node is not None)

    def is_tracked(self) -> bool:
        """True for leaves that require grad and tracked intermediates, even after backward."""
        return self.node is not None and self.node.requirement != Requirement.NONE

    def is_require_grad(self) -> bool:
        return self.node is not None and self.node.requirement == Requirement.GRAD

    def require_grad(self) -> Tensor:
        """Make this tensor a leaf that requires grad (same id). Panics on an intermediate."""
        node = self.node
        if node is None or node.requirement == Requirement.GRAD:
            return self
        if node.requirement == Requirement.GRAD_IN_BACKWARD:
            raise Panic(NON_LEAF_REQUIRE_GRAD, node.id, TENSOR_LOCATION)
        leaf = Node(node.id, (), Requirement.GRAD)
        SERVER.register(ops.RootStep(leaf))
        if SERVER.observer is not None:
            SERVER.observer.required_grad(leaf)
        return Tensor(self.array, leaf)

    def clone(self) -> Tensor:
        """The same tensor, the same node id."""
        return Tensor(self.array, self.node)

    def detach(self) -> Tensor:
        """A new id, cut from the graph; a leaf that required grad still does."""
        if self.node is None:
            return Tensor(self.array, None)
        detached = Tensor(self.array, new_node((), Requirement.NONE, "detach", 0, (self.node,)))
        if self.node.requirement == Requirement.GRAD:
            return detached.require_grad()
        return detached

    def without_autodiff(self) -> Tensor:
        """The value on the inner device: no node id, never tracked."""
        return Tensor(self.array, None)

    def inner(self) -> Tensor:
        """Burn's name for `without_autodiff`: the tensor of the inner backend."""
        return Tensor(self.array, None)

    def backward(self) -> Gradients:
        if self.node is None:
            raise TypeError("backward() needs a tensor on an autodiff device")
        return SERVER.backward(self.node, self.array)

    def grad(self, grads: Gradients) -> Tensor | None:
        """This tensor's gradient in `grads` (without autodiff), or None (Rust's `None`)."""
        if self.node is None:
            return None
        value = grads.get(self.node.id)
        return None if value is None else Tensor(value, None)

    # -- values ---------------------------------------------------------------------------------

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self.array.shape)

    def dims(self) -> list[int]:
        """Burn's `dims()`: the size of each dimension."""
        return list(self.array.shape)

    def to_vec(self) -> list[float]:
        """The values, flattened, as Python floats holding the float32 values exactly."""
        return self.array.reshape(-1).tolist()

    def into_scalar(self) -> float:
        if self.array.size != 1:
            raise ValueError(
                f"into_scalar: tensor of shape {list(self.array.shape)} is not 1 value"
            )
        return float(self.array.reshape(-1)[0])

    def __repr__(self) -> str:
        from pbpit.rust.format import f32_debug

        where = "untracked" if self.node is None else f"NodeId({self.node.id})"
        # The values as Rust's `{:?}` writes an f32 (`0.8`, not Python's `0.800000011920929`).
        values = ", ".join(f32_debug(value) for value in self.to_vec())
        return f"Tensor([{values}], shape={list(self.shape)}, {where})"

    # -- ops: those whose op is all they need come from the table (`_from_table`) ---------------

    def powf_scalar(self, exponent: float) -> Tensor:
        """`x^p`, p kept as the f64 Burn's Scalar holds. A whole p (asked of the f64: 2.0000001
        is not) takes Burn's shortcuts, which change the graph: 1 is `x` itself (no new node),
        2 is `x * x`, -1 is `recip(x)`, -2 is `recip(x * x)`, 0 is `ones` (one new untracked
        node: x gets no gradient); any other p is one powf node."""
        p = float(exponent)
        if p.is_integer():
            if p == 1.0:
                return self
            if p == 2.0:
                return self * self
            if p == -1.0:
                return self.recip()
            if p == -2.0:
                return (self * self).recip()
            if p == 0.0:
                return _leaf(
                    np.ones(self.array.shape, np.float32), Device(self.node is not None), "ones"
                )
        return _apply_one(ops.PowfScalar(p), self)

    def sum_dim(self, dim: int) -> Tensor:
        return _apply_one(ops.SumDim(_dim(dim, self.array.ndim)), self)

    def reshape(self, shape: Sequence[int]) -> Tensor:
        new_shape = tuple(int(s) for s in shape)
        if -1 in new_shape:
            new_shape = np.empty(self.array.shape, dtype=np.bool_).reshape(new_shape).shape
        if int(np.prod(new_shape)) != self.array.size:
            raise ValueError(f"reshape: cannot view {list(self.shape)} as {list(new_shape)}")
        return _apply_one(ops.Reshape(new_shape), self)

    def __matmul__(self, other: Tensor) -> Tensor:
        """`a @ b` is `a.matmul(b)`."""
        return self.matmul(other)

    def matmul(self, other: Tensor) -> Tensor:
        a, b = self.array.shape, other.array.shape
        if len(a) != 2 or len(b) != 2 or a[1] != b[0]:
            raise ValueError(
                f"matmul: cannot multiply {list(a)} by {list(b)} (2-D, inner dims equal)"
            )
        return _apply(ops.Matmul(), (self, other), self.array, other.array)

    def __add__(self, other: Tensor | float) -> Tensor:
        return self.add(other) if isinstance(other, Tensor) else self.add_scalar(_scalar(other))

    def __radd__(self, other: float) -> Tensor:
        return self.add_scalar(_scalar(other))

    def __sub__(self, other: Tensor | float) -> Tensor:
        return self.sub(other) if isinstance(other, Tensor) else self.sub_scalar(_scalar(other))

    def __rsub__(self, other: float) -> Tensor:
        # As a Burn user writes `c - x`: `x.neg().add_scalar(c)` (two ops, two ids).
        return self.neg().add_scalar(_scalar(other))

    def __mul__(self, other: Tensor | float) -> Tensor:
        return self.mul(other) if isinstance(other, Tensor) else self.mul_scalar(_scalar(other))

    def __rmul__(self, other: float) -> Tensor:
        return self.mul_scalar(_scalar(other))

    def __truediv__(self, other: Tensor | float) -> Tensor:
        return self.div(other) if isinstance(other, Tensor) else self.div_scalar(_scalar(other))

    def __rtruediv__(self, other: float) -> Tensor:
        # As a Burn user writes `c / x`: `x.recip().mul_scalar(c)` (two ops, two ids).
        return self.recip().mul_scalar(_scalar(other))

    def __neg__(self) -> Tensor:
        return self.neg()


def _from_table() -> None:
    """Give `Tensor` a method for each row of the table whose op needs nothing but its inputs:
    no argument, a number, or a tensor of the same shape. Rows that need more (Burn's shortcuts,
    shape rules) are written in the class and left as they are."""
    for row in api.METHODS:
        if row.op is None or not row.runs or row.receiver is None or row.name in vars(Tensor):
            continue
        make = _MAKERS.get(row.param_types)
        if make is None:
            raise TypeError(f"Tensor.{row.name}: no rule makes `{row.rust}`; write it in Tensor")
        method = make(getattr(ops, row.op))
        method.__name__ = method.__qualname__ = row.name
        method.__doc__ = f"Burn's `{row.name}{row.rust}`, computed by `ops.{row.op}`."
        setattr(Tensor, row.name, method)


def _on_itself(op: type[ops.Op]):
    def method(self: Tensor) -> Tensor:
        return _apply_one(op(), self)

    return method


def _with_number(op: type[ops.Op]):
    def method(self: Tensor, value: float) -> Tensor:
        return _apply_one(op(value), self)

    return method


def _with_tensor(op: type[ops.Op]):
    def method(self: Tensor, other: Tensor) -> Tensor:
        _check_same_shape(op.name, self, other)
        return _apply(op(), (self, other), self.array, other.array)

    return method


_MAKERS = {(): _on_itself, ("E",): _with_number, ("Self",): _with_tensor}
_from_table()


def _scalar(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float | np.floating | np.integer):
        raise TypeError(f"expected a tensor or a number, got {type(value).__name__}")
    return float(value)


def _dim(dim: int, ndim: int) -> int:
    if not -ndim <= dim < ndim:
        raise ValueError(f"dimension {dim} is out of range for a {ndim}-D tensor")
    return dim % ndim
