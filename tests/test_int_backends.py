"""Int tensors as each backend has them, and their operators.

Element types from Burn's source (0.22.0-pre.2): burn-ndarray's `NdArrayDevice::defaults` gives
`DType::I64`, burn-flex's `FlexDevice` `DType::I32`. Values by hand: Rust's integer division
truncates toward zero.
"""

from __future__ import annotations

from test_rust_interp import refusal, rust

HEADER = """\
use burn::backend::{{Autodiff, {backend}}};
use burn::prelude::*;

type B = Autodiff<{backend}>;

fn main() {{
    let device = Default::default();
{body}
}}
"""


def program(backend: str, body: str) -> str:
    return HEADER.format(backend=backend, body=body)


READ = """\
    let t = Tensor::<B, 1, Int>::from_ints([1, 2, 3], &device);
    println!("{:?}", t.into_data().to_vec::<ELEM>().unwrap());
"""


def test_ndarray_int_data_is_i64(tmp_path):
    run = rust(tmp_path, program("NdArray", READ.replace("ELEM", "i64")))
    assert run.stdout == "[1, 2, 3]\n"


def test_ndarray_int_data_read_as_i32_is_refused(tmp_path):
    err, _ = refusal(tmp_path, program("NdArray", READ.replace("ELEM", "i32")))
    assert err.what == "reading Int tensor data as `i32` (the data is i64)"


def test_flex_int_data_stays_i32(tmp_path):
    err, _ = refusal(tmp_path, program("Flex", READ.replace("ELEM", "i64")))
    assert err.what == "reading Int tensor data as `i64` (the data is i32)"


def test_ndarray_into_scalar_is_i64(tmp_path):
    # 6 * 10^12 overflows i32 (Flex) but not i64 (NdArray).
    body = """\
    let t = Tensor::<B, 1, Int>::from_ints([1, 2, 3], &device);
    let s = t.sum().into_scalar();
    println!("{}", s * 1_000_000_000_000);
"""
    assert rust(tmp_path, program("NdArray", body)).stdout == "6000000000000\n"


def test_int_operators(tmp_path):
    body = """\
    let a = Tensor::<B, 1, Int>::from_ints([7, -7, 4], &device);
    let b = Tensor::<B, 1, Int>::from_ints([2, 2, -3], &device);
    println!("{:?}", (a.clone() + b.clone()).into_data().to_vec::<i64>().unwrap());
    println!("{:?}", (a.clone() - b.clone()).into_data().to_vec::<i64>().unwrap());
    println!("{:?}", (a.clone() * 2).into_data().to_vec::<i64>().unwrap());
    println!("{:?}", (a.clone() / b).into_data().to_vec::<i64>().unwrap());
    println!("{:?}", (a.clone() / 2).into_data().to_vec::<i64>().unwrap());
    println!("{:?}", (-a).into_data().to_vec::<i64>().unwrap());
"""
    run = rust(tmp_path, program("NdArray", body))
    assert run.panic is None, run.panic
    assert run.stdout == (
        "[9, -5, 1]\n[5, -9, 7]\n[14, -14, 8]\n[3, -3, -1]\n[3, -3, 2]\n[-7, 7, -4]\n"
    )
