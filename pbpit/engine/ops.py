"""Differentiable ops: each one a small class with its forward, its backward and what it saves.

`forward(*arrays)` computes the result and saves on `self` only what the backward of the tracked
inputs needs (`self.needs[i]` says whether input `i` is tracked); `backward(grad)` returns one
gradient per input, None for the untracked ones. Every formula is the sequence of float32 tensor
ops Burn's backward runs, each rounded to float32, so gradients agree to the bit.
"""

from __future__ import annotations

import numpy as np

from pbpit.engine import f32 as f

Array = np.ndarray


def f32(value: float) -> np.float32:
    return np.float32(value)


class Op:
    """Base of every op. An op whose inputs include a tracked one is also its result's *step*
    on the tape (as in Burn, where the boxed op struct is the step): it holds the result's
    `node`, its `inputs` (None where untracked), what it `saved` and how many bytes that is."""

    name = "op"
    __slots__ = ("needs", "saved", "node", "inputs", "saved_bytes")

    def __init__(self) -> None:
        self.needs: tuple[bool, ...] = ()
        """Whether each input is tracked; set before `forward`."""
        self.saved: tuple[Array, ...] = ()
        """What `backward` needs, saved by `forward` (only for tracked inputs)."""

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
    """A leaf's step, registered by `require_grad()`: nothing to run, only to be consumed."""

    name = "root"
    __slots__ = ()

    def __init__(self, node) -> None:
        Op.__init__(self)
        self.node = node
        self.inputs = ()
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
        value = f.add_scalar(f.neg(f.mul(out, out)), f32(1))
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
        Op.__init__(self)
        self.scalar = np.float32(scalar)


class AddScalar(ScalarOp):
    name = "add_scalar"
    __slots__ = ()

    def forward(self, x):
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


# -- binary, same shape -------------------------------------------------------------------------


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


class Mul(Op):
    name = "mul"
    __slots__ = ()

    def forward(self, a, b):
        # Each side's gradient needs the other side's value.
        self.saved = tuple(v for v, need in ((b, self.needs[0]), (a, self.needs[1])) if need)
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
        self.saved = tuple(v for v, need in ((b, self.needs[0]), (a, self.needs[1])) if need)
        return f.matmul(a, b)

    def backward(self, grad):
        saved = iter(self.saved)
        grad_a = f.matmul(grad, next(saved).T) if self.needs[0] else None
        grad_b = f.matmul(next(saved).T, grad) if self.needs[1] else None
        return (grad_a, grad_b)


# -- reductions and shape -----------------------------------------------------------------------


class Sum(Op):
    name = "sum"
    __slots__ = ("shape",)

    def forward(self, x):
        self.shape = x.shape
        return np.array([f.sum_all(x)], dtype=np.float32)

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
    return np.broadcast_to(np.array(value, dtype=np.float32), shape)


class SumDim(Op):
    name = "sum_dim"
    __slots__ = ("dim", "shape")

    def __init__(self, dim: int) -> None:
        Op.__init__(self)
        self.dim = dim

    def forward(self, x):
        self.shape = x.shape
        return f.sum_dim(x, self.dim)

    def backward(self, grad):
        # Burn sums the gradient over the (size-1) dim before broadcasting it: a sum starts
        # from +0.0, so a -0.0 gradient comes back as +0.0.
        return (np.broadcast_to(f.sum_dim(grad, self.dim), self.shape),)


class Reshape(Op):
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


class Cat(Op):
    name = "cat"
    __slots__ = ("dim", "sizes")

    def __init__(self, dim: int) -> None:
        Op.__init__(self)
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
