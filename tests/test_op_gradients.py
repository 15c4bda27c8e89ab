"""Gradients of every pbpit op, checked against references computed outside the engine.

Three kinds of reference, never the engine itself:

* central finite differences of the same function written in float64 NumPy (loose tolerance);
* closed forms evaluated step by step in float32 (NumPy f32 arithmetic for + - * /, glibc's
  `expf`/`logf`/`tanhf`/`powf` through ctypes for the transcendentals), compared bit for bit,
  following Burn's backward formulas (burn-autodiff `ops/tensor.rs`, `ops/activation.rs`);
* graph facts: node ids, trackedness, and which tensors get a gradient at all.

Every loss is `(op(x) * w).sum()` with a drawn weight `w`, so the gradient flowing into the op
is `w`, not all ones.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import math
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pbpit as pb

DEV = pb.Device.flex().autodiff()
F32 = np.float32

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
RTOL = 1e-3
ATOL = 1e-4

# -- libm, as Rust's f32::exp / ln / tanh / powf call it ---------------------------------------

_LIBM = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
for _name in ("expf", "logf", "tanhf"):
    getattr(_LIBM, _name).restype = ctypes.c_float
    getattr(_LIBM, _name).argtypes = [ctypes.c_float]
_LIBM.powf.restype = ctypes.c_float
_LIBM.powf.argtypes = [ctypes.c_float, ctypes.c_float]


def _libm_map(name: str, x: np.ndarray) -> np.ndarray:
    fn = getattr(_LIBM, name)
    flat = [F32(fn(float(v))) for v in np.asarray(x, F32).reshape(-1)]
    return np.array(flat, dtype=F32).reshape(np.shape(x))


def expf(x: np.ndarray) -> np.ndarray:
    return _libm_map("expf", x)


def logf(x: np.ndarray) -> np.ndarray:
    return _libm_map("logf", x)


def tanhf(x: np.ndarray) -> np.ndarray:
    return _libm_map("tanhf", x)


def powf(x: np.ndarray, p: float) -> np.ndarray:
    flat = [F32(_LIBM.powf(float(v), float(F32(p)))) for v in np.asarray(x, F32).reshape(-1)]
    return np.array(flat, dtype=F32).reshape(np.shape(x))


# -- helpers ------------------------------------------------------------------------------------


def leaf(values, grad: bool = True) -> pb.Tensor:
    """A tensor on the autodiff device; a leaf that requires grad unless `grad` is False."""
    t = pb.Tensor.from_floats(np.asarray(values, dtype=F32), DEV)
    return t.require_grad() if grad else t


def grad_array(t: pb.Tensor, grads) -> np.ndarray:
    g = t.grad(grads)
    assert g is not None, f"no gradient for NodeId({t.node_id})"
    assert tuple(g.shape) == tuple(t.shape), f"grad shape {g.shape} != tensor shape {t.shape}"
    return np.array(g.to_vec(), dtype=F32).reshape(g.shape)


def weighted_loss(out: pb.Tensor, w: np.ndarray, track_w: bool = False):
    """`(out * w).sum()`, its backward, and the weight tensor."""
    wt = leaf(w, grad=track_w)
    grads = (out * wt).sum().backward()
    return grads, wt


def assert_bits(got: np.ndarray, expected: np.ndarray) -> None:
    got = np.asarray(got, dtype=F32)
    expected = np.asarray(expected, dtype=F32)
    assert got.shape == expected.shape, f"shape {got.shape} != {expected.shape}"
    gb, eb = got.view(np.uint32), expected.view(np.uint32)
    if not np.array_equal(gb, eb):
        bad = np.argwhere(gb != eb)[:5]
        lines = [
            f"  at {tuple(int(i) for i in idx)}: got {got[tuple(idx)]!r} "
            f"({int(gb[tuple(idx)]):08x}), expected {expected[tuple(idx)]!r} "
            f"({int(eb[tuple(idx)]):08x})"
            for idx in bad
        ]
        raise AssertionError("gradient bits differ:\n" + "\n".join(lines))


def assert_close(got: np.ndarray, expected: np.ndarray) -> None:
    np.testing.assert_allclose(np.asarray(got, dtype=np.float64), expected, rtol=RTOL, atol=ATOL)


def fd_grad(loss64: Callable[..., float], args: list[np.ndarray], i: int) -> np.ndarray:
    """Central finite differences, in float64, of `loss64(*args)` with respect to `args[i]`."""
    base = [np.asarray(a, dtype=np.float64) for a in args]
    x = base[i]
    out = np.empty_like(x)
    for idx in np.ndindex(x.shape):
        h = 1e-6 * max(1.0, abs(float(x[idx])))
        plus, minus = x.copy(), x.copy()
        plus[idx] += h
        minus[idx] -= h
        lp = loss64(*base[:i], plus, *base[i + 1 :])
        lm = loss64(*base[:i], minus, *base[i + 1 :])
        out[idx] = (lp - lm) / (2.0 * h)
    return out


def f32_seq_sum(values) -> F32:
    """Sum in float32, in index order, from +0.0."""
    acc = F32(0.0)
    for v in values:
        acc = F32(acc + F32(v))
    return acc


# -- strategies ---------------------------------------------------------------------------------


def floats(lo: float, hi: float) -> st.SearchStrategy[float]:
    """Float32 values in [lo, hi] (the bounds rounded inward to float32)."""
    lo32, hi32 = float(F32(lo)), float(F32(hi))
    lo32 = lo32 if lo32 >= lo else float(np.nextafter(F32(lo32), F32(np.inf)))
    hi32 = hi32 if hi32 <= hi else float(np.nextafter(F32(hi32), F32(-np.inf)))
    return st.floats(lo32, hi32, width=32, allow_nan=False, allow_infinity=False)


def away_from_zero(lo: float, hi: float) -> st.SearchStrategy[float]:
    return st.one_of(floats(lo, hi), floats(-hi, -lo))


SHAPES = st.one_of(
    st.tuples(st.integers(1, 6)),
    st.tuples(st.integers(1, 4), st.integers(1, 4)),
)
WEIGHT = floats(-2.0, 2.0)


def arrays(shape, elements) -> st.SearchStrategy[np.ndarray]:
    return hnp.arrays(F32, shape, elements=elements)


def no_negative_zero(a: np.ndarray) -> np.ndarray:
    """`a` with -0.0 made +0.0: see test_sum_dim_backward_turns_negative_zero_grad_into_..."""
    return (np.asarray(a, dtype=F32) + F32(0.0)).astype(F32)


# -- op tables ----------------------------------------------------------------------------------


def _sigmoid64(x):
    return 1.0 / (1.0 + np.exp(-x))


# name -> (pbpit op, float64 reference, input elements)
UNARY = {
    "exp": (lambda t: t.exp(), np.exp, floats(-4.0, 4.0)),
    "log": (lambda t: t.log(), np.log, floats(0.1, 10.0)),
    "neg": (lambda t: t.neg(), np.negative, floats(-10.0, 10.0)),
    "neg_operator": (lambda t: -t, np.negative, floats(-10.0, 10.0)),
    "sqrt": (lambda t: t.sqrt(), np.sqrt, floats(0.1, 10.0)),
    "tanh": (lambda t: t.tanh(), np.tanh, floats(-4.0, 4.0)),
    "sigmoid": (lambda t: t.sigmoid(), _sigmoid64, floats(-6.0, 6.0)),
    "relu": (lambda t: t.relu(), lambda x: np.maximum(x, 0.0), away_from_zero(0.1, 10.0)),
    "recip": (lambda t: t.recip(), lambda x: 1.0 / x, away_from_zero(0.2, 5.0)),
    "abs": (lambda t: t.abs(), np.abs, away_from_zero(0.1, 10.0)),
    "sin": (lambda t: t.sin(), np.sin, floats(-6.0, 6.0)),
    "cos": (lambda t: t.cos(), np.cos, floats(-6.0, 6.0)),
    "log1p": (lambda t: t.log1p(), np.log1p, floats(-0.9, 10.0)),
}

ANY_C = floats(-4.0, 4.0)
NONZERO_C = away_from_zero(0.25, 4.0)
ANY_X = floats(-10.0, 10.0)
NONZERO_X = away_from_zero(0.2, 5.0)

# name -> (pbpit op, float64 reference (x, c), x elements, c strategy)
SCALAR = {
    "add_scalar": (lambda t, c: t.add_scalar(c), lambda x, c: x + c, ANY_X, ANY_C),
    "sub_scalar": (lambda t, c: t.sub_scalar(c), lambda x, c: x - c, ANY_X, ANY_C),
    "mul_scalar": (lambda t, c: t.mul_scalar(c), lambda x, c: x * c, ANY_X, ANY_C),
    "div_scalar": (lambda t, c: t.div_scalar(c), lambda x, c: x / c, ANY_X, NONZERO_C),
    "x_plus_c": (lambda t, c: t + c, lambda x, c: x + c, ANY_X, ANY_C),
    "c_plus_x": (lambda t, c: c + t, lambda x, c: c + x, ANY_X, ANY_C),
    "x_minus_c": (lambda t, c: t - c, lambda x, c: x - c, ANY_X, ANY_C),
    "c_minus_x": (lambda t, c: c - t, lambda x, c: c - x, ANY_X, ANY_C),
    "c_times_x": (lambda t, c: c * t, lambda x, c: c * x, ANY_X, ANY_C),
    "x_times_c": (lambda t, c: t * c, lambda x, c: x * c, ANY_X, ANY_C),
    "x_over_c": (lambda t, c: t / c, lambda x, c: x / c, ANY_X, NONZERO_C),
    "c_over_x": (lambda t, c: c / t, lambda x, c: c / x, NONZERO_X, ANY_C),
}

# name -> (pbpit op, float64 reference, lhs elements, rhs elements)
BINARY = {
    "add": (lambda a, b: a + b, lambda a, b: a + b, ANY_X, ANY_X),
    "sub": (lambda a, b: a - b, lambda a, b: a - b, ANY_X, ANY_X),
    "mul": (lambda a, b: a * b, lambda a, b: a * b, ANY_X, ANY_X),
    "div": (lambda a, b: a / b, lambda a, b: a / b, ANY_X, NONZERO_X),
}

POWF_EXPONENTS = st.one_of(
    st.sampled_from([-2.5, -2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0, 3.0]),
    floats(-3.0, 3.0),
)


def _reshape_targets(shape: tuple[int, ...]) -> list[tuple[int, ...]]:
    n = math.prod(shape)
    targets = [(n,), (1, n), (n, 1), (1, n, 1)]
    targets += [(a, n // a) for a in range(2, n) if n % a == 0]
    return targets


# -- 1. gradients against float64 finite differences ------------------------------------------


@pytest.mark.parametrize("name", sorted(UNARY))
@SETTINGS
@given(data=st.data())
def test_unary_grad_matches_finite_differences(name, data):
    op, ref64, elements = UNARY[name]
    shape = data.draw(SHAPES, label="shape")
    x = data.draw(arrays(shape, elements), label="x")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    track_w = data.draw(st.booleans(), label="track_w")
    pb.reset()
    xt = leaf(x)
    grads, wt = weighted_loss(op(xt), w, track_w)

    expected = fd_grad(lambda x64: float(np.sum(ref64(x64) * w)), [x], 0)
    assert_close(grad_array(xt, grads), expected)
    if track_w:
        assert_close(grad_array(wt, grads), ref64(x.astype(np.float64)))


@pytest.mark.parametrize("name", sorted(SCALAR))
@SETTINGS
@given(data=st.data())
def test_scalar_op_grad_matches_finite_differences(name, data):
    op, ref64, x_elements, c_strategy = SCALAR[name]
    shape = data.draw(SHAPES, label="shape")
    x = data.draw(arrays(shape, x_elements), label="x")
    c = data.draw(c_strategy, label="c")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    grads, _ = weighted_loss(op(xt, c), w)

    c64 = float(F32(c))
    expected = fd_grad(lambda x64: float(np.sum(ref64(x64, c64) * w)), [x], 0)
    assert_close(grad_array(xt, grads), expected)


@SETTINGS
@given(
    shape=SHAPES,
    p=POWF_EXPONENTS,
    data=st.data(),
)
def test_powf_scalar_grad_matches_finite_differences(shape, p, data):
    assume(p != 0.0)  # `ones`, untracked: nothing to differentiate (tests/test_bits.py)
    x = data.draw(arrays(shape, floats(0.2, 5.0)), label="x")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    grads, _ = weighted_loss(xt.powf_scalar(p), w)

    p64 = float(F32(p))
    expected = fd_grad(lambda x64: float(np.sum(x64**p64 * w)), [x], 0)
    assert_close(grad_array(xt, grads), expected)


@pytest.mark.parametrize("name", sorted(BINARY))
@SETTINGS
@given(data=st.data())
def test_binary_grads_match_finite_differences(name, data):
    op, ref64, a_elements, b_elements = BINARY[name]
    shape = data.draw(SHAPES, label="shape")
    a = data.draw(arrays(shape, a_elements), label="a")
    b = data.draw(arrays(shape, b_elements), label="b")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    at, bt = leaf(a), leaf(b)
    grads, _ = weighted_loss(op(at, bt), w)

    def loss64(a64, b64):
        return float(np.sum(ref64(a64, b64) * w))

    assert_close(grad_array(at, grads), fd_grad(loss64, [a, b], 0))
    assert_close(grad_array(bt, grads), fd_grad(loss64, [a, b], 1))


@SETTINGS
@given(m=st.integers(1, 4), k=st.integers(1, 4), n=st.integers(1, 4), data=st.data())
def test_matmul_grads_match_finite_differences(m, k, n, data):
    a = data.draw(arrays((m, k), ANY_X), label="a")
    b = data.draw(arrays((k, n), ANY_X), label="b")
    w = data.draw(arrays((m, n), WEIGHT), label="w")
    pb.reset()
    at, bt = leaf(a), leaf(b)
    grads, _ = weighted_loss(at.matmul(bt), w)

    def loss64(a64, b64):
        return float(np.sum((a64 @ b64) * w))

    assert_close(grad_array(at, grads), fd_grad(loss64, [a, b], 0))
    assert_close(grad_array(bt, grads), fd_grad(loss64, [a, b], 1))


@pytest.mark.parametrize("reduction", ["sum", "mean"])
@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_full_reduction_grad_matches_finite_differences(reduction, shape, data):
    x = data.draw(arrays(shape, ANY_X), label="x")
    w = data.draw(arrays((1,), WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    out = xt.sum() if reduction == "sum" else xt.mean()
    assert out.shape == (1,)
    grads, _ = weighted_loss(out, w)

    ref64 = np.sum if reduction == "sum" else np.mean
    expected = fd_grad(lambda x64: float(ref64(x64) * w[0]), [x], 0)
    assert_close(grad_array(xt, grads), expected)


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_sum_dim_grad_matches_finite_differences(shape, data):
    dim = data.draw(st.integers(0, len(shape) - 1), label="dim")
    x = data.draw(arrays(shape, ANY_X), label="x")
    out_shape = tuple(1 if d == dim else s for d, s in enumerate(shape))
    w = data.draw(arrays(out_shape, WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    out = xt.sum_dim(dim)
    assert out.shape == out_shape
    grads, _ = weighted_loss(out, w)

    expected = fd_grad(lambda x64: float(np.sum(np.sum(x64, axis=dim, keepdims=True) * w)), [x], 0)
    assert_close(grad_array(xt, grads), expected)


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_reshape_grad_matches_finite_differences(shape, data):
    new_shape = data.draw(st.sampled_from(_reshape_targets(shape)), label="new_shape")
    x = data.draw(arrays(shape, ANY_X), label="x")
    w = data.draw(arrays(new_shape, WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    out = xt.reshape(list(new_shape))
    assert out.shape == new_shape
    grads, _ = weighted_loss(out, w)

    expected = fd_grad(lambda x64: float(np.sum(x64.reshape(new_shape) * w)), [x], 0)
    assert_close(grad_array(xt, grads), expected)


@st.composite
def cat_case(draw):
    """2-3 input shapes that fit together along `dim`, and `dim`."""
    ndim = draw(st.integers(1, 2), label="ndim")
    dim = draw(st.integers(0, ndim - 1), label="dim")
    base = list(draw(st.tuples(*[st.integers(1, 4)] * ndim), label="base"))
    count = draw(st.integers(2, 3), label="count")
    shapes = []
    for _ in range(count):
        s = list(base)
        s[dim] = draw(st.integers(1, 3))
        shapes.append(tuple(s))
    return shapes, dim


@SETTINGS
@given(case=cat_case(), data=st.data())
def test_cat_grads_match_finite_differences(case, data):
    shapes, dim = case
    xs = [data.draw(arrays(s, ANY_X), label=f"x{i}") for i, s in enumerate(shapes)]
    out_shape = np.concatenate(xs, axis=dim).shape
    w = data.draw(arrays(out_shape, WEIGHT), label="w")
    pb.reset()
    ts = [leaf(x) for x in xs]
    out = pb.Tensor.cat(ts, dim)
    assert out.shape == out_shape
    grads, _ = weighted_loss(out, w)

    def loss64(*parts):
        return float(np.sum(np.concatenate(parts, axis=dim) * w))

    for i, t in enumerate(ts):
        assert_close(grad_array(t, grads), fd_grad(loss64, xs, i))


# -- 2. exact closed forms, bit for bit ---------------------------------------------------------


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_mul_grads_are_exactly_the_other_operand(shape, data):
    x = data.draw(arrays(shape, ANY_X), label="x")
    w = data.draw(arrays(shape, ANY_X), label="w")
    pb.reset()
    xt, wt = leaf(x), leaf(w)
    grads = (xt * wt).sum().backward()
    assert_bits(grad_array(xt, grads), w)
    assert_bits(grad_array(wt, grads), x)


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_add_grads_are_exactly_ones(shape, data):
    a = data.draw(arrays(shape, ANY_X), label="a")
    b = data.draw(arrays(shape, ANY_X), label="b")
    pb.reset()
    at, bt = leaf(a), leaf(b)
    grads = (at + bt).sum().backward()
    assert_bits(grad_array(at, grads), np.ones(shape, F32))
    assert_bits(grad_array(bt, grads), np.ones(shape, F32))


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_sub_grads_are_exactly_ones_and_minus_ones(shape, data):
    a = data.draw(arrays(shape, ANY_X), label="a")
    b = data.draw(arrays(shape, ANY_X), label="b")
    pb.reset()
    at, bt = leaf(a), leaf(b)
    grads = (at - bt).sum().backward()
    assert_bits(grad_array(at, grads), np.ones(shape, F32))
    assert_bits(grad_array(bt, grads), -np.ones(shape, F32))


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_weighted_sub_grads_are_exactly_w_and_minus_w(shape, data):
    a = data.draw(arrays(shape, ANY_X), label="a")
    b = data.draw(arrays(shape, ANY_X), label="b")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    at, bt = leaf(a), leaf(b)
    grads, _ = weighted_loss(at - bt, w)
    assert_bits(grad_array(at, grads), w)
    assert_bits(grad_array(bt, grads), (w * F32(-1.0)).astype(F32))


@pytest.mark.parametrize("form", ["mul_scalar", "c_times_x", "x_times_c"])
@SETTINGS
@given(shape=SHAPES, c=floats(-1e3, 1e3), data=st.data())
def test_mul_scalar_grad_is_exactly_c_in_f32(form, shape, c, data):
    x = data.draw(arrays(shape, ANY_X), label="x")
    pb.reset()
    xt = leaf(x)
    out = {
        "mul_scalar": lambda: xt.mul_scalar(c),
        "c_times_x": lambda: c * xt,
        "x_times_c": lambda: xt * c,
    }[form]()
    grads = out.sum().backward()
    assert_bits(grad_array(xt, grads), np.full(shape, F32(c), F32))


@SETTINGS
@given(shape=SHAPES, c=NONZERO_C, data=st.data())
def test_div_scalar_grad_is_exactly_w_times_f32_reciprocal(shape, c, data):
    x = data.draw(arrays(shape, ANY_X), label="x")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    grads, _ = weighted_loss(xt.div_scalar(c), w)
    inverse = F32(F32(1.0) / F32(c))
    assert_bits(grad_array(xt, grads), (w * inverse).astype(F32))


@pytest.mark.parametrize("form", ["add_scalar", "sub_scalar", "x_plus_c", "c_plus_x", "x_minus_c"])
@SETTINGS
@given(shape=SHAPES, c=ANY_C, data=st.data())
def test_add_and_sub_scalar_pass_the_grad_through_exactly(form, shape, c, data):
    x = data.draw(arrays(shape, ANY_X), label="x")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    out = {
        "add_scalar": lambda: xt.add_scalar(c),
        "sub_scalar": lambda: xt.sub_scalar(c),
        "x_plus_c": lambda: xt + c,
        "c_plus_x": lambda: c + xt,
        "x_minus_c": lambda: xt - c,
    }[form]()
    grads, _ = weighted_loss(out, w)
    assert_bits(grad_array(xt, grads), w)


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_neg_grad_is_exactly_minus_w(shape, data):
    x = data.draw(arrays(shape, ANY_X), label="x")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    grads, _ = weighted_loss(xt.neg(), w)
    assert_bits(grad_array(xt, grads), (w * F32(-1.0)).astype(F32))


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_exp_grad_is_exactly_expf_times_w(shape, data):
    x = data.draw(arrays(shape, floats(-10.0, 10.0)), label="x")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    grads, _ = weighted_loss(xt.exp(), w)
    assert_bits(grad_array(xt, grads), (w * expf(x)).astype(F32))


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_log_grad_is_exactly_w_times_reciprocal(shape, data):
    x = data.draw(arrays(shape, floats(0.01, 100.0)), label="x")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    grads, _ = weighted_loss(xt.log(), w)
    assert_bits(grad_array(xt, grads), (w * (F32(1.0) / x)).astype(F32))


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_sqrt_grad_is_exactly_w_times_powf_half_over_two(shape, data):
    x = data.draw(arrays(shape, floats(0.01, 100.0)), label="x")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    grads, _ = weighted_loss(xt.sqrt(), w)
    value = (powf(x, -0.5) / F32(2.0)).astype(F32)
    assert_bits(grad_array(xt, grads), (w * value).astype(F32))


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_tanh_grad_is_exactly_w_times_one_minus_tanhf_squared(shape, data):
    x = data.draw(arrays(shape, floats(-6.0, 6.0)), label="x")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    grads, _ = weighted_loss(xt.tanh(), w)
    t = tanhf(x)
    value = ((-(t * t)).astype(F32) + F32(1.0)).astype(F32)
    assert_bits(grad_array(xt, grads), (w * value).astype(F32))


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_sigmoid_grad_is_exactly_flex_formula(shape, data):
    x = data.draw(arrays(shape, floats(-12.0, 12.0)), label="x")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    grads, _ = weighted_loss(xt.sigmoid(), w)
    # Flex's sigmoid: 1/(1+expf(-x)) for x >= 0, else e/(1+e) with e = expf(x).
    e_neg = expf((-x).astype(F32))
    e_pos = expf(x)
    s = np.where(
        x >= 0,
        (F32(1.0) / (F32(1.0) + e_neg).astype(F32)).astype(F32),
        (e_pos / (F32(1.0) + e_pos).astype(F32)).astype(F32),
    ).astype(F32)
    # Flex's sigmoid_backward: (g * s) * (1 - s), with g = w here.
    expected = ((w * s).astype(F32) * (F32(1.0) - s).astype(F32)).astype(F32)
    assert_bits(grad_array(xt, grads), expected)


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_relu_grad_is_w_where_input_positive_and_zero_elsewhere(shape, data):
    elements = st.one_of(floats(-5.0, 5.0), st.sampled_from([0.0, -0.0]))
    x = data.draw(arrays(shape, elements), label="x")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    grads, _ = weighted_loss(xt.relu(), w)
    assert_bits(grad_array(xt, grads), np.where(x > 0, w, F32(0.0)).astype(F32))


def test_abs_grad_is_w_times_the_sign_and_signed_zero_at_zero():
    # By hand: d|x|/dx = sign(x), and Burn's (Flex's) sign is +0.0 at both zeros, so the
    # gradient there is w * +0.0, which keeps w's sign.
    pb.reset()
    x = leaf([-2.0, 3.0, 0.0, -0.0, 0.5])
    w = np.array([1.5, -2.0, 4.0, -1.0, -0.25], dtype=F32)
    y = x.abs()
    assert y.to_vec() == [2.0, 3.0, 0.0, 0.0, 0.5]
    assert not np.signbit(np.array(y.to_vec(), dtype=F32)).any()  # |-0.0| is +0.0
    grads, _ = weighted_loss(y, w)
    assert_bits(grad_array(x, grads), np.array([-1.5, -2.0, 0.0, -0.0, -0.25], dtype=F32))


def test_abs_of_untracked_is_untracked_and_of_tracked_is_tracked():
    pb.reset()
    assert not leaf([-1.0], grad=False).abs().is_tracked()
    assert leaf([-1.0]).abs().is_tracked()


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_recip_grad_is_exactly_minus_w_over_x_squared(shape, data):
    x = data.draw(arrays(shape, away_from_zero(0.05, 20.0)), label="x")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    grads, _ = weighted_loss(xt.recip(), w)
    value = (F32(1.0) / (x * x).astype(F32)).astype(F32)
    assert_bits(grad_array(xt, grads), (w * (-value)).astype(F32))


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_div_grads_are_exactly_burns_formulas(shape, data):
    a = data.draw(arrays(shape, ANY_X), label="a")
    b = data.draw(arrays(shape, away_from_zero(0.05, 20.0)), label="b")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    at, bt = leaf(a), leaf(b)
    grads, _ = weighted_loss(at / bt, w)
    # lhs: g * (1/b); rhs: g * ((-a) / (b*b)), the quotient first, then times g.
    expected_a = (w * (F32(1.0) / b).astype(F32)).astype(F32)
    expected_b = (w * ((-a).astype(F32) / (b * b).astype(F32)).astype(F32)).astype(F32)
    assert_bits(grad_array(at, grads), expected_a)
    assert_bits(grad_array(bt, grads), expected_b)


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_sum_grad_is_exactly_ones(shape, data):
    x = data.draw(arrays(shape, ANY_X), label="x")
    pb.reset()
    xt = leaf(x)
    grads = xt.sum().backward()
    assert_bits(grad_array(xt, grads), np.ones(shape, F32))


@SETTINGS
@given(shape=SHAPES, w=WEIGHT, data=st.data())
def test_weighted_sum_grad_is_exactly_the_weight_everywhere(shape, w, data):
    x = data.draw(arrays(shape, ANY_X), label="x")
    pb.reset()
    xt = leaf(x)
    grads, _ = weighted_loss(xt.sum(), np.array([w], F32))
    assert_bits(grad_array(xt, grads), np.full(shape, F32(w), F32))


@SETTINGS
@given(shape=SHAPES, w=WEIGHT, data=st.data())
def test_mean_grad_is_exactly_f32_of_one_over_n_times_w(shape, w, data):
    x = data.draw(arrays(shape, ANY_X), label="x")
    pb.reset()
    xt = leaf(x)
    grads, _ = weighted_loss(xt.mean(), np.array([w], F32))
    n = math.prod(shape)
    value = F32(F32(1.0 / n) * F32(w))
    assert_bits(grad_array(xt, grads), np.full(shape, value, F32))


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_sum_dim_grad_broadcasts_w_exactly(shape, data):
    dim = data.draw(st.integers(0, len(shape) - 1), label="dim")
    x = data.draw(arrays(shape, ANY_X), label="x")
    out_shape = tuple(1 if d == dim else s for d, s in enumerate(shape))
    w = no_negative_zero(data.draw(arrays(out_shape, WEIGHT), label="w"))
    pb.reset()
    xt = leaf(x)
    grads, _ = weighted_loss(xt.sum_dim(dim), w)
    assert_bits(grad_array(xt, grads), np.broadcast_to(w, shape))


def test_sum_dim_backward_turns_negative_zero_grad_into_positive_zero():
    pb.reset()
    xt = leaf([[1.0, 2.0], [3.0, 4.0]])
    # The grad reaching sum_dim's output is 1 * w = [[-0.0, 1.0]].
    grads, _ = weighted_loss(xt.sum_dim(0), np.array([[-0.0, 1.0]], F32))
    # Burn: ones([2, 2]) * sum_dim([[-0.0, 1.0]], 0) = ones * [[+0.0, 1.0]].
    assert_bits(grad_array(xt, grads), np.array([[0.0, 1.0], [0.0, 1.0]], F32))


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_reshape_grad_routes_w_back_exactly(shape, data):
    new_shape = data.draw(st.sampled_from(_reshape_targets(shape)), label="new_shape")
    x = data.draw(arrays(shape, ANY_X), label="x")
    w = data.draw(arrays(new_shape, ANY_X), label="w")
    pb.reset()
    xt = leaf(x)
    grads, _ = weighted_loss(xt.reshape(list(new_shape)), w)
    assert_bits(grad_array(xt, grads), w.reshape(shape))


@SETTINGS
@given(case=cat_case(), data=st.data())
def test_cat_grads_are_exactly_the_slices_of_w(case, data):
    shapes, dim = case
    xs = [data.draw(arrays(s, ANY_X), label=f"x{i}") for i, s in enumerate(shapes)]
    out_shape = np.concatenate(xs, axis=dim).shape
    w = data.draw(arrays(out_shape, ANY_X), label="w")
    pb.reset()
    ts = [leaf(x) for x in xs]
    grads, _ = weighted_loss(pb.Tensor.cat(ts, dim), w)
    bounds = np.cumsum([s[dim] for s in shapes])[:-1]
    for t, part in zip(ts, np.split(w, bounds, axis=dim), strict=True):
        assert_bits(grad_array(t, grads), part)


def test_cat_along_negative_dim_routes_slices_back():
    pb.reset()
    a, b = leaf([[1.0, 2.0]]), leaf([[3.0, 4.0, 5.0]])
    w = np.array([[1.0, 2.0, 3.0, 4.0, 5.0]], F32)
    grads, _ = weighted_loss(pb.Tensor.cat([a, b], -1), w)
    assert_bits(grad_array(a, grads), w[:, :2])
    assert_bits(grad_array(b, grads), w[:, 2:])


@SETTINGS
@given(m=st.integers(1, 4), k=st.integers(1, 4), n=st.integers(1, 4), data=st.data())
def test_matmul_grads_of_sum_are_exact_row_and_column_sums(m, k, n, data):
    x = data.draw(arrays((m, k), ANY_X), label="x")
    y = data.draw(arrays((k, n), ANY_X), label="y")
    pb.reset()
    xt, yt = leaf(x), leaf(y)
    grads = xt.matmul(yt).sum().backward()
    # Each entry is a sum in the order of the path gemm takes for these shapes and strides.
    # d/dx = ones(m, n) @ y.T: a row-major lhs by a column-major rhs, up to 256 outputs: gemm's
    # horizontal kernel (8 lanes, added as a tree).
    row_sums = np.array([f32_lane_tree_sum(y[p]) for p in range(k)], F32)
    assert_bits(grad_array(xt, grads), np.broadcast_to(row_sums, (m, k)))
    # d/dy = x.T @ ones(m, n): the horizontal kernel for one output, the products added from the
    # first for k <= 2 or a vector, else one block of fused multiply-adds from +0.0.
    if k == 1 and n == 1:
        column_sum = f32_lane_tree_sum
    elif m <= 2 or k == 1 or n == 1:
        column_sum = f32_chain_sum
    else:
        column_sum = f32_seq_sum
    col_sums = np.array([column_sum(x[:, p]) for p in range(k)], F32)
    assert_bits(grad_array(yt, grads), np.broadcast_to(col_sums[:, None], (k, n)))


def f32_chain_sum(values) -> F32:
    """Sum in float32, in index order, from the first value."""
    acc = F32(values[0])
    for v in values[1:]:
        acc = F32(acc + F32(v))
    return acc


def f32_lane_tree_sum(values) -> F32:
    """gemm's horizontal kernel: value i into lane i % 8 (from +0.0), then
    ((l0 + l4) + (l2 + l6)) + ((l1 + l5) + (l3 + l7))."""
    lanes = [F32(0.0)] * 8
    for i, v in enumerate(values):
        lanes[i % 8] = F32(lanes[i % 8] + F32(v))
    l0, l1, l2, l3, l4, l5, l6, l7 = lanes
    return F32(F32(F32(l0 + l4) + F32(l2 + l6)) + F32(F32(l1 + l5) + F32(l3 + l7)))


@SETTINGS
@given(
    p=st.one_of(st.sampled_from([-2.5, -0.5, 0.5, 1.5, 2.5, 3.0, 4.0]), floats(-3.0, 3.0)),
    shape=SHAPES,
    data=st.data(),
)
def test_powf_scalar_grad_is_exactly_w_times_p_times_x_to_p_minus_one(p, shape, data):
    p = float(F32(p))
    if p in (-2.0, -1.0, 0.0, 1.0, 2.0):
        p += 0.25  # the whole exponents Burn reroutes have tests of their own below
    p = float(F32(p))
    x = data.draw(arrays(shape, floats(0.2, 5.0)), label="x")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    grads, _ = weighted_loss(xt.powf_scalar(p), w)
    q = float(F32(F32(p) - F32(1.0)))
    # Burn's backend powf_scalar(x, p - 1): whole q by multiplication / reciprocal, else powf.
    shortcut = {
        2.0: lambda: (x * x).astype(F32),
        1.0: lambda: x,
        0.0: lambda: np.ones_like(x),
        -1.0: lambda: (F32(1.0) / x).astype(F32),
        -2.0: lambda: (F32(1.0) / (x * x).astype(F32)).astype(F32),
    }
    power = shortcut[q]() if q in shortcut else powf(x, q)
    value = (power * F32(p)).astype(F32)
    assert_bits(grad_array(xt, grads), (w * value).astype(F32))


# -- 3. powf_scalar's whole-exponent shortcuts ------------------------------------------------


def test_powf_scalar_one_is_the_input_itself():
    pb.reset()
    xt = leaf([0.5, -1.5, 3.0])
    y = xt.powf_scalar(1.0)
    assert y.node_id == xt.node_id
    probe = pb.Tensor.zeros([1], DEV)
    assert probe.node_id == xt.node_id + 1, "powf_scalar(1.0) must not take a node id"
    w = np.array([2.0, -0.75, 0.125], F32)
    grads, _ = weighted_loss(y, w)
    assert_bits(grad_array(xt, grads), w)


# exponent -> node ids the call takes (Burn: 2 -> mul, -1 -> recip, -2 -> mul + recip,
# 0 -> ones (one untracked node), 1 -> none, anything else -> one powf node)
POWF_NEW_IDS = {1.0: 0, 2.0: 1, -1.0: 1, -2.0: 2, 0.0: 1, 3.0: 1, 0.5: 1, -0.5: 1}


@pytest.mark.parametrize("p", sorted(POWF_NEW_IDS))
def test_powf_scalar_takes_the_expected_number_of_node_ids(p):
    pb.reset()
    xt = leaf([0.5, 1.5, 3.0])
    before = pb.Tensor.zeros([1], DEV).node_id
    y = xt.powf_scalar(p)
    after = pb.Tensor.zeros([1], DEV).node_id
    assert after - before - 1 == POWF_NEW_IDS[p]
    assert y.is_tracked() == (p != 0.0)


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_powf_scalar_two_is_one_mul_node_with_grad_wx_plus_wx(shape, data):
    x = data.draw(arrays(shape, ANY_X), label="x")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    y = xt.powf_scalar(2.0)
    probe = pb.Tensor.zeros([1], DEV)
    assert y.node_id == xt.node_id + 1
    assert probe.node_id == y.node_id + 1
    assert_bits(np.array(y.to_vec(), F32).reshape(shape), (x * x).astype(F32))
    grads, _ = weighted_loss(y, w)
    wx = (w * x).astype(F32)
    assert_bits(grad_array(xt, grads), (wx + wx).astype(F32))


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_powf_scalar_zero_is_untracked_ones_and_gives_no_grad(shape, data):
    x = data.draw(arrays(shape, ANY_X), label="x")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    y = xt.powf_scalar(0.0)
    assert not y.is_tracked()
    assert_bits(np.array(y.to_vec(), F32).reshape(shape), np.ones(shape, F32))
    grads, _ = weighted_loss(y, w, track_w=True)
    assert xt.grad(grads) is None


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_powf_scalar_three_grad_is_three_x_squared(shape, data):
    x = data.draw(arrays(shape, ANY_X), label="x")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    grads, _ = weighted_loss(xt.powf_scalar(3.0), w)
    x64 = x.astype(np.float64)
    assert_close(grad_array(xt, grads), 3.0 * x64 * x64 * w)


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_powf_scalar_minus_one_grad_is_the_recip_grad(shape, data):
    x = data.draw(arrays(shape, away_from_zero(0.05, 20.0)), label="x")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    grads, _ = weighted_loss(xt.powf_scalar(-1.0), w)
    value = (F32(1.0) / (x * x).astype(F32)).astype(F32)
    assert_bits(grad_array(xt, grads), (w * (-value)).astype(F32))


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_powf_scalar_minus_two_grad_is_minus_two_over_x_cubed(shape, data):
    x = data.draw(arrays(shape, away_from_zero(0.2, 5.0)), label="x")
    w = data.draw(arrays(shape, WEIGHT), label="w")
    pb.reset()
    xt = leaf(x)
    grads, _ = weighted_loss(xt.powf_scalar(-2.0), w)
    x64 = x.astype(np.float64)
    assert_close(grad_array(xt, grads), -2.0 * w / x64**3)


# -- 4. accumulation ----------------------------------------------------------------------------


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_x_times_x_grad_is_exactly_two_x(shape, data):
    x = data.draw(arrays(shape, ANY_X), label="x")
    pb.reset()
    xt = leaf(x)
    grads = (xt * xt).sum().backward()
    assert_bits(grad_array(xt, grads), (x + x).astype(F32))


INTEGER_WEIGHT = st.integers(-8, 8).map(float)


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_three_branches_accumulate_all_three_grads(shape, data):
    x = data.draw(arrays(shape, ANY_X), label="x")
    # Small integer weights: their f32 sum is exact in any order.
    w1, w2, w3 = (data.draw(arrays(shape, INTEGER_WEIGHT), label=f"w{i}") for i in (1, 2, 3))
    pb.reset()
    xt = leaf(x)
    t1, t2, t3 = leaf(w1, False), leaf(w2, False), leaf(w3, False)
    loss = (xt * t1).sum() + (xt * t2).sum() + (xt * t3).sum()
    grads = loss.backward()
    assert_bits(grad_array(xt, grads), (w1 + w2 + w3).astype(F32))


@SETTINGS
@given(shape=SHAPES, data=st.data())
def test_branches_of_different_depths_accumulate(shape, data):
    x = data.draw(arrays(shape, floats(-3.0, 3.0)), label="x")
    w1 = data.draw(arrays(shape, WEIGHT), label="w1")
    w2 = data.draw(arrays(shape, WEIGHT), label="w2")
    pb.reset()
    xt = leaf(x)
    a = (xt.exp() * leaf(w1, False)).sum()
    b = ((xt * xt).tanh() * leaf(w2, False)).sum()
    c = xt.mul_scalar(3.0).sum()
    grads = (a + b + c).backward()

    def loss64(x64):
        return float(np.sum(np.exp(x64) * w1) + np.sum(np.tanh(x64 * x64) * w2) + np.sum(3 * x64))

    assert_close(grad_array(xt, grads), fd_grad(loss64, [x], 0))


# -- 5. which tensors get a gradient, which results are tracked ---------------------------------


@pytest.mark.parametrize("name", sorted(BINARY) + ["matmul", "cat"])
@pytest.mark.parametrize("tracked", [(True, False), (False, True)])
def test_untracked_operand_gets_no_grad(name, tracked):
    pb.reset()
    a = leaf([[0.5, 2.0], [-1.5, 3.0]], tracked[0])
    b = leaf([[1.25, -0.5], [2.0, 4.0]], tracked[1])
    if name == "matmul":
        out = a.matmul(b)
    elif name == "cat":
        out = pb.Tensor.cat([a, b], 0)
    else:
        out = BINARY[name][0](a, b)
    grads = out.sum().backward()
    for t, is_tracked in zip((a, b), tracked, strict=True):
        if is_tracked:
            assert t.grad(grads) is not None
        else:
            assert t.grad(grads) is None


def test_constant_mul_operand_gets_none():
    pb.reset()
    c = pb.Tensor.ones([3], DEV)
    xt = leaf([1.0, -2.0, 4.0])
    grads = (c * xt).sum().backward()
    assert c.grad(grads) is None
    assert_bits(grad_array(xt, grads), np.ones(3, F32))


def test_leaf_outside_the_loss_and_intermediates_get_none():
    pb.reset()
    xt = leaf([1.0, 2.0])
    unused = leaf([3.0, 4.0])
    hidden = xt.exp()
    grads = hidden.sum().backward()
    assert xt.grad(grads) is not None
    assert unused.grad(grads) is None
    assert hidden.grad(grads) is None


UNARY_OPS: dict[str, Callable[[pb.Tensor], pb.Tensor]] = {
    **{name: spec[0] for name, spec in UNARY.items()},
    # (powf_scalar(0.0) is `ones`, never tracked: tests/test_bits.py)
    **{f"powf_{p}": (lambda t, p=p: t.powf_scalar(p)) for p in (2.0, -1.0, -2.0, 0.5)},
    "add_scalar": lambda t: t.add_scalar(1.5),
    "sub_scalar": lambda t: t.sub_scalar(1.5),
    "mul_scalar": lambda t: t.mul_scalar(1.5),
    "div_scalar": lambda t: t.div_scalar(1.5),
    "c_minus_x": lambda t: 1.0 - t,
    "c_over_x": lambda t: 2.0 / t,
    "sum": lambda t: t.sum(),
    "mean": lambda t: t.mean(),
    "sum_dim_0": lambda t: t.sum_dim(0),
    "sum_dim_1": lambda t: t.sum_dim(1),
    "reshape": lambda t: t.reshape([4]),
}


@pytest.mark.parametrize("name", sorted(UNARY_OPS))
@pytest.mark.parametrize("tracked", [True, False])
def test_unary_result_is_tracked_iff_its_input_is(name, tracked):
    pb.reset()
    xt = leaf([[0.5, 2.0], [1.5, 3.0]], tracked)
    out = UNARY_OPS[name](xt)
    assert out.is_tracked() == tracked
    assert not out.is_require_grad()


@pytest.mark.parametrize("name", sorted(BINARY) + ["matmul", "cat2", "cat3"])
@pytest.mark.parametrize("tracked", [(False, False), (True, False), (False, True), (True, True)])
def test_multi_input_result_is_tracked_iff_an_input_is(name, tracked):
    pb.reset()
    a = leaf([[0.5, 2.0], [-1.5, 3.0]], tracked[0])
    b = leaf([[1.25, -0.5], [2.0, 4.0]], tracked[1])
    if name == "matmul":
        out = a.matmul(b)
    elif name == "cat2":
        out = pb.Tensor.cat([a, b], 1)
    elif name == "cat3":
        out = pb.Tensor.cat([a, leaf([[7.0, 8.0]], False), b], 0)
    else:
        out = BINARY[name][0](a, b)
    assert out.is_tracked() == any(tracked)
    assert not out.is_require_grad()
