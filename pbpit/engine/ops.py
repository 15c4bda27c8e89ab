"""Differentiable ops: each one a small class with its forward, its backward and what it saves.

`forward(*arrays)` computes the result and saves on `self` only what the backward of the tracked
inputs needs (`self.needs[i]` says whether input `i` is tracked); `backward(grad)` returns one
gradient per input, None for the untracked ones. Every formula is the sequence of float32 tensor
ops Burn's backward runs, each rounded to float32, so gradients agree to the bit.
"""

from __future__ import annotations

import numpy as np

from pbpit.engine import kernels as k

Array = np.ndarray


def elementwise(kernel, *arrays: Array) -> Array:
    """Run a flat kernel over same-shaped arrays (and float32 scalars), keeping the shape."""
    shape = arrays[0].shape
    flat = [a.reshape(-1) if isinstance(a, np.ndarray) else a for a in arrays]
    return kernel(*flat).reshape(shape)


def f32(value: float) -> np.float32:
    return np.float32(value)


class Op:
    """Base of every op: records which inputs are tracked; subclasses save state in forward."""

    name = "op"
    __slots__ = ("needs", "saved")

    def __init__(self) -> None:
        self.needs: tuple[bool, ...] = ()
        self.saved: tuple[Array, ...] = ()

    def saved_bytes(self) -> int:
        return sum(a.nbytes for a in self.saved)

    def forward(self, *arrays: Array) -> Array:
        raise NotImplementedError

    def backward(self, grad: Array) -> tuple[Array | None, ...]:
        raise NotImplementedError


# -- unary --------------------------------------------------------------------------------------


class Exp(Op):
    name = "exp"

    def forward(self, x):
        out = elementwise(k.exp, x)
        if self.needs[0]:
            self.saved = (out,)
        return out

    def backward(self, grad):
        (out,) = self.saved
        return (elementwise(k.mul, grad, out),)


class Log(Op):
    name = "log"

    def forward(self, x):
        if self.needs[0]:
            self.saved = (x,)
        return elementwise(k.log, x)

    def backward(self, grad):
        (x,) = self.saved
        return (elementwise(k.mul, grad, elementwise(k.recip, x)),)


class Neg(Op):
    name = "neg"

    def forward(self, x):
        return elementwise(k.neg, x)

    def backward(self, grad):
        return (elementwise(k.neg, grad),)


class Sqrt(Op):
    name = "sqrt"

    def forward(self, x):
        if self.needs[0]:
            self.saved = (x,)
        return elementwise(k.sqrt, x)

    def backward(self, grad):
        (x,) = self.saved
        # d/dx sqrt(x) = x^(-1/2) / 2
        value = elementwise(k.div_scalar, elementwise(k.powf_inner, x, f32(-0.5)), f32(2.0))
        return (elementwise(k.mul, grad, value),)


class Tanh(Op):
    name = "tanh"

    def forward(self, x):
        out = elementwise(k.tanh, x)
        if self.needs[0]:
            self.saved = (out,)
        return out

    def backward(self, grad):
        (out,) = self.saved
        # d/dx tanh(x) = 1 - tanh(x)^2
        value = elementwise(k.add_scalar, elementwise(k.neg, elementwise(k.mul, out, out)), f32(1))
        return (elementwise(k.mul, grad, value),)


class Sigmoid(Op):
    name = "sigmoid"

    def forward(self, x):
        out = elementwise(k.sigmoid, x)
        if self.needs[0]:
            self.saved = (out,)
        return out

    def backward(self, grad):
        (out,) = self.saved
        # d/dx sigmoid(x) = s * (1 - s); Flex has its own kernel for it.
        return (elementwise(k.sigmoid_backward, out, grad),)


class Relu(Op):
    name = "relu"

    def forward(self, x):
        if self.needs[0]:
            self.saved = (x,)
        return elementwise(k.relu, x)

    def backward(self, grad):
        (x,) = self.saved
        return (elementwise(k.relu_backward, grad, x),)


class PowfScalar(Op):
    name = "powf_scalar"
    __slots__ = ("exponent",)

    def __init__(self, exponent: float) -> None:
        super().__init__()
        self.exponent = f32(exponent)

    def forward(self, x):
        if self.needs[0]:
            self.saved = (x,)
        return elementwise(k.powf_inner, x, self.exponent)

    def backward(self, grad):
        (x,) = self.saved
        # d/dx x^p = p * x^(p-1)
        p = self.exponent
        value = elementwise(k.mul_scalar, elementwise(k.powf_inner, x, p - f32(1)), p)
        return (elementwise(k.mul, grad, value),)


class Recip(Op):
    name = "recip"

    def forward(self, x):
        if self.needs[0]:
            self.saved = (x,)
        return elementwise(k.recip, x)

    def backward(self, grad):
        (x,) = self.saved
        # d/dx 1/x = -1/x^2
        value = elementwise(k.neg, elementwise(k.recip, elementwise(k.mul, x, x)))
        return (elementwise(k.mul, grad, value),)


# -- with a scalar ------------------------------------------------------------------------------


class ScalarOp(Op):
    __slots__ = ("scalar",)

    def __init__(self, scalar: float) -> None:
        super().__init__()
        self.scalar = f32(scalar)


class AddScalar(ScalarOp):
    name = "add_scalar"

    def forward(self, x):
        return elementwise(k.add_scalar, x, self.scalar)

    def backward(self, grad):
        return (grad,)


class SubScalar(ScalarOp):
    name = "sub_scalar"

    def forward(self, x):
        return elementwise(k.add_scalar, x, -self.scalar)

    def backward(self, grad):
        return (grad,)


class MulScalar(ScalarOp):
    name = "mul_scalar"

    def forward(self, x):
        return elementwise(k.mul_scalar, x, self.scalar)

    def backward(self, grad):
        return (elementwise(k.mul_scalar, grad, self.scalar),)


class DivScalar(ScalarOp):
    name = "div_scalar"

    def forward(self, x):
        return elementwise(k.div_scalar, x, self.scalar)

    def backward(self, grad):
        # Burn multiplies by the float32 reciprocal rather than dividing again.
        return (elementwise(k.mul_scalar, grad, f32(1) / self.scalar),)


# -- binary, same shape -------------------------------------------------------------------------


class Add(Op):
    name = "add"

    def forward(self, a, b):
        return elementwise(k.add, a, b)

    def backward(self, grad):
        return (grad, grad)


class Sub(Op):
    name = "sub"

    def forward(self, a, b):
        return elementwise(k.sub, a, b)

    def backward(self, grad):
        return (grad, elementwise(k.neg, grad) if self.needs[1] else None)


class Mul(Op):
    name = "mul"

    def forward(self, a, b):
        # Each side's gradient needs the other side's value.
        self.saved = tuple(v for v, need in ((b, self.needs[0]), (a, self.needs[1])) if need)
        return elementwise(k.mul, a, b)

    def backward(self, grad):
        saved = iter(self.saved)
        grad_a = elementwise(k.mul, grad, next(saved)) if self.needs[0] else None
        grad_b = elementwise(k.mul, grad, next(saved)) if self.needs[1] else None
        return (grad_a, grad_b)


class Div(Op):
    name = "div"

    def forward(self, a, b):
        self.saved = (a, b) if self.needs[1] else (b,)
        if not any(self.needs):
            self.saved = ()
        return elementwise(k.div, a, b)

    def backward(self, grad):
        b = self.saved[-1]
        grad_a = elementwise(k.mul, grad, elementwise(k.recip, b)) if self.needs[0] else None
        grad_b = None
        if self.needs[1]:
            a = self.saved[0]
            # d/db a/b = -a / b^2, the quotient first, then times grad.
            value = elementwise(k.div, elementwise(k.neg, a), elementwise(k.mul, b, b))
            grad_b = elementwise(k.mul, grad, value)
        return (grad_a, grad_b)


class Matmul(Op):
    name = "matmul"

    def forward(self, a, b):
        self.saved = tuple(v for v, need in ((b, self.needs[0]), (a, self.needs[1])) if need)
        return k.matmul(a, b)

    def backward(self, grad):
        saved = iter(self.saved)
        grad_a = k.matmul(grad, np.ascontiguousarray(next(saved).T)) if self.needs[0] else None
        grad_b = k.matmul(np.ascontiguousarray(next(saved).T), grad) if self.needs[1] else None
        return (grad_a, grad_b)


# -- reductions and shape -----------------------------------------------------------------------


class Sum(Op):
    name = "sum"
    __slots__ = ("shape",)

    def forward(self, x):
        self.shape = x.shape
        return np.array([k.sum_all(x.reshape(-1))], dtype=np.float32)

    def backward(self, grad):
        return (np.full(self.shape, grad[0], dtype=np.float32),)


class Mean(Op):
    name = "mean"
    __slots__ = ("shape",)

    def forward(self, x):
        self.shape = x.shape
        total = k.sum_all(x.reshape(-1))
        return np.array([total / f32(x.size)], dtype=np.float32)

    def backward(self, grad):
        # 1/n is taken in float64 and rounded once, then multiplied by the gradient in float32.
        inverse = f32(1.0 / int(np.prod(self.shape)))
        return (np.full(self.shape, inverse * grad[0], dtype=np.float32),)


class SumDim(Op):
    name = "sum_dim"
    __slots__ = ("dim", "shape")

    def __init__(self, dim: int) -> None:
        super().__init__()
        self.dim = dim

    def forward(self, x):
        self.shape = x.shape
        return _sum_over(x, self.dim)

    def backward(self, grad):
        # Burn sums the gradient over the (size-1) dim before broadcasting it: a sum starts
        # from +0.0, so a -0.0 gradient comes back as +0.0.
        summed = _sum_over(grad, self.dim)
        return (np.ascontiguousarray(np.broadcast_to(summed, self.shape)),)


def _sum_over(x: Array, dim: int) -> Array:
    """Sum over `dim`, keeping it with size 1."""
    outer = int(np.prod(x.shape[:dim]))
    inner = int(np.prod(x.shape[dim + 1 :]))
    summed = k.sum_middle(x.reshape(outer, x.shape[dim], inner))
    return summed.reshape(x.shape[:dim] + (1,) + x.shape[dim + 1 :])


class Reshape(Op):
    name = "reshape"
    __slots__ = ("shape", "new_shape")

    def __init__(self, new_shape: tuple[int, ...]) -> None:
        super().__init__()
        self.new_shape = new_shape

    def forward(self, x):
        self.shape = x.shape
        return x.reshape(self.new_shape)

    def backward(self, grad):
        return (grad.reshape(self.shape),)


class Cat(Op):
    name = "cat"
    __slots__ = ("dim", "sizes")

    def __init__(self, dim: int) -> None:
        super().__init__()
        self.dim = dim

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
