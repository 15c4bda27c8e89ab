"""The user-facing `Tensor` and `Device`, with `TensorData`, `Distribution` and `random`, named
as in Burn's API: each method checks its arguments as Burn would, then runs one op of
`pbpit.engine.ops` (or Burn's composition of several) through `_apply`."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from pbpit.engine import api, ops
from pbpit.engine import checks as burn_checks
from pbpit.engine.arguments import (  # noqa: F401 - the other modules' checks are taken from here
    _along,
    _axis,
    _clamp,
    _index,
    _integer,
    _operand,
    _scalar,
    _slice_parts,
    _slice_size,
)
from pbpit.engine.graph import Node, Requirement
from pbpit.engine.server import (
    NON_LEAF_REQUIRE_GRAD,
    SERVER,
    TENSOR_LOCATION,
    Gradients,
    Panic,
    new_node,
    record_op,
    record_unary,
)

NONE = Requirement.NONE
GRAD_IN_BACKWARD = Requirement.GRAD_IN_BACKWARD

# The tape is a DAG of small objects that never form reference cycles, yet Python's cycle
# collector walks them all again each time its youngest generation fills (every 700 new
# objects): on a 100,000-op chain about a quarter of the forward's time.
GC_YOUNGEST_THRESHOLD = 10_000


@contextlib.contextmanager
def fewer_collections() -> Iterator[None]:
    """Run the block with the cycle collector's youngest threshold at `GC_YOUNGEST_THRESHOLD`
    (if it was lower), and give the process its own settings back afterwards: pbpit's runs use
    it; a program using the engine keeps whatever it set."""
    previous = gc.get_threshold()
    if previous[0] < GC_YOUNGEST_THRESHOLD:
        gc.set_threshold(GC_YOUNGEST_THRESHOLD, *previous[1:])
    try:
        yield
    finally:
        gc.set_threshold(*previous)


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
        """Burn 0.22's `Device::default()`: Flex's plain device (untracked tensors, no node
        ids); `.autodiff()` gives the tracked one."""
        return Device(False)

    def autodiff(self) -> Device:
        return Device(True)

    def inner(self) -> Device:
        return Device(False)

    def seed(self, value: int) -> None:
        """Burn 0.22's `device.seed(n)`: `B::seed(&device, n)` (`seed` below)."""
        seed(value)

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


def _shape(shape: Any, op: str) -> tuple[int, ...]:
    """A shape argument (a list or tuple of sizes), checked before NumPy sees it."""
    if not isinstance(shape, list | tuple) or not all(_index(s) and s >= 0 for s in shape):
        raise ValueError(
            f"{op}: expected a shape (a list of sizes, none negative), got {shape!r:.60}"
        )
    return tuple(int(s) for s in shape)


def _tensor(value: Any, op: str) -> Tensor:
    if not isinstance(value, Tensor):
        raise TypeError(f"{op}: expected a Tensor, got {type(value).__name__}")
    return value


def _leaf(array: np.ndarray, device: Device, op: str) -> Tensor:
    node = new_node((), Requirement.NONE, op) if device.is_autodiff else None
    return Tensor(array, node)


def _apply(op: ops.Op, inputs: Sequence[Tensor], *arrays: np.ndarray) -> Tensor:
    """Run `op` on `inputs`; on the autodiff device, give the result an id and maybe a step."""
    if len(inputs) == 1:
        return _apply_one(op, inputs[0])  # cat of one tensor
    if len(inputs) == 2:
        first, second = inputs[0].node, inputs[1].node
        if first is not None and second is not None:
            return _apply_two(op, first, second, arrays)
    nodes = tuple(t.node for t in inputs)
    if None in nodes:
        _floats_only(op, inputs)
        if all(n is None for n in nodes):
            op.needs = (False,) * len(inputs)
            return Tensor(op.forward(*arrays), None)
        nodes = _constants_lifted(nodes)
    needs = tuple(n.requirement != NONE for n in nodes)
    op.needs = needs
    out = op.forward(*arrays)
    order = 1 + max(n.order for n in nodes)
    if True in needs:
        parents = tuple(n for n, need in zip(nodes, needs, strict=True) if need)
        inputs = tuple(n if need else None for n, need in zip(nodes, needs, strict=True))
        record_op(op, parents, inputs, order, nodes)
        return Tensor(out, op)
    return Tensor(out, new_node((), NONE, op.name, order, nodes))


def _apply_one(op: ops.Op, tensor: Tensor) -> Tensor:
    """`_apply` for one input: the hot path of long chains of small tensors."""
    source = tensor.node
    if source is None:
        if getattr(op, "layout", False) and tensor.array.dtype.kind != "f":  # Int, Bool: no node
            op.needs = (False,)
            return tensor._same(op.forward(tensor.array))  # type: ignore[attr-defined]
        _floats_only(op, (tensor,))
        op.needs = (False,)
        return Tensor(op.forward(tensor.array), None)
    if source.requirement is not NONE:
        op.needs = (True,)
        out = op.forward(tensor.array)
        record_unary(op, source)
        return Tensor(out, op)  # the op is the result's node
    op.needs = (False,)
    out = op.forward(tensor.array)
    return Tensor(out, new_node((), NONE, op.name, source.order + 1, (source,)))


def _apply_two(op: ops.Op, a: Node, b: Node, arrays: tuple[np.ndarray, ...]) -> Tensor:
    """`_apply` for two inputs on the autodiff device, without its general loops: the hot
    path of every binary op."""
    need_a = a.requirement != NONE
    need_b = b.requirement != NONE
    op.needs = (need_a, need_b)
    out = op.forward(*arrays)
    nodes = (a, b)
    order = 1 + (a.order if a.order >= b.order else b.order)
    if need_a or need_b:
        if need_a and need_b:
            record_op(op, nodes, nodes, order, nodes)
        elif need_a:
            record_op(op, (a,), (a, None), order, nodes)
        else:
            record_op(op, (b,), (None, b), order, nodes)
        return Tensor(out, op)  # the op is the result's node
    return Tensor(out, new_node((), NONE, op.name, order, nodes))


def _floats_only(op: ops.Op, inputs: Sequence[Tensor]) -> None:
    """Float ops refuse Int and Bool tensors (which have no node, so only this path meets them)."""
    for t in inputs:
        if t.array.dtype.kind != "f":
            raise TypeError(f"{op.name}: expected a Float tensor, got a {t.kind} one")


def _constants_lifted(nodes: tuple[Node | None, ...]) -> tuple[Node, ...]:
    """A tensor without autodiff meeting tracked ones is a constant: it enters the graph as
    Burn's `Tensor::from_inner` would bring it in (a new untracked node, in input order)."""
    return tuple(new_node((), NONE, "from_inner") if n is None else n for n in nodes)


def slice_parts(shape: tuple[int, ...], ranges: Any, op: str) -> list[tuple[int, Any, int]]:
    """Each dim's (start, end or None, step) as given to `slice`/`slice_assign` (dims left out
    are whole)."""
    items = list(ranges) if isinstance(ranges, list | tuple) else [ranges]
    if items and not isinstance(ranges, list) and not isinstance(items[0], Sequence):
        items = [ranges]  # a single `(start, end)` tuple is one dim's range
    if len(items) > len(shape):
        raise ValueError(f"{op}: {len(items)} ranges for {list(shape)}")
    return [
        _slice_parts(items[dim]) if dim < len(items) else (0, None, 1) for dim in range(len(shape))
    ]


def clamped_slices(
    shape: tuple[int, ...], parts: list[tuple[int, Any, int]], op: str
) -> list[tuple[int, int, int]]:
    """`parts` read against the shape: negative indices from the end, within each dim."""
    resolved = []
    for dim, size in enumerate(shape):
        start, end, step = parts[dim]
        if step == 0:
            raise ValueError(f"{op}: a step of 0 at dim {dim} of {list(shape)}")
        resolved.append((_clamp(start, size), size if end is None else _clamp(end, size), step))
    return resolved


def _check_broadcast(name: str, a: Tensor, b: Tensor) -> None:
    """Burn's rule for elementwise ops: the same rank, and each dim equal or 1 on one side."""
    x, y = a.array.shape, b.array.shape
    if len(x) != len(y) or any(p != q and p != 1 and q != 1 for p, q in zip(x, y, strict=True)):
        raise ValueError(
            f"{name}: shapes {list(x)} and {list(y)} do not broadcast "
            "(the same rank, and each dim equal or 1 on one side)"
        )


def _as_float32(data: Any, op: str = "from_floats") -> np.ndarray:
    if isinstance(data, str | bytes):  # NumPy would read "1.5" as a number
        raise TypeError(f"{op}: expected a list or array of floats, got {type(data).__name__}")
    try:
        array = np.array(data, dtype=np.float32)
    except (TypeError, ValueError):
        # nested lists of different lengths, or something that is not a number
        raise ValueError(
            f"{op}: expected a list or array of floats, rows of one length, got {data!r:.60}"
        ) from None
    if array.ndim == 0:
        raise ValueError(f"{op}: expected a list or array of floats, got a single number")
    return np.ascontiguousarray(array)


class Tensor:
    """A float32 tensor. On the autodiff device it carries a graph node (`node_id`)."""

    __slots__ = ("array", "node")
    # NumPy must not take `ndarray * tensor` element by element (an array of tensors): it hands
    # the operator to `Tensor`, which refuses it.
    __array_ufunc__ = None

    def __init__(self, array: np.ndarray, node: Node | None) -> None:
        self.array = array
        self.node = node
        if node is not None:
            node.handles += 1

    def __copy__(self) -> Tensor:
        """`copy.copy(t)` is `t.clone()`: the same node, held once more."""
        return Tensor(self.array, self.node)

    def __deepcopy__(self, memo: dict) -> Tensor:
        """Its own values, the same node (as Burn's `clone`, never a copy of the graph)."""
        return Tensor(self.array.copy(), self.node)

    def __del__(self) -> None:
        # The tape learns a node is no longer held here (see `Node.handles`).
        node = self.node
        if node is not None:
            node.handles -= 1

    # -- creation -------------------------------------------------------------------------------

    @staticmethod
    def from_floats(data: Any, device: Device) -> Tensor:
        """A tensor of `data` (nested lists or a NumPy array), rounded to float32."""
        array = _as_float32(data)
        return _leaf(array, _checked(device, "from_floats"), "from_floats")

    @staticmethod
    def ones(shape: Sequence[int], device: Device) -> Tensor:
        device = _checked(device, "ones")
        return _leaf(np.ones(_shape(shape, "ones"), dtype=np.float32), device, "ones")

    @staticmethod
    def zeros(shape: Sequence[int], device: Device) -> Tensor:
        device = _checked(device, "zeros")
        return _leaf(np.zeros(_shape(shape, "zeros"), dtype=np.float32), device, "zeros")

    @staticmethod
    def full(shape: Sequence[int], fill_value: float, device: Device) -> Tensor:
        """Every element `fill_value`, converted to float32 as Burn's `elem()` converts it
        (rounded to nearest)."""
        device = _checked(device, "full")
        value = np.float32(_scalar(fill_value, "full"))
        return _leaf(np.full(_shape(shape, "full"), value, dtype=np.float32), device, "full")

    @staticmethod
    def cat(tensors: Sequence[Tensor], dim: int) -> Tensor:
        """Concatenate along `dim`; the other dimensions must agree."""
        if not tensors:
            raise ValueError("cat: needs at least one tensor")
        tensors = [_tensor(t, "cat") for t in tensors]
        first = tensors[0].array.shape
        axis = _axis("cat", dim, first)
        if all(len(t.array.shape) == len(first) for t in tensors):
            burn_checks.cat([t.array.shape for t in tensors], axis)
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
        leaf = ops.RootStep(node.id)  # the leaf's node and its step
        SERVER.register(leaf)
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
            # Burn's `require_grad()` is a no-op without autodiff; say why nothing was tracked.
            raise TypeError(
                "backward(): this tensor was never on an autodiff device, so nothing was "
                "tracked (`require_grad()` does nothing there); create it with "
                "`Device.flex().autodiff()` (or `Tensor.from_inner(t)`) before the forward pass"
            )
        return SERVER.backward(self.node, self.array)

    def grad(self, grads: Gradients) -> Tensor | None:
        """This tensor's gradient in `grads` (without autodiff), or None (Rust's `None`)."""
        if not isinstance(grads, Gradients):
            raise TypeError(
                f"grad: expected the Gradients of a backward, got {type(grads).__name__}"
            )
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
        burn_checks.into_scalar(self.array.size)
        return float(self.array.reshape(-1)[0])

    def __repr__(self) -> str:
        from pbpit.rust.format import f32_debug

        where = "untracked" if self.node is None else f"NodeId({self.node.id})"
        # The values as Rust's `{:?}` writes an f32 (`0.8`, not Python's `0.800000011920929`),
        # an Int tensor's as integers.
        show = str if self.kind == "Int" else f32_debug
        values = ", ".join(show(value) for value in self.to_vec())
        return f"Tensor([{values}], shape={list(self.shape)}, {where})"

    # -- ops: those whose op is all they need come from the table (`_from_table`) ---------------

    def powf_scalar(self, exponent: float) -> Tensor:
        """`x^p`, p kept as the f64 Burn's Scalar holds. A whole p (asked of the f64: 2.0000001
        is not) takes Burn's shortcuts, which change the graph: 1 is `x` itself (no new node),
        2 is `x * x`, -1 is `recip(x)`, -2 is `recip(x * x)`, 0 is `ones` (one new untracked
        node: x gets no gradient); any other p is one powf node."""
        p = _scalar(exponent, "powf_scalar")
        if p.is_integer():
            return self.powi_scalar(int(p))
        return _apply_one(ops.PowfScalar(p), self)

    def sum_dim(self, dim: int) -> Tensor:
        return _apply_one(ops.SumDim(_axis("sum_dim", dim, self.array.shape)), self)

    def reshape(self, shape: Sequence[int]) -> Tensor:
        """The same values in `shape`; one -1 stands for what the other sizes leave."""
        if not isinstance(shape, list | tuple) or not all(_index(s) and s >= -1 for s in shape):
            raise ValueError(
                f"reshape: expected a shape (sizes, at most one -1), got {shape!r:.60}"
            )
        new_shape = tuple(int(s) for s in shape)
        if new_shape.count(-1) > 1:
            raise ValueError(f"reshape: {list(new_shape)} has more than one -1")
        burn_checks.reshape(self.array.shape, new_shape)
        if -1 in new_shape:
            known = int(np.prod([s for s in new_shape if s != -1]))
            if known == 0 or self.array.size % known:
                raise ValueError(f"reshape: cannot view {list(self.shape)} as {list(new_shape)}")
            new_shape = tuple(self.array.size // known if s == -1 else s for s in new_shape)
        if int(np.prod(new_shape)) != self.array.size:
            raise ValueError(f"reshape: cannot view {list(self.shape)} as {list(new_shape)}")
        return _apply_one(ops.Reshape(new_shape), self)

    def __matmul__(self, other: Tensor) -> Tensor:
        """`a @ b` is `a.matmul(b)`."""
        return self.matmul(other)

    def matmul(self, other: Tensor) -> Tensor:
        a, b = self.array.shape, _tensor(other, "matmul").array.shape
        if len(a) == len(b):
            burn_checks.matmul(a, b)
        if len(a) == len(b) >= 3:
            return _batched_matmul(self, other)
        if len(a) != 2 or len(b) != 2 or a[1] != b[0]:
            raise ValueError(
                f"matmul: cannot multiply {list(a)} by {list(b)} (the same rank, 2-D or batched, "
                "inner dims equal)"
            )
        return _apply(ops.Matmul(), (self, other), self.array, other.array)

    def __add__(self, other: Tensor | float) -> Tensor:
        return (
            self.add(other)
            if isinstance(other, Tensor)
            else self.add_scalar(_operand(other, "add"))
        )

    def __radd__(self, other: float) -> Tensor:
        return self.add_scalar(_operand(other, "add"))

    def __sub__(self, other: Tensor | float) -> Tensor:
        return (
            self.sub(other)
            if isinstance(other, Tensor)
            else self.sub_scalar(_operand(other, "sub"))
        )

    def __rsub__(self, other: float) -> Tensor:
        # As a Burn user writes `c - x`: `x.neg().add_scalar(c)` (two ops, two ids).
        return self.neg().add_scalar(_operand(other, "sub"))

    def __mul__(self, other: Tensor | float) -> Tensor:
        return (
            self.mul(other)
            if isinstance(other, Tensor)
            else self.mul_scalar(_operand(other, "mul"))
        )

    def __rmul__(self, other: float) -> Tensor:
        return self.mul_scalar(_operand(other, "mul"))

    def __truediv__(self, other: Tensor | float) -> Tensor:
        return (
            self.div(other)
            if isinstance(other, Tensor)
            else self.div_scalar(_operand(other, "div"))
        )

    def __rtruediv__(self, other: float) -> Tensor:
        # As a Burn user writes `c / x`: `x.recip().mul_scalar(c)` (two ops, two ids).
        return self.recip().mul_scalar(_operand(other, "div"))

    def __neg__(self) -> Tensor:
        return self.neg()

    # -- shapes and reductions ------------------------------------------------------------------

    @property
    def kind(self) -> str:
        """Burn's tensor kind: "Float", or "Int" for indices (`argmax`), which have no node."""
        return "Int" if self.array.dtype.kind in "iu" else "Float"

    def unsqueeze(self, rank: int | None = None) -> Tensor:
        """Burn's `unsqueeze::<rank>()`: size-1 dims in front, up to `rank` dims (D + 1 unless
        given); a reshape, one node."""
        shape = self.array.shape
        rank = len(shape) + 1 if rank is None else rank
        if rank < len(shape):
            raise ValueError(f"unsqueeze: cannot make {list(shape)} a {rank}-D tensor")
        return self.reshape((1,) * (rank - len(shape)) + shape)

    def unsqueeze_dim(self, dim: int, rank: int | None = None) -> Tensor:
        """A size-1 dim inserted at `dim` (negative counts from the end of the D + 1 positions);
        `rank`, Burn's `D2`, must be D + 1 when given."""
        shape = self.array.shape
        if rank is not None and rank != len(shape) + 1:
            raise ValueError(f"unsqueeze_dim: a {rank}-D result from {list(shape)} (needs D + 1)")
        at = _axis("unsqueeze_dim", dim, shape, len(shape) + 1)
        return self.reshape(shape[:at] + (1,) + shape[at:])

    def transpose(self) -> Tensor:
        """The last two dims swapped (Burn's `swap_dims(D - 2, D - 1)`: one node)."""
        shape = self.array.shape
        if len(shape) < 2:
            raise ValueError(f"transpose: needs 2 dims or more, got {list(shape)}")
        return _apply_one(ops.SwapDims(len(shape) - 2, len(shape) - 1), self)

    def t(self) -> Tensor:
        """Burn's alias of `transpose`."""
        return self.transpose()

    def swap_dims(self, dim1: int, dim2: int) -> Tensor:
        """Two dims swapped; the same dim twice is the tensor itself (no new node), as in Burn."""
        shape = self.array.shape
        first, second = _axis("swap_dims", dim1, shape), _axis("swap_dims.dim2", dim2, shape)
        if first == second:
            return self
        return _apply_one(ops.SwapDims(first, second), self)

    def permute(self, axes: Sequence[int]) -> Tensor:
        """The dims in the order `axes` (negatives count from the end); the identity order is
        the tensor itself, as in Burn."""
        shape = self.array.shape
        if not isinstance(axes, list | tuple):
            raise ValueError(f"permute: expected a list of dims, got {axes!r:.40}")
        if len(axes) != len(shape):
            raise ValueError(f"permute: {len(axes)} axes for {list(shape)}")
        fixed = tuple(_axis("permute", a, shape) for a in axes)
        if len(set(fixed)) != len(fixed):
            raise ValueError(f"permute: axes {list(axes)} repeat a dim of {list(shape)}")
        if fixed == tuple(range(len(shape))):
            return self
        return _apply_one(ops.Permute(fixed), self)

    def slice(self, ranges: Any) -> Tensor:
        """Burn's `slice`: per dim a `(start, end)` or `(start, end, step)` tuple (end None for
        the rest), a `range`, a Python `slice`, or an int (that one index); dims left out are
        whole. Negative indices count from the end; an end past the size is Burn's panic."""
        shape = self.array.shape
        parts = slice_parts(shape, ranges, "slice")
        burn_checks.slice_ends(shape, [end for _, end, _ in parts])
        resolved = clamped_slices(shape, parts, "slice")
        out = tuple(_slice_size(r) for r in resolved)
        if 0 in out:
            # Burn returns `Tensor::empty`: a new leaf, untracked.
            return _leaf(np.empty(out, dtype=np.float32), self.device, "empty")
        return _apply_one(ops.Slice(tuple(resolved)), self)

    def mean_dim(self, dim: int) -> Tensor:
        return _apply_one(ops.MeanDim(_axis("mean_dim", dim, self.array.shape)), self)

    def max_dim(self, dim: int) -> Tensor:
        return _apply_one(ops.MaxMinDim(_along("max_dim", dim, self.array.shape), True), self)

    def min_dim(self, dim: int) -> Tensor:
        return _apply_one(ops.MaxMinDim(_along("min_dim", dim, self.array.shape), False), self)

    def max(self) -> Tensor:
        """The largest value (a NaN if any), as Burn computes it: a reshape to 1-D, then
        `max_dim(0)`: two nodes."""
        return self.reshape([self.array.size]).max_dim(0)

    def min(self) -> Tensor:
        """The smallest value: a reshape to 1-D, then `min_dim(0)` (two nodes)."""
        return self.reshape([self.array.size]).min_dim(0)

    def prod(self) -> Tensor:
        return _apply_one(ops.Prod(), self)

    def prod_dim(self, dim: int) -> Tensor:
        return _apply_one(ops.ProdDim(_axis("prod_dim", dim, self.array.shape)), self)


# -- math: clamps, powers, the graph's ins and outs, data and random (engine/tensor_math.py) ----

# In this order (int_tensor takes TensorData from here).
# isort: off
from pbpit.engine.tensor_math import (  # noqa: E402, F401 - they add their methods to Tensor
    Distribution,
    TensorData,
    clamp,
    clamp_max,
    clamp_min,
    from_data,
    from_inner,
    grad_remove,
    grad_replace,
    powf,
    powi_scalar,
    random,
    seed,
    set_require_grad,
    square,
)

# -- Int and Bool tensors: `argmax`, `gather`, `select`, `int`, `equal`... (engine/int_tensor.py)

from pbpit.engine import int_tensor  # noqa: E402, F401 - it adds those methods to Tensor

# -- reshapes, slices, masks: squeeze, flatten, narrow, chunk, stack... (engine/tensor_shapes.py)

from pbpit.engine.tensor_shapes import (  # noqa: E402, F401 - they add their methods to Tensor
    chunk,
    expand,
    flip,
    flatten,
    mask_fill,
    mask_where,
    narrow,
    repeat_dim,
    slice_assign,
    squeeze,
    squeeze_dim,
    stack,
)

# -- min_pair, max_pair, ones_like, zeros_like (engine/tensor_pairs.py)

from pbpit.engine import (  # noqa: E402, F401 - they add their methods
    tensor_layout,
    tensor_more,
    tensor_pairs,
)
# isort: on


# -- the methods the table makes (after those written by hand, which it leaves alone) -----------


def _from_table() -> None:
    """Give `Tensor` a method for each row of the table whose op needs nothing but its inputs:
    no argument, a number, or a tensor (broadcast as Burn broadcasts). Rows that need more
    (Burn's shortcuts, shape rules) are written by hand above and left as they are."""
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
        source = self.node
        if source is not None and source.requirement is not NONE:
            made = op()  # `_apply_one`'s tracked case, written out: the chains' hot path
            made.needs = (True,)
            out = made.forward(self.array)
            record_unary(made, source)
            return Tensor(out, made)
        return _apply_one(op(), self)

    return method


def _with_number(op: type[ops.Op]):
    name = op.name

    def method(self: Tensor, value: float) -> Tensor:
        if type(value) is not float:  # `_scalar`'s common case, answered without a call
            value = _scalar(value, name)
        source = self.node
        if source is not None and source.requirement is not NONE:
            made = op(value)  # `_apply_one`'s tracked case, written out: the chains' hot path
            made.needs = (True,)
            out = made.forward(self.array)
            record_unary(made, source)
            return Tensor(out, made)
        return _apply_one(op(value), self)

    return method


def _with_tensor(op: type[ops.Op]):
    broadcasting = ops.BROADCASTING.get(op, op)
    name = op.name

    def method(self: Tensor, other: Tensor) -> Tensor:
        if self.array.shape == _tensor(other, name).array.shape:
            first, second = self.node, other.node
            if first is not None and second is not None:
                return _apply_two(op(), first, second, (self.array, other.array))
            return _apply(op(), (self, other), self.array, other.array)
        if name in burn_checks.ELEMENTWISE and self.array.ndim == other.array.ndim:
            burn_checks.elementwise(name, self.array.shape, other.array.shape)
        _check_broadcast(name, self, other)
        return _apply(broadcasting(), (self, other), self.array, other.array)

    return method


_MAKERS = {(): _on_itself, ("E",): _with_number, ("Self",): _with_tensor}
_from_table()


# -- the helper of batched matmul ------------------------------------------------------------------


def _batched_matmul(a: Tensor, b: Tensor) -> Tensor:
    """Burn's `matmul` for rank 3 or more: batch dims broadcast; `[.., b, 1, k] @ [.., 1, k, n]`
    is run as Burn rewrites it, swap_dims, matmul, swap_dims (three nodes)."""
    x, y = a.array.shape, b.array.shape
    batch_ok = all(p == q or p == 1 or q == 1 for p, q in zip(x[:-2], y[:-2], strict=True))
    if x[-1] != y[-2] or not batch_ok:
        raise ValueError(
            f"matmul: cannot multiply {list(x)} by {list(y)} (inner dims equal, batch dims "
            "equal or 1)"
        )
    rank = len(x)
    if x[rank - 2] == 1 and y[rank - 3] == 1:
        swapped = a.swap_dims(rank - 3, rank - 2)
        return _apply(ops.BatchedMatmul(), (swapped, b), swapped.array, b.array).swap_dims(
            rank - 3, rank - 2
        )
    return _apply(ops.BatchedMatmul(), (a, b), a.array, b.array)
