"""Differentiable ops: each one a small class with its forward, its backward and what it saves.

`forward(*arrays)` computes the result and saves on `self` only what the backward of the tracked
inputs needs (`self.needs[i]` says whether input `i` is tracked); `backward(grad)` returns one
gradient per input, None for the untracked ones. Every formula is the sequence of float32 tensor
ops Burn's backward runs, each rounded to float32 (or Flex's fused kernel, where Burn calls one:
sigmoid's backward, gelu), so gradients agree to the bit. A binary op whose operands' shapes
differ is its broadcasting variant (`BROADCASTING`), which sums each gradient back to its
operand's shape. `pbpit.nn.ops` holds the module ops (`linear`, `embedding`, `gather`).
"""

from __future__ import annotations

import numpy as np

from pbpit.engine import f32 as f
from pbpit.engine.graph import Node, Requirement

Array = np.ndarray


def f32(value: float) -> np.float32:
    return np.float32(value)


class Op(Node):
    """Base of every op. An op applied on the autodiff device is also its result's node (its
    id, order, requirement and handle count, see `Node`), and, when an input is tracked, its
    *step* on the tape (as in Burn, where the boxed op struct is the step): its `inputs` (None
    where untracked), what it `saved` and how many bytes that is.

    One object for the node and the step, and a one-input op's input held as `source` without a
    tuple: a long chain leaves one object an op for Python's cycle collector to walk, not three
    (`pbpit.engine.server.record_unary` and `record_op` fill these in)."""

    name = "op"
    __slots__ = ("needs", "saved", "saved_bytes", "source", "many_parents", "many_inputs")
    # An op is a node only as a tracked result (an untracked one gets a `Node` of its own): a
    # tracked intermediate, never anything else. It shadows `Node`'s slot: nothing writes it.
    requirement = Requirement.GRAD_IN_BACKWARD

    def __init__(self) -> None:
        self.needs: tuple[bool, ...] = ()
        """Whether each input is tracked; set before `forward`."""
        self.saved: tuple[Array, ...] = ()
        """What `backward` needs, saved by `forward` (only for tracked inputs)."""

    @property
    def parents(self) -> tuple[Node, ...]:  # type: ignore[override]
        """The tracked inputs' nodes, as `Node.parents`."""
        source = self.source
        return (source,) if source is not None else self.many_parents

    @property
    def inputs(self) -> tuple[Node | None, ...]:
        """Every input's node, None where it is untracked (its gradient is not asked for)."""
        source = self.source
        return (source,) if source is not None else self.many_inputs

    @property
    def node(self) -> Node:
        """The node this op made (itself)."""
        return self

    def count_saved_bytes(self) -> int:
        total = 0
        for array in self.saved:
            total += array.nbytes
        return total

    def forward(self, *arrays: Array) -> Array:
        raise NotImplementedError

    def backward(self, grad: Array) -> tuple[Array | None, ...]:
        raise NotImplementedError


class RootStep(Op):
    """A leaf that requires grad, made by `require_grad()` with the tensor's id; it is also the
    leaf's step: nothing to run, only to be consumed."""

    name = "root"
    __slots__ = ()
    requirement = Requirement.GRAD

    def __init__(self, node_id: int) -> None:
        self.needs = ()
        self.saved = ()
        self.id = node_id
        self.source = None
        self.many_parents = self.many_inputs = ()
        self.order = 0
        self.handles = 0
        self.saved_bytes = 0

    def backward(self, grad: Array) -> tuple[Array | None, ...]:
        return ()


# -- unary --------------------------------------------------------------------------------------


class Exp(Op):
    name = "exp"
    __slots__ = ()

    def forward(self, x):
        out = f.exp(x)
        if self.needs[0]:
            self.saved = (out,)
        return out

    def backward(self, grad):
        (out,) = self.saved
        return (f.mul(grad, out),)


class Log(Op):
    name = "log"
    __slots__ = ()

    def forward(self, x):
        if self.needs[0]:
            self.saved = (x,)
        return f.log(x)

    def backward(self, grad):
        (x,) = self.saved
        return (f.mul(grad, f.recip(x)),)


class Log1p(Op):
    """burn-autodiff `float_log1p`: the gradient is `grad * recip(x + 1)`."""

    name = "log1p"
    __slots__ = ()

    def forward(self, x):
        if self.needs[0]:
            self.saved = (x,)
        return f.log1p(x)

    def backward(self, grad):
        (x,) = self.saved
        return (f.mul(grad, f.recip(f.add_scalar(x, f.F1))),)


class Sin(Op):
    """burn-autodiff `float_sin`: the gradient is `grad * cos(x)`."""

    name = "sin"
    __slots__ = ()

    def forward(self, x):
        if self.needs[0]:
            self.saved = (x,)
        return f.sin(x)

    def backward(self, grad):
        (x,) = self.saved
        return (f.mul(grad, f.cos(x)),)


class Cos(Op):
    """burn-autodiff `float_cos`: the gradient is `grad * neg(sin(x))`."""

    name = "cos"
    __slots__ = ()

    def forward(self, x):
        if self.needs[0]:
            self.saved = (x,)
        return f.cos(x)

    def backward(self, grad):
        (x,) = self.saved
        return (f.mul(grad, f.neg(f.sin(x))),)


class LogSigmoid(Op):
    """`activation::log_sigmoid`, Flex's fused kernel (one node); burn-autodiff's backward is
    Flex's `log_sigmoid_backward`: `grad * sigmoid(-x)`, sigmoid in Flex's stable form."""

    name = "log_sigmoid"
    __slots__ = ()

    def forward(self, x):
        if self.needs[0]:
            self.saved = (x,)
        return f.log_sigmoid(x)

    def backward(self, grad):
        (x,) = self.saved
        return (f.mul(grad, f.sigmoid(f.neg(x))),)


class Neg(Op):
    name = "neg"
    __slots__ = ()

    def forward(self, x):
        return f.neg(x)

    def backward(self, grad):
        return (f.neg(grad),)


class Sqrt(Op):
    name = "sqrt"
    __slots__ = ()

    def forward(self, x):
        if self.needs[0]:
            self.saved = (x,)
        return f.sqrt(x)

    def backward(self, grad):
        (x,) = self.saved
        # d/dx sqrt(x) = x^(-1/2) / 2
        value = f.div_scalar(f.powf(x, f32(-0.5)), f32(2.0))
        return (f.mul(grad, value),)


class Tanh(Op):
    name = "tanh"
    __slots__ = ()

    def forward(self, x):
        out = f.tanh(x)
        if self.needs[0]:
            self.saved = (out,)
        return out

    def backward(self, grad):
        (out,) = self.saved
        # d/dx tanh(x) = 1 - tanh(x)^2
        value = f.add_scalar(f.neg(f.mul(out, out)), f.F1)
        return (f.mul(grad, value),)


class Sigmoid(Op):
    name = "sigmoid"
    __slots__ = ()

    def forward(self, x):
        out = f.sigmoid(x)
        if self.needs[0]:
            self.saved = (out,)
        return out

    def backward(self, grad):
        (out,) = self.saved
        # d/dx sigmoid(x) = s * (1 - s); Flex has its own kernel for it.
        return (f.sigmoid_backward(out, grad),)


class Relu(Op):
    name = "relu"
    __slots__ = ()

    def forward(self, x):
        if self.needs[0]:
            self.saved = (x,)
        return f.relu(x)

    def backward(self, grad):
        (x,) = self.saved
        return (f.relu_backward(grad, x),)


class Abs(Op):
    name = "abs"
    __slots__ = ()

    def forward(self, x):
        if self.needs[0]:
            self.saved = (x,)
        return f.abs(x)

    def backward(self, grad):
        (x,) = self.saved
        # d/dx |x| = sign(x). Burn's sign is +0.0 at 0.0 and at -0.0, so the gradient there is
        # grad * +0.0: +0.0 for a positive grad, -0.0 for a negative one, NaN for an infinite one.
        return (f.mul(grad, f.sign(x)),)


class PowfScalar(Op):
    """`x^p` for a p that is not whole. Burn keeps p as an f64 (its Scalar), the backward
    included: p - 1 is taken in f64 before the backend rounds it to f32."""

    name = "powf_scalar"
    __slots__ = ("exponent",)

    def __init__(self, exponent: float) -> None:
        Op.__init__(self)
        self.exponent = float(exponent)

    def forward(self, x):
        if self.needs[0]:
            self.saved = (x,)
        return f.powf(x, self.exponent)

    def backward(self, grad):
        (x,) = self.saved
        # d/dx x^p = p * x^(p-1): powf_scalar(x, p - 1), then mul_scalar(p), both from the f64
        p = self.exponent
        value = f.mul_scalar(f.powf(x, p - 1.0), f32(p))
        return (f.mul(grad, value),)


class Recip(Op):
    name = "recip"
    __slots__ = ()

    def forward(self, x):
        if self.needs[0]:
            self.saved = (x,)
        return f.recip(x)

    def backward(self, grad):
        (x,) = self.saved
        # d/dx 1/x = -1/x^2
        value = f.neg(f.recip(f.mul(x, x)))
        return (f.mul(grad, value),)


# -- with a scalar ------------------------------------------------------------------------------


class ScalarOp(Op):
    __slots__ = ("scalar",)

    def __init__(self, scalar: float) -> None:
        # `Op.__init__`, written out (every scalar op of a chain makes one), but `needs`: every
        # path that runs `forward` sets it first.
        self.saved = ()
        cached = f.SCALARS.get(scalar)  # `f.scalar`'s common case, answered without a call
        self.scalar = cached if cached is not None else f.scalar(scalar)


class AddScalar(ScalarOp):
    name = "add_scalar"
    __slots__ = ()

    def forward(self, x):
        if x.size < f.POOL_MIN:  # `f.add_scalar`, written out for small arrays: chains' hot path
            return np.add(x, self.scalar)
        return f.add_scalar(x, self.scalar)

    def backward(self, grad):
        return (grad,)


class SubScalar(ScalarOp):
    name = "sub_scalar"
    __slots__ = ()

    def forward(self, x):
        return f.add_scalar(x, -self.scalar)

    def backward(self, grad):
        return (grad,)


class MulScalar(ScalarOp):
    name = "mul_scalar"
    __slots__ = ()

    def forward(self, x):
        if x.size < f.POOL_MIN:  # `f.mul_scalar`, written out for small arrays: chains' hot path
            return np.multiply(x, self.scalar)
        return f.mul_scalar(x, self.scalar)

    def backward(self, grad):
        return (f.mul_scalar(grad, self.scalar),)


class DivScalar(ScalarOp):
    name = "div_scalar"
    __slots__ = ()

    def forward(self, x):
        return f.div_scalar(x, self.scalar)

    def backward(self, grad):
        # Burn multiplies by the float32 reciprocal rather than dividing again.
        return (f.mul_scalar(grad, f32(1) / self.scalar),)


# -- binary (their broadcasting variants are at the end) ----------------------------------------


class Add(Op):
    name = "add"
    __slots__ = ()

    def forward(self, a, b):
        return f.add(a, b)

    def backward(self, grad):
        return (grad, grad)


class Sub(Op):
    name = "sub"
    __slots__ = ()

    def forward(self, a, b):
        return f.sub(a, b)

    def backward(self, grad):
        return (grad, f.neg(grad) if self.needs[1] else None)


def _others(a: Array, b: Array, needs: tuple[bool, ...]) -> tuple[Array, ...]:
    """What a product saves: each side's gradient needs the other side's value (`b` for a's,
    then `a` for b's), only for the sides that are tracked."""
    need_a, need_b = needs
    if need_a:
        return (b, a) if need_b else (b,)
    return (a,) if need_b else ()


class Mul(Op):
    name = "mul"
    __slots__ = ()

    def forward(self, a, b):
        self.saved = _others(a, b, self.needs)
        return f.mul(a, b)

    def backward(self, grad):
        saved = iter(self.saved)
        grad_a = f.mul(grad, next(saved)) if self.needs[0] else None
        grad_b = f.mul(grad, next(saved)) if self.needs[1] else None
        return (grad_a, grad_b)


class Div(Op):
    name = "div"
    __slots__ = ()

    def forward(self, a, b):
        self.saved = (a, b) if self.needs[1] else (b,)
        if not any(self.needs):
            self.saved = ()
        return f.div(a, b)

    def backward(self, grad):
        b = self.saved[-1]
        grad_a = f.mul(grad, f.recip(b)) if self.needs[0] else None
        grad_b = None
        if self.needs[1]:
            a = self.saved[0]
            # d/db a/b = -a / b^2, the quotient first, then times grad.
            value = f.div(f.neg(a), f.mul(b, b))
            grad_b = f.mul(grad, value)
        return (grad_a, grad_b)


class Matmul(Op):
    name = "matmul"
    __slots__ = ()

    def forward(self, a, b):
        self.saved = _others(a, b, self.needs)
        return f.matmul(a, b)

    def backward(self, grad):
        saved = iter(self.saved)
        grad_a = f.matmul(grad, next(saved).T) if self.needs[0] else None
        grad_b = f.matmul(next(saved).T, grad) if self.needs[1] else None
        return (grad_a, grad_b)


class BatchedMatmul(Op):
    """`matmul` of operands of rank 3 or more: one 2-D product per (broadcast) batch, as Flex
    runs them; each operand's gradient summed over the batch dims it was broadcast along."""

    name = "matmul"
    __slots__ = ("shapes",)

    def forward(self, a, b):
        self.shapes = (a.shape, b.shape)
        self.saved = _others(a, b, self.needs)
        return batched_matmul(a, b)

    def backward(self, grad):
        saved = iter(self.saved)
        grad_a = grad_b = None
        if self.needs[0]:
            grad_a = batched_matmul(grad, np.swapaxes(next(saved), -1, -2))
            grad_a = reduce_to(grad_a, self.shapes[0])
        if self.needs[1]:
            grad_b = batched_matmul(np.swapaxes(next(saved), -1, -2), grad)
            grad_b = reduce_to(grad_b, self.shapes[1])
        return (grad_a, grad_b)


def batched_matmul(a: Array, b: Array) -> Array:
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = np.broadcast_to(a, batch + a.shape[-2:])
    b = np.broadcast_to(b, batch + b.shape[-2:])
    out = np.empty(batch + (a.shape[-2], b.shape[-1]), dtype=np.float32)
    for index in np.ndindex(*batch):
        out[index] = f.matmul(a[index], b[index])
    return out


# -- reductions and shape -----------------------------------------------------------------------


class DimOp(Op):
    """An op along one dim, given when it is made (already counted from the front)."""

    __slots__ = ("dim",)

    def __init__(self, dim: int) -> None:
        Op.__init__(self)
        self.dim = dim


# -- math: clamps, powf with a tensor exponent, gelu, mask_where --------------------------------


class ClampMin(Op):
    """Burn's `clamp_min` on autodiff: a `mask_fill` of `x < min` (compared in float32)."""

    name = "clamp_min"
    __slots__ = ("bound",)

    def __init__(self, bound: float) -> None:
        Op.__init__(self)
        self.bound = f32(bound)

    def forward(self, x):
        mask = x < self.bound
        if self.needs[0]:
            self.saved = (mask,)
        return np.where(mask, self.bound, x).astype(np.float32)

    def backward(self, grad):
        (mask,) = self.saved
        # MaskFill's backward: the gradient filled with +0.0 where the value was replaced.
        return (np.where(mask, f32(0.0), grad).astype(np.float32),)


class ClampMax(ClampMin):
    """Burn's `clamp_max` on autodiff: a `mask_fill` of `x > max`."""

    name = "clamp_max"
    __slots__ = ()

    def forward(self, x):
        mask = x > self.bound
        if self.needs[0]:
            self.saved = (mask,)
        return np.where(mask, self.bound, x).astype(np.float32)


class Powf(Op):
    """`x.powf(p)` with a tensor exponent (Burn's PowF): both sides' values are saved."""

    name = "powf"
    __slots__ = ()

    def forward(self, x, p):
        if any(self.needs):
            self.saved = (x, p)
        return f.pow_tensor(x, p)

    def backward(self, grad):
        x, p = self.saved
        grad_x = grad_p = None
        if self.needs[0]:
            # p * x^(p-1), as powf(x, p - 1) * p
            value = f.mul(f.pow_tensor(x, f.add_scalar(p, f32(-1.0))), p)
            grad_x = f.mul(grad, value)
        if self.needs[1]:
            # x^p * ln(x)
            value = f.mul(f.pow_tensor(x, p), f.log(x))
            grad_p = f.mul(grad, value)
        return (grad_x, grad_p)


_SQRT_2 = f32(np.sqrt(2.0))
# Flex's 1 / sqrt(2 * PI), each step in float32.
_INV_SQRT_2PI = f32(1.0) / np.sqrt(f32(2.0) * f32(np.pi))


class Erf(Op):
    """`erf`: Flex's `erf_f32`. burn-autodiff's backward: `grad * (exp(-(x * x)) * 2 /
    sqrt(pi))`, each a Flex op (`powi_scalar(2)` is `x * x`; sqrt(pi) taken in f64, an f32
    scalar)."""

    name = "erf"
    __slots__ = ()

    def forward(self, x):
        if self.needs[0]:
            self.saved = (x,)
        return f.erf(x)

    def backward(self, grad):
        (x,) = self.saved
        numerator = f.mul_scalar(f.exp(f.neg(f.mul(x, x))), f32(2.0))
        return (f.mul(grad, f.div_scalar(numerator, _SQRT_PI)),)


_SQRT_PI = f32(np.sqrt(np.pi))


class Gelu(Op):
    """Burn's autodiff `gelu`: one node, Flex's fused kernels forward and backward."""

    name = "gelu"
    __slots__ = ()

    def forward(self, x):
        if self.needs[0]:
            self.saved = (x,)
        # 0.5 * x * (1 + erf(x / sqrt 2)), left to right
        return (f32(0.5) * x) * (f32(1.0) + f.erf(x / _SQRT_2))

    def backward(self, grad):
        (x,) = self.saved
        cdf = f32(0.5) * (f32(1.0) + f.erf(x / _SQRT_2))
        pdf = _INV_SQRT_2PI * f.exp((f32(-0.5) * x) * x)
        return (grad * (cdf + x * pdf),)


class MaskWhere(Op):
    """`x.mask_where(mask, y)`: `y` where `mask`, else `x` (same shapes; leaky_relu's)."""

    name = "mask_where"
    __slots__ = ("mask",)

    def __init__(self, mask: Array) -> None:
        Op.__init__(self)
        self.mask = mask

    def forward(self, x, y):
        if any(self.needs):
            self.saved = (self.mask,)
        return np.where(self.mask, y, x).astype(np.float32)

    def backward(self, grad):
        zero = f32(0.0)
        grad_x = np.where(self.mask, zero, grad).astype(np.float32) if self.needs[0] else None
        grad_y = np.where(self.mask, grad, zero).astype(np.float32) if self.needs[1] else None
        return (grad_x, grad_y)


# -- binary, broadcast --------------------------------------------------------------------------


def reduce_to(grad: Array, shape: tuple[int, ...]) -> Array:
    """burn-autodiff's `broadcast_shape`: the gradient of a broadcast operand, summed (Flex's
    `sum_dim`) over each dim where the operand has size 1 and the gradient does not, dim 0 first."""
    for dim, size in enumerate(shape):
        if grad.shape[dim] != size:
            grad = f.sum_dim(grad, dim)
    return grad


class _Broadcast:
    """A binary op whose operands' shapes differ (a size-1 dim against a size-n one): the same
    forward, and a backward that sums each operand's gradient back to its shape as Burn does.
    Kept apart from the same-shape classes so their hot path stays as it is."""

    __slots__ = ()

    def forward(self, a, b):
        self.shapes = (a.shape, b.shape)
        return super().forward(a, b)

    def backward(self, grad):
        grads = super().backward(grad)
        return tuple(
            None if g is None else reduce_to(g, shape)
            for g, shape in zip(grads, self.shapes, strict=True)
        )


class AddBroadcast(_Broadcast, Add):
    __slots__ = ("shapes",)


class SubBroadcast(_Broadcast, Sub):
    __slots__ = ("shapes",)


class MulBroadcast(_Broadcast, Mul):
    __slots__ = ("shapes",)


class DivBroadcast(_Broadcast, Div):
    __slots__ = ("shapes",)


class PowfBroadcast(_Broadcast, Powf):
    __slots__ = ("shapes",)


BROADCASTING: dict[type[Op], type[Op]] = {
    Add: AddBroadcast,
    Sub: SubBroadcast,
    Mul: MulBroadcast,
    Div: DivBroadcast,
}
"""The broadcasting variant of each binary op, for operands of different shapes."""


# -- reductions, shape, indexing (engine/ops_shape.py, which builds on the classes above); sign,
# round, floor, ceil (engine/ops_rounding.py)

from pbpit.engine.ops_rounding import Ceil, Floor, Round, Sign  # noqa: E402, F401
from pbpit.engine.ops_shape import (  # noqa: E402, F401 - the ops are all found here, as `ops.X`
    Cat,
    CumSum,
    Expand,
    Flip,
    Gather,
    MaskFill,
    MaxMinDim,
    Mean,
    MeanDim,
    Permute,
    Prod,
    ProdDim,
    RepeatDim,
    Reshape,
    Select,
    Slice,
    SliceAssign,
    Sum,
    SumDim,
    SwapDims,
    arg_extremum,
    scatter_add,
)
