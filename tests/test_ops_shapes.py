"""Shapes and reductions: broadcasting in the binary ops, unsqueeze, transpose/swap_dims/permute,
slice, mean_dim, max/min, argmax/argmin, prod, batched matmul. Expected values are derived by
hand (or by finite differences in float64) from Burn's backward formulas in burn-autodiff's
`ops/tensor.rs`, `ops/maxmin.rs` and `ops/base.rs` (`broadcast_shape`); node ids follow Burn's
rule that each autodiff op the Tensor API calls is one node."""

from __future__ import annotations

import io
import textwrap
from pathlib import Path

import numpy as np
import pytest

import pbpit as pb
from pbpit.engine.server import Panic
from pbpit.engine.tensor import Device, Tensor
from pbpit.rust.interp.program import Unsupported, load

DEV = Device.default().autodiff()
NAN = float("nan")


def leaf(data) -> Tensor:
    return Tensor.from_floats(data, DEV).require_grad()


def grad_of(x: Tensor, grads) -> list[float]:
    return x.grad(grads).to_vec()


def same(found: list[float], expected: list[float]) -> bool:
    """Equal as float32 bit patterns (-0.0 not equal to +0.0), any NaN equal to any NaN."""
    a, b = np.array(found, dtype=np.float32), np.array(expected, dtype=np.float32)
    if a.shape != b.shape or (np.isnan(a) != np.isnan(b)).any():
        return False
    keep = ~np.isnan(a)
    return bool((a[keep].view(np.uint32) == b[keep].view(np.uint32)).all())


@pytest.fixture(autouse=True)
def fresh():
    pb.reset()


# -- broadcasting ---------------------------------------------------------------------------------


def test_a_row_bias_broadcasts_and_its_gradient_sums_over_the_rows():
    x = leaf([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    b = leaf([[0.5, -1.0, 2.0]])
    y = x.clone() * b.clone() + b.clone()
    assert y.to_vec() == [1.0, -3.0, 8.0, 2.5, -6.0, 14.0]
    grads = y.sum().backward()
    # d/db sum(x*b + b) = column sums of x, plus one per row.
    assert grad_of(b, grads) == [5.0 + 2, 7.0 + 2, 9.0 + 2]
    assert grad_of(x, grads) == [0.5, -1.0, 2.0] * 2


def test_a_column_broadcasts_and_sub_div_follow_burns_formulas():
    x = leaf([[1.0, 2.0], [3.0, 4.0]])
    c = leaf([[2.0], [4.0]])
    grads = (x.clone() / c.clone() - c.clone()).sum().backward()
    # d/dc (x/c - c) summed over the row: -(x1 + x2)/c^2 - 2.
    assert grad_of(c, grads) == [-3.0 / 4 - 2, -7.0 / 16 - 2]
    assert grad_of(x, grads) == [0.5, 0.5, 0.25, 0.25]


def test_the_broadcast_gradient_is_summed_in_order_from_zero():
    # Burn sums over dim 0 with Flex's sum_dim: 0 + 1e8 + 1 - 1e8 in f32 is 0, not 1.
    x = Tensor.from_floats([[1e8], [1.0], [-1e8]], DEV)
    b = leaf([[1.0]])
    grads = (x * b.clone()).sum().backward()
    assert grad_of(b, grads) == [0.0]


def test_a_scalar_like_operand_is_summed_over_dim_0_then_dim_1():
    x = leaf([[1.0, 2.0], [3.0, 4.0]])
    s = leaf([[3.0]])
    y = x.clone() + s.clone()
    grads = y.sum().backward()
    assert grad_of(s, grads) == [4.0]
    assert y.node_id == 2  # one node, as any add


@pytest.mark.parametrize("op", ["add", "sub", "mul", "div"])
def test_shapes_that_do_not_broadcast_are_one_clear_error(op):
    a = Tensor.from_floats([[1.0, 2.0, 3.0]], DEV)
    b = Tensor.from_floats([[1.0, 2.0], [3.0, 4.0]], DEV)
    # Burn's check (burn-tensor `binary_ops_ew_shape`) panics: tests/test_burn_checks.py
    with pytest.raises(Panic, match=rf"(?s)Operation: '{op.title()}'\n.*dimension '1' => '3 != 2'"):
        getattr(a, op)(b)
    with pytest.raises(ValueError, match=rf"^{op}: shapes \[3\] and \[1, 3\]"):
        getattr(Tensor.from_floats([1.0, 2.0, 3.0], DEV), op)(a)


# -- layout ---------------------------------------------------------------------------------------


def test_unsqueeze_is_one_reshape_node_and_its_gradient_the_original_shape():
    x = leaf([1.0, 2.0])
    u = x.clone().unsqueeze(3)
    d = x.clone().unsqueeze_dim(-1)
    assert (u.shape, u.node_id, d.shape, d.node_id) == ((1, 1, 2), 1, (2, 1), 2)
    w = Tensor.from_floats([[[3.0, 4.0]]], DEV)
    assert grad_of(x, (u * w).sum().backward()) == [3.0, 4.0]
    # Burn's `unwrap_dim_index` (tests/test_burn_checks.py): the dim against D + 1
    with pytest.raises(Panic, match=r"'Unsqueeze'\n.*\n    1. BoundsError: dimension 3 out of"):
        x.unsqueeze_dim(3)


def test_transpose_swap_dims_and_permute_move_the_gradient_back():
    x = leaf([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    w = Tensor.from_floats([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], DEV)
    t = x.clone().transpose()
    assert t.to_vec() == [1.0, 4.0, 2.0, 5.0, 3.0, 6.0]
    assert grad_of(x, (t * w).sum().backward()) == [1.0, 3.0, 5.0, 2.0, 4.0, 6.0]
    y = leaf(np.arange(24.0).reshape(2, 3, 4))
    p = y.clone().permute([2, 0, -2])
    assert p.shape == (4, 2, 3)
    assert p.to_vec() == np.arange(24.0).reshape(2, 3, 4).transpose(2, 0, 1).reshape(-1).tolist()
    weights = np.arange(24.0).reshape(4, 2, 3)
    grads = (p * Tensor.from_floats(weights, DEV)).sum().backward()
    assert grad_of(y, grads) == weights.transpose(1, 2, 0).reshape(-1).tolist()


def test_no_op_swaps_and_permutes_are_the_tensor_itself():
    x = leaf([[1.0, 2.0]])
    assert x.swap_dims(1, -1).node_id == x.node_id
    assert x.permute([0, 1]).node_id == x.node_id
    assert x.transpose().node_id == 1  # always a swap_dims node, even of [1, 2]
    with pytest.raises(ValueError, match=r"^permute: axes \[0, 0\] repeat a dim of \[1, 2\]"):
        x.permute([0, 0])
    with pytest.raises(ValueError, match=r"^transpose: needs 2 dims or more, got \[2\]"):
        leaf([1.0, 2.0]).transpose()


def test_slice_gradient_is_zeros_with_the_gradient_assigned():
    x = leaf([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    s = x.clone().slice([(0, 2), (1, 3)])
    assert (s.shape, s.to_vec()) == ((2, 2), [2.0, 3.0, 5.0, 6.0])
    w = Tensor.from_floats([[-0.0, 1.0], [2.0, 3.0]], DEV)
    grads = (s * w).sum().backward()
    # Assigned, not added: the -0.0 stays; outside the slice +0.0.
    assert same(grad_of(x, grads), [0.0, -0.0, 1.0, 0.0, 2.0, 3.0])


def test_slice_reads_burns_forms_negative_clamped_stepped_and_indices():
    x = Tensor.from_floats(np.arange(12.0).reshape(3, 4), DEV)
    assert x.slice([range(1, 3)]).to_vec() == list(np.arange(4.0, 12.0))
    assert x.slice([-1, (-2, None)]).to_vec() == [10.0, 11.0]
    assert x.slice([(0, 3), slice(None, None, 2)]).to_vec() == [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]
    with pytest.raises(Panic, match="The slice end index 99 exceeds the size of the tensor"):
        x.slice([(0, 99)])  # Burn's check, not a clamp
    assert x.slice([1, slice(None, None, -1)]).to_vec() == [7.0, 6.0, 5.0, 4.0]
    before = x.slice([(1, 1)])  # empty: Burn's `Tensor::empty`, a new untracked leaf
    assert before.shape == (0, 4) and not before.is_tracked()
    with pytest.raises(ValueError, match=r"^slice: 3 ranges for \[3, 4\]"):
        x.slice([0, 0, 0])
    with pytest.raises(ValueError, match=r"^slice: a step of 0 at dim 0"):
        x.slice([(0, 2, 0)])


# -- reductions -----------------------------------------------------------------------------------


def test_mean_dim_divides_the_sum_and_its_gradient_is_one_over_n_in_f32():
    x = leaf([[1.0, 2.0, 4.0], [3.0, 5.0, 7.0]])
    m = x.clone().mean_dim(1)
    assert (m.shape, m.to_vec(), m.node_id) == ((2, 1), [float(np.float32(7) / 3), 5.0], 1)
    grads = m.sum().backward()
    assert grad_of(x, grads) == [float(np.float32(1.0 / 3))] * 6
    assert grad_of(x, x.mean_dim(0).sum().backward()) == [0.5] * 6


def test_max_and_min_are_a_reshape_and_a_dim_reduction_the_gradient_at_the_first_extreme():
    x = leaf([[1.0, 3.0], [3.0, -2.0]])
    top = x.clone().max()
    assert (top.to_vec(), top.node_id) == ([3.0], 2)  # reshape: 1, max_dim: 2
    assert grad_of(x, top.backward()) == [0.0, 1.0, 0.0, 0.0]
    low = x.clone().min()
    assert grad_of(x, low.backward()) == [0.0, 0.0, 0.0, 1.0]
    y = leaf([1.0, NAN, 3.0, NAN])
    grads = y.clone().max().backward()
    assert same(grad_of(y, grads), [0.0, 1.0, 0.0, 0.0])


def test_max_dim_and_min_dim_keep_the_dim_and_scatter_the_gradient():
    x = leaf([[1.0, 5.0], [7.0, 2.0]])
    hi = x.clone().max_dim(1)
    assert (hi.shape, hi.to_vec()) == ((2, 1), [5.0, 7.0])
    w = Tensor.from_floats([[2.0], [-0.0]], DEV)
    # zeros.scatter_add(grad): 0 + -0.0 is +0.0.
    assert same(grad_of(x, (hi * w).sum().backward()), [0.0, 2.0, 0.0, 0.0])
    lo = x.clone().min_dim(0)
    assert lo.to_vec() == [1.0, 2.0]
    assert grad_of(x, lo.sum().backward()) == [1.0, 0.0, 0.0, 1.0]


def test_argmax_and_argmin_are_int_tensors_without_a_node_id():
    x = leaf([[1.0, 5.0, 5.0], [NAN, 2.0, NAN]])
    index = x.argmax(1)
    assert (index.kind, index.node_id, index.shape, index.to_vec()) == ("Int", None, (2, 1), [1, 0])
    assert x.argmin(0).to_vec() == [1, 1, 1]
    assert Tensor.from_floats([1.0], DEV).node_id == 1  # argmax took no id


def test_prod_gradient_is_prod_over_x_nan_at_a_zero():
    x = leaf([2.0, 3.0, 4.0])
    p = x.clone().prod()
    assert (p.to_vec(), p.node_id) == ([24.0], 1)
    assert grad_of(x, p.backward()) == [12.0, 8.0, 6.0]
    z = leaf([2.0, 0.0, 4.0])
    # Burn divides grad * prod by x: 0/2, 0/0, 0/4.
    assert same(grad_of(z, z.clone().prod().backward()), [0.0, NAN, 0.0])


def test_prod_multiplies_in_order():
    # (3e38 * 10) * 1e-38 overflows to inf in order; another association would not.
    x = Tensor.from_floats([3e38, 10.0, 1e-38], DEV)
    assert x.prod().to_vec() == [float("inf")]


def test_prod_dim_keeps_the_dim():
    x = leaf([[1.0, 2.0], [3.0, 4.0]])
    p = x.clone().prod_dim(1)
    assert (p.shape, p.to_vec()) == ((2, 1), [2.0, 12.0])
    assert grad_of(x, p.sum().backward()) == [2.0, 1.0, 4.0, 3.0]
    with pytest.raises(Panic, match=r"BoundsError: dimension 2 out of bounds: 0\.\.2"):
        x.prod_dim(2)


# -- batched matmul -------------------------------------------------------------------------------


def test_batched_matmul_broadcasts_the_batch_and_sums_the_gradient_over_it():
    a_values = np.arange(12.0).reshape(2, 2, 3)
    b_values = np.arange(6.0).reshape(1, 3, 2)
    a, b = leaf(a_values), leaf(b_values)
    out = a.clone().matmul(b.clone())
    assert out.to_vec() == (a_values @ b_values).reshape(-1).tolist()
    grads = out.sum().backward()
    ones = np.ones((2, 2, 2))
    assert grad_of(a, grads) == (ones @ b_values.transpose(0, 2, 1)).reshape(-1).tolist()
    assert grad_of(b, grads) == (a_values.transpose(0, 2, 1) @ ones).sum(0).reshape(-1).tolist()


def test_batched_vector_times_matrix_is_three_nodes_as_burn_rewrites_it():
    a, b = leaf(np.ones((4, 1, 3))), leaf(np.ones((1, 3, 2)))
    out = a.matmul(b)
    assert (out.shape, out.node_id) == ((4, 1, 2), 4)  # swap_dims, matmul, swap_dims
    assert out.to_vec() == [3.0] * 8
    with pytest.raises(Panic, match=r"inner dimension of matmul should be the same, but got 3 a"):
        a.matmul(Tensor.from_floats(np.ones((4, 2, 2)), DEV))


# -- finite differences ---------------------------------------------------------------------------


def numeric_gradient(f, x: np.ndarray, h: float = 1e-3) -> np.ndarray:
    grad = np.zeros_like(x)
    for i in np.ndindex(*x.shape):
        up, down = x.copy(), x.copy()
        up[i] += h
        down[i] -= h
        grad[i] = (f(up) - f(down)) / (2 * h)
    return grad


def test_a_composite_gradient_agrees_with_finite_differences():
    rng = np.random.default_rng(13)
    x0 = rng.uniform(0.5, 2.0, (3, 4))
    bias0 = rng.uniform(0.5, 2.0, (1, 4))

    def reference(x: np.ndarray) -> float:
        y = (x / bias0)[:, 1:3]
        return float(
            (y.mean(axis=1, keepdims=True) * np.prod(x, axis=1, keepdims=True)).sum()
            + x.T.max(axis=0).sum()
        )

    x, bias = leaf(x0), Tensor.from_floats(bias0, DEV)
    y = (x.clone() / bias).slice([(0, 3), (1, 3)])
    loss = (y.mean_dim(1) * x.clone().prod_dim(1)).sum() + x.clone().transpose().max_dim(0).sum()
    found = np.array(grad_of(x, loss.backward())).reshape(3, 4)
    np.testing.assert_allclose(found, numeric_gradient(reference, x0), rtol=2e-3, atol=2e-3)


# -- the Rust interpreter -------------------------------------------------------------------------

HEADER = """use burn::backend::{Autodiff, Flex};
use burn::tensor::Tensor;
type B = Autodiff<Flex>;

fn main() {
    let device = Default::default();
"""


def run_rust(tmp_path: Path, body: str) -> str:
    path = tmp_path / "main.rs"
    path.write_text(HEADER + textwrap.indent(textwrap.dedent(body), "    ") + "}\n")
    program = load(str(path))
    pb.reset()
    out = io.StringIO()
    program.run(out, io.StringIO(), None)
    return out.getvalue()


def refused(tmp_path: Path, body: str) -> Unsupported:
    path = tmp_path / "main.rs"
    path.write_text(HEADER + textwrap.indent(textwrap.dedent(body), "    ") + "}\n")
    program = None
    with pytest.raises(Unsupported) as caught:
        program = load(str(path))
        program.run(io.StringIO(), io.StringIO(), None)
    return caught.value


RUST_CASES = {
    "broadcast": (
        "let y = x.clone() + Tensor::<B, 2>::from_floats([[1.0, 2.0, 3.0]], &device);",
        lambda x: x + Tensor.from_floats([[1.0, 2.0, 3.0]], DEV),
    ),
    "unsqueeze": ("let y = x.clone().unsqueeze::<3>();", lambda x: x.unsqueeze(3)),
    "unsqueeze_dim": (
        "let y: Tensor<B, 3> = x.clone().unsqueeze_dim(-1);",
        lambda x: x.unsqueeze_dim(-1),
    ),
    "transpose": ("let y = x.clone().transpose();", lambda x: x.transpose()),
    "swap_dims": ("let y = x.clone().swap_dims(0, 1);", lambda x: x.swap_dims(0, 1)),
    "permute": ("let y = x.clone().permute([1, 0]);", lambda x: x.permute([1, 0])),
    "slice": ("let y = x.clone().slice([0..2, 1..3]);", lambda x: x.slice([(0, 2), (1, 3)])),
    "mean_dim": ("let y = x.clone().mean_dim(1);", lambda x: x.mean_dim(1)),
    "max": ("let y = x.clone().max();", lambda x: x.max()),
    "min": ("let y = x.clone().min();", lambda x: x.min()),
    "max_dim": ("let y = x.clone().max_dim(0);", lambda x: x.max_dim(0)),
    "min_dim": ("let y = x.clone().min_dim(-1);", lambda x: x.min_dim(-1)),
    "prod": ("let y = x.clone().prod();", lambda x: x.prod()),
    "prod_dim": ("let y = x.clone().prod_dim(0);", lambda x: x.prod_dim(0)),
}
X = [[1.0, 2.5, -3.0], [4.0, 0.5, 6.0]]


@pytest.mark.parametrize("name", list(RUST_CASES))
def test_each_op_runs_in_the_interpreter_as_in_python(tmp_path, name):
    line, python = RUST_CASES[name]
    out = run_rust(
        tmp_path,
        f"""
        let x = Tensor::<B, 2>::from_floats({X}, &device).require_grad();
        {line}
        let w = y.clone().mul_scalar(1.5);
        let grads = (y * w).sum().backward();
        println!("{{:?}}", x.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
        """,
    )
    pb.reset()
    x = leaf(X)
    y = python(x.clone())
    grads = (y * y.mul_scalar(1.5)).sum().backward()
    expected = "[" + ", ".join(pb.rust_debug(v) for v in grad_of(x, grads)) + "]\n"
    assert out == expected


def test_argmax_in_the_interpreter_is_an_int_tensor_that_takes_no_id(tmp_path):
    out = run_rust(
        tmp_path,
        """
        let x = Tensor::<B, 2>::from_floats([[1.0, 3.0], [5.0, 2.0]], &device);
        let i = x.clone().argmax(1);
        let y = Tensor::<B, 1>::from_floats([1.0], &device);
        println!("{:?}", i.dims());
        """,
    )
    assert out == "[2, 1]\n"


def test_the_interpreter_refuses_at_line_and_column(tmp_path):
    err = refused(
        tmp_path, "let x = Tensor::<B, 2>::ones([2, 2], &device);\nlet u = x.unsqueeze();\n"
    )
    assert err.where.endswith("main.rs:8:15") and "type annotations needed" in err.what
    err = refused(tmp_path, "let x = Tensor::<B, 2>::ones([2, 2], &device);\nlet s = x.slice(1);\n")
    assert err.where.endswith("main.rs:8:21") and "slice ranges" in err.what
    err = refused(
        tmp_path,
        "let x = Tensor::<B, 2>::ones([2, 2], &device);\nlet i = x.argmax(0).exp();\n",
    )
    assert err.where.endswith("main.rs:8:25") and "Int tensor" in err.what
