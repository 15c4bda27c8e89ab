"""Ops added for what training code calls (`sin`, `cos`, `log1p`): forward and backward to the
bit, against references outside the engine.

References: the C library's `sinf`/`cosf`/`log1pf` through ctypes, one value at a time (what
Rust's `f32::sin`, `cos` and `ln_1p` call, and so Flex's `unary::sin`.. in burn-flex
`ops/unary.rs`), composed as burn-autodiff's backward composes them (`ops/tensor.rs`:
`float_sin` is `grad * cos(x)`, `float_cos` `grad * neg(sin(x))`, `float_log1p`
`grad * recip(x + 1)`), each step rounded to f32; and, where rustc is on PATH, a Rust program
computing the same in f32, whose printed values must be pbpit's.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import shutil
import subprocess
import textwrap

import numpy as np
import pytest
from pbpit_process import pbpit_run

import pbpit as pb
from pbpit.engine import activation, f32, kernels

F32 = np.float32
DEV = pb.Device.flex().autodiff()
_LIBM = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
for _name in ("sinf", "cosf", "log1pf"):
    getattr(_LIBM, _name).restype = ctypes.c_float
    getattr(_LIBM, _name).argtypes = [ctypes.c_float]


def c_map(name: str, x: np.ndarray) -> np.ndarray:
    function = getattr(_LIBM, name)
    return np.array([F32(function(float(v))) for v in x.reshape(-1)], F32).reshape(x.shape)


def bits(a) -> list[int]:
    return np.asarray(a, F32).view(np.uint32).reshape(-1).tolist()


def random_floats(n: int, seed: int) -> np.ndarray:
    """Finite float32 values from random bit patterns, plus ordinary ones."""
    rng = np.random.default_rng(seed)
    raw = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32).view(F32)
    raw = raw[np.isfinite(raw)]
    ordinary = rng.uniform(-10.0, 10.0, n).astype(F32)
    return np.concatenate([raw, ordinary, np.array([0.0, -0.0, 1e-40, -1e-40], F32)])


@pytest.mark.parametrize(("op", "c_name"), [("sin", "sinf"), ("cos", "cosf"), ("log1p", "log1pf")])
def test_each_path_gives_the_c_librarys_bits(op, c_name):
    x = random_floats(3000, 1)
    expected = bits(c_map(c_name, x))
    assert bits(getattr(f32, op)(x[:100])) == expected[:100]  # ctypes, small
    assert bits(getattr(f32, op)(x)) == expected  # numba's dispatcher
    out = np.empty_like(x)
    getattr(kernels, op)(x, out)  # the parallel kernel
    assert bits(out) == expected


def _forward_backward(op, x: np.ndarray, w: np.ndarray) -> tuple[list[int], list[int]]:
    """The op (a method's name, or a function of the tensor) forward, and its gradient of
    `(op(x) * w).sum()`, as bits."""
    pb.reset()
    xt = pb.Tensor.from_floats(x, DEV).require_grad()
    out = op(xt.clone()) if callable(op) else getattr(xt.clone(), op)()
    grads = (out.clone() * pb.Tensor.from_floats(w, DEV)).sum().backward()
    return bits(out.to_vec()), bits(xt.grad(grads).to_vec())


def test_sin_forward_and_backward_are_burns_formula_in_f32():
    x = random_floats(200, 2)
    w = np.random.default_rng(3).uniform(-2, 2, x.size).astype(F32)
    forward, grad = _forward_backward("sin", x, w)
    assert forward == bits(c_map("sinf", x))
    assert grad == bits(w * c_map("cosf", x))


def test_cos_forward_and_backward_are_burns_formula_in_f32():
    x = random_floats(200, 4)
    w = np.random.default_rng(5).uniform(-2, 2, x.size).astype(F32)
    forward, grad = _forward_backward("cos", x, w)
    assert forward == bits(c_map("cosf", x))
    assert grad == bits(w * -c_map("sinf", x))


def test_log1p_forward_and_backward_are_burns_formula_in_f32():
    x = np.abs(random_floats(200, 6))
    w = np.random.default_rng(7).uniform(-2, 2, x.size).astype(F32)
    forward, grad = _forward_backward("log1p", x, w)
    assert forward == bits(c_map("log1pf", x))
    with np.errstate(over="ignore"):
        assert grad == bits(w * (F32(1.0) / (x + F32(1.0))))


@pytest.mark.parametrize("op", ["sin", "cos", "log1p"])
def test_one_node_each_tracked_as_its_input(op):
    pb.reset()
    x = pb.Tensor.from_floats([0.5, 1.5], DEV)
    y = getattr(x.clone().require_grad(), op)()
    z = getattr(x.detach(), op)()
    assert (y.node_id, y.is_tracked(), z.node_id, z.is_tracked()) == (1, True, 3, False)


PROGRAM_VALUES = "[1.0, -2.0, 3.0, 0.5, 1.0e4, -3.0e5, 1.0e-40, 7.25]"
WEIGHTS = "[0.5, -1.5, 2.0, 1.0, -0.25, 0.75, 1.25, -2.0]"


@pytest.mark.skipif(shutil.which("rustc") is None, reason="rustc is not on PATH")
def test_a_burn_program_prints_what_rusts_f32_computes(tmp_path):
    oracle = tmp_path / "oracle.rs"
    oracle.write_text(
        textwrap.dedent(
            f"""
            use std::hint::black_box;
            fn main() {{
                let xs: [f32; 8] = black_box({PROGRAM_VALUES});
                let ws: [f32; 8] = black_box({WEIGHTS});
                let each = |f: &dyn Fn(f32, f32) -> f32| -> Vec<f32> {{
                    xs.iter().zip(ws.iter()).map(|(x, w)| f(*x, *w)).collect()
                }};
                println!("{{:?}}", each(&|x, _| x.sin()));
                println!("{{:?}}", each(&|x, _| x.cos()));
                println!("{{:?}}", each(&|x, _| x.abs().ln_1p()));
                println!("{{:?}}", each(&|x, w| w * x.cos()));
                println!("{{:?}}", each(&|x, w| w * -(x.sin())));
                println!("{{:?}}", each(&|x, w| w * (1.0 / (x.abs() + 1.0))));
            }}
            """
        )
    )
    subprocess.run(["rustc", "-o", str(tmp_path / "oracle"), str(oracle)], check=True)
    expected = subprocess.run([str(tmp_path / "oracle")], capture_output=True, text=True).stdout
    program = tmp_path / "main.rs"
    program.write_text(
        textwrap.dedent(
            f"""
            use burn::prelude::*;

            fn main() {{
                let device = Device::flex().autodiff();
                let x = Tensor::<1>::from_floats({PROGRAM_VALUES}, &device).require_grad();
                let w = Tensor::<1>::from_floats({WEIGHTS}, &device);
                let a = x.clone().abs().detach().require_grad();
                let s = x.clone().sin();
                let c = x.clone().cos();
                let l = a.clone().log1p();
                println!("{{:?}}", s.clone().into_data().to_vec::<f32>().unwrap());
                println!("{{:?}}", c.clone().into_data().to_vec::<f32>().unwrap());
                println!("{{:?}}", l.clone().into_data().to_vec::<f32>().unwrap());
                let g = (s * w.clone()).sum().backward();
                println!("{{:?}}", x.grad(&g).unwrap().into_data().to_vec::<f32>().unwrap());
                let g = (c * w.clone()).sum().backward();
                println!("{{:?}}", x.grad(&g).unwrap().into_data().to_vec::<f32>().unwrap());
                let g = (l * w).sum().backward();
                println!("{{:?}}", a.grad(&g).unwrap().into_data().to_vec::<f32>().unwrap());
            }}
            """
        )
    )
    status, out, _ = pbpit_run(program)
    assert (status, out) == (0, expected)


# -- expand: burn-autodiff's ExpandDim --------------------------------------------------------


@pytest.mark.parametrize(
    ("shape", "target"),
    [((3, 1), (3, 4)), ((3,), (2, 3)), ((1, 3), (2, 4, 3)), ((2, 1, 3), (2, 5, 3)), ((1,), (4,))],
)
def test_expand_forward_and_backward_against_torch(shape, target):
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(sum(target))
    # Whole numbers: every order of summing gives the same f32, so torch's order is no matter.
    x = rng.integers(-9, 10, shape).astype(F32)
    w = rng.integers(-9, 10, target).astype(F32)
    pb.reset()
    xt = pb.Tensor.from_floats(x, DEV).require_grad()
    out = xt.clone().expand(list(target))
    grads = (out.clone() * pb.Tensor.from_floats(w, DEV)).sum().backward()
    tx = torch.tensor(x, requires_grad=True)
    ty = tx.expand(*target)
    (ty * torch.tensor(w)).sum().backward()
    assert out.shape == target and out.node_id == 1  # one node
    assert bits(out.to_vec()) == bits(ty.detach().numpy())
    assert bits(xt.grad(grads).to_vec()) == bits(tx.grad.numpy())


def test_expand_keeps_a_dim_given_as_minus_one():
    pb.reset()
    x = pb.Tensor.from_floats([[1.0], [2.0]], DEV)
    assert x.expand([3, -1, 2]).shape == (3, 2, 2)


def test_expand_to_an_incompatible_shape_is_burns_panic(tmp_path):
    program = tmp_path / "main.rs"
    program.write_text(
        textwrap.dedent(
            """
            use burn::prelude::*;

            fn main() {
                let device = Device::flex().autodiff();
                let x = Tensor::<2>::from_floats([[1.0, 2.0, 3.0]], &device);
                let y: Tensor<3> = x.expand([2, 4, 2]);
            }
            """
        )
    )
    status, out, err = pbpit_run(program)
    # burn-tensor `TensorCheck::expand` (check.rs), at its `check!` in `Tensor::expand`
    # (base.rs:3050 at 2c06be35); the dim is counted from the right, shapes as Shape's Debug.
    assert (status, out) == (101, "")
    assert err.endswith(
        "burn-tensor-0.22.1/src/tensor/api/base.rs:3050:9:\n"
        "=== Tensor Operation Error ===\n  Operation: 'Expand'\n  Reason:\n"
        "    1. The provided tensor can't be broadcasted to the target shape. Incompatible size "
        "at dimension '0' => '3 != 2', which can't be broadcasted. Tensor shape "
        "Shape { dims: [1, 3] }, Target shape Shape { dims: [2, 4, 2] }. \n\n"
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
    )


# -- flip and slice_assign: copies, so torch's results are the bits to expect ------------------


def test_flip_forward_and_backward_against_torch():
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(11)
    x = rng.normal(size=(2, 3, 4)).astype(F32)
    w = rng.normal(size=(2, 3, 4)).astype(F32)
    pb.reset()
    xt = pb.Tensor.from_floats(x, DEV).require_grad()
    out = xt.clone().flip([0, -1])
    grads = (out.clone() * pb.Tensor.from_floats(w, DEV)).sum().backward()
    tx = torch.tensor(x, requires_grad=True)
    ty = tx.flip([0, -1])
    (ty * torch.tensor(w)).sum().backward()
    assert out.node_id == 1 and bits(out.to_vec()) == bits(ty.detach().numpy())
    assert bits(xt.grad(grads).to_vec()) == bits(tx.grad.numpy())


def test_flip_of_an_axis_twice_is_burns_panic():
    x = pb.Tensor.from_floats(np.ones((2, 3), F32), DEV)
    with pytest.raises(pb.Panic) as caught:
        x.flip([1, -1])
    assert caught.value.message == (
        "=== Tensor Operation Error ===\n  Operation: 'flip'\n  Reason:\n"
        "    1. The axes must be unique. The axes '[1, 1]' are not unique. \n"
    )
    assert caught.value.location.endswith("burn-tensor-0.22.1/src/tensor/api/base.rs:646:9")


@pytest.mark.parametrize("tracked", [(True, True), (True, False), (False, True)])
def test_slice_assign_forward_and_backward_against_torch(tracked):
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(12)
    x = rng.normal(size=(3, 4)).astype(F32)
    v = rng.normal(size=(2, 2)).astype(F32)
    w = rng.normal(size=(3, 4)).astype(F32)
    pb.reset()
    xt = pb.Tensor.from_floats(x, DEV)
    vt = pb.Tensor.from_floats(v, DEV)
    xt = xt.require_grad() if tracked[0] else xt
    vt = vt.require_grad() if tracked[1] else vt
    out = xt.clone().slice_assign([(1, 3), (0, 2)], vt.clone())
    grads = (out.clone() * pb.Tensor.from_floats(w, DEV)).sum().backward()
    tx, tv = torch.tensor(x, requires_grad=True), torch.tensor(v, requires_grad=True)
    ty = tx.clone()
    ty[1:3, 0:2] = tv
    (ty * torch.tensor(w)).sum().backward()
    assert out.node_id == 2  # x 0, v 1: one node
    assert bits(out.to_vec()) == bits(ty.detach().numpy())
    if tracked[0]:
        assert bits(xt.grad(grads).to_vec()) == bits(tx.grad.numpy())
    if tracked[1]:
        assert bits(vt.grad(grads).to_vec()) == bits(tv.grad.numpy())


def test_slice_assign_of_an_empty_slice_is_the_tensor_itself():
    # burn-tensor `slice_assign`: an assignment of no element returns `self` (no new node).
    pb.reset()
    x = pb.Tensor.from_floats(np.ones((2, 2), F32), DEV).require_grad()
    out = x.slice_assign([(1, 1)], pb.Tensor.from_floats(np.ones((0, 2), F32), DEV))
    assert out.node_id == x.node_id == 0


def test_flip_and_slice_assign_from_rust(tmp_path):
    program = tmp_path / "main.rs"
    program.write_text(
        textwrap.dedent(
            """
            use burn::prelude::*;

            fn main() {
                let device = Device::flex().autodiff();
                let x = Tensor::<2>::from_floats([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], &device);
                let x = x.require_grad();
                let v = Tensor::<2>::from_floats([[10.0, 20.0]], &device).require_grad();
                let y = x.clone().flip([1]).slice_assign([1..2, 0..2], v.clone());
                println!("{:?}", y.clone().into_data().to_vec::<f32>().unwrap());
                let w = Tensor::<2>::from_floats([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], &device);
                let g = (y * w).sum().backward();
                println!("{:?}", x.grad(&g).unwrap().into_data().to_vec::<f32>().unwrap());
                println!("{:?}", v.grad(&g).unwrap().into_data().to_vec::<f32>().unwrap());
            }
            """
        )
    )
    status, out, _ = pbpit_run(program)
    # By hand: flip [[3, 2, 1], [6, 5, 4]], then row 1's first two from v. The gradient w
    # flows to v there; x gets w elsewhere, flipped back: row 0 [3, 2, 1], row 1 [6, 0, 0].
    assert (status, out) == (
        0,
        "[3.0, 2.0, 1.0, 10.0, 20.0, 4.0]\n[3.0, 2.0, 1.0, 6.0, 0.0, 0.0]\n[4.0, 5.0]\n",
    )


# -- log_sigmoid: Flex's fused kernel -------------------------------------------------------------

_LIBM.expf.restype = ctypes.c_float
_LIBM.expf.argtypes = [ctypes.c_float]


def test_log_sigmoid_forward_and_backward_are_flexs_kernels_in_f32():
    # burn-flex `ops/activation.rs`: x >= 0: -ln_1p(exp(-x)), else x - ln_1p(exp(x)); the
    # backward `g * sigmoid_f32(-x)`, sigmoid_f32 1 / (1 + exp(-x)) for x >= 0 else e / (1 + e).
    x = random_floats(300, 8)
    w = np.random.default_rng(9).uniform(-2, 2, x.size).astype(F32)
    forward, grad = _forward_backward(activation.log_sigmoid, x, w)

    def c(name, v):
        return F32(getattr(_LIBM, name)(float(v)))

    def sigmoid(v):
        if v >= 0:
            return F32(F32(1.0) / F32(F32(1.0) + c("expf", -v)))
        e = c("expf", v)
        return F32(e / F32(F32(1.0) + e))

    with np.errstate(all="ignore"):
        expected = [
            -c("log1pf", c("expf", -v)) if v >= 0 else F32(v - c("log1pf", c("expf", v))) for v in x
        ]
        expected_grad = [F32(g * sigmoid(-v)) for v, g in zip(x, w, strict=True)]
    assert forward == bits(expected)
    assert grad == bits(expected_grad)


# -- BinaryCrossEntropyLoss: burn-nn's forward, op for op ----------------------------------------


def _bce_case(config, logits_values, target_values):
    torch = pytest.importorskip("torch")
    pb.reset()
    x = pb.Tensor.from_floats(np.asarray(logits_values, F32), DEV).require_grad()
    t = pb.Tensor.from_ints(np.asarray(target_values), DEV)
    loss = config.init(DEV).forward(x.clone(), t)
    grads = loss.backward()
    tx = torch.tensor(np.asarray(logits_values, F32), requires_grad=True)
    return torch, loss, x.grad(grads), tx, torch.tensor(np.asarray(target_values, F32))


def _close(got, expected):
    np.testing.assert_allclose(np.asarray(got, F32), expected, rtol=2e-6, atol=1e-7)


def test_binary_cross_entropy_of_probabilities_against_torch():
    values, targets = [[0.8, 0.2, 0.6], [0.1, 0.9, 0.3]], [[1, 0, 1], [0, 1, 0]]
    config = pb.nn.BinaryCrossEntropyLossConfig()
    torch, loss, grad, tx, tt = _bce_case(config, values, targets)
    expected = torch.nn.functional.binary_cross_entropy(tx, tt)
    expected.backward()
    assert loss.node_id == 11  # x 0, then burn-nn's 11 ops (api.COMPOSITES)
    _close(loss.to_vec(), [expected.item()])
    _close(grad.to_vec(), tx.grad.numpy().reshape(-1))


def test_binary_cross_entropy_with_logits_smoothing_and_weights_against_torch():
    values, targets = [[0.8, -2.0, 0.6], [1.5, 0.9, -0.3]], [[1, 0, 1], [0, 1, 0]]
    config = (
        pb.nn.BinaryCrossEntropyLossConfig()
        .with_logits(True)
        .with_smoothing(0.1)
        .with_weights([1.0, 2.0, 0.5])
    )
    torch, loss, grad, tx, tt = _bce_case(config, values, targets)
    smoothed = tt * (1 - 0.1) + 0.1 / 3
    expected = torch.nn.functional.binary_cross_entropy_with_logits(
        tx, smoothed, weight=torch.tensor([1.0, 2.0, 0.5])
    )
    expected.backward()
    _close(loss.to_vec(), [expected.item()])
    _close(grad.to_vec(), tx.grad.numpy().reshape(-1))


def test_binary_cross_entropy_1d_weights_go_by_each_target_against_torch():
    values, targets = [2.0, -1.0, 0.5], [1, 0, 0]
    config = pb.nn.BinaryCrossEntropyLossConfig().with_logits(True).with_weights([3.0, 0.5])
    torch, loss, grad, tx, tt = _bce_case(config, values, targets)
    per_target = torch.tensor([3.0, 0.5])[torch.tensor(targets)]  # burn-nn: gather by target
    expected = torch.nn.functional.binary_cross_entropy_with_logits(tx, tt, weight=per_target)
    expected.backward()
    _close(loss.to_vec(), [expected.item()])
    _close(grad.to_vec(), tx.grad.numpy())


def test_binary_cross_entropy_from_rust_is_the_python_apis(tmp_path):
    program = tmp_path / "main.rs"
    program.write_text(
        textwrap.dedent(
            """
            use burn::nn::loss::BinaryCrossEntropyLossConfig;
            use burn::prelude::*;

            fn main() {
                let device = Device::flex().autodiff();
                let x = Tensor::<2>::from_floats([[0.8, -2.0, 0.6], [1.5, 0.9, -0.3]], &device);
                let x = x.require_grad();
                let t = Tensor::<2, Int>::from_ints([[1, 0, 1], [0, 1, 0]], &device);
                let bce = BinaryCrossEntropyLossConfig::new()
                    .with_logits(true)
                    .with_smoothing(Some(0.1))
                    .with_weights(Some(vec![1.0, 2.0, 0.5]))
                    .init(&device);
                let loss = bce.forward(x.clone(), t);
                println!("{}", loss.clone().into_scalar::<f32>());
                let g = loss.backward();
                println!("{:?}", x.grad(&g).unwrap().into_data().to_vec::<f32>().unwrap());
            }
            """
        )
    )
    from pbpit.rust.format import f32_debug, f32_display

    config = (
        pb.nn.BinaryCrossEntropyLossConfig()
        .with_logits(True)
        .with_smoothing(0.1)
        .with_weights([1.0, 2.0, 0.5])
    )
    _, loss, grad, _, _ = _bce_case(
        config, [[0.8, -2.0, 0.6], [1.5, 0.9, -0.3]], [[1, 0, 1], [0, 1, 0]]
    )
    expected = f"{f32_display(loss.to_vec()[0])}\n[{', '.join(map(f32_debug, grad.to_vec()))}]\n"
    status, out, err = pbpit_run(program)
    assert (status, out, err) == (0, expected, "")


# -- sign, round, floor, ceil: Flex's forward, no gradient through -------------------------------

EDGES = np.array(
    [
        0.5,
        -0.5,
        1.5,
        -1.5,
        2.5,
        -2.5,
        0.49999997,
        -0.4,
        0.0,
        -0.0,
        8388607.5,
        8388609.0,
        -3.7,
        3.7,
        1e30,
        -1e-30,
        np.inf,
        -np.inf,
        np.nan,
    ],
    F32,
)


@pytest.mark.skipif(shutil.which("rustc") is None, reason="rustc is not on PATH")
def test_rounding_forward_is_rusts_f32_as_flex_writes_it(tmp_path):
    x = np.concatenate([EDGES, random_floats(200, 13), np.arange(-6, 6, 0.25, dtype=F32)])
    oracle = tmp_path / "oracle.rs"
    # Flex (burn-flex ops/unary.rs, ops/float.rs): floor, ceil as Rust's; round to even from
    # `x.round()`, correcting a tie of odd result by `x.signum()`; sign NaN as is, 0 for ±0,
    # else copysign(1, x).
    oracle.write_text(
        textwrap.dedent(
            """
            use std::io::Read;
            fn even(x: f32) -> f32 {
                let r = x.round();
                if (x - r).abs() == 0.5 && (r as i64) % 2 != 0 { r - x.signum() } else { r }
            }
            fn sign(x: f32) -> f32 {
                if x.is_nan() { x } else if x == 0.0 { 0.0 } else { 1.0f32.copysign(x) }
            }
            fn main() {
                let mut text = String::new();
                std::io::stdin().read_to_string(&mut text).unwrap();
                for word in text.split_whitespace() {
                    let x = f32::from_bits(word.parse::<u32>().unwrap());
                    let out = [x.floor(), x.ceil(), even(x), sign(x)];
                    let bits: Vec<String> = out.iter().map(|v| v.to_bits().to_string()).collect();
                    println!("{}", bits.join(" "));
                }
            }
            """
        )
    )
    subprocess.run(["rustc", "-o", str(tmp_path / "oracle"), str(oracle)], check=True)
    ran = subprocess.run(
        [str(tmp_path / "oracle")],
        input=" ".join(map(str, bits(x))),
        capture_output=True,
        text=True,
        check=True,
    )
    expected = np.array([line.split() for line in ran.stdout.split("\n") if line], np.uint64)
    pb.reset()
    t = pb.Tensor.from_floats(x, DEV)
    for column, op in enumerate(("floor", "ceil", "round", "sign")):
        assert bits(getattr(t, op)().to_vec()) == expected[:, column].tolist(), op


@pytest.mark.parametrize("op", ["round", "floor", "ceil"])
def test_rounding_lets_zeros_through(op):
    pb.reset()
    x = pb.Tensor.from_floats([0.4, -1.6, 2.5], DEV).require_grad()
    y = getattr(x.clone(), op)()
    grads = (y * pb.Tensor.from_floats([2.0, -3.0, np.nan], DEV)).sum().backward()
    assert y.node_id == 1 and bits(x.grad(grads).to_vec()) == bits([0.0, 0.0, 0.0])


def test_sign_gradient_is_the_gradient_times_zero():
    # burn-autodiff `float_sign`: `grad * 0`, so -3 gives -0.0 and NaN stays NaN
    pb.reset()
    x = pb.Tensor.from_floats([0.4, -1.6, 2.5], DEV).require_grad()
    grads = (x.clone().sign() * pb.Tensor.from_floats([2.0, -3.0, np.nan], DEV)).sum().backward()
    assert bits(x.grad(grads).to_vec()) == bits([0.0, -0.0, np.nan])


def test_a_float_tensors_bool_is_not_equal_to_zero():
    pb.reset()
    x = pb.Tensor.from_floats([0.0, -0.0, 2.0, np.nan, -1e-40], DEV).require_grad()
    mask = x.clone().bool()
    assert mask.to_vec() == [False, False, True, True, True]
    assert pb.Tensor.from_floats([1.0], DEV).node_id == 1  # the Bool tensor took no id


# -- var, var_bias, split, slice_dim, random_like: burn-tensor's compositions -------------------


def test_var_is_burns_five_ops_against_their_f32_arithmetic():
    # stats.rs: (x - mean_dim).square().sum_dim(dim).div_scalar(n - 1); with whole-number
    # values every step is exact, so NumPy's float32 gives Burn's bits.
    pb.reset()
    values = np.array([[1.0, 4.0, -2.0, 7.0], [3.0, 3.0, 5.0, 1.0]], F32)
    x = pb.Tensor.from_floats(values, DEV).require_grad()
    v = x.clone().var(1)
    vb = x.clone().var_bias(-1)
    assert (v.node_id, vb.node_id) == (5, 10)  # x 0, five each
    mean = values.mean(1, keepdims=True, dtype=F32)
    squares = ((values - mean) ** 2).sum(1, keepdims=True, dtype=F32)
    assert bits(v.to_vec()) == bits(squares / F32(3))
    assert bits(vb.to_vec()) == bits(squares / F32(4))
    grads = v.sum().backward()
    # d var / dx = 2 (x - mean) / (n - 1); the mean's own gradient sums to zero in each row
    assert bits(x.grad(grads).to_vec()) == bits(F32(2) * (values - mean) / F32(3))


def test_split_is_a_narrow_a_piece_and_slice_dim_one_slice():
    pb.reset()
    x = pb.Tensor.from_floats(np.arange(10, dtype=F32).reshape(2, 5), DEV).require_grad()
    pieces = x.split(2, 1)
    assert [p.shape for p in pieces] == [(2, 2), (2, 2), (2, 1)]
    assert [p.node_id for p in pieces] == [1, 2, 3]
    assert pieces[2].to_vec() == [4.0, 9.0]
    one = x.slice_dim(1, range(1, 3))
    assert (one.node_id, one.to_vec()) == (4, [1.0, 2.0, 6.0, 7.0])


def test_split_of_size_zero_is_burns_panic():
    x = pb.Tensor.from_floats(np.ones((2, 3), F32), DEV)
    with pytest.raises(pb.Panic) as caught:
        x.split(0, 1)
    assert caught.value.message == (
        "=== Tensor Operation Error ===\n  Operation: 'Split'\n  Reason:\n"
        "    1. split_size must be greater than 0 unless the tensor size along the dimension is "
        "0. split_size: '0', tensor size along dim '1': '3'. \n"
    )
    assert caught.value.location.endswith("src/tensor/api/base.rs:2728:9")


def test_random_like_draws_as_random_of_the_same_shape():
    pb.reset()
    pb.seed(5)
    x = pb.Tensor.from_floats(np.ones((2, 3), F32), DEV)
    drawn = x.random_like(pb.Distribution.Default)
    pb.reset()
    pb.seed(5)
    pb.Tensor.from_floats(np.ones((2, 3), F32), DEV)
    same = pb.Tensor.random([2, 3], pb.Distribution.Default, DEV)
    assert (drawn.node_id, drawn.shape, drawn.to_vec()) == (1, (2, 3), same.to_vec())
    assert not drawn.is_tracked()


def test_max_and_min_dim_with_indices_from_rust(tmp_path):
    program = tmp_path / "main.rs"
    program.write_text(
        textwrap.dedent(
            """
            use burn::prelude::*;

            fn main() {
                let device = Device::flex().autodiff();
                let q = Tensor::<2>::from_floats([[1.0, 5.0, 3.0], [4.0, 2.0, 4.0]], &device);
                let q = q.require_grad();
                let (best, action) = q.clone().max_dim_with_indices(1);
                let (low, at) = q.clone().min_dim_with_indices(1);
                println!("{:?}", action.into_data().to_vec::<i32>().unwrap());
                println!("{:?}", at.into_data().to_vec::<i32>().unwrap());
                let y = best + low * 2.0;
                println!("{:?}", y.clone().into_data().to_vec::<f32>().unwrap());
                let g = y.sum().backward();
                println!("{:?}", q.grad(&g).unwrap().into_data().to_vec::<f32>().unwrap());
            }
            """
        )
    )
    status, out, _ = pbpit_run(program)
    # By hand: row maxima 5 (index 1) and 4 (index 0, the first of a tie), minima 1 and 2;
    # each gradient goes to its element alone (MaxMinDim's backward).
    assert (status, out) == (
        0,
        "[1, 0]\n[0, 1]\n[7.0, 8.0]\n[2.0, 1.0, 0.0, 1.0, 2.0, 0.0]\n",
    )


def test_max_dim_with_indices_is_one_node():
    pb.reset()
    x = pb.Tensor.from_floats([[1.0, 5.0]], DEV).require_grad()
    values, indices = x.max_dim_with_indices(1)
    assert (values.node_id, indices.to_vec()) == (1, [1])
    assert pb.Tensor.from_floats([1.0], DEV).node_id == 2  # the indices took none


def test_erf_method_forward_is_the_libm_crates_and_backward_burns_formula():
    from test_ops_math import ERF_BITS  # `libm::erff` bits printed by rustc

    x = np.array(list(ERF_BITS), F32)
    w = np.random.default_rng(14).uniform(-2, 2, x.size).astype(F32)
    forward, grad = _forward_backward("erf", x, w)
    assert forward == list(ERF_BITS.values())
    # burn-autodiff float_erf: grad * (exp(-(x * x)) * 2 / sqrt(pi)), each step in f32
    value = (c_exp(-(x * x)) * F32(2.0)) / F32(np.sqrt(np.pi))
    assert grad == bits(w * value)


def c_exp(x: np.ndarray) -> np.ndarray:
    return np.array([F32(_LIBM.expf(float(v))) for v in x], F32)


def _running_sums(values: np.ndarray) -> list[F32]:
    """burn-flex's cumsum, element by element: an f32 accumulator from +0.0."""
    acc, out = F32(0.0), []
    for v in values:
        acc = F32(acc + v)
        out.append(acc)
    return out


def test_cumsum_forward_and_backward_are_flexs_running_sums():
    pb.reset()
    values = np.concatenate([[-0.0], random_floats(40, 15)[:59]]).astype(F32).reshape(3, 20)
    w = np.random.default_rng(16).uniform(-2, 2, values.shape).astype(F32)
    x = pb.Tensor.from_floats(values, DEV).require_grad()
    y = x.clone().cumsum(1)
    grads = (y.clone() * pb.Tensor.from_floats(w, DEV)).sum().backward()
    assert y.node_id == 1
    with np.errstate(all="ignore"):
        expected = [_running_sums(row) for row in values]
        # burn-autodiff: flip(cumsum(flip(grad)))
        expected_grad = [_running_sums(row[::-1])[::-1] for row in w]
    assert bits(y.to_vec()) == bits(expected)  # the leading -0.0 is +0.0, as 0.0 + -0.0
    assert bits(x.grad(grads).to_vec()) == bits(expected_grad)


def test_var_mean_takes_the_mean_once():
    pb.reset()
    values = np.array([[1.0, 4.0, -2.0, 7.0]], F32)
    x = pb.Tensor.from_floats(values, DEV).require_grad()
    var, mean = x.clone().var_mean(1)
    assert (mean.node_id, var.node_id) == (1, 5)  # mean_dim; sub, square, sum_dim, div_scalar
    assert mean.to_vec() == [2.5] and bits(var.to_vec()) == bits([F32(45.0) / F32(3.0)])


def test_quiet_softmax_is_burns_formula_against_torch(tmp_path):
    torch = pytest.importorskip("torch")
    values = np.array([[1.0, -2.0, 3.0], [0.5, 4.0, -1.5]], F32)
    w = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], F32)
    pb.reset()
    x = pb.Tensor.from_floats(values, DEV).require_grad()
    y = activation.quiet_softmax(x.clone(), 1)
    grads = (y.clone() * pb.Tensor.from_floats(w, DEV)).sum().backward()
    tx = torch.tensor(values, requires_grad=True)
    m = tx.detach().max(1, keepdim=True).values
    e = (tx - m).exp()
    ty = e / (e.sum(1, keepdim=True) + (-m).exp())
    (ty * torch.tensor(w)).sum().backward()
    assert y.node_id == 9  # x 0; detach, max_dim, sub, exp, sum_dim, neg, exp, add, div
    np.testing.assert_allclose(y.to_vec(), ty.detach().numpy().reshape(-1), rtol=2e-6)
    np.testing.assert_allclose(
        x.grad(grads).to_vec(), tx.grad.numpy().reshape(-1), rtol=2e-5, atol=1e-7
    )
