"""The math ops and API: clamps, powers, burn::tensor::activation, random, TensorData, the ways
into and out of autodiff. Gradients against closed forms or finite differences, node ids by
Burn's rules (burn-autodiff's ops and burn-backend's default compositions), bit-exact values
where Flex's kernel is known (erf and gelu from the `libm` crate, run with rustc), bad input as
one clear error, and each op through the Rust interpreter giving the Python result."""

from __future__ import annotations

import io
import math
import textwrap

import numpy as np
import pytest

import pbpit as pb
from pbpit import activation
from pbpit.engine import f32
from pbpit.engine.tensor import Device, Distribution, Tensor, TensorData
from pbpit.rust.interp.program import load

AD = Device.default().autodiff()
PLAIN = Device.flex()


@pytest.fixture(autouse=True)
def fresh_ids():
    pb.reset()


def leaf(values) -> Tensor:
    return Tensor.from_floats(values, AD).require_grad()


def grad_of(x: Tensor, y: Tensor, weights=None) -> list[float]:
    """d(sum(y * weights))/dx."""
    if weights is not None:
        y = y * Tensor.from_floats(weights, AD)
    return x.grad(y.sum().backward()).to_vec()


def numeric_grad(function, values, weights, h=1e-3) -> np.ndarray:
    """Central differences in float64 of sum(function(x) * weights)."""
    values = np.array(values, dtype=np.float64)
    out = np.zeros_like(values)
    for i in np.ndindex(values.shape):
        up, down = values.copy(), values.copy()
        up[i] += h
        down[i] -= h
        out[i] = (np.sum(function(up) * weights) - np.sum(function(down) * weights)) / (2 * h)
    return out.reshape(-1)


# -- clamps: mask_fill nodes, zero gradient where a bound replaced the value ---------------------


def test_clamp_min_fills_below_the_bound_and_stops_its_gradient():
    x = leaf([-2.0, 0.5, 0.5, 3.0])
    y = x.clamp_min(0.5)
    assert y.to_vec() == [0.5, 0.5, 0.5, 3.0]
    assert y.node_id == 1
    # x == min is not replaced (Burn's mask is x < min): its gradient passes.
    assert grad_of(x, y, [1.0, 2.0, 3.0, 4.0]) == [0.0, 2.0, 3.0, 4.0]


def test_clamp_is_clamp_max_then_clamp_min_two_nodes():
    x = leaf([-2.0, 0.0, 1.0, 3.0])
    y = x.clamp(-1.0, 2.0)
    assert y.to_vec() == [-1.0, 0.0, 1.0, 2.0]
    assert y.node_id == 2  # x = 0, clamp_max = 1, clamp_min = 2
    assert grad_of(x, y) == [0.0, 1.0, 1.0, 0.0]


def test_clamp_keeps_nan_as_burns_comparisons_do():
    x = leaf([float("nan"), 5.0])
    assert math.isnan(x.clamp(0.0, 1.0).to_vec()[0])


# -- powers: Burn's whole-number shortcuts -------------------------------------------------------


def test_powi_scalar_shortcuts_change_the_graph_as_burns_default_does():
    x = leaf([2.0, -3.0])
    assert x.powi_scalar(1) is x  # `1 => lhs`: no node
    ones = x.powi_scalar(0)  # `float_ones`: a new untracked node
    assert ones.to_vec() == [1.0, 1.0] and not ones.is_tracked() and ones.node_id == 1
    square = x.powi_scalar(2)
    assert square.node_id == 2 and square.to_vec() == [4.0, 9.0]
    assert pb.engine.server.SERVER.steps[2].name == "mul"
    inverse = x.powi_scalar(-2)  # recip(x * x): two nodes
    assert inverse.node_id == 4 and inverse.to_vec() == [0.25, np.float32(1 / 9)]


def test_powi_scalar_three_is_one_powf_node_with_gradient_3x_squared():
    x = leaf([2.0, -3.0])
    y = x.powi_scalar(3)
    assert y.node_id == 1 and y.to_vec() == [8.0, -27.0]
    assert grad_of(x, y) == [12.0, 27.0]


def test_square_is_x_times_x():
    x = leaf([1.5, -4.0])
    y = x.square()
    assert y.node_id == 1 and y.to_vec() == [2.25, 16.0]
    assert grad_of(x, y) == [3.0, -8.0]


def test_powf_with_a_tensor_exponent_differentiates_both_sides():
    x = leaf([2.0, 3.0, 0.5])
    p = leaf([3.0, 0.5, 2.0])
    y = x.powf(p)
    assert y.node_id == 2
    grads = y.sum().backward()
    xs, ps = np.array([2.0, 3.0, 0.5]), np.array([3.0, 0.5, 2.0])
    np.testing.assert_allclose(x.grad(grads).to_vec(), ps * xs ** (ps - 1), rtol=1e-6)
    np.testing.assert_allclose(p.grad(grads).to_vec(), xs**ps * np.log(xs), rtol=1e-6)


def test_powi_scalar_refuses_a_fraction():
    with pytest.raises(ValueError, match="whole number"):
        leaf([1.0]).powi_scalar(2.5)


def test_powf_refuses_tensors_of_different_shapes():
    # [2] against [1] broadcasts, as in Burn's `float_powf`; [2] against [3] does not.
    with pytest.raises(ValueError, match="do not broadcast"):
        leaf([1.0, 2.0]).powf(leaf([1.0, 2.0, 3.0]))


# -- erf and gelu: Flex's kernels, bit for bit ---------------------------------------------------

# `libm::erff(x).to_bits()` printed by a rustc build of the `libm` crate (rust-lang/libm).
ERF_BITS = {
    0.3: 1051214277,
    0.84: 1061412964,
    0.9: 1061945901,
    1.2: 1063848534,
    1.3: 1064246053,
    2.5: 1065346388,
    3.0: 1065352845,
    -0.5: 3204792187,
    -2.0: 3212758385,
    0.1: 1038504693,
    1e-30: 230102794,
}


def test_erf_is_the_libm_crates_erff_bit_for_bit():
    xs = np.array(list(ERF_BITS), dtype=np.float32)
    assert f32.erf(xs).view(np.uint32).tolist() == list(ERF_BITS.values())


# Flex's `0.5 * x * (1 + erf(x / SQRT_2))` and its gelu_backward, printed by rustc for these x.
GELU_X = [-3.0, -1.5, -0.5, 0.0, 0.3, 1.0, 2.0, 4.0]
GELU_Y = [-0.0040496886, -0.10021077, -0.15426877, 0.0, 0.18537344, 0.8413447, 1.9544997, 3.9998732]
GELU_DY = [-0.011945649, -0.12746921, 0.13250488, 0.5, 0.7323278, 1.0833155, 1.0852318, 1.0005037]


def test_gelu_is_one_node_with_flexs_bits_forward_and_backward():
    x = leaf(GELU_X)
    y = activation.gelu(x)
    assert y.node_id == 1
    assert y.to_vec() == np.array(GELU_Y, dtype=np.float32).tolist()
    assert grad_of(x, y) == np.array(GELU_DY, dtype=np.float32).tolist()


def test_gelu_gradient_is_the_exact_erf_form_not_the_tanh_approximation():
    # d/dx x Phi(x) = Phi(x) + x phi(x), hand-derived.
    def closed(x):
        return 0.5 * (1 + math.erf(x / math.sqrt(2))) + x * math.exp(-x * x / 2) / math.sqrt(
            2 * math.pi
        )

    np.testing.assert_allclose(GELU_DY, [closed(v) for v in GELU_X], rtol=2e-6, atol=1e-7)


# -- the other activations: the ops Burn composes ------------------------------------------------


def test_relu_sigmoid_tanh_are_one_node_each():
    x = leaf([-1.0, 0.5])
    ids = [activation.relu(x).node_id, activation.sigmoid(x).node_id, activation.tanh(x).node_id]
    assert ids == [1, 2, 3]
    assert grad_of(x, activation.relu(x)) == [0.0, 1.0]


def test_softmax_is_six_nodes_and_its_gradient_is_s_times_delta_minus_s():
    values = [[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]]
    weights = np.array([[1.0, -2.0, 0.5], [0.0, 3.0, 1.0]])
    x = leaf(values)
    y = activation.softmax(x, 1)
    # x = 0; detach 1 (a leaf that requires grad stays one), max_dim 2, sub 3, exp 4,
    # sum_dim 5, div 6.
    assert y.node_id == 6
    e = np.exp(np.array(values) - np.max(values, axis=1, keepdims=True))
    s = e / e.sum(axis=1, keepdims=True)
    np.testing.assert_allclose(y.to_vec(), s.reshape(-1), rtol=1e-6)
    # dL/dx_i = s_i (w_i - sum_j s_j w_j), hand-derived
    expected = s * (weights - np.sum(s * weights, axis=1, keepdims=True))
    np.testing.assert_allclose(grad_of(x, y, weights.tolist()), expected.reshape(-1), atol=1e-6)


def test_log_softmax_is_seven_nodes_and_its_gradient_is_w_minus_softmax_times_sum_w():
    values = [[0.2, -0.7, 1.5]]
    weights = np.array([[1.0, 2.0, -1.0]])
    x = leaf(values)
    y = activation.log_softmax(x, -1)
    assert y.node_id == 7
    s = np.exp(values) / np.exp(values).sum()
    np.testing.assert_allclose(y.to_vec(), np.log(s).reshape(-1), rtol=1e-6)
    expected = weights - s * weights.sum()
    np.testing.assert_allclose(grad_of(x, y, weights.tolist()), expected.reshape(-1), atol=1e-6)


def test_softmax_of_an_intermediate_sends_no_gradient_through_the_detached_max():
    x = leaf([[1.0, 4.0]])
    y = activation.softmax(x.mul_scalar(1.0), 1)
    weights = [[1.0, 0.0]]
    got = grad_of(x, y, weights)
    numeric = numeric_grad(lambda v: np.exp(v) / np.exp(v).sum(), [[1.0, 4.0]], weights)
    np.testing.assert_allclose(got, numeric, atol=1e-4)


def test_softmax_without_autodiff_is_flexs_fused_kernel():
    x = Tensor.from_floats([[1.0, 2.0, 3.0]], PLAIN)
    y = activation.softmax(x, 1)
    # Flex multiplies by 1/sum rather than dividing; the sum adds e in order from 0.
    e = [np.float32(math.exp(v)) for v in (-2.0, -1.0, 0.0)]  # expf, correctly rounded here
    total = np.float32(np.float32(e[0] + e[1]) + e[2])
    expected = [float(np.float32(v * (np.float32(1.0) / total))) for v in e]
    assert y.to_vec() == pytest.approx(expected, abs=0, rel=1e-7)
    assert y.node_id is None


def test_softmax_refuses_a_dimension_out_of_range():
    with pytest.raises(ValueError, match="out of range"):
        activation.softmax(leaf([1.0, 2.0]), 1)


@pytest.mark.parametrize("function", [activation.softmax, activation.log_softmax])
@pytest.mark.parametrize("autodiff", [False, True])
def test_softmax_of_an_empty_dim_is_refused_in_its_own_name(function, autodiff):
    device = Device.default().autodiff() if autodiff else Device.default()
    name = function.__name__
    with pytest.raises(ValueError, match=rf"^{name}: dim 1 of \[2, 0\] has size 0$"):
        function(Tensor.zeros([2, 0], device), 1)


def test_leaky_relu_is_mul_scalar_then_mask_where():
    x = leaf([-2.0, 0.0, 3.0])
    y = activation.leaky_relu(x, 0.1)
    assert y.node_id == 2
    assert y.to_vec() == [np.float32(-2.0) * np.float32(0.1), 0.0, 3.0]
    assert grad_of(x, y) == [np.float32(0.1), 1.0, 1.0]


def test_silu_and_softplus_gradients_match_finite_differences():
    values, weights = [-1.5, 0.2, 2.0], np.array([1.0, -1.0, 0.5])
    x = leaf(values)
    silu = activation.silu(x)
    assert silu.node_id == 2  # sigmoid, mul
    numeric = numeric_grad(lambda v: v / (1 + np.exp(-v)), values, weights)
    np.testing.assert_allclose(grad_of(x, silu, weights.tolist()), numeric, atol=1e-4)
    x = leaf(values)
    plus = activation.softplus(x, 2.0)
    assert plus.node_id == x.node_id + 5  # mul_scalar, exp, add_scalar, log, div_scalar
    numeric = numeric_grad(lambda v: np.log1p(np.exp(2 * v)) / 2, values, weights)
    np.testing.assert_allclose(grad_of(x, plus, weights.tolist()), numeric, atol=1e-4)


def test_an_activation_of_something_else_is_one_clear_error():
    with pytest.raises(TypeError, match="expected a Tensor"):
        activation.relu([1.0, 2.0])


# -- into and out of autodiff --------------------------------------------------------------------


def test_a_plain_tensor_meeting_a_tracked_one_is_a_constant_brought_in_as_from_inner():
    w = leaf([1.0, 2.0])
    g = Tensor.from_floats([0.5, 0.5], PLAIN)
    updated = w - g * 0.1
    # Burn: `w.sub(Tensor::from_inner(g * 0.1))`: from_inner takes id 1, the sub id 2.
    assert updated.node_id == 2
    assert updated.to_vec() == [
        np.float32(1.0) - np.float32(0.05),
        np.float32(2.0) - np.float32(0.05),
    ]
    assert w.grad(updated.sum().backward()).to_vec() == [1.0, 1.0]


def test_inner_and_from_inner_make_the_manual_parameter_update():
    w = leaf([1.0, 2.0])
    grads = w.square().sum().backward()
    g = w.grad(grads)
    updated = Tensor.from_inner(w.inner() - g * 0.5).require_grad()
    assert updated.to_vec() == [0.0, 0.0]
    assert updated.node_id == 3 and updated.is_require_grad()  # w, square, sum, new leaf


def test_from_inner_refuses_a_tensor_already_on_autodiff():
    with pytest.raises(TypeError, match="already on an autodiff device"):
        Tensor.from_inner(leaf([1.0]))


def test_require_grad_without_autodiff_is_a_no_op_and_backward_says_why():
    x = Tensor.from_floats([1.0], PLAIN).require_grad()
    assert x.node_id is None
    with pytest.raises(TypeError) as caught:
        x.sum().backward()
    message = str(caught.value)
    assert "never on an autodiff device" in message and "autodiff()" in message


def test_set_require_grad():
    x = Tensor.from_floats([1.0], AD)
    tracked = x.set_require_grad(True)
    assert tracked.node_id == 0 and tracked.is_require_grad()
    untracked = tracked.set_require_grad(False)
    assert untracked.node_id == 1 and not untracked.is_tracked()  # AutodiffTensor::new
    with pytest.raises(TypeError, match="expected a bool"):
        x.set_require_grad(1)


def test_grad_remove_and_grad_replace():
    x = leaf([1.0, 2.0])
    grads = (x * x).sum().backward()
    assert x.grad_remove(grads).to_vec() == [2.0, 4.0]
    assert x.grad(grads) is None and x.grad_remove(grads) is None
    x.grad_replace(grads, Tensor.from_floats([7.0, 8.0], PLAIN))
    assert x.grad(grads).to_vec() == [7.0, 8.0]
    with pytest.raises(TypeError, match="without autodiff"):
        x.grad_replace(grads, leaf([1.0, 1.0]))


# -- data and random -----------------------------------------------------------------------------


def test_from_data_of_tensor_data_new_and_from():
    x = Tensor.from_data(TensorData.new([1.0, 2.0, 3.0, 4.0], [2, 2]), AD)
    assert x.shape == (2, 2) and x.node_id == 0 and not x.is_tracked()
    y = Tensor.from_data(TensorData.from_nested([[1.0], [2.0]]), AD)
    assert y.shape == (2, 1) and y.to_vec() == [1.0, 2.0]


def test_tensor_data_that_does_not_fill_its_shape_is_one_clear_error():
    with pytest.raises(ValueError, match="do not fill the shape"):
        TensorData.new([1.0, 2.0, 3.0], [2, 2])


def test_random_is_a_new_untracked_leaf_of_the_distribution():
    u = Tensor.random([1000], Distribution.Uniform(-2.0, 3.0), AD)
    assert u.node_id == 0 and not u.is_tracked()
    assert -2.0 <= min(u.to_vec()) and max(u.to_vec()) < 3.0
    d = Tensor.random([500], Distribution.Default, AD)
    assert 0.0 <= min(d.to_vec()) and max(d.to_vec()) < 1.0
    b = Tensor.random([500], Distribution.Bernoulli(0.5), AD)
    assert set(b.to_vec()) == {0.0, 1.0}
    n = Tensor.random([4000], Distribution.Normal(10.0, 0.5), AD)
    assert abs(np.mean(n.to_vec()) - 10.0) < 0.1
    assert n.node_id == 3


def test_random_refuses_what_is_not_a_distribution():
    with pytest.raises(TypeError, match="expected a Distribution"):
        Tensor.random([2], "normal", AD)
    with pytest.raises(ValueError, match="not a probability"):
        Distribution.Bernoulli(1.5)


# -- the Rust interpreter gives the Python results ----------------------------------------------


def run_rust(tmp_path, body: str) -> str:
    source = (
        "use burn::backend::{Autodiff, Flex};\n"
        "use burn::tensor::{activation, Distribution, Tensor, TensorData};\n"
        "type B = Autodiff<Flex>;\n\n"
        "fn main() {\n    let device = Default::default();\n"
        + textwrap.indent(textwrap.dedent(body), "    ")
        + "}\n"
    )
    path = tmp_path / "main.rs"
    path.write_text(source, encoding="utf-8")
    program = load(str(path))
    pb.reset()
    out = io.StringIO()
    program.run(out, io.StringIO(), None)
    return out.getvalue()


def python_line(make) -> str:
    """What `println!("{:?} {:?}", y.to_data().to_vec::<f32>(), x.grad(&g)..)` prints, from
    Python: the result's values and x's gradient, in Rust's `{:?}`."""
    pb.reset()
    x = leaf([[-1.5, 0.25, 2.0]])
    y = make(x)
    grad = x.grad(y.sum().backward())
    return f"{pb.rust_debug(y.to_vec())} {pb.rust_debug(grad.to_vec())} {y.node_id}\n"


RUST_PRINT = """
let x = Tensor::<B, 2>::from_floats([[-1.5, 0.25, 2.0]], &device).require_grad();
let y = {expr};
let g = y.clone().sum().backward();
let id = y.clone();
println!("{{:?}} {{:?}} {{}}", y.to_data().to_vec::<f32>().unwrap(),
    x.grad(&g).unwrap().to_data().to_vec::<f32>().unwrap(), {id});
"""

RUST_CASES = {
    "clamp": ("x.clone().clamp(-1.0, 1.0)", lambda x: x.clamp(-1.0, 1.0), 2),
    "clamp_min": ("x.clone().clamp_min(0.0)", lambda x: x.clamp_min(0.0), 1),
    "clamp_max": ("x.clone().clamp_max(0.0)", lambda x: x.clamp_max(0.0), 1),
    "powi_scalar": ("x.clone().powi_scalar(3)", lambda x: x.powi_scalar(3), 1),
    "square": ("x.clone().square()", lambda x: x.square(), 1),
    "powf": (
        "x.clone().powf(Tensor::from_floats([[2.0, 3.0, 2.0]], &device))",
        lambda x: x.powf(Tensor.from_floats([[2.0, 3.0, 2.0]], AD)),
        2,
    ),
    "relu": ("activation::relu(x.clone())", activation.relu, 1),
    "sigmoid": ("activation::sigmoid(x.clone())", activation.sigmoid, 1),
    "tanh": ("burn::tensor::activation::tanh(x.clone())", activation.tanh, 1),
    "gelu": ("activation::gelu(x.clone())", activation.gelu, 1),
    "softmax": ("activation::softmax(x.clone(), 1)", lambda x: activation.softmax(x, 1), 6),
    "log_softmax": (
        "activation::log_softmax(x.clone(), 1)",
        lambda x: activation.log_softmax(x, 1),
        7,
    ),
    "leaky_relu": (
        "activation::leaky_relu(x.clone(), 0.01)",
        lambda x: activation.leaky_relu(x, 0.01),
        2,
    ),
    "silu": ("activation::silu(x.clone())", activation.silu, 2),
    "softplus": ("activation::softplus(x.clone(), 1.0)", lambda x: activation.softplus(x, 1.0), 5),
}


@pytest.mark.parametrize("name", list(RUST_CASES))
def test_rust_snippet_matches_python(tmp_path, name):
    expr, make, nodes = RUST_CASES[name]
    body = RUST_PRINT.format(expr=expr, id="0")
    rust_out = run_rust(tmp_path, body)
    python = python_line(make)
    rust_values = rust_out.rsplit(" ", 1)[0]
    assert rust_values == python.rsplit(" ", 1)[0]
    # The result's id: x is NodeId(0), then the op's nodes (a tensor exponent's leaf first).
    assert python.rsplit(" ", 1)[1].strip() == str(nodes)


def test_rust_tensor_data_random_and_from_inner(tmp_path):
    out = run_rust(
        tmp_path,
        """
        let data = TensorData::new(vec![1.0, 2.0, 3.0, 4.0], [2, 2]);
        let d = Tensor::<B, 2>::from_data(data, &device);
        let e = Tensor::<B, 1>::from_data(TensorData::from([3.0, 4.0]), &device);
        let r = Tensor::<B, 2>::random([2, 3], Distribution::Normal(0.0, 1.0), &device);
        let w = Tensor::<B, 1>::from_floats([1.0, 2.0], &device).require_grad();
        let mut grads = w.clone().square().sum().backward();
        let g = w.grad_remove(&mut grads).unwrap();
        let w = Tensor::from_inner(w.inner() - g * 0.5).require_grad();
        println!("{:?} {:?} {:?}", d.dims(), e.to_data().to_vec::<f32>().unwrap(), r.dims());
        println!("{:?} {}", w.to_data().to_vec::<f32>().unwrap(), w.is_require_grad());
        """,
    )
    assert out == "[2, 2] [3.0, 4.0] [2, 3]\n[0.0, 0.0] true\n"
