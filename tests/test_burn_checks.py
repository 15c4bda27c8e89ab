"""Burn's argument checks (burn-tensor `tensor/api/check.rs`, commit 2c06be35): a Rust program
whose shapes Burn rejects panics as Burn panics, with Burn's message and location.

The expected texts are written here from Burn's source, not from pbpit: `TensorCheck`'s
descriptions and details, `FailedTensorCheck::format` (`=== Tensor Operation Error ===`, each
error numbered and followed by a space, a final newline), the `check!` macro's location (the
line of the `check!` call in the checking function: rustc reports a `macro_rules!` panic at its
outermost call site, checked with rustc 1.95), `Shape`'s derived `Debug` (cubecl-zspace at the
revision Burn pins, 48348968) and `Shape::reshape`'s reasons there. `into_scalar` is
`#[track_caller]` around `Result::expect`: rustc reports it at the method name of the call
(checked with rustc 1.95 on a `#[track_caller]` method), in `expect`'s words with
`TensorReadError::InvalidShape`'s derived `Debug`.
"""

from __future__ import annotations

import io
import textwrap
from pathlib import Path

import numpy as np
import pytest

import pbpit as pb
from pbpit.engine.server import Panic
from pbpit.engine.tensor import Device, Tensor
from pbpit.rust.interp.program import load
from pbpit.rust.panic import panic_block

API = "~/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/burn-tensor-0.22.1/src/tensor/api/"
HEAD = """\
#![allow(deprecated)]
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<2>::from_floats([[1.0, -2.0, 3.0], [0.5, 4.0, -1.5]], &device).require_grad();
"""


def run(tmp_path: Path, body: str) -> tuple[str, str, Panic | None]:
    """stdout, stderr (as the program prints them, panic block with TID) and the panic."""
    path = tmp_path / "main.rs"
    path.write_text(HEAD + textwrap.indent(textwrap.dedent(body), "    ") + "}\n")
    program = load(str(path))
    pb.reset()
    out, err = io.StringIO(), io.StringIO()
    panic = None
    try:
        program.run(out, err)
    except Panic as caught:
        panic = caught
        err.write(panic_block(caught.message, caught.location, "TID"))
    return out.getvalue(), err.getvalue(), panic


def block(location: str, message: str) -> str:
    return (
        f"\nthread 'main' (TID) panicked at {location}:\n{message}\n"
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
    )


def test_into_scalar_of_several_values_panics_at_the_call_in_expects_words(tmp_path):
    out, err, _ = run(
        tmp_path,
        """
        println!("before");
        let s = x.clone().into_scalar::<f32>();
        println!("{s}");
        """,
    )
    assert out == "before\n"
    assert err == block(
        f"{tmp_path}/main.rs:9:23",
        "Error while reading data: use `try_into_scalar` instead to catch the error at runtime: "
        "InvalidShape { expected: 1, actual: 6 }",
    )


def test_into_scalar_of_an_int_tensor_is_the_same_panic(tmp_path):
    _, err, _ = run(tmp_path, "let n = x.clone().int().into_scalar::<i64>();\n")
    assert err == block(
        f"{tmp_path}/main.rs:7:29",
        "Error while reading data: use `try_into_scalar` instead to catch the error at runtime: "
        "InvalidShape { expected: 1, actual: 6 }",
    )


def test_into_scalar_of_one_value_still_runs(tmp_path):
    out, err, panic = run(tmp_path, 'println!("{}", x.clone().sum().into_scalar::<f32>());\n')
    assert (out, err, panic) == ("5\n", "", None)


def test_matmul_with_unequal_inner_dims(tmp_path):
    _, err, _ = run(tmp_path, "let y = x.clone().matmul(Tensor::<2>::ones([2, 4], &device));\n")
    assert err == block(
        API + "numeric.rs:818:9",
        "=== Tensor Operation Error ===\n  Operation: 'Matmul'\n  Reason:\n"
        "    1. The inner dimension of matmul should be the same, but got 3 and 2. "
        "Lhs shape Shape { dims: [2, 3] }, rhs shape Shape { dims: [2, 4] }. \n",
    )


def test_an_elementwise_op_reports_each_dim_that_does_not_broadcast(tmp_path):
    _, err, _ = run(tmp_path, "let y = x.clone() * Tensor::<2>::ones([3, 2], &device);\n")
    details = "Lhs tensor shape Shape { dims: [2, 3] }, Rhs tensor shape Shape { dims: [3, 2] }."
    assert err == block(
        API + "numeric.rs:223:9",
        "=== Tensor Operation Error ===\n  Operation: 'Mul'\n  Reason:\n"
        "    1. The provided tensors have incompatible shapes. Incompatible size at dimension "
        f"'0' => '2 != 3', which can't be broadcasted. {details} \n"
        "    2. The provided tensors have incompatible shapes. Incompatible size at dimension "
        f"'1' => '3 != 2', which can't be broadcasted. {details} \n",
    )


@pytest.mark.parametrize(
    ("op", "name", "line"), [("+", "Add", 38), ("-", "Sub", 89), ("/", "Div", 140)]
)
def test_each_checked_operator_names_its_op_and_line(tmp_path, op, name, line):
    _, _, panic = run(tmp_path, f"let y = x.clone() {op} Tensor::<2>::ones([2, 2], &device);\n")
    assert panic is not None and panic.location == f"{API}numeric.rs:{line}:9"
    assert f"Operation: '{name}'" in panic.message
    assert "dimension '1' => '3 != 2'" in panic.message


def test_a_size_one_dim_still_broadcasts(tmp_path):
    out, _, panic = run(
        tmp_path, 'println!("{:?}", (x.clone() + Tensor::<2>::ones([1, 3], &device)).dims());\n'
    )
    assert (out, panic) == ("[2, 3]\n", None)


def test_reshape_to_another_element_count(tmp_path):
    _, err, _ = run(tmp_path, "let y: Tensor<1> = x.clone().reshape([5]);\n")
    assert err == block(
        API + "check.rs:1497:13",
        "=== Tensor Operation Error ===\n  Operation: 'Reshape'\n  Reason:\n"
        "    1. The given shape doesn't have the same number of elements as the current shape. "
        "Current shape: [2, 3], target shape: [5]. \n",
    )


def test_reshape_with_a_minus_one_that_does_not_divide(tmp_path):
    _, _, panic = run(tmp_path, "let y: Tensor<2> = x.clone().reshape([-1, 4]);\n")
    assert panic is not None and panic.message == (
        "=== Tensor Operation Error ===\n  Operation: 'Reshape'\n  Reason:\n"
        "    1. Cannot infer a valid target shape. Current shape: [2, 3], target dimensions: "
        "[-1, 4]. \n"
    )


def test_cat_of_shapes_that_differ_off_the_dim(tmp_path):
    _, err, _ = run(
        tmp_path, "let y = Tensor::cat(vec![x.clone(), Tensor::<2>::ones([3, 2], &device)], 0);\n"
    )
    assert err == block(
        API + "base.rs:2486:9",
        "=== Tensor Operation Error ===\n  Operation: 'Cat'\n  Reason:\n"
        "    1. Can't concatenate tensors with different shapes, except for the provided "
        "dimension Provided dimension (0), tensors shapes: [Shape { dims: [2, 3] }, "
        "Shape { dims: [3, 2] }] \n",
    )


def test_stack_of_different_shapes(tmp_path):
    _, _, panic = run(
        tmp_path,
        "let w = Tensor::<2>::ones([3, 2], &device);\n"
        "let y: Tensor<3> = Tensor::stack(vec![x.clone(), w], 1);\n",
    )
    assert panic is not None and panic.location == API + "base.rs:2539:9"
    assert panic.message == (
        "=== Tensor Operation Error ===\n  Operation: 'Stack'\n  Reason:\n"
        "    1. Can't stack tensors with different shapes Provided dimension (1), tensors "
        "shapes: [Shape { dims: [2, 3] }, Shape { dims: [3, 2] }] \n"
    )


def test_squeeze_of_a_dim_longer_than_one(tmp_path):
    _, _, panic = run(tmp_path, "let y: Tensor<1> = x.clone().squeeze_dim(1);\n")
    assert panic is not None and panic.location == API + "base.rs:778:9"
    assert panic.message == (
        "=== Tensor Operation Error ===\n  Operation: 'Squeeze'\n  Reason:\n"
        "    1. Can't squeeze dimension 1 because its size is not 1 \n"
    )


def test_narrow_past_the_end_gives_each_of_its_errors(tmp_path):
    _, _, panic = run(tmp_path, "let y = x.clone().narrow(1, 3, 2);\n")
    assert panic is not None and panic.location == API + "base.rs:2610:9"
    assert panic.message == (
        "=== Tensor Operation Error ===\n  Operation: 'Narrow'\n  Reason:\n"
        "    1. Can't narrow at dimension 1, start exceeds the size of the tensor along this "
        "dimension (Size=3) \n"
        "    2. Can't narrow at dimension 1, start + length exceeds the size of the tensor "
        "along this dimension (Size=3) \n"
    )


def test_slice_past_a_dims_end_panics_rather_than_clamping(tmp_path):
    _, _, panic = run(tmp_path, "let y = x.clone().slice([0..3, 1..4]);\n")
    assert panic is not None and panic.location == API + "base.rs:1311:9"
    shape = "Tensor shape Shape { dims: [2, 3] }."
    assert panic.message == (
        "=== Tensor Operation Error ===\n  Operation: 'Slice'\n  Reason:\n"
        "    1. The provided slice has a range that exceeds the current tensor size. The slice "
        f"end index 3 exceeds the size of the tensor (2) at dimension 0. {shape} \n"
        "    2. The provided slice has a range that exceeds the current tensor size. The slice "
        f"end index 4 exceeds the size of the tensor (3) at dimension 1. {shape} \n"
    )


def test_a_failed_check_takes_no_node_id():
    # The check runs in burn-tensor's API, before the autodiff backend makes a node.
    pb.reset()
    device = Device.default().autodiff()
    x = Tensor.from_floats(np.ones((2, 3)), device).require_grad()
    w = Tensor.from_floats(np.ones((2, 2)), device)
    y = x.clone().exp()
    for fails in (lambda: y.matmul(w), lambda: y + w, lambda: y.reshape([5])):
        with pytest.raises(Panic, match="Tensor Operation Error"):
            fails()
    assert (x.node_id, w.node_id, y.node_id, x.clone().exp().node_id) == (0, 1, 2, 3)


def test_the_python_api_panics_alike():
    device = Device.default().autodiff()
    x = Tensor.from_floats(np.ones((2, 3)), device)
    with pytest.raises(Panic, match="InvalidShape { expected: 1, actual: 6 }") as caught:
        x.into_scalar()
    assert caught.value.location.startswith(__file__ + ":")  # the caller's line
    with pytest.raises(Panic, match="got 3 and 2"):
        x.matmul(Tensor.from_floats(np.ones((2, 2)), device))


def test_gather_with_indices_of_another_shape_off_the_dim(tmp_path):
    _, _, panic = run(
        tmp_path,
        "let i = Tensor::<2, Int>::from_ints([[1, 0, 2]], &device);\n"
        "let y = x.clone().gather(1, i);\n",
    )
    assert panic is not None and panic.location == API + "base.rs:1825:9"
    assert panic.message == (
        "=== Tensor Operation Error ===\n  Operation: 'Gather'\n  Reason:\n"
        "    1. The tensor shape should be the same as the index tensor shape. The shape "
        "differs at dimension 0: 2 != 1 \n"
    )


def test_equal_and_int_arithmetic_are_checked_as_float_arithmetic(tmp_path):
    # `Tensor::equal`/`not_equal` (base.rs) and `add`.. of any numeric kind (numeric.rs) call
    # `TensorCheck::binary_ops_ew` with their own names.
    _, _, panic = run(tmp_path, "let e = x.clone().equal(Tensor::<2>::ones([2, 2], &device));\n")
    assert panic is not None and panic.location == API + "base.rs:2375:9"
    assert "Operation: 'Equal'" in panic.message and "'1' => '3 != 2'" in panic.message
    _, _, panic = run(
        tmp_path,
        "let i = Tensor::<2, Int>::from_ints([[1, 2, 3]], &device);\n"
        "let j = Tensor::<2, Int>::from_ints([[1, 2]], &device);\n"
        "let k = i.sub(j);\n",
    )
    assert panic is not None and panic.location == API + "numeric.rs:89:9"
    assert panic.message == (
        "=== Tensor Operation Error ===\n  Operation: 'Sub'\n  Reason:\n"
        "    1. The provided tensors have incompatible shapes. Incompatible size at dimension "
        "'1' => '3 != 2', which can't be broadcasted. Lhs tensor shape Shape { dims: [1, 3] }, "
        "Rhs tensor shape Shape { dims: [1, 2] }. \n"
    )


@pytest.mark.parametrize(
    ("call", "op", "where", "reason"),
    [
        # `unwrap_dim_index` is `#[track_caller]`: the panic is at its call in the API
        # function (rustc 1.95: a track_caller fn's panic reports its caller's call site)
        (
            "x.clone().swap_dims(0, 2)",
            "Swap Dims",
            "base.rs:469:20",
            "dimension 2 out of bounds: 0..2",
        ),
        (
            "x.clone().swap_dims(-3, 1)",
            "Swap Dims",
            "base.rs:468:20",
            "dimension -3 out of bounds: 0..2",
        ),
        ("x.clone().sum_dim(2)", "Sum Dim", "numeric.rs:400:19", "dimension 2 out of bounds: 0..2"),
        (
            "x.clone().mean_dim(5)",
            "Mean Dim",
            "numeric.rs:346:19",
            "dimension 5 out of bounds: 0..2",
        ),
        ("x.clone().argmax(2)", "Argmax", "orderable.rs:583:19", "dimension 2 out of bounds: 0..2"),
        (
            "x.clone().max_dim(2)",
            "Max Dim",
            "orderable.rs:1119:19",
            "dimension 2 out of bounds: 0..2",
        ),
        (
            "Tensor::cat(vec![x.clone(), x.clone()], 2)",
            "Cat",
            "base.rs:2485:19",
            "dimension 2 out of bounds: 0..2",
        ),
    ],
)
def test_a_dim_out_of_range_is_unwrap_dim_indexs_panic(tmp_path, call, op, where, reason):
    _, _, panic = run(tmp_path, f"let y = {call};\n")
    assert panic is not None and panic.location == API + where
    assert panic.message == (
        f"=== Tensor Operation Error ===\n  Operation: '{op}'\n  Reason:\n"
        f"    1. BoundsError: {reason} \n"
    )
