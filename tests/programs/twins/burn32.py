"""A small, independent model of Burn 0.22 autodiff in float32, for the twins of tests/programs.

Written from Burn's source (burn-autodiff's node ids and steps, burn-nn's `Linear` and losses,
burn-optim's SGD and Adam) and /work/shared/SPEC.md, not from pbpit's engine: it exists so the
expected outputs of the programs come from outside the interpreter. Values are NumPy float32
with Burn's order of operations; `exp`, `ln` and `tanh` are the host C library's expf, logf and
tanhf, which Rust's f32 methods call (so the expectations are this host's, glibc's). Where
Burn's order is not pinned down (a matmul's accumulation order, a sum's lanes), the twin is
run under each plausible order (`MODE`) and an output is kept only if every order prints the
same text.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from fractions import Fraction

import numpy as np

from pbpit.rust.format import Some, f32_display_precision, rust_debug, rust_display  # noqa: F401

__all__ = ["Some", "f32_display_precision", "rust_debug", "rust_display"]

F32 = np.float32
PANIC = (
    "Cannot run backward: graph tape has already been consumed at NodeId({}). Burn does not "
    "support retain_graph. Combine losses before backward or recompute the forward pass. Use "
    "detach() only to intentionally sever gradients through the previous computation."
)


class ConsumedPanic(Exception):
    """Burn's panic: a backward walked to a tracked node whose step is gone."""

    def __init__(self, node: int) -> None:
        super().__init__(PANIC.format(node))
        self.node = node


# ---- the process-wide graph -------------------------------------------------------------

class Graph:
    def __init__(self) -> None:
        self.next_id = 0
        # id -> (parents: list[Node], backward: callable(grad) -> list[grad per parent])
        self.steps: dict[int, tuple[list[Node], object]] = {}

    def new_id(self) -> int:
        n = self.next_id
        self.next_id += 1
        return n


G = Graph()


def reset() -> None:
    global G
    G = Graph()


class Node:
    """Burn's node: an id, its tracked parents, and whether it is a leaf that requires grad."""

    def __init__(self, parents: list[Node], leaf_grad: bool = False) -> None:
        self.id = G.new_id()
        self.parents = parents
        self.leaf_grad = leaf_grad

    @property
    def tracked(self) -> bool:
        return self.leaf_grad or bool(self.parents)


class T:
    """A tensor on an autodiff device: a float32 value and its node."""

    def __init__(self, value, node: Node | None = None) -> None:
        self.v = np.asarray(value, dtype=F32)
        self.node = node if node is not None else Node([])

    # -- creation, identity ------------------------------------------------------------
    @staticmethod
    def from_floats(values) -> T:
        return T(np.array(values, dtype=F32))

    def clone(self) -> T:
        return T(self.v, self.node)  # same id

    def require_grad(self) -> T:
        assert not self.node.parents, "Can't convert a non leaf tensor into a tracked tensor"
        self.node.leaf_grad = True
        G.steps[self.node.id] = ([], None)  # the root step of a leaf
        return T(self.v, self.node)

    def detach(self) -> T:
        # A new id; a leaf that requires grad stays one (Burn keeps the setting).
        out = T(self.v.copy())
        return out.require_grad() if self.node.leaf_grad else out

    def inner(self) -> np.ndarray:
        return self.v.copy()

    @staticmethod
    def from_inner(value: np.ndarray) -> T:
        return T(value)

    def is_tracked(self) -> bool:
        return self.node.tracked

    def is_require_grad(self) -> bool:
        # Burn's `Requirement::Grad`: a leaf that requires grad; an op's result never is one
        return self.node.leaf_grad

    def to_vec(self) -> list[float]:
        return [float(x) for x in self.v.reshape(-1)]

    def scalar(self) -> float:
        return float(self.v.reshape(-1)[0])

    # -- ops: each result takes the next id; a step only if an input is tracked -------------
    def _op(self, value, inputs: list[T], backward) -> T:
        tracked = [t.node for t in inputs if t.node.tracked]
        node = Node(tracked)
        if tracked:
            kept = [i for i, t in enumerate(inputs) if t.node.tracked]

            def step(grad, backward=backward, kept=kept):
                grads = backward(grad)
                return [grads[i] for i in kept]

            G.steps[node.id] = (tracked, step)
        return T(value, node)

    def __add__(self, other: T | float) -> T:
        if not isinstance(other, T):
            return self._op(self.v + F32(other), [self], lambda g: [g])
        return self._op(self.v + other.v, [self, other],
                        lambda g: [unbroadcast(g, self.v.shape), unbroadcast(g, other.v.shape)])

    def __sub__(self, other: T | float) -> T:
        if not isinstance(other, T):
            return self._op(self.v - F32(other), [self], lambda g: [g])
        return self._op(self.v - other.v, [self, other],
                        lambda g: [unbroadcast(g, self.v.shape), unbroadcast(-g, other.v.shape)])

    def __mul__(self, other: T | float) -> T:
        if not isinstance(other, T):
            s = F32(other)
            return self._op(self.v * s, [self], lambda g: [g * s])
        a, b = self.v, other.v
        return self._op(a * b, [self, other],
                        lambda g: [unbroadcast(g * b, a.shape), unbroadcast(g * a, b.shape)])

    def __truediv__(self, other: float) -> T:
        s = F32(other)
        # burn-autodiff's div_scalar backward: the gradient times 1/s (an f32), not over s.
        inverse = F32(F32(1.0) / s)
        return self._op(self.v / s, [self], lambda g: [g * inverse])

    def __neg__(self) -> T:
        return self._op(-self.v, [self], lambda g: [-g])

    def exp(self) -> T:
        out = libm(np.exp, self.v)
        return self._op(out, [self], lambda g: [g * out])

    def log(self) -> T:
        x = self.v
        # burn-autodiff's log backward: `grad * recip(input)`, two roundings, not `grad / input`.
        return self._op(libm(np.log, x), [self], lambda g: [g * (F32(1.0) / x)])

    def tanh(self) -> T:
        out = libm(np.tanh, self.v)
        return self._op(out, [self], lambda g: [g * (F32(1.0) - out * out)])

    def relu(self) -> T:
        x = self.v
        out = np.where(x <= 0, F32(0.0), x).astype(F32)
        return self._op(out, [self], lambda g: [np.where(out <= 0, F32(0.0), g).astype(F32)])

    def square(self) -> T:
        x = self.v
        return self._op(x * x, [self], lambda g: [g * (x * F32(2.0))])

    def sum(self) -> T:
        shape = self.v.shape
        return self._op(np.array([total(self.v.reshape(-1))], dtype=F32), [self],
                        lambda g: [np.full(shape, g[0], dtype=F32)])

    def mean(self) -> T:
        n = self.v.size
        shape = self.v.shape
        val = F32(1.0 / n)
        return self._op(np.array([total(self.v.reshape(-1)) / F32(n)], dtype=F32), [self],
                        lambda g: [np.full(shape, val, dtype=F32) * g[0]])

    def sum_dim(self, dim: int) -> T:
        shape = self.v.shape
        out = np.apply_along_axis(total, dim, self.v).astype(F32)
        out = np.expand_dims(out, dim)
        return self._op(out, [self], lambda g: [np.broadcast_to(g, shape).astype(F32)])

    def matmul(self, other: T) -> T:
        a, b = self.v, other.v
        return self._op(matmul(a, b), [self, other],
                        lambda g: [matmul(g, b.T), matmul(a.T, g)])

    def swap_last(self) -> T:
        return self._op(self.v.T.copy(), [self], lambda g: [g.T.copy()])

    def reshape(self, shape) -> T:
        old = self.v.shape
        return self._op(self.v.reshape(shape), [self], lambda g: [g.reshape(old)])

    def slice_rows(self, start: int, end: int) -> T:
        shape = self.v.shape

        def back(g):
            full = np.zeros(shape, dtype=F32)
            full[start:end] = g
            return [full]

        return self._op(self.v[start:end].copy(), [self], back)

    def gather_rows(self, index: list[int]) -> T:
        """`gather(1, index.reshape([n, 1]))`: one element a row."""
        shape = self.v.shape
        rows = np.arange(shape[0])

        def back(g):
            full = np.zeros(shape, dtype=F32)
            full[rows, index] = g[:, 0]
            return [full]

        return self._op(self.v[rows, index].reshape(-1, 1), [self], back)

    def max_dim(self, dim: int) -> T:
        assert not self.node.tracked  # only used on a detached input (log_softmax)
        return T(np.max(self.v, axis=dim, keepdims=True))

    def backward(self) -> dict[int, np.ndarray]:
        return backward(self)

    def grad(self, grads: dict[int, np.ndarray]):
        return grads.get(self.node.id)


def unbroadcast(g: np.ndarray, shape) -> np.ndarray:
    """A broadcast input's gradient: summed over the dimensions it was broadcast along."""
    g = np.asarray(g, dtype=F32)
    for dim, (gs, s) in enumerate(zip(g.shape, shape, strict=True)):
        if s == 1 and gs != 1:
            g = np.expand_dims(np.apply_along_axis(total, dim, g).astype(F32), dim)
    return g.astype(F32)


# ---- float32 arithmetic where the order is not pinned ----------------------------------

_LIBM = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
_F32_FUNCTIONS = {}
for _name, _numpy in (("expf", np.exp), ("logf", np.log), ("tanhf", np.tanh)):
    _function = getattr(_LIBM, _name)
    _function.restype, _function.argtypes = ctypes.c_float, [ctypes.c_float]
    _F32_FUNCTIONS[_numpy] = _function


def libm(fn, x: np.ndarray) -> np.ndarray:
    """Rust's `f32::exp` / `ln` / `tanh`: the C library's expf / logf / tanhf, one value a call."""
    f = _F32_FUNCTIONS[fn]
    x = np.asarray(x, dtype=F32)
    return np.array([f(float(e)) for e in x.reshape(-1)], dtype=F32).reshape(x.shape)


def f32_round(q: Fraction) -> F32:
    """The f32 nearest an exact rational (ties to even), without double rounding."""
    if q == 0:
        return F32(0.0)
    x = F32(float(q))
    near = {x, np.nextafter(x, F32(np.inf)), np.nextafter(x, F32(-np.inf))}
    # The nearest; of two as near, the one with an even significand.
    def distance(c: F32) -> tuple[Fraction, int]:
        return abs(Fraction(float(c)) - q), int(F32(c).view(np.uint32)) & 1

    return F32(min(near, key=distance))


def fma(a: F32, b: F32, c: F32) -> F32:
    return f32_round(Fraction(float(a)) * Fraction(float(b)) + Fraction(float(c)))


# The order Burn's kernels add in, where these programs cannot pin it: expect.py runs every
# twin under each and keeps an output only if all print the same text.
MODE = os.environ.get("BURN32_ORDER", "fma")  # fma | seq | tree
MODES = ("fma", "seq", "tree")


def _seq(xs) -> F32:
    acc = F32(-0.0)
    for x in xs:
        acc = F32(acc + F32(x))
    return acc


def _tree(xs) -> F32:
    xs = [F32(x) for x in xs]
    if not xs:
        return F32(-0.0)
    while len(xs) > 1:
        nxt = [F32(xs[i] + xs[i + 1]) for i in range(0, len(xs) - 1, 2)]
        if len(xs) % 2:
            nxt.append(xs[-1])
        xs = nxt
    return xs[0]


def total(xs) -> F32:
    """A sum of f32 values, in the order of the run's mode."""
    xs = list(np.asarray(xs, dtype=F32).reshape(-1))
    return _tree(xs) if MODE == "tree" else _seq(xs)


def dot(a, b) -> F32:
    """One output of a matmul: fused multiply-adds in order, or rounded products summed."""
    if MODE == "fma":
        acc = F32(0.0)
        for x, y in zip(a, b, strict=True):
            acc = fma(F32(x), F32(y), acc)
        return acc
    return total([F32(F32(x) * F32(y)) for x, y in zip(a, b, strict=True)])


def matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    out = np.empty((a.shape[0], b.shape[1]), dtype=F32)
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            out[i, j] = dot(a[i, :], b[:, j])
    return out


# ---- backward, as burn-autodiff runs it --------------------------------------------------

def backward(root: T) -> dict[int, np.ndarray]:
    if not root.node.tracked:
        raise AssertionError("backward of a tensor outside any graph")
    # Validate, read-only: every reachable non-leaf must still have its step.
    seen: dict[int, Node] = {}
    spent: dict[int, Node] = {}
    todo = [root.node]
    while todo:
        node = todo.pop()
        if node.id in seen:
            continue
        if node.id not in G.steps:
            if node.parents:
                raise ConsumedPanic(node.id)
            # A leaf whose root step an earlier backward consumed: nothing to run, but the
            # gradients its children send it are still its own (Burn keeps every leaf's).
            spent[node.id] = node
            continue
        seen[node.id] = node
        todo.extend(node.parents)
    # Order: leaves 0, else 1 + max over parents.
    order: dict[int, int] = {}

    def depth(n: Node) -> int:
        if n.id not in order:
            order[n.id] = 1 + max((depth(p) for p in n.parents), default=-1)
        return order[n.id]

    for n in seen.values():
        depth(n)
    steps = {i: G.steps.pop(i) for i in seen}  # consumed
    grads: dict[int, np.ndarray] = {root.node.id: np.ones_like(root.v)}
    for i in sorted(seen, key=lambda i: -order[i]):
        parents, step = steps[i]
        if step is None or i not in grads:
            continue
        g = grads[i] if seen[i].leaf_grad else grads.pop(i)
        for p, pg in zip(parents, step(g), strict=True):
            pg = np.asarray(pg, dtype=F32)
            grads[p.id] = (grads[p.id] + pg).astype(F32) if p.id in grads else pg
    kept = {**spent, **seen}
    return {i: g for i, g in grads.items() if i in kept and kept[i].leaf_grad}


# ---- burn-nn and burn-optim --------------------------------------------------------------

class Param:
    """`Param::from_tensor`: the tensor's id, made to require grad."""

    def __init__(self, tensor: T) -> None:
        self.t = tensor.require_grad()

    def val(self) -> T:
        return self.t.clone()


class Linear:
    """burn-nn's Linear with weight `[d_in, d_out]`, for a 2-D input: burn-tensor's
    `module::linear` on the dispatching backend runs burn-backend's default op by op, three
    nodes: `matmul`, the bias reshaped to `[1, d_out]`, and the add of the two (its gradient
    summed over the rows, then reshaped back to `[d_out]`)."""

    def __init__(self, weight, bias) -> None:
        self.weight = Param(T.from_floats(weight))
        self.bias = Param(T.from_floats(bias)) if bias is not None else None

    def params(self) -> list[Param]:
        return [self.weight] + ([self.bias] if self.bias is not None else [])

    def forward(self, x: T) -> T:
        w = self.weight.val()
        b = self.bias.val() if self.bias is not None else None
        out = x.matmul(w)
        return out if b is None else out + b.reshape((1, -1))


def mse(pred: T, target: T) -> T:
    """MseLoss with Reduction::Mean: `(pred - target).square().mean()`, three nodes."""
    return (pred - target).square().mean()


def log_softmax(x: T) -> T:
    """The backend's default: max of a detached copy, shifted, minus log-sum-exp (7 nodes)."""
    m = x.detach().max_dim(1)
    shifted = x - m
    return shifted - shifted.exp().sum_dim(1).log()


def cross_entropy(logits: T, targets: list[int]) -> T:
    """CrossEntropyLoss::forward_default without pad tokens or weights."""
    picked = log_softmax(logits).gather_rows(targets)
    return -(picked.reshape([len(targets)]).mean())


def from_grads(grads: dict[int, np.ndarray], params: list[Param]) -> dict[int, np.ndarray]:
    return {p.t.node.id: grads[p.t.node.id] for p in params if p.t.node.id in grads}


def _replace(p: Param, value: np.ndarray) -> None:
    # Optimizer::step maps every parameter: Tensor::from_inner(new).require_grad(), a new id.
    p.t = T.from_inner(value.astype(F32)).require_grad()


class Sgd:
    def step(self, lr: float, params: list[Param], grads: dict[int, np.ndarray]) -> None:
        for p in params:
            g = grads.get(p.t.node.id)
            if g is not None:
                _replace(p, p.t.inner() - g * F32(lr))


def powi(x: F32, n: int) -> F32:
    """compiler-rt's __powisf2: square-and-multiply in f32."""
    r = F32(1.0)
    while True:
        if n & 1:
            r = F32(r * x)
        n >>= 1
        if n == 0:
            return r
        x = F32(x * x)


class Adam:
    """burn-optim's Adam (AdaptiveMomentum), defaults beta 0.9 / 0.999, epsilon 1e-5."""

    def __init__(self, beta_1=0.9, beta_2=0.999, epsilon=1e-5) -> None:
        self.b1, self.b2, self.eps = F32(beta_1), F32(beta_2), F32(epsilon)
        self.state: dict[str, tuple[int, np.ndarray, np.ndarray]] = {}

    def step(self, lr: float, params: dict[str, Param], grads: dict[int, np.ndarray]) -> None:
        one = F32(1.0)
        for name, p in params.items():
            g = grads.get(p.t.node.id)
            if g is None:
                continue
            if name in self.state:
                time, m1, m2 = self.state[name]
                m1 = m1 * self.b1 + g * (one - self.b1)
                m2 = m2 * self.b2 + (g * g) * (one - self.b2)
                time += 1
            else:
                time, m1, m2 = 1, g * (one - self.b1), (g * g) * (one - self.b2)
            self.state[name] = (time, m1, m2)
            bc2 = np.sqrt(F32(one - powi(self.b2, time)))
            combined = F32(bc2 / F32(one - powi(self.b1, time)))
            update = (m1 * combined) / (np.sqrt(m2) + F32(self.eps * bc2))
            _replace(p, p.t.inner() - update * F32(lr))


def panic_block(node: int) -> str:
    """rustc 1.95's panic hook output for Burn's panic, TID for the thread id."""
    return (
        "\nthread 'main' (TID) panicked at ~/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/"
        "burn-autodiff-0.22.1/src/runtime/server.rs:74:17:\n"
        + PANIC.format(node)
        + "\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
    )


def v(values: np.ndarray) -> list:
    """`.to_data().to_vec::<f32>().unwrap()`, for `{:?}`."""
    return [float(x) for x in np.asarray(values, dtype=F32).reshape(-1)]


class AdamW:
    """burn-optim's AdamW (AdaptiveMomentumW), defaults beta 0.9 / 0.999, epsilon 1e-5, weight
    decay 1e-4: the decay `1 - lr * weight_decay` taken in f64, the update subtracted after."""

    def __init__(self, weight_decay=1e-4, beta_1=0.9, beta_2=0.999, epsilon=1e-5) -> None:
        self.b1, self.b2, self.eps = F32(beta_1), F32(beta_2), F32(epsilon)
        self.weight_decay = F32(weight_decay)
        self.state: dict[str, tuple[int, np.ndarray, np.ndarray]] = {}

    def step(self, lr: float, params: dict[str, Param], grads: dict[int, np.ndarray]) -> None:
        one = F32(1.0)
        for name, p in params.items():
            g = grads.get(p.t.node.id)
            if g is None:
                continue
            if name in self.state:
                time, m1, m2 = self.state[name]
                m1 = m1 * self.b1 + g * (one - self.b1)
                m2 = m2 * self.b2 + (g * g) * (one - self.b2)
                time += 1
            else:
                time, m1, m2 = 1, g * (one - self.b1), (g * g) * (one - self.b2)
            self.state[name] = (time, m1, m2)
            m1_hat = m1 / F32(one - powi(self.b1, time))
            m2_hat = m2 / F32(one - powi(self.b2, time))
            delta = m1_hat / (np.sqrt(m2_hat) + self.eps)
            decay_rate = lr * float(self.weight_decay)
            tensor = p.t.inner()
            decayed = tensor if decay_rate == 0.0 else tensor * F32(1.0 - decay_rate)
            _replace(p, decayed - delta * F32(lr))


def linear_values(layer: Linear, x: np.ndarray) -> np.ndarray:
    """`model.valid()`'s forward: the same kernels on the inner backend, no node."""
    out = matmul(np.asarray(x, dtype=F32), layer.weight.t.v)
    if layer.bias is not None:
        out = (out + layer.bias.t.v.reshape(1, -1)).astype(F32)
    return out
